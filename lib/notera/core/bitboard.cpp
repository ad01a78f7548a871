#include "notera/core/bitboard.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "notera/core/magics.inc"

namespace notera {
namespace detail {
namespace {

// Attack tables for rooks and bishops, shared by all squares: 102,400 rook
// entries and 5,248 bishop entries with the usual fancy-magic layout.
Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

constexpr int rook_directions[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int bishop_directions[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Slow reference ray walk along one direction, used only to fill the tables.
Bitboard ray_walk(const int (&d)[2], Square s, Bitboard occupied) {
  Bitboard attacks = 0;
  int f = file_of(s) + d[0];
  int r = rank_of(s) + d[1];
  while (f >= 0 && f < 8 && r >= 0 && r < 8) {
    const Square t = make_square(f, r);
    attacks |= bb(t);
    if (occupied & bb(t)) break;
    f += d[0];
    r += d[1];
  }
  return attacks;
}

Bitboard sliding_attacks(const int (&dirs)[4][2], Square s, Bitboard occupied) {
  Bitboard attacks = 0;
  for (const auto& d : dirs) attacks |= ray_walk(d, s, occupied);
  return attacks;
}

// The four rays of a slider from every square, walked once, for the
// attacks of the 107,648 occupancies the magic tables are filled with:
// each ray up to its nearest blocker is the ray without the blocker's own
// ray beyond it. Walking every occupancy instead cost about a hundred
// instructions each, more than converting a thousand games.
struct Rays {
  Bitboard ray[4][64];
  bool up[4];  // the direction goes to higher squares: its nearest blocker is the lowest one

  explicit Rays(const int (&dirs)[4][2]) {
    for (int d = 0; d < 4; ++d) {
      up[d] = dirs[d][0] + 8 * dirs[d][1] > 0;
      for (Square s = a1; s <= h8; ++s) ray[d][s] = ray_walk(dirs[d], s, 0);
    }
  }

  // sliding_attacks(dirs, s, occupied).
  Bitboard attacks(Square s, Bitboard occupied) const {
    Bitboard attacks = 0;
    for (int d = 0; d < 4; ++d) {
      const Bitboard blockers = ray[d][s] & occupied;
      attacks |= blockers ? ray[d][s] ^ ray[d][up[d] ? lsb(blockers) : msb(blockers)] : ray[d][s];
    }
    return attacks;
  }
};

// xorshift64*: deterministic, so the magics are the same on every run.
class Prng {
 public:
  explicit Prng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 2685821657736338717ULL;
  }
  // Magics with few set bits are found much faster.
  std::uint64_t sparse() { return next() & next() & next(); }

 private:
  std::uint64_t state_;
};

// The relevant occupancy of a slider on s: its rays without the board
// edges (unless it stands on them), where a blocker changes nothing.
Bitboard relevant_mask(const int (&dirs)[4][2], Square s) {
  const Bitboard edges =
      ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) | ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
  return sliding_attacks(dirs, s, 0) & ~edges;
}

// Every subset of the mask (carry-rippler) with its attacks; the count.
int enumerate_occupancies(const Rays& rays, Square s, Bitboard mask, Bitboard* occupancy,
                          Bitboard* reference) {
  int size = 0;
  Bitboard b = 0;
  do {
    occupancy[size] = b;
    reference[size] = rays.attacks(s, b);
    ++size;
    b = (b - mask) & mask;
  } while (b);
  return size;
}

// Fills the square's table through the magic, checking every entry: false
// when two occupancies with different attacks share an index. A slider
// always attacks some square, so 0 marks an unused entry.
bool fill_checked(const Magic& m, const Bitboard* occupancy, const Bitboard* reference, int size,
                  Bitboard* entries) {
  std::fill(entries, entries + size, Bitboard{0});
  for (int i = 0; i < size; ++i) {
    Bitboard& entry = entries[m.index(occupancy[i])];
    if (entry == 0)
      entry = reference[i];
    else if (entry != reference[i])
      return false;
  }
  return true;
}

const int (&directions(bool rook))[4][2] { return rook ? rook_directions : bishop_directions; }

int fallback_count = 0;

void init_magics(bool rook, const Bitboard (&stored)[64], Magic (&magics)[64], Bitboard* table) {
  std::vector<Bitboard> occupancy(4096), reference(4096);
  const Rays rays(directions(rook));
  Bitboard* next_table = table;
  for (Square s = a1; s <= h8; ++s) {
    Magic& m = magics[s];
    m.mask = relevant_mask(directions(rook), s);
    m.shift = static_cast<unsigned>(64 - popcount(m.mask));
    m.attacks = next_table;
    const int size = enumerate_occupancies(rays, s, m.mask, occupancy.data(), reference.data());
    m.magic = stored[s];
    if (!fill_checked(m, occupancy.data(), reference.data(), size, next_table)) {
      ++fallback_count;  // a wrong stored number: search again
      m.magic = search_magic(rook, s);
      fill_checked(m, occupancy.data(), reference.data(), size, next_table);
    }
    next_table += size;
  }
}

AttackTables build() {
  AttackTables t{};
  for (Square s = a1; s <= h8; ++s) {
    const Bitboard b = bb(s);
    t.pawn[index(Color::white)][s] = pawn_attacks_bb(Color::white, b);
    t.pawn[index(Color::black)][s] = pawn_attacks_bb(Color::black, b);
    Bitboard knight = 0;
    Bitboard king = 0;
    for (int df = -2; df <= 2; ++df) {
      for (int dr = -2; dr <= 2; ++dr) {
        const int f = file_of(s) + df;
        const int r = rank_of(s) + dr;
        if (f < 0 || f > 7 || r < 0 || r > 7 || (df == 0 && dr == 0)) continue;
        const int adf = df < 0 ? -df : df;
        const int adr = dr < 0 ? -dr : dr;
        if (adf + adr == 3 && adf != 0 && adr != 0) knight |= bb(make_square(f, r));
        if (adf <= 1 && adr <= 1) king |= bb(make_square(f, r));
      }
    }
    t.knight[s] = knight;
    t.king[s] = king;
  }
  init_magics(true, stored_rook_magics, t.rook, rook_table);
  init_magics(false, stored_bishop_magics, t.bishop, bishop_table);

  for (Square a = a1; a <= h8; ++a) {
    t.rook_rays[a] = sliding_attacks(rook_directions, a, 0);
    t.bishop_rays[a] = sliding_attacks(bishop_directions, a, 0);
    for (Square b = a1; b <= h8; ++b) {
      for (const auto* dirs : {&bishop_directions, &rook_directions}) {
        if (sliding_attacks(*dirs, a, 0) & bb(b)) {
          t.line[a][b] = (sliding_attacks(*dirs, a, 0) & sliding_attacks(*dirs, b, 0)) | bb(a) | bb(b);
          t.between[a][b] = sliding_attacks(*dirs, a, bb(b)) & sliding_attacks(*dirs, b, bb(a));
        }
      }
    }
  }
  return t;
}

}  // namespace

Bitboard search_magic(bool rook, Square s) {
  // Seeds per rank that are known to converge quickly for this PRNG.
  constexpr std::uint64_t seeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
  std::vector<Bitboard> occupancy(4096), reference(4096), entries(4096);
  std::vector<int> epoch(4096, 0);
  Magic m{};
  m.mask = relevant_mask(directions(rook), s);
  m.shift = static_cast<unsigned>(64 - popcount(m.mask));
  const int size =
      enumerate_occupancies(Rays(directions(rook)), s, m.mask, occupancy.data(), reference.data());
  Prng rng(seeds[rank_of(s)]);
  int attempt = 0;
  for (int i = 0; i < size;) {
    for (m.magic = 0; popcount((m.magic * m.mask) >> 56) < 6;) m.magic = rng.sparse();
    // A magic works when no two occupancies with different attacks share
    // an index; `epoch` avoids clearing the table between attempts.
    ++attempt;
    for (i = 0; i < size; ++i) {
      const unsigned idx = m.index(occupancy[i]);
      if (epoch[idx] < attempt) {
        epoch[idx] = attempt;
        entries[idx] = reference[i];
      } else if (entries[idx] != reference[i]) {
        break;
      }
    }
  }
  return m.magic;
}

int magic_fallbacks() { return fallback_count; }

const AttackTables tables = build();

}  // namespace detail

}  // namespace notera
