// Writing moves as Standard Algebraic Notation (PGN standard §8.2.3) and
// its relatives: long algebraic notation, figurines and local piece letters.
//
// Disambiguation follows the standard exactly: only other *legal* moves of
// the same piece type to the same square count (a pinned piece does not),
// and the file is preferred to the rank, the rank to the full square.
#pragma once

#include <array>
#include <cstring>
#include <string>
#include <string_view>

#include "notera/core/movegen.hpp"
#include "notera/core/position.hpp"

namespace notera {

// How a move is spelled. The default is PGN SAN with English letters.
struct SanStyle {
  // Letters (UTF-8, may be several bytes or letters) per PieceType index;
  // pawn and none are unused in SAN.
  std::array<std::string_view, piece_type_count> pieces = {"", "", "N", "B", "R", "Q", "K"};
  std::string_view castle_short = "O-O";
  std::string_view castle_long = "O-O-O";
  std::string_view promotion_mark = "=";  // "=" in PGN, "" in FIDE's d8D form
  bool long_form = false;                 // LAN: always the origin square, "Ng1-f3", "e2-e4"
};

inline const SanStyle pgn_san_style{};

// Text of a move, for writing into preallocated buffers on the hot path.
struct SanText {
  char data[48];
  unsigned char size = 0;
  std::string_view view() const { return {data, size}; }
  void append(std::string_view s) {
    for (char c : s) data[size++] = c;
  }
  void append(char c) { data[size++] = c; }
};

// The move as written in `pos` (which must be the position before it),
// without the check or mate mark.
void write_san_body(const Position& pos, Move m, SanText& out, const SanStyle& style = pgn_san_style);
// "+" when the side to move in `after` is in check, "#" when mated, else "".
std::string_view check_mark(const Position& after);

// Convenience: full SAN with check/mate mark (plays the move on a copy).
std::string to_san(const Position& pos, Move m, const SanStyle& style = pgn_san_style);

// Everything SAN needs to know about a move besides the move itself, worked
// out once from the position when the move is played (the game player has
// the rival moves and the check state anyway). A writer holding hints can
// spell a whole game without replaying it. 0 means "no hint".
class SanHint {
 public:
  enum class Origin : std::uint8_t { none, file, rank, square };
  enum class Check : std::uint8_t { none, check, mate };

  constexpr SanHint() = default;
  static SanHint make(PieceType piece, bool capture, Origin origin, Check check) {
    return SanHint(static_cast<std::uint16_t>(valid_bit | index(piece) | (capture ? capture_bit : 0) |
                                              (static_cast<int>(origin) << 5) |
                                              (static_cast<int>(check) << 7)));
  }
  // The same hint with the check state, which is known only after the move
  // (the rest only before it).
  SanHint with_check(Check check) const {
    return SanHint(static_cast<std::uint16_t>((bits_ & ~check_bits) | (static_cast<int>(check) << 7)));
  }
  // Works the hint out from the position before the move and the one after.
  static SanHint of(const Position& before, Move m, const Position& after);

  bool valid() const { return (bits_ & valid_bit) != 0; }
  bool operator==(const SanHint&) const = default;
  PieceType piece() const { return static_cast<PieceType>(bits_ & 7); }
  bool capture() const { return (bits_ & capture_bit) != 0; }
  Origin origin() const { return static_cast<Origin>((bits_ >> 5) & 3); }
  Check check() const { return static_cast<Check>((bits_ >> 7) & 3); }

