// generate_to_square (movegen.hpp) as inline functions, for the notation
// resolver, which asks for nearly every move of every game: as a call from
// another file its prologue and epilogue cost a third of its work. The
// questions come as bitboards of origins (piece_origins, pawn_origins),
// which the resolver's shortcut for the usual move reads directly, and as
// a move list (moves_to_square). Private to the library; everyone else
// calls generate_to_square().
#pragma once

#include "notera/core/movegen.hpp"

namespace notera::detail {

inline constexpr PieceType promotion_types[4] = {PieceType::queen, PieceType::rook, PieceType::bishop,
                                                 PieceType::knight};

// The squares from which a piece of `type` (knight to king) of the side to
// move can legally go to `to`. Looks back from the square instead of
// generating forward from every piece.
[[gnu::always_inline]] inline Bitboard piece_origins(const Position& pos, PieceType type, Square to) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  const Bitboard occupied = pos.pieces();
  const Bitboard checkers = pos.checkers();
  if (pos.pieces(us) & bb(to)) return 0;  // never onto an own piece

  if (type == PieceType::king) {
    const bool legal = (king_attacks(ksq) & bb(to)) && !pos.attacked_by(~us, to, occupied ^ bb(ksq));
    return legal ? bb(ksq) : 0;
  }
  if (more_than_one(checkers)) return 0;  // double check: only the king moves
  // A single check must be captured or blocked on `to`.
  if (checkers && !((between_bb(ksq, lsb(checkers)) | checkers) & bb(to))) return 0;
  const Bitboard ours = pos.pieces(us, type);
  Bitboard from;
  switch (type) {
    case PieceType::knight: return knight_attacks(to) & ours & ~pos.pinned();  // pinned: never moves
    case PieceType::bishop: from = sliders_reaching(to, 0, ours, occupied); break;
    case PieceType::rook: from = sliders_reaching(to, ours, 0, occupied); break;
    case PieceType::queen: from = sliders_reaching(to, ours, ours, occupied); break;
    default: return 0;
  }
  // A pinned slider stays on the line of its pin.
  for (Bitboard pinned = from & pos.pinned(); pinned;) {
    const Square s = pop_lsb(pinned);
    if (!aligned(ksq, s, to)) from &= ~bb(s);
  }
  return from;
}

// The pawns (of `pawns`, the side to move's) that can legally go to `to`:
// the one that pushes there (an empty square), and those that capture
// there, en passant when `en_passant` (which may answer a check although
// `to` does not).
struct PawnOrigins {
  Bitboard push = 0;
  Bitboard capture = 0;
  bool en_passant = false;
};

[[gnu::always_inline]] inline PawnOrigins pawn_origins(const Position& pos, Square to, Bitboard pawns) {
  PawnOrigins o;
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  const Bitboard checkers = pos.checkers();
  if (pos.pieces(us) & bb(to)) return o;  // never onto an own piece
  if (more_than_one(checkers)) return o;  // double check: only the king moves
  const bool answers_check = !checkers || ((between_bb(ksq, lsb(checkers)) | checkers) & bb(to));
  auto unpinned = [&](Square from) { return !(pos.pinned() & bb(from)) || aligned(ksq, from, to); };

  if (pos.empty(to)) {
    // A push lands at least on the third rank (seen from the pawn's side).
    if (answers_check && relative_rank(us, rank_of(to)) >= 2) {
      const Square one = to - pawn_push(us);
      if (bb(one) & pawns) {
        if (unpinned(one)) o.push = bb(one);
      } else if (pos.empty(one) && rank_of(to) == relative_rank(us, 3)) {
        const Square two = one - pawn_push(us);
        if ((bb(two) & pawns) && unpinned(two)) o.push = bb(two);
      }
    }
    if (to == pos.ep_square() && pos.ep_capturable()) {
      o.en_passant = true;
      for (Bitboard from = pawn_attacks(~us, to) & pawns; from;) {
        const Square s = pop_lsb(from);
        if (pos.en_passant_is_legal(s)) o.capture |= bb(s);
      }
    }
    return o;
  }
  if (!answers_check) return o;
  for (Bitboard from = pawn_attacks(~us, to) & pawns; from;) {
    const Square s = pop_lsb(from);
    if (unpinned(s)) o.capture |= bb(s);
  }
  return o;
}

// The legal moves of a piece of `type` to `to` from `from_mask`, appended
// to `moves` in the order of their origins (pushes before captures).
[[gnu::always_inline]] inline void moves_to_square(const Position& pos, MoveList& moves, PieceType type,
                                                   Square to, Bitboard from_mask) {
  if (type != PieceType::pawn) {
    for (Bitboard from = piece_origins(pos, type, to) & from_mask; from;) moves.push(Move(pop_lsb(from), to));
    return;
  }
  const Color us = pos.side_to_move();
  const PawnOrigins o = pawn_origins(pos, to, pos.pieces(us, PieceType::pawn) & from_mask);
  const bool promotes = rank_of(to) == relative_rank(us, 7);
  auto push = [&](Square from, Move::Kind kind) {
    if (promotes) {
      for (PieceType t : promotion_types) moves.push(Move::make(from, to, Move::Kind::promotion, t));
    } else {
      moves.push(Move::make(from, to, kind));
    }
  };
  if (o.push) push(lsb(o.push), Move::Kind::normal);
  for (Bitboard from = o.capture; from;) {
    const Square s = pop_lsb(from);
    if (o.en_passant)
      moves.push(Move::make(s, to, Move::Kind::en_passant));
    else
      push(s, Move::Kind::normal);
  }
}

}  // namespace notera::detail
