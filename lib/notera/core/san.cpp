#include "notera/core/san.hpp"

#include "notera/core/movegen.hpp"

namespace notera {

namespace {

void append_square(SanText& out, Square s) {
  out.append(file_char(file_of(s)));
  out.append(rank_char(rank_of(s)));
}

void append_origin(SanText& out, Square from, SanHint::Origin origin) {
  switch (origin) {
    case SanHint::Origin::none: break;
    case SanHint::Origin::file: out.append(file_char(file_of(from))); break;
    case SanHint::Origin::rank: out.append(rank_char(rank_of(from))); break;
    case SanHint::Origin::square: append_square(out, from); break;
  }
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
    append_origin(out, from, san_origin(m, rivals));
  }
  if (capture) out.append('x');
  append_square(out, to);
}

SanHint::Origin san_origin(Move m, const MoveList& rivals) {
  Bitboard origins = 0;
  for (Move r : rivals)
    if (r.to() == m.to()) origins |= bb(r.from());
  return san_origin(m.from(), origins & ~bb(m.from()));
}

SanHint SanHint::of(const Position& before, Move m, const Position& after) {
  Check check = Check::none;
  if (after.in_check()) check = has_legal_move(after) ? Check::check : Check::mate;
  if (m == Move::null()) return make(PieceType::none, false, Origin::none, check);
  if (m.is_castling()) return make(PieceType::king, false, Origin::none, check);
  const PieceType type = type_of(before.piece_on(m.from()));
  Origin origin = Origin::none;
  if (type != PieceType::pawn && type != PieceType::king) {
    MoveList rivals;
    MoveFilter filter;
    filter.piece_types = piece_type_bit(type);
    filter.to = bb(m.to());
    filter.from = ~bb(m.from());
    filter.castling = false;
    generate_legal(before, rivals, filter);
    origin = san_origin(m, rivals);
  }
  return make(type, before.is_capture(m), origin, check);
}

void write_san(Move m, SanHint hint, SanText& out, const SanStyle& style) {
  out.size = static_cast<unsigned char>(write_san(m, hint, out.data, style) - out.data);
}

std::string_view check_mark(const Position& after) {
  if (!after.in_check()) return {};
  return has_legal_move(after) ? "+" : "#";
}

std::string to_san(const Position& pos, Move m, const SanStyle& style) {
  SanText text;
  write_san_body(pos, m, text, style);
  Position after = pos.after(m);
  std::string s(text.view());
  s += check_mark(after);
  return s;
}

}  // namespace notera
