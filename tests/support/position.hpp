// A position from FEN for tests: the test stops, naming the FEN, when it
// does not read.
#pragma once

#include <doctest/doctest.h>

#include <random>

#include "notera/core/fen.hpp"
#include "notera/core/movegen.hpp"
#include "notera/core/position.hpp"

namespace notera::test {

inline Position position(const char* fen) {
  const FenResult r = read_fen(fen);
  REQUIRE_MESSAGE(r.position.has_value(), fen);
  return *r.position;
}

// Every legal move of every position of `games` random games of at most
// `plies` plies from the start (a game ends at mate or stalemate): visit(pos,
// move) for each. Random games are full of pieces en prise, pins, checks,
// castling and promotions. The same seed gives the same games.
template <typename Visit> void for_each_move_of_random_games(unsigned seed, int games, int plies, Visit visit) {
  std::mt19937 rng(seed);
  for (int game = 0; game < games; ++game) {
    Position pos = Position::start();
    for (int ply = 0; ply < plies; ++ply) {
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      for (const Move m : moves) visit(pos, m);
      pos.play(moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
    }
  }
}

}  // namespace notera::test
