// What a written move means in a position.
//
// Built from masks, never by writing out every legal move and comparing
// strings: the written piece, origin and destination become a MoveFilter,
// the move generator produces only the candidates that fit, and the verdict
// follows from how many there are:
//
//   legal      exactly one legal move fits (inaccuracies become warnings)
//   ambiguous  several fit; all are listed
//   illegal    it reads as a move but none fits; the reason says why
//   unclear    it cannot be read as a move at all (decided by the reader)
#pragma once

#include <cstdint>
#include <string_view>

#include "notera/base/message.hpp"
#include "notera/core/movegen.hpp"
#include "notera/core/position.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/written_move.hpp"

namespace notera::notation {

enum class Verdict : std::uint8_t { legal, ambiguous, illegal, unclear };
std::string_view to_string(Verdict v);

// Why a readable move fits no legal move.
enum class IllegalReason : std::uint8_t {
  none,
  no_such_piece,           // the side to move has no such piece (that could be meant)
  wrong_side,              // only the opponent has a piece that could make it
  no_piece_reaches,        // no such piece moves like that to that square
  path_blocked,            // a piece stands in the way
  pinned,                  // the piece is pinned to its king
  king_into_check,         // the king would move into check
  ignores_check,           // the side to move is in check and the move does not answer it
  own_piece_on_square,     // the destination holds a piece of the side to move
  pawn_capture_on_empty,   // a pawn moves diagonally where nothing can be taken
  promotion_missing_rank,  // a promotion piece is written, but not on the last rank
  promotion_to_king,       // promotion to a king or pawn
  castling_no_right,       // the king or the rook has moved
  castling_blocked,        // squares between king and rook are occupied
  castling_in_check,       // the king is in check
  castling_through_check,  // the king would cross an attacked square
  castling_into_check,     // the king would end in check
  no_legal_moves,          // the game is over: mate or stalemate
};
std::string_view to_string(IllegalReason r);

// Inaccuracies that do not change which move is meant (bit flags).
enum WrittenWarning : std::uint32_t {
  warn_missing_capture_mark = 1u << 0,     // a capture without x (FIDE 2005/2009 require it)
  warn_capture_mark_no_capture = 1u << 1,  // x written, nothing is taken
  warn_missing_check_mark = 1u << 2,       // the move gives check, no + written
  warn_wrong_check_mark = 1u << 3,         // + written, no check
  warn_missing_mate_mark = 1u << 4,        // the move mates, no # (or ++) written
  warn_wrong_mate_mark = 1u << 5,          // # written, not mate
  warn_overspecified = 1u << 6,            // an origin file/rank that is not needed
  warn_missing_en_passant = 1u << 7,       // an en-passant capture without e.p. (2005/2009)
  warn_en_passant_no_capture = 1u << 8,    // e.p. written on another move
  warn_foreign_letter = 1u << 9,           // an English letter in a game in another language
  warn_pawn_letter = 1u << 10,             // a pawn letter written (FIDE writes none)
  warn_rank_omitted = 1u << 11,            // "exd": the destination rank left out
  warn_no_piece_letter = 1u << 12,         // long form without the piece letter (g1f3)
  warn_descriptive_capture = 1u << 13,     // "BxN": piece takes piece, no squares
  warn_long_form = 1u << 14,               // origin square written (allowed from 2023)
  warn_promotion_mark = 1u << 15,          // "d8=D": FIDE writes d8D (PGN writes =)
  warn_not_discovered_check = 1u << 16,    // "dis ch" written, the piece moved gives the check
  warn_not_double_check = 1u << 17,        // "dbl ch" written, one piece gives the check
  warn_castling_as_king_move = 1u << 18,   // "Ke1-g1": castling written as the king's move (§3.8.2)
};
inline constexpr int warning_count = 19;
// The message key of one warning flag ("warning.missing_capture_mark").
std::string_view warning_key(WrittenWarning w);

struct ResolveOptions {
  // The notation language (LetterTable index); any_language reads a letter
  // in the languages of `preferred` first (see there).
  int language = LetterTable::english;
  static constexpr int any_language = -1;
  // With any_language, the first tier of languages: English (always, FIDE's
  // international form) and these (the reader's message language, the
  // game's). A letter that means something in the first tier is read there
  // alone, legal or not: other languages never turn an illegal king move
  // into a Bulgarian knight move (К). Only a letter that means nothing in
  // the first tier (S to an English reader) is read in every other
  // language that has it.
  LanguageMask preferred = 0;
  // With a language: a letter that means nothing in it nor in English is
  // read in every other language, as any_language reads a letter its
  // first tier does not know. For a move written into a game whose moves
  // decided the notation (a sealed move, a claim's intended move): "Sg1"
  // in a game of English letters is still the knight, while a letter the
  // game's notation knows is read there alone.
  bool other_languages = false;
  // The first tier: the languages a letter is read in before any other.
  LanguageMask first_tier() const {
    const LetterTable& letters = LetterTable::instance();
    return letters.mask_of(LetterTable::english) |
           (language >= 0 ? letters.mask_of(language) : (language == any_language ? preferred : 0));
  }
  // Read a letter with its English meaning when the local one fits nothing
  // (lenient). Off for strict readings such as sealed moves.
  bool foreign_letters = true;
  // Judge how the move is written (Resolution::warnings). Off for callers
  // that do not read the warnings: it is a good part of the cost of
  // resolving the usual move.
  bool warnings = true;
  // Say why a move that fits nothing is illegal (Resolution::reason). Off
  // for callers that only ask whether a text fits (the reconstruction's
  // look at the next box, for every state kept).
  bool reasons = true;
};

struct Resolution {
  Verdict verdict = Verdict::unclear;
  Move move;            // when legal
  MoveList candidates;  // every legal move that fits the text
  IllegalReason reason = IllegalReason::none;
  std::uint32_t warnings = 0;         // always 0 without ResolveOptions::warnings
  PieceType piece = PieceType::none;  // the piece type the text was read as
  int language = -1;                  // language whose reading was used
  // Other legal moves of the same piece type to the same square (for SAN
  // disambiguation without generating again).
  MoveList rivals;

