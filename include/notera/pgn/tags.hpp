// Reading the tag pair section at the start of a game's text (as the
// splitter hands it out) into tags and diagnostics, and finding where the
// movetext begins. Grammar: grammars/notera/grammar/pgn_tags.hpp.
//
// What the reader does beyond the grammar:
//   - unescapes \" and \\ in values;
//   - a value broken over two lines is joined with one space;
//   - tag names that differ from a standard name only in case ("white",
//     "EVENT", "whiteelo") get the standard spelling, with a note;
//   - a tag name given twice keeps the first value; the second is reported
//     with its value (so nothing is silently lost);
//   - a comment among the tags, or before them ({...} or a line ";..."), is kept in
//     `comments` and the section goes on after it (only where a tag follows
//     it: a comment before the first move is the movetext's);
//   - limits (TagLimits): more tags than max_tags, or a value longer than
//     max_value_length, is an error ("pgn.tag.too_many",
//     "pgn.tag.value_too_long") and sets over_limit: the reader rejects
//     such a game rather than write part of it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "notera/base/diagnostic.hpp"
#include "notera/base/tag.hpp"

namespace notera::pgn {

struct TagLimits {
  // Real games have a few dozen tags of at most a few hundred bytes.
  std::size_t max_tags = 1000;
  std::size_t max_value_length = 8192;  // bytes
};

struct TagSection {
  std::vector<Tag> tags;                // in input order
  std::vector<Diagnostic> diagnostics;  // "pgn.tag.*", with line and column
  std::size_t movetext_offset = 0;      // where the movetext begins in the game text
  std::int64_t movetext_line = 1;       // its line in the input
  int movetext_column = 1;              // its column, in characters
  bool over_limit = false;              // a TagLimits limit was exceeded
  // Comments among the tags or before them ([Event "x"] {note}
  // [Site "y"], or "; note" on a line between tags), their text as
  // written, in order: the game's, for the comment before its first move.
  std::vector<std::string> comments;

  void clear();
  bool operator==(const TagSection&) const = default;
};

// Reads the tag section of `game_text`, whose first byte is on line
// `first_line` of the input. Never throws on bad input.
// Blank lines and plain pairs ([Name "value"]) are read by a shortcut that
// gives the same result as the grammar, only faster.
void read_tag_section(std::string_view game_text, std::int64_t first_line, TagSection& out,
                      const TagLimits& limits = {});
// The same with the grammar alone, for tests that compare the two.
void read_tag_section_by_grammar(std::string_view game_text, std::int64_t first_line, TagSection& out,
                                 const TagLimits& limits = {});

// The standard spelling of a tag name that differs only in case from a
// well-known one ("whiteelo" -> "WhiteElo"), or the name itself (the same
// view, when it is spelt the standard way or is not a known name).
std::string_view canonical_tag_name(std::string_view name);

}  // namespace notera::pgn
