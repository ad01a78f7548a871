// Static exchange evaluation: the material a move wins or loses when both
// sides go on taking on its square, cheapest piece first.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "notera/core/exchange.hpp"
#include "notera/core/fen.hpp"
#include "notera/core/movegen.hpp"
#include "notera/core/uci.hpp"
#include "support/position.hpp"

using namespace notera;

namespace {

int see(const char* fen, const char* uci) {
  const FenResult r = read_fen(fen);
  REQUIRE_MESSAGE(r.position.has_value(), fen);
  const Move m = parse_uci(*r.position, uci);
  REQUIRE_MESSAGE(m != Move::none(), uci);
  return static_exchange(*r.position, m);
}

}  // namespace

TEST_CASE("exchange: quiet moves, safe or hanging") {
  const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  CHECK(see(start, "e2e4") == 0);
  CHECK(see(start, "g1f3") == 0);
  // 1. e4 e5 2. ... d6: Nf3 and Bc4 are safe; the queen to g4 hangs to the bishop on c8.
  const char* open = "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
  CHECK(see(open, "g1f3") == 0);
  CHECK(see(open, "f1c4") == 0);
  CHECK(see(open, "d1g4") == -900);
  // A bishop where a pawn takes it.
  CHECK(see("rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "f1c4") == -300);
  // A pawn pushed where the defender's pawn takes it and a knight takes back: even.
  CHECK(see("rnbqkb1r/pppppppp/5n2/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 2 2", "e2e4") == 0);
}

TEST_CASE("exchange: captures and the pieces behind") {
  // Pawn takes an undefended pawn: +100; defended: even.
  CHECK(see("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5") == 100);
  CHECK(see("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5") == 0);
  // Rook takes a pawn defended by a pawn: loses the exchange for a pawn.
  CHECK(see("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5") == -400);
  // Two rooks against one defender (the second rook is behind the first).
  CHECK(see("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5") == 100);
  // Queen takes a knight defended by a pawn: gives 900 for 300.
  CHECK(see("4k3/8/4p3/3n4/8/8/8/3QK3 w - - 0 1", "d1d5") == -600);
  // The king takes only what nobody defends.
  CHECK(see("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2") == 100);
  CHECK(see("4k3/8/8/8/8/2b5/3p4/4K3 w - - 0 1", "e1d1") == 0);
  // En passant wins the pawn.
  CHECK(see("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6") == 100);
  // Promotion: the pawn becomes a queen (+800); taken at once by the rook: -100.
  CHECK(see("7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7d8q") == 800);
  CHECK(see("3r3k/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8q") == -100);
  // Castling moves no material.
  CHECK(see("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1") == 0);
}

namespace {

// The material of side `c`, in piece_value's units.
int material(const Position& p, Color c) {
  int sum = 0;
  for (int t = index(PieceType::pawn); t <= index(PieceType::queen); ++t)
    sum += popcount(p.pieces(c, static_cast<PieceType>(t))) * piece_value(static_cast<PieceType>(t));
  return sum;
}

// The exchange worked out the plain way, on the board after the move, as
// static_exchange did before it kept its attackers up to date: what the
// move wins counted on the board, then every piece that reaches the
// square found again after each capture.
int see_from_scratch(const Position& pos, Move m) {
  if (m.is_castling()) return 0;
  const Position after = pos.after(m);
  const Color us = pos.side_to_move();
  const Square to = m.to();
  std::vector<int> gain{material(after, us) - material(pos, us) + material(pos, ~us) - material(after, ~us)};
  PieceType on_target = type_of(after.piece_on(to));
  Bitboard occupied = after.pieces();
  for (Color side = ~us; gain.size() < 40; side = ~side) {
    const Bitboard attackers = after.attackers_to(to, occupied) & occupied & after.pieces(side);
    if (!attackers) break;
    PieceType taker = PieceType::pawn;
    while (!(attackers & after.pieces(taker))) taker = static_cast<PieceType>(index(taker) + 1);
    const Bitboard from = bb(lsb(attackers & after.pieces(taker)));
    if (taker == PieceType::king &&
        (after.attackers_to(to, occupied ^ from) & (occupied ^ from) & after.pieces(~side)))
      break;
    gain.push_back(piece_value(on_target) - gain.back());
    occupied ^= from;
    on_target = taker;
  }
  for (std::size_t d = gain.size() - 1; d > 0; --d) gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
  return gain[0];
}

}  // namespace

TEST_CASE("exchange: the same as worked out from scratch, on every move of random games") {
  // Random games are full of pieces en prise, batteries, pins and
  // promotions: every legal move of every position of 300 of them.
  int moves_checked = 0, captures = 0;
  test::for_each_move_of_random_games(18, 300, 160, [&](const Position& pos, Move m) {
    const int expected = see_from_scratch(pos, m);
    if (static_exchange(pos, m) != expected) {
      FAIL_CHECK(write_fen(pos) << " " << to_uci(pos, m) << ": " << static_exchange(pos, m) << ", from scratch "
                                << expected);
    }
    ++moves_checked;
    captures += !pos.empty(m.to());
  });
  CHECK(moves_checked > 500000);
  CHECK(captures > 20000);
}
