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

std::string clock_command(const char* name, int seconds) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "[%%%s %d:%02d:%02d]", name, seconds / 3600, (seconds / 60) % 60,
                seconds % 60);
  return buffer;
}

// A non-negative number at the start of `s` (read as far as it goes).
bool leading_number(std::string_view& s, long& value) {
  std::size_t i = 0;
  value = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9' && value < 100000000) value = value * 10 + (s[i++] - '0');
  if (i == 0) return false;
  s.remove_prefix(i);
  return true;
}

}  // namespace

std::string clock_comment(int used, std::string_view time_control, int own_moves) {
  // PGN §9.6.1: "5400+30" (seconds, increment) or "40/7200:3600"; only the
  // first period is followed here, and only while it lasts.
  std::string_view tc = time_control.substr(0, time_control.find(':'));
  long moves = 0, base = 0, increment = 0;
  bool ok = true;
  if (const std::size_t slash = tc.find('/'); slash != std::string_view::npos) {
    std::string_view m = tc.substr(0, slash);
    ok = leading_number(m, moves) && m.empty() && own_moves <= moves;
    tc.remove_prefix(slash + 1);
  }
  ok = ok && leading_number(tc, base);
  if (ok && !tc.empty())
    ok = tc.front() == '+' && (tc.remove_prefix(1), leading_number(tc, increment)) && tc.empty();
  const long left = base + increment * own_moves - used;
  if (ok && base > 0 && left >= 0) return clock_command("clk", static_cast<int>(left));
  // Without the time control the figure stays what it is: the player's
  // time used so far in the game (not the time of this one move, %emt).
  return clock_command("egt", used);
}

namespace {

// Where a cell's text lands in the movetext built from the sheet.
struct Span {
  std::size_t begin;
  std::size_t end;
  const SheetCell* cell;
};

// "9." or "9..." for a cell: the number its box is written with, as the
// messages of a game name a move.
std::string box_number_text(const SheetCell& cell) {
  return std::to_string(cell.number) + (cell.side == Color::white ? "." : "...");
}

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
      diagnose(out,
               Message("sheet.gap")
                   .with("number", cell.number)
                   .with("black", cell.side == Color::black ? "yes" : "no"),
               cell.where, cell.ply);
      break;
    }
    if (!cell.alternatives.empty() || !cell.unreadable.empty()) {
      diagnose(out,
               Message("sheet.undecided")
                   .with("text", cell.text)
                   .with("number", cell.number)
                   .with("black", cell.side == Color::black ? "yes" : "no"),
               cell.move_where, cell.ply);
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
  // (ply k is the k-th cell played), and name the move as its box is
  // numbered ("the game stops at 8. 'Lb3'" where rows 6 and 7 are missing
  // and the game's move is its 5th).
  for (std::size_t i = before; i < game.diagnostics.size(); ++i) {
    Diagnostic& d = game.diagnostics[i];
    if (d.ply >= 1 && static_cast<std::size_t>(d.ply) <= spans.size()) {
      const SheetCell& cell = *spans[static_cast<std::size_t>(d.ply) - 1].cell;
      d.where = cell.move_where;
      for (auto& [name, value] : d.message.args)
        if (name == "number" && !value.is_number) value.text = box_number_text(cell);
    }
    if (d.severity == Severity::error) out.needs_reconstruction = true;
  }

  // Clock notes: the time each player wrote down after a move (time used so
  // far: with the time control, the time left on the clock).
  const std::string_view time_control = sheet.tag("TimeControl").value_or(std::string_view{});
  for (const SheetRow& row : sheet.rows) {
    for (const auto* note : {&row.white_clock, &row.black_clock}) {
      if (!*note) continue;
      const Color side = note == &row.white_clock ? Color::white : Color::black;
      for (std::size_t k = 0; k < spans.size() && k < game.mainline.moves.size(); ++k) {
        const SheetCell& cell = *spans[k].cell;
        if (cell.number == row.number && cell.side == side) {
          int own_moves = 0;
          for (std::size_t j = 0; j <= k; ++j) own_moves += spans[j].cell->side == side ? 1 : 0;
          game.mainline.edit_notes(k).comments.push_back(
              clock_comment((*note)->seconds, time_control, own_moves));
          break;
        }
      }
    }
  }
  return out;
}

}  // namespace notera::scoresheet
