// PGN archives: the encoding detector, the splitter over the bytes, the
// GameReader on every game and the PGN renderer (what `convert` writes).
//
// Invariants:
//   - splitter: every byte of the input is in exactly one segment, in
//     order, unchanged except where the splitter says it changes bytes
//     (a NUL or a '%' line or a [pgn] wrapper becomes spaces, a lone CR an
//     LF); a game segment is never empty; the splitter's game count is the
//     number of game segments; this holds with the default limits and with
//     tiny ones (chunks of 7 bytes, lines of 64, games of 512, so that every
//     cut and every buffer compaction is exercised);
//   - reader: games read = complete + incomplete + rejected; a complete or
//     incomplete game replays legally, a rejected one has an error;
//   - writer: what notera writes for a game reads back as one complete game
//     with the same moves, variations, start position and result.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "notera/batch/render.hpp"
#include "notera/locale/messages.hpp"
#include "notera/text/encoding.hpp"

using namespace notera;
using namespace notera::fuzz;

namespace {

// A source that keeps a copy of what it hands out (the splitter's input
// after the encoding layer: for UTF-16 that is the converted text).
class RecordingSource final : public text::ByteSource {
 public:
  explicit RecordingSource(text::ByteSource& inner) : inner_(inner) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = inner_.read(buffer, size);
    seen.append(buffer, n);
    return n;
  }
  std::string seen;

 private:
  text::ByteSource& inner_;
};

bool changed_as_documented(char before, char after) {
  return before == after || (before == '\r' && after == '\n') || after == ' ';
}

void split_and_read(std::string_view bytes, const pgn::SplitterOptions& limits, bool read_games) {
  text::MemorySource raw(bytes);
  text::OpenedInput opened = text::open_input(raw);
  RecordingSource recorded(*opened.source);
  pgn::Splitter splitter(recorded, limits);
  pgn::Segment segment;
  std::uint64_t offset = 0;
  std::uint64_t game_segments = 0;
  std::string texts;  // the segments, in order

  static const locale::Messages messages("en");
  static batch::Renderer renderer(*batch::output_format("pgn"), messages, false);
  pgn::GameReader reader(pgn::ReadOptions{}, &opened.detection);
  game::Game game;
  std::int64_t complete = 0, incomplete = 0, rejected = 0;

  while (splitter.next(segment)) {
    NOTERA_FUZZ_CHECK(segment.byte_offset == offset, bytes);
    NOTERA_FUZZ_CHECK(!segment.text.empty(), bytes);
    offset += segment.text.size();
    texts.append(segment.text);
    if (segment.kind != pgn::SegmentKind::game) continue;
    ++game_segments;
    if (!read_games) continue;
    reader.read(segment.text, segment.first_line, game);
    switch (game.status) {
      case game::GameStatus::complete: ++complete; break;
      case game::GameStatus::incomplete: ++incomplete; break;
      case game::GameStatus::rejected: ++rejected; break;
    }
    if (game.status == game::GameStatus::rejected) {
      NOTERA_FUZZ_CHECK(game.has_errors(), segment.text);
      continue;
    }
    NOTERA_FUZZ_CHECK(replays(game.mainline, game.start), segment.text);
    std::string out;
    renderer.render(game, batch::GameSource{"fuzz.pgn", segment.first_line, 1, segment.text}, out);
    check_round_trip(game, out);
  }
  NOTERA_FUZZ_CHECK(game_segments == splitter.games(), bytes);
  if (read_games)
    NOTERA_FUZZ_CHECK(static_cast<std::int64_t>(game_segments) == complete + incomplete + rejected, bytes);
  // Every byte accounted for.
  NOTERA_FUZZ_CHECK(offset == recorded.seen.size(), bytes);
  NOTERA_FUZZ_CHECK(texts.size() == recorded.seen.size(), bytes);
  for (std::size_t i = 0; i < texts.size(); ++i)
    NOTERA_FUZZ_CHECK(changed_as_documented(recorded.seen[i], texts[i]), bytes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  split_and_read(bytes, pgn::SplitterOptions{}, true);
  pgn::SplitterOptions tiny;
  tiny.chunk_size = 7;
  tiny.max_line_length = 64;
  tiny.max_game_size = 512;
  split_and_read(bytes, tiny, true);
  // --game-per-line: every line a game, the same bytes accounted for.
  pgn::SplitterOptions per_line;
  per_line.game_per_line = true;
  split_and_read(bytes, per_line, true);
  return 0;
}
