#include "notera/pgn/tags.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <string>
#include <tao/pegtl.hpp>

#include "notera/core/utf8.hpp"
#include "notera/grammar/pgn_tags.hpp"

namespace notera::pgn {
namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar::pgn_tags;

// Tag names from the PGN standard (§8.1.1, §9) and the ones every
// database writes; a name that matches one of these ignoring case is
// written the standard way.
constexpr std::array<std::string_view, 45> known_tag_names = {
    "Event",       "Site",        "Date",        "Round",     "White",        "Black",
    "Result",      "WhiteTitle",  "BlackTitle",  "WhiteElo",  "BlackElo",     "WhiteUSCF",
    "BlackUSCF",   "WhiteNA",     "BlackNA",     "WhiteType", "BlackType",    "WhiteFideId",
    "BlackFideId", "WhiteTeam",   "BlackTeam",   "EventDate", "EventSponsor", "Section",
    "Stage",       "Board",       "Opening",     "Variation", "SubVariation", "ECO",
    "NIC",         "Time",        "UTCTime",     "UTCDate",   "TimeControl",  "SetUp",
    "FEN",         "Termination", "Annotator",   "Mode",      "PlyCount",     "Variant",
    "EventType",   "EventRounds", "EventCountry"};

bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

int clamp_line(std::int64_t line) {
  return static_cast<int>(std::min<std::int64_t>(line, std::numeric_limits<int>::max()));
}

struct Issue {
  const char* key = nullptr;
  std::size_t offset = 0;
  Severity severity = Severity::error;
  std::string_view found;  // for "pgn.tag.junk"
};

// What the actions collect for the tag pair being read; committed by the
// action on tag_pair, which always succeeds once tag_open has.
struct State {
  std::string_view text;
  std::int64_t first_line = 1;
  TagSection& out;

  std::size_t tag_offset = 0;
  std::string_view name;
  std::string value;
  std::array<Issue, 4> issues{};
  int issue_count = 0;
  bool bracket_in_value = false;  // [Event "Hastings]: the ']' closed the tag

  void add_issue(const char* key, std::size_t offset, Severity severity,
                 std::string_view found = {}) {
    if (issue_count < static_cast<int>(issues.size()))
      issues[static_cast<std::size_t>(issue_count++)] = {key, offset, severity, found};
  }

  SourceLocation locate(std::size_t offset) const {
    const std::string_view before = text.substr(0, offset);
    const std::int64_t newlines = std::count(before.begin(), before.end(), '\n');
    const std::size_t line_start =
        before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
    const std::string_view line = text.substr(line_start);
    return {clamp_line(first_line + newlines), utf8::char_column(line, offset - line_start)};
  }

  void diagnose(Severity severity, Message message, std::size_t offset) {
    out.diagnostics.push_back({severity, std::move(message), locate(offset), 0});
  }

  void commit() {
    for (int i = 0; i < issue_count; ++i) {
      const Issue& issue = issues[static_cast<std::size_t>(i)];
      Message m(issue.key);
      if (!name.empty()) m.with("name", name);
      if (name.empty()) m.with("value", value);
      if (!issue.found.empty()) m.with("found", issue.found);
      diagnose(issue.severity, std::move(m), issue.offset);
    }
    if (name.empty()) return;  // reported above with its value
    const std::string_view canonical = canonical_tag_name(name);
    if (canonical != name) {
      diagnose(Severity::note,
               Message("pgn.tag.name_case").with("name", name).with("canonical", canonical),
               tag_offset + 1);
    }
    for (const Tag& t : out.tags) {
      if (t.name == canonical) {
        diagnose(Severity::warning,
                 Message("pgn.tag.duplicate")
                     .with("name", canonical)
                     .with("value", value)
                     .with("kept", t.value),
                 tag_offset);
        return;
      }
    }
    out.tags.push_back({std::string(canonical), value});
  }
};

std::size_t offset_of(const auto& in, const State& state) {
  return static_cast<std::size_t>(in.begin() - state.text.data());
}

// Appends the value text with \" and \\ unescaped; returns whether an
// unescaped quote was in it.
bool unescape(std::string_view raw, std::string& out) {
  bool raw_quote = false;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const char c = raw[i];
    if (c == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) {
      out += raw[++i];
      continue;
    }
    raw_quote |= c == '"';
    out += c;
  }
  return raw_quote;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

template <typename Rule>
struct action : pegtl::nothing<Rule> {};

template <>
struct action<g::tag_open> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, State& s) {
    s.tag_offset = offset_of(in, s);
    s.name = {};
    s.value.clear();
    s.issue_count = 0;
    s.bracket_in_value = false;
  }
};

template <>
struct action<g::tag_name> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, State& s) {
    s.name = std::string_view(in.begin(), in.size());
  }
};

template <>
struct action<g::quoted_value> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, State& s) {
    const std::string_view raw(in.begin() + 1, in.size() - 2);
    if (unescape(raw, s.value))
      s.add_issue("pgn.tag.unescaped_quote", offset_of(in, s), Severity::warning);
  }
};

template <>
struct action<g::simple_value> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, State& s) {
    unescape(std::string_view(in.begin() + 1, in.size() - 2), s.value);
  }
};

template <>
struct action<g::broken_value> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, State& s) {
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

template <>
struct action<g::unterminated_value> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, State& s) {
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

template <>
struct action<g::bare_value> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, State& s) {
    s.value.assign(trim(std::string_view(in.begin(), in.size())));
    s.add_issue(g::error_key<g::bare_value>, offset_of(in, s), Severity::warning);
  }
};

template <>
struct action<g::missing_value> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, State& s) {
    s.add_issue(g::error_key<g::missing_value>, offset_of(in, s), Severity::error);
  }
};

template <>
struct action<g::nameless_tag> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, State& s) {
    s.add_issue(g::error_key<g::nameless_tag>, offset_of(in, s), Severity::error);
  }
};

template <>
struct action<g::junk_in_tag> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, State& s) {
    s.add_issue(g::error_key<g::junk_in_tag>, offset_of(in, s), Severity::error,
                trim(std::string_view(in.begin(), in.size())));
  }
};

template <>
struct action<g::missing_bracket> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, State& s) {
    if (!s.bracket_in_value)
      s.add_issue(g::error_key<g::missing_bracket>, offset_of(in, s), Severity::warning);
  }
};

template <>
struct action<g::tag_pair> {
  template <typename ActionInput>
  static void apply(const ActionInput&, State& s) {
    s.commit();
  }
};

}  // namespace

void TagSection::clear() {
  tags.clear();
  diagnostics.clear();
  movetext_offset = 0;
  movetext_line = 1;
  movetext_column = 1;
}

std::string_view canonical_tag_name(std::string_view name) {
  for (std::string_view known : known_tag_names)
    if (equal_ignoring_ascii_case(name, known)) return known;
  return name;
}

void read_tag_section(std::string_view game_text, std::int64_t first_line, TagSection& out) {
  out.clear();
  State state{game_text, first_line, out, 0, {}, {}, {}, 0, false};
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(game_text.data(), game_text.size(), "pgn");
  pegtl::parse<g::tag_section, action>(in, state);
  out.movetext_offset = static_cast<std::size_t>(in.current() - game_text.data());
  const SourceLocation where = state.locate(out.movetext_offset);
  const std::string_view before = game_text.substr(0, out.movetext_offset);
  out.movetext_line = first_line + std::count(before.begin(), before.end(), '\n');
  out.movetext_column = where.column;
}

}  // namespace notera::pgn
