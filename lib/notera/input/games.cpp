#include "notera/input/games.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <system_error>
#include <vector>

#include "notera/pgn/reader.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "notera/scoresheet/sheet_game.hpp"
#include "notera/scoresheet/sheet_locale.hpp"

namespace notera::input {

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// A "Key: value" line whose key is a scoresheet header word in some
// language ("Hvit: Hansen", "Turnier: DM"). PGN has no such lines: its
// headers are tags in brackets.
bool is_sheet_header(std::string_view line) {
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon > 40) return false;
  const std::string_view key = line.substr(0, colon);
  // "1:0" and clock times are not keys: a key starts with a letter.
  const auto first = static_cast<unsigned char>(key.front());
  if (!(std::isalpha(first) || first >= 0x80)) return false;
  return scoresheet::sheet_locale::SheetWords::get().header(key) != nullptr;
}

// A scoresheet row: a move number, then a blank and a move ("1  e4  e5",
// "12. Sf3").
bool is_move_row(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
  if (i == 0 || i > 3) return false;
  if (i < line.size() && line[i] == '.') ++i;
  return i < line.size() && (line[i] == ' ' || line[i] == '\t');
}

// Keeps the bytes the splitter reads, as they were, until the segment
// they belong to has been handed out: the splitter changes a few bytes in
// place (NULs, lone CRs, '%' lines), and --rejects must hold the text as it
// was in the input. Holds no more than the splitter's own buffer.
class RecordingSource final : public text::ByteSource {
 public:
  explicit RecordingSource(text::ByteSource& inner) : inner_(inner) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = inner_.read(buffer, size);
    kept_.append(buffer, n);
    return n;
  }
  // The input bytes [offset, offset + size), which must not be released yet.
  std::string_view original(std::uint64_t offset, std::size_t size) const {
    return std::string_view(kept_).substr(static_cast<std::size_t>(offset - base_), size);
  }
  // Forgets the bytes before `offset` (compacting only now and then, so
  // that releasing is cheap per segment).
  void release(std::uint64_t offset) {
    const auto n = static_cast<std::size_t>(offset - base_);
    if (n < (std::size_t{1} << 16) || n < kept_.size() / 2) return;
    kept_.erase(0, n);
    base_ = offset;
  }

 private:
  text::ByteSource& inner_;
  std::string kept_;
  std::uint64_t base_ = 0;  // input offset of kept_[0]
};

// Owns what an input is read from: a file descriptor or another source,
// with the bytes sniff() looked at given back in front.
class Opened {
 public:
  ~Opened() {
    if (fd_ >= 0 && owns_fd_) ::close(fd_);
  }
  int fd_ = -1;
  bool owns_fd_ = false;
  std::unique_ptr<text::ByteSource> raw_;
  std::unique_ptr<text::PrefixedSource> source_;  // the sniffed head, then raw_
};

class Stream final : public GameStream {
 public:
  Stream(std::unique_ptr<Opened> opened, std::string name, const InputOptions& options, std::uint64_t size)
      : opened_(std::move(opened)), options_(options) {
    name_ = std::move(name);
    size_ = size;
  }

  // Reads the head, decides the format and prepares the reading.
  void start() {
    std::string head(sniff_size, '\0');
    try {
      head.resize(text::read_fully(*opened_->raw_, head.data(), head.size()));
    } catch (const std::system_error& e) {
      read_error(e);
      return;
    }
    format_ = options_.format ? *options_.format : sniff(head, name_);
    opened_->source_ = std::make_unique<text::PrefixedSource>(std::move(head), *opened_->raw_);
    if (format_ == Format::sheet) return;
    try {
      opened_input_ = text::open_input(*opened_->source_, options_.encoding);
    } catch (const std::system_error& e) {
      read_error(e);
      return;
    }
    detection_ = opened_input_.detection;
    text::ByteSource* source = opened_input_.source.get();
    if (options_.keep_raw) {
      recorder_ = std::make_unique<RecordingSource>(*source);
      source = recorder_.get();
    }
    splitter_ = std::make_unique<pgn::Splitter>(*source, options_.split);
  }

  bool next(Entry& entry) override {
    if (!error_.empty() || done_) return false;
    return format_ == Format::sheet ? next_sheet(entry) : next_segment(entry);
  }

 private:
  void read_error(const std::system_error& e) {
    error_ = Message("io.read_error").with("file", name_).with("what", e.what());
  }

