// Reading one written move: text -> WrittenMove (syntax), and text +
// position -> Resolution. Used by `notera move`, sealed moves and the
// scoresheet reader; movetext has its own reader (movetext.hpp).
#pragma once

#include <string_view>
#include <vector>

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

// Reads `text` as a player writes one move down (a sealed move, the
// intended move of a draw claim, `notera move`): as read_written_move()
// does, and where that finds no move, with the words of the player's
// language (locales: words.*; every language's with any_language, English
// always): castling in words ("kort rokade", "Kurze Rochade") as castling,
// and words after the move as its marks ("Sxe5 sjakk", "exd6 en passant",
// "Lc4 remistilbud"); and a draw offer written "=" after the move ("Lc4=",
// "Lc4 ="), as the Norwegian arbiters' commentary to the 2009 Laws writes
// it ("Remistilbud skal noteres ... med symbolet "=""). Movetext and
// scoresheet cells keep read_written_move(): there "=" is an evaluation
// (PGN's $10).
ReadMoveResult read_player_move(std::string_view text, int language);

// The letters a reader should accept for a resolve language: that language,
// English and figurines; every language for ResolveOptions::any_language.
LanguageMask reading_languages(int language);

// What a piece letter means in some languages, and the legal moves that
// reading allows.
struct LanguageReading {
  PieceType piece = PieceType::none;
  LanguageMask languages = 0;  // the languages that read the letter so
  MoveList moves;              // the legal moves that fit that reading
};

struct MoveReading {
  ReadMoveResult read;
  Resolution resolution;  // verdict unclear when !read.ok
  // When the letter was read in several languages (any_language, or
  // ResolveOptions::other_languages) and they disagree about the piece (S:
  // a knight in Norwegian, a bishop in Czech, a king in Turkish): each
  // reading, in the order of the languages, for an ambiguous move, and for
  // a legal one that only a language outside the first tier reads so.
  std::vector<LanguageReading> by_language;
  // Ambiguous only because the notations disagree: at least one of them
  // reads one legal move. Which move was meant depends on the writer's
  // notation, a question for the arbiter, not an ambiguity of what was
  // written.
  bool depends_on_language() const;
  // Legal in the notations of one reading only (`by_language` names the
  // others, whose readings fit no legal move).
  bool legal_in_one_notation() const { return resolution.is_legal() && !by_language.empty(); }
};

MoveReading read_and_resolve(const Position& pos, std::string_view text, const ResolveOptions& options);

}  // namespace notera::notation
