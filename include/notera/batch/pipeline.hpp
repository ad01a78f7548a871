// The batch pipeline behind `convert` and `check`: read -> cut into games
// -> read, verify and render games in parallel -> hand them over in input
// order. Built on TBB's parallel_pipeline with a bounded number of batches
// in flight, so memory stays bounded whatever the input size.
//
// Every input game is accounted for: each one reaches the sink with its
// status (complete, incomplete, rejected), and every byte that is not part
// of a game reaches it as a skipped segment with the reason.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notera/batch/render.hpp"
#include "notera/game/game.hpp"
#include "notera/pgn/play.hpp"
#include "notera/text/encoding.hpp"

namespace notera::batch {

// `convert --shard K/N`: the K-th of N byte ranges of one file. A shard
// owns the segments (games and skipped text) whose first byte lies in its
// range, and the overflow of a game it owns; so every byte of the input
// belongs to exactly one shard. Every shard cuts the file from its first
// byte with the same splitter (the games before its range are cut, never
// read), so games are the games of the whole file, numbered and located
// (line, offset) as in the whole file, and the N outputs concatenated in
// order are the output of the whole file. The last range has no end: a
// game starting beyond the size measured (a file that grew, offsets in
// converted UTF-16 text) is the last shard's.
struct Shard {
  std::uint64_t index = 1;  // K, from 1
  std::uint64_t count = 1;  // N
  // The range [begin, end) of a file of `size` bytes.
  std::uint64_t begin(std::uint64_t size) const;
  std::uint64_t end(std::uint64_t size) const;
};

struct PipelineOptions {
  std::vector<std::string>
      inputs;  // file paths; "-" is standard input (compressed, archives: input/games.hpp)
  OutputFormat format;
  pgn::PlayOptions play;
  bool render = true;                      // false for `check`: verify only
  int jobs = 0;                            // 0 = all cores
  std::optional<text::Encoding> encoding;  // --encoding: no detection
  bool game_per_line = false;              // --game-per-line: each line of PGN input is a game
  bool latin1_repertoire = false;          // the output will be ISO-8859-1
  std::string messages_language = "en";    // for notes written into games
  // Whether the sink needs the input's bytes exactly as they were
  // (GameRecord::raw, SkippedRecord::text: for --rejects). When false, they
  // are the text as the splitter cleaned it, which has the same size, and
  // the input is not recorded on the side.
  bool keep_raw = true;
  std::size_t games_per_batch = 128;
  // A batch also ends after this many bytes of text (it holds at least one
  // game): with a bounded number of batches in flight, this bounds memory
  // whatever the games look like.
  std::size_t bytes_per_batch = std::size_t{1} << 20;
  // A .sheet file is read whole; a larger one is an input error.
  std::size_t max_sheet_size = std::size_t{4} << 20;
  // Only the games of this shard of each input (the CLI allows one input).
  std::optional<Shard> shard;
  // Set from a signal handler: stop reading, finish what is in flight.
  const std::atomic<bool>* cancel = nullptr;
};

// One game as the sink sees it, in input order.
struct GameRecord {
  std::string_view file;
  std::int64_t index = 0;            // game number in its input, from 1
  std::int64_t number = 0;           // game number over all inputs, from 1
  std::int64_t line = 0;             // first line in its input
  std::uint64_t offset = 0;          // of its first byte in the input (UTF-16: in the converted text)
  const game::Game* game = nullptr;  // status, diagnostics, tags, language
  std::string_view output;           // rendered text (empty for check)
  // The game's text exactly as it was in the input (for --rejects): NULs,
  // lone CRs and '%' lines as they were, not as the splitter cleaned them.
  // (UTF-16 input: the text as converted to UTF-8.) Without
  // PipelineOptions::keep_raw, the cleaned text (of the same size).
  std::string_view raw;
  // Cut at a size limit: the bytes after the cut follow as skipped
  // segments with `overflow` set.
  bool truncated = false;
};

struct SkippedRecord {
  std::string_view file;
  std::int64_t line = 0;
  std::uint64_t offset = 0;  // as GameRecord::offset
  std::string_view text;     // exactly as in the input, as GameRecord::raw
  Message reason;
  bool overflow = false;  // the rest of the game before it, cut at a size limit
};

// What happened to an input file as a whole (encoding assumed, read
// errors). An archive gives one per member, named "archive.zip:member.pgn".
// An error found at the end of a file (a read error, a damaged archive)
// comes in a second record with only `file` and `error`, after the file's
// games.
struct InputRecord {
  std::string_view file;
  std::uint64_t size = 0;  // bytes, when known (0 for pipes)
  text::Detection detection;
  Message error;  // set when the input could not be opened or read
  Message note;   // set when the file was passed over (an archive member that is not games)
};

class Sink {
 public:
  virtual ~Sink() = default;
  virtual void input(const InputRecord& input) = 0;
  virtual void game(const GameRecord& game) = 0;
  virtual void skipped(const SkippedRecord& skipped) = 0;
  // Called between batches with the bytes read so far over all inputs.
  virtual void progress(std::uint64_t bytes_read, std::int64_t games) = 0;
};

struct Totals {
  std::int64_t games = 0;
  std::int64_t complete = 0;
  std::int64_t incomplete = 0;
  std::int64_t rejected = 0;
  std::int64_t skipped_segments = 0;
  std::int64_t inputs_failed = 0;
  std::uint64_t bytes = 0;
  bool cancelled = false;
};

Totals run_pipeline(const PipelineOptions& options, Sink& sink);

}  // namespace notera::batch
