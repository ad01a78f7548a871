// generate_to_square (movegen.hpp) as an inline function, for the
// notation resolver, which asks it for nearly every move of every game:
// as a call from another file its prologue and epilogue cost a third of
// its work. Private to the library; everyone else calls
// generate_to_square().
#pragma once

#include "notera/core/movegen.hpp"

namespace notera::detail {

inline constexpr PieceType promotion_types[4] = {PieceType::queen, PieceType::rook, PieceType::bishop,
                                                 PieceType::knight};

// Looks back from the square instead of generating forward from every piece.
[[gnu::always_inline]] inline void moves_to_square(const Position& pos, MoveList& moves, PieceType type,
                                                   Square to, Bitboard from_mask) {
  const Color us = pos.side_to_move();
  const Color them = ~us;
  const Square ksq = pos.king_square(us);
  const Bitboard occupied = pos.pieces();
  const Bitboard checkers = pos.checkers();
  if (pos.pieces(us) & bb(to)) return;  // never onto an own piece

  if (type == PieceType::king) {
    if ((king_attacks(ksq) & bb(to)) && (bb(ksq) & from_mask) &&
        !pos.attacked_by(them, to, occupied ^ bb(ksq)))
      moves.push(Move(ksq, to));
    return;
  }
  if (more_than_one(checkers)) return;  // double check: only the king moves
  // A single check must be captured or blocked on `to`.
  const bool answers_check = !checkers || ((between_bb(ksq, lsb(checkers)) | checkers) & bb(to));
  auto unpinned = [&](Square from) { return !(pos.pinned() & bb(from)) || aligned(ksq, from, to); };

  if (type != PieceType::pawn) {
    if (!answers_check) return;
    const Bitboard ours = pos.pieces(us, type) & from_mask;
    Bitboard from;
    switch (type) {
      case PieceType::knight: from = knight_attacks(to) & ours & ~pos.pinned(); break;
      case PieceType::bishop: from = sliders_reaching(to, 0, ours, occupied); break;
      case PieceType::rook: from = sliders_reaching(to, ours, 0, occupied); break;
      case PieceType::queen: from = sliders_reaching(to, ours, ours, occupied); break;
      default: return;
    }
    while (from) {
      const Square s = pop_lsb(from);
      if (unpinned(s)) moves.push(Move(s, to));
    }
    return;
  }

  // Pawns: pushes onto an empty square, captures onto an enemy piece, and
  // en passant (which may answer a check although `to` does not).
  const Bitboard pawns = pos.pieces(us, PieceType::pawn) & from_mask;
  const int promotion_rank = relative_rank(us, 7);
  auto push = [&](Square from, Move::Kind kind) {
    if (rank_of(to) == promotion_rank) {
      for (PieceType t : promotion_types) moves.push(Move::make(from, to, Move::Kind::promotion, t));
    } else {
      moves.push(Move::make(from, to, kind));
    }
  };
  if (pos.empty(to)) {
    // A push lands at least on the third rank (seen from the pawn's side).
    if (answers_check && relative_rank(us, rank_of(to)) >= 2) {
      const Square one = to - pawn_push(us);
      if (bb(one) & pawns) {
        if (unpinned(one)) push(one, Move::Kind::normal);
      } else if (pos.empty(one) && rank_of(to) == relative_rank(us, 3)) {
        const Square two = one - pawn_push(us);
        if ((bb(two) & pawns) && unpinned(two)) push(two, Move::Kind::normal);
      }
    }
    if (to == pos.ep_square() && pos.ep_capturable()) {
      Bitboard from = pawn_attacks(them, to) & pawns;
      while (from) {
        const Square s = pop_lsb(from);
        if (pos.en_passant_is_legal(s)) moves.push(Move::make(s, to, Move::Kind::en_passant));
      }
    }
    return;
  }
  if (!answers_check) return;
  Bitboard from = pawn_attacks(them, to) & pawns;
  while (from) {
    const Square s = pop_lsb(from);
    if (unpinned(s)) push(s, Move::Kind::normal);
  }
}

}  // namespace notera::detail
