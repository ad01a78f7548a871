// `--game FILE` for the commands that judge one game (claim, envelope):
// load it with load_game_file() and print every problem on stderr as
// "FILE:LINE:COL: message" in the message language.
#pragma once

#include <optional>
#include <string>

#include "command.hpp"
#include "notera/game/game.hpp"
#include "notera/pgn/play.hpp"

namespace notera::cli {

// The game, or nullopt (its problems printed) when it cannot be read whole.
std::optional<game::Game> load_game_and_report(Context& context, const std::string& path,
                                               const pgn::PlayOptions& options);

}  // namespace notera::cli
