// The vocabulary of the chess core: colours, piece types, squares and moves.
//
// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63, so that a square's bit
// in a Bitboard is 1 << square. A Move is 16 bits (see below); it is only
// meaningful together with the position it is played in.
#pragma once

#include <cstdint>
#include <string_view>

namespace notera {

enum class Color : std::uint8_t { white, black };

constexpr Color operator~(Color c) { return static_cast<Color>(static_cast<int>(c) ^ 1); }
constexpr int index(Color c) { return static_cast<int>(c); }

enum class PieceType : std::uint8_t { none, pawn, knight, bishop, rook, queen, king };

constexpr int index(PieceType t) { return static_cast<int>(t); }
constexpr int piece_type_count = 7;  // including `none`, so arrays index by type

// The English word for a piece type, as messages' arguments and the locale
// bundles' keys name it ("none" for none).
constexpr std::string_view name_of(PieceType t) {
  switch (t) {
    case PieceType::pawn: return "pawn";
    case PieceType::knight: return "knight";
    case PieceType::bishop: return "bishop";
    case PieceType::rook: return "rook";
    case PieceType::queen: return "queen";
    case PieceType::king: return "king";
    case PieceType::none: break;
  }
  return "none";
}

// A coloured piece: colour in bit 3, type in bits 0-2. 0 means "no piece".
enum class Piece : std::uint8_t {
  none = 0,
  white_pawn = 1,
  white_knight,
  white_bishop,
  white_rook,
  white_queen,
  white_king,
  black_pawn = 9,
  black_knight,
  black_bishop,
  black_rook,
  black_queen,
  black_king,
};

constexpr Piece make_piece(Color c, PieceType t) { return static_cast<Piece>((index(c) << 3) | index(t)); }
constexpr PieceType type_of(Piece p) { return static_cast<PieceType>(static_cast<int>(p) & 7); }
constexpr Color color_of(Piece p) { return static_cast<Color>(static_cast<int>(p) >> 3); }
constexpr int index(Piece p) { return static_cast<int>(p); }

// Squares are plain integers in an unscoped enum: bitboard arithmetic on
// them is everywhere, and `Square + 8` must stay readable.
enum Square : std::int8_t {
  // clang-format off
  a1, b1, c1, d1, e1, f1, g1, h1,
  a2, b2, c2, d2, e2, f2, g2, h2,
  a3, b3, c3, d3, e3, f3, g3, h3,
  a4, b4, c4, d4, e4, f4, g4, h4,
  a5, b5, c5, d5, e5, f5, g5, h5,
  a6, b6, c6, d6, e6, f6, g6, h6,
  a7, b7, c7, d7, e7, f7, g7, h7,
  a8, b8, c8, d8, e8, f8, g8, h8,
  // clang-format on
  no_square = 64
};

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return static_cast<Square>(rank * 8 + file); }
constexpr bool is_ok(Square s) { return s >= a1 && s <= h8; }
constexpr Square operator+(Square s, int d) { return static_cast<Square>(static_cast<int>(s) + d); }
constexpr Square operator-(Square s, int d) { return static_cast<Square>(static_cast<int>(s) - d); }
constexpr Square& operator++(Square& s) { return s = s + 1; }
// The same square seen from Black's side (a1 <-> a8).
constexpr Square flip_rank(Square s) { return static_cast<Square>(s ^ 56); }
// Relative rank: rank 0 is the colour's own back rank.
constexpr int relative_rank(Color c, int rank) { return c == Color::white ? rank : 7 - rank; }
constexpr int pawn_push(Color c) { return c == Color::white ? 8 : -8; }

constexpr char file_char(int file) { return static_cast<char>('a' + file); }
constexpr char rank_char(int rank) { return static_cast<char>('1' + rank); }

// Castling sides, by where the king goes: g-file (short, "O-O") or c-file
// (long, "O-O-O"). In Chess960 the same words apply (FIDE Chess960 rules).
enum class CastlingSide : std::uint8_t { king_side, queen_side };
constexpr int index(CastlingSide s) { return static_cast<int>(s); }

// A move in 16 bits:
//   bits 0-5   origin square
//   bits 6-11  destination square; for castling the square of the castling
//              rook ("king takes rook"), which covers standard and Chess960
//   bits 12-13 promotion piece - knight (0 knight .. 3 queen)
//   bits 14-15 kind: normal, promotion, en passant, castling
// Move::none() is 0 (a1a1) and Move::null() is b1b1; neither is ever legal.
class Move {
 public:
  enum class Kind : std::uint8_t { normal, promotion, en_passant, castling };

  // Trivial on purpose: move lists hold hundreds of them and must not be
  // zero-filled on every use. Move() and Move{} still give Move::none().
  Move() = default;
  constexpr Move(Square from, Square to) : data_(static_cast<std::uint16_t>(from | (to << 6))) {}
  constexpr static Move make(Square from, Square to, Kind kind, PieceType promotion = PieceType::knight) {
    return Move(static_cast<std::uint16_t>(from | (to << 6) |
                                           ((index(promotion) - index(PieceType::knight)) << 12) |
                                           (static_cast<int>(kind) << 14)));
  }
  constexpr static Move none() { return Move(std::uint16_t{0}); }
  constexpr static Move null() { return Move(static_cast<std::uint16_t>(b1 | (b1 << 6))); }

  constexpr Square from() const { return static_cast<Square>(data_ & 63); }
  constexpr Square to() const { return static_cast<Square>((data_ >> 6) & 63); }
  constexpr Kind kind() const { return static_cast<Kind>(data_ >> 14); }
  constexpr PieceType promotion() const {
    return kind() == Kind::promotion ? static_cast<PieceType>(((data_ >> 12) & 3) + index(PieceType::knight))
                                     : PieceType::none;
  }
  constexpr bool is_castling() const { return kind() == Kind::castling; }
  constexpr bool is_en_passant() const { return kind() == Kind::en_passant; }
  constexpr bool is_ok() const { return from() != to(); }
  constexpr std::uint16_t raw() const { return data_; }

  constexpr bool operator==(const Move&) const = default;

 private:
  constexpr explicit Move(std::uint16_t data) : data_(data) {}
  std::uint16_t data_;
};

}  // namespace notera
