// Static exchange evaluation: the material a move wins or loses when both
// sides go on taking on its square, cheapest piece first.
#include <doctest/doctest.h>

#include "notera/core/exchange.hpp"
#include "notera/core/fen.hpp"
#include "notera/core/uci.hpp"

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
