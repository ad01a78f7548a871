#include "notera/core/uci.hpp"

#include "notera/core/fen.hpp"
#include "notera/core/movegen.hpp"

namespace notera {

void append_uci(const Position& pos, Move m, std::string& out) {
  if (m == Move::null()) {
    out += "0000";
    return;
  }
  const Square from = m.from();
  Square to = m.to();
  if (m.is_castling() && !pos.is_chess960()) to = pos.king_destination(m);
  out += file_char(file_of(from));
  out += rank_char(rank_of(from));
  out += file_char(file_of(to));
  out += rank_char(rank_of(to));
  if (m.kind() == Move::Kind::promotion) out += " pnbrqk"[index(m.promotion())];
}

std::string to_uci(const Position& pos, Move m) {
  std::string s;
  append_uci(pos, m, s);
  return s;
}

Move parse_uci(const Position& pos, std::string_view text) {
  if (text.size() != 4 && text.size() != 5) return Move::none();
  const auto square_at = [&](std::size_t i) -> Square {
    const char f = text[i];
    const char r = text[i + 1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return no_square;
    return make_square(f - 'a', r - '1');
  };
  const Square from = square_at(0);
  const Square to = square_at(2);
  if (from == no_square || to == no_square) return Move::none();
  PieceType promotion = PieceType::none;
  if (text.size() == 5) {
    switch (text[4] | 0x20) {
      case 'n': promotion = PieceType::knight; break;
      case 'b': promotion = PieceType::bishop; break;
      case 'r': promotion = PieceType::rook; break;
      case 'q': promotion = PieceType::queen; break;
      default: return Move::none();
    }
  }

  MoveList moves;
  MoveFilter filter;
  filter.from = bb(from);
  generate_legal(pos, moves, filter);
  Move castling = Move::none();
  for (Move m : moves) {
    if (m.is_castling()) {
      // King to its castling square (e1g1), or king takes own rook (e1h1).
      const bool king_target = pos.king_destination(m) == to;
      const bool rook_target = m.to() == to;
      // In Chess960 a one-square king move may look like castling: there the
      // ordinary king move wins, and castling needs the rook form.
      if (rook_target || (king_target && !pos.is_chess960())) return m;
      if (king_target) castling = m;
      continue;
    }
    if (m.to() == to && m.promotion() == promotion) return m;
  }
  return castling;
}

std::string uci_fen(const Position& pos) {
  return write_fen(pos, pos.is_chess960() ? CastlingNotation::shredder : CastlingNotation::automatic);
}

}  // namespace notera
