// Legal move generation.
//
// One generator serves both full generation (perft, game-end tests) and the
// notation resolver, which asks only for the moves that can match what was
// written: a MoveFilter narrows the piece types, origins and destinations
// before any move is produced, so resolving "Sf3" looks at knights that
// reach f3 and nothing else.
#pragma once

#include <algorithm>
#include <cstdint>

#include "notera/core/position.hpp"

namespace notera {

class MoveList {
 public:
  static constexpr int capacity = 256;  // more than the 218 of any legal position

  MoveList() = default;
  // Copies only the moves in use, not the whole array.
  MoveList(const MoveList& other) : size_(other.size_) {
    std::copy(other.moves_, other.moves_ + size_, moves_);
  }
  MoveList& operator=(const MoveList& other) {
    size_ = other.size_;
    std::copy(other.moves_, other.moves_ + size_, moves_);
    return *this;
  }

  void push(Move m) { moves_[size_++] = m; }
  void clear() { size_ = 0; }
  // For filtering in place: overwrite move i (< size), keep the first n.
  void set(int i, Move m) { moves_[i] = m; }
  void truncate(int n) { size_ = n; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  Move moves_[capacity];
  int size_ = 0;
};

constexpr unsigned piece_type_bit(PieceType t) { return 1u << index(t); }
constexpr unsigned all_piece_types = 0x7E;

// Which moves to generate. Castling moves count as king moves; their `to`
// for the filter is the square the king goes to (g- or c-file), and they are
// produced only when `castling` is set.
struct MoveFilter {
  unsigned piece_types = all_piece_types;
  Bitboard from = ~Bitboard{0};
  Bitboard to = ~Bitboard{0};
  bool castling = true;
};

// Appends every legal move that passes the filter.
void generate_legal(const Position& pos, MoveList& moves, const MoveFilter& filter = {});
// The legal moves of one piece type (not castling) to one square, from
// the squares in `from_mask`: what resolving a written move asks for almost
// every time ("Sf3", "e4", "exd5"). The same as generate_legal with that
// filter, without working out first which question it is.
void generate_to_square(const Position& pos, MoveList& moves, PieceType type, Square to,
                        Bitboard from_mask = ~Bitboard{0});
bool has_legal_move(const Position& pos);
// Whether castling on that side is legal now (rights, empty path, no check
// on the king's way: FIDE 3.8.2, and Chess960 rules).
bool castling_is_legal(const Position& pos, CastlingSide side);

// Leaf-node count of the legal move tree (bulk-counted at depth 1).
std::uint64_t perft(Position& pos, int depth);

}  // namespace notera
