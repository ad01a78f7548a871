#include "notera/arbiter/diagram.hpp"

#include <cstdio>
#include <string_view>

namespace notera::arbiter {

namespace {

// Figurines by PieceType index (none, pawn, knight, bishop, rook, queen, king).
constexpr std::string_view white_figurines[] = {"", "♙", "♘", "♗", "♖", "♕", "♔"};
constexpr std::string_view black_figurines[] = {"", "♟", "♞", "♝", "♜", "♛", "♚"};
constexpr char letters[] = {' ', 'P', 'N', 'B', 'R', 'Q', 'K'};

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", v);
  std::string s(buffer);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string text_diagram(const Position& pos, bool figurines) {
  std::string out;
  const std::string files = "    a b c d e f g h\n";
  out += files;
  out += "  +-----------------+\n";
  for (int rank = 7; rank >= 0; --rank) {
    out += static_cast<char>('1' + rank);
    out += " |";
    for (int file = 0; file < 8; ++file) {
      const Square s = make_square(file, rank);
      out += ' ';
      if (pos.empty(s)) {
        out += figurines ? "·" : ".";
        continue;
      }
      const Piece p = pos.piece_on(s);
      const int t = index(type_of(p));
      if (figurines) {
        out += color_of(p) == Color::white ? white_figurines[t] : black_figurines[t];
      } else {
        const char letter = letters[t];
        out += color_of(p) == Color::white ? letter : static_cast<char>(letter - 'A' + 'a');
      }
    }
    out += " | ";
    out += static_cast<char>('1' + rank);
    out += '\n';
  }
  out += "  +-----------------+\n";
  out += files;
  return out;
}

std::string svg_diagram(const Position& pos, double x, double y, double size) {
  const double cell = size / 8;
  const double margin = cell * 0.45;  // room for the coordinates
  const double bx = x + margin, by = y;
  std::string out =
      "<g class=\"diagram\" font-family=\"DejaVu Sans, FreeSerif, 'Noto Sans Symbols 2', serif\">\n";
  // Squares: light squares white, dark squares grey, so it prints on any printer.
  for (int rank = 7; rank >= 0; --rank) {
    for (int file = 0; file < 8; ++file) {
      const bool dark = (file + rank) % 2 == 0;  // a1 is dark
      const double sx = bx + file * cell, sy = by + (7 - rank) * cell;
      out += "<rect x=\"" + number(sx) + "\" y=\"" + number(sy) + "\" width=\"" + number(cell) +
             "\" height=\"" + number(cell) + "\" fill=\"" + (dark ? "#b9b9b9" : "#ffffff") + "\"/>\n";
    }
  }
  out += "<rect x=\"" + number(bx) + "\" y=\"" + number(by) + "\" width=\"" + number(size) + "\" height=\"" +
         number(size) + "\" fill=\"none\" stroke=\"#000\" stroke-width=\"" + number(cell * 0.04) + "\"/>\n";
  // Pieces: the solid glyph for both colours; a white piece is the solid
  // glyph filled white with the outline glyph drawn over it, so it stays
  // white on a dark square.
  const double font = cell * 0.82;
  for (int rank = 7; rank >= 0; --rank) {
    for (int file = 0; file < 8; ++file) {
      const Square s = make_square(file, rank);
      if (pos.empty(s)) continue;
      const Piece p = pos.piece_on(s);
      const int t = index(type_of(p));
      const std::string at =
          "x=\"" + number(bx + (file + 0.5) * cell) + "\" y=\"" + number(by + (7 - rank + 0.5) * cell) + "\"";
      const std::string style =
          " font-size=\"" + number(font) + "\" text-anchor=\"middle\" dominant-baseline=\"central\"";
      // U+FE0E asks for the text (not emoji) form of the pawn and the others.
      const std::string solid = std::string(black_figurines[t]) + "\xEF\xB8\x8E";
      if (color_of(p) == Color::white) {
        out += "<text " + at + style + " fill=\"#fff\">" + solid + "</text>";
        out += "<text " + at + style + " fill=\"#000\">" + std::string(white_figurines[t]) +
               "\xEF\xB8\x8E</text>\n";
      } else {
        out += "<text " + at + style + " fill=\"#000\">" + solid + "</text>\n";
      }
    }
  }
  // Coordinates: files below, ranks to the left.
  const double coord = cell * 0.32;
  for (int i = 0; i < 8; ++i) {
    out += "<text x=\"" + number(bx + (i + 0.5) * cell) + "\" y=\"" + number(by + size + cell * 0.3) +
           "\" font-size=\"" + number(coord) + "\" text-anchor=\"middle\" dominant-baseline=\"central\">" +
           static_cast<char>('a' + i) + "</text>\n";
    out += "<text x=\"" + number(x + margin / 2) + "\" y=\"" + number(by + (7 - i + 0.5) * cell) +
           "\" font-size=\"" + number(coord) + "\" text-anchor=\"middle\" dominant-baseline=\"central\">" +
           static_cast<char>('1' + i) + "</text>\n";
  }
  // The player to move: a small triangle beside that player's side.
  const double mx = bx + size + cell * 0.2;
  const double my = pos.side_to_move() == Color::white ? by + size - cell * 0.5 : by + cell * 0.5;
  const double h = cell * 0.22;
  out += "<path d=\"M" + number(mx) + "," + number(my - h) + " L" + number(mx + h * 1.5) + "," + number(my) +
         " L" + number(mx) + "," + number(my + h) + " Z\" fill=\"" +
         (pos.side_to_move() == Color::white ? "#fff" : "#000") + "\" stroke=\"#000\" stroke-width=\"" +
         number(cell * 0.03) + "\"/>\n";
  out += "</g>\n";
  return out;
}

}  // namespace notera::arbiter
