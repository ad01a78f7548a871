#include "notera/input/load.hpp"

#include "notera/input/games.hpp"

namespace notera::input {

namespace {

// Keeps the game only when it is whole; its problems go to `problems`.
std::optional<game::Game> whole_game(game::Game game, std::vector<Diagnostic>& problems) {
  for (const Diagnostic& d : game.diagnostics)
    if (d.severity != Severity::note) problems.push_back(d);
  if (game.status != game::GameStatus::complete) return std::nullopt;
  return game;
}

Diagnostic problem(Message message, int line = 0) {
  Diagnostic d;
  d.message = std::move(message);
  if (line > 0) d.where = {line, 1};
  return d;
}

}  // namespace

std::string_view to_string(LoadFailure failure) {
  switch (failure) {
    case LoadFailure::none: return "none";
    case LoadFailure::unreadable: return "unreadable";
    case LoadFailure::no_game: return "no_game";
    case LoadFailure::several_games: return "several_games";
    case LoadFailure::not_whole: return "not_whole";
  }
  return "none";
}

std::optional<game::Game> load_game_file(const std::string& path, const pgn::PlayOptions& options,
                                         std::vector<Diagnostic>& problems, LoadFailure* failure) {
  LoadFailure ignored = LoadFailure::none;
  LoadFailure& why = failure ? *failure : ignored;
  why = LoadFailure::none;
  const std::unique_ptr<GameStream> stream = open_games(path);
  GameTextReader reader(options, &stream->detection());
  std::optional<game::Game> found;
  Entry entry;
  while (stream->next(entry)) {
    if (entry.kind != Entry::Kind::game) continue;
    if (found) {
      problems.push_back(
          problem(Message("load.several_games").with("path", path), static_cast<int>(entry.game.line)));
      why = LoadFailure::several_games;
      return std::nullopt;
    }
    game::Game game;
    reader.read(entry.game, path, game);
    found = std::move(game);
  }
  if (!stream->error().empty()) {
    problems.push_back(problem(stream->error()));
    why = LoadFailure::unreadable;
    return std::nullopt;
  }
  if (!found) {
    problems.push_back(problem(Message("load.no_game").with("path", path)));
    why = LoadFailure::no_game;
    return std::nullopt;
  }
  std::optional<game::Game> game = whole_game(std::move(*found), problems);
  if (!game) why = LoadFailure::not_whole;
  return game;
}

}  // namespace notera::input
