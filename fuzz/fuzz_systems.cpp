// Descriptive (English, Spanish) and announced movetext: the first byte
// picks the system, the rest is played as `convert --from SYSTEM` plays a
// game's movetext (play_system_movetext), with its variations.
//
// Invariants: every move of the main line and the variations is legal
// where it stands; the game is complete or incomplete (never rejected),
// and incomplete exactly when an error says where the main line stops (or
// that a limit was reached); every diagnostic has a line and column inside
// the text; what the PGN writer makes of the game reads back to the same
// moves; and choosing the system (best_system) plays no further than the
// system it chose.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.hpp"
#include "notera/notation/systems.hpp"
#include "notera/pgn/play_movetext.hpp"
#include "notera/text/locate.hpp"

using namespace notera;
using namespace notera::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static constexpr notation::System systems[] = {notation::System::descriptive_en,
                                                 notation::System::descriptive_es, notation::System::announced};
  const notation::System system = systems[data[0] % 3];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  const pgn::PlayOptions options;
  game::Game game;
  game.start = Position::start();
  text::TextLocator locator(text);
  const pgn::SystemPlay played = pgn::play_system_movetext(text, 0, &locator, game, options, system, false);
  NOTERA_FUZZ_CHECK(played.plies == static_cast<int>(game.mainline.moves.size()), text);
  NOTERA_FUZZ_CHECK(replays(game.mainline, game.start), text);
  NOTERA_FUZZ_CHECK(game.status != game::GameStatus::rejected, text);
  bool stops = false;
  const int lines = static_cast<int>(count_lines(text));
  for (const Diagnostic& d : game.diagnostics) {
    stops = stops || d.message.key == "game.mainline_stops" || d.message.key == "game.limit_stops" ||
            d.message.key == "game.variation_too_deep";
    NOTERA_FUZZ_CHECK(d.where.line >= 1 && d.where.line <= lines, text);
    NOTERA_FUZZ_CHECK(d.where.column >= 1, text);
  }
  NOTERA_FUZZ_CHECK(stops == (game.status == game::GameStatus::incomplete), text);
  check_round_trip(game);

  // The main line alone, as the system is chosen: the same plies.
  game::Game scratch;
  scratch.start = game.start;
  const pgn::SystemPlay alone = pgn::play_system_movetext(text, 0, nullptr, scratch, options, system, true);
  NOTERA_FUZZ_CHECK(alone.plies == played.plies, text);
  return 0;
}
