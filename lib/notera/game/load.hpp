// Loading one game from a file named on the command line (--game FILE):
// the game so far for `sealed`, `claim` and `envelope`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "notera/game/game.hpp"
#include "notera/game/play.hpp"

namespace notera {

// Reads the first game of a PGN file or a file of plain movetext. Problems
// that keep the game from being read go to `problems` (with line/column);
// nullopt when the file cannot be read at all.
std::optional<Game> load_game_file(const std::string& path, const PlayOptions& options,
                                   std::vector<Diagnostic>& problems);

}  // namespace notera
