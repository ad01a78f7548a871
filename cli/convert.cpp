// notera convert [FILE...] [-o OUT] [--to FORMAT] ... and notera check.
//
// Convert reads games from files or stdin (PGN in any notation, .sheet
// transcriptions, plain movetext), verifies every move and writes them in
// the chosen format; check does the same work and writes only diagnostics.
// Problems go to stderr as "FILE:LINE:COL: game N, ply P: message"; a
// one-line summary ends the run. The output file is written to a temporary
// file and renamed into place only when the run completes, so an
// interrupted run (SIGINT, SIGTERM) leaves any old output untouched.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "atomic_file.hpp"
#include "command.hpp"
#include "notera/batch/pipeline.hpp"
#include "notera/input/games.hpp"
#include "notera/notation/letters.hpp"
#include "notera/report/json.hpp"
#include "progress.hpp"

namespace notera::cli {

namespace {

std::atomic<bool> interrupted{false};

extern "C" void on_interrupt(int) { interrupted.store(true); }

struct ConvertOptions {
  std::vector<std::string> inputs;
  std::string output;
  std::string to = "pgn";
  std::string language = "auto";
  std::string from;  // the notation system: algebraic (default), descriptive, announced
  std::string laws = "2023";
  int jobs = 0;
  std::string rejects;
  std::string report;
  std::string encoding;
  std::string output_encoding = "utf8";
  std::string shard;  // K/N
  bool game_per_line = false;
  bool json = false;
  bool quiet = false;
  bool warnings = false;
  bool progress = true;
};

// Where the games, rejects and report go, and what reaches stderr.
class ConvertSink final : public batch::Sink {
 public:
  ConvertSink(Context& context, bool write_games, bool json, bool warnings, std::FILE* out,
              text::OutputEncoder* encoder, std::FILE* rejects, std::FILE* report, Progress* progress)
      : context_(context),
        write_games_(write_games),
        json_(json),
        warnings_(warnings),
        out_(out),
        encoder_(encoder),
        rejects_(rejects),
        report_(report),
        progress_(progress) {
    if (report_) std::fputs("[\n", report_);
  }

  void input(const batch::InputRecord& input) override {
    if (!input.error.empty()) {  // not a place in the text: the program's own line
      problem_line("notera: " + context_.format(input.error));
      return;
    }
    if (!input.note.empty()) {  // an archive member that is not games
      problem_line(context_.format(input.note));
      return;
    }
    if (input.detection.guessed || input.detection.encoding != text::Encoding::utf8) {
      if (!input.detection.message.empty()) {
        const std::string where = input.detection.line > 0 ? ':' + std::to_string(input.detection.line) +
                                                                 ':' + std::to_string(input.detection.column)
                                                           : std::string();
        problem_line(std::string(input.file) + where + ": " + context_.format(input.detection.message));
      }
    }
    if (progress_) progress_->add_total(input.size);
  }

  void game(const batch::GameRecord& g) override {
    flush_overflow();
    const game::Game& game = *g.game;
    for (const Diagnostic& d : game.diagnostics) {
      if (d.severity == Severity::note) continue;
      if (d.severity == Severity::warning && !warnings_ && is_notation_warning(d)) continue;
      // FILE:LINE:COL: game N, ply P: message - a fixed format scripts
      // rely on (docs/cli.md); only the message is translated.
      std::string line = std::string(g.file) + ':' + std::to_string(d.where.line ? d.where.line : g.line) +
                         ':' + std::to_string(d.where.column ? d.where.column : 1) + ": game " +
                         std::to_string(g.number) + (d.ply > 0 ? ", ply " + std::to_string(d.ply) : "") +
                         ": " + context_.format(d.message);
      problem_line(line);
    }
    // A rejected game has no moves to write, but in JSON it has its object
    // all the same (status "rejected", its problems): docs/cli.md.
    if (game.status == game::GameStatus::complete || game.status == game::GameStatus::incomplete || json_) {
      if (write_games_ && !g.output.empty()) write(g.output);
    }
    if (game.status != game::GameStatus::complete && rejects_) {
      // A game cut at a size limit goes on with the overflow segments that
      // follow it: the newline that keeps games apart waits for them.
      end_reject();
      std::fwrite(g.raw.data(), 1, g.raw.size(), rejects_);
      reject_open_ = !g.raw.empty() && g.raw.back() != '\n';
      if (!g.truncated) end_reject();
    }
    if (report_) report_game(g);
  }

