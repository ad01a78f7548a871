// Static exchange evaluation: what a move wins or loses in material if both
// sides go on capturing on its destination square, cheapest piece first,
// and each may stop when going on would lose.
//
// Used by reconstruction as a prior on moves: players seldom give material
// away, so where a sheet reads as two legal games, the one whose moves do
// not hang pieces is the likelier (see scoresheet/slips.hpp, MovePrior).
#pragma once

#include <array>
#include <cstddef>

#include "notera/core/position.hpp"

namespace notera {

// Pawn 100, knight and bishop 300, rook 500, queen 900. Inline: the
// reconstruction's move models ask it of millions of moves.
inline int piece_value(PieceType t) {
  constexpr std::array<int, piece_type_count> values = {0, 100, 300, 300, 500, 900, 20000};
  return values[static_cast<std::size_t>(index(t))];
}

// The material the side to move gains by `m` (a legal move of `pos`),
// in the units of piece_value: 0 for a quiet move to a safe square, -300
// for a knight moved where a pawn takes it, 200 for a rook that takes a
// defended rook... Castling is 0. Pins are not considered.
int static_exchange(const Position& pos, Move m);

}  // namespace notera
