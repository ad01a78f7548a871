#include "notera/pgn/tags.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <string>
#include <tao/pegtl.hpp>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "notera/base/utf8.hpp"
#include "notera/grammar/pgn_tags.hpp"
#include "notera/pgn/lexicon.hpp"
#include "notera/pgn/tag_state.hpp"

namespace notera::pgn {
namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar::pgn_tags;
using detail::TagState;

// std::count(text, '\n'), for the line of the movetext (every tag section
// of every game): sixteen bytes a step where SSE2 is there, each byte's
// count kept in its lane and the lanes added up every 255 steps.
std::int64_t count_line_breaks(std::string_view text) {
  std::int64_t count = 0;
  std::size_t i = 0;
#if defined(__SSE2__)
  const __m128i line_break = _mm_set1_epi8('\n');
  while (text.size() - i >= 16) {
    __m128i lanes = _mm_setzero_si128();
    for (int step = 0; step < 255 && text.size() - i >= 16; ++step, i += 16) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i));
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(bytes, line_break));  // a match is -1
    }
    const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
    count += _mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums));
  }
#endif
  for (; i < text.size(); ++i) count += text[i] == '\n';
  return count;
}

bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

std::size_t offset_of(const auto& in, const TagState& state) {
  return static_cast<std::size_t>(in.begin() - state.text.data());
}

// Appends the value text with \" and \\ unescaped; returns whether an
// unescaped quote was in it. Runs without a backslash are copied whole.
bool unescape(std::string_view raw, std::string& out) {
  bool raw_quote = false;
  std::size_t plain = 0;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const char c = raw[i];
    if (c == '"') {
      raw_quote = true;
    } else if (c == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) {
      out.append(raw.data() + plain, i - plain);
      out += raw[++i];
      plain = i + 1;
    }
  }
  out.append(raw.data() + plain, raw.size() - plain);
  return raw_quote;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

template <typename Rule> struct action : pegtl::nothing<Rule> {};

template <> struct action<g::tag_open> {
  template <typename ActionInput> static void apply(const ActionInput& in, TagState& s) {
    s.tag_offset = offset_of(in, s);
    s.name = {};
    s.value.clear();
    s.issue_count = 0;
    s.bracket_in_value = false;
  }
};

template <> struct action<g::tag_name> {
  template <typename ActionInput> static void apply(const ActionInput& in, TagState& s) {
    s.name = std::string_view(in.begin(), in.size());
  }
};

template <> struct action<g::quoted_value> {
  template <typename ActionInput> static void apply(const ActionInput& in, TagState& s) {
    const std::string_view raw(in.begin() + 1, in.size() - 2);
    if (unescape(raw, s.value)) s.add_issue("pgn.tag.unescaped_quote", offset_of(in, s), Severity::warning);
  }
};

template <> struct action<g::simple_value> {
  template <typename ActionInput> static void apply(const ActionInput& in, TagState& s) {
    unescape(std::string_view(in.begin() + 1, in.size() - 2), s.value);
  }
};

template <> struct action<g::broken_value> {
  template <typename ActionInput> static void apply(const ActionInput& in, TagState& s) {
    std::string_view raw(in.begin() + 1, in.size() - 2);
    const std::size_t eol = raw.find_first_of("\r\n");
    std::size_t next = eol + 1;
    if (raw[eol] == '\r' && next < raw.size() && raw[next] == '\n') ++next;
    unescape(trim(raw.substr(0, eol)), s.value);
    s.value += ' ';
    unescape(trim(raw.substr(next)), s.value);
    s.add_issue(g::error_key<g::broken_value>, offset_of(in, s) + 1 + eol, Severity::warning);
  }
};

template <> struct action<g::unterminated_value> {
  template <typename ActionInput> static void apply(const ActionInput& in, TagState& s) {
    // [Event "Hastings]: the ']' was meant to close the tag.
    std::string_view raw = trim(std::string_view(in.begin() + 1, in.size() - 1));
    if (!raw.empty() && raw.back() == ']') {
      raw = trim(raw.substr(0, raw.size() - 1));
      s.bracket_in_value = true;
    }
    unescape(raw, s.value);
    s.add_issue(g::error_key<g::unterminated_value>, offset_of(in, s), Severity::error);
  }
};

template <> struct action<g::bare_value> {
  template <typename ActionInput> static void apply(const ActionInput& in, TagState& s) {
    s.value.assign(trim(std::string_view(in.begin(), in.size())));
    s.add_issue(g::error_key<g::bare_value>, offset_of(in, s), Severity::warning);
  }
};

template <> struct action<g::missing_value> {
  template <typename ActionInput> static void apply(const ActionInput& in, TagState& s) {
    s.add_issue(g::error_key<g::missing_value>, offset_of(in, s), Severity::error);
  }
};

template <> struct action<g::nameless_tag> {
  template <typename ActionInput> static void apply(const ActionInput& in, TagState& s) {
    s.add_issue(g::error_key<g::nameless_tag>, offset_of(in, s), Severity::error);
  }
};

template <> struct action<g::junk_in_tag> {
  template <typename ActionInput> static void apply(const ActionInput& in, TagState& s) {
    s.add_issue(g::error_key<g::junk_in_tag>, offset_of(in, s), Severity::error,
                trim(std::string_view(in.begin(), in.size())));
  }
};

template <> struct action<g::missing_bracket> {
  template <typename ActionInput> static void apply(const ActionInput& in, TagState& s) {
    if (!s.bracket_in_value)
      s.add_issue(g::error_key<g::missing_bracket>, offset_of(in, s), Severity::warning);
  }
};

