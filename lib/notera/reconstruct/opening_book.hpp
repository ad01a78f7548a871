// How often real players chose each move in the positions of the first
// plies of their games: the prior of a move no sheet records there (a '-'
// box in the opening, a move left out), where the features of
// UnwrittenPrior know nothing of openings (2. c4 after 1. d4 d5 "gives a
// pawn away" by its static exchange, and so looked six times less likely
// than the move the model likes best; 7,896 of 9,667 games played it).
// Internal to reconstruction (search.cpp).
#pragma once

#include <cstdint>
#include <span>

namespace notera::reconstruct {

struct BookMove {
  std::uint64_t key;   // Position::key() of the position
  std::uint16_t move;  // Move::raw(); 0: the moves played fewer than twice, together
  std::uint32_t count;
};

// The moves played from the position with key `key`, with how often;
// empty when it is not in the book (fewer than 20 games reached it). Made
// by bench/opening_book.cpp from 99,000 games of the corpus, 24 plies deep.
std::span<const BookMove> book_moves(std::uint64_t key);

}  // namespace notera::reconstruct
