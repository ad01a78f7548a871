// Position's move making as inline functions: do_move (position.cpp) and
// the PGN reader's one pass, which walks every move of every game
// (detail::walk_move below). As a call from another file, walk_move's
// prologue and epilogue were an eighth of its work. Private to the
// library; everyone else calls Position::do_move() or walk_move().
#pragma once

#include <cstdlib>

#include "notera/core/position.hpp"

namespace notera {

inline void Position::move_piece(Square from, Square to) {
  const Piece p = board_[from];
  const Bitboard from_to = bb(from) | bb(to);
  by_type_[index(type_of(p))] ^= from_to;
  by_color_[index(color_of(p))] ^= from_to;
  board_[from] = Piece::none;
  board_[to] = p;
  if (type_of(p) == PieceType::king) king_square_[index(color_of(p))] = to;
}

// Inlined into every move: it is a third of the work of one, and a call
// there costs as much as the sliders' loop.
[[gnu::always_inline]] inline void Position::update_check_info() {
  const Square ksq = king_square(side_);
  const Color them = ~side_;
  const Bitboard occupied = pieces();
  // Only the other side's pieces can give check, and never its king.
  Bitboard checkers = (pawn_attacks(side_, ksq) & pieces(them, PieceType::pawn)) |
                      (knight_attacks(ksq) & pieces(them, PieceType::knight));
  // The other side's sliders on the king's lines: with nothing in between
  // they give check; with one piece in between, that piece is pinned if
  // it is ours. One pass over them (usually a handful) answers both.
  Bitboard blockers = 0;
  Bitboard snipers = (rook_rays(ksq) & pieces(them, PieceType::rook, PieceType::queen)) |
                     (bishop_rays(ksq) & pieces(them, PieceType::bishop, PieceType::queen));
  while (snipers) {
    const Square s = pop_lsb(snipers);
    const Bitboard between = between_bb(ksq, s) & occupied;
    if (!between)
      checkers |= bb(s);
    else if (!more_than_one(between))
      blockers |= between;
  }
  st_.checkers = checkers;
  st_.pinned = blockers & pieces(side_);
}

// One body for both: with `undo` null (walk_move) the record and the key
// are left out, which GCC drops from the inlined copy.
[[gnu::always_inline]] inline void Position::apply_move(Move m, Undo* undo) {
  const bool keyed = undo != nullptr;
  if (keyed) {
    undo->state = st_;
    undo->captured = Piece::none;
  }

  const Color us = side_;
  const Square from = m.from();
  const Square to = m.to();
  const Piece moved = board_[from];
  std::uint64_t k = 0;
  if (keyed) {
    k = st_.key ^ zobrist::side();
    if (st_.ep_capturable) k ^= zobrist::en_passant(file_of(st_.ep_square));
  }
  ++st_.halfmove_clock;
  if (us == Color::black) ++fullmove_number_;

  if (m.is_castling()) {
    const CastlingSide side = castling_side_of(m);
    const Square king_to = castling_king_target(us, side);
    const Square rook_to = castling_rook_target(us, side);
    const Piece rook = board_[to];
    remove_piece(from);
    remove_piece(to);
    put_piece(moved, king_to);
    put_piece(rook, rook_to);
    if (keyed)
      k ^= zobrist::piece_square(moved, from) ^ zobrist::piece_square(moved, king_to) ^
           zobrist::piece_square(rook, to) ^ zobrist::piece_square(rook, rook_to);
  } else {
    const Square capture_square = m.is_en_passant() ? to - pawn_push(us) : to;
    const Piece captured = board_[capture_square];
    if (captured != Piece::none) {
      remove_piece(capture_square);
      if (keyed) {
        k ^= zobrist::piece_square(captured, capture_square);
        undo->captured = captured;
      }
      st_.halfmove_clock = 0;
    }
    move_piece(from, to);
    if (keyed) k ^= zobrist::piece_square(moved, from) ^ zobrist::piece_square(moved, to);
    if (type_of(moved) == PieceType::pawn) {
      st_.halfmove_clock = 0;
      if (m.kind() == Move::Kind::promotion) {
        const Piece promoted = make_piece(us, m.promotion());
        remove_piece(to);
        put_piece(promoted, to);
        if (keyed) k ^= zobrist::piece_square(moved, to) ^ zobrist::piece_square(promoted, to);
      }
    }
  }

  // Most moves of a game come after both sides have lost their rights:
  // the shared table (castling_mask_) is read only while some are left.
  if (st_.castling) {
    const std::uint8_t lost = castling_mask_[from] | castling_mask_[to];
    if (st_.castling & lost) {
      if (keyed) k ^= zobrist::castling(st_.castling);
      st_.castling &= static_cast<std::uint8_t>(~lost);
      if (keyed) k ^= zobrist::castling(st_.castling);
    }
  }

  st_.ep_square = no_square;
  st_.ep_capturable = false;
  side_ = ~us;
  update_check_info();
  if (type_of(moved) == PieceType::pawn && std::abs(to - from) == 16) {
    st_.ep_square = from + pawn_push(us);
    // Most double pushes pass no pawn of the other side that could take
    // en passant: then the capture is not possible, without a call to ask.
    if (pawn_attacks(us, st_.ep_square) & pieces(~us, PieceType::pawn)) {
      update_ep_capturable();
      if (keyed && st_.ep_capturable) k ^= zobrist::en_passant(file_of(st_.ep_square));
    }
  }
  if (keyed) st_.key = k;
}

namespace detail {

[[gnu::always_inline]] inline void walk_move(Position& pos, Move m) { pos.apply_move(m, nullptr); }

}  // namespace detail

}  // namespace notera
