#include "notera/notation/movetext.hpp"

#include <array>

#include <tao/pegtl.hpp>

#include "notera/grammar/movetext.hpp"
#include "notera/notation/move_actions.hpp"

namespace notera {

namespace {

namespace pegtl = tao::pegtl;
namespace gt = grammar::movetext;

struct MovetextState : detail::MoveParseState {
  MovetextState(const LetterTable& table, LanguageMask mask, MovetextParse& parse, const char* base,
                const NormalizedText* normal)
      : MoveParseState(table, mask), out(parse), text_begin(base), normalized(normal) {}

  // Offsets are reported in the source, before normalisation.
  std::uint32_t offset(const char* p) const {
    const auto i = static_cast<std::size_t>(p - text_begin);
    return static_cast<std::uint32_t>(normalized ? normalized->source(i) : i);
  }
  template <typename ActionInput> MovetextEvent& emit(MovetextEvent::Kind kind, const ActionInput& in) {
    return emit(kind, in.begin(), in.end());
  }
  MovetextEvent& emit(MovetextEvent::Kind kind, const char* begin, const char* end) {
    MovetextEvent& e = out.events.emplace_back();
    e.kind = kind;
    e.begin = offset(begin);
    e.end = offset(end);
    return e;
  }

  MovetextParse& out;
  const char* text_begin;
  const NormalizedText* normalized;
  int pending_number = 0;
};

// Actions: the written-move actions, plus one per movetext token.
template <typename Rule> struct action : detail::move_action<Rule> {};

template <MovetextEvent::Kind kind> struct emit_action {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    s.emit(kind, in);
  }
};

template <> struct action<gt::move_token> {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    MovetextEvent& e =
        s.emit(s.descriptive ? MovetextEvent::Kind::descriptive : MovetextEvent::Kind::move, in);
    e.move = s.move;
  }
};
template <> struct action<gt::comment_text> : emit_action<MovetextEvent::Kind::comment> {};
template <> struct action<gt::line_comment_text> : emit_action<MovetextEvent::Kind::comment> {};
template <> struct action<gt::variation_start> : emit_action<MovetextEvent::Kind::variation_start> {};
template <> struct action<gt::variation_end> : emit_action<MovetextEvent::Kind::variation_end> {};
template <> struct action<gt::draw_offer> : emit_action<MovetextEvent::Kind::draw_offer> {};
template <> struct action<gt::detached_en_passant> : emit_action<MovetextEvent::Kind::en_passant> {};
template <> struct action<gt::unknown_token> : emit_action<MovetextEvent::Kind::unknown> {};
template <> struct action<gt::stray_delimiter> : emit_action<MovetextEvent::Kind::unknown> {};

template <> struct action<gt::nag_number> {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    int value = 0;
    for (char c : std::string_view(in.begin(), in.size())) value = std::min(value * 10 + (c - '0'), 100000);
    s.emit(MovetextEvent::Kind::nag, in).number = value;
  }
};

template <> struct action<gt::detached_check> {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    const std::string_view t(in.begin(), in.size());
    const bool mate = t == "#" || t == "++" || t == "X";
    s.emit(MovetextEvent::Kind::check, in).number = mate ? 2 : 1;
  }
};

template <> struct action<gt::evaluation> {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    const std::string_view t(in.begin(), in.size());
    // PGN §10 NAG numbers for the usual signs.
    struct Sign {
      std::string_view text;
      int nag;
    };
    static constexpr Sign signs[] = {
        {"!", 1},    {"?", 2},    {"!!", 3},   {"??", 4}, {"!?", 5},   {"?!", 6},   {"□", 7},
        {"=", 10},   {"∞", 13},   {"+=", 14},  {"⩲", 14}, {"+/=", 14}, {"=+", 15},  {"⩱", 15},
        {"=/+", 15}, {"±", 16},   {"+/-", 16}, {"∓", 17}, {"-/+", 17}, {"+-", 18},  {"+--", 18},
        {"-+", 19},  {"--+", 19}, {"⇆", 132},  {"→", 40}, {"↑", 36},   {"∆", 140},  {"⊥", 142},
        {"⌓", 142},  {"⨀", 22},   {"○", 22},   {"⟳", 32}, {"⇄", 132},  {"⯹", 142}};
    int nag = 0;
    for (const Sign& sign : signs)
      if (sign.text == t) nag = sign.nag;
    s.emit(MovetextEvent::Kind::nag, in).number = nag;
  }
};

