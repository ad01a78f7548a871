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
#include "notera/game/play.hpp"
#include "notera/text/encoding.hpp"

namespace notera::batch {

struct PipelineOptions {
  std::vector<std::string> inputs;  // file paths; "-" is standard input
  OutputFormat format;
  PlayOptions play;
  bool render = true;               // false for `check`: verify only
  int jobs = 0;                     // 0 = all cores
  std::optional<text::Encoding> encoding;  // --encoding: no detection
  bool latin1_repertoire = false;   // the output will be ISO-8859-1
  std::string messages_language = "en";  // for notes written into games
  std::size_t games_per_batch = 128;
  // Set from a signal handler: stop reading, finish what is in flight.
  const std::atomic<bool>* cancel = nullptr;
};

// One game as the sink sees it, in input order.
struct GameRecord {
  std::string_view file;
  std::int64_t index = 0;        // game number in its input, from 1
  std::int64_t number = 0;       // game number over all inputs, from 1
  std::int64_t line = 0;         // first line in its input
  const Game* game = nullptr;    // status, diagnostics, tags, language
  std::string_view output;       // rendered text (empty for check)
  std::string_view raw;          // the game's text as read (for --rejects)
};

struct SkippedRecord {
  std::string_view file;
  std::int64_t line = 0;
  std::string_view text;
  Message reason;
};

// What happened to an input as a whole (encoding assumed, read errors).
struct InputRecord {
  std::string_view file;
  std::uint64_t size = 0;  // bytes, when known (0 for pipes)
  text::Detection detection;
  Message error;           // set when the input could not be opened or read
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
