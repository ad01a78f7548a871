#include "notera/game/load.hpp"

#include <fstream>
#include <sstream>

#include "notera/core/fen.hpp"
#include "notera/scoresheet/sheet_game.hpp"
#include "notera/notation/read_move.hpp"
#include "notera/text/locate.hpp"

namespace notera {

namespace {

// The tag section of a PGN game: lines "[Name "value"]" before the moves.
// Returns the offset where the movetext begins.
std::size_t read_tag_lines(std::string_view text, Game& game) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos) {
      pos = end + 1;
      continue;
    }
    line.remove_prefix(first);
    if (line.front() != '[' || line.back() != ']') break;
    const std::size_t quote = line.find('"');
    const std::size_t last = line.rfind('"');
    if (quote != std::string_view::npos && last > quote) {
      std::string_view name = line.substr(1, quote - 1);
      while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
      std::string value;
      for (std::size_t i = quote + 1; i < last; ++i) {
        if (line[i] == '\\' && i + 1 < last) ++i;
        value += line[i];
      }
      game.tags.push_back({std::string(name), value});
    }
    pos = end + 1;
  }
  return std::min(pos, text.size());
}

}  // namespace

std::optional<Game> load_game_file(const std::string& path, const PlayOptions& options,
                                   std::vector<Diagnostic>& problems) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Diagnostic d;
    d.message = Message("io.cannot_open").with("file", path);
    problems.push_back(std::move(d));
    return std::nullopt;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();

  if (path.size() > 6 && path.compare(path.size() - 6, 6, ".sheet") == 0) {
    const Scoresheet sheet = read_scoresheet(text, path);
    for (const Diagnostic& d : sheet.diagnostics)
      if (d.severity == Severity::error) problems.push_back(d);
    SheetGame read = sheet_game(sheet, options);
    for (const Diagnostic& d : read.game.diagnostics)
      if (d.severity == Severity::error) problems.push_back(d);
    return std::move(read.game);
  }

  Game game;
  const std::size_t moves_at = read_tag_lines(text, game);
  if (const auto fen = game.tag("FEN")) {
    const bool chess960 = game.tag("Variant").value_or("").find("960") != std::string_view::npos;
    const FenResult start = read_fen(*fen, chess960);
    if (!start) {
      Diagnostic d;
      d.message = Message("game.bad_fen_tag").with("reason", start.error.message);
      problems.push_back(std::move(d));
      return std::nullopt;
    }
    game.start = *start.position;
    game.custom_start = true;
  }
  if (const auto result = game.tag("Result")) game.result = std::string(*result);
  MovetextParse parse;
  const std::string_view movetext = std::string_view(text).substr(moves_at);
  parse_movetext(movetext, reading_languages(options.language), parse);
  TextLocator locator(text);
  play_movetext(parse, movetext, moves_at, locator, game, options);
  for (const Diagnostic& d : game.diagnostics)
    if (d.severity == Severity::error) problems.push_back(d);
  return game;
}

}  // namespace notera
