// Draw claims that depend on the game record, as an arbiter judges them:
// threefold repetition (FIDE §9.2) and the fifty-move rule (§9.3), made by
// the player to move either on the position that has just arisen or on an
// intended move written on the scoresheet; and the automatic draws of §9.6
// (fivefold repetition, 75 moves), which exist from 2014 and so apply to the
// 2018 and 2023 editions only.
//
// Positions are compared by Position::key(), which is FIDE §9.2.2 exactly:
// same side to move, same pieces on the same squares, the same castling
// *rights* (a right that cannot be used at the moment still counts; one lost
// in between makes the positions differ) and an en-passant right only when
// the capture is legal (a pinned pawn gives none).
//
// The ruling is a list of Messages (sentences) citing the paragraphs of the
// chosen edition as numbered in the FIDE texts (docs/fide-rules.md): 2005 and
// 2009 "9.2 a"/"9.2 b", 2018 "9.2.1.1"/"9.2.1.2", 2023 "9.2.1"/"9.2.2".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notera/base/message.hpp"
#include "notera/core/game_state.hpp"
#include "notera/game/game.hpp"
#include "notera/notation/laws.hpp"
#include "notera/notation/resolve.hpp"

namespace notera::arbiter {

// What the claimant asks for.
enum class ClaimGround : std::uint8_t {
  either,       // a draw by §9.2 or §9.3, whichever holds
  threefold,    // §9.2
  fifty_moves,  // §9.3
};
// "threefold_or_fifty_moves", "threefold", "fifty_moves"
std::string_view to_string(ClaimGround ground);
std::optional<ClaimGround> parse_claim_ground(std::string_view text);  // "threefold", "fifty-moves", "either"

// undecided: the intended move means another legal move in each notation
// the claimant may use; the arbiter must establish which before ruling.
enum class ClaimVerdict : std::uint8_t { correct, incorrect, undecided };
std::string_view to_string(ClaimVerdict verdict);

// Why a claim is ruled the way it is.
enum class ClaimReason : std::uint8_t {
  none,                // the claim is correct on its ground
  not_repeated,        // fewer than three occurrences
  too_few_moves,       // fewer than 50 moves by each player (100 half-moves)
  neither,             // neither holds (ground either)
  game_over,           // the game had ended before the claim (§5, §9.6)
  intended_illegal,    // the intended move is illegal
  intended_ambiguous,  // the intended move fits several legal moves
  intended_unclear,    // the intended move cannot be read as a move
  // One legal move in each notation the intended move may be in (verdict undecided).
  intended_depends_on_language,
};
std::string_view to_string(ClaimReason reason);

struct DrawClaim {
  notation::Laws laws = notation::default_laws;
  ClaimGround ground = ClaimGround::either;
  // The intended move as written by the claimant (§9.2.1.1 / §9.3.1 in
  // 2018); empty when the claim concerns the position on the board.
  std::string intended_move;
  // How the intended move is read: the scoresheet's notation language, or
  // any_language with the arbiter's languages as the first tier
  // (ResolveOptions::preferred) when neither the user nor the game's moves
  // decided it.
  notation::ResolveOptions reading;
  // Language code whose piece letters write the moves in the ruling ("nb":
  // "2...Sg8"); an unknown code gives PGN SAN.
  std::string move_language = "en";
};

// A ply of the game at which a position stood on the board.
struct PositionAt {
  int ply = 0;          // plies played from the game's start position (0 = the start)
  int move_number = 1;  // the number of the move about to be played
  Color side_to_move = Color::white;
};

// An earlier position with the same pieces on the same squares and the same
// side to move that is still not the same position (FIDE §9.2.2).
struct NotSamePosition {
  enum class Why : std::uint8_t { castling_rights, en_passant };
  PositionAt at;
  Why why = Why::castling_rights;
};

struct ClaimRuling {
  ClaimGround ground = ClaimGround::either;  // the ground ruled on (the one that holds, if any)
  ClaimVerdict verdict = ClaimVerdict::incorrect;
  ClaimReason reason = ClaimReason::none;
  notation::Laws laws = notation::default_laws;
  Color claimant = Color::white;  // the player to move when claiming

  // The position the claim concerns: on the board, or after the intended move.
  Position claimed;
  std::vector<PositionAt> occurrences;  // where the claimed position stood (last = the claim)
  std::vector<NotSamePosition> not_same;
  int halfmove_clock = 0;  // of the claimed position

  // How the game had ended before the claim, and where (none: it had not).
  GameEnd game_over = GameEnd::none;
  PositionAt game_over_at;
  bool automatic() const {
    return game_over == GameEnd::fivefold_repetition || game_over == GameEnd::seventy_five_moves;
  }

  // The intended move, when one was written and is legal in `before`.
  Position before;  // the final position of the game
  std::optional<Move> intended;
  MoveList intended_candidates;  // for an ambiguous intended move

  // Consequences of a wrong claim (§9.5): the intended move must be played,
  // the opponent gets extra time; 2005 also cuts the claimant's time.
  bool must_play = false;
  int opponent_extra_minutes = 0;
  bool claimant_time_reduced = false;

  // Paragraphs of the chosen edition the ruling rests on, the main one first.
  std::vector<std::string> paragraphs;
  // The ruling for the arbiter, one Message per sentence.
  std::vector<Message> ruling;
};

// Judges a draw claim on the main line of `game` (which must be complete).
ClaimRuling judge_draw_claim(const game::Game& game, const DrawClaim& claim);

// "2...Sg8": the move `m` played in `before`, with its number, in a notation
// (see write_move.hpp; an unknown code gives PGN SAN).
std::string numbered_move_text(const Position& before, Move m, std::string_view notation);

}  // namespace notera::arbiter
