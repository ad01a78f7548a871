#include "notera/core/game_state.hpp"

#include <algorithm>
#include <initializer_list>

#include "notera/core/movegen.hpp"

namespace notera {

bool is_checkmate(const Position& pos) { return pos.in_check() && !has_legal_move(pos); }
bool is_stalemate(const Position& pos) { return !pos.in_check() && !has_legal_move(pos); }

bool insufficient_material(const Position& pos) {
  if (pos.pieces(PieceType::pawn) || pos.pieces(PieceType::rook) || pos.pieces(PieceType::queen))
    return false;
  const Bitboard knights = pos.pieces(PieceType::knight);
  const Bitboard bishops = pos.pieces(PieceType::bishop);
  // K v K, K+N v K, K+B v K.
  if (popcount(knights | bishops) <= 1) return true;
  // Only bishops, all on squares of one colour: no mate is possible.
  if (!knights && ((bishops & light_squares) == 0 || (bishops & dark_squares) == 0)) return true;
  return false;
}

bool cannot_mate(const Position& pos, Color c) {
  const Bitboard own = pos.pieces(c);
  if (own & pos.pieces(PieceType::pawn, PieceType::rook)) return false;
  if (own & pos.pieces(PieceType::queen)) return false;
  return popcount(own & pos.pieces(PieceType::knight, PieceType::bishop)) <= 1;
}

std::string_view to_string(GameEnd end) {
  switch (end) {
    case GameEnd::none: return "none";
    case GameEnd::checkmate: return "checkmate";
    case GameEnd::stalemate: return "stalemate";
    case GameEnd::dead_position: return "dead_position";
    case GameEnd::fivefold_repetition: return "fivefold";
    case GameEnd::seventy_five_moves: return "seventy_five_moves";
  }
  return "none";
}

void PositionHistory::reset(const Position& start) {
  entries_.clear();
  entries_.push_back({start.key(), static_cast<std::uint16_t>(start.halfmove_clock())});
}

void PositionHistory::push(const Position& after) {
  entries_.push_back({after.key(), static_cast<std::uint16_t>(after.halfmove_clock())});
}

void PositionHistory::pop() {
  if (entries_.size() > 1) entries_.pop_back();
}

std::vector<int> PositionHistory::occurrences() const {
  std::vector<int> plies;
  const int last = size() - 1;
  const Entry& now = entries_.back();
  // Only positions since the last capture or pawn move can repeat, and only
  // those with the same side to move (every second ply).
  const int window = std::min<int>(now.halfmove_clock, last);
  for (int ply = last - window + ((window & 1) ? 1 : 0); ply <= last; ply += 2) {
    if (entries_[static_cast<std::size_t>(ply)].key == now.key) plies.push_back(ply);
  }
  return plies;
}

int PositionHistory::repetitions() const { return static_cast<int>(occurrences().size()); }

GameEnd game_end(const Position& pos, const PositionHistory& history, bool automatic_draws) {
  if (!has_legal_move(pos)) return pos.in_check() ? GameEnd::checkmate : GameEnd::stalemate;
  if (insufficient_material(pos)) return GameEnd::dead_position;
  if (automatic_draws) {
    if (history.repetitions() >= 5) return GameEnd::fivefold_repetition;
    if (pos.halfmove_clock() >= 150) return GameEnd::seventy_five_moves;
  }
  return GameEnd::none;
}

}  // namespace notera
