#include "notera/core/exchange.hpp"

#include <algorithm>
#include <array>

#include "notera/core/bitboard.hpp"

namespace notera {

int piece_value(PieceType t) {
  static constexpr std::array<int, piece_type_count> values = {0, 100, 300, 300, 500, 900, 20000};
  return values[static_cast<std::size_t>(index(t))];
}

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

  Color side = ~us;
  int d = 0;
  while (d + 1 < static_cast<int>(gain.size())) {
    const Bitboard attackers = pos.attackers_to(to, occupied) & occupied & pos.pieces(side);
    if (!attackers) break;
    // The cheapest attacker takes.
    PieceType taker = PieceType::none;
    Bitboard taker_bb = 0;
    for (int t = index(PieceType::pawn); t <= index(PieceType::king); ++t) {
      taker_bb = attackers & pos.pieces(static_cast<PieceType>(t));
      if (taker_bb) {
        taker = static_cast<PieceType>(t);
        break;
      }
    }
    // A king may take only a piece nobody defends any more.
    if (taker == PieceType::king) {
      const Bitboard rest = occupied ^ bb(lsb(taker_bb));
      if (pos.attackers_to(to, rest) & rest & pos.pieces(~side)) break;
    }
    ++d;
    gain[static_cast<std::size_t>(d)] = piece_value(on_target) - gain[static_cast<std::size_t>(d - 1)];
    occupied ^= bb(lsb(taker_bb));
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
