// Playing read movetext into a Game: every move resolved against its
// position, comments, NAGs and variations attached where they belong, and
// the notation language decided when it was not given.
//
// Error recovery (what users need from archives with bad moves): a move in
// the main line that is illegal, ambiguous or unreadable ends the main line
// there. The moves before it are kept, the game is marked incomplete, and
// a diagnostic says what and where (line, column, ply). A bad move inside a
// variation drops the rest of that variation only, with a warning.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "notera/game/game.hpp"
#include "notera/notation/laws.hpp"
#include "notera/notation/resolve.hpp"

namespace notera::pgn {

struct PlayOptions {
  // Notation language (LetterTable index), or ResolveOptions::any_language:
  // decide per game from what replays legally.
  int language = notation::ResolveOptions::any_language;
  // Languages to prefer, in order, when several read the game equally well
  // (they often do: nb, sv, da and de share K D T L S).
  std::vector<int> preference;
  notation::Laws laws = notation::default_laws;
  bool foreign_letters = true;
  bool keep_variations = true;
  int max_variation_depth = 100;
  bool warnings = false;  // record notation inaccuracies as warnings
  // Limits against hostile input, so that a game costs bounded time and
  // memory. Past one, the game stops there: it is incomplete (what came
  // before is kept), with an error that names the limit, line, column and
  // ply. A variation nested deeper than max_variation_depth is left out and
  // makes the game incomplete too.
  int max_plies = 20000;   // main line: the 75-move rule (FIDE 9.6.2) ends any game by ply 17,697
  int max_moves = 200000;  // main line and variations together
  std::size_t max_comment_length = std::size_t{256} << 10;  // bytes of one comment
  int max_diagnostics = 1000;  // per game; the rest are counted in one "game.more_problems"
};

// What language detection found, for reports.
struct LanguageChoice {
  int language = -1;          // the language used
  std::vector<int> also_fit;  // others that read the game as well
  bool guessed = false;       // not given by the user
};

// Checks the written result against the final position (mate, stalemate,
// dead position) and adds a diagnostic when they contradict.
void check_result(game::Game& game);
// The same, when the caller already has the final position.
void check_result(game::Game& game, const Position& final);

// Convenience for plain movetext (no tags): reads and plays `text` from
// `start`. Line numbers in diagnostics start at `first_line`.
game::Game read_movetext_game(std::string_view text, const PlayOptions& options,
                              const Position& start = Position::start(), int first_line = 1);

}  // namespace notera::pgn
