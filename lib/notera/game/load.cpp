#include "notera/game/load.hpp"

#include <fstream>
#include <sstream>

#include "notera/pgn/reader.hpp"
#include "notera/pgn/splitter.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "notera/scoresheet/sheet_game.hpp"
#include "notera/text/encoding.hpp"
#include "notera/text/source.hpp"

namespace notera {

namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Keeps the game only when it is whole; its problems go to `problems`.
std::optional<Game> whole_game(Game game, std::vector<Diagnostic>& problems) {
  for (const Diagnostic& d : game.diagnostics)
    if (d.severity != Severity::note) problems.push_back(d);
  if (game.status != GameStatus::complete) return std::nullopt;
  return game;
}

}  // namespace

std::optional<Game> load_game_file(const std::string& path, const PlayOptions& options,
                                   std::vector<Diagnostic>& problems) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Diagnostic d;
    d.message = Message("load.cannot_open").with("path", path);
    problems.push_back(std::move(d));
    return std::nullopt;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string bytes = buffer.str();

  if (ends_with(path, ".sheet")) {
    const Scoresheet sheet = read_scoresheet(bytes, path);
    for (const Diagnostic& d : sheet.diagnostics)
      if (d.severity == Severity::error) problems.push_back(d);
    SheetGame read = sheet_game(sheet, options);
    if (read.needs_reconstruction) {
      Diagnostic d;
      d.message = Message("sheet.use_reconstruct");
      problems.push_back(std::move(d));
    }
    return whole_game(std::move(read.game), problems);
  }

  // PGN or movetext: the first game, through the batch readers.
  text::MemorySource raw(bytes);
  text::OpenedInput opened = text::open_input(raw);
  pgn::Splitter splitter(*opened.source);
  pgn::ReadOptions read_options;
  read_options.play = options;
  pgn::GameReader reader(read_options, &opened.detection);
  pgn::Segment segment;
  std::optional<Game> found;
  while (splitter.next(segment)) {
    if (segment.kind != pgn::SegmentKind::game) continue;
    if (found) {
      Diagnostic d;
      d.where = {static_cast<int>(segment.first_line), 1};
      d.message = Message("load.several_games").with("path", path);
      problems.push_back(std::move(d));
      return std::nullopt;
    }
    Game game;
    reader.read(segment.text, segment.first_line, game);
    found = std::move(game);
  }
  if (!found) {
    Diagnostic d;
    d.message = Message("load.no_game").with("path", path);
    problems.push_back(std::move(d));
    return std::nullopt;
  }
  return whole_game(std::move(*found), problems);
}

}  // namespace notera
