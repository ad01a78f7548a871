#include "notera/pgn/tags.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <string>
#include <tao/pegtl.hpp>
#include <vector>

#include "notera/core/utf8.hpp"
#include "notera/grammar/pgn_tags.hpp"
#include "notera/text/locate.hpp"

namespace notera::pgn {
namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar::pgn_tags;

// Tag names from the PGN standard (§8.1.1, §9) and the ones every
// database writes; a name that matches one of these ignoring case is
// written the standard way.
constexpr std::array<std::string_view, 45> known_tag_names = {
    "Event",        "Site",         "Date",        "Round",       "White",       "Black",     "Result",
    "WhiteTitle",   "BlackTitle",   "WhiteElo",    "BlackElo",    "WhiteUSCF",   "BlackUSCF", "WhiteNA",
    "BlackNA",      "WhiteType",    "BlackType",   "WhiteFideId", "BlackFideId", "WhiteTeam", "BlackTeam",
    "EventDate",    "EventSponsor", "Section",     "Stage",       "Board",       "Opening",   "Variation",
    "SubVariation", "ECO",          "NIC",         "Time",        "UTCTime",     "UTCDate",   "TimeControl",
    "SetUp",        "FEN",          "Termination", "Annotator",   "Mode",        "PlyCount",  "Variant",
    "EventType",    "EventRounds",  "EventCountry"};

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
  TagLimits limits;
  std::size_t pairs = 0;  // tag pairs read, over the limit too
  TextLocator locator{text, clamp_line(first_line)};

  void add_issue(const char* key, std::size_t offset, Severity severity, std::string_view found = {}) {
    if (issue_count < static_cast<int>(issues.size()))
      issues[static_cast<std::size_t>(issue_count++)] = {key, offset, severity, found};
  }

  // Offsets come in increasing order (almost always): the locator walks on
  // from its last answer, so a long tag section costs one pass, not one per
  // problem.
  SourceLocation locate(std::size_t offset) { return locator.at(offset); }
  void diagnose(Severity severity, Message message, std::size_t offset) {
    out.diagnostics.push_back({severity, std::move(message), locate(offset), 0});
  }

  // `value_text`: the value read (`value`, or the input's bytes when there
  // was nothing to unescape).
  void commit(std::string_view value_text) {
    for (int i = 0; i < issue_count; ++i) {
      const Issue& issue = issues[static_cast<std::size_t>(i)];
      Message m(issue.key);
      if (!name.empty()) m.with("name", name);
      if (name.empty()) m.with("value", value_text);
      if (!issue.found.empty()) m.with("found", issue.found);
      diagnose(issue.severity, std::move(m), issue.offset);
    }
    if (name.empty()) return;  // reported above with its value
    // Limits: a game with thousands of tags or a tag value of megabytes is
    // not a game; it is rejected (its text goes to --rejects), and past the
    // tag limit nothing more is kept or compared, so reading stays linear.
    if (++pairs > limits.max_tags) {
      if (pairs == limits.max_tags + 1) {
        out.over_limit = true;
        diagnose(Severity::error,
                 Message("pgn.tag.too_many").with("limit", static_cast<std::int64_t>(limits.max_tags)),
                 tag_offset);
      }
      return;
    }
    if (value_text.size() > limits.max_value_length) {
      out.over_limit = true;
      diagnose(Severity::error,
               Message("pgn.tag.value_too_long")
                   .with("name", name)
                   .with("length", static_cast<std::int64_t>(value_text.size()))
                   .with("limit", static_cast<std::int64_t>(limits.max_value_length)),
               tag_offset);
      return;
    }
    const std::string_view canonical = canonical_tag_name(name);
    if (canonical.data() != name.data()) {  // the name itself when it is canonical
      diagnose(Severity::note, Message("pgn.tag.name_case").with("name", name).with("canonical", canonical),
               tag_offset + 1);
    }
    for (const Tag& t : out.tags) {
      // The first byte first: most names of the same length differ there.
      if (t.name.size() == canonical.size() && t.name[0] == canonical[0] && t.name == canonical) {
        diagnose(Severity::warning,
                 Message("pgn.tag.duplicate")
                     .with("name", canonical)
                     .with("value", value_text)
                     .with("kept", t.value),
                 tag_offset);
        return;
      }
    }
    // Built in place: no temporary Tag to move (every tag of every game).
    out.tags.push_back(Tag{std::string(canonical), std::string(value_text)});
  }
};

std::size_t offset_of(const auto& in, const State& state) {
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
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.tag_offset = offset_of(in, s);
    s.name = {};
    s.value.clear();
    s.issue_count = 0;
    s.bracket_in_value = false;
  }
};

template <> struct action<g::tag_name> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.name = std::string_view(in.begin(), in.size());
  }
};

template <> struct action<g::quoted_value> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    const std::string_view raw(in.begin() + 1, in.size() - 2);
    if (unescape(raw, s.value)) s.add_issue("pgn.tag.unescaped_quote", offset_of(in, s), Severity::warning);
  }
};

template <> struct action<g::simple_value> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    unescape(std::string_view(in.begin() + 1, in.size() - 2), s.value);
  }
};

template <> struct action<g::broken_value> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
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
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
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
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.value.assign(trim(std::string_view(in.begin(), in.size())));
    s.add_issue(g::error_key<g::bare_value>, offset_of(in, s), Severity::warning);
  }
};

template <> struct action<g::missing_value> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.add_issue(g::error_key<g::missing_value>, offset_of(in, s), Severity::error);
  }
};

template <> struct action<g::nameless_tag> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.add_issue(g::error_key<g::nameless_tag>, offset_of(in, s), Severity::error);
  }
};