template <> struct action<g::tag_comment_text> {
  template <typename ActionInput> static void apply(const ActionInput& in, TagState& s) {
    s.out.comments.emplace_back(in.begin(), in.size());
  }
};
template <> struct action<g::tag_line_comment_text> : action<g::tag_comment_text> {};

template <> struct action<g::tag_pair> {
  template <typename ActionInput> static void apply(const ActionInput&, TagState& s) { s.commit(s.value); }
};

}  // namespace

void TagSection::clear() {
  tags.clear();
  diagnostics.clear();
  comments.clear();
  movetext_offset = 0;
  movetext_line = 1;
  movetext_column = 1;
  over_limit = false;
}

namespace detail {
namespace {

// lexicon::known_tag_names by a hash of the name's length and three of its
// bytes, with linear probing (every tag of every game looks its name up).
constexpr std::size_t known_slots = 128;
constexpr std::size_t known_slot(std::string_view name) {
  const auto byte = [name](std::size_t i) { return static_cast<unsigned char>(name[i]); };
  return (name.size() * 8 + byte(0) * 3 + byte(name.size() - 1) + byte(name.size() / 2)) % known_slots;
}
constexpr std::array<std::int8_t, known_slots> known_table = [] {
  std::array<std::int8_t, known_slots> t{};
  t.fill(-1);
  for (std::size_t i = 0; i < lexicon::known_tag_names.size(); ++i) {
    std::size_t slot = known_slot(lexicon::known_tag_names[i]);
    while (t[slot] >= 0) slot = (slot + 1) % known_slots;
    t[slot] = static_cast<std::int8_t>(i);
  }
  return t;
}();
static_assert(lexicon::known_tag_names.size() <= 64, "KnownTagName::index must fit a 64-bit mask");

// Whether the bytes of a word at a and at b are equal.
template <typename Word> bool same_word(const char* a, const char* b) {
  Word x;
  Word y;
  std::memcpy(&x, a, sizeof x);
  std::memcpy(&y, b, sizeof y);
  return x == y;
}

// Whether two names of the same size, at most 16 bytes, are equal: two
// overlapping word loads of each instead of a call to memcmp.
bool same_short_name(std::string_view a, std::string_view b) {
  const std::size_t n = a.size();
  const char* const x = a.data();
  const char* const y = b.data();
  if (n >= 8) return same_word<std::uint64_t>(x, y) && same_word<std::uint64_t>(x + n - 8, y + n - 8);
  if (n >= 4) return same_word<std::uint32_t>(x, y) && same_word<std::uint32_t>(x + n - 4, y + n - 4);
  return x[0] == y[0] && x[n / 2] == y[n / 2] && x[n - 1] == y[n - 1];
}

// Not written the standard way: a known name in another case, or none.
// No two known names differ only in case, so the first match is the one.
[[gnu::noinline]] KnownTagName known_tag_name_in_any_case(std::string_view name) {
  for (std::size_t i = 0; i < lexicon::known_tag_names.size(); ++i)
    if (equal_ignoring_ascii_case(name, lexicon::known_tag_names[i]))
      return {static_cast<int>(i), name != lexicon::known_tag_names[i]};
  return {};
}

}  // namespace

KnownTagName known_tag_name(std::string_view name) {
  if (name.empty() || name.size() > 16) return known_tag_name_in_any_case(name);
  for (std::size_t slot = known_slot(name); known_table[slot] >= 0; slot = (slot + 1) % known_slots) {
    const int i = known_table[slot];
    const std::string_view known = lexicon::known_tag_names[static_cast<std::size_t>(i)];
    if (known.size() == name.size() && same_short_name(known, name)) return {i, false};
  }
  return known_tag_name_in_any_case(name);
}

}  // namespace detail

std::string_view canonical_tag_name(std::string_view name) {
  return detail::known_tag_name(name).canonical(name);
}

namespace {

void read_tags(std::string_view game_text, std::int64_t first_line, TagSection& out, const TagLimits& limits,
               bool shortcut) {
  out.clear();
  TagState state{game_text, first_line, out, 0, {}, {}, {}, 0, false, limits};
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(game_text.data(), game_text.size(), "pgn");
  if (shortcut) {
    // g::tag_section one item at a time, the usual ones by the shortcut.
    const char* const end = game_text.data() + game_text.size();
    while (!in.empty()) {
      if (const char* next = detail::plain_tag_item(in.current(), end, state))
        in.bump(static_cast<std::size_t>(next - in.current()));
      else if (!pegtl::parse<g::tag_section_item, action>(in, state))
        break;  // the movetext starts here
    }
  } else {
    pegtl::parse<g::tag_section, action>(in, state);
  }
  out.movetext_offset = static_cast<std::size_t>(in.current() - game_text.data());
  const std::string_view before = game_text.substr(0, out.movetext_offset);
  out.movetext_line = first_line + count_line_breaks(before);
  const std::size_t newline = before.rfind('\n');
  const std::size_t line_start = newline == std::string_view::npos ? 0 : newline + 1;
  out.movetext_column = utf8::char_column(before.substr(line_start), before.size() - line_start);
}

}  // namespace

void read_tag_section(std::string_view game_text, std::int64_t first_line, TagSection& out,
                      const TagLimits& limits) {
  read_tags(game_text, first_line, out, limits, true);
}

void read_tag_section_by_grammar(std::string_view game_text, std::int64_t first_line, TagSection& out,
                                 const TagLimits& limits) {
  read_tags(game_text, first_line, out, limits, false);
}

}  // namespace notera::pgn
