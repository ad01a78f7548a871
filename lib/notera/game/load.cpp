#include "notera/game/load.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <string_view>

#include "notera/core/fen.hpp"
#include "notera/core/utf8.hpp"

namespace notera {

namespace {

Diagnostic error_at(Message message, int line = 0, int column = 0) {
  Diagnostic d;
  d.severity = Severity::error;
  d.message = std::move(message);
  d.where = {line, column};
  return d;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// `[Name "value"]` with PGN's escapes \" and \\; nullopt when it is not one.
std::optional<Tag> parse_tag_line(std::string_view line) {
  if (line.size() < 2 || line.front() != '[' || line.back() != ']') return std::nullopt;
  std::string_view inner = trim(line.substr(1, line.size() - 2));
  Tag tag;
  std::size_t i = 0;
  while (i < inner.size() && (std::isalnum(static_cast<unsigned char>(inner[i])) || inner[i] == '_'))
    ++i;
  if (i == 0) return std::nullopt;
  tag.name = std::string(inner.substr(0, i));
  inner = trim(inner.substr(i));
  if (inner.size() < 2 || inner.front() != '"' || inner.back() != '"') return std::nullopt;
  inner = inner.substr(1, inner.size() - 2);
  for (std::size_t k = 0; k < inner.size(); ++k) {
    if (inner[k] == '\\' && k + 1 < inner.size()) {
      tag.value += inner[++k];
    } else if (inner[k] == '"') {
      return std::nullopt;  // an unescaped quote inside the value
    } else {
      tag.value += inner[k];
    }
  }
  return tag;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

std::optional<Game> load_game_file(const std::string& path, const PlayOptions& options,
                                   std::vector<Diagnostic>& problems) {
  // Scoresheet transcriptions need the .sheet reader (another branch); reading
  // one as movetext would misread its header and clock columns.
  if (ends_with(path, ".sheet")) {
    problems.push_back(error_at(Message("load.sheet_not_supported").with("path", path)));
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    problems.push_back(error_at(Message("load.cannot_open").with("path", path)));
    return std::nullopt;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);
  if (!utf8::is_valid(text)) {
    problems.push_back(error_at(Message("load.not_utf8").with("path", path)));
    return std::nullopt;
  }

  // The tag section: blank lines, `%` escape lines and one tag per line.
  std::vector<Tag> tags;
  std::size_t offset = 0;
  int line_number = 1;
  while (offset < text.size()) {
    const std::size_t end = std::min(text.find('\n', offset), text.size());
    const std::string_view line = trim(std::string_view(text).substr(offset, end - offset));
    if (!line.empty() && line.front() != '%') {
      if (line.front() != '[') break;
      auto tag = parse_tag_line(line);
      if (!tag) {
        problems.push_back(error_at(Message("load.bad_tag").with("text", line), line_number, 1));
        return std::nullopt;
      }
      tags.push_back(std::move(*tag));
    }
    offset = end + 1;
    ++line_number;
  }
  const std::size_t movetext_begin = std::min(offset, text.size());
  const int movetext_line = line_number;

  // One game only: a tag line after the moves starts a second game.
  {
    std::size_t at = movetext_begin;
    int number = movetext_line;
    while (at < text.size()) {
      const std::size_t end = std::min(text.find('\n', at), text.size());
      const std::string_view line = trim(std::string_view(text).substr(at, end - at));
      if (!line.empty() && line.front() == '[') {
        problems.push_back(error_at(Message("load.several_games").with("path", path), number, 1));
        return std::nullopt;
      }
      at = end + 1;
      ++number;
    }
  }

  Position start = Position::start();
  bool chess960 = false;
  std::optional<std::string> fen;
  for (const Tag& tag : tags) {
    if (tag.name == "Variant") {
      std::string variant;
      for (char c : tag.value) variant += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (variant == "chess960" || variant == "fischerandom" || variant == "chess 960") {
        chess960 = true;
      } else if (!variant.empty() && variant != "standard" && variant != "chess") {
        problems.push_back(error_at(Message("load.unsupported_variant").with("variant", tag.value)));
        return std::nullopt;
      }
    }
    if (tag.name == "FEN") fen = tag.value;
  }
  if (fen) {
    FenResult read = read_fen(*fen, chess960);
    if (!read) {
      problems.push_back(
          error_at(Message("load.bad_fen").with("column", read.error.column).with("reason", read.error.message)));
      return std::nullopt;
    }
    start = *read.position;
  } else if (chess960) {
    problems.push_back(error_at(Message("load.chess960_without_fen")));
    return std::nullopt;
  }

  Game game = read_movetext_game(std::string_view(text).substr(movetext_begin), options, start, movetext_line);
  game.tags = std::move(tags);
  game.custom_start = fen.has_value();
  const bool complete = game.status == GameStatus::complete;
  problems.insert(problems.end(), game.diagnostics.begin(), game.diagnostics.end());
  if (!complete) return std::nullopt;
  return game;
}

}  // namespace notera
