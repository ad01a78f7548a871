// A scoresheet read as it stands, without corrections: every written move
// played in order. This is the lenient reading `convert` and `--game` use;
// a sheet with slips, gaps, unreadable characters or undecided readings is
// reported as needing `notera reconstruct`, never silently "fixed".
#pragma once

#include "notera/game/game.hpp"
#include "notera/pgn/play.hpp"
#include "notera/scoresheet/sheet.hpp"

namespace notera::scoresheet {

struct SheetGame {
  game::Game game;
  // The sheet cannot be read as a game without corrections (a move that is
  // not legal as written, a gap, '?' or 'a|b'): `game` holds the moves up
  // to there and diagnostics say what and where.
  bool needs_reconstruction = false;
};

// Plays the sheet's moves. The language is the sheet's Notation header when
// given, else options.language (auto: decided from the moves).
SheetGame sheet_game(const Scoresheet& sheet, pgn::PlayOptions options);

// "0:05" -> "[%emt 0:05:00]": the time used that the player wrote after a
// move, as a PGN comment command (h:mm:ss).
std::string time_used_comment(int seconds);

// A clock note (the time the player has used so far, as written on the
// sheet) as a PGN clock command: "[%clk h:mm:ss]", the time left, where the
// TimeControl tag gives the base and increment ("5400+30", "40/7200:3600"
// while its first period lasts) and `own_moves` (the player's moves so far,
// this one included) tells how many increments were added; otherwise
// "[%egt h:mm:ss]", the time used so far in the game.
std::string clock_comment(int used_seconds, std::string_view time_control, int own_moves);

}  // namespace notera::scoresheet
