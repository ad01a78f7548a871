#include "notera/core/san.hpp"

#include "notera/core/movegen.hpp"

namespace notera {

namespace {

void append_square(SanText& out, Square s) {
  out.append(file_char(file_of(s)));
  out.append(rank_char(rank_of(s)));
}

}  // namespace

void write_san_body(const Position& pos, Move m, SanText& out, const SanStyle& style) {
  out.size = 0;
  if (m == Move::null()) {
    out.append("--");  // PGN null move as most programs write it
    return;
  }
  if (m.is_castling()) {
    out.append(Position::castling_side_of(m) == CastlingSide::king_side ? style.castle_short
                                                                        : style.castle_long);
    return;
  }
  const Square from = m.from();
  const Square to = m.to();
  const PieceType type = type_of(pos.piece_on(from));
  const bool capture = pos.is_capture(m);

  if (type == PieceType::pawn) {
    if (style.long_form) {
      append_square(out, from);
      out.append(capture ? 'x' : '-');
    } else if (capture) {
      out.append(file_char(file_of(from)));
      out.append('x');
    }
    append_square(out, to);
    if (m.kind() == Move::Kind::promotion) {
      out.append(style.promotion_mark);
      out.append(style.pieces[index(m.promotion())]);
    }
    return;
  }

  out.append(style.pieces[index(type)]);
  if (style.long_form) {
    append_square(out, from);
    out.append(capture ? 'x' : '-');
    append_square(out, to);
    return;
  }
  if (type != PieceType::king) {
    // Other legal moves of the same piece type to the same square.
    MoveList rivals;
    MoveFilter filter;
    filter.piece_types = piece_type_bit(type);
    filter.to = bb(to);
    filter.from = ~bb(from);
    filter.castling = false;
    generate_legal(pos, rivals, filter);
    if (!rivals.empty()) {
      bool same_file = false;
      bool same_rank = false;
      for (Move r : rivals) {
        same_file |= file_of(r.from()) == file_of(from);
        same_rank |= rank_of(r.from()) == rank_of(from);
      }
      if (!same_file) {
        out.append(file_char(file_of(from)));
      } else if (!same_rank) {
        out.append(rank_char(rank_of(from)));
      } else {
        append_square(out, from);
      }
    }
  }
  if (capture) out.append('x');
  append_square(out, to);
}

std::string_view check_mark(const Position& after) {
  if (!after.in_check()) return {};
  return has_legal_move(after) ? "+" : "#";
}

std::string to_san(const Position& pos, Move m, const SanStyle& style) {
  SanText text;
  write_san_body(pos, m, text, style);
  Position after = pos;
  Undo undo;
  if (m == Move::null())
    after.do_null_move(undo);
  else
    after.do_move(m, undo);
  std::string s(text.view());
  s += check_mark(after);
  return s;
}

}  // namespace notera
