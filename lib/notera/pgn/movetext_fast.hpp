// The shortcut past the movetext grammar for the usual tokens.
//
// Nearly all movetext is blanks, move numbers ("12.", "12...") and moves
// written the plain way ("e4", "exd5", "Nf3", "Nbd7", "e8=Q", "O-O", with
// +, # or a glyph). Reading those by hand costs a fraction of trying the
// grammar's alternatives one by one. Every other token, and every token
// the shortcut is not sure of, is read by the grammar (grammar::movetext::
// token), so the grammar stays the definition of movetext: the shortcut
// gives exactly the events the grammar would, or declines. That is checked
// token shape by token shape (tests/pgn_movetext_test.cpp) and on any
// bytes by the differential fuzz target (fuzz/fuzz_lexicon.cpp).
//
// A header because the reader (movetext.cpp) calls it for every token:
// it is a template over the reader's state, inlined there. Private to the
// library.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "notera/notation/written_move.hpp"
#include "notera/pgn/lexicon.hpp"
#include "notera/pgn/movetext.hpp"

namespace notera::pgn::detail {

template <typename State> class CommonTokens {
 public:
  CommonTokens(State& state, const char* end) : s_(state), end_(end) {}

  // Reads the token at p when it is blanks, a move number or a plain move,
  // with the blanks after it, and returns where they end; nullptr when the
  // grammar must read the token. (Blanks give no event: taking them along
  // spares a round of the caller's loop for most tokens.)
  const char* read(const char* p) {
    const char c = *p;
    if (is_blank(c)) return skip_blanks(p);
    const char* q = is_digit(c) ? move_number(p) : nullptr;
    if (q == nullptr) q = move(p);
    return q == nullptr ? nullptr : skip_blanks(q);
  }

  // The plain move at p (the first byte of a token) read into `m`, which
  // must be fresh: where the token ends, or nullptr when the grammar must
  // read it. What read() takes for a move, without the event; the game
  // player's one-pass reading (play.cpp) asks for it. Uses only the
  // state's `letters` and `languages`.
  const char* plain_move(const char* p, notation::WrittenMove& m) { return read_move(p, m); }

 private:
  // Character classes (lexicon.hpp), asked for every byte of the movetext.
  using C = lexicon::CharClass;
  static constexpr bool is(char c, std::uint16_t k) { return lexicon::is(c, k); }
  static constexpr bool is_blank(char c) { return is(c, C::white_space); }
  static constexpr bool is_digit(char c) { return is(c, C::digit); }
  static constexpr bool is_file(char c) { return is(c, C::file); }
  static constexpr bool is_rank(char c) { return is(c, C::rank); }
  static constexpr bool is_capture_mark(char c) { return is(c, C::capture_mark); }
  static constexpr bool is_castle_o(char c) { return is(c, C::castle_o); }
  static constexpr bool is_alnum(char c) { return is(c, C::alnum); }

  const char* skip_blanks(const char* p) const {
    while (p < end_ && is_blank(*p)) ++p;
    return p;
  }
  char at(const char* p) const { return p < end_ ? *p : '\0'; }
  bool square_at(const char* p) const { return end_ - p >= 2 && is_file(p[0]) && is_rank(p[1]); }
  // The piece letter at p (longest match, as the grammar's piece_letter).
  int letter_at(const char* p, std::size_t& length) const {
    if (p >= end_) return -1;
    return s_.letters.match(std::string_view(p, static_cast<std::size_t>(end_ - p)), s_.languages, length);
  }

  // A move number (lexicon::match_move_number).
  const char* move_number(const char* p) {
    const lexicon::MoveNumber n =
        lexicon::match_move_number(std::string_view(p, static_cast<std::size_t>(end_ - p)));
    if (n.length == 0) return nullptr;  // "1-0", "0-0"
    MovetextEvent& e = s_.emit(MovetextEvent::Kind::move_number, p, p + n.length);
    e.number = lexicon::number_value(std::string_view(p, n.digits));
    e.dots = static_cast<std::uint8_t>(std::min<std::size_t>(n.dots, 3));
    return p + n.length;
  }

  // Whether a square (after a separator, if any) follows: what
  // grammar::move::no_second_square rules out for the short forms.
  bool second_square_at(const char* p) const {
    if (p < end_ && (*p == '-' || is_capture_mark(*p))) ++p;
    return square_at(p);
  }

  const char* move(const char* p) {
    // Written straight into the event, which is dropped if the token turns
    // out not to be a plain move.
    MovetextEvent& e = s_.out.events.emplace_back();
    if (const char* q = read_move(p, e.move)) {
      e.kind = MovetextEvent::Kind::move;
      e.begin = s_.offset(p);
      e.end = s_.offset(q);
      return q;
    }
    s_.out.events.pop_back();
    return nullptr;
  }

  const char* read_move(const char* p, notation::WrittenMove& m) {
    const char* q = p;
    std::size_t length = 0;
    if (is_castle_o(*p)) {
      q = castling(p, m);
    } else if (const int letter = letter_at(p, length); letter >= 0) {
      m.kind = notation::WrittenKind::piece;
      m.piece.letter = static_cast<std::int16_t>(letter);
      q = piece_squares(p + length, m);
    } else if (is_file(*p)) {
      m.kind = notation::WrittenKind::no_letter;
      q = pawn_squares(p, m);
    } else {
      return nullptr;
    }
    if (q == nullptr) return nullptr;
    q = marks(q, m);
    // token_end
    if (q == nullptr || (q < end_ && !is(*q, C::white_space | C::delimiter))) return nullptr;
    return q;
  }

  // grammar::move::castling: three O's (long) or two, dashes optional, not
  // followed by a dash, letter or digit. Like the grammar's action, any
  // dash read on the way marks the move as written with one.
  const char* castling(const char* p, notation::WrittenMove& m) {
    const auto os = [&](int count) -> const char* {
      const char* q = p;
      for (int i = 0; i < count; ++i) {
        if (i > 0 && at(q) == '-') {
          m.dash = true;
          ++q;
        }
        if (!is_castle_o(at(q))) return nullptr;
        ++q;
      }
      return q;
    };
    const char* q = os(3);
    m.kind = notation::WrittenKind::castle_long;
    if (q == nullptr) {
      q = os(2);
      m.kind = notation::WrittenKind::castle_short;
    }
    if (q == nullptr || at(q) == '-' || is_alnum(at(q))) return nullptr;
    return q;
  }

  // After the piece letter: Nf3 Nxf3 (no second square), Nbd7 Nbxd7, N5f3
  // N5xf3; the long forms and "BxN" are the grammar's.
  const char* piece_squares(const char* p, notation::WrittenMove& m) {
    const char* q = p;
    const bool capture = is_capture_mark(at(q));
    if (capture) ++q;
    if (square_at(q) && !second_square_at(q + 2)) {
      m.capture = capture;
      return to_square(q, m);
    }
    if (is_file(at(p)) || is_rank(at(p))) {
      q = p + 1;
      m.capture = is_capture_mark(at(q));
      if (m.capture) ++q;
      if (square_at(q)) {
        if (is_file(*p))
          m.from_file = static_cast<std::int8_t>(*p - 'a');
        else
          m.from_rank = static_cast<std::int8_t>(*p - '1');
        return to_square(q, m);
      }
    }
    return nullptr;
  }

  // e4 (no second square), exd5 ed5, each with an optional "=Q"; the other
  // pawn forms (exd, xd5, e2e4, d8Q, d8(Q)) are the grammar's.
  const char* pawn_squares(const char* p, notation::WrittenMove& m) {
    const char* q;
    if (square_at(p)) {
      if (second_square_at(p + 2)) return nullptr;
      q = to_square(p, m);
    } else {
      q = p + 1;
      m.capture = is_capture_mark(at(q));
      if (m.capture) ++q;
      if (!square_at(q)) return nullptr;
      m.from_file = static_cast<std::int8_t>(*p - 'a');
      q = to_square(q, m);
    }
    std::size_t length = 0;
    if (at(q) == '=') {
      const int letter = letter_at(q + 1, length);
      if (letter < 0) return nullptr;
      m.promotion_mark = true;
      m.promotion.letter = static_cast<std::int16_t>(letter);
      return q + 1 + length;
    }
    // A promotion piece without "=", or "/Q", "(Q)": the grammar's.
    if (at(q) == '/' || at(q) == '(' || letter_at(q, length) >= 0) return nullptr;
    return q;
  }

  const char* to_square(const char* p, notation::WrittenMove& m) const {
    m.to_file = static_cast<std::int8_t>(p[0] - 'a');
    m.to_rank = static_cast<std::int8_t>(p[1] - '1');
    return p + 2;
  }

  // grammar::move::suffix: + ++ # ! ? !! ?? !? ?!; nullptr for the marks
  // left to the grammar (X, ch, e.p., (=)).
  const char* marks(const char* p, notation::WrittenMove& m) const {
    for (;;) {
      const char c = at(p);
      if (c == '+' && at(p + 1) == '+') {
        m.check = notation::WrittenCheck::mate;
        p += 2;
      } else if (c == '+') {
        if (m.check == notation::WrittenCheck::none) m.check = notation::WrittenCheck::check;
        ++p;
      } else if (c == '#') {
        m.check = notation::WrittenCheck::mate;
        ++p;
      } else if (c == '!' || c == '?') {
        const char d = at(p + 1);
        notation::Nag nag = c == '!' ? 1 : 2;
        if (d == '!' || d == '?') {
          nag = c == '!' ? (d == '!' ? 3 : 5) : (d == '?' ? 4 : 6);
          ++p;
        }
        ++p;
        if (m.glyph == 0) m.glyph = nag;
      } else {
        break;
      }
    }
    if (p >= end_) return p;
    const char* b = p;
    while (b < end_ && (*b == ' ' || *b == '\t')) ++b;
    if (b >= end_) return p;
    if (*p == 'X' || *p == 'c') return nullptr;
    if (*b == 'e' && (at(b + 1) == '.' || at(b + 1) == 'p')) return nullptr;  // e.p., ep
    if (*b == '(' && at(b + 1) == '=') return nullptr;                        // (=)
    return p;
  }

  State& s_;
  const char* end_;
};

}  // namespace notera::pgn::detail
