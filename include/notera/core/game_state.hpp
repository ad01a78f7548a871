// How a position stands: check, mate, stalemate, dead positions, and the
// counters and repetitions behind draw claims (FIDE §5, §9.2, §9.3, §9.6).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "notera/core/position.hpp"

namespace notera {

bool is_checkmate(const Position& pos);
bool is_stalemate(const Position& pos);

// Dead positions that are cheap to prove (FIDE §5.2.2): K v K, K+N v K,
// K+B v K, and any number of bishops on squares of one colour only.
bool insufficient_material(const Position& pos);
// Whether `c` alone could never mate, whatever the other side does (used
// for results on time, FIDE §6.9): c has only a king, or king and a minor.
bool cannot_mate(const Position& pos, Color c);

// Ways a game ends by the position alone.
enum class GameEnd : std::uint8_t {
  none,
  checkmate,
  stalemate,
  dead_position,
  fivefold_repetition,  // FIDE §9.6.1 (from 2014)
  seventy_five_moves,   // FIDE §9.6.2 (from 2014)
};
std::string_view to_string(GameEnd end);  // "checkmate", "seventy_five_moves", ...

// Positions of one game so far, for repetition counting per FIDE §9.2.2:
// keys include castling rights as rights and an en-passant right only when
// the capture is legal.
class PositionHistory {
 public:
  explicit PositionHistory(const Position& start) { reset(start); }
  void reset(const Position& start);
  // Record the position reached after a move.
  void push(const Position& after);
  void pop();
  int size() const { return static_cast<int>(entries_.size()); }
  // How often the latest position has occurred so far (1 = first time).
  int repetitions() const;
  // Plies (0 = the start position) at which the latest position occurred.
  std::vector<int> occurrences() const;

 private:
  struct Entry {
    std::uint64_t key;
    std::uint16_t halfmove_clock;
  };
  std::vector<Entry> entries_;
};

// The game end reached in `pos`, with the §9.6 automatic draws counted only
// when `automatic_draws` (Laws from 2014); checkmate takes precedence.
GameEnd game_end(const Position& pos, const PositionHistory& history, bool automatic_draws = true);

}  // namespace notera
