// Reading one game from a file for the commands that judge a single game
// (`notera sealed --game`, `notera claim`, `notera envelope`).
//
// PGN (any encoding, any notation the readers know) goes through the same
// splitter and game reader as `convert`; a `.sheet` transcription through
// the scoresheet reader, read as written.
//
// What it promises: a game is returned only when every main-line move was
// read and is legal. Anything else (no such file, a file with several
// games, a bad tag or FEN, an illegal or unreadable move, a scoresheet that
// needs reconstruction) gives nullopt and diagnostics saying what and where;
// never a wrong game.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "notera/game/game.hpp"
#include "notera/pgn/play.hpp"

namespace notera::input {

// Reads the game in `path`. Errors (and, with a game, its warnings) are
// appended to `problems`; their locations are lines and columns in the file.
std::optional<game::Game> load_game_file(const std::string& path, const pgn::PlayOptions& options,
                                         std::vector<Diagnostic>& problems);

}  // namespace notera::input
