// What the tag-section readers collect for the tag pair being read, shared
// by the grammar's actions (tags.cpp) and the shortcut (tags_fast.cpp), so
// that both commit a pair the same way. Private to the library.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "notera/pgn/lexicon.hpp"
#include "notera/pgn/tags.hpp"
#include "notera/text/locate.hpp"

namespace notera::pgn::detail {

inline int clamp_line(std::int64_t line) {
  return static_cast<int>(std::min<std::int64_t>(line, std::numeric_limits<int>::max()));
}

// Where a tag name stands in lexicon::known_tag_names (index, or -1) and
// whether it is spelt otherwise there (in case only): its standard
// spelling is then that entry, else the name itself. Eight bytes, so that
// it comes back in a register: as a view and an int it came back through
// memory, and the caller's first 16-byte read of it waited for the two
// 8-byte stores (a failed store forward, half of TagState::commit's time).
struct KnownTagName {
  int index = -1;
  bool respelt = false;
  std::string_view canonical(std::string_view name) const {
    return respelt ? lexicon::known_tag_names[static_cast<std::size_t>(index)] : name;
  }
};
KnownTagName known_tag_name(std::string_view name);

struct Issue {
  const char* key = nullptr;
  std::size_t offset = 0;
  Severity severity = Severity::error;
  std::string_view found;  // for "pgn.tag.junk"
};

// What the actions collect for the tag pair being read; committed by the
// action on tag_pair, which always succeeds once tag_open has.
struct TagState {
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
  std::size_t pairs = 0;         // tag pairs read, over the limit too
  std::uint64_t known_kept = 0;  // bit i: a tag named known_tag_names[i] is kept
  text::TextLocator locator{text, clamp_line(first_line)};

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
    const KnownTagName known = known_tag_name(name);
    const std::string_view canonical = known.canonical(name);
    if (canonical.data() != name.data()) {  // the name itself when it is canonical
      diagnose(Severity::note, Message("pgn.tag.name_case").with("name", name).with("canonical", canonical),
               tag_offset + 1);
    }
    // A known name is kept at most once, which its bit says without a look
    // at the tags kept; an unknown one is never spelt like a known one.
    const std::uint64_t known_bit = known.index >= 0 ? std::uint64_t{1} << known.index : 0;
    if (known.index < 0 || (known_kept & known_bit)) {
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
    }
    known_kept |= known_bit;
    // Built in place: no temporary Tag to move (every tag of every game;
    // moving a short string copies its bytes once more).
    Tag& tag = out.tags.emplace_back();
    tag.name.assign(canonical);
    tag.value.assign(value_text);
  }
};

// The shortcut for the usual items of a tag section (tags_fast.cpp): where
// the item at p ends, or nullptr when the grammar must read it.
const char* plain_tag_item(const char* p, const char* end, TagState& s);

}  // namespace notera::pgn::detail
