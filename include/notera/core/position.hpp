// A chess position: pieces, side to move, castling rights, en-passant square,
// move counters and a Zobrist key, with make/unmake.
//
// Castling is stored as the squares of the castling rooks, which covers
// standard chess and Chess960 alike; a castling Move goes from the king to
// its own rook ("king takes rook").
#pragma once

#include <cstdint>

#include "notera/core/bitboard.hpp"
#include "notera/core/types.hpp"

namespace notera {

class Position;
namespace detail {
// Position::walk_move, inlined (lib/notera/core/make_move.hpp, private to
// the library).
inline void walk_move(Position& pos, Move m);
}  // namespace detail

// What a move changes besides the pieces, the side to move and the move
// number (see Position's accessors), kept together so that do_move saves
// it and undo_move restores it as one block copy, not field by field.
struct PositionState {
  std::uint64_t key;
  Bitboard checkers;
  Bitboard pinned;
  std::uint16_t halfmove_clock;
  Square ep_square;
  std::uint8_t castling;
  bool ep_capturable;
};

// What do_move needs to take a move back.
struct Undo {
  PositionState state;
  Piece captured;
};

class Position {
 public:
  // An empty board, White to move; fill it with put_piece and set_* (the
  // FEN reader does), then call finish_setup().
  Position();
  // The standard starting position.
  static Position start();

  // --- pieces
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == Piece::none; }
  Bitboard pieces() const { return by_color_[0] | by_color_[1]; }
  Bitboard pieces(Color c) const { return by_color_[index(c)]; }
  Bitboard pieces(PieceType t) const { return by_type_[index(t)]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[index(a)] | by_type_[index(b)]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[index(c)] & by_type_[index(t)]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return pieces(c) & pieces(a, b); }
  Square king_square(Color c) const { return king_square_[index(c)]; }

  // --- state
  Color side_to_move() const { return side_; }
  // The en-passant target square as FEN writes it: set after every double
  // pawn push, whether or not a capture is possible.
  Square ep_square() const { return st_.ep_square; }
  // True when an en-passant capture is actually legal (FIDE §9.2.2).
  bool ep_capturable() const { return st_.ep_capturable; }
  int halfmove_clock() const { return st_.halfmove_clock; }
  int fullmove_number() const { return fullmove_number_; }
  // Ply count from the start of the game implied by the fullmove number.
  int game_ply() const { return 2 * (fullmove_number_ - 1) + (side_ == Color::black ? 1 : 0); }
  bool is_chess960() const { return chess960_; }

  // --- castling
  static constexpr std::uint8_t castling_bit(Color c, CastlingSide side) {
    return static_cast<std::uint8_t>(1u << (2 * index(c) + index(side)));
  }
  std::uint8_t castling_rights() const { return st_.castling; }
  bool has_castling_right(Color c, CastlingSide side) const {
    return (st_.castling & castling_bit(c, side)) != 0;
  }
  // The rook that castles on that side (no_square without the right).
  Square castling_rook(Color c, CastlingSide side) const { return castling_rook_[index(c)][index(side)]; }
  // Where king and rook stand after castling (FIDE: as in ordinary chess).
  static Square castling_king_target(Color c, CastlingSide side) {
    return make_square(side == CastlingSide::king_side ? 6 : 2, relative_rank(c, 0));
  }
  static Square castling_rook_target(Color c, CastlingSide side) {
    return make_square(side == CastlingSide::king_side ? 5 : 3, relative_rank(c, 0));
  }
  // The castling move for that side if the right exists (legality not checked).
  Move castling_move(Color c, CastlingSide side) const;
  static CastlingSide castling_side_of(Move m) {
    return m.to() > m.from() ? CastlingSide::king_side : CastlingSide::queen_side;
  }

