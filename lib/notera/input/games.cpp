#include "notera/input/games.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <system_error>
#include <vector>

#include "archive.hpp"
#include "decompress.hpp"
#include "notera/pgn/reader.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "notera/scoresheet/sheet_game.hpp"
#include "notera/scoresheet/sheet_locale.hpp"
#include "read_ahead.hpp"

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

// An input's bytes: a file descriptor (closed at the end when it was
// opened here) or another source.
class OwnedSource final : public text::ByteSource {
 public:
  OwnedSource(int fd, bool owns) : fd_(fd), owns_(owns), fd_source_(fd) {}
  explicit OwnedSource(std::unique_ptr<text::ByteSource> inner) : fd_source_(-1), inner_(std::move(inner)) {}
  ~OwnedSource() override {
    if (fd_ >= 0 && owns_) ::close(fd_);
  }
  std::size_t read(char* buffer, std::size_t size) override {
    return inner_ ? inner_->read(buffer, size) : fd_source_.read(buffer, size);
  }

 private:
  int fd_ = -1;
  bool owns_ = false;
  text::FdSource fd_source_;
  std::unique_ptr<text::ByteSource> inner_;
};

// The bytes of an input whose first bytes were read already (to sniff
// them): those, then the rest.
class HeadThenRest final : public text::ByteSource {
 public:
  HeadThenRest(std::string head, std::unique_ptr<text::ByteSource> rest)
      : rest_(std::move(rest)), prefixed_(std::move(head), *rest_) {}
  std::size_t read(char* buffer, std::size_t size) override { return prefixed_.read(buffer, size); }

 private:
  std::unique_ptr<text::ByteSource> rest_;
  text::PrefixedSource prefixed_;
};

// Why the bytes of a compressed input or an archive stopped early, as a
// message; empty when they did not.
Message damaged(const std::string& file, const archive::Failure& failure) {
  if (!failure) return Message();
  if (failure.end > failure.offset)  // passed over, and read on after it
    return Message("io.archive_passed_over")
        .with("file", file)
        .with("offset", static_cast<std::int64_t>(failure.offset))
        .with("end", static_cast<std::int64_t>(failure.end))
        .with("what", failure.what);
  return Message(failure.in_archive ? "io.archive_damaged_in_archive" : "io.archive_damaged")
      .with("file", file)
      .with("offset", static_cast<std::int64_t>(failure.offset))
      .with("input_offset", static_cast<std::int64_t>(failure.input_offset))
      .with("what", failure.what);
}

class Stream final : public GameStream {
 public:
  // `head` is the first bytes of the input (sniff_size or all of it), `rest`
  // what follows them. `failure`, when given, says after the last byte
  // whether the bytes stopped early (a damaged compressed input).
  Stream(std::string head, std::unique_ptr<text::ByteSource> rest, std::string name,
         const InputOptions& options, std::uint64_t size, std::function<Message()> failure = {})
      : rest_(std::move(rest)), options_(options), failure_(std::move(failure)) {
    name_ = std::move(name);
    size_ = size;
    format_ = options_.format ? *options_.format : sniff(head, name_);
    source_ = std::make_unique<text::PrefixedSource>(std::move(head), *rest_);
  }

