#include "notera/scoresheet/sheet_game.hpp"

#include <cstdio>

#include "notera/core/fen.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/read_move.hpp"
#include "notera/pgn/play_movetext.hpp"

namespace notera::scoresheet {

std::string time_used_comment(int seconds) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "[%%emt %d:%02d:%02d]", seconds / 3600, (seconds / 60) % 60,
                seconds % 60);
  return buffer;
}

namespace {

// Where a cell's text lands in the movetext built from the sheet.
struct Span {
  std::size_t begin;
  std::size_t end;
  const SheetCell* cell;
};

void diagnose(SheetGame& out, Message message, SourceLocation where, int ply) {
  Diagnostic d;
  d.severity = Severity::error;
  d.message = std::move(message);
  d.where = where;
  d.ply = ply;
  out.game.diagnostics.push_back(std::move(d));
  out.needs_reconstruction = true;
  out.game.status = game::GameStatus::incomplete;
}

}  // namespace

SheetGame sheet_game(const Scoresheet& sheet, pgn::PlayOptions options) {
  SheetGame out;
  game::Game& game = out.game;
  game.tags = sheet.tags;
  if (const auto result = sheet.tag("Result")) game.result = std::string(*result);
  if (!sheet.start_fen.empty()) {
    const bool chess960 = sheet.tag("Variant").has_value();
    if (const FenResult start = read_fen(sheet.start_fen, chess960)) {
      game.start = *start.position;
      game.custom_start = true;
    }
  }
  if (!sheet.language.empty()) {
    const int language = notation::LetterTable::instance().language_index(sheet.language);
    if (language >= 0) options.language = language;
  }
  if (!sheet.cells.empty()) game.where = sheet.cells.front().where;

  // The moves as movetext, up to the first cell that needs a decision.
  std::string text;
  std::vector<Span> spans;
  for (const SheetCell& cell : sheet.cells) {
    if (cell.kind != CellKind::move) {
      // An unrecorded or empty cell in the middle of the game: a gap.
      diagnose(out, Message("sheet.gap").with("number", cell.number), cell.where, cell.ply);
      break;
    }
    if (!cell.alternatives.empty() || !cell.unreadable.empty()) {
      diagnose(out, Message("sheet.undecided").with("text", cell.text), cell.move_where, cell.ply);
      break;
    }
    if (cell.side == Color::white || spans.empty())
      text += std::to_string(cell.number) + (cell.side == Color::white ? ". " : "... ");
    const std::size_t begin = text.size();
    text += cell.move;
    spans.push_back({begin, text.size(), &cell});
    if (cell.draw_offer()) text += " (=)";
    text += ' ';
  }

  pgn::MovetextParse parse;
  parse_movetext(text, notation::reading_languages(options.language), parse);
  text::TextLocator locator(text);
  const std::size_t before = game.diagnostics.size();
  play_movetext(parse, text, 0, locator, game, options);
  // Diagnostics point into the built movetext: move them to the sheet
  // (ply k is the k-th cell played).
  for (std::size_t i = before; i < game.diagnostics.size(); ++i) {
    Diagnostic& d = game.diagnostics[i];
    if (d.ply >= 1 && static_cast<std::size_t>(d.ply) <= spans.size())
      d.where = spans[static_cast<std::size_t>(d.ply) - 1].cell->move_where;
    if (d.severity == Severity::error) out.needs_reconstruction = true;
  }

  // Clock notes: the time each player wrote down after a move.
  for (const SheetRow& row : sheet.rows) {
    for (const auto* note : {&row.white_clock, &row.black_clock}) {
      if (!*note) continue;
      const Color side = note == &row.white_clock ? Color::white : Color::black;
      for (std::size_t k = 0; k < spans.size() && k < game.mainline.moves.size(); ++k) {
        const SheetCell& cell = *spans[k].cell;
        if (cell.number == row.number && cell.side == side) {
          game.mainline.edit_notes(k).comments.push_back(time_used_comment((*note)->seconds));
          break;
        }
      }
    }
  }
  return out;
}

}  // namespace notera::scoresheet
