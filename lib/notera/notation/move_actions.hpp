// PEGTL actions that fill a WrittenMove from grammars/notera/grammar/move.hpp.
// Private to the notation readers (single moves, movetext, scoresheet cells).
#pragma once

#include <string_view>

#include <tao/pegtl.hpp>

#include "notera/grammar/move.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/written_move.hpp"

namespace notera::notation::detail {

namespace pegtl = tao::pegtl;
namespace gm = grammar::move;

// Parse state for a written move: the letter table in play and the move
// being built. Readers of longer texts derive from it.
struct MoveParseState {
  MoveParseState(const LetterTable& table, LanguageMask mask) : letters(table), languages(mask) {}

  bool match_piece_letter(std::string_view rest, std::size_t& length) {
    last_letter = letters.match(rest, languages, length);
    return last_letter >= 0;
  }

  const LetterTable& letters;
  LanguageMask languages;
  WrittenMove move;
  int last_letter = -1;
  bool descriptive = false;  // "P-K4": another notation system
};

template <typename Rule> struct move_action : pegtl::nothing<Rule> {};

template <> struct move_action<gm::move_start> {
  static void apply0(MoveParseState& s) {
    s.move = WrittenMove{};
    s.descriptive = false;
  }
};
template <> struct move_action<gm::clear_squares> {
  static void apply0(MoveParseState& s) {
    WrittenMove& m = s.move;
    m.from_file = m.from_rank = m.to_file = m.to_rank = -1;
    m.capture = m.dash = m.promotion_mark = m.uci_promotion = false;
    m.captured = WrittenPiece{};
    m.promotion = WrittenPiece{};
  }
};
template <> struct move_action<gm::moving_piece> {
  static void apply0(MoveParseState& s) {
    s.move.kind = WrittenKind::piece;
    s.move.piece.letter = static_cast<std::int16_t>(s.last_letter);
  }
};
template <> struct move_action<gm::captured_piece> {
  static void apply0(MoveParseState& s) {
    s.move.captured.letter = static_cast<std::int16_t>(s.last_letter);
    s.move.capture = true;
  }
};
template <> struct move_action<gm::promotion_piece> {
  static void apply0(MoveParseState& s) {
    s.move.promotion.letter = static_cast<std::int16_t>(s.last_letter);
  }
};
template <> struct move_action<gm::uci_promotion> {
  template <typename ActionInput> static void apply(const ActionInput& in, MoveParseState& s) {
    // UCI's lower-case letter is the English piece letter.
    const char upper = static_cast<char>(in.peek_char() - 'a' + 'A');
    std::size_t length = 0;
    s.move.promotion.letter = static_cast<std::int16_t>(
        s.letters.match(std::string_view(&upper, 1), s.letters.mask_of(LetterTable::english), length));
    s.move.uci_promotion = true;
  }
};
template <> struct move_action<gm::from_file> {
  template <typename ActionInput> static void apply(const ActionInput& in, MoveParseState& s) {
    s.move.from_file = static_cast<std::int8_t>(in.peek_char() - 'a');
  }
};
template <> struct move_action<gm::from_rank> {
  template <typename ActionInput> static void apply(const ActionInput& in, MoveParseState& s) {
    s.move.from_rank = static_cast<std::int8_t>(in.peek_char() - '1');
  }
};
template <> struct move_action<gm::to_file> {
  template <typename ActionInput> static void apply(const ActionInput& in, MoveParseState& s) {
    s.move.to_file = static_cast<std::int8_t>(in.peek_char() - 'a');
  }
};
template <> struct move_action<gm::to_rank> {
  template <typename ActionInput> static void apply(const ActionInput& in, MoveParseState& s) {
    s.move.to_rank = static_cast<std::int8_t>(in.peek_char() - '1');
  }
};
template <> struct move_action<gm::capture_mark> {
  static void apply0(MoveParseState& s) { s.move.capture = true; }
};
template <> struct move_action<gm::dash> {
  static void apply0(MoveParseState& s) { s.move.dash = true; }
};
template <> struct move_action<gm::promotion_mark> {
  static void apply0(MoveParseState& s) { s.move.promotion_mark = true; }
};
template <> struct move_action<gm::pawn_move> {
  static void apply0(MoveParseState& s) { s.move.kind = WrittenKind::no_letter; }
};
template <> struct move_action<gm::castle_long> {
  static void apply0(MoveParseState& s) { s.move.kind = WrittenKind::castle_long; }
};
template <> struct move_action<gm::castle_short> {
  static void apply0(MoveParseState& s) { s.move.kind = WrittenKind::castle_short; }
};
template <> struct move_action<gm::null_move> {
  static void apply0(MoveParseState& s) { s.move.kind = WrittenKind::null_move; }
};
template <> struct move_action<gm::descriptive_move> {
  static void apply0(MoveParseState& s) {
    s.move.kind = WrittenKind::none;
    s.descriptive = true;
  }
};
template <> struct move_action<gm::en_passant_mark> {
  static void apply0(MoveParseState& s) { s.move.en_passant = true; }
};
template <> struct move_action<gm::check_mark> {
  static void apply0(MoveParseState& s) {
    if (s.move.check == WrittenCheck::none) s.move.check = WrittenCheck::check;
  }
};
template <> struct move_action<gm::mate_mark> {
  static void apply0(MoveParseState& s) { s.move.check = WrittenCheck::mate; }
};
template <> struct move_action<gm::draw_offer> {
  static void apply0(MoveParseState& s) { s.move.draw_offer = true; }
};
template <> struct move_action<gm::glyph> {
  template <typename ActionInput> static void apply(const ActionInput& in, MoveParseState& s) {
    const std::string_view g(in.begin(), in.size());
    // PGN §10: $1 ! $2 ? $3 !! $4 ?? $5 !? $6 ?!
    Nag nag = 0;
    if (g == "!")
      nag = 1;
    else if (g == "?")
      nag = 2;
    else if (g == "!!")
      nag = 3;
    else if (g == "??")
      nag = 4;
    else if (g == "!?")
      nag = 5;
    else if (g == "?!")
      nag = 6;
    if (s.move.glyph == 0) s.move.glyph = nag;
  }
};

}  // namespace notera::notation::detail
