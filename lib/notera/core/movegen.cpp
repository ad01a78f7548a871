#include "notera/core/movegen.hpp"

#include <bit>
#include <initializer_list>

#include "notera/core/moves_to_square.hpp"

namespace notera {
namespace {

using detail::promotion_types;

void push_pawn_moves(MoveList& moves, Square from, Bitboard targets, int promotion_rank) {
  while (targets) {
    const Square to = pop_lsb(targets);
    if (rank_of(to) == promotion_rank) {
      for (PieceType t : promotion_types) moves.push(Move::make(from, to, Move::Kind::promotion, t));
    } else {
      moves.push(Move(from, to));
    }
  }
}

// Pawn moves. `targets` holds the squares a move may end on (blocking or
// capturing a single checker, and the filter's destinations).
void generate_pawn_moves(const Position& pos, MoveList& moves, Bitboard from_mask, Bitboard targets,
                         Bitboard to_filter) {
  const Color us = pos.side_to_move();
  const Color them = ~us;
  const Square ksq = pos.king_square(us);
  const Bitboard empty = ~pos.pieces();
  const Bitboard enemies = pos.pieces(them);
  const int promotion_rank = relative_rank(us, 7);
  const Bitboard double_push_rank = rank_bb(relative_rank(us, 3));
  Bitboard pawns = pos.pieces(us, PieceType::pawn) & from_mask;
  // Only pawns that could reach a wanted square at all (the resolver asks
  // for one square; full generation asks for all).
  if (~to_filter) {
    const Bitboard back = pawn_push_bb(them, to_filter);
    pawns &= back | pawn_push_bb(them, back) | pawn_attacks_bb(them, to_filter);
  }

  Bitboard free = pawns & ~pos.pinned();
  Bitboard pinned = pawns & pos.pinned();
  auto add_for = [&](Square from, Bitboard allowed) {
    const Bitboard one = pawn_push_bb(us, bb(from)) & empty;
    const Bitboard two = pawn_push_bb(us, one) & empty & double_push_rank;
    const Bitboard captures = pawn_attacks(us, from) & enemies;
    push_pawn_moves(moves, from, (one | two | captures) & targets & allowed, promotion_rank);
  };
  while (free) add_for(pop_lsb(free), ~Bitboard{0});
  // A pinned pawn may only move along the line of its pin.
  while (pinned) {
    const Square from = pop_lsb(pinned);
    add_for(from, line_bb(ksq, from));
  }

  // En passant: checked in full (it can uncover a check along the rank).
  const Square ep = pos.ep_square();
  if (ep != no_square && pos.ep_capturable() && (bb(ep) & to_filter)) {
    Bitboard capturers = pawn_attacks(them, ep) & pawns;
    while (capturers) {
      const Square from = pop_lsb(capturers);
      if (pos.en_passant_is_legal(from)) moves.push(Move::make(from, ep, Move::Kind::en_passant));
    }
  }
}

void generate_piece_moves(const Position& pos, MoveList& moves, PieceType type, Bitboard from_mask,
                          Bitboard targets) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  const Bitboard occupied = pos.pieces();
  Bitboard pieces = pos.pieces(us, type) & from_mask;
  // A pinned knight can never move; other pinned pieces stay on the pin line.
  if (type == PieceType::knight) pieces &= ~pos.pinned();
  // One destination (what the notation resolver asks): look back from it,
  // one attack lookup instead of one per piece.
  if (targets && !more_than_one(targets)) {
    const Square to = lsb(targets);
    Bitboard from = piece_attacks(type, to, occupied) & pieces;
    while (from) {
      const Square s = pop_lsb(from);
      if (!(bb(s) & pos.pinned()) || aligned(ksq, s, to)) moves.push(Move(s, to));
    }
    return;
  }
  while (pieces) {
    const Square from = pop_lsb(pieces);
    Bitboard to = piece_attacks(type, from, occupied) & targets;
    if (bb(from) & pos.pinned()) to &= line_bb(ksq, from);
    while (to) moves.push(Move(from, pop_lsb(to)));
  }
}

void generate_king_moves(const Position& pos, MoveList& moves, const MoveFilter& filter) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  if (!(bb(ksq) & filter.from)) return;
  // The king itself must not shield squares behind it from sliders.
  const Bitboard occupied = pos.pieces() ^ bb(ksq);
  Bitboard to = king_attacks(ksq) & ~pos.pieces(us) & filter.to;
  while (to) {
    const Square s = pop_lsb(to);
    if (!pos.attacked_by(~us, s, occupied)) moves.push(Move(ksq, s));
  }
  if (filter.castling && !pos.in_check()) {
    for (CastlingSide side : {CastlingSide::king_side, CastlingSide::queen_side}) {
      if ((bb(Position::castling_king_target(us, side)) & filter.to) && castling_is_legal(pos, side))
        moves.push(pos.castling_move(us, side));
    }
  }
}

}  // namespace