  bool is_legal() const { return verdict == Verdict::legal; }
};

// Resolves a written move. Check and mate marks are judged separately
// (judge_check_marks), after the caller has played the move.
Resolution resolve(const Position& pos, const WrittenMove& written, const ResolveOptions& options = {});

// Adds warnings about + and # given the position after the move; with the
// move played, also about the kind of check announced (dis ch, dbl ch).
std::uint32_t judge_check_marks(const Position& after, const WrittenMove& written,
                                Move played = Move::none());

// The kind of the check that `played` gives in `after` (the position after
// it): discovered when a piece other than the one moved gives it (the rook,
// after castling), double when two do; `any` for a direct check or none.
CheckKind check_kind_of(const Position& after, Move played);

// Whether a check of kind `given` is the one `written` announces: any
// check for a plain one, a discovered or double check for `dis ch` (a
// double check is discovered too), a double one for `dbl ch`.
constexpr bool check_kind_fits(CheckKind written, CheckKind given) {
  return written == CheckKind::any || given == written ||
         (written == CheckKind::discovered && given == CheckKind::double_check);
}

// Why no piece of type `type` on `from_mask` can go to `to_mask` (the most
// telling reason over all pieces that could have been meant); and why a
// castling is illegal. For readers of other notation systems.
IllegalReason diagnose_illegal(const Position& pos, PieceType type, Bitboard from_mask, Bitboard to_mask,
                               PieceType promotion);
IllegalReason diagnose_illegal_castling(const Position& pos, CastlingSide side);

// The message for an illegal move, in words ("the knight on d4 is pinned").
Message illegal_message(const Position& pos, const WrittenMove& written, const Resolution& r);

}  // namespace notera::notation
