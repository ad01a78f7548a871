#include "pgn_text.hpp"

#include <array>

#include "notera/core/san.hpp"

namespace notera::cli {

namespace {

constexpr std::size_t max_line = 79;

// Joins pieces with append (operator+ chains on std::string trip GCC 12's
// false -Wrestrict warning, PR 105651).
std::string join(std::initializer_list<std::string_view> pieces) {
  std::string out;
  for (std::string_view p : pieces) out.append(p);
  return out;
}

std::string escape_tag(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '\\' || c == '"') out += '\\';
    out += (static_cast<unsigned char>(c) < 0x20) ? ' ' : c;
  }
  return out;
}

// A comment as tokens that may be put on separate lines: words, but a
// [%command ...] stays whole.
void comment_tokens(std::string_view text, std::vector<std::string>& out) {
  std::string clean;
  for (char c : text) clean += c == '{' ? '(' : c == '}' ? ')' : (c == '\n' || c == '\t' || c == '\r') ? ' ' : c;
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < clean.size()) {
    while (i < clean.size() && clean[i] == ' ') ++i;
    if (i >= clean.size()) break;
    std::size_t end = i;
    if (clean[i] == '[' && i + 1 < clean.size() && clean[i + 1] == '%') {
      end = clean.find(']', i);
      end = end == std::string::npos ? clean.size() : end + 1;
    } else {
      while (end < clean.size() && clean[end] != ' ') ++end;
    }
    words.push_back(clean.substr(i, end - i));
    i = end;
  }
  if (words.empty()) {
    out.emplace_back("{}");
    return;
  }
  words.front().insert(0, 1, '{');
  words.back() += '}';
  for (std::string& w : words) out.push_back(std::move(w));
}

void line_tokens(const Line& line, Position pos, std::vector<std::string>& out, int depth) {
  if (!line.comment_before.empty()) comment_tokens(line.comment_before, out);
  bool need_number = true;
  for (const GameMove& gm : line.moves) {
    const int number = pos.fullmove_number();
    std::string san = to_san(pos, gm.move);
    const std::string n = std::to_string(number);
    if (pos.side_to_move() == Color::white)
      out.push_back(join({n, ". ", san}));
    else
      out.push_back(need_number ? join({n, "... ", san}) : san);
    need_number = false;
    for (std::uint8_t nag : gm.nags) out.push_back(join({"$", std::to_string(nag)}));
    if (gm.draw_offer) {
      out.emplace_back("{(=)}");
      need_number = true;
    }
    for (const std::string& c : gm.comments) {
      comment_tokens(c, out);
      need_number = true;
    }
    if (depth < 50) {
      for (const Line& variation : gm.variations) {
        std::vector<std::string> inner;
        line_tokens(variation, pos, inner, depth + 1);
        if (inner.empty()) continue;
        inner.front().insert(0, 1, '(');
        inner.back() += ')';
        for (std::string& t : inner) out.push_back(std::move(t));
        need_number = true;
      }
    }
    Undo undo;
    pos.do_move(gm.move, undo);
  }
}

}  // namespace

std::string pgn_text(const Game& game) {
  std::string out;
  static const std::array<std::pair<const char*, const char*>, 7> roster = {{{"Event", "?"},
                                                                             {"Site", "?"},
                                                                             {"Date", "????.??.??"},
                                                                             {"Round", "?"},
                                                                             {"White", "?"},
                                                                             {"Black", "?"},
                                                                             {"Result", "*"}}};
  for (const auto& [name, missing] : roster) {
    std::string value = std::string(name) == "Result" ? game.result : std::string(game.tag(name).value_or(""));
    if (value.empty()) value = missing;
    out += join({"[", name, " \"", escape_tag(value), "\"]\n"});
  }
  for (const Tag& t : game.tags) {
    bool in_roster = false;
    for (const auto& [name, missing] : roster) in_roster |= t.name == name;
    if (!in_roster) out += join({"[", t.name, " \"", escape_tag(t.value), "\"]\n"});
  }
  out += '\n';

  std::vector<std::string> tokens;
  line_tokens(game.mainline, game.start, tokens, 0);
  tokens.push_back(game.result.empty() ? "*" : game.result);
  std::string line;
  for (const std::string& t : tokens) {
    // "12. e4" may be broken between number and move only where it must.
    if (!line.empty() && line.size() + 1 + t.size() > max_line) {
      out.append(line).append(1, '\n');
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += t;
  }
  if (!line.empty()) out.append(line).append(1, '\n');
  out += '\n';
  return out;
}

}  // namespace notera::cli
