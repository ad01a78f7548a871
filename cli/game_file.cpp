#include "game_file.hpp"

#include <iostream>

#include "notera/input/load.hpp"

namespace notera::cli {

std::optional<game::Game> load_game_and_report(Context& context, const std::string& path,
                                               const pgn::PlayOptions& options) {
  std::vector<Diagnostic> problems;
  auto game = input::load_game_file(path, options, problems);
  for (const Diagnostic& d : problems) {
    // With a game, only errors matter here (warnings about the notation are
    // for `notera convert`); without one, everything that explains why.
    if (game && d.severity != Severity::error) continue;
    std::cerr << path;
    if (d.where.line > 0) std::cerr << ':' << d.where.line << ':' << d.where.column;
    std::cerr << ": " << context.format(d.message) << '\n';
  }
  return game;
}

}  // namespace notera::cli
