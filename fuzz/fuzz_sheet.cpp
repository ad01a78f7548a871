// Scoresheet transcriptions (.sheet): read_scoresheet, then sheet_game
// (the sheet read as it stands, as `convert` does).
//
// Invariants: every diagnostic, header, cell, note and comment has a place
// inside the text (line and column from 1, the line no further than the
// last); a cell's move text is set only for a written move, and its ply is
// the one its number and side claim; the game's moves replay legally and
// are never more than the cells; incomplete exactly when the sheet needs
// reconstruction; what the PGN writer makes of the game reads back to the
// same moves.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "notera/scoresheet/sheet_game.hpp"

using namespace notera;
using namespace notera::fuzz;

namespace {

bool inside(const SourceLocation& where, int lines) {
  return where.line >= 1 && where.line <= lines && where.column >= 1;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const scoresheet::Scoresheet sheet = scoresheet::read_scoresheet(text, "fuzz.sheet");
  const int lines = static_cast<int>(count_lines(text));
  for (const Diagnostic& d : sheet.diagnostics) {
    NOTERA_FUZZ_CHECK(!d.message.empty(), text);
    NOTERA_FUZZ_CHECK(d.where.line == 0 || inside(d.where, lines), text);
  }
  for (const scoresheet::SheetHeader& h : sheet.headers) NOTERA_FUZZ_CHECK(inside(h.where, lines), text);
  for (const scoresheet::SheetText& n : sheet.notes) NOTERA_FUZZ_CHECK(inside(n.where, lines), text);
  for (const auto* cells : {&sheet.cells, &sheet.surplus}) {
    for (const scoresheet::SheetCell& c : *cells) {
      NOTERA_FUZZ_CHECK(inside(c.where, lines), text);
      NOTERA_FUZZ_CHECK(c.kind == scoresheet::CellKind::move || c.move.empty(), text);
      NOTERA_FUZZ_CHECK(c.row >= 0 && c.row < static_cast<int>(sheet.rows.size()), text);
      for (int i : c.unreadable)
        NOTERA_FUZZ_CHECK(i >= 0 && static_cast<std::size_t>(i) < c.move.size(), text);
    }
  }

  const scoresheet::SheetGame read = sheet_game(sheet, pgn::PlayOptions{});
  const game::Game& game = read.game;
  NOTERA_FUZZ_CHECK(replays(game.mainline, game.start), text);
  NOTERA_FUZZ_CHECK(game.mainline.moves.size() <= sheet.cells.size(), text);
  NOTERA_FUZZ_CHECK(game.status != game::GameStatus::rejected, text);
  NOTERA_FUZZ_CHECK((game.status == game::GameStatus::incomplete) == read.needs_reconstruction, text);
  for (const Diagnostic& d : game.diagnostics)
    NOTERA_FUZZ_CHECK(d.where.line == 0 || inside(d.where, lines), text);
  check_round_trip(game);
  return 0;
}