template <> struct action<gt::result> {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    const std::string_view t(in.begin(), in.size());
    int kind = MovetextEvent::draw;
    if (t == "*")
      kind = MovetextEvent::unknown_result;
    else if (t[0] == '1' && t.size() == 3)
      kind = MovetextEvent::white_wins;
    else if (t[0] == '0' && t.size() == 3)
      kind = MovetextEvent::black_wins;
    s.emit(MovetextEvent::Kind::result, in).number = kind;
  }
};

// On the whole token: its parts may have matched in an attempt that failed.
template <> struct action<gt::move_number> {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    const std::string_view t(in.begin(), in.size());
    int value = 0;
    std::size_t i = 0;
    for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i)
      value = std::min(value * 10 + (t[i] - '0'), 100000);
    MovetextEvent& e = s.emit(MovetextEvent::Kind::move_number, in);
    e.number = value;
    e.dots = static_cast<std::uint8_t>(std::min<std::size_t>(t.size() - i, 3));
  }
};

// The shortcut for the usual tokens.
//
// Nearly all movetext is blanks, move numbers ("12.", "12...") and moves
// written the plain way ("e4", "exd5", "Nf3", "Nbd7", "e8=Q", "O-O", with
// +, # or a glyph). Reading those by hand costs a fraction of trying the
// grammar's alternatives one by one. Every other token, and every token
// the shortcut is not sure of, is read by the grammar (gt::token), so the
// grammar stays the definition of movetext: the shortcut gives exactly the
// events the grammar would, or declines (tests/notation_movetext_test.cpp
// compares the two on every token shape).
class CommonTokens {
 public:
  CommonTokens(MovetextState& state, const char* end) : s_(state), end_(end) {}

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

 private:
  // Character classes, one table lookup each (they are asked for every
  // byte of the movetext).
  enum CharClass : std::uint8_t {
    blank = 1,      // grammar::movetext::blank
    delimiter = 2,  // grammar::movetext::delimiter
    digit = 4,
    file = 8,            // a-h
    rank = 16,           // 1-8
    castle_o = 32,       // 0 O o
    alnum = 64,          // pegtl::alnum: ASCII letters and digits
    capture_mark = 128,  // x :
  };
  static constexpr std::array<std::uint8_t, 256> classes = [] {
    std::array<std::uint8_t, 256> t{};
    for (unsigned char c : {' ', '\t', '\r', '\n', '\f', '\v'}) t[c] |= blank;
    for (unsigned char c : {'{', '}', '(', ')', ';', '$', '[', ']'}) t[c] |= delimiter;
    for (unsigned char c = '0'; c <= '9'; ++c) t[c] |= digit | alnum;
    for (unsigned char c = 'a'; c <= 'z'; ++c) t[c] |= alnum;
    for (unsigned char c = 'A'; c <= 'Z'; ++c) t[c] |= alnum;
    for (unsigned char c = 'a'; c <= 'h'; ++c) t[c] |= file;
    for (unsigned char c = '1'; c <= '8'; ++c) t[c] |= rank;
    for (unsigned char c : {'0', 'O', 'o'}) t[c] |= castle_o;
    for (unsigned char c : {'x', ':'}) t[c] |= capture_mark;
    return t;
  }();
  static constexpr bool is(char c, CharClass k) { return (classes[static_cast<unsigned char>(c)] & k) != 0; }
  static constexpr bool is_blank(char c) { return is(c, blank); }
  static constexpr bool is_delimiter(char c) { return is(c, delimiter); }
  static constexpr bool is_digit(char c) { return is(c, digit); }
  static constexpr bool is_file(char c) { return is(c, file); }
  static constexpr bool is_rank(char c) { return is(c, rank); }
  static constexpr bool is_capture_mark(char c) { return is(c, capture_mark); }
  static constexpr bool is_castle_o(char c) { return is(c, castle_o); }
  static constexpr bool is_alnum(char c) { return is(c, alnum); }

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

