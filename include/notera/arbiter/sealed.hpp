// Rulings on sealed moves of adjourned games (FIDE Laws: 2005 Appendix A,
// 2009 Guidelines for adjourned games, 2018 Appendix E, 2023 Guidelines I).
//
// The player who sealed loses when the sealed move is ambiguous, cannot be
// given a true meaning, or is illegal (A8 / 8 / E.8 / I.8) - except when the
// game had already ended (§5 mate, stalemate, dead position; §9.6 automatic
// draws from 2014; §6.9 time). A sealed move that itself ends the game
// stands (10a / E.10 / I.10). Inaccuracies that do not change which move is
// meant are reported as warnings, never as a loss.
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
