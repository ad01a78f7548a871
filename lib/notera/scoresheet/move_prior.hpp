// A prior on the moves themselves.
//
// Reconstruction looks for the game most likely given what is written:
// P(game | sheets) ~ P(sheets | game) P(game). The slip costs (slips.hpp)
// price the first factor; this prices the second, coarsely: players seldom
// give material away, so where a slip turns a move into another legal move
// that the rest of the sheet does not contradict (Bc4 written for Bf4, the
// bishop then hanging to a pawn), the move that keeps the material is the
// likelier reading.
//
// Moves are put in a few classes by their static exchange (core/exchange.hpp)
// and by whether they take back on the square of the previous capture; a
// class costs -ln(how often a played move is in it / how often a random
// legal move is), less the cheapest class's, so no class costs below 0.
// bench/move_prior.cpp measures that on real games.
#pragma once

#include <array>

#include "notera/core/position.hpp"

namespace notera {

struct MovePrior {
  enum Class : int {
    gives_material,  // the exchange loses a piece or more (a pawn takes the knight)
    gives_pawn,      // the exchange loses a pawn
    quiet,           // no capture, nothing lost
    even_capture,    // a capture that trades evenly
    winning,         // the exchange wins material (or a promotion)
    recapture,       // takes back on the square of the previous capture, nothing lost
  };
  static constexpr int classes = 6;

  std::array<float, classes> cost{};

  // `last_capture`: where the previous move captured, or no_square.
  static Class class_of(const Position& pos, Move m, Square last_capture = no_square);
  static const char* class_name(int c);
  // Taking back costs what any other capture does, so the search need not
  // know the previous move.
  float operator()(const Position& pos, Move m) const {
    return cost[static_cast<std::size_t>(class_of(pos, m))];
  }

  // The measured prior (see move_prior.cpp); none() prices every move 0.
  static const MovePrior& measured();
  static const MovePrior& none();
};

}  // namespace notera
