#include "game_file.hpp"

#include <iostream>
#include <nlohmann/json.hpp>

#include "notera/input/load.hpp"
#include "notera/report/json.hpp"

namespace notera::cli {

std::optional<game::Game> load_game_and_report(Context& context, const std::string& path,
                                               const pgn::PlayOptions& options, bool json, const Message& why,
                                               int& exit_code) {
  std::vector<Diagnostic> problems;
  input::LoadFailure failure = input::LoadFailure::none;
  auto game = input::load_game_file(path, options, problems, &failure);
  for (const Diagnostic& d : problems) {
    // With a game, only errors matter here (warnings about the notation are
    // for `notera convert`); without one, everything that explains why.
    if (game && d.severity != Severity::error) continue;
    std::cerr << path;
    if (d.where.line > 0) std::cerr << ':' << d.where.line << ':' << d.where.column;
    std::cerr << ": " << context.format(d.message) << '\n';
  }
  if (game) return game;
  exit_code = failure == input::LoadFailure::unreadable ? exit_usage : exit_problems;
  if (!why.empty()) context.error(why);
  if (json) {
    // As `check --json` reports a game: its problems, each with its place.
    nlohmann::json j = {{"file", path},
                        {"status", std::string(input::to_string(failure))},
                        {"problems", nlohmann::json::array()},
                        {"message", why.empty() ? std::string() : context.format(why)}};
    for (const Diagnostic& d : problems)
      j["problems"].push_back(report::diagnostic_json(d, context.messages()));
    std::cout << j.dump() << '\n';
  }
  return std::nullopt;
}

}  // namespace notera::cli
