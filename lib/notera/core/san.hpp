// Writing moves as Standard Algebraic Notation (PGN standard §8.2.3) and
// its relatives: long algebraic notation, figurines and local piece letters.
//
// Disambiguation follows the standard exactly: only other *legal* moves of
// the same piece type to the same square count (a pinned piece does not),
// and the file is preferred to the rank, the rank to the full square.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "notera/core/position.hpp"

namespace notera {

// How a move is spelled. The default is PGN SAN with English letters.
struct SanStyle {
  // Letters (UTF-8, may be several bytes or letters) per PieceType index;
  // pawn and none are unused in SAN.
  std::array<std::string_view, piece_type_count> pieces = {"", "", "N", "B", "R", "Q", "K"};
  std::string_view castle_short = "O-O";
  std::string_view castle_long = "O-O-O";
  std::string_view promotion_mark = "=";  // "=" in PGN, "" in FIDE's d8D form
  bool long_form = false;                 // LAN: always the origin square, "Ng1-f3", "e2-e4"
};

inline const SanStyle pgn_san_style{};

// Text of a move, for writing into preallocated buffers on the hot path.
struct SanText {
  char data[48];
  unsigned char size = 0;
  std::string_view view() const { return {data, size}; }
  void append(std::string_view s) {
    for (char c : s) data[size++] = c;
  }
  void append(char c) { data[size++] = c; }
};

// The move as written in `pos` (which must be the position before it),
// without the check or mate mark.
void write_san_body(const Position& pos, Move m, SanText& out, const SanStyle& style = pgn_san_style);
// "+" when the side to move in `after` is in check, "#" when mated, else "".
std::string_view check_mark(const Position& after);

// Convenience: full SAN with check/mate mark (plays the move on a copy).
std::string to_san(const Position& pos, Move m, const SanStyle& style = pgn_san_style);

}  // namespace notera