  // move_number: digits, then dots, a blank or the end.
  const char* move_number(const char* p) {
    const char* q = p;
    int value = 0;
    while (q < end_ && is_digit(*q)) value = std::min(value * 10 + (*q++ - '0'), 100000);
    const char* digits_end = q;
    while (q < end_ && *q == '.') ++q;
    if (q == digits_end && q < end_ && !is_blank(*q)) return nullptr;  // "1-0", "0-0"
    MovetextEvent& e = s_.emit(MovetextEvent::Kind::move_number, p, q);
    e.number = value;
    e.dots = static_cast<std::uint8_t>(std::min<std::ptrdiff_t>(q - digits_end, 3));
    return q;
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

  const char* read_move(const char* p, WrittenMove& m) {
    const char* q = p;
    std::size_t length = 0;
    if (is_castle_o(*p)) {
      q = castling(p, m);
    } else if (const int letter = letter_at(p, length); letter >= 0) {
      m.kind = WrittenKind::piece;
      m.piece.letter = static_cast<std::int16_t>(letter);
      q = piece_squares(p + length, m);
    } else if (is_file(*p)) {
      m.kind = WrittenKind::no_letter;
      q = pawn_squares(p, m);
    } else {
      return nullptr;
    }
    if (q == nullptr) return nullptr;
    q = marks(q, m);
    // token_end
    if (q == nullptr || (q < end_ && !is(*q, CharClass(blank | delimiter)))) return nullptr;
    return q;
  }

  // grammar::move::castling: three O's (long) or two, dashes optional, not
  // followed by a dash, letter or digit. Like the grammar's action, any
  // dash read on the way marks the move as written with one.
  const char* castling(const char* p, WrittenMove& m) {
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
    m.kind = WrittenKind::castle_long;
    if (q == nullptr) {
      q = os(2);
      m.kind = WrittenKind::castle_short;
    }
    if (q == nullptr || at(q) == '-' || is_alnum(at(q))) return nullptr;
    return q;
  }

  // After the piece letter: Nf3 Nxf3 (no second square), Nbd7 Nbxd7, N5f3
  // N5xf3; the long forms and "BxN" are the grammar's.
  const char* piece_squares(const char* p, WrittenMove& m) {
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
  const char* pawn_squares(const char* p, WrittenMove& m) {
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

  const char* to_square(const char* p, WrittenMove& m) const {
    m.to_file = static_cast<std::int8_t>(p[0] - 'a');
    m.to_rank = static_cast<std::int8_t>(p[1] - '1');
    return p + 2;
  }

  // grammar::move::suffix: + ++ # ! ? !! ?? !? ?!; nullptr for the marks
  // left to the grammar (X, ch, e.p., (=)).
  const char* marks(const char* p, WrittenMove& m) const {
    for (;;) {
      const char c = at(p);
      if (c == '+' && at(p + 1) == '+') {
        m.check = WrittenCheck::mate;
        p += 2;
      } else if (c == '+') {
        if (m.check == WrittenCheck::none) m.check = WrittenCheck::check;
        ++p;
      } else if (c == '#') {
        m.check = WrittenCheck::mate;
        ++p;
      } else if (c == '!' || c == '?') {
        const char d = at(p + 1);
        Nag nag = c == '!' ? 1 : 2;
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

  MovetextState& s_;
  const char* end_;
};

void parse(std::string_view text, LanguageMask languages, MovetextParse& out, bool shortcut) {
  out.events.clear();
  const NormalizedText* normal = nullptr;
  std::string_view input = text;
  if (needs_normalization(text)) {
    normalize_notation(text, out.normalized);
    normal = &out.normalized;
    input = out.normalized.text;
  }
  MovetextState state(LetterTable::instance(), languages, out, input.data(), normal);
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(input.data(), input.size(), "movetext");
  try {
    if (!shortcut) {
      pegtl::parse<gt::movetext, action>(in, state);
      return;
    }
    // gt::movetext is star<token>, eof: the same, one token at a time.
    CommonTokens common(state, input.data() + input.size());
    while (!in.empty()) {
      if (const char* next = common.read(in.current())) {
        in.bump(static_cast<std::size_t>(next - in.current()));
      } else if (!pegtl::parse<gt::token, action>(in, state)) {
        break;  // cannot happen: every byte starts a token (unknown_token at worst)
      }
    }
  } catch (const pegtl::parse_error&) {
    // The grammar has no must<> points: nothing raises. Kept for safety.
  }
}

}  // namespace

void parse_movetext(std::string_view text, LanguageMask languages, MovetextParse& out) {
  parse(text, languages, out, true);
}

void parse_movetext_by_grammar(std::string_view text, LanguageMask languages, MovetextParse& out) {
  parse(text, languages, out, false);
}

}  // namespace notera