  // Prepares the reading.
  void start() {
    if (format_ == Format::sheet) return;
    try {
      opened_input_ = text::open_input(*source_, options_.encoding);
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

  // At the end of the bytes: were they all there?
  void finish() {
    done_ = true;
    if (failure_ && error_.empty()) error_ = failure_();
  }

  bool next_segment(Entry& entry) {
    // The bytes of the entry given out last are no longer needed.
    if (recorder_) recorder_->release(released_);
    pgn::Segment segment;
    try {
      if (!splitter_->next(segment)) {
        finish();
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
    entry.game.column = segment.first_column;
    entry.game.notes = segment.notes;
    entry.game.truncated = segment.truncated;
    entry.offset = segment.byte_offset;
    entry.overflow = segment.reason == pgn::SkipReason::overflow;
    entry.skip_reason = entry.kind == Entry::Kind::skipped
                            ? pgn::describe_skipped(segment, options_.split.game_per_line)
                            : Message();
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
      for (std::size_t n; (n = source_->read(buffer, sizeof buffer)) > 0;) {
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
    finish();
    if (!error_.empty()) return false;  // a sheet cut short is not read
    entry = Entry();
    entry.kind = Entry::Kind::game;
    entry.game.format = Format::sheet;
    entry.game.text = sheet_;
    entry.raw = sheet_;
    ++games_;
    return true;
  }

  std::unique_ptr<text::ByteSource> rest_;
  std::unique_ptr<text::PrefixedSource> source_;  // the sniffed head, then rest_
  InputOptions options_;
  std::function<Message()> failure_;
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

// A file with nothing to read: an empty archive, or a member passed over
// (`note` says why).
class EmptyStream final : public GameStream {
 public:
  EmptyStream(std::string name, Message note) {
    name_ = std::move(name);
    note_ = std::move(note);
  }
  bool next(Entry&) override { return false; }
};

bool ends_with_lower(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  s = s.substr(s.size() - suffix.size());
  return std::equal(s.begin(), s.end(), suffix.begin(),
                    [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
}

// Whether `token` (the first word after a move number) looks like a
// written move: castling, or a square's rank within its first few bytes
// ("e4", "Sf3", "Kt-KB3", "P-K4", "exd5", "Кf3", "♘f3"). Words of prose
// ("Build", "Install") have none.
bool looks_like_move(std::string_view token) {
  if (token.starts_with("O-O") || token.starts_with("0-0") || token.starts_with("o-o") ||
      token.starts_with("000") || token.starts_with("Castles"))
    return true;
  const std::string_view start = token.substr(0, 7);
  return std::any_of(start.begin(), start.end(), [](char c) { return c >= '1' && c <= '8'; });
}

// The first word after a line's move number ("1.", "1...", "1 "), or
// nothing when the line does not start with move number 1.
std::string_view first_move_after_number(std::string_view line) {
  if (!line.starts_with("1.") && !line.starts_with("1 ") && !line.starts_with("1\t")) return {};
  line.remove_prefix(1);
  while (!line.empty() && (line.front() == '.' || line.front() == ' ' || line.front() == '\t'))
    line.remove_prefix(1);
  return line.substr(0, std::min(line.find_first_of(" \t\r"), line.size()));
}

// A PGN tag line: '[', a name, blanks, a quoted value (`[Event "Club"]`).
// A Markdown link ("[notera](...)") is none.
bool is_tag_line(std::string_view line) {
  if (line.size() < 4 || line[0] != '[' || !std::isalpha(static_cast<unsigned char>(line[1]))) return false;
  std::size_t i = 1;
  while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) ++i;
  const std::size_t name_end = i;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return i > name_end && i < line.size() && line[i] == '"';
}

// Why an archive member is not read as games (an empty message: it is).
// A member named .pgn or .sheet is read whatever it holds, like a file of
// that name. Any other is read when its first bytes are text that starts
// like a game: a PGN tag line, move 1 with a move after it ("1. e4",
// "1 Sf3 e5"), or a scoresheet's header line ("Hvit: Hansen"). A '#' line
// is no evidence of a scoresheet (Markdown headings and scripts start so),
// nor is a numbered list ("1. Build it"). A readme, an image or a program
// in a zip of games is passed over.
Message member_not_games(std::string_view head, std::string_view name) {
  if (ends_with_lower(name, ".pgn") || ends_with_lower(name, ".sheet")) return Message();
  const bool utf16 = head.starts_with("\xFF\xFE") || head.starts_with("\xFE\xFF");
  if (!utf16 && head.find('\0') != std::string_view::npos) return Message("io.member_binary");
  if (utf16) return Message();
  std::string_view rest = head;
  if (rest.starts_with("\xEF\xBB\xBF")) rest.remove_prefix(3);
  while (!rest.empty()) {
    const std::size_t end = std::min(rest.find('\n'), rest.size());
    std::string_view line = rest.substr(0, end);
    rest.remove_prefix(std::min(end + 1, rest.size()));
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    if (is_tag_line(line) || is_sheet_header(line)) return Message();
    if (looks_like_move(first_move_after_number(line))) return Message();
  }
  return Message("io.member_no_games");
}

// The files of one input: a plain or compressed file is one file.
class OneFile final : public InputFiles {
 public:
  explicit OneFile(std::unique_ptr<GameStream> stream) : stream_(std::move(stream)) {}
  std::unique_ptr<GameStream> next() override { return std::move(stream_); }

 private:
  std::unique_ptr<GameStream> stream_;
};

// The compression suffix of a member's name, which says nothing of what
// it holds once decompressed ("a.pgn.gz" holds "a.pgn").
std::string_view without_compression_suffix(std::string_view name) {
  for (const std::string_view suffix : {".gz", ".tgz", ".bz2", ".xz", ".zst", ".zstd"})
    if (ends_with_lower(name, suffix)) return name.substr(0, name.size() - suffix.size());
  return name;
}

// The members of an archive, each a file of its own named
// "archive.zip:member.pgn". A member that is itself compressed (gzip,
// bzip2, xz, zstd, by its first bytes, as a file is) is decompressed and
// read; one level only: an archive or a compression inside it is
// reported, not opened (no archive of archives, no bomb of nested
// compressions). Damage in the archive between members is reported in the
// archive's name, and the members after it are still read.
class ArchiveFiles final : public InputFiles {
 public:
  ArchiveFiles(std::unique_ptr<text::ByteSource> source, std::function<decompress::Failure()> compressed,
               std::string name, const InputOptions& options)
      : members_(std::move(source), std::move(compressed)), name_(std::move(name)), options_(options) {}

  std::unique_ptr<GameStream> next() override {
    if (done_) return nullptr;
    if (!pending_) {
      archive::Member member;
      const bool more = members_.next(member);
      if (members_.error()) {
        // The damage met before this member (or at the archive's end)
        // first, then the member.
        if (more) {
          pending_ = std::move(member);
        } else {
          done_ = true;
        }
        return std::make_unique<FailedStream>(name_, damaged(name_, members_.error()));
      }
      if (!more) {
        done_ = true;
        // An empty archive is still an input, with no games.
        if (given_ == 0) return std::make_unique<EmptyStream>(name_, Message());
        return nullptr;
      }
      pending_ = std::move(member);
    }
    archive::Member member = std::move(*pending_);
    pending_.reset();
    ++given_;
    std::string name = name_ + ':' + member.name;
    std::string head(sniff_size, '\0');
    head.resize(text::read_fully(*member.bytes, head.data(), head.size()));
    std::unique_ptr<text::ByteSource> bytes = std::move(member.bytes);
    std::string_view member_name = member.name;
    const decompress::Compression compression =
        decompress::detect_whole(head, head.size() < sniff_size && member.failure().what.empty());
    const decompress::Decompressor* inner = nullptr;
    if (compression != decompress::Compression::none) {
      std::unique_ptr<decompress::Decompressor> decompressor = decompress::Decompressor::make(
          compression, std::make_unique<HeadThenRest>(std::move(head), std::move(bytes)));
      inner = decompressor.get();
      head.assign(sniff_size, '\0');
      try {
        head.resize(text::read_fully(*decompressor, head.data(), head.size()));
      } catch (const std::system_error& e) {
        return std::make_unique<FailedStream>(
            name, Message("io.read_error").with("file", name).with("what", e.what()));
      }
      if (archive::is_archive(head) || decompress::detect(head) != decompress::Compression::none)
        return std::make_unique<FailedStream>(
            name, Message("io.member_nested")
                      .with("file", name)
                      .with("kind", archive::is_archive(head) ? "archive" : "compressed"));
      bytes = std::move(decompressor);
      member_name = without_compression_suffix(member_name);
    }
    if (!options_.format) {
      Message why = member_not_games(head, member_name);
      if (!why.empty())
        return std::make_unique<EmptyStream>(
            name, Message("io.member_skipped").with("file", name).with("reason", why));
    }
    const std::uint64_t size = member.size > 0 && !inner ? static_cast<std::uint64_t>(member.size) : 0;
    // Why the bytes stopped: the member's own decompression, with the
    // archive's reason when the archive cut it short; else the archive's.
    auto failure = [name, reader = member.reader, inner] {
      archive::Member probe;
      probe.reader = reader;
      const archive::Failure& outer = probe.failure();
      if (!inner || !inner->failure()) return damaged(name, outer);
      archive::Failure f = inner->failure();
      if (outer) f.what = outer.what;
      return damaged(name, f);
    };
    auto stream =
        std::make_unique<Stream>(std::move(head), std::move(bytes), name, options_, size, std::move(failure));
    stream->start();
    return stream;
  }

 private:
  archive::Members members_;
  std::string name_;
  InputOptions options_;
  std::optional<archive::Member> pending_;  // given out by the archive, not yet by next()
  int given_ = 0;
  bool done_ = false;
};

class FailedFiles final : public InputFiles {
 public:
  FailedFiles(std::string name, Message error)
      : stream_(std::make_unique<FailedStream>(std::move(name), std::move(error))) {}
  std::unique_ptr<GameStream> next() override { return std::move(stream_); }

 private:
  std::unique_ptr<GameStream> stream_;
};

// The files of an input whose bytes are `source`: its first bytes decide
// whether it is compressed (then the first bytes of what it holds decide
// the rest), an archive or plain. A plain file is read as it is, with
// nothing in between.
std::unique_ptr<InputFiles> files_of(std::unique_ptr<text::ByteSource> source, std::string name,
                                     const InputOptions& options, std::uint64_t size) {
  auto failed = [&name](const std::system_error& e) {
    return std::make_unique<FailedFiles>(name,
                                         Message("io.read_error").with("file", name).with("what", e.what()));
  };
  std::string head(sniff_size, '\0');
  try {
    head.resize(text::read_fully(*source, head.data(), head.size()));
  } catch (const std::system_error& e) {
    return failed(e);
  }
  const decompress::Compression compression = decompress::detect_whole(head, head.size() < sniff_size);
  if (compression == decompress::Compression::none) {
    if (archive::is_archive(head))
      return std::make_unique<ArchiveFiles>(
          std::make_unique<HeadThenRest>(std::move(head), std::move(source)), nullptr, std::move(name),
          options);
    auto stream =
        std::make_unique<Stream>(std::move(head), std::move(source), std::move(name), options, size);
    stream->start();
    return std::make_unique<OneFile>(std::move(stream));
  }
  std::unique_ptr<decompress::Decompressor> decompressor = decompress::Decompressor::make(
      compression, std::make_unique<HeadThenRest>(std::move(head), std::move(source)));
  const decompress::Decompressor* compressed = decompressor.get();
  // Decompressed on a thread of its own, while the games are read.
  auto ahead = std::make_unique<ReadAhead>(std::move(decompressor));
  ReadAhead* reader = ahead.get();
  auto why_stopped = [compressed, reader] {
    return reader->ended() ? compressed->failure() : decompress::Failure();
  };
  std::string inner(sniff_size, '\0');
  try {
    inner.resize(text::read_fully(*ahead, inner.data(), inner.size()));
  } catch (const std::system_error& e) {
    return failed(e);
  }
  if (archive::is_archive(inner))  // .tar.gz and the like
    return std::make_unique<ArchiveFiles>(std::make_unique<HeadThenRest>(std::move(inner), std::move(ahead)),
                                          why_stopped, std::move(name), options);
  // The size on disk says nothing of the text's: no progress total.
  std::string file = name;
  auto failure = [file, why_stopped] { return damaged(file, why_stopped()); };
  auto stream = std::make_unique<Stream>(std::move(inner), std::move(ahead), std::move(name), options, 0,
                                         std::move(failure));
  stream->start();
  return std::make_unique<OneFile>(std::move(stream));
}

}  // namespace

bool packed(std::string_view head) {
  return decompress::detect(head) != decompress::Compression::none || archive::is_archive(head);
}

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

std::unique_ptr<InputFiles> open_input_files(const std::string& path, const InputOptions& options) {
  int fd = 0;
  std::uint64_t size = 0;
  if (path != "-") {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      return std::make_unique<FailedFiles>(
          path, Message("io.cannot_open_because").with("file", path).with("what", std::strerror(errno)));
    struct stat st {};
    if (::fstat(fd, &st) == 0) {
      if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        return std::make_unique<FailedFiles>(path, Message("io.is_directory").with("file", path));
      }
      if (S_ISREG(st.st_mode)) size = static_cast<std::uint64_t>(st.st_size);
    }
  }
  return files_of(std::make_unique<OwnedSource>(fd, path != "-"), path, options, size);
}

std::unique_ptr<InputFiles> open_input_files(std::unique_ptr<text::ByteSource> source, std::string name,
                                             const InputOptions& options) {
  return files_of(std::make_unique<OwnedSource>(std::move(source)), std::move(name), options, 0);
}

namespace {

// The first file of an input that has something to read (an archive's
// first member that is games), or the input's error.
std::unique_ptr<GameStream> first_file(InputFiles& files, const std::string& name) {
  while (std::unique_ptr<GameStream> stream = files.next())
    if (stream->note().empty()) return stream;
  return std::make_unique<EmptyStream>(name, Message());
}

}  // namespace

std::unique_ptr<GameStream> open_games(const std::string& path, const InputOptions& options) {
  return first_file(*open_input_files(path, options), path);
}

std::unique_ptr<GameStream> open_games(std::unique_ptr<text::ByteSource> source, std::string name,
                                       const InputOptions& options) {
  std::string copy = name;
  return first_file(*open_input_files(std::move(source), std::move(name), options), copy);
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
// problems: NULs read as spaces, '%' lines, a cut at a size limit, which
// makes the game incomplete (what followed the cut was not read; it
// reaches the caller as overflow), and a comment never closed, which does
// too: the rest of the game went into the comment's text, moves and result
// (pgn-extract drops such a game).
void add_split_notes(const GameText& text, game::Game& game) {
  const bool stopped_before = game.status != game::GameStatus::complete;
  bool stops = text.truncated;
  for (const pgn::SplitNote& note : text.notes) {
    const std::string_view key = note.message.key;
    const bool cut = key == "pgn.split.line_too_long" || key == "pgn.split.game_too_large" ||
                     key == "pgn.split.unterminated_comment";
    Diagnostic d;
    d.severity = cut ? Severity::error : key == "pgn.split.escape_line" ? Severity::note : Severity::warning;
    d.message = note.message;
    d.where = {static_cast<int>(std::min<std::int64_t>(note.line, std::numeric_limits<int>::max())),
               note.column};
    if (cut && !stopped_before) d.ply = static_cast<int>(game.mainline.moves.size()) + 1;
    stops |= cut;
    game.diagnostics.push_back(std::move(d));
  }
  if (stops && game.status == game::GameStatus::complete) game.status = game::GameStatus::incomplete;
}

// A scoresheet read as written (scoresheet/sheet_game.hpp): the problems
// of the sheet first, then those of its moves.
void read_sheet(std::string_view text, std::string_view file, const pgn::PlayOptions& options,
                game::Game& game) {
  const scoresheet::Scoresheet sheet = scoresheet::read_scoresheet(text, std::string(file));
  scoresheet::SheetGame read = scoresheet::sheet_game(sheet, options);
  std::vector<Diagnostic> first;
  for (const Diagnostic& d : sheet.diagnostics)
    if (d.severity != Severity::note) first.push_back(d);
  read.game.diagnostics.insert(read.game.diagnostics.begin(), first.begin(), first.end());
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
  if (text.column > 1) {
    // The text starts inside its first line (after the game before it on
    // that line): places on that line were counted from the text's start.
    const int shift = text.column - 1;
    if (game.where.line == text.line) game.where.column += shift;
    for (Diagnostic& d : game.diagnostics)
      if (d.where.line == text.line && d.where.column > 0) d.where.column += shift;
  }
}

}  // namespace notera::input
