#include "notera/base/utf8.hpp"

namespace notera::utf8 {

char32_t decode(std::string_view text, std::size_t i, std::size_t& length) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  length = 1;
  if (b0 < 0x80) return b0;
  int extra = 0;
  char32_t c = 0;
  char32_t min = 0;
  if ((b0 & 0xE0) == 0xC0) {
    extra = 1;
    c = b0 & 0x1F;
    min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    extra = 2;
    c = b0 & 0x0F;
    min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    extra = 3;
    c = b0 & 0x07;
    min = 0x10000;
  } else {
    return 0xFFFD;
  }
  if (i + static_cast<std::size_t>(extra) >= text.size()) return 0xFFFD;
  for (int k = 1; k <= extra; ++k) {
    const unsigned char b = byte(i + static_cast<std::size_t>(k));
    if ((b & 0xC0) != 0x80) return 0xFFFD;
    c = (c << 6) | (b & 0x3F);
  }
  if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0xFFFD;
  length = static_cast<std::size_t>(extra) + 1;
  return c;
}

bool is_zero_width(char32_t c) {
  return (c >= 0x0300 && c <= 0x036F) ||  // combining diacritical marks
         (c >= 0xFE00 && c <= 0xFE0F) ||  // variation selectors
         c == 0x200D || c == 0x200B ||    // zero-width joiner and space
         (c >= 0x1AB0 && c <= 0x1AFF) || (c >= 0x20D0 && c <= 0x20FF);
}

int char_column(std::string_view line, std::size_t offset) {
  int column = 1;
  std::size_t i = 0;
  if (offset > line.size()) offset = line.size();
  while (i < offset) {
    std::size_t length = 1;
    const char32_t c = decode(line, i, length);
    if (!is_zero_width(c)) ++column;
    i += length;
  }
  return column;
}

bool is_valid(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const unsigned char b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = 1;
    if (decode(text, i, length) == 0xFFFD && length == 1) return false;
    i += length;
  }
  return true;
}

void append(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

}  // namespace notera::utf8