  void skipped(const batch::SkippedRecord& s) override {
    if (rejects_ && s.overflow) {  // the rest of a cut game, verbatim
      std::fwrite(s.text.data(), 1, s.text.size(), rejects_);
      reject_open_ = !s.text.empty() && s.text.back() != '\n';
    }
    if (s.overflow) {
      // The rest of a cut game may come in many pieces: one line for all.
      if (overflow_bytes_ == 0) {
        overflow_file_ = s.file;
        overflow_line_ = s.line;
        overflow_reason_ = s.reason;
      }
      overflow_bytes_ += s.text.size();
    } else {
      flush_overflow();
    }
    // Text between games is reported, never silently dropped (blank lines
    // and a byte order mark have no reason: there is nothing to say).
    if (!s.reason.empty() && !s.overflow)
      problem_line(std::string(s.file) + ':' + std::to_string(s.line) + ":1: " + context_.format(s.reason));
    if (report_) {
      // offset and bytes account for every byte of the input, with the games'.
      // The problem is an object as a game's are (docs/cli.md), a warning
      // at the text's first line, as stderr says it.
      nlohmann::json problems = nlohmann::json::array();
      if (!s.reason.empty())
        problems.push_back(report::diagnostic_json(
            {Severity::warning, s.reason, {clamped_line(s.line), 1}, 0}, context_.messages()));
      nlohmann::json j{{"file", std::string(s.file)},
                       {"line", s.line},
                       {"offset", s.offset},
                       {"bytes", s.text.size()},
                       {"status", "skipped"},
                       {"code", s.reason.empty() ? std::string("pgn.split.skip.blank") : s.reason.key},
                       {"problems", std::move(problems)}};
      report_line(j);
    }
  }

  void progress(std::uint64_t bytes, std::int64_t games) override {
    if (progress_) progress_->update(bytes, games);
  }

  void finish() {
    flush_overflow();
    if (rejects_) end_reject();
    if (report_) std::fputs("\n]\n", report_);
  }

 private:
  // A line of the input as a SourceLocation holds it.
  static int clamped_line(std::int64_t line) {
    return static_cast<int>(std::min<std::int64_t>(line, std::numeric_limits<int>::max()));
  }

  static bool is_notation_warning(const Diagnostic& d) { return d.message.key.rfind("warning.", 0) == 0; }

  void flush_overflow() {
    if (overflow_bytes_ == 0) return;
    // The first piece's message, with the bytes of them all.
    Message reason = std::move(overflow_reason_);
    std::erase_if(reason.args, [](const auto& arg) { return arg.first == "bytes"; });
    problem_line(overflow_file_ + ':' + std::to_string(overflow_line_) +
                 ":1: " + context_.format(reason.with("bytes", static_cast<std::int64_t>(overflow_bytes_))));
    overflow_bytes_ = 0;
  }

  // Games in the rejects file end with a newline (added when the input's
  // last line had none).
  void end_reject() {
    if (reject_open_) std::fputc('\n', rejects_);
    reject_open_ = false;
  }

  void problem_line(const std::string& line) {
    if (progress_) progress_->clear();
    std::cerr << line << '\n';
  }

  void write(std::string_view text) {
    if (encoder_) {
      const std::string_view bytes = encoder_->encode(text, scratch_);
      std::fwrite(bytes.data(), 1, bytes.size(), out_);
    } else {
      std::fwrite(text.data(), 1, text.size(), out_);
    }
  }

