// The PGN lexicon: the character classes, result spellings, move-number
// forms and tag-name characters of PGN as notera reads it, defined once.
//
// The PEGTL grammars (grammars/notera/grammar/pgn_tags.hpp, movetext.hpp)
// are the executable definition of the syntax. Three hand-written readers
// take shortcuts past the grammar where it matters for speed: the splitter
// (splitter.cpp: where games start and end), the tag-pair shortcut
// (tags_fast.cpp) and the movetext shortcut (movetext_fast.cpp). They all
// read characters, results and move numbers through this header, so they
// cannot drift apart; that they agree with the grammar is checked by the
// tests (tests/pgn_lexicon_test.cpp) and by a differential fuzz target
// (fuzz/fuzz_lexicon.cpp) that feeds the same bytes to both.
//
// Private to the library.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace notera::pgn::lexicon {

// ---------------------------------------------------------------- characters

// Classes of a byte, one table lookup each (every byte of every game asks).
enum CharClass : std::uint16_t {
  blank = 1 << 0,            // ' ' '\t': inside a line (grammar::pgn_tags::blank)
  line_break = 1 << 1,       // '\r' '\n'
  white_space = 1 << 2,      // blank, line_break, '\f' '\v': between tokens (grammar::movetext::blank)
  delimiter = 1 << 3,        // { } ( ) ; $ [ ]: end a token without a blank (grammar::movetext::delimiter)
  digit = 1 << 4,            // 0-9
  file = 1 << 5,             // a-h
  rank = 1 << 6,             // 1-8
  castle_o = 1 << 7,         // 0 O o: castling's letters
  alnum = 1 << 8,            // ASCII letters and digits (pegtl::alnum)
  capture_mark = 1 << 9,     // x :
  name_start = 1 << 10,      // a tag name starts with a letter, digit or '_' (PGN §8.1.1)
  name_char = 1 << 11,       // ... and goes on with those, '-' and '.' (real files have "Event-Date")
  value_plain = 1 << 12,     // a tag value byte with nothing to unescape or excuse: not " \ CR LF
  result_special = 1 << 13,  // a byte a game termination marker is found by: * - : and ½'s lead byte
};

constexpr std::array<std::uint16_t, 256> char_classes = [] {
  std::array<std::uint16_t, 256> t{};
  const auto add = [&t](unsigned char c, std::uint16_t k) { t[c] = static_cast<std::uint16_t>(t[c] | k); };
  for (unsigned char c : {' ', '\t'}) add(c, blank | white_space);
  for (unsigned char c : {'\r', '\n'}) add(c, line_break | white_space);
  for (unsigned char c : {'\f', '\v'}) add(c, white_space);
  for (unsigned char c : {'{', '}', '(', ')', ';', '$', '[', ']'}) add(c, delimiter);
  for (unsigned char c = '0'; c <= '9'; ++c) add(c, digit | alnum | name_start | name_char);
  for (unsigned char c = 'a'; c <= 'z'; ++c) add(c, alnum | name_start | name_char);
  for (unsigned char c = 'A'; c <= 'Z'; ++c) add(c, alnum | name_start | name_char);
  for (unsigned char c = 'a'; c <= 'h'; ++c) add(c, file);
  for (unsigned char c = '1'; c <= '8'; ++c) add(c, rank);
  for (unsigned char c : {'0', 'O', 'o'}) add(c, castle_o);
  for (unsigned char c : {'x', ':'}) add(c, capture_mark);
  add('_', name_start | name_char);
  for (unsigned char c : {'-', '.'}) add(c, name_char);
  for (int c = 0; c < 256; ++c)
    if (c != '"' && c != '\\' && c != '\r' && c != '\n') add(static_cast<unsigned char>(c), value_plain);
  for (unsigned char c : {'*', '-', ':'}) add(c, result_special);
  add(0xC2, result_special);  // the first byte of ½ (U+00BD)
  return t;
}();

constexpr bool is(char c, std::uint16_t classes) {
  return (char_classes[static_cast<unsigned char>(c)] & classes) != 0;
}

// The first byte at or after p that is not value_plain (" \ CR LF), or
// end. Tag values are read at every tag of every game, by the splitter and
// the tag reader: sixteen bytes a step where SSE2 is there (nearly every
// value is one step), else byte by byte.
inline const char* skip_value_plain(const char* p, const char* end) {
#if defined(__SSE2__)
  while (end - p >= 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hits = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('"')), _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'))),
        _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\n'))));
    if (const int mask = _mm_movemask_epi8(hits); mask != 0)
      return p + std::countr_zero(static_cast<unsigned>(mask));
    p += 16;
  }
#endif
  while (p != end && is(*p, value_plain)) ++p;
  return p;
}

// ---------------------------------------------------------------- results

// Game termination markers in every spelling met in practice (PGN §8.2.6
// has the first four): 1-0 0-1 1/2-1/2 *, and 1:0 0:1, with a half point
// written ½, 1/2 or 0.5 and either separator (½-½, 1/2:1/2, 0.5-0.5).
enum class Result : std::uint8_t { none, white_wins, black_wins, draw, unknown };

struct ResultMatch {
  Result result = Result::none;
  std::size_t length = 0;
};

