// A move as written, before it meets a position: pure syntax.
//
// The grammar (grammars/notera/grammar/move.hpp) fills this from text such
// as "Sgf3", "exd6 e.p.", "d8D", "0-0" or "♘f3"; resolve.hpp then decides
// what it means in a position. Piece letters are kept as ids into the
// letter table (letters.hpp) because their meaning depends on the language:
// "S" is a knight in Norwegian and a bishop in Czech.
#pragma once

#include <cstdint>

#include "notera/core/types.hpp"

namespace notera::notation {

// A piece letter or figurine as written: an id into the LetterTable, or -1.
struct WrittenPiece {
  std::int16_t letter = -1;
  bool present() const { return letter >= 0; }
  bool operator==(const WrittenPiece&) const = default;
};

enum class WrittenKind : std::uint8_t {
  none,          // nothing read yet / not a move
  piece,         // a piece letter was written: Sf3, Sg1-f3, Lxe5, BxN
  no_letter,     // no piece letter: e4, exd5, ed, xd5, e2-e4, and UCI g1f3
  castle_short,  // 0-0, O-O, o-o
  castle_long,   // 0-0-0, O-O-O, 000
  null_move,     // -- (a PGN null move)
};

enum class WrittenCheck : std::uint8_t { none, check, mate };

// The kind of check a book announces with its check: `dis ch` (discovered:
// a piece other than the one moved gives it), `dbl ch` (two pieces give it).
enum class CheckKind : std::uint8_t { any, discovered, double_check };

// Annotation glyphs, as their NAG numbers (PGN §10): ! = 1, ? = 2, ...
using Nag = std::uint8_t;

struct WrittenMove {
  WrittenKind kind = WrittenKind::none;
  WrittenPiece piece;          // the moving piece (kind == piece)
  WrittenPiece captured;       // descriptive capture "BxN": the piece taken, no square
  WrittenPiece promotion;      // "d8D", "d8=D", "d8(D)", "d8/D", "e7e8q"
  std::int8_t from_file = -1;  // origin as far as written (0-7 / -1)
  std::int8_t from_rank = -1;
  std::int8_t to_file = -1;  // destination; to_rank -1 in "exd" / "ed"
  std::int8_t to_rank = -1;
  bool capture = false;         // x, :, × written
  bool dash = false;            // long form with a hyphen or dash: Sg1-f3
  bool promotion_mark = false;  // "=", "(", "/" before the promotion piece
  bool uci_promotion = false;   // lower-case promotion letter, as UCI writes it
  bool en_passant = false;      // "e.p." / "ep" written
  bool draw_offer = false;      // "(=)" (FIDE §8.1.5)
  WrittenCheck check = WrittenCheck::none;
  CheckKind check_kind = CheckKind::any;  // dis ch, dbl ch (descriptive)
  Nag glyph = 0;  // ! ? !! ?? !? ?! as a NAG, 0 when none

  bool has_from_square() const { return from_file >= 0 && from_rank >= 0; }
  bool has_to_square() const { return to_file >= 0 && to_rank >= 0; }
  Square from_square() const { return make_square(from_file, from_rank); }
  Square to_square() const { return make_square(to_file, to_rank); }
  bool is_castling() const { return kind == WrittenKind::castle_short || kind == WrittenKind::castle_long; }
  bool operator==(const WrittenMove&) const = default;
};

}  // namespace notera::notation
