// 64-bit bitboards and attack tables.
//
// Sliding attacks use "fancy" magic bitboards: the relevant occupancy of a
// ray set is multiplied by a magic number and shifted down to index a table.
// The magic numbers come from a deterministic seeded search
// (detail::search_magic, also run by tools/gen_magics.cpp, which wrote the
// stored table core/magics.inc). Start-up fills the tables with the stored
// numbers and checks every entry as it goes: a stored number that does not
// work for a square is replaced by a fresh search for that square, so a
// wrong table costs time, never a wrong attack.
#pragma once

#include <bit>
#include <cstdint>

#include "notera/core/types.hpp"

namespace notera {

using Bitboard = std::uint64_t;

constexpr Bitboard bb(Square s) { return Bitboard{1} << s; }
constexpr Bitboard file_bb(int file) { return Bitboard{0x0101010101010101} << file; }
constexpr Bitboard rank_bb(int rank) { return Bitboard{0xFF} << (8 * rank); }
constexpr Bitboard light_squares = 0x55AA55AA55AA55AA;
constexpr Bitboard dark_squares = ~light_squares;

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }
constexpr Square lsb(Bitboard b) { return static_cast<Square>(std::countr_zero(b)); }
constexpr Square msb(Bitboard b) { return static_cast<Square>(63 - std::countl_zero(b)); }
constexpr Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Shift a whole bitboard one step; pieces do not wrap around the board edge.
constexpr Bitboard shift_north(Bitboard b) { return b << 8; }
constexpr Bitboard shift_south(Bitboard b) { return b >> 8; }
constexpr Bitboard shift_east(Bitboard b) { return (b & ~file_bb(7)) << 1; }
constexpr Bitboard shift_west(Bitboard b) { return (b & ~file_bb(0)) >> 1; }
constexpr Bitboard pawn_push_bb(Color c, Bitboard b) {
  return c == Color::white ? shift_north(b) : shift_south(b);
}
// Squares attacked by all pawns of colour c in b.
constexpr Bitboard pawn_attacks_bb(Color c, Bitboard b) {
  const Bitboard forward = pawn_push_bb(c, b);
  return shift_east(forward) | shift_west(forward);
}

namespace detail {

struct Magic {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* attacks;
  unsigned shift;

  unsigned index(Bitboard occupied) const {
    return static_cast<unsigned>(((occupied & mask) * magic) >> shift);
  }
};

struct AttackTables {
  Bitboard pawn[2][64];
  Bitboard knight[64];
  Bitboard king[64];
  Magic bishop[64];
  Magic rook[64];
  Bitboard rook_rays[64];    // rook attacks on an empty board
  Bitboard bishop_rays[64];  // bishop attacks on an empty board
  Bitboard between[64][64];  // squares strictly between two aligned squares
  Bitboard line[64][64];     // the whole line through two aligned squares, or 0
};

// Built during static initialisation of the library (bitboard.cpp); nothing
// in notera uses attacks from another static initialiser.
extern const AttackTables tables;

// The seeded search for a rook's or bishop's magic on square s (the same
// numbers on every run and machine). Used by tools/gen_magics.cpp and as
// the fallback for a stored magic that fails its check.
Bitboard search_magic(bool rook, Square s);
// How many stored magics failed their check at start-up (0 unless the
// stored table is wrong); for tests.
int magic_fallbacks();

}  // namespace detail

inline Bitboard pawn_attacks(Color c, Square s) { return detail::tables.pawn[index(c)][s]; }
inline Bitboard knight_attacks(Square s) { return detail::tables.knight[s]; }
inline Bitboard king_attacks(Square s) { return detail::tables.king[s]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const detail::Magic& m = detail::tables.bishop[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const detail::Magic& m = detail::tables.rook[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Attacks on an empty board (the rays a slider could use).
inline Bitboard rook_rays(Square s) { return detail::tables.rook_rays[s]; }
inline Bitboard bishop_rays(Square s) { return detail::tables.bishop_rays[s]; }

// Attacks of a non-pawn piece type from s.
inline Bitboard piece_attacks(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case PieceType::knight: return knight_attacks(s);
    case PieceType::bishop: return bishop_attacks(s, occupied);
    case PieceType::rook: return rook_attacks(s, occupied);
    case PieceType::queen: return queen_attacks(s, occupied);
    case PieceType::king: return king_attacks(s);
    default: return 0;
  }
}

// Squares strictly between a and b when they share a rank, file or diagonal.
inline Bitboard between_bb(Square a, Square b) { return detail::tables.between[a][b]; }
// The full line through a and b, or 0 when they are not aligned.
inline Bitboard line_bb(Square a, Square b) { return detail::tables.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return (line_bb(a, b) & bb(c)) != 0; }

// The pieces among `rook_movers` (rooks, queens) and `bishop_movers`
// (bishops, queens) that reach s with nothing of `occupied` in between.
// For the few pieces that stand on s's lines this asks the small ray and
// between tables, which stay in the L1 cache, instead of the magic tables
// (800 KB for rooks): playing through games asks this at every move, and
// there the magic lookups were mostly cache misses.
inline Bitboard sliders_reaching(Square s, Bitboard rook_movers, Bitboard bishop_movers, Bitboard occupied) {
  Bitboard candidates = (rook_rays(s) & rook_movers) | (bishop_rays(s) & bishop_movers);
  Bitboard reaching = 0;
  while (candidates) {
    const Square from = pop_lsb(candidates);
    if (!(between_bb(s, from) & occupied)) reaching |= bb(from);
  }
  return reaching;
}

}  // namespace notera
