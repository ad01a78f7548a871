// One reader per input: whatever a user hands notera (a file, standard
// input, bytes in memory) is opened here, its format is decided from what
// it holds, and it comes back as a stream of games with where each one
// stands in the input. `convert`, `check`, `--game FILE` and `reconstruct`
// all read through this, so a format is recognised in one place only.
//
// Compressed and archived inputs are recognised by their first bytes too
// (never by name) and read through a decompressing byte source below the
// format sniff: gzip (several members), bzip2, xz, zstd (several frames),
// and zip and tar archives (also compressed) whose members are files of
// their own (open_input_files), named "archive.zip:member.pgn". A plain
// file is read as it is, with nothing in between.
//
// Formats, decided by content (sniff()), with the file name as a hint:
//   - PGN, and bare movetext (a game without tags is PGN too): cut into
//     games by the streaming splitter (pgn/splitter.hpp), any encoding;
//   - a `.sheet` scoresheet transcription (docs/scoresheet-format.md): read
//     whole, one game per file.
//
// Every byte of a PGN input belongs to exactly one entry (a game, or text
// that is not a game, with the reason), so callers can account for all of
// it. Errors of the input as a whole (cannot open, read error, a sheet too
// large) are kept as a Message, never thrown.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "notera/base/message.hpp"
#include "notera/game/game.hpp"
#include "notera/pgn/play.hpp"
#include "notera/pgn/splitter.hpp"
#include "notera/text/encoding.hpp"
#include "notera/text/source.hpp"

namespace notera::input {

enum class Format : std::uint8_t {
  pgn,    // PGN or bare movetext
  sheet,  // a .sheet scoresheet transcription
};
std::string_view to_string(Format format);

// The format of an input that starts with `head` (its first bytes, as many
// as sniff_size or the whole input when shorter), named `name` ("-" or ""
// when it has no name). A scoresheet shows itself by a '#' comment line or
// a "Key: value" header line whose key is a sheet header word in any
// language; PGN by a tag line or moves. A name ending in ".sheet" decides
// for a sheet whatever the content.
Format sniff(std::string_view head, std::string_view name = {});
inline constexpr std::size_t sniff_size = 4096;

struct InputOptions {
  std::optional<Format> format;            // no sniffing: read as this (`reconstruct` reads sheets)
  std::optional<text::Encoding> encoding;  // PGN: no detection, read as this
  // Whether Entry::raw must be the input's bytes exactly as they were (for
  // --rejects): the splitter cleans a few bytes in place (NULs, lone CRs,
  // '%' lines). Without it, raw is the cleaned text (of the same size).
  bool keep_raw = true;
  pgn::SplitterOptions split;
  std::size_t max_sheet_size = std::size_t{4} << 20;  // a .sheet is read whole
};

// A game as the input holds it: enough to read it later (game_from_text),
// on another thread, after the stream has moved on.
struct GameText {
  Format format = Format::pgn;
  std::string_view text;                  // cleaned as the splitter cleaned it
  std::int64_t line = 1;                  // first line in its input
  std::span<const pgn::SplitNote> notes;  // what the splitter found in it
  bool truncated = false;                 // cut at a size limit
  int column = 1;                         // of text[0] on its first line (> 1 when a game starts mid-line)
};

// One piece of an input, in input order.
struct Entry {
  enum class Kind : std::uint8_t { game, skipped };
  Kind kind = Kind::game;
  GameText game;             // the text (of a skipped piece too)
  std::string_view raw;      // the bytes as in the input (see keep_raw)
  std::uint64_t offset = 0;  // of the first byte in the input (UTF-16: in the converted text)
  bool overflow = false;     // skipped: the rest of a game cut at a size limit
  Message skip_reason;       // skipped: what to tell the user (empty for blank lines, a BOM)
};

// The games of one input. Views in an Entry are valid until the next call
// of next().
class GameStream {
 public:
  virtual ~GameStream() = default;
  // The next entry; false at the end of the input or after an error.
  virtual bool next(Entry& entry) = 0;
  Format format() const { return format_; }
  const std::string& name() const { return name_; }
  // The encoding assumed (PGN; a sheet decides its own when read).
  const text::Detection& detection() const { return detection_; }
  std::uint64_t size() const { return size_; }  // bytes, when known (0 for pipes)
  // Set when the input could not be opened or read; the entries before the
  // error were given out.
  const Message& error() const { return error_; }
  // Set when the file was passed over, with no entries: an archive member
  // that is not games (a readme, an image), and why.
  const Message& note() const { return note_; }
  std::uint64_t games() const { return games_; }

 protected:
  Format format_ = Format::pgn;
  std::string name_;
  text::Detection detection_;
  std::uint64_t size_ = 0;
  Message error_;
  Message note_;
  std::uint64_t games_ = 0;
};

// The files one input holds: a plain or compressed file is one file, an
// archive one per member (in archive order, directories passed over),
// named "archive.zip:member.pgn". An empty archive is one file with no
// entries. A member that is not games comes as a stream with note() set.
// The files are read one after the other from one stream of bytes: a file
// must be read to its end (or dropped) before next() is called.
class InputFiles {
 public:
  virtual ~InputFiles() = default;
  // The next file; null after the last. A damaged archive ends with a
  // stream whose error() says where (the member, the byte offset).
  virtual std::unique_ptr<GameStream> next() = 0;
};

// Whether an input that starts with `head` (its first sniff_size bytes) is
// compressed or an archive: its bytes on disk are not the text's.
bool packed(std::string_view head);

// Opens `path` ("-" is standard input). Never null: an input that cannot be
// opened is one file with error() set.
std::unique_ptr<InputFiles> open_input_files(const std::string& path, const InputOptions& options = {});
std::unique_ptr<InputFiles> open_input_files(std::unique_ptr<text::ByteSource> source, std::string name,
                                             const InputOptions& options = {});

// The first file of `path` ("-" is standard input) that holds games: the
// file itself, or an archive's first member that is games. Never null: an
// input that cannot be opened is a stream with error() set and no entries.
std::unique_ptr<GameStream> open_games(const std::string& path, const InputOptions& options = {});
// The same for bytes from elsewhere (memory, a stream); `name` is used in
// messages and as the format hint.
std::unique_ptr<GameStream> open_games(std::unique_ptr<text::ByteSource> source, std::string name,
                                       const InputOptions& options = {});

// The text of the one scoresheet in `path` ("-": standard input), read as a
// sheet whatever it looks like; nullopt and `error` set when it cannot be
// read.
std::optional<std::string> read_sheet_text(const std::string& path, Message& error,
                                           const InputOptions& options = {});
// The same for bytes from elsewhere (a file the caller opened and checked,
// memory); `name` is used in messages.
std::optional<std::string> read_sheet_text(std::unique_ptr<text::ByteSource> source, std::string name,
                                           Message& error, const InputOptions& options = {});

// Reads games of one input into the game model. One per thread: it keeps
// its buffers between games. `detection` is the input's (GameStream::
// detection()), which must outlive the reader.
class GameTextReader {
 public:
  GameTextReader(const pgn::PlayOptions& options, const text::Detection* detection);
  ~GameTextReader();
  GameTextReader(GameTextReader&&) noexcept;
  GameTextReader& operator=(GameTextReader&&) noexcept;

  // Reads `text` of the input named `file` into `game` (cleared first).
  // Never throws on bad input: the outcome is game.status and its
  // diagnostics (a sheet that needs `notera reconstruct` says so).
  void read(const GameText& text, std::string_view file, game::Game& game);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace notera::input