  bool next_segment(Entry& entry) {
    // The bytes of the entry given out last are no longer needed.
    if (recorder_) recorder_->release(released_);
    pgn::Segment segment;
    try {
      if (!splitter_->next(segment)) {
        done_ = true;
        return false;
      }
    } catch (const std::system_error& e) {
      read_error(e);
      return false;
    }
    entry.kind = segment.kind == pgn::SegmentKind::game ? Entry::Kind::game : Entry::Kind::skipped;
    entry.game.format = Format::pgn;
    entry.game.text = segment.text;
    entry.game.line = segment.first_line;
    entry.game.notes = segment.notes;
    entry.game.truncated = segment.truncated;
    entry.offset = segment.byte_offset;
    entry.overflow = segment.reason == pgn::SkipReason::overflow;
    entry.skip_reason = entry.kind == Entry::Kind::skipped ? pgn::describe_skipped(segment) : Message();
    entry.raw = segment.text;
    if (recorder_) {
      const std::string_view original = recorder_->original(segment.byte_offset, segment.text.size());
      if (original != segment.text) entry.raw = original;  // nearly never
      released_ = segment.byte_offset + segment.text.size();
    }
    if (entry.kind == Entry::Kind::game) ++games_;
    return true;
  }

  bool next_sheet(Entry& entry) {
    done_ = true;
    sheet_.clear();
    char buffer[65536];
    try {
      for (std::size_t n; (n = opened_->source_->read(buffer, sizeof buffer)) > 0;) {
        sheet_.append(buffer, n);
        if (sheet_.size() > options_.max_sheet_size) {
          error_ = Message("io.sheet_too_large")
                       .with("file", name_)
                       .with("limit", static_cast<std::int64_t>(options_.max_sheet_size));
          return false;
        }
      }
    } catch (const std::system_error& e) {
      read_error(e);
      return false;
    }
    entry = Entry();
    entry.kind = Entry::Kind::game;
    entry.game.format = Format::sheet;
    entry.game.text = sheet_;
    entry.raw = sheet_;
    ++games_;
    return true;
  }

  std::unique_ptr<Opened> opened_;
  InputOptions options_;
  text::OpenedInput opened_input_;
  std::unique_ptr<RecordingSource> recorder_;
  std::unique_ptr<pgn::Splitter> splitter_;
  std::string sheet_;
  std::uint64_t released_ = 0;  // input bytes before this may be forgotten
  bool done_ = false;
};

// A stream that failed before it started.
class FailedStream final : public GameStream {
 public:
  FailedStream(std::string name, Message error) {
    name_ = std::move(name);
    error_ = std::move(error);
  }
  bool next(Entry&) override { return false; }
};

}  // namespace

std::string_view to_string(Format format) {
  switch (format) {
    case Format::pgn: return "pgn";
    case Format::sheet: return "sheet";
  }
  return "pgn";
}

Format sniff(std::string_view head, std::string_view name) {
  if (ends_with(name, ".sheet")) return Format::sheet;
  if (head.starts_with("\xEF\xBB\xBF")) head.remove_prefix(3);
  // The first line with something on it that is not a '#' comment decides.
  // '#' comments alone do not: Markdown headings and scripts start so too.
  bool comments = false;
  while (!head.empty()) {
    const std::size_t end = std::min(head.find('\n'), head.size());
    std::string_view line = head.substr(0, end);
    head.remove_prefix(std::min(end + 1, head.size()));
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.remove_suffix(1);
    if (line.empty()) continue;
    if (line.front() == '#') {
      comments = true;
      continue;
    }
    if (is_sheet_header(line)) return Format::sheet;
    // After comments, a row of moves ("1  e4  e5"): PGN has no '#' lines.
    return comments && is_move_row(line) ? Format::sheet : Format::pgn;
  }
  return Format::pgn;
}

std::unique_ptr<GameStream> open_games(const std::string& path, const InputOptions& options) {
  auto opened = std::make_unique<Opened>();
  std::uint64_t size = 0;
  if (path == "-") {
    opened->fd_ = 0;
  } else {
    opened->fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    opened->owns_fd_ = true;
    if (opened->fd_ < 0)
      return std::make_unique<FailedStream>(
          path, Message("io.cannot_open_because").with("file", path).with("what", std::strerror(errno)));
    struct stat st {};
    if (::fstat(opened->fd_, &st) == 0) {
      if (S_ISDIR(st.st_mode))
        return std::make_unique<FailedStream>(path, Message("io.is_directory").with("file", path));
      if (S_ISREG(st.st_mode)) size = static_cast<std::uint64_t>(st.st_size);
    }
  }
  opened->raw_ = std::make_unique<text::FdSource>(opened->fd_);
  auto stream = std::make_unique<Stream>(std::move(opened), path, options, size);
  stream->start();
  return stream;
}

