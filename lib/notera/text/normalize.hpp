// Text normalisation before notation is read (ICU).
//
// People type the same move many ways: "Sg1–f3" with an en dash, "e5×d4"
// with a multiplication sign, "♘︎f3" with a variation selector, full-width
// "ｅ４" from an East Asian keyboard, a decomposed "é" from a Mac. Before the
// grammar sees the text it is brought to one form: NFC; every dash and minus
// to '-'; multiplication signs to 'x'; full-width ASCII to ASCII; the
// ellipsis to "..."; no-break and other spaces to ' '; variation selectors,
// zero-width characters and soft hyphens removed.
//
// The result keeps, for every byte, the offset of the source byte it came
// from, so errors are reported where the user typed them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace notera::text {

struct NormalizedText {
  std::string text;
  // source_offset[i] is the byte in the source that text[i] came from;
  // source_offset[text.size()] is the source size.
  std::vector<std::uint32_t> source_offset;

  std::size_t source(std::size_t i) const {
    return i < source_offset.size() ? source_offset[i] : source_offset.back();
  }
};

// Whether `text` needs normalising at all: pure ASCII without NUL never does,
// which keeps the common case free.
bool needs_normalization(std::string_view text);

// Normalises `text` into `out` (reusing its buffers).
void normalize_notation(std::string_view text, NormalizedText& out);

// Convenience: the normalised string only.
std::string normalized(std::string_view text);

}  // namespace notera::text
