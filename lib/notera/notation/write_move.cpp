#include "notera/notation/write_move.hpp"

#include "notera/core/fen.hpp"
#include "notera/core/uci.hpp"
#include "notera/notation/letters.hpp"

namespace notera::notation {

std::optional<OutputNotation> output_notation(std::string_view name) {
  OutputNotation n;
  n.name = std::string(name);
  if (name == "san" || name == "pgn") {
    n.kind = OutputNotation::Kind::san;
  } else if (name == "lan") {
    n.kind = OutputNotation::Kind::lan;
    n.style.long_form = true;
  } else if (name == "uci") {
    n.kind = OutputNotation::Kind::uci;
  } else if (const int system = system_language(name)) {
    n.kind = OutputNotation::Kind::system;
    n.system = system == announced_language        ? System::announced
               : system == descriptive_es_language ? System::descriptive_es
                                                   : System::descriptive_en;
  } else if (name == "figurine") {
    n.kind = OutputNotation::Kind::figurine;
    n.style = LetterTable::figurine_style();
  } else {
    const LetterTable& letters = LetterTable::instance();
    const int language = letters.language_index(name);
    if (language < 0) return std::nullopt;
    n.kind = OutputNotation::Kind::language;
    n.language = language;
    n.style = letters.style(language);
  }
  return n;
}

void append_move(const Position& pos, Move m, const Position& after, const OutputNotation& notation,
                 std::string& out) {
  if (notation.kind == OutputNotation::Kind::uci) {
    append_uci(pos, m, out);
    return;
  }
  if (notation.kind == OutputNotation::Kind::system) {
    append_system_move(pos, m, after, notation.system, nullptr, out, notation.words_language);
    return;
  }
  SanText text;
  write_san_body(pos, m, text, notation.style);
  out.append(text.view());
  out.append(check_mark(after));
}

std::string move_text(const Position& pos, Move m, const OutputNotation& notation) {
  Position after = pos.after(m);
  std::string out;
  append_move(pos, m, after, notation, out);
  return out;
}

bool needs_start(const Position& start) { return !(start == Position::start()); }

void append_start(const Position& start, const OutputNotation& notation, bool moves_follow,
                  std::string& out) {
  if (!needs_start(start)) return;
  if (notation.kind == OutputNotation::Kind::uci) {
    out += "position fen ";
    out += uci_fen(start);
    if (moves_follow) out += " moves ";
    return;
  }
  if (start.is_chess960()) out += "[Variant \"Chess960\"] ";
  out += "[SetUp \"1\"] [FEN \"";
  out += write_fen(start);
  out += "\"]";
  if (moves_follow) out += ' ';
}

void append_end(const Position& start, const OutputNotation& notation, std::string_view result,
                std::string& out) {
  if (!needs_start(start) || notation.kind == OutputNotation::Kind::uci) return;
  if (!out.empty() && out.back() != ' ') out += ' ';
  out += result.empty() ? std::string_view("*") : result;
}

}  // namespace notera::notation
