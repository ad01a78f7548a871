// How people miswrite moves on paper scoresheets, as costs.
//
// A cost is the negative natural logarithm of how often a departure from
// the true move happens (nats): writing "exd5" for cxd5 costs -ln P(the
// file c is written e). Costs add along a reconstructed game, so the game
// with the smallest total is the most likely one given what is written, and
// the difference to the runner-up is a log-likelihood ratio.
//
// The values come from the HCS labels (../shared/corpus/hcs: 79 games of
// real handwritten English scoresheets). bench/hcs_confusions.cpp
// reconstructs those sheets, counts the corrections by kind and prints
// -ln of their frequencies; slips.cpp keeps the rounded results and says
// which count each value rests on. Kinds that HCS shows too rarely to count
// (castling side, promotion letters) keep the design's guesses, marked so.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace notera::reconstruct {

// One way a written move departs from the move played.
enum class SlipKind : std::uint8_t {
  // --- the same move, spelt another way (a ply with only these is "normalised")
  capture_mark_missing,    // Sf3 for Sxf3, ed4 for exd4 (optional from 2018)
  capture_mark_extra,      // x written, nothing is taken
  check_mark_wrong,        // + or # written, the move gives no check (or no mate)
  rank_omitted,            // exd, Rxf: the destination rank left out
  foreign_letter,          // an English letter on a sheet in another language
  pawn_letter,             // a pawn written with a letter (Pe4)
  descriptive_capture,     // BxN: pieces named instead of the square
  origin_given,            // long form, or a departure square that is not needed
  disambiguation_missing,  // Sd7 where two knights can go to d7
  en_passant_mark,         // e.p. on a move that is not an en-passant capture
  reading_chosen,          // one of the transcriber's readings "a|b"
  // --- slips of the pen, fixed (a ply with one of these is "corrected")
  piece_letter,          // a wrong piece letter: K for R, L for D
  piece_letter_missing,  // d2 for Sd2
  letter_for_pawn,       // Se4 for the pawn move e4
  letter_case,           // bxc5 for Bxc5: the letter written small, read as a file
  file,                  // the destination file: e written for c
  rank,                  // the destination rank: 5 written for 3
  rank_mirrored,         // the rank seen from the other side: 6 for 3 (r <-> 9-r)
  origin_file,           // the departure file (pawn captures, disambiguation)
  origin_rank,           // the departure rank
  captured_piece,        // BxN where a bishop is taken
  promotion_piece,       // d8S for d8D
  promotion_missing,     // d8 for d8D
  promotion_extra,       // a promotion letter on a move that does not promote
  castling_side,         // 0-0 for 0-0-0
  castling_written,      // castling written for another move, or the reverse
  unreadable,            // a '?' in the transcription, read as a character
  misspelt,              // not readable as a move: the nearest spelling of the move
  crossed_out_played,    // the crossed-out move is the move that was played
  misplaced,             // written in another row or column than the ply
  answered,              // a person's answer ({=Dc6}) reads the box otherwise than it is written
};
inline constexpr int slip_kind_count = static_cast<int>(SlipKind::answered) + 1;

// Whether a slip changes what the text says (a correction) rather than
// only how it is spelt.
constexpr bool is_correction(SlipKind k) { return k >= SlipKind::piece_letter; }
// "file", "rank_mirrored", ... (JSON and message keys).
std::string_view to_string(SlipKind k);

struct Slip {
  SlipKind kind = SlipKind::misspelt;
  std::string written;  // what the sheet has at that place ("e", "3", "K", the whole text)
  std::string meant;    // what the move needs there ("c", "5", "R", the move's spelling)
  bool operator==(const Slip&) const = default;
};
using SlipList = std::vector<Slip>;

// The costs, in nats. Member names say which departure they price.
struct SlipCosts {
  // --- spelling (the same move)
  float capture_mark_missing = 0.0f;
  float capture_mark_extra = 0.0f;
  float check_mark_missing = 0.0f;  // not a slip at all: + is optional (FIDE C.13, 2023)
  float check_mark_wrong = 0.0f;
  float rank_omitted_pawn = 0.0f;   // exd: common on real sheets
  float rank_omitted_piece = 0.0f;  // Rxf
  float foreign_letter = 0.0f;      // a letter that means nothing in the sheet's language (N on an nb sheet)
  float foreign_letter_clash = 0.0f;  // one that means another piece there (R, the French king, as a rook)
  float pawn_letter = 0.0f;
  float descriptive_capture = 0.0f;
  float en_passant_mark_wrong = 0.0f;

