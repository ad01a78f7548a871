// Reading one written move: text -> WrittenMove (syntax), and text +
// position -> Resolution. Used by `notera move`, sealed moves and the
// scoresheet reader; movetext has its own reader (movetext.hpp).
#pragma once

#include <string_view>

#include "notera/base/message.hpp"
#include "notera/notation/resolve.hpp"
#include "notera/notation/written_move.hpp"

namespace notera::notation {

struct ReadMoveResult {
  bool ok = false;
  WrittenMove move;
  // When !ok: why the text is not a move (e.g. "notation.descriptive" for
  // P-K4, "notation.not_a_move"), and the column (characters) where reading
  // stopped.
  Message problem;
  int column = 0;
};

// Reads `text` (normalised here) with the letters of the given languages.
ReadMoveResult read_written_move(std::string_view text, LanguageMask languages);

// The letters a reader should accept for a resolve language: that language,
// English and figurines; every language for ResolveOptions::any_language.
LanguageMask reading_languages(int language);

struct MoveReading {
  ReadMoveResult read;
  Resolution resolution;  // verdict unclear when !read.ok
  // Every legal reading across languages when the language was not given
  // and the letter means different pieces in different languages.
  int languages_that_fit = 0;
};

MoveReading read_and_resolve(const Position& pos, std::string_view text, const ResolveOptions& options);

}  // namespace notera::notation
