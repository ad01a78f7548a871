// Reading one game from a file for the commands that judge a single game
// (`notera claim`, `notera envelope`, `notera sealed --game`).
//
// Provisional on purpose: today this reads plain movetext, and PGN with one
// game by skipping its tag section through a minimal parse of `[Name "value"]`
// lines into game.tags (FEN/SetUp give the start position, Variant
// "chess960" turns Chess960 on). The lead replaces the body with the real
// PGN reader and the `.sheet` reader/reconstruction; the signature stays, so
// the commands written against it do not change.
//
// What it promises: a game is returned only when every main-line move was
// read and is legal. Anything else (no such file, not UTF-8, a `.sheet`
// file, several games, a bad tag or FEN, an illegal or unreadable move) gives
// nullopt and diagnostics saying what and where; never a wrong game.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "notera/game/game.hpp"
#include "notera/game/play.hpp"

namespace notera {

// Reads the game in `path`. Errors (and, with a game, its warnings) are
// appended to `problems`; their locations are lines and columns in the file.
std::optional<Game> load_game_file(const std::string& path, const PlayOptions& options,
                                   std::vector<Diagnostic>& problems);

}  // namespace notera