bool castling_is_legal(const Position& pos, CastlingSide side) {
  const Color us = pos.side_to_move();
  if (!pos.has_castling_right(us, side) || pos.in_check()) return false;
  const Square king_from = pos.king_square(us);
  const Square rook_from = pos.castling_rook(us, side);
  const Square king_to = Position::castling_king_target(us, side);
  const Square rook_to = Position::castling_rook_target(us, side);
  if (pos.piece_on(rook_from) != make_piece(us, PieceType::rook)) return false;

  // Every square the king and the rook cross or reach, other than the two
  // of them, must be empty (FIDE Chess960 rules, and 3.8.2 for standard).
  const Bitboard movers = bb(king_from) | bb(rook_from);
  const Bitboard path =
      between_bb(king_from, king_to) | bb(king_to) | between_bb(rook_from, rook_to) | bb(rook_to);
  if (path & pos.pieces() & ~movers) return false;

  // The king may not pass through an attacked square...
  Bitboard king_path = between_bb(king_from, king_to);
  while (king_path) {
    if (pos.attacked_by(~us, pop_lsb(king_path), pos.pieces())) return false;
  }
  // ...nor end in check, seen with both pieces already moved (a Chess960
  // rook can shield the king's destination from a rook or queen).
  const Bitboard after = (pos.pieces() ^ movers) | bb(king_to) | bb(rook_to);
  const Bitboard attackers = pos.attackers_to(king_to, after) & pos.pieces(~us) & ~bb(rook_to);
  return attackers == 0;
}

void generate_to_square(const Position& pos, MoveList& moves, PieceType type, Square to, Bitboard from_mask) {
  detail::moves_to_square(pos, moves, type, to, from_mask);
}

void generate_legal(const Position& pos, MoveList& moves, const MoveFilter& filter) {
  // One piece type to one square, no castling: the resolver's question.
  if (!filter.castling && filter.to && !more_than_one(filter.to) && filter.piece_types &&
      !(filter.piece_types & (filter.piece_types - 1))) {
    const auto type = static_cast<PieceType>(std::countr_zero(filter.piece_types));
    generate_to_square(pos, moves, type, lsb(filter.to), filter.from);
    return;
  }
  const Color us = pos.side_to_move();
  const Bitboard checkers = pos.checkers();

  if (filter.piece_types & piece_type_bit(PieceType::king)) generate_king_moves(pos, moves, filter);
  // In double check only the king can move.
  if (more_than_one(checkers)) return;

  Bitboard targets = ~pos.pieces(us) & filter.to;
  if (checkers) targets &= between_bb(pos.king_square(us), lsb(checkers)) | checkers;

  if (filter.piece_types & piece_type_bit(PieceType::pawn))
    generate_pawn_moves(pos, moves, filter.from, targets, filter.to);
  for (PieceType t : {PieceType::knight, PieceType::bishop, PieceType::rook, PieceType::queen}) {
    if (filter.piece_types & piece_type_bit(t)) generate_piece_moves(pos, moves, t, filter.from, targets);
  }
}

bool has_legal_move(const Position& pos) {
  // King moves first: usually the cheapest way to find one, and the first
  // square the king may go to settles it (judged as generate_king_moves
  // does, without listing the others).
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  const Bitboard occupied = pos.pieces() ^ bb(ksq);
  for (Bitboard to = king_attacks(ksq) & ~pos.pieces(us); to;)
    if (!pos.attacked_by(~us, pop_lsb(to), occupied)) return true;
  MoveList moves;
  MoveFilter others;
  others.piece_types = all_piece_types & ~piece_type_bit(PieceType::king);
  generate_legal(pos, moves, others);
  return !moves.empty();
}

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  generate_legal(pos, moves);
  if (depth == 1) return static_cast<std::uint64_t>(moves.size());
  std::uint64_t nodes = 0;
  Undo undo;
  for (Move m : moves) {
    pos.do_move(m, undo);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m, undo);
  }
  return nodes;
}

}  // namespace notera
