// Where something is in the input and what is wrong there: the vocabulary
// every reader reports in (PGN, .sheet, FEN, written moves), below the game
// model so that no reader has to include it.
#pragma once

#include <cstdint>

#include "notera/base/message.hpp"

namespace notera {

// Where something is in the input, for "FILE:LINE:COL" reports. Columns
// count characters (see base/utf8.hpp), lines start at 1.
struct SourceLocation {
  int line = 0;
  int column = 0;
  bool operator==(const SourceLocation&) const = default;
};

enum class Severity : std::uint8_t { note, warning, error };

// A problem with a game: what (a Message), where, and at which ply
// (1 = White's first move of the game; 0 = not at a move).
struct Diagnostic {
  Severity severity = Severity::error;
  Message message;
  SourceLocation where;
  int ply = 0;
  bool operator==(const Diagnostic&) const = default;
};

}  // namespace notera