 private:
  static constexpr std::uint16_t capture_bit = 1u << 3;
  static constexpr std::uint16_t check_bits = 3u << 7;
  static constexpr std::uint16_t valid_bit = 1u << 15;
  constexpr explicit SanHint(std::uint16_t bits) : bits_(bits) {}
  std::uint16_t bits_ = 0;
};

// SAN origin needed among `rivals` (other legal moves of the same piece
// type, any destination): file, rank, square or none (PGN §8.2.3.4).
SanHint::Origin san_origin(Move m, const MoveList& rivals);
// The same for a move from `from`, given the origins of the other legal
// moves of its piece type to its square.
inline SanHint::Origin san_origin(Square from, Bitboard rivals) {
  if (!rivals) return SanHint::Origin::none;
  if (!(rivals & file_bb(file_of(from)))) return SanHint::Origin::file;
  if (!(rivals & rank_bb(rank_of(from)))) return SanHint::Origin::rank;
  return SanHint::Origin::square;
}

// The whole SAN text (with + or #) from a hint, without a position.
void write_san(Move m, SanHint hint, SanText& out, const SanStyle& style = pgn_san_style);

namespace detail {

// The letters a move is spelled with, for spell_san below: a style's strings,
// or PGN's as constants (the PGN writer spells every move of every game).
struct StyleLetters {
  const SanStyle& style;
  bool long_form;
  static void put(char*& p, std::string_view s) {
    for (char c : s) *p++ = c;
  }
  void piece(char*& p, PieceType type) const { put(p, style.pieces[index(type)]); }
  void castling(char*& p, CastlingSide side) const {
    put(p, side == CastlingSide::king_side ? style.castle_short : style.castle_long);
  }
  void promotion(char*& p, PieceType type) const {
    put(p, style.promotion_mark);
    put(p, style.pieces[index(type)]);
  }
};

struct PgnLetters {
  static constexpr bool long_form = false;
  static void piece(char*& p, PieceType type) { *p++ = "??NBRQK"[index(type)]; }
  static void castling(char*& p, CastlingSide side) {
    std::memcpy(p, "O-O-O", 5);
    p += side == CastlingSide::king_side ? 3 : 5;
  }
  static void promotion(char*& p, PieceType type) {
    *p++ = '=';
    piece(p, type);
  }
};

// Every square's name, "a1" to "h8", two bytes a square: a square is
// written with one two-byte copy rather than worked out from its file
// and rank (a move of every game writes one or two).
inline constexpr std::array<char, 2 * 64> square_names = [] {
  std::array<char, 2 * 64> t{};
  for (int s = 0; s < 64; ++s) {
    t[static_cast<std::size_t>(2 * s)] = file_char(s % 8);
    t[static_cast<std::size_t>(2 * s + 1)] = rank_char(s / 8);
  }
  return t;
}();

// The move from its hint into `out` (room for a SanText); returns the end.
template <typename Letters>
[[gnu::always_inline]] inline char* spell_san(Move m, SanHint hint, char* out, const Letters& letters) {
  char* p = out;
  const auto put_square = [&p](Square s) {
    std::memcpy(p, &square_names[2 * static_cast<std::size_t>(s)], 2);
    p += 2;
  };
  if (m == Move::null()) {
    *p++ = '-';
    *p++ = '-';
    return p;
  }
  if (m.is_castling()) {
    letters.castling(p, Position::castling_side_of(m));
  } else {
    const Square from = m.from();
    const PieceType type = hint.piece();
    if (type != PieceType::pawn) letters.piece(p, type);
    if (letters.long_form) {
      put_square(from);
      *p++ = hint.capture() ? 'x' : '-';
    } else if (type == PieceType::pawn) {
      if (hint.capture()) {
        *p++ = file_char(file_of(from));
        *p++ = 'x';
      }
    } else {
      switch (hint.origin()) {
        case SanHint::Origin::none: break;
        case SanHint::Origin::file: *p++ = file_char(file_of(from)); break;
        case SanHint::Origin::rank: *p++ = rank_char(rank_of(from)); break;
        case SanHint::Origin::square: put_square(from); break;
      }
      if (hint.capture()) *p++ = 'x';
    }
    put_square(m.to());
    if (type == PieceType::pawn && m.kind() == Move::Kind::promotion) letters.promotion(p, m.promotion());
  }
  if (hint.check() == SanHint::Check::check) *p++ = '+';
  if (hint.check() == SanHint::Check::mate) *p++ = '#';
  return p;
}

}  // namespace detail

// The same straight into `out`, which has room for as many bytes as a
// SanText; returns the end of what was written. Inline: the PGN writer
// spells every move of every game with it, and as a call it cost a third
// more than its own work.
inline char* write_san(Move m, SanHint hint, char* out, const SanStyle& style = pgn_san_style) {
  return detail::spell_san(m, hint, out, detail::StyleLetters{style, style.long_form});
}

// The same as write_san(m, hint, out, pgn_san_style), with PGN's letters
// as constants rather than a style's strings: the PGN writer spells every
// move of every game with it. Checked against write_san on every move of
// random games (tests/core_san_test.cpp).
inline char* write_pgn_san(Move m, SanHint hint, char* out) {
  return detail::spell_san(m, hint, out, detail::PgnLetters{});
}

}  // namespace notera
