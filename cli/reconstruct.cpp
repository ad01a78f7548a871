// notera reconstruct SHEET [SHEET2] [--lang L] [--to FORMAT] [--json]
// The game actually played, rebuilt from one or both players' scoresheets:
// PGN with a comment at every correction (default), the moves in another
// notation (--to), or the full report as JSON (docs/cli.md).
// Exit 0 when a complete game was reconstructed, 1 when not, 2 for usage
// and I/O errors.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "command.hpp"
#include "notera/input/games.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/write_move.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "sheet_reconstruction.hpp"

namespace notera::cli {

namespace {

struct ReconstructCliOptions {
  std::vector<std::string> sheets;
  std::string language = "auto";
  std::string to = "pgn";
  bool json = false;
  bool quick = false;
  // The library's defaults (reconstruct.hpp says why they are what they are).
  std::int64_t work_limit = reconstruct::ReconstructOptions{}.work_limit;
  std::int64_t time_limit = reconstruct::ReconstructOptions{}.time_limit.count();
};

// The game's result as its PGN gives it (the Result tag the sheets make).
std::string pgn_result(const reconstruct::Reconstruction& r) {
  for (const Tag& t : r.tags)
    if (t.name == "Result") return t.value;
  return r.written_result;
}

// "FILE:LINE:COL: " before a message about a place in a sheet (columns in
// characters), "FILE: " when it has none.
std::string place(const std::string& file, const SourceLocation& where) {
  if (where.line <= 0) return file + ": ";
  return file + ':' + std::to_string(where.line) + ':' + std::to_string(std::max(where.column, 1)) + ": ";
}

int run_reconstruct(Context& context, const ReconstructCliOptions& options) {
  const auto language = language_option(context, options.language);
  if (!language) return exit_usage;
  std::optional<notation::OutputNotation> notation;
  if (options.to != "pgn") {
    notation = notation::output_notation(options.to);
    if (!notation) {
      context.error(Message("cli.unknown_notation").with("notation", options.to));
      return exit_usage;
    }
  }

  std::vector<scoresheet::Scoresheet> sheets;
  for (const std::string& path : options.sheets) {
    Message error;
    const std::optional<std::string> text = input::read_sheet_text(path, error);
    if (!text) {
      context.error(error);
      return exit_usage;
    }
    sheets.push_back(scoresheet::read_scoresheet(*text, path));
    for (const Diagnostic& d : sheets.back().diagnostics)
      std::cerr << place(path, d.where) << context.format(d.message) << '\n';
  }

  reconstruct::ReconstructOptions reconstruct_options;
  reconstruct_options.language = *language;
  reconstruct_options.work_limit = std::max<std::int64_t>(options.work_limit, 1);
  reconstruct_options.time_limit = std::chrono::milliseconds(std::max<std::int64_t>(options.time_limit, 1));
  reconstruct_options.widen = !options.quick;
  // A language's letters or figurines: the PGN in them, comments and all
  // (as `convert --to nb` writes), and the JSON's sentences; SAN, LAN, UCI
  // and the other systems: the moves on one line.
  const std::optional<MoveSpelling> spelling = move_spelling(options.to);
  const bool spelt = notation && spelling && spelling->kind == MoveSpelling::Kind::notation;
  const SheetReconstruction run =
      reconstruct_sheets(sheets, reconstruct_options, context.messages(), spelt ? *spelling : MoveSpelling{});
  const reconstruct::Reconstruction& r = run.result;
  // Answers it could not take: on stderr, where the sheet's own
  // diagnostics go, and the run fails (the game is still written). The
  // line starts with the file, line and column, so the message names the
  // box by its move alone ("svar.sheet:4:11: move 2...: the answer ...").
  bool answers_fail = false;
  const auto& problems = (run.spelt ? *run.spelt : r).problems;
  if (!problems.empty()) {
    const locale::Messages by_box(context.messages().language(), places_by_box());
    for (const reconstruct::SheetProblem& p : problems) {
      std::cerr << place(options.sheets[static_cast<std::size_t>(p.sheet)], p.where)
                << by_box.format(p.message) << '\n';
      answers_fail |= p.severity == Severity::error;
    }
  }
  if (options.json) {
    std::cout << reconstruction_json(run, sheets.size(), context.messages()).dump() << '\n';
  } else if (notation && !spelt) {
    std::string line;
    Position pos = r.start;
    notation::append_start(pos, *notation, !r.plies.empty(), line);
    bool first = true;
    for (const reconstruct::ReconstructedPly& p : r.plies) {
      const Position after = pos.after(p.move);
      if (!first) line += ' ';
      first = false;
      append_move(pos, p.move, after, *notation, line);
      pos = after;
    }
    notation::append_end(r.start, *notation, pgn_result(r), line);
    std::cout << line << '\n';
    // "FILE: line 20, column 5 (move 9): ...": the message names the place.
    for (const reconstruct::ReconstructedPly& p : r.plies)
      for (const reconstruct::PlyEvidence& e : p.evidence)
        if (e.status == reconstruct::PlyStatus::corrected || e.status == reconstruct::PlyStatus::inserted)
          std::cerr << options.sheets[static_cast<std::size_t>(e.sheet)] << ": "
                    << context.format(explain(r, p, e, sheets.size())) << '\n';
  } else {
    std::cout << run.pgn;
  }
  return r.complete && !answers_fail ? exit_ok : exit_problems;
}

}  // namespace

Command add_reconstruct_command(CLI::App& app, Context& context) {
  auto options = std::make_shared<ReconstructCliOptions>();
  CLI::App* command = app.add_subcommand("reconstruct", context.text("cli.reconstruct.description"));
  command->add_option("sheets", options->sheets, context.text("cli.reconstruct.sheets"))
      ->required()
      ->expected(1, 2);
  command->add_option("--lang", options->language, context.text("cli.option.lang"));
  command->add_option("--to", options->to, context.text("cli.reconstruct.to"));
  command->add_flag("--json", options->json, context.text("cli.option.json"));
  command->add_option("--work-limit", options->work_limit, context.text("cli.reconstruct.work_limit"));
  command->add_option("--time-limit", options->time_limit, context.text("cli.reconstruct.time_limit"));
  command->add_flag("--quick", options->quick, context.text("cli.reconstruct.quick"));
  add_messages_option(*command, context);
  return {command, [&context, options] { return run_reconstruct(context, *options); }};
}

}  // namespace notera::cli