  // --- slips of the pen
  // file_slip[w][m]: the destination file m written w (0 = a). Pairs that
  // look alike in handwriting are cheaper than the others.
  std::array<std::array<float, 8>, 8> file_slip{};
  std::array<std::array<float, 8>, 8> rank_slip{};  // the same for ranks (0 = rank 1)
  float origin_extra = 0.0f;                        // an origin slip costs its file/rank slip plus this
  // letter_pair[w][m]: piece letter m written w (ASCII capitals, 0 = A):
  // letters that look alike in handwriting (K/R, B/R) are cheaper.
  std::array<std::array<float, 26>, 26> letter_pair{};
  float piece_letter_other = 0.0f;  // any other wrong piece letter
  float piece_letter_missing = 0.0f;
  float letter_case = 0.0f;  // b for B
  float captured_piece = 0.0f;
  float promotion_wrong = 0.0f;
  float promotion_missing_queen =
      0.0f;  // FIDE 2023 §7.5.2: a pawn on the last rank without a piece becomes a queen
  float promotion_missing_other = 0.0f;
  float promotion_extra = 0.0f;
  float castling_side = 0.0f;
  float castling_for_king_move = 0.0f;  // 0-0 written for a king move (or the reverse)
  float castling_other = 0.0f;          // castling written for a move of another piece
  float unreadable_char = 0.0f;         // per '?' that had to be guessed

  // --- text that is not a move at all: weighted edit distance
  float unparsed_base = 0.0f;
  float edit_mark = 0.0f;        // inserting or deleting x, +, #, -, =
  float edit_char = 0.0f;        // inserting or deleting another character
  float edit_substitute = 0.0f;  // replacing a character by an unrelated one
  float edit_case = 0.0f;        // the same letter in the other case
  // Above this structural cost for every legal move, the edit distance is
  // tried as well (a parse can be a misreading: "hf3" for Nf3).
  float fallback_threshold = 0.0f;

  // --- where the cells are (transitions of the search)
  float unrecorded_played = 0.0f;   // a '-' or empty box stands for a move
  float unrecorded_skipped = 0.0f;  // a '-' box that stands for no move
  float skip = 0.0f;                // a written move that is not a move of the game
  float skip_behind = 0.0f;         // the same, for a box whose number was already played
  float skip_repeated = 0.0f;       // the same, for a box that repeats its side's box a row or two up
  float written_after_game_over = 0.0f;  // and more, for a move written after mate or stalemate
  float crossed_out_played = 0.0f;  // the crossed-out move was played after all
  float insert = 0.0f;              // a move not written where the numbering leaves no room
  float insert_gap = 0.0f;          // a move not written where rows are missing
  float insert_after_end = 0.0f;    // one sheet ended, the other goes on
  float misplaced = 0.0f;           // a box's number/column disagrees with the ply
  float misplaced_per_ply = 0.0f;   // ... per further ply of disagreement
  // The sheet starts the game again from move 1 on a later row (a game
  // cancelled and played anew, Laws 7.1 and 7.3): the boxes before are
  // not read. 0: never.
  float new_game = 0.0f;

  // A piece letter written for another (ASCII capitals; other letters cost
  // piece_letter_other).
  float letter_slip(char written, char meant) const;
  float file_cost(int written, int meant) const {
    return file_slip[static_cast<std::size_t>(written)][static_cast<std::size_t>(meant)];
  }
  float rank_cost(int written, int meant) const {
    return rank_slip[static_cast<std::size_t>(written)][static_cast<std::size_t>(meant)];
  }
  // Cost of reading character `written` where `meant` is needed, for the
  // edit distance (files, ranks, letters, marks).
  float substitute(char written, char meant) const;

  // The measured model (see slips.cpp).
  static const SlipCosts& measured();
};

}  // namespace notera::reconstruct
