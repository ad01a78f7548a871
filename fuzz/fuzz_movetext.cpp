// Movetext: parse_movetext, then play it (read_movetext_game, the language
// decided from the moves as `convert` does).
//
// Invariants: events lie inside the text, in order; every move of the main
// line and the variations is legal where it stands; the game is complete
// or incomplete (never rejected), and incomplete exactly when a diagnostic
// says where the main line stops; every diagnostic has a line and column
// inside the text; what the PGN writer makes of the game reads back to the
// same moves.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.hpp"
#include "notera/notation/read_move.hpp"
#include "notera/pgn/movetext.hpp"
#include "notera/pgn/play.hpp"

using namespace notera;
using namespace notera::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  pgn::MovetextParse parse;
  parse_movetext(text, notation::all_languages, parse);
  std::uint32_t previous = 0;
  for (const pgn::MovetextEvent& e : parse.events) {
    NOTERA_FUZZ_CHECK(e.begin <= e.end && e.end <= text.size(), text);
    NOTERA_FUZZ_CHECK(e.begin >= previous, text);
    previous = e.begin;
  }

  const pgn::PlayOptions options;
  const game::Game game = read_movetext_game(text, options);
  NOTERA_FUZZ_CHECK(replays(game.mainline, game.start), text);
  NOTERA_FUZZ_CHECK(game.status != game::GameStatus::rejected, text);
  bool stops = false;
  const int lines = static_cast<int>(count_lines(text));
  for (const Diagnostic& d : game.diagnostics) {
    stops = stops || d.message.key == "game.mainline_stops";
    NOTERA_FUZZ_CHECK(d.where.line >= 1 && d.where.line <= lines, text);
    NOTERA_FUZZ_CHECK(d.where.column >= 1, text);
  }
  NOTERA_FUZZ_CHECK(stops == (game.status == game::GameStatus::incomplete), text);
  check_round_trip(game);
  return 0;
}
