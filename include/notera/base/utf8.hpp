// Small UTF-8 helpers for positions in user text.
//
// Users count characters, not bytes: PEGTL reports byte offsets, and every
// column notera prints goes through char_column. A "character" here is a
// code point, except that combining marks and variation selectors (which a
// user does not see as characters of their own) are not counted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace notera::utf8 {

// Decodes the code point starting at text[i]; on invalid UTF-8 returns
// U+FFFD and a length of 1, so callers always make progress.
char32_t decode(std::string_view text, std::size_t i, std::size_t& length);

// Whether the code point is drawn on the preceding character (combining
// diacritics, variation selectors, zero-width joiner).
bool is_zero_width(char32_t c);

// 1-based column of byte offset `offset` in `line`.
int char_column(std::string_view line, std::size_t offset);

// Appends the UTF-8 encoding of code point `c` (which must be a scalar
// value: not a surrogate, at most U+10FFFF).
void append(std::string& out, char32_t c);

// Whether the whole text is valid UTF-8 (no overlongs, no surrogates).
bool is_valid(std::string_view text);

}  // namespace notera::utf8
