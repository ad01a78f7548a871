// `--game FILE` for the commands that judge one game (sealed, claim,
// envelope): load it with load_game_file() and print every problem on
// stderr as "FILE:LINE:COL: message" in the message language; with --json
// also one object on stdout that says why there is no game.
#pragma once

#include <optional>
#include <string>

#include "command.hpp"
#include "notera/game/game.hpp"
#include "notera/pgn/play.hpp"

namespace notera::cli {

// The game, or nullopt (its problems printed) when it cannot be read whole;
// then `exit_code` is exit_usage when the file could not be read (an I/O
// error) and exit_problems when what it holds is not one whole game (no
// game, several, an illegal or unreadable move: the input had problems).
// With `json` the problems are also printed on stdout as
// {"file", "status", "problems": [...], "message"}, `message` being
// `why` (what the command cannot do without the game).
std::optional<game::Game> load_game_and_report(Context& context, const std::string& path,
                                               const pgn::PlayOptions& options, bool json, const Message& why,
                                               int& exit_code);

}  // namespace notera::cli
