#include "notera/notation/resolve.hpp"

#include <array>

#include "notera/core/game_state.hpp"
#include "notera/notation/resolve_usual.hpp"

namespace notera::notation {

std::string_view to_string(Verdict v) {
  switch (v) {
    case Verdict::legal: return "legal";
    case Verdict::ambiguous: return "ambiguous";
    case Verdict::illegal: return "illegal";
    case Verdict::unclear: return "unclear";
  }
  return "unclear";
}

std::string_view to_string(IllegalReason r) {
  switch (r) {
    case IllegalReason::none: return "none";
    case IllegalReason::no_such_piece: return "no_such_piece";
    case IllegalReason::wrong_side: return "wrong_side";
    case IllegalReason::no_piece_reaches: return "no_piece_reaches";
    case IllegalReason::path_blocked: return "path_blocked";
    case IllegalReason::pinned: return "pinned";
    case IllegalReason::king_into_check: return "king_into_check";
    case IllegalReason::ignores_check: return "ignores_check";
    case IllegalReason::own_piece_on_square: return "own_piece_on_square";
    case IllegalReason::pawn_capture_on_empty: return "pawn_capture_on_empty";
    case IllegalReason::promotion_missing_rank: return "promotion_missing_rank";
    case IllegalReason::promotion_to_king: return "promotion_to_king";
    case IllegalReason::castling_no_right: return "castling_no_right";
    case IllegalReason::castling_blocked: return "castling_blocked";
    case IllegalReason::castling_in_check: return "castling_in_check";
    case IllegalReason::castling_through_check: return "castling_through_check";
    case IllegalReason::castling_into_check: return "castling_into_check";
    case IllegalReason::no_legal_moves: return "no_legal_moves";
  }
  return "none";
}

std::string_view warning_key(WrittenWarning w) {
  switch (w) {
    case warn_missing_capture_mark: return "warning.missing_capture_mark";
    case warn_capture_mark_no_capture: return "warning.capture_mark_no_capture";
    case warn_missing_check_mark: return "warning.missing_check_mark";
    case warn_wrong_check_mark: return "warning.wrong_check_mark";
    case warn_missing_mate_mark: return "warning.missing_mate_mark";
    case warn_wrong_mate_mark: return "warning.wrong_mate_mark";
    case warn_overspecified: return "warning.overspecified";
    case warn_missing_en_passant: return "warning.missing_en_passant";
    case warn_en_passant_no_capture: return "warning.en_passant_no_capture";
    case warn_foreign_letter: return "warning.foreign_letter";
    case warn_pawn_letter: return "warning.pawn_letter";
    case warn_rank_omitted: return "warning.rank_omitted";
    case warn_no_piece_letter: return "warning.no_piece_letter";
    case warn_descriptive_capture: return "warning.descriptive_capture";
    case warn_long_form: return "warning.long_form";
    case warn_promotion_mark: return "warning.promotion_mark";
    case warn_not_discovered_check: return "warning.not_discovered_check";
    case warn_not_double_check: return "warning.not_double_check";
    case warn_castling_as_king_move: return "warning.castling_as_king_move";
  }
  return "warning.unknown";
}

namespace {

// One way to read the written piece: a type, and the language that reads it so.
// No default member values: Readings leaves its slots unset until used
// (it is built at every move).
struct Reading {
  PieceType type;
  std::int8_t language;
  bool foreign;  // an English letter read in a game in another language
};

struct Readings {
  Reading items[8];
  int size = 0;
  void add(PieceType type, int language, bool foreign) {
    add(Reading{type, static_cast<std::int8_t>(language), foreign});
  }
  void add(Reading r) {
    for (int i = 0; i < size; ++i)
      if (items[i].type == r.type) return;
    if (size < 8) items[size++] = r;
  }
};

// The first language of `tier` (in index order: English, index 0, first)
// in which the letter means a piece, and that piece; none when no language
// of the tier has it. `from` skips the languages before it.
PieceType first_meaning(const LetterTable& letters, int letter, LanguageMask tier, int& language,
                        int from = 0) {
  for (int lang = from; lang < letters.language_count(); ++lang) {
    if (!(tier & letters.mask_of(lang))) continue;
    const PieceType t = letters.meaning(letter, lang);
    if (t == PieceType::none) continue;
    language = lang;
    return t;
  }
  return PieceType::none;
}

// The readings of a piece letter, best first. `primary` gets what the
// language says (or English for letters the language does not have);
// `secondary` the English meaning of a letter the language reads otherwise.
// In any language, `primary` gets the meanings of the first tier
// (ResolveOptions::preferred), or when it has none those of the others;
// so does a letter that means nothing in the language and English with
// ResolveOptions::other_languages.
void piece_readings(const LetterTable& letters, int letter, const ResolveOptions& options, Readings& primary,
                    Readings& secondary) {
  if (letters.is_figurine(letter)) {
    primary.add(letters.meaning(letter, 0), options.language, false);
    return;
  }
  if (options.language == ResolveOptions::any_language) {
    // The first tier (English first, then the reader's languages) alone
    // when it knows the letter; else every other language that has it.
    const LanguageMask first_tier = options.first_tier();
    for (const LanguageMask tier : {first_tier, ~first_tier}) {
      int lang = -1;
      for (PieceType t; (t = first_meaning(letters, letter, tier, lang, lang + 1)) != PieceType::none;)
        primary.add(t, lang, false);
      if (primary.size) return;
    }
    return;
  }
  const PieceType local = letters.meaning(letter, options.language);
  const PieceType english = letters.meaning(letter, LetterTable::english);
  if (local != PieceType::none) {
    primary.add(local, options.language, false);
    if (options.foreign_letters && english != PieceType::none && english != local)
      secondary.add(english, LetterTable::english, true);
  } else if (english != PieceType::none) {
    primary.add(english, LetterTable::english, options.language != LetterTable::english);
  } else if (options.other_languages) {
    int lang = -1;
    for (PieceType t;
         (t = first_meaning(letters, letter, ~options.first_tier(), lang, lang + 1)) != PieceType::none;)
      primary.add(t, lang, false);
  }
}

// The promotion piece as written in the language of the reading; with no
// language (a pawn move read in any language), in the first language of
// the first tier that has the letter, else of the others.
PieceType promotion_reading(const LetterTable& letters, int letter, int language, LanguageMask first_tier) {
  if (letters.is_figurine(letter)) return letters.meaning(letter, 0);
  if (language >= 0) {
    const PieceType t = letters.meaning(letter, language);
    if (t != PieceType::none) return t;
    // "d8B" in Norwegian: B is bonde there (LanguageInfo::pawn_taken), so
    // a promotion to a pawn (illegal, §3.7.5.1), not the English bishop.
    if (letters.taken_meaning(letter, language) == PieceType::pawn) return PieceType::pawn;
  } else {
    first_tier |= letters.mask_of(LetterTable::english);
    int lang = -1;
    for (const LanguageMask tier : {first_tier, ~first_tier})
      if (const PieceType t = first_meaning(letters, letter, tier, lang); t != PieceType::none) return t;
  }
  return letters.meaning(letter, LetterTable::english);
}

// The piece a capture names ("BxN"), as written in the language of the
// reading ("TxB" in Norwegian: a pawn, LanguageInfo::pawn_taken).
PieceType taken_reading(const LetterTable& letters, int letter, int language, LanguageMask first_tier) {
  const PieceType own = language >= 0 ? letters.taken_meaning(letter, language) : PieceType::none;
  return own != PieceType::none ? own : promotion_reading(letters, letter, language, first_tier);
}

Bitboard to_mask_of(const Position& pos, const WrittenMove& w, int language, const LetterTable& letters,
                    LanguageMask first_tier) {
  if (w.has_to_square()) return bb(w.to_square());
  if (w.to_file >= 0) return file_bb(w.to_file);  // "exd"
  if (w.captured.present()) {
    // "BxN": every square where an enemy piece of that type stands.
    const PieceType taken = taken_reading(letters, w.captured.letter, language, first_tier);
    Bitboard squares = pos.pieces(~pos.side_to_move(), taken);
    if (taken == PieceType::pawn && pos.ep_capturable()) squares |= bb(pos.ep_square());
    return squares;
  }
  return ~Bitboard{0};
}

// Keeps the moves from `first` on that fit what was written besides piece
// and squares: pawn moves that fit the written capture and promotion; of
// other pieces those from the written origin, the rest go to `rivals`.
// In place, in generation order.
void filter_candidates(const Position& pos, const WrittenMove& w, PieceType type, PieceType promotion,
                       MoveList& fits, int first, MoveList& rivals, Bitboard from_mask) {
  if (type != PieceType::pawn && from_mask == ~Bitboard{0}) return;  // "Nf3": all fit
  int kept = first;
  for (int i = first; i < fits.size(); ++i) {
    const Move m = fits[i];
    if (type == PieceType::pawn) {
      const bool capture = pos.is_capture(m);
      // Without a file of origin and without x, a pawn move is a push
      // ("e4", "d8D"); "xd5" and "exd" are captures.
      if (w.from_file < 0 && !w.capture && capture) continue;
      if ((w.capture || w.to_rank < 0) && !capture && !w.has_from_square()) continue;
      if (promotion != PieceType::none && m.promotion() != promotion) continue;
    }
    if (bb(m.from()) & from_mask)
      fits.set(kept++, m);
    else
      rivals.push(m);
  }
  fits.truncate(kept);
}

// The squares a piece of type t on s could reach on an empty board.
Bitboard reach_empty(PieceType t, Color c, Square s) {
  if (t == PieceType::pawn) {
    Bitboard pushes = pawn_push_bb(c, bb(s));
    if (rank_of(s) == relative_rank(c, 1)) pushes |= pawn_push_bb(c, pushes);
    return pushes | pawn_attacks(c, s);
  }
  return piece_attacks(t, s, 0);
}

// Why no piece of type t can make the written move: the most telling
// reason over all pieces that could have been meant.
IllegalReason diagnose(const Position& pos, PieceType t, Bitboard from_mask, Bitboard to_mask,
                       PieceType promotion) {
  const Color us = pos.side_to_move();
  const Bitboard ours = pos.pieces(us, t) & from_mask;
  if (!has_legal_move(pos)) return IllegalReason::no_legal_moves;
  if (!ours) {
    const Bitboard theirs = pos.pieces(~us, t) & from_mask;
    for (Bitboard b = theirs; b;) {
      const Square s = pop_lsb(b);
      if (reach_empty(t, ~us, s) & to_mask) return IllegalReason::wrong_side;
    }
    return IllegalReason::no_such_piece;
  }
  if (promotion == PieceType::king || promotion == PieceType::pawn) return IllegalReason::promotion_to_king;

  IllegalReason best = IllegalReason::no_piece_reaches;
  auto better = [&best](IllegalReason r) {
    // The more specific reasons win (lower rank = more telling).
    auto rank = [](IllegalReason x) {
      switch (x) {
        case IllegalReason::pinned: return 0;
        case IllegalReason::king_into_check: return 1;
        case IllegalReason::ignores_check: return 2;
        case IllegalReason::own_piece_on_square: return 3;
        case IllegalReason::path_blocked: return 4;
        case IllegalReason::pawn_capture_on_empty: return 5;
        case IllegalReason::promotion_missing_rank: return 6;
        default: return 9;
      }
    };
    if (rank(r) < rank(best)) best = r;
  };

  const Bitboard occupied = pos.pieces();
  for (Bitboard b = ours; b;) {
    const Square from = pop_lsb(b);
    Bitboard geometric = reach_empty(t, us, from) & to_mask;
    if (!geometric) continue;
    for (Bitboard g = geometric; g;) {
      const Square to = pop_lsb(g);
      Bitboard reachable;
      if (t == PieceType::pawn) {
        const bool diagonal = file_of(to) != file_of(from);
        if (diagonal) {
          const bool target = (pos.pieces(~us) & bb(to)) || (pos.ep_capturable() && to == pos.ep_square());
          if (!target) {
            better(pos.pieces(us) & bb(to) ? IllegalReason::own_piece_on_square
                                           : IllegalReason::pawn_capture_on_empty);
            continue;
          }
          reachable = bb(to);
        } else {
          if (between_bb(from, to) & occupied || (occupied & bb(to))) {
            better((pos.pieces(us) & bb(to)) ? IllegalReason::own_piece_on_square
                                             : IllegalReason::path_blocked);
            continue;
          }
          reachable = bb(to);
        }
        if (promotion != PieceType::none && rank_of(to) != relative_rank(us, 7)) {
          better(IllegalReason::promotion_missing_rank);
          continue;
        }
      } else {
        reachable = piece_attacks(t, from, occupied) & bb(to);
        if (!reachable) {
          better(IllegalReason::path_blocked);
          continue;
        }
      }
      if (pos.pieces(us) & bb(to)) {
        better(IllegalReason::own_piece_on_square);
        continue;
      }
      // Pseudo-legal, so it must leave the king in check.
      if (t == PieceType::king)
        better(IllegalReason::king_into_check);
      else if (pos.pinned() & bb(from) && !aligned(from, to, pos.king_square(us)))
        better(IllegalReason::pinned);
      else if (pos.in_check())
        better(IllegalReason::ignores_check);
      else
        better(IllegalReason::pinned);
    }
  }
  return best;
}

IllegalReason diagnose_castling(const Position& pos, CastlingSide side) {
  const Color us = pos.side_to_move();
  if (!has_legal_move(pos)) return IllegalReason::no_legal_moves;
  if (!pos.has_castling_right(us, side)) return IllegalReason::castling_no_right;
  if (pos.in_check()) return IllegalReason::castling_in_check;
  const Square king_from = pos.king_square(us);
  const Square rook_from = pos.castling_rook(us, side);
  const Square king_to = Position::castling_king_target(us, side);
  const Square rook_to = Position::castling_rook_target(us, side);
  const Bitboard movers = bb(king_from) | bb(rook_from);
  const Bitboard path =
      between_bb(king_from, king_to) | bb(king_to) | between_bb(rook_from, rook_to) | bb(rook_to);
  if (path & pos.pieces() & ~movers) return IllegalReason::castling_blocked;
  for (Bitboard crossed = between_bb(king_from, king_to); crossed;)
    if (pos.attacked_by(~us, pop_lsb(crossed), pos.pieces())) return IllegalReason::castling_through_check;
  return IllegalReason::castling_into_check;
}

void add_origin_warnings(const WrittenMove& w, Move m, PieceType type, const MoveList& rivals,
                         Resolution& r) {
  if (w.has_from_square()) {
    r.warnings |= warn_long_form;  // allowed from 2023 (FIDE C.8)
    return;
  }
  // A pawn capture needs its file; a piece needs an origin only when another
  // piece of its kind can go to the same square.
  if (type == PieceType::pawn || (w.from_file < 0 && w.from_rank < 0)) return;
  for (Move other : rivals)
    if (other.to() == m.to()) return;
  r.warnings |= warn_overspecified;
}

// The inaccuracies in how the accepted move r.move was written, as warnings.
void judge_accepted(const Position& pos, const WrittenMove& w, const LetterTable& letters,
                    const Reading& used, Resolution& r) {
  const Move m = r.move;
  if (used.foreign) r.warnings |= warn_foreign_letter;
  if (w.kind == WrittenKind::piece && used.type == PieceType::pawn && !letters.is_figurine(w.piece.letter))
    r.warnings |= warn_pawn_letter;
  const bool capture = pos.is_capture(m);
  if (capture && !w.capture) r.warnings |= warn_missing_capture_mark;
  if (!capture && w.capture) r.warnings |= warn_capture_mark_no_capture;
  if (m.is_en_passant() && !w.en_passant) r.warnings |= warn_missing_en_passant;
  if (!m.is_en_passant() && w.en_passant) r.warnings |= warn_en_passant_no_capture;
  if (w.kind == WrittenKind::no_letter && w.to_rank < 0 && !w.captured.present())
    r.warnings |= warn_rank_omitted;
  if (w.captured.present()) r.warnings |= warn_descriptive_capture;
  if (w.promotion_mark) r.warnings |= warn_promotion_mark;
  add_origin_warnings(w, m, used.type, r.rivals, r);
}

// The one fitting move (r.candidates[0]) read as `used` is the verdict:
// the inaccuracies in how it was written become warnings (when asked for).
// Inline: every move ends here, and judging is rare.
inline void accept(const Position& pos, const WrittenMove& w, const LetterTable& letters, const Reading& used,
                   bool judge, Resolution& r) {
  r.piece = used.type;
  r.language = used.language;
  r.verdict = Verdict::legal;
  r.move = r.candidates[0];
  if (judge) judge_accepted(pos, w, letters, used, r);
}

}  // namespace

namespace {

// The kinds with no piece to find: nothing read, a null move, castling.
// True when `w` is one of them, with the verdict in `r`.
bool resolve_without_piece(const Position& pos, const WrittenMove& w, Resolution& r) {
  switch (w.kind) {
    case WrittenKind::none: return true;  // unclear
    case WrittenKind::null_move:
      // A null move ("--", analysis only) in check would leave the king to
      // be taken: the game would go on from an impossible position.
      if (pos.in_check()) {
        r.verdict = Verdict::illegal;
        r.reason = IllegalReason::ignores_check;
        r.piece = PieceType::king;
        return true;
      }
      r.verdict = Verdict::legal;
      r.move = Move::null();
      r.candidates.push(r.move);
      return true;
    case WrittenKind::castle_short:
    case WrittenKind::castle_long: {
      const CastlingSide side =
          w.kind == WrittenKind::castle_short ? CastlingSide::king_side : CastlingSide::queen_side;
      r.piece = PieceType::king;
      if (castling_is_legal(pos, side)) {
        r.verdict = Verdict::legal;
        r.move = pos.castling_move(pos.side_to_move(), side);
        r.candidates.push(r.move);
      } else {
        r.verdict = Verdict::illegal;
        r.reason = diagnose_castling(pos, side);
      }
      return true;
    }
    case WrittenKind::piece:
    case WrittenKind::no_letter: break;
  }
  return false;
}

// Castling written as the king's move, in the long form: as engines write
// it, king to its castling square (e1g1) or king takes own rook (e1h1,
// Chess960), and as players write it with the king's letter (Ke1-g1,
// Ke1g1; castling is a move of the king, FIDE §3.8.2). True when `w` is
// that, with the verdict in `r`: legal with `warning`, or, for the king's
// letter, illegal with the castling's reason when castling is not legal
// now (the king can never move two squares otherwise).
bool resolve_long_castling(const Position& pos, const WrittenMove& w, const ResolveOptions& options,
                           std::uint32_t warning, Resolution& r) {
  const Color us = pos.side_to_move();
  if (!w.has_from_square() || !w.has_to_square() || w.from_square() != pos.king_square(us)) return false;
  for (CastlingSide side : {CastlingSide::king_side, CastlingSide::queen_side}) {
    const Move castling = pos.castling_move(us, side);
    if (castling == Move::none()) continue;
    const bool king_form = Position::castling_king_target(us, side) == w.to_square() &&
                           !(king_attacks(w.from_square()) & bb(w.to_square()));
    if (castling.to() != w.to_square() && !king_form) continue;
    r.piece = PieceType::king;
    if (castling_is_legal(pos, side)) {
      r.verdict = Verdict::legal;
      r.move = castling;
      r.candidates.push(castling);
      if (options.warnings) r.warnings |= warning;
      return true;
    }
    if (warning == warn_castling_as_king_move && king_form) {
      r.verdict = Verdict::illegal;
      if (options.reasons) r.reason = diagnose_castling(pos, side);
      return true;
    }
  }
  return false;
}

// UCI castling (e1g1, e1h1): resolve_long_castling for a move with no letter.
bool resolve_uci_castling(const Position& pos, const WrittenMove& w, const ResolveOptions& options,
                          Resolution& r) {
  return w.kind == WrittenKind::no_letter && resolve_long_castling(pos, w, options, warn_no_piece_letter, r);
}

// A move written the usual way ("Nf3", "Nbd7", "exd5", "e4"): when one
// legal move fits it, resolve_usual() finds it; when none or several do
// and the move has one plain reading, the moves that fit that reading give
// the verdict the general path would give (its only reading is this one,
// with the same moves, the same rivals and, when none fits, the same
// reason), found without it. True when `w` was such a move. Nothing fits a
// box's reading in most of the positions a reconstruction asks about.
bool resolve_plain(const Position& pos, const WrittenMove& w, const LetterTable& letters,
                   const ResolveOptions& options, Resolution& r) {
  UsualMove usual;
  // Castling is resolve_without_piece's, which reads it in no language.
  if (w.is_castling()) return false;
  const Reading plain{plain_piece(w, letters, options), static_cast<std::int8_t>(options.language), false};
  if (resolve_usual(pos, w, options, usual)) {
    r.candidates.push(usual.move);
    for (Bitboard rivals = usual.rivals; rivals;) r.rivals.push(Move(pop_lsb(rivals), usual.move.to()));
    accept(pos, w, letters, Reading{usual.piece, plain.language, false}, options.warnings, r);
    return true;
  }
  // Not the usual move, but one plain reading: the moves that fit it
  // (resolve_usual() has seen already when there are none).
  if (plain.type == PieceType::none) return false;
  const Bitboard from_mask = from_mask_of(w);
  if (!usual.none_fits) {
    detail::moves_to_square(pos, r.candidates, plain.type, w.to_square(),
                            plain.type == PieceType::pawn ? from_mask : ~Bitboard{0});
    filter_candidates(pos, w, plain.type, PieceType::none, r.candidates, 0, r.rivals, from_mask);
    if (r.candidates.size() == 1) {
      accept(pos, w, letters, plain, options.warnings, r);
      return true;
    }
  }
  r.piece = plain.type;
  r.language = plain.language;
  if (r.candidates.empty()) {
    r.verdict = Verdict::illegal;
    r.rivals.clear();
    if (options.reasons) r.reason = diagnose(pos, plain.type, from_mask, bb(w.to_square()), PieceType::none);
  } else {
    r.verdict = Verdict::ambiguous;
  }
  return true;
}

// The moves one reading allows: those that fit the written origin go to
// `fits`, other moves of that piece type to the same squares to `rivals`.
// `first_tier`: ResolveOptions::first_tier(), for a promotion piece read
// in any language.
void generate_reading(const Position& pos, const WrittenMove& w, const LetterTable& letters,
                      const Reading& reading, LanguageMask first_tier, Bitboard from_mask, MoveList& fits,
                      MoveList& rivals) {
  const PieceType promotion =
      w.promotion.present() ? promotion_reading(letters, w.promotion.letter, reading.language, first_tier)
                            : PieceType::none;
  MoveFilter filter;
  filter.piece_types = piece_type_bit(reading.type);
  filter.castling = false;
  if (reading.type == PieceType::pawn) filter.from = from_mask;  // pawn rivals are not SAN rivals
  const int first = fits.size();
  const auto generate = [&](Bitboard to) {
    filter.to = to;
    if (filter.to && !more_than_one(filter.to))  // a written square: almost always
      generate_to_square(pos, fits, reading.type, lsb(filter.to), filter.from);
    else
      generate_legal(pos, fits, filter);
    filter_candidates(pos, w, reading.type, promotion, fits, first, rivals, from_mask);
  };
  generate(to_mask_of(pos, w, reading.language, letters, first_tier));
  // "SxB" on a Norwegian sheet where no pawn can be taken: B is the
  // English bishop, as for a letter the language does not have.
  if (fits.size() == first && w.captured.present() && reading.language >= 0 &&
      letters.meaning(w.captured.letter, reading.language) == PieceType::none &&
      letters.taken_meaning(w.captured.letter, reading.language) == PieceType::pawn)
    generate(to_mask_of(pos, w, LetterTable::english, letters, first_tier));
}

// The distinct moves that fit the readings of the first pass that has any
// (the primary readings, else the secondary), into r.candidates; returns
// the reading of the first move found.
Reading find_candidates(const Position& pos, const WrittenMove& w, const LetterTable& letters,
                        const Readings& primary, const Readings& secondary, LanguageMask first_tier,
                        Bitboard from_mask, Resolution& r) {
  MoveList& found = r.candidates;
  Reading used{PieceType::none, -1, false};
  for (const Readings* pass : {&primary, &secondary}) {
    if (pass->size == 1) {  // the usual case: straight into the result
      if (pass->items[0].type == PieceType::none) continue;
      generate_reading(pos, w, letters, pass->items[0], first_tier, from_mask, found, r.rivals);
      used = pass->items[0];
    } else {
      for (int i = 0; i < pass->size; ++i) {
        const Reading reading = pass->items[i];
        if (reading.type == PieceType::none) continue;
        MoveList fits, rivals;
        generate_reading(pos, w, letters, reading, first_tier, from_mask, fits, rivals);
        for (Move m : fits) {
          if (found.contains(m)) continue;
          found.push(m);
          if (found.size() == 1) {
            used = reading;
            r.rivals = rivals;
          }
        }
      }
    }
    if (!found.empty()) break;
    r.rivals.clear();
  }
  return used;
}

}  // namespace

Resolution resolve(const Position& pos, const WrittenMove& w, const ResolveOptions& options) {
  Resolution r;
  const LetterTable& letters = LetterTable::instance();
  const Color us = pos.side_to_move();
  if (resolve_without_piece(pos, w, r) || resolve_uci_castling(pos, w, options, r) ||
      resolve_plain(pos, w, letters, options, r))
    return r;

  // The piece types the text can mean, best first.
  Readings primary, secondary;
  if (w.kind == WrittenKind::piece) {
    piece_readings(letters, w.piece.letter, options, primary, secondary);
    // "BxL" on a Norwegian sheet: B (bonde) is the pawn that takes, as in
    // "TxB" it is the pawn taken (LanguageInfo::pawn_taken); the English
    // bishop only where no pawn takes such a piece.
    if (w.captured.present() && options.language >= 0 &&
        letters.meaning(w.piece.letter, options.language) == PieceType::none &&
        letters.taken_meaning(w.piece.letter, options.language) == PieceType::pawn) {
      secondary = primary;
      primary = Readings{};
      primary.add(PieceType::pawn, options.language, false);
    }
  } else if (w.has_from_square() && !pos.empty(w.from_square()) &&
             color_of(pos.piece_on(w.from_square())) == us &&
             type_of(pos.piece_on(w.from_square())) != PieceType::pawn) {
    // Long form without a letter ("g1f3", as UCI writes): the piece there.
    primary.add(type_of(pos.piece_on(w.from_square())), options.language, false);
    if (options.warnings) r.warnings |= warn_no_piece_letter;
  } else {
    primary.add(PieceType::pawn, options.language, false);
  }

  // "Ke1-g1": castling, when the letter is read as the king.
  if (w.kind == WrittenKind::piece && primary.size && primary.items[0].type == PieceType::king &&
      resolve_long_castling(pos, w, options, warn_castling_as_king_move, r)) {
    r.language = primary.items[0].language;
    return r;
  }
  const Bitboard from_mask = from_mask_of(w);
  const Reading used =
      find_candidates(pos, w, letters, primary, secondary, options.first_tier(), from_mask, r);
  if (r.candidates.empty()) {
    // Why nothing fits, for the first reading.
    r.verdict = Verdict::illegal;
    const Reading first = primary.size ? primary.items[0] : Reading{PieceType::none, -1, false};
    r.piece = first.type;
    r.language = first.language;
    const PieceType promotion =
        w.promotion.present()
            ? promotion_reading(letters, w.promotion.letter, first.language, options.first_tier())
            : PieceType::none;
    if (!options.reasons) return r;
    r.reason = first.type == PieceType::none
                   ? IllegalReason::no_such_piece
                   : diagnose(pos, first.type, from_mask,
                              to_mask_of(pos, w, first.language, letters, options.first_tier()), promotion);
    return r;
  }
  if (r.candidates.size() > 1) {
    r.piece = used.type;
    r.language = used.language;
    r.verdict = Verdict::ambiguous;
    return r;
  }
  accept(pos, w, letters, used, options.warnings, r);
  return r;
}

CheckKind check_kind_of(const Position& after, Move played) {
  const Bitboard checkers = after.checkers();
  if (!checkers || played == Move::none()) return CheckKind::any;
  if (more_than_one(checkers)) return CheckKind::double_check;
  // The square of the piece that moved, as it stands now: the rook's after
  // castling (the king never gives check).
  const Color mover = ~after.side_to_move();
  const Square moved_to = played.is_castling()
                              ? Position::castling_rook_target(mover, Position::castling_side_of(played))
                              : played.to();
  return (checkers & ~bb(moved_to)) ? CheckKind::discovered : CheckKind::any;
}

std::uint32_t judge_check_marks(const Position& after, const WrittenMove& w, Move played) {
  if (!after.in_check()) {
    if (w.check == WrittenCheck::check) return warn_wrong_check_mark;
    if (w.check == WrittenCheck::mate) return warn_wrong_mate_mark;
    return 0;
  }
  const bool mate = !has_legal_move(after);
  if (mate) return w.check == WrittenCheck::mate ? 0u : static_cast<std::uint32_t>(warn_missing_mate_mark);
  if (w.check == WrittenCheck::none) return warn_missing_check_mark;
  if (w.check == WrittenCheck::mate) return warn_wrong_mate_mark;
  if (w.check_kind != CheckKind::any && played != Move::none() &&
      !check_kind_fits(w.check_kind, check_kind_of(after, played)))
    return w.check_kind == CheckKind::discovered ? warn_not_discovered_check : warn_not_double_check;
  return 0;
}

namespace {

std::string square_name(Square s) { return {file_char(file_of(s)), rank_char(rank_of(s))}; }

}  // namespace

IllegalReason diagnose_illegal(const Position& pos, PieceType type, Bitboard from_mask, Bitboard to_mask,
                               PieceType promotion) {
  return diagnose(pos, type, from_mask, to_mask, promotion);
}

IllegalReason diagnose_illegal_castling(const Position& pos, CastlingSide side) {
  return diagnose_castling(pos, side);
}

Message illegal_message(const Position& pos, const WrittenMove& w, const Resolution& r) {
  // "NxQ" names no square: the square of the one piece named, or, where
  // no piece of the mover reaches one, what is named cannot be taken.
  std::string square;
  Bitboard targets = 0;
  if (w.has_to_square()) {
    square = square_name(w.to_square());
  } else if (w.captured.present()) {
    targets = to_mask_of(pos, w, r.language, LetterTable::instance(), 0);
    if (targets && !more_than_one(targets)) square = square_name(lsb(targets));
  }
  const bool names_taken =
      square.empty() && w.captured.present() && r.reason == IllegalReason::no_piece_reaches;
  Message m(names_taken ? std::string("illegal.no_piece_takes")
                        : std::string("illegal.") + std::string(to_string(r.reason)));
  m.with("piece", r.piece == PieceType::none ? std::string_view("piece") : name_of(r.piece));
  m.with("side", pos.side_to_move() == Color::white ? "white" : "black");
  m.with("square", square);
  if (names_taken) {
    const PieceType taken = taken_reading(LetterTable::instance(), w.captured.letter, r.language, 0);
    m.with("taken", taken == PieceType::none ? std::string_view("piece") : name_of(taken));
    m.with("count", targets ? 2 : 0);
  }
  return m;
}

}  // namespace notera::notation
