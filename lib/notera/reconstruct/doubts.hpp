// How sure the search is of each ply of the game it found, and where a
// person's look at the paper would settle the most.
//
// Every move the search made is a node of a lattice: a node's path is the
// game up to it. After the search, each node gets the price of the cheapest
// complete game through it (its own finished game, the best of its
// children's, or for a path merged into another state the merger's plus
// the difference), from the last ply back to the first. Then
//   - a ply's margin is the cheapest complete game with another move at
//     that ply (or none at all: a shorter game), less the game found;
//   - a branch is a ply where games leave the game found: the other moves
//     from the same position, each with the price of its cheapest game, and
//     how many plies that game differs in; or the game over before the ply
//     (the boxes from there on no moves of the game), at the price of the
//     cheapest game that ends there.
// Only games the search carried to the end count: a game dropped on the way
// is not known to be close, so a margin is "no closer game found".
#pragma once

#include <array>
#include <vector>

#include "notera/reconstruct/search.hpp"

namespace notera::reconstruct::search {

struct BranchMove {
  Move move;
  float delta = 0.0f;      // the cheapest game with this move here, less the game found
  int changes = 0;         // plies in which that game differs from the game found (same index)
  std::vector<Move> line;  // that game from this ply on (starts with `move`)
  // The box each sheet's reading of `move` is (-1: none): the box a person
  // answers when it is one the game found passes over.
  std::array<std::int16_t, max_sheets> cell{-1, -1};
  // For a move after the game found's end only (empty elsewhere): the box
  // each move of `line` reads on each sheet (-1: none), `cell` first, where
  // the game that goes on reads the boxes the game found passes over.
  std::vector<std::array<std::int16_t, max_sheets>> cells;
};

inline constexpr float no_doubt = 1e30f;

struct Branch {
  int ply = 0;                    // 1-based ply of the game found; one more: moves after its end
  std::vector<BranchMove> moves;  // the other moves, cheapest first
  // The cheapest game that ends before this ply, less the game found;
  // no_doubt when none does.
  float end_delta = no_doubt;
};

struct Doubts {
  std::vector<float> margin;  // per ply (index ply - 1); infinity: no other game found
  std::vector<Branch> branches;
};

// `path`: the nodes of the game found (search::path_of), `cost` its price.
Doubts doubts_of(const Output& out, const std::vector<int>& path, float cost);

}  // namespace notera::reconstruct::search
