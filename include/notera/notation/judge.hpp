// The whole verdict on a written move in a position, in one call: what the
// text reads as, which legal moves it fits, and, for a legal move, how it
// is written (check and mate marks judged on the position after the move,
// inaccuracies kept only where the chosen edition of the Laws asks for
// them). `notera move`, sealed moves and the transcription page all judge
// moves through this; the PGN reader, which plays thousands of moves in
// place, shares its last step (judge_marks).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "notera/base/message.hpp"
#include "notera/core/movegen.hpp"
#include "notera/core/position.hpp"
#include "notera/notation/laws.hpp"
#include "notera/notation/read_move.hpp"
#include "notera/notation/resolve.hpp"
#include "notera/notation/systems.hpp"

namespace notera::notation {

struct MoveJudgement {
  MoveReading reading;                 // the text read and resolved
  Verdict verdict = Verdict::unclear;  // the resolution's; unclear when the text is not a move
  std::uint32_t warnings = 0;          // legal: WrittenWarning flags that count under the Laws
  Position after;                      // legal: the position after the move
  System system = System::algebraic;   // the notation system the text was read in

  bool is_legal() const { return verdict == Verdict::legal; }
};

// A language of descriptive_language, descriptive_es_language or
// announced_language reads the text in that system; any_language tries the
// other systems when the text is no algebraic move ("P-K4").
MoveJudgement judge_written_move(const Position& pos, std::string_view text, const ResolveOptions& options,
                                 Laws laws = default_laws);

// The warnings of a legal move once it is played: the resolution's, with
// the check and mate marks judged on `after` (and the kind of check
// announced, given the move `played`), kept where `laws` asks for them.
std::uint32_t judge_marks(const Position& after, const WrittenMove& written,
                          std::uint32_t resolution_warnings, Laws laws, Move played = Move::none());

// Moves as the writer would write them, for messages: "Nef3, Ngf3" in
// the letters of `language` (a LetterTable index; English when negative).
std::string readings_list(const Position& pos, const MoveList& moves, int language);

// The readings of a move whose meaning depends on the writer's notation
// (MoveReading::by_language), for messages: "Se2 (da, de, nb, nn, sv),
// Le2 (cs, sk), Ke2 (tr)", the moves in the letters of `language` as
// readings_list() writes them, each with the codes of the languages that
// read the letter so; readings with no legal move are left out.
std::string language_readings_list(const Position& pos, const std::vector<LanguageReading>& readings,
                                   int language);
// "da, de, nb": the codes of the languages in `languages`.
std::string language_codes(LanguageMask languages);
// For a legal move that only some notations read so
// (MoveReading::legal_in_one_notation): the note that says in which, and
// that the letter fits no legal move in the others ("Se2 is Ke2 in tr
// only ..."), the move in the letters of `language`; otherwise an empty
// Message.
Message notation_note(const Position& pos, std::string_view text, const MoveReading& reading, int language);

}  // namespace notera::notation
