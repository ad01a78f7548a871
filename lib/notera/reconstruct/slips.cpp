#include "notera/reconstruct/slips.hpp"

namespace notera::reconstruct {

std::string_view to_string(SlipKind k) {
  switch (k) {
    case SlipKind::capture_mark_missing: return "capture_mark_missing";
    case SlipKind::capture_mark_extra: return "capture_mark_extra";
    case SlipKind::check_mark_wrong: return "check_mark_wrong";
    case SlipKind::rank_omitted: return "rank_omitted";
    case SlipKind::foreign_letter: return "foreign_letter";
    case SlipKind::pawn_letter: return "pawn_letter";
    case SlipKind::descriptive_capture: return "descriptive_capture";
    case SlipKind::origin_given: return "origin_given";
    case SlipKind::disambiguation_missing: return "disambiguation_missing";
    case SlipKind::en_passant_mark: return "en_passant_mark";
    case SlipKind::reading_chosen: return "reading_chosen";
    case SlipKind::piece_letter: return "piece_letter";
    case SlipKind::piece_letter_missing: return "piece_letter_missing";
    case SlipKind::letter_for_pawn: return "letter_for_pawn";
    case SlipKind::letter_case: return "letter_case";
    case SlipKind::file: return "file";
    case SlipKind::rank: return "rank";
    case SlipKind::rank_mirrored: return "rank_mirrored";
    case SlipKind::origin_file: return "origin_file";
    case SlipKind::origin_rank: return "origin_rank";
    case SlipKind::captured_piece: return "captured_piece";
    case SlipKind::promotion_piece: return "promotion_piece";
    case SlipKind::promotion_missing: return "promotion_missing";
    case SlipKind::promotion_extra: return "promotion_extra";
    case SlipKind::castling_side: return "castling_side";
    case SlipKind::castling_written: return "castling_written";
    case SlipKind::unreadable: return "unreadable";
    case SlipKind::misspelt: return "misspelt";
    case SlipKind::crossed_out_played: return "crossed_out_played";
    case SlipKind::misplaced: return "misplaced";
    case SlipKind::answered: return "answered";
  }
  return "misspelt";
}

float SlipCosts::letter_slip(char written, char meant) const {
  if (written == meant) return 0.0f;
  if (written < 'A' || written > 'Z' || meant < 'A' || meant > 'Z') return piece_letter_other;
  return letter_pair[static_cast<std::size_t>(written - 'A')][static_cast<std::size_t>(meant - 'A')];
}

float SlipCosts::substitute(char written, char meant) const {
  if (written == meant) return 0.0f;
  // ASCII only: piece letters outside ASCII count as unrelated characters.
  const auto is_file = [](char c) { return c >= 'a' && c <= 'h'; };
  const auto is_rank = [](char c) { return c >= '1' && c <= '8'; };
  const auto is_upper = [](char c) { return c >= 'A' && c <= 'Z'; };
  const auto is_lower = [](char c) { return c >= 'a' && c <= 'z'; };
  const auto upper = [&](char c) { return is_lower(c) ? static_cast<char>(c - 'a' + 'A') : c; };
  if (is_file(written) && is_file(meant)) return file_cost(written - 'a', meant - 'a');
  if (is_rank(written) && is_rank(meant)) return rank_cost(written - '1', meant - '1');
  if ((is_upper(written) || is_lower(written)) && (is_upper(meant) || is_lower(meant))) {
    if (upper(written) == upper(meant)) return edit_case;
    if (is_upper(written) && is_upper(meant)) return letter_slip(written, meant);
  }
  // Castling with the letter O or the digit 0.
  if ((written == 'O' || written == 'o' || written == '0') && (meant == 'O' || meant == '0'))
    return edit_mark;
  return edit_substitute;
}

namespace {

// A symmetric pair: `a` written for `b` costs the same as `b` for `a`.
template <std::size_t N> void set_pair(std::array<std::array<float, N>, N>& table, int a, int b, float cost) {
  table[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = cost;
  table[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)] = cost;
}

template <std::size_t N> void fill_off_diagonal(std::array<std::array<float, N>, N>& table, float cost) {
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = 0; j < N; ++j) table[i][j] = i == j ? 0.0f : cost;
}

// The measured model. Every value is -ln of a frequency counted on the HCS
// labels by bench/hcs_confusions: the 97 pages (79 games) are reconstructed
// with the design's guesses (design.md: c/e, a/g, b/h, d/e, 3/5, 1/8, 6/7,
// 2/7 and mirrored ranks cheaper than other slips), the corrections counted
// on the 85 pages whose reconstruction is complete and costs less than 3
// nats a box (5816 plies, 5710 written boxes), and each value set to -ln of
// its frequency, rounded to a quarter nat. "n/N" is the count and what it
// is counted over. A second round from these values moves the slip costs
// by half a nat at most (bench/hcs_confusions --built-in); the costs of
// missing and extra boxes are not iterated further, because the hard
// counts then drift towards explaining slips as a missing move plus an
// extra box.
SlipCosts make_measured() {
  SlipCosts c;
  // --- spelling
  c.capture_mark_missing = 3.0f;  // 63/1185 captures written without x
  c.capture_mark_extra = 4.75f;   // 39/4525 non-captures written with x
  c.check_mark_missing = 0.0f;    // + is optional (FIDE C.13); not a departure
  c.check_mark_wrong = 5.5f;      // 24/5418 moves without check written with + or #
  c.rank_omitted_pawn = 2.5f;     // 29/345 pawn captures written exd
  c.rank_omitted_piece = 4.0f;    // "Rxf" never reads as a move in HCS (edit-distance text); a guess
  c.foreign_letter = 0.5f;        // not measurable on English sheets: a guess (an English N on an nb sheet)
  // An R on a French sheet is the king: a French writer who means the rook
  // writes T. Read as the English rook only at about the cost of a wrong
  // letter (a guess: with 0.5 here, French king moves read as rook moves
  // wherever a rook could go there).
  c.foreign_letter_clash = 4.0f;
  c.pawn_letter = 5.5f;            // 0/1590 outside descriptive captures; a guess
  c.descriptive_capture = 3.75f;   // 30/1185 captures written BxN, PxP
  c.en_passant_mark_wrong = 5.0f;  // too rare to count: like a wrong capture mark

  // --- files, ranks and letters written for one another, per pair of
  // characters (symmetric): -ln(slips of the pair / times either character
  // was needed). Pairs seen fewer than three times share the pooled "other".
  // Besides the design's look-alikes, neighbours (f/g, e/f, 4/5, 5/6) and
  // mirrored ranks (3/6, 2/7, 1/8) are common.
  fill_off_diagonal(c.file_slip, 7.0f);  // 11 slips over the rare pairs
  const auto file = [&c](char a, char b, float cost) { set_pair(c.file_slip, a - 'a', b - 'a', cost); };
  file('c', 'e', 4.0f);                   // 36
  file('b', 'h', 4.25f);                  // 13
  file('a', 'g', 4.5f);                   // 10
  file('a', 'c', 4.75f);                  // 11
  file('d', 'e', 4.75f);                  // 19
  file('f', 'g', 4.75f);                  // 13
  file('a', 'd', 5.0f);                   // 9
  file('c', 'g', 5.0f);                   // 10
  file('e', 'f', 5.25f);                  // 11
  file('f', 'h', 5.25f);                  // 8
  file('a', 'h', 5.5f);                   // 3
  file('c', 'd', 5.5f);                   // 9
  file('g', 'h', 5.5f);                   // 4
  file('a', 'e', 5.75f);                  // 4
  file('c', 'f', 5.75f);                  // 6
  file('b', 'f', 6.0f);                   // 4
  file('d', 'f', 6.0f);                   // 5
  file('d', 'g', 6.0f);                   // 4
  file('b', 'e', 6.25f);                  // 3
  fill_off_diagonal(c.rank_slip, 6.75f);  // 21 slips over the rare pairs
  const auto rank = [&c](char a, char b, float cost) { set_pair(c.rank_slip, a - '1', b - '1', cost); };
  rank('2', '7', 4.0f);          // 20, also the rank seen from the other side
  rank('1', '8', 4.5f);          // 7, also mirrored
  rank('4', '5', 4.5f);          // 22, also mirrored
  rank('3', '5', 4.75f);         // 17
  rank('3', '6', 4.75f);         // 14, mirrored
  rank('6', '7', 4.75f);         // 11
  rank('5', '6', 5.0f);          // 12
  rank('7', '8', 5.25f);         // 5
  rank('1', '7', 5.5f);          // 4
  rank('2', '8', 5.5f);          // 4
  rank('3', '4', 5.75f);         // 7
  rank('2', '3', 6.0f);          // 4
  rank('2', '4', 6.25f);         // 3
  c.piece_letter_other = 6.25f;  // 4 slips over the rare pairs
  for (auto& row : c.letter_pair) row.fill(c.piece_letter_other);
  const auto letter = [&c](char a, char b, float cost) { set_pair(c.letter_pair, a - 'A', b - 'A', cost); };
  letter('K', 'R', 4.0f);   // 23
  letter('B', 'R', 5.0f);   // 12
  letter('Q', 'R', 5.0f);   // 10
  letter('B', 'Q', 5.5f);   // 6
  letter('B', 'K', 5.75f);  // 4
  letter('B', 'N', 5.75f);  // 7
  letter('N', 'Q', 5.75f);  // 5
  letter('N', 'R', 6.25f);  // 4

  c.origin_extra = 0.0f;
  c.piece_letter_missing = 5.25f;    // 20/4120 piece moves without the letter
  c.letter_case = 6.0f;              // 14/5710 boxes with the letter small (bxc5 for Bxc5)
  c.captured_piece = 5.0f;           // too rare to count: about a wrong piece letter
  c.promotion_wrong = 3.0f;          // 13 promotions in HCS, none wrong: the design's guess
  c.promotion_missing_queen = 1.0f;  // FIDE 2023 §7.5.2 makes it a queen; a guess
  c.promotion_missing_other = 4.0f;
  c.promotion_extra = 5.0f;
  c.castling_side = 5.0f;           // 1/143 castlings
  c.castling_for_king_move = 5.0f;  // as likely as the wrong side
  c.castling_other = 9.0f;
  c.unreadable_char = 0.5f;  // a '?' stands for one character, any of a handful

  // --- text that is not a move: 87/5710 boxes; then each character edit
  // costs about what a slip of that character costs
  c.unparsed_base = 4.25f;
  c.edit_mark = 0.5f;
  c.edit_char = 3.0f;
  c.edit_substitute = 5.0f;
  c.edit_case = 2.0f;  // above the letter-case slip, which says more
  c.fallback_threshold = 5.5f;

  // --- the boxes and the plies
  c.unrecorded_played = 0.1f;   // a '-' box stands for a move: nearly certain
  c.unrecorded_skipped = 3.0f;  // ... for no move at all
  c.skip = 5.25f;               // 30/5740 boxes are not moves of the game
  // 11/71 boxes that say what their side's box a row or two up says are
  // not moves of the game (a row written twice: 034, 076, 104); a fixed
  // point of the count from 2.25 (from c.skip, none is passed over: the
  // box is read as some other move with a slip instead)
  c.skip_repeated = 1.75f;
  c.skip_behind = 2.5f;         // a box for a move already played: a repeated row; a guess
  // A new game from move 1 on a later row: one HCS page of 97 (060_0, a
  // game of 21 moves, then another from row 22). A guess below the prune
  // margin (15), which a state must be within to stay in the beam: the
  // game from the new start must read the boxes after it for about two
  // boxes passed over less than the game through the boxes before it.
  c.new_game = 10.0f;
  // A move written after the game ended in mate or stalemate is passed over
  // as above and costs as much again: nothing played later explains it. A
  // guess, that keeps the search from ending a game with an inserted mate
  // when written boxes are left (HCS 060_0 ended at ply 44 of 107 boxes,
  // 082_0 with four boxes left).
  c.written_after_game_over = 5.25f;
  c.crossed_out_played = 4.5f;  // about as likely as a box that is not a move of the game
  c.insert = 5.25f;             // 29/5816 moves not written where the numbering has no room
  c.insert_gap = 4.25f;         // 77/5816 moves not written, with their boxes missing
  c.insert_after_end = 0.25f;   // one copy stops, the other goes on: common in time trouble
  c.misplaced = 8.0f;           // 2/5710 boxes used for another ply than they claim
  c.misplaced_per_ply = 0.5f;
  return c;
}

}  // namespace

const SlipCosts& SlipCosts::measured() {
  static const SlipCosts costs = make_measured();
  return costs;
}

}  // namespace notera::reconstruct
