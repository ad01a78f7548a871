#include "notera/text/normalize.hpp"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <cstring>

#include "notera/base/utf8.hpp"

namespace notera::text {

namespace {

const icu::Normalizer2& nfc() {
  static const icu::Normalizer2* instance = [] {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getNFCInstance(status);
    return U_SUCCESS(status) ? n : nullptr;
  }();
  return *instance;
}

// The replacement for one code point: `keep` (copy as is), empty (drop), or text.
enum class Action { keep, drop, replace };

Action map_code_point(char32_t c, char replacement[4], std::size_t& length) {
  length = 0;
  auto set = [&](const char* s) {
    length = std::strlen(s);
    std::memcpy(replacement, s, length);
    return Action::replace;
  };
  if (c == 0) return set(" ");  // NUL bytes read as blanks
  if (c < 0x80) return Action::keep;
  switch (c) {
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2015:
    case 0x2212:
    case 0x2043:
    case 0xFE58:
    case 0xFE63:
    case 0x2E3A:
    case 0x2E3B: return set("-");
    case 0x00D7:
    case 0x2715:
    case 0x2716:
    case 0x2A2F:
    case 0x2A09: return set("x");
    case 0x2026: return set("...");
    case 0x00A0:
    case 0x202F:
    case 0x205F:
    case 0x3000:
    case 0x1680: return set(" ");
    case 0x00AD:
    case 0x200B:
    case 0x200C:
    case 0x200D:
    case 0x2060:
    case 0xFEFF: return Action::drop;
    default: break;
  }
  if (c >= 0x2000 && c <= 0x200A) return set(" ");        // typographic spaces
  if (c >= 0xFE00 && c <= 0xFE0F) return Action::drop;    // variation selectors
  if (c >= 0xE0100 && c <= 0xE01EF) return Action::drop;  // more variation selectors
  if (c >= 0xFF01 && c <= 0xFF5E) {                       // full-width ASCII
    replacement[0] = static_cast<char>(c - 0xFEE0);
    length = 1;
    return Action::replace;
  }
  return Action::keep;
}

}  // namespace

bool needs_normalization(std::string_view text) {
  // Eight bytes at a time: any byte >= 0x80, or any zero byte.
  constexpr std::uint64_t high = 0x8080808080808080ULL;
  constexpr std::uint64_t low = 0x0101010101010101ULL;
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, text.data() + i, 8);
    if ((word & high) || ((word - low) & ~word & high)) return true;
  }
  for (; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80 || c == 0) return true;
  }
  return false;
}

void normalize_notation(std::string_view text, NormalizedText& out) {
  out.text.clear();
  out.source_offset.clear();
  out.text.reserve(text.size());
  out.source_offset.reserve(text.size() + 1);
  const icu::Normalizer2& normalizer = nfc();

  // Characters are mapped one by one; runs that NFC would change (a base
  // letter with combining marks) are composed together and all of their
  // bytes point at the run's first source byte.
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t length = 1;
    const char32_t c = utf8::decode(text, i, length);
    const auto start = static_cast<std::uint32_t>(i);
    char replacement[4];
    std::size_t replacement_length = 0;
    const Action action = map_code_point(c, replacement, replacement_length);
    if (action == Action::drop) {
      i += length;
      continue;
    }
    if (action == Action::replace) {
      out.text.append(replacement, replacement_length);
      out.source_offset.insert(out.source_offset.end(), replacement_length, start);
      i += length;
      continue;
    }
    // ASCII followed by ASCII needs no composition (the common case).
    if (c < 0x80 && (i + 1 >= text.size() || static_cast<unsigned char>(text[i + 1]) < 0x80)) {
      out.text += static_cast<char>(c);
      out.source_offset.push_back(start);
      i += length;
      continue;
    }
    // Collect the segment up to the next NFC boundary.
    std::size_t end = i + length;
    icu::UnicodeString segment;
    segment.append(static_cast<UChar32>(c));
    while (end < text.size()) {
      std::size_t next_length = 1;
      const char32_t next = utf8::decode(text, end, next_length);
      if (normalizer.hasBoundaryBefore(static_cast<UChar32>(next))) break;
      char ignored[4];
      std::size_t ignored_length = 0;
      if (map_code_point(next, ignored, ignored_length) == Action::drop) {
        end += next_length;  // e.g. a variation selector after a figurine
        continue;
      }
      segment.append(static_cast<UChar32>(next));
      end += next_length;
    }
    UErrorCode status = U_ZERO_ERROR;
    const icu::UnicodeString composed = normalizer.normalize(segment, status);
    const icu::UnicodeString& result = U_SUCCESS(status) ? composed : segment;
    const std::size_t before = out.text.size();
    for (int32_t k = 0; k < result.length();) {
      const UChar32 cp = result.char32At(k);
      utf8::append(out.text, static_cast<char32_t>(cp));
      k += U16_LENGTH(cp);
    }
    out.source_offset.insert(out.source_offset.end(), out.text.size() - before, start);
    i = end;
  }
  out.source_offset.push_back(static_cast<std::uint32_t>(text.size()));
}

std::string normalized(std::string_view text) {
  if (!needs_normalization(text)) return std::string(text);
  NormalizedText out;
  normalize_notation(text, out);
  return out.text;
}

}  // namespace notera::text
