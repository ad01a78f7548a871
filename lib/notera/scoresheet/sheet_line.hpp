// One line of a .sheet file as the grammar (grammars/notera/grammar/
// scoresheet.hpp) sees it: its kind, and byte spans of everything on it.
//
// This is the syntax level only; lib/notera/scoresheet/sheet.cpp gives the
// spans their meaning (which header, which move number, whose cell). Kept
// apart so that the PEGTL actions stay in one small file.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace notera::scoresheet::sheet_line {

// Byte offsets [begin, end) into the line.
struct Span {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string_view of(std::string_view line) const { return line.substr(begin, end - begin); }
  bool empty() const { return begin == end; }
};

struct CellSyntax {
  std::vector<Span> crossed;          // each "~~text~~", tildes included
  bool unrecorded = false;            // "-", "--", "–", "—"
  Span move;                          // the written move; empty if only crossed out / only marks
  std::vector<Span> readings;         // the non-empty parts of `move` between '|'
  std::vector<Span> glued_marks;      // "+", "(=)", ... at the end of the move token
  std::vector<Span> separated_marks;  // "e.p.", "(=)", "?", "{sealed}", ... after blanks
};

struct ItemSyntax {
  bool is_clock = false;
  Span whole;
  CellSyntax cell;  // when !is_clock
};

// A move number and what follows it up to the next number on the line. On
// a text line the first group has no number (cells that continue a row).
struct GroupSyntax {
  bool numbered = false;
  Span digits;               // "12"
  Span number;               // "12", "12.", "12...", "12 ..." (with a black marker)
  bool black_first = false;  // "12...", "12…" or "12 ...": the row starts with Black's move
  std::vector<ItemSyntax> items;
};

enum class LineKind { blank, comment, header, moves, text };

struct LineSyntax {
  LineKind kind = LineKind::text;
  Span key, value;                  // header lines
  std::vector<GroupSyntax> groups;  // move and text lines
  std::optional<Span> comment;      // "#..." to the end of the line
};

struct LineError {
  std::string key;         // message key, e.g. "sheet.unclosed_crossed_out"
  std::size_t offset = 0;  // where the problem starts (the unclosed "~~" or "{")
};

struct ParsedLine {
  LineSyntax syntax;
  std::optional<LineError> error;
};

// Reads one line (without its line break). `as_text` reads a line of any
// shape as cells without a leading number (for a header-shaped line among
// the moves, such as "e:d4 Sf6").
ParsedLine parse_line(std::string_view line, bool as_text = false);

}  // namespace notera::scoresheet::sheet_line
