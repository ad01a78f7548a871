// Rulings on sealed moves of adjourned games (FIDE Laws: 2005 Appendix A,
// 2009 Guidelines for adjourned games, 2018 Appendix E, 2023 Guidelines I).
//
// The player who sealed loses when the sealed move is ambiguous, cannot be
// given a true meaning, or is illegal (A8 / 8 / E.8 / I.8) - except when the
// game had already ended (§5 mate, stalemate, dead position; §9.6 automatic
// draws from 2014; §6.9 time). A sealed move that itself ends the game
// stands (10a / E.10 / I.10). Inaccuracies that do not change which move is
// meant are reported as warnings, never as a loss.
//
// When the player's notation is not known and the move means one legal
// move in some languages and another in others (S: knight, bishop, king),
// that is not an ambiguity of what was written: the verdict stays
// `ambiguous` (every reading is a candidate) but the sealer does not lose;
// the ruling says the arbiter must establish the player's notation.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "notera/base/message.hpp"
#include "notera/core/game_state.hpp"
#include "notera/notation/judge.hpp"
#include "notera/notation/laws.hpp"

namespace notera::arbiter {

struct SealedOptions {
  int language = notation::ResolveOptions::any_language;  // the player's notation
  // When the notation is not known (any_language): the first tier of
  // languages besides English (ResolveOptions::preferred), the arbiter's.
  notation::LanguageMask preferred = 0;
  // With a language the game's moves decided (not the user): a letter that
  // means nothing in it is read in the others (ResolveOptions::other_languages).
  bool other_languages = false;
  // The letters moves are written in where the ruling names moves the
  // player did not write (the readings in each notation): the arbiter's
  // (a LetterTable index; English when negative).
  int message_letters = -1;
  notation::Laws laws = notation::default_laws;
};

// The judgement of the written move (notation/judge.hpp), and the ruling.
struct SealedRuling : notation::MoveJudgement {
  GameEnd game_over = GameEnd::none;  // the game had ended before the sealed move
  GameEnd ends_game = GameEnd::none;  // the sealed move itself ends the game
  Message ruling;                     // one sentence for the arbiter
  Message paragraph;                  // the paragraph the ruling rests on
  bool sealer_loses = false;
};

// `history` holds the positions of the game so far (for fivefold
// repetition); pass one made from `before` alone when only a FEN is known.
SealedRuling rule_on_sealed_move(const Position& before, const PositionHistory& history,
                                 std::string_view text, const SealedOptions& options);

}  // namespace notera::arbiter