std::unique_ptr<GameStream> open_games(std::unique_ptr<text::ByteSource> source, std::string name,
                                       const InputOptions& options) {
  auto opened = std::make_unique<Opened>();
  opened->raw_ = std::move(source);
  auto stream = std::make_unique<Stream>(std::move(opened), std::move(name), options, 0);
  stream->start();
  return stream;
}

namespace {

std::optional<std::string> read_one_sheet(GameStream& stream, Message& error) {
  Entry entry;
  if (!stream.next(entry)) {
    error = stream.error();
    return std::nullopt;
  }
  return std::string(entry.game.text);
}

InputOptions as_sheet(InputOptions options) {
  options.format = Format::sheet;
  return options;
}

}  // namespace

std::optional<std::string> read_sheet_text(const std::string& path, Message& error,
                                           const InputOptions& options) {
  return read_one_sheet(*open_games(path, as_sheet(options)), error);
}

std::optional<std::string> read_sheet_text(std::unique_ptr<text::ByteSource> source, std::string name,
                                           Message& error, const InputOptions& options) {
  return read_one_sheet(*open_games(std::move(source), std::move(name), as_sheet(options)), error);
}

// ---------------------------------------------------------------- reading

struct GameTextReader::Impl {
  Impl(const pgn::PlayOptions& o, const text::Detection* d) : options(o), detection(d) {}
  pgn::GameReader& pgn_reader() {
    if (!reader) {
      pgn::ReadOptions read_options;
      read_options.play = options;
      reader.emplace(read_options, detection);
    }
    return *reader;
  }
  pgn::PlayOptions options;
  const text::Detection* detection;
  std::optional<pgn::GameReader> reader;  // made on first use: a sheet needs none
};

GameTextReader::GameTextReader(const pgn::PlayOptions& options, const text::Detection* detection)
    : impl_(std::make_unique<Impl>(options, detection)) {}
GameTextReader::~GameTextReader() = default;
GameTextReader::GameTextReader(GameTextReader&&) noexcept = default;
GameTextReader& GameTextReader::operator=(GameTextReader&&) noexcept = default;

namespace {

// What the splitter found in a game's bytes goes with the game's own
// problems: NULs read as spaces, a comment never closed, '%' lines, and a
// cut at a size limit, which makes the game incomplete (what followed the
// cut was not read; it reaches the caller as overflow).
void add_split_notes(const GameText& text, game::Game& game) {
  const bool stopped_before = game.status != game::GameStatus::complete;
  for (const pgn::SplitNote& note : text.notes) {
    const std::string_view key = note.message.key;
    const bool cut = key == "pgn.split.line_too_long" || key == "pgn.split.game_too_large";
    Diagnostic d;
    d.severity = cut ? Severity::error : key == "pgn.split.escape_line" ? Severity::note : Severity::warning;
    d.message = note.message;
    d.where = {static_cast<int>(std::min<std::int64_t>(note.line, std::numeric_limits<int>::max())),
               note.column};
    if (cut && !stopped_before) d.ply = static_cast<int>(game.mainline.moves.size()) + 1;
    game.diagnostics.push_back(std::move(d));
  }
  if (text.truncated && game.status == game::GameStatus::complete) game.status = game::GameStatus::incomplete;
}

// A scoresheet read as written (scoresheet/sheet_game.hpp): the problems
// of the sheet first, then those of its moves.
void read_sheet(std::string_view text, std::string_view file, const pgn::PlayOptions& options,
                game::Game& game) {
  const scoresheet::Scoresheet sheet = scoresheet::read_scoresheet(text, std::string(file));
  scoresheet::SheetGame read = scoresheet::sheet_game(sheet, options);
  for (const Diagnostic& d : sheet.diagnostics)
    if (d.severity != Severity::note) read.game.diagnostics.insert(read.game.diagnostics.begin(), d);
  if (read.needs_reconstruction)
    read.game.diagnostics.push_back(Diagnostic{Severity::warning, Message("sheet.use_reconstruct"), {}, 0});
  game = std::move(read.game);
}

}  // namespace

void GameTextReader::read(const GameText& text, std::string_view file, game::Game& game) {
  if (text.format == Format::sheet) {
    read_sheet(text.text, file, impl_->options, game);
    return;
  }
  impl_->pgn_reader().read(text.text, text.line, game);
  add_split_notes(text, game);
}

}  // namespace notera::input