template <> struct action<g::junk_in_tag> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.add_issue(g::error_key<g::junk_in_tag>, offset_of(in, s), Severity::error,
                trim(std::string_view(in.begin(), in.size())));
  }
};

template <> struct action<g::missing_bracket> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    if (!s.bracket_in_value)
      s.add_issue(g::error_key<g::missing_bracket>, offset_of(in, s), Severity::warning);
  }
};

template <> struct action<g::tag_pair> {
  template <typename ActionInput> static void apply(const ActionInput&, State& s) { s.commit(s.value); }
};

// The shortcut for the usual items of a tag section: line breaks and
// blanks (g::space), and tag pairs [Name "value"] with nothing to unescape
// or excuse in them. The grammar would read such a pair with no issue, so
// the shortcut does what the grammar's actions would (tag_open, tag_name,
// quoted_value, tag_pair); anything else is the grammar's. Returns where
// the item ends, or nullptr.
// Character classes of the shortcut, one table lookup each.
enum TagChar : std::uint8_t {
  tag_blank = 1,       // g::blank
  tag_space = 2,       // g::blank and line ends
  tag_name_start = 4,  // g::name_start
  tag_name_char = 8,   // g::name_char
  tag_plain = 16,      // in a value with nothing to unescape: not " \ CR LF
};
constexpr std::array<std::uint8_t, 256> tag_chars = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned char c : {' ', '\t'}) t[c] |= tag_blank | tag_space;
  for (unsigned char c : {'\r', '\n'}) t[c] |= tag_space;
  const auto name = [&t](unsigned char c) { t[c] |= tag_name_start | tag_name_char; };
  for (unsigned char c = '0'; c <= '9'; ++c) name(c);
  for (unsigned char c = 'a'; c <= 'z'; ++c) name(c);
  for (unsigned char c = 'A'; c <= 'Z'; ++c) name(c);
  name('_');
  for (unsigned char c : {'-', '.'}) t[c] |= tag_name_char;
  for (int c = 0; c < 256; ++c)
    if (c != '"' && c != '\\' && c != '\r' && c != '\n') t[static_cast<std::size_t>(c)] |= tag_plain;
  return t;
}();

const char* plain_tag_item(const char* p, const char* end, State& s) {
  const auto is = [](char c, TagChar k) { return (tag_chars[static_cast<unsigned char>(c)] & k) != 0; };
  if (p != end && is(*p, tag_space)) {
    while (p != end && is(*p, tag_space)) ++p;
    return p;
  }
  const char* const open = p;
  if (p == end || *p != '[') return nullptr;
  ++p;
  const char* const name = p;
  if (p == end || !is(*p, tag_name_start)) return nullptr;
  while (p != end && is(*p, tag_name_char)) ++p;
  const char* const name_end = p;
  while (p != end && is(*p, tag_blank)) ++p;
  if (p == end || *p != '"') return nullptr;
  const char* const value = ++p;
  while (p != end && is(*p, tag_plain)) ++p;
  if (p == end || *p != '"') return nullptr;
  const char* const value_end = p++;
  while (p != end && is(*p, tag_blank)) ++p;
  if (p == end || *p != ']') return nullptr;
  s.tag_offset = static_cast<std::size_t>(open - s.text.data());
  s.name = std::string_view(name, static_cast<std::size_t>(name_end - name));
  s.issue_count = 0;
  s.bracket_in_value = false;
  s.commit(std::string_view(value, static_cast<std::size_t>(value_end - value)));
  return p + 1;
}

}  // namespace

void TagSection::clear() {
  tags.clear();
  diagnostics.clear();
  movetext_offset = 0;
  movetext_line = 1;
  movetext_column = 1;
  over_limit = false;
}

std::string_view canonical_tag_name(std::string_view name) {
  // The known names by length, so a name is compared with a few at most
  // (every tag of every game asks).
  static const auto by_length = [] {
    std::array<std::vector<std::string_view>, 16> t;
    for (std::string_view known : known_tag_names) t[known.size()].push_back(known);
    return t;
  }();
  if (name.size() >= by_length.size()) return name;
  const std::vector<std::string_view>& candidates = by_length[name.size()];
  // Nearly every name is written the standard way: look for it exactly
  // first (the first byte tells most candidates apart), then ignoring
  // case. No two known names differ only in case, so this finds the
  // same name as comparing both ways in one pass. A name written the
  // standard way is returned itself, so that callers can tell by its
  // address that it was.
  for (std::string_view known : candidates)
    if (known[0] == name[0] && known == name) return name;
  for (std::string_view known : candidates)
    if (equal_ignoring_ascii_case(name, known)) return known;
  return name;
}

namespace {

void read_tags(std::string_view game_text, std::int64_t first_line, TagSection& out, const TagLimits& limits,
               bool shortcut) {
  out.clear();
  State state{game_text, first_line, out, 0, {}, {}, {}, 0, false, limits};
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(game_text.data(), game_text.size(), "pgn");
  if (shortcut) {
    // g::tag_section one item at a time, the usual ones by the shortcut.
    const char* const end = game_text.data() + game_text.size();
    while (!in.empty()) {
      if (const char* next = plain_tag_item(in.current(), end, state))
        in.bump(static_cast<std::size_t>(next - in.current()));
      else if (!pegtl::parse<g::tag_section_item, action>(in, state))
        break;  // the movetext starts here
    }
  } else {
    pegtl::parse<g::tag_section, action>(in, state);
  }
  out.movetext_offset = static_cast<std::size_t>(in.current() - game_text.data());
  const std::string_view before = game_text.substr(0, out.movetext_offset);
  out.movetext_line = first_line + std::count(before.begin(), before.end(), '\n');
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
