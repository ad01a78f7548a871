#include "notera/core/exchange.hpp"

#include <algorithm>
#include <array>

#include "notera/core/bitboard.hpp"

namespace notera {

int static_exchange(const Position& pos, Move m) {
  if (m.is_castling()) return 0;
  const Square from = m.from();
  const Square to = m.to();
  const Color us = pos.side_to_move();
  PieceType on_target = type_of(pos.piece_on(from));
  Bitboard occupied = pos.pieces() ^ bb(from);

  // gain[d]: what the side making capture d has won when the exchange
  // stops after it (each written before it is read: not cleared, the
  // reconstruction asks this of millions of moves).
  std::array<int, 40> gain;
  if (m.is_en_passant()) {
    gain[0] = piece_value(PieceType::pawn);
    occupied ^= bb(to - pawn_push(us));
  } else {
    gain[0] = pos.empty(to) ? 0 : piece_value(type_of(pos.piece_on(to)));
  }
  if (m.promotion() != PieceType::none) {
    gain[0] += piece_value(m.promotion()) - piece_value(PieceType::pawn);
    on_target = m.promotion();
  }

  // Every piece that attacks `to` through the squares still occupied,
  // both sides: found once, then kept up to date as pieces leave (a slider
  // behind one that took may join in; only sliders can be uncovered).
  const Bitboard diagonal = pos.pieces(PieceType::bishop, PieceType::queen);
  const Bitboard straight = pos.pieces(PieceType::rook, PieceType::queen);
  Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
  Color side = ~us;
  int d = 0;
  while (d + 1 < static_cast<int>(gain.size())) {
    const Bitboard ours = attackers & pos.pieces(side);
    if (!ours) break;
    // The cheapest attacker takes.
    PieceType taker = PieceType::none;
    Bitboard taker_bb = 0;
    for (int t = index(PieceType::pawn); t <= index(PieceType::king); ++t) {
      taker_bb = ours & pos.pieces(static_cast<PieceType>(t));
      if (taker_bb) {
        taker = static_cast<PieceType>(t);
        break;
      }
    }
    const Bitboard taker_square = bb(lsb(taker_bb));
    // A king may take only a piece nobody defends any more.
    if (taker == PieceType::king) {
      const Bitboard rest = occupied ^ taker_square;
      if (pos.attackers_to(to, rest) & rest & pos.pieces(~side)) break;
    }
    ++d;
    gain[static_cast<std::size_t>(d)] = piece_value(on_target) - gain[static_cast<std::size_t>(d - 1)];
    occupied ^= taker_square;
    if (taker != PieceType::knight) {
      if (taker != PieceType::rook) attackers |= bishop_attacks(to, occupied) & diagonal;
      if (taker != PieceType::pawn && taker != PieceType::bishop)
        attackers |= rook_attacks(to, occupied) & straight;
    }
    attackers &= occupied;
    on_target = taker;
    side = ~side;
  }
  while (d > 0) {
    const auto k = static_cast<std::size_t>(d);
    gain[k - 1] = -std::max(-gain[k - 1], gain[k]);
    --d;
  }
  return gain[0];
}

}  // namespace notera