  // --- attacks and checks
  Bitboard checkers() const { return st_.checkers; }
  bool in_check() const { return st_.checkers != 0; }
  // Pieces of the side to move that are pinned to their own king.
  Bitboard pinned() const { return st_.pinned; }
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  // Whether a piece of c attacks s: attackers_to(s, occupied) & pieces(c),
  // looking at c's pieces only (legal moves of kings and castling ask it).
  bool attacked_by(Color c, Square s, Bitboard occupied) const {
    if ((pawn_attacks(~c, s) & pieces(c, PieceType::pawn)) |
        (knight_attacks(s) & pieces(c, PieceType::knight)) | (king_attacks(s) & pieces(c, PieceType::king)))
      return true;
    return sliders_reaching(s, pieces(c, PieceType::rook, PieceType::queen),
                            pieces(c, PieceType::bishop, PieceType::queen), occupied) != 0;
  }
  // Full legality check for any move, e.g. one read from UCI. The move
  // generator only produces legal moves; this is for moves from outside.
  bool is_legal(Move m) const;
  // Whether the pseudo-legal en-passant capture from `from` is legal.
  bool en_passant_is_legal(Square from) const;
  // The destination of the king (g/c file for castling) and the moved piece.
  Square king_destination(Move m) const {
    return m.is_castling() ? castling_king_target(side_, castling_side_of(m)) : m.to();
  }
  bool is_capture(Move m) const { return m.is_en_passant() || (!m.is_castling() && !empty(m.to())); }

  // --- keys
  // Zobrist key per FIDE §9.2.2: same pieces on the same squares, same side
  // to move, same castling rights, and an en-passant right only when the
  // capture is legal.
  std::uint64_t key() const { return st_.key; }
  std::uint64_t compute_key() const;  // from scratch, for tests and setup

  // --- make / unmake
  void do_move(Move m, Undo& undo);
  void undo_move(Move m, const Undo& undo);
  void do_null_move(Undo& undo);
  void undo_null_move(const Undo& undo);
  // do_move for a walk that only goes forward and never asks for the key:
  // no record to take the move back, and key() is left as it was, wrong
  // from here on (operator== and the repetition rules read it). The PGN
  // reader's one pass over a game's main line plays its moves so.
  void walk_move(Move m);
  // Plays `m` for good (Move::null(): the side to move passes), when
  // nothing will be taken back.
  void play(Move m) {
    Undo undo;
    if (m == Move::null())
      do_null_move(undo);
    else
      do_move(m, undo);
  }
  // This position after `m` (or a pass, for Move::null()), as a copy.
  Position after(Move m) const {
    Position next = *this;
    next.play(m);
    return next;
  }

  // --- setup (used by the FEN reader and tests)
  void put_piece(Piece p, Square s);
  void remove_piece(Square s) {
    const Piece p = board_[s];
    by_type_[index(type_of(p))] &= ~bb(s);
    by_color_[index(color_of(p))] &= ~bb(s);
    board_[s] = Piece::none;
  }
  void set_side_to_move(Color c) { side_ = c; }
  void set_castling_rook(Color c, CastlingSide side, Square rook);
  void set_ep_square(Square s) { st_.ep_square = s; }
  void set_halfmove_clock(int n) { st_.halfmove_clock = static_cast<std::uint16_t>(n); }
  void set_fullmove_number(int n) { fullmove_number_ = n; }
  void set_chess960(bool on) { chess960_ = on; }
  // Recompute derived state (king squares, checkers, pins, en-passant
  // legality, key) after setup.
  void finish_setup();

  bool operator==(const Position& other) const;

 private:
  friend void detail::walk_move(Position& pos, Move m);

  void move_piece(Square from, Square to);
  void apply_move(Move m, Undo* undo);  // do_move, or walk_move without `undo`
  void update_check_info();
  void update_ep_capturable();

  Bitboard by_type_[piece_type_count] = {};
  Bitboard by_color_[2] = {};
  Piece board_[64] = {};
  Square king_square_[2] = {no_square, no_square};
  Square castling_rook_[2][2] = {{no_square, no_square}, {no_square, no_square}};
  // Per square, the castling rights lost when a piece moves from or to it:
  // a table shared by every position with the same castling rooks and
  // kings (shared_castling_mask() in position.cpp), not a copy of its
  // own. A position is copied whole by the reconstruction search, state by
  // state, and 64 bytes of table were a fifth of each copy.
  const std::uint8_t* castling_mask_;
  PositionState st_ = {0, 0, 0, 0, no_square, 0, false};
  int fullmove_number_ = 1;
  Color side_ = Color::white;
  bool chess960_ = false;
};

namespace zobrist {
std::uint64_t piece_square(Piece p, Square s);
std::uint64_t castling(std::uint8_t rights);
std::uint64_t en_passant(int file);
std::uint64_t side();
}  // namespace zobrist

}  // namespace notera