  void report_game(const batch::GameRecord& g) {
    const game::Game& game = *g.game;
    nlohmann::json problems = nlohmann::json::array();
    for (const Diagnostic& d : game.diagnostics) {
      nlohmann::json problem = report::diagnostic_json(d, context_.messages());
      // "game.mainline_stops" and the like say why in a nested message.
      for (const auto& [name, value] : d.message.args)
        if (name == "reason" && value.message) problem["reason"] = value.message->key;
      problems.push_back(std::move(problem));
    }
    nlohmann::json j{{"file", std::string(g.file)},
                     {"line", g.line},
                     {"offset", g.offset},
                     {"bytes", g.raw.size()},
                     {"game", g.number},
                     {"index", g.index},
                     {"status", std::string(to_string(game.status))},
                     {"plies", game.mainline.moves.size()},
                     {"language", game.language},
                     {"problems", problems}};
    report_line(j);
  }

  void report_line(const nlohmann::json& j) {
    if (!first_report_) std::fputs(",\n", report_);
    first_report_ = false;
    const std::string text = j.dump();
    std::fwrite(text.data(), 1, text.size(), report_);
  }

  Context& context_;
  bool write_games_;
  bool json_;  // one object per game, rejected ones too
  bool warnings_;
  std::FILE* out_;
  text::OutputEncoder* encoder_;
  std::FILE* rejects_;
  std::FILE* report_;
  Progress* progress_;
  std::string scratch_;
  bool first_report_ = true;
  bool reject_open_ = false;        // the last rejected text did not end with a newline
  // Skipped overflow not reported yet; the file is copied: the pipeline's
  // records are gone when finish() reports the overflow that ends the input.
  std::string overflow_file_;
  std::int64_t overflow_line_ = 0;
  std::uint64_t overflow_bytes_ = 0;
  Message overflow_reason_;  // the first piece's (pgn.split.skip.overflow), said for all of them
};

// --shard K/N: one regular file (its size decides the ranges; every shard
// reads it from its first byte), 1 <= K <= N. Nothing (with the error said)
// when the value or the input does not fit.
std::optional<batch::Shard> shard_option(Context& context, const std::string& value,
                                         const std::vector<std::string>& inputs) {
  batch::Shard shard;
  const std::size_t slash = value.find('/');
  const auto whole = [](std::string_view text, std::uint64_t& number) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    return error == std::errc() && end == text.data() + text.size() && !text.empty();
  };
  if (slash == std::string::npos || !whole(std::string_view(value).substr(0, slash), shard.index) ||
      !whole(std::string_view(value).substr(slash + 1), shard.count) || shard.index < 1 ||
      shard.index > shard.count) {
    context.error(Message("cli.shard.bad_value").with("value", value));
    return std::nullopt;
  }
  if (inputs.size() != 1) {
    context.error(Message("cli.shard.one_file").with("count", static_cast<std::int64_t>(inputs.size())));
    return std::nullopt;
  }
  struct stat st {};
  const std::string& file = inputs.front();
  if (file == "-" || (::stat(file.c_str(), &st) == 0 && !S_ISREG(st.st_mode))) {
    context.error(Message("cli.shard.not_a_file").with("file", file == "-" ? std::string("-") : file));
    return std::nullopt;
  }
  // A compressed file's byte ranges say nothing of where its games lie.
  if (std::ifstream in(file, std::ios::binary); in) {
    std::string head(input::sniff_size, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    if (input::packed(head)) {
      context.error(Message("cli.shard.packed").with("file", file));
      return std::nullopt;
    }
  }
  return shard;  // a file that cannot be opened is said so by the pipeline
}

// The pipeline's options from the command's, or nothing (with the error
// said) when an option's value is not known.
std::optional<batch::PipelineOptions> pipeline_options(Context& context, const ConvertOptions& options,
                                                       bool write_games) {
  const auto language = language_option(
      context, options.from.empty() || options.from == "algebraic" ? options.language : options.from, true);
  if (!language) return std::nullopt;
  const auto laws = laws_option(context, options.laws);
  if (!laws) return std::nullopt;
  const auto format = batch::output_format(options.json ? "json" : options.to);
  if (!format) {
    context.error(Message("cli.unknown_format").with("format", options.to));
    return std::nullopt;
  }
  std::optional<text::Encoding> encoding;
  if (!options.encoding.empty() && options.encoding != "auto") {
    encoding = text::parse_encoding(options.encoding);
    if (!encoding) {
      context.error(Message("cli.unknown_encoding").with("encoding", options.encoding));
      return std::nullopt;
    }
  }
  const auto output_encoding = text::parse_output_encoding(options.output_encoding);
  if (!output_encoding) {
    context.error(Message("cli.unknown_encoding").with("encoding", options.output_encoding));
    return std::nullopt;
  }
  batch::PipelineOptions pipeline;
  pipeline.inputs = options.inputs.empty() ? std::vector<std::string>{"-"} : options.inputs;
  if (!options.shard.empty()) {
    pipeline.shard = shard_option(context, options.shard, pipeline.inputs);
    if (!pipeline.shard) return std::nullopt;
  }
  pipeline.format = *format;
  pipeline.format.notation.words_language = context.messages().language();
  pipeline.play.language = *language;
  pipeline.play.laws = *laws;
  pipeline.play.warnings = options.warnings;
  pipeline.render = write_games;
  pipeline.jobs = options.jobs;
  pipeline.encoding = encoding;
  pipeline.game_per_line = options.game_per_line;
  pipeline.latin1_repertoire = *output_encoding == text::OutputEncoding::latin1;
  pipeline.messages_language = context.messages().language();
  pipeline.cancel = &interrupted;
  pipeline.keep_raw = !options.rejects.empty();  // the report needs only sizes
  const int preferred = notation::LetterTable::instance().language_index(context.messages().language());
  if (preferred > 0) pipeline.play.preference.push_back(preferred);
  return pipeline;
}

// SIGINT and SIGTERM set `interrupted` while a run lasts: the pipeline
// stops reading, and nothing half-written replaces an old output.
class InterruptHandlers {
 public:
  InterruptHandlers() {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &old_int_);
    sigaction(SIGTERM, &action, &old_term_);
  }
  ~InterruptHandlers() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }
  InterruptHandlers(const InterruptHandlers&) = delete;
  InterruptHandlers& operator=(const InterruptHandlers&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

// A run that has not stopped three seconds after SIGINT or SIGTERM is waiting
// for input that does not come (a terminal, a quiet pipe) or reading input
// in which no game ends (the pipeline looks at the flag between games):
// its temporary files are removed and it ends there, with exit 130, as it
// would have.
class InterruptWatch {
 public:
  InterruptWatch(Context& context, std::vector<std::string> temporaries)
      : thread_([this, &context, temporaries = std::move(temporaries)] {
          std::unique_lock lock(mutex_);
          while (!done_) {
            if (!interrupted.load()) {
              wake_.wait_for(lock, std::chrono::milliseconds(50));
              continue;
            }
            if (wake_.wait_for(lock, std::chrono::seconds(3), [this] { return done_; })) return;
            for (const std::string& t : temporaries)
              if (!t.empty()) ::unlink(t.c_str());
            context.error(Message("convert.interrupted_reading"));
            std::fflush(stderr);
            std::_Exit(130);
          }
        }) {}
  ~InterruptWatch() {
    {
      const std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;  // last: started once the rest is there
};

void print_summary(Context& context, const batch::Totals& totals, bool write_games, double seconds) {
  const std::int64_t written = write_games ? totals.complete + totals.incomplete : 0;
  const double rate = seconds > 0 ? static_cast<double>(totals.games) / seconds : 0;
  std::cerr << "notera: "
            << context.format(Message(write_games ? "convert.summary" : "check.summary")
                                  .with("read", totals.games)
                                  .with("written", written)
                                  .with("complete", totals.complete)
                                  .with("incomplete", totals.incomplete)
                                  .with("rejected", totals.rejected)
                                  .with("skipped", totals.skipped_segments)
                                  // a short run keeps a digit that is not 0 ("0.002 s")
                                  .with("seconds", seconds, seconds < 0.1 ? 3 : 2)
                                  .with("rate", static_cast<std::int64_t>(std::llround(rate))))
            << '\n';
}

// Whether two names are one file: the same name, the same path once made
// absolute ("./x", "../d/x", a file not written yet), or the same file by
// another name (a hard link).
bool same_file(const std::string& a, const std::string& b) {
  if (a == b) return true;
  std::error_code error, other;
  const std::filesystem::path ca =
      std::filesystem::weakly_canonical(std::filesystem::absolute(a, error), error);
  const std::filesystem::path cb =
      std::filesystem::weakly_canonical(std::filesystem::absolute(b, other), other);
  if (!error && !other && ca == cb) return true;
  return std::filesystem::equivalent(a, b, error) && !error;
}

// Two of the files written, or a file written and an input, that are one
// file: the one written last would replace the other (the converted games
// by the rejects, an input by its own rejects). The output may be an
// input: the input is read whole before the output replaces it.
std::optional<Message> clashing_outputs(const ConvertOptions& options, bool write_games) {
  struct Named {
    const char* option;
    const std::string& path;
  };
  std::vector<Named> written;
  if (write_games && !options.output.empty() && options.output != "-")
    written.push_back({"-o", options.output});
  if (!options.rejects.empty()) written.push_back({"--rejects", options.rejects});
  if (!options.report.empty()) written.push_back({"--report", options.report});
  for (std::size_t i = 0; i < written.size(); ++i) {
    for (std::size_t k = i + 1; k < written.size(); ++k)
      if (same_file(written[i].path, written[k].path))
        return Message("io.same_output")
            .with("first", written[i].option)
            .with("second", written[k].option)
            .with("file", written[k].path);
    if (i == 0 && written[i].option == std::string_view("-o")) continue;
    for (const std::string& input : options.inputs)
      if (input != "-" && same_file(written[i].path, input))
        return Message("io.output_is_input").with("option", written[i].option).with("file", input);
  }
  return std::nullopt;
}

int run(Context& context, const ConvertOptions& options, bool converting) {
  // `check --json` writes an object per game (its status and problems), as
  // `convert --json` does; plain `check` writes no games.
  const bool write_games = converting || options.json;
  const std::optional<batch::PipelineOptions> pipeline = pipeline_options(context, options, write_games);
  if (!pipeline) return exit_usage;

  if (const std::optional<Message> clash = clashing_outputs(options, write_games)) {
    context.error(*clash);
    return exit_usage;
  }
  // Outputs: written beside their final name and renamed at the end.
  std::optional<AtomicFile> output, rejects, report;
  std::FILE* out = stdout;
  if (write_games && !options.output.empty() && options.output != "-") {
    output.emplace(options.output);
    if (!output->open(compression_by_name(options.output))) {
      context.error(Message("io.cannot_write").with("file", options.output).with("what", output->error()));
      return exit_usage;
    }
    out = output->stream();
  } else if (write_games) {
    buffer_stdout();
  }
  for (auto [path, file] : {std::pair{&options.rejects, &rejects}, std::pair{&options.report, &report}}) {
    if (path->empty()) continue;
    file->emplace(*path);
    if (!(*file)->open()) {
      context.error(Message("io.cannot_write").with("file", *path).with("what", (*file)->error()));
      return exit_usage;
    }
  }

  std::optional<text::OutputEncoder> encoder;
  if (pipeline->latin1_repertoire) encoder.emplace(text::OutputEncoding::latin1);
  std::optional<Progress> progress;
  if (options.progress && !options.quiet && ::isatty(STDERR_FILENO)) progress.emplace(context);

  batch::Totals totals;
  double seconds = 0;
  {
    const InterruptHandlers handlers;
    std::vector<std::string> temporaries;
    for (auto* file : {&output, &rejects, &report})
      if (*file) temporaries.push_back((*file)->temporary());
    const InterruptWatch watch(context, std::move(temporaries));
    ConvertSink sink(context, write_games, options.json, options.warnings, out, encoder ? &*encoder : nullptr,
                     rejects ? rejects->stream() : nullptr, report ? report->stream() : nullptr,
                     progress ? &*progress : nullptr);
    const auto started = std::chrono::steady_clock::now();
    totals = batch::run_pipeline(*pipeline, sink);
    sink.finish();
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (progress) progress->clear();
  }

  if (totals.cancelled) {
    // Nothing half-written replaces an old output.
    for (auto* file : {&output, &rejects, &report})
      if (*file) (*file)->discard();
    context.error(Message("convert.interrupted").with("games", totals.games));
    return 130;
  }
  // A failed write to stdout (a full disk, a closed pipe's reader) is an
  // I/O error, not a conversion: the games did not arrive.
  errno = 0;
  if ((std::fflush(stdout) != 0 || std::ferror(stdout)) && write_games && !output) {
    const int error = errno;
    context.error(Message("io.cannot_write_stdout").with("what", std::strerror(error ? error : EIO)));
    return exit_usage;
  }
  for (auto* file : {&output, &rejects, &report}) {
    if (*file && !(*file)->commit()) {
      context.error(Message("io.cannot_write").with("file", (*file)->path()).with("what", (*file)->error()));
      return exit_usage;
    }
  }
  if (!options.quiet) print_summary(context, totals, converting, seconds);
  if (totals.inputs_failed > 0) return exit_usage;
  return totals.incomplete + totals.rejected > 0 ? exit_problems : exit_ok;
}

void add_common_options(CLI::App* command, ConvertOptions& options, Context& context, bool convert) {
  command->add_option("files", options.inputs, context.text("cli.convert.files"));
  if (convert) {
    command->add_option("-o,--output", options.output, context.text("cli.convert.output"));
    command->add_option("--to", options.to, context.text("cli.convert.to"));
    command->add_option("--output-encoding", options.output_encoding,
                        context.text("cli.convert.output_encoding"));
  }
  command->add_option("--lang", options.language, context.text("cli.option.lang"));
  command->add_option("--from", options.from, context.text("cli.convert.from"));
  command->add_option("--laws", options.laws, context.text("cli.option.laws"));
  // The type first: CLI::Range alone calls "abc" a value out of range.
  // Validators run in order and stop at the first that fails; the type's
  // has no description, so that the help still reads "INT in [0 - 1024]".
  command->add_option("-j,--jobs", options.jobs, context.text("cli.convert.jobs"))
      ->check(CLI::TypeValidator<int>().description(""))
      ->check(CLI::Range(0, 1024));
  command->add_option("--rejects", options.rejects,
                      context.text(convert ? "cli.convert.rejects" : "cli.check.rejects"));
  command->add_option("--report", options.report, context.text("cli.convert.report"));
  command->add_option("--encoding", options.encoding, context.text("cli.convert.encoding"));
  command->add_option("--shard", options.shard, context.text("cli.convert.shard"));
  command->add_flag("--game-per-line", options.game_per_line, context.text("cli.convert.game_per_line"));
  command->add_flag("--json", options.json, context.text(convert ? "cli.convert.json" : "cli.check.json"));
  command->add_flag("-q,--quiet", options.quiet, context.text("cli.convert.quiet"));
  command->add_flag("--warnings", options.warnings, context.text("cli.convert.warnings"));
  command->add_flag("!--no-progress", options.progress, context.text("cli.convert.no_progress"));
  add_messages_option(*command, context);
}

}  // namespace

Command add_convert_command(CLI::App& app, Context& context) {
  auto options = std::make_shared<ConvertOptions>();
  CLI::App* command = app.add_subcommand("convert", context.text("cli.convert.description"));
  add_common_options(command, *options, context, true);
  return {command, [&context, options] { return run(context, *options, true); }};
}

Command add_check_command(CLI::App& app, Context& context) {
  auto options = std::make_shared<ConvertOptions>();
  CLI::App* command = app.add_subcommand("check", context.text("cli.check.description"));
  add_common_options(command, *options, context, false);
  return {command, [&context, options] { return run(context, *options, false); }};
}

}  // namespace notera::cli