namespace detail {
// A half point at the start of `s`: its length, or 0.
constexpr std::size_t half_point(std::string_view s) {
  for (std::string_view half :
       {std::string_view("\xC2\xBD"), std::string_view("1/2"), std::string_view("0.5")})
    if (s.starts_with(half)) return half.size();
  return 0;
}
constexpr bool is_result_separator(char c) { return c == '-' || c == ':'; }
}  // namespace detail

// The result spelled at the start of `s` (the grammar's white_wins,
// black_wins, draw and unknown_result, tried in that order), or none. Says
// nothing about what follows: see ends_token.
constexpr ResultMatch match_result(std::string_view s) {
  if (s.empty()) return {};
  if (s.size() >= 3 && detail::is_result_separator(s[1])) {
    if (s[0] == '1' && s[2] == '0') return {Result::white_wins, 3};
    if (s[0] == '0' && s[2] == '1') return {Result::black_wins, 3};
  }
  if (const std::size_t first = detail::half_point(s);
      first != 0 && first < s.size() && detail::is_result_separator(s[first])) {
    if (const std::size_t second = detail::half_point(s.substr(first + 1)); second != 0)
      return {Result::draw, first + 1 + second};
  }
  if (s[0] == '*') return {Result::unknown, 1};
  return {};
}

// Whether c may stand right before a separator ('-' ':') inside a
// result: the last byte of a point, whole or half ("1", "0", "1/2",
// "0.5", "½"). The splitter looks for a result around every separator it
// meets outside comments, and most are not in one ("O-O"): those it
// passes over with this test.
constexpr bool ends_result_point(char c) {
  return c == '0' || c == '1' || c == '2' || c == '5' || c == '\xBD';
}

// The longest result spelling, in bytes: "1/2-1/2".
inline constexpr std::size_t max_result_length = 7;

// ---------------------------------------------------------------- tokens

// What may stand right before a game termination marker the splitter
// recognises on a line, and right after it: the marker must be a token of
// its own ("1-0", not "11-0" or "1-0x").
constexpr bool ends_token_before(char c) {
  return is(c, blank) || c == ')' || c == '}' || c == ']' || c == '.';
}
constexpr bool ends_token_after(char c) {
  return is(c, blank) || c == '{' || c == '(' || c == ';' || c == '\r';
}

// A move number at the start of `s` (grammar::movetext::move_number):
// digits, then dots, a white-space byte or the end; or digits, maybe dots,
// white space and "..." ("2. ... Nc6", "2 ... Nc6": Crafty, chess.js and
// books announce Black's move so; "…" is "..." after normalisation). Its
// length, or 0; `digits` and `dots` say how it was written (3 for Black's
// move announced with an ellipsis).
struct MoveNumber {
  std::size_t length = 0;
  std::size_t digits = 0;
  std::size_t dots = 0;
};
constexpr MoveNumber match_move_number(std::string_view s) {
  std::size_t i = 0;
  // Compares, not the class table: the one pass meets a move number at
  // every other token of every game.
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  if (i == 0) return {};
  const std::size_t digits = i;
  while (i < s.size() && s[i] == '.') ++i;
  if (i < s.size() && is(s[i], white_space)) {
    // grammar::movetext::move_number_ellipsis: "..." after white space.
    std::size_t j = i + 1;
    while (j < s.size() && is(s[j], white_space)) ++j;
    if (s.size() - j >= 3 && s[j] == '.' && s[j + 1] == '.' && s[j + 2] == '.') return {j + 3, digits, 3};
  } else if (i == digits && i < s.size()) {
    return {};  // "1-0", "0-0", "12a"
  }
  return {i, digits, i - digits};
}

// The value of a run of digits (a move number, a NAG), held at 100000 so
// that no written number overflows.
constexpr int number_value(std::string_view digits) {
  int value = 0;
  for (char c : digits) value = std::min(value * 10 + (c - '0'), 100000);
  return value;
}

// ---------------------------------------------------------------- tag names

// The seven tag roster (PGN §8.1.1), in the order export writes it.
inline constexpr std::array<std::string_view, 7> seven_tag_roster = {"Event", "Site",  "Date",  "Round",
                                                                     "White", "Black", "Result"};

// Tag names from the PGN standard (§8.1.1, §9) and the ones every
// database writes; a name that matches one of these ignoring case is
// written the standard way (tags.hpp, canonical_tag_name).
inline constexpr std::array<std::string_view, 45> known_tag_names = {
    "Event",        "Site",         "Date",        "Round",       "White",       "Black",     "Result",
    "WhiteTitle",   "BlackTitle",   "WhiteElo",    "BlackElo",    "WhiteUSCF",   "BlackUSCF", "WhiteNA",
    "BlackNA",      "WhiteType",    "BlackType",   "WhiteFideId", "BlackFideId", "WhiteTeam", "BlackTeam",
    "EventDate",    "EventSponsor", "Section",     "Stage",       "Board",       "Opening",   "Variation",
    "SubVariation", "ECO",          "NIC",         "Time",        "UTCTime",     "UTCDate",   "TimeControl",
    "SetUp",        "FEN",          "Termination", "Annotator",   "Mode",        "PlyCount",  "Variant",
    "EventType",    "EventRounds",  "EventCountry"};

}  // namespace notera::pgn::lexicon
