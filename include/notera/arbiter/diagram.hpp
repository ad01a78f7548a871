// Board diagrams for arbiters' papers: a text diagram for the terminal
// (figurines or ASCII letters) and an SVG diagram for printed pages.
//
// Both show the board from White's side with coordinates, as in the FIDE
// Laws' own diagrams (Appendix C). Printed pieces are the standard figures
// (FIDE C.3 asks for figurines in print), drawn as the chess glyphs of the
// font, so no image files are needed.
#pragma once

#include <string>

#include "notera/core/position.hpp"

namespace notera::arbiter {

// Eight ranks with coordinates, one line each, framed:
//     a b c d e f g h
//   +-----------------+
// 8 | r . . q . r k . | 8
// `figurines`: ♔♕♖♗♘♙ / ♚♛♜♝♞♟ and · for empty squares; else KQRBNP/kqrbnp and '.'.
std::string text_diagram(const Position& pos, bool figurines);

// An SVG group (<g>...</g>) drawing the board `size` user units wide, with
// the rank numbers to its left (the group starts at x, y), the file letters
// below it and a triangle on the side of the player to move to its right:
// about size * 1.13 wide and size * 1.08 high in all.
std::string svg_diagram(const Position& pos, double x, double y, double size);

// Escapes text for XML/HTML content and attribute values.
std::string xml_escape(std::string_view text);

}  // namespace notera::arbiter
