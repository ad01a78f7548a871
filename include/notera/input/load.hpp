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

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notera/game/game.hpp"
#include "notera/pgn/play.hpp"

namespace notera::input {

// Why load_game_file() gave no game: the file could not be read (an I/O
// error: no such file, no permission, a damaged archive), or what it holds
// is not one whole game (a problem of the input).
enum class LoadFailure : std::uint8_t { none, unreadable, no_game, several_games, not_whole };
std::string_view to_string(LoadFailure failure);  // "unreadable", "no_game", ...

// Reads the game in `path`. Errors (and, with a game, its warnings) are
// appended to `problems`; their locations are lines and columns in the file.
// `failure` (optional) says why there is no game.
std::optional<game::Game> load_game_file(const std::string& path, const pgn::PlayOptions& options,
                                         std::vector<Diagnostic>& problems, LoadFailure* failure = nullptr);

}  // namespace notera::input
