// Resolving written moves in positions: one legal and one ambiguous case
// per language (table-driven over every language in the bundles), every
// illegal reason, and the warnings for accepted inaccuracies.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "notera/core/fen.hpp"
#include "notera/core/uci.hpp"
#include "notera/locale/messages.hpp"
#include "notera/notation/judge.hpp"
#include "notera/notation/laws.hpp"
#include "notera/notation/read_move.hpp"
#include "support/position.hpp"

using namespace notera;

namespace {

using test::position;

int lang(const char* code) {
  const int i = notation::LetterTable::instance().language_index(code);
  REQUIRE_MESSAGE(i >= 0, code);
  return i;
}

notation::Resolution resolve_text(const Position& pos, const std::string& text, int language,
                                  bool foreign = true) {
  notation::ResolveOptions options;
  options.language = language;
  options.foreign_letters = foreign;
  const notation::MoveReading r = read_and_resolve(pos, text, options);
  REQUIRE_MESSAGE(r.read.ok, text);
  return r.resolution;
}

std::string uci_of(const Position& pos, const notation::Resolution& r) { return to_uci(pos, r.move); }

// Every piece of White can go to f3 here: K g2, Q d1, R f1, B h5, N d2.
const char* every_piece_to_f3 = "r2q1rk1/pb1n1pp1/1p2p2p/2pp3B/3P4/2P1P1P1/PP1N2KP/R1BQ1R2 w - - 0 14";
// Two knights reach f3 (FIDE C.10).
const char* two_knights = "4k3/pp3ppp/8/8/8/8/PP3PPP/1K2N1N1 w - - 0 30";

}  // namespace

TEST_CASE("resolve: each language's letters, legal and ambiguous") {
  const notation::LetterTable& letters = notation::LetterTable::instance();
  const Position pos = position(every_piece_to_f3);
  const Position knights = position(two_knights);
  const struct {
    PieceType type;
    const char* uci;
  } expected[] = {{PieceType::king, "g2f3"},
                  {PieceType::queen, "d1f3"},
                  {PieceType::rook, "f1f3"},
                  {PieceType::bishop, "h5f3"},
                  {PieceType::knight, "d2f3"}};
  REQUIRE(letters.language_count() >= 10);
  for (int l = 0; l < letters.language_count(); ++l) {
    const notation::LanguageInfo& info = letters.language(l);
    CAPTURE(info.code);
    for (const auto& e : expected) {
      const std::string text = info.written[static_cast<std::size_t>(index(e.type))] + "f3";
      CAPTURE(text);
      const notation::Resolution r = resolve_text(pos, text, l);
      CHECK(r.verdict == notation::Verdict::legal);
      CHECK(uci_of(pos, r) == e.uci);
      CHECK((r.warnings & notation::warn_foreign_letter) == 0);
    }
    const std::string knight = info.written[static_cast<std::size_t>(index(PieceType::knight))] + "f3";
    const notation::Resolution amb = resolve_text(knights, knight, l);
    CHECK(amb.verdict == notation::Verdict::ambiguous);
    CHECK(amb.candidates.size() == 2);
  }
}

TEST_CASE("resolve: English letters in a local game, and where they clash") {
  const Position pos = position(every_piece_to_f3);
  notation::Resolution r = resolve_text(pos, "Nf3", lang("nb"));
  CHECK(r.verdict == notation::Verdict::legal);
  CHECK(uci_of(pos, r) == "d2f3");
  CHECK((r.warnings & notation::warn_foreign_letter) != 0);
  // French R is the king (roi), not the rook.
  r = resolve_text(pos, "Rf3", lang("fr"));
  CHECK(uci_of(pos, r) == "g2f3");
  // German B is a pawn; no pawn can go to f3 here, so lenient reading falls
  // back to the English bishop, strict reading says illegal.
  r = resolve_text(pos, "Bf3", lang("de"));
  CHECK(r.verdict == notation::Verdict::legal);
  CHECK(uci_of(pos, r) == "h5f3");
  CHECK((r.warnings & notation::warn_foreign_letter) != 0);
  r = resolve_text(pos, "Bf3", lang("de"), false);
  CHECK(r.verdict == notation::Verdict::illegal);
}

TEST_CASE("resolve: language not given - every reading") {
  const Position pos = position(every_piece_to_f3);
  notation::ResolveOptions any;
  any.language = notation::ResolveOptions::any_language;
  // English letters first (FIDE's international form).
  notation::MoveReading r = read_and_resolve(pos, "Nf3", any);
  CHECK(r.resolution.verdict == notation::Verdict::legal);
  CHECK(to_uci(pos, r.resolution.move) == "d2f3");
  r = read_and_resolve(pos, "♘f3", any);
  CHECK(to_uci(pos, r.resolution.move) == "d2f3");
}

TEST_CASE("resolve: any language reads the first tier alone when it knows the letter") {
  notation::ResolveOptions any;
  any.language = notation::ResolveOptions::any_language;
  // No king reaches f3 or h4: K is the English king, illegal, never the
  // Bulgarian knight (a Latin K typed for К) nor the Turkish rook (kale).
  const Position knight = position("4k3/7p/8/8/8/8/8/4K1N1 w - - 0 40");
  notation::MoveReading r = read_and_resolve(knight, "Kf3", any);
  CHECK(r.resolution.verdict == notation::Verdict::illegal);
  CHECK(r.resolution.piece == PieceType::king);
  const Position rook = position("4k3/7p/8/8/8/8/8/4K2R w - - 0 40");
  r = read_and_resolve(rook, "Kh4", any);
  CHECK(r.resolution.verdict == notation::Verdict::illegal);
  // A letter the first tier does not know is read in the others: the
  // Cyrillic К.
  r = read_and_resolve(knight, "Кf3", any);
  CHECK(r.resolution.verdict == notation::Verdict::legal);
  CHECK(to_uci(knight, r.resolution.move) == "g1f3");

  // S means nothing in English: a knight (nb, sv, da, de, ...), a bishop
  // (cs, sk), a king (tr), each one legal move: the reading depends on the
  // writer's notation, not an ambiguity of what was written.
  const Position open = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  r = read_and_resolve(open, "Se2", any);
  CHECK(r.resolution.verdict == notation::Verdict::ambiguous);
  CHECK(r.resolution.candidates.size() == 3);
  REQUIRE(r.depends_on_language());
  CHECK(r.by_language.size() == 3);
  for (const notation::LanguageReading& reading : r.by_language) CHECK(reading.moves.size() == 1);
  const auto knights = std::find_if(r.by_language.begin(), r.by_language.end(),
                                    [](const auto& reading) { return reading.piece == PieceType::knight; });
  REQUIRE(knights != r.by_language.end());
  CHECK((knights->languages & notation::LetterTable::instance().mask_of(lang("nb"))) != 0);
  CHECK(notation::language_readings_list(open, r.by_language, lang("nb"))
            .find("Se2 (da, de, hr, nb, nn, pl, sv)") != std::string::npos);
  // With Norwegian in the first tier, S is the knight there, and only there.
  notation::ResolveOptions norwegian = any;
  norwegian.preferred = notation::LetterTable::instance().mask_of(lang("nb"));
  r = read_and_resolve(open, "Se2", norwegian);
  CHECK(r.resolution.verdict == notation::Verdict::legal);
  CHECK(to_uci(open, r.resolution.move) == "g1e2");
  CHECK_FALSE(r.depends_on_language());

  // Ambiguous in every notation that has legal moves for it: a true ambiguity.
  const Position rooks = position("r4rk1/pp2qppp/2n1bn2/2pp4/3P4/2N1PN2/PPQ1BPPP/R4RK1 w - - 0 12");
  r = read_and_resolve(rooks, "Td1", any);
  CHECK(r.resolution.verdict == notation::Verdict::ambiguous);
  CHECK_FALSE(r.depends_on_language());
}

TEST_CASE("resolve: a promotion to B in Norwegian is to a pawn (bonde), not the English bishop") {
  const Position pos = position("8/3P1k2/8/8/8/8/5K2/8 w - - 0 50");
  notation::Resolution r = resolve_text(pos, "d8B", lang("nb"));
  CHECK(r.verdict == notation::Verdict::illegal);
  CHECK(r.reason == notation::IllegalReason::promotion_to_king);
  r = resolve_text(pos, "d8L", lang("nb"));
  CHECK(to_uci(pos, r.move) == "d7d8b");
  r = resolve_text(pos, "d8=B", lang("en"));
  CHECK(to_uci(pos, r.move) == "d7d8b");
}

TEST_CASE("resolve: FIDE C.10 disambiguation") {
  const Position pos = position(two_knights);
  CHECK(uci_of(pos, resolve_text(pos, "Sgf3", lang("nb"))) == "g1f3");
  CHECK(uci_of(pos, resolve_text(pos, "Sef3", lang("nb"))) == "e1f3");
  const Position ranks = position("4k3/pp3ppp/8/6N1/8/8/PP3P1P/1K4N1 w - - 0 30");
  CHECK(uci_of(ranks, resolve_text(ranks, "S5f3", lang("nb"))) == "g5f3");
  CHECK(uci_of(ranks, resolve_text(ranks, "S1f3", lang("nb"))) == "g1f3");
  CHECK(resolve_text(ranks, "Sgf3", lang("nb")).verdict == notation::Verdict::ambiguous);
}

TEST_CASE("resolve: pawns - short forms, rank-less captures, e.p., promotion") {
  const Position p = position("rnbqkb1r/pppp1ppp/5n2/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3");
  for (const char* text : {"exd4", "ed4", "e:d4", "exd", "ed"}) {
    CAPTURE(text);
    const notation::Resolution r = resolve_text(p, text, lang("nb"));
    CHECK(r.verdict == notation::Verdict::legal);
    CHECK(uci_of(p, r) == "e5d4");
  }
  CHECK((resolve_text(p, "ed4", lang("nb")).warnings & notation::warn_missing_capture_mark) != 0);
  CHECK((resolve_text(p, "ed", lang("nb")).warnings & notation::warn_rank_omitted) != 0);

  const Position ep = position("rnbqkb1r/ppp2ppp/8/3pP3/3Qn3/5N2/PPP2PPP/RNB1KB1R w KQkq d6 0 6");
  notation::Resolution r = resolve_text(ep, "exd6 e.p.", lang("nb"));
  CHECK(uci_of(ep, r) == "e5d6");
  CHECK(r.move.is_en_passant());
  CHECK((r.warnings & notation::warn_missing_en_passant) == 0);
  r = resolve_text(ep, "exd6", lang("nb"));
  CHECK((r.warnings & notation::warn_missing_en_passant) != 0);

  const Position promo = position("5r2/3PP2k/8/6p1/8/6P1/5PK1/8 w - - 0 52");
  CHECK(uci_of(promo, resolve_text(promo, "d8D", lang("nb"))) == "d7d8q");
  CHECK(uci_of(promo, resolve_text(promo, "exf8S", lang("nb"))) == "e7f8n");
  CHECK(uci_of(promo, resolve_text(promo, "e8=Q", lang("en"))) == "e7e8q");
  r = resolve_text(promo, "d8", lang("nb"));
  CHECK(r.verdict == notation::Verdict::ambiguous);
  CHECK(r.candidates.size() == 4);
  // Two pawns can take on d5.
  const Position two = position("rnbqkb1r/pppp1ppp/8/3np3/2P1P3/3P4/PP3PPP/RNBQKBNR w KQkq - 1 4");
  CHECK(resolve_text(two, "xd5", lang("nb")).verdict == notation::Verdict::ambiguous);
  CHECK(uci_of(two, resolve_text(two, "cxd5", lang("nb"))) == "c4d5");
}

TEST_CASE("resolve: descriptive captures from real sheets") {
  // Bishop g5 takes the knight f6; the only bishop capture of a knight.
  const Position pos = position("rnbqkb1r/ppp2ppp/4pn2/3p2B1/3P4/2N5/PPP1PPPP/R2QKBNR w KQkq - 0 4");
  notation::Resolution r = resolve_text(pos, "BxN", lang("en"));
  CHECK(r.verdict == notation::Verdict::legal);
  CHECK(uci_of(pos, r) == "g5f6");
  CHECK((r.warnings & notation::warn_descriptive_capture) != 0);
  r = resolve_text(pos, "LxS", lang("nb"));
  CHECK(uci_of(pos, r) == "g5f6");
  // Norwegian, Danish and Swedish sheets name a pawn taken B (bonde),
  // though their moves have no pawn letter: the knight c6 takes d4.
  const Position pawn = position("r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3");
  for (const char* code : {"nb", "nn", "da", "sv", "de"}) {
    CAPTURE(code);
    CHECK(uci_of(pawn, resolve_text(pawn, "SxB", lang(code))) == "c6d4");
  }
  // The pawn that takes is B too: "BxB", the pawn e5 takes the pawn d4.
  for (const char* code : {"nb", "nn", "da", "sv"}) {
    CAPTURE(code);
    CHECK(uci_of(pawn, resolve_text(pawn, "BxB", lang(code))) == "e5d4");
  }
  // Where no pawn can be taken, B is the English bishop (the knight f3
  // takes the bishop g5).
  const Position bishop = position("rn1qkbnr/ppp1pppp/8/3p2b1/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 3");
  CHECK(uci_of(bishop, resolve_text(bishop, "SxB", lang("nb"))) == "f3g5");
  // In English B is a bishop, and no knight of Black's can take one; the
  // message names the piece, as there is no square to name.
  const locale::Messages messages("en");
  const auto why = [&](const char* text, const char* code) {
    notation::ResolveOptions options;
    options.language = lang(code);
    const notation::MoveReading m = read_and_resolve(pawn, text, options);
    REQUIRE(m.resolution.verdict == notation::Verdict::illegal);
    return messages.format(notation::illegal_message(pawn, m.read.move, m.resolution));
  };
  CHECK(why("NxB", "en") == "no knight of the side to move can take a bishop");
  CHECK(why("NxQ", "en") == "no knight of the side to move can go to d1");  // one queen: its square
  CHECK(why("BxN", "en") == "no bishop of the side to move can take a knight");
  CHECK(why("KxR", "en").find("can take a rook") != std::string::npos);
  const Position bare = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  notation::ResolveOptions options;
  options.language = lang("en");
  const notation::MoveReading m = read_and_resolve(bare, "RxN", options);
  CHECK(messages.format(notation::illegal_message(bare, m.read.move, m.resolution)) ==
        "the other side has no knight to take");
}

TEST_CASE("resolve: every illegal reason") {
  const Position pos = position(every_piece_to_f3);
  struct Case {
    const char* fen;
    const char* text;
    const char* language;
    notation::IllegalReason reason;
  } cases[] = {
      {every_piece_to_f3, "Dd3", "nb", notation::IllegalReason::path_blocked},
      {"3r2k1/pp3pp1/8/7p/3N4/8/PP3P1N/3K4 w - - 0 30", "Se6", "nb", notation::IllegalReason::pinned},
      {"5rk1/1R4pp/8/8/8/6P1/5PKP/8 w - - 0 35", "Kf3", "nb", notation::IllegalReason::king_into_check},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Sf3", "nb", notation::IllegalReason::no_such_piece},
      {"4k3/8/8/8/8/8/6n1/4K3 w - - 0 1", "Sf4", "nb", notation::IllegalReason::wrong_side},
      {"4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "Sg4", "nb", notation::IllegalReason::no_piece_reaches},
      {"4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1", "Se2", "nb", notation::IllegalReason::own_piece_on_square},
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "exd3", "nb", notation::IllegalReason::pawn_capture_on_empty},
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e3D", "nb", notation::IllegalReason::promotion_missing_rank},
      {"4k3/8/8/8/8/8/8/r3K2R w K - 0 1", "Ke2", "nb", notation::IllegalReason::none},  // legal (check below)
      {"4k3/8/8/8/8/8/8/R3K2R w K - 0 1", "0-0-0", "nb", notation::IllegalReason::castling_no_right},
      {"4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "0-0-0", "nb", notation::IllegalReason::castling_blocked},
      {"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "0-0", "nb", notation::IllegalReason::castling_in_check},
      {"rn1qkbnr/ppp2ppp/3p4/4p3/2b1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5", "0-0", "nb",
       notation::IllegalReason::castling_through_check},
      {"4k3/8/8/8/8/8/7b/R3K2R w KQ - 0 1", "0-0", "nb", notation::IllegalReason::castling_into_check},
      {"4k3/8/8/8/8/8/4r3/4K1N1 w - - 0 1", "Sh3", "nb", notation::IllegalReason::ignores_check},
      {"6k1/5ppp/8/8/8/1Q6/5PPP/4r1K1 w - - 0 30", "h3", "nb", notation::IllegalReason::no_legal_moves},
  };
  (void)pos;
  for (const Case& c : cases) {
    CAPTURE(c.fen);
    CAPTURE(c.text);
    const Position p = position(c.fen);
    const notation::Resolution r = resolve_text(p, c.text, lang(c.language));
    if (c.reason == notation::IllegalReason::none) {
      CHECK(r.verdict == notation::Verdict::legal);
      continue;
    }
    CHECK(r.verdict == notation::Verdict::illegal);
    CHECK(to_string(r.reason) == to_string(c.reason));
  }
}

TEST_CASE("resolve: pinned piece does not make a move ambiguous") {
  // The rook on e3 is pinned by the bishop on c5: Te1 can only be Ra1-e1.
  const Position pos = position("3r2k1/pp3ppp/2n5/2b5/5P2/2N1R3/PPP3PP/R5K1 w - - 0 22");
  const notation::Resolution r = resolve_text(pos, "Te1", lang("nb"));
  CHECK(r.verdict == notation::Verdict::legal);
  CHECK(uci_of(pos, r) == "a1e1");
  CHECK(r.candidates.size() == 1);
}

TEST_CASE("resolve: warnings for inaccuracies") {
  const Position start = Position::start();
  CHECK((resolve_text(start, "Sg1f3", lang("nb")).warnings & notation::warn_long_form) != 0);
  CHECK((resolve_text(start, "Sgf3", lang("nb")).warnings & notation::warn_overspecified) != 0);
  CHECK((resolve_text(start, "Sxf3", lang("nb")).warnings & notation::warn_capture_mark_no_capture) != 0);
  CHECK((resolve_text(start, "g1f3", lang("en")).warnings & notation::warn_no_piece_letter) != 0);
  CHECK(resolve_text(start, "Sf3", lang("nb")).warnings == 0);
  // Check marks are judged after the move.
  Position p = position("3r2k1/1Q3ppp/8/8/8/8/5PPP/6K1 b - - 0 30");
  const notation::Resolution mate = resolve_text(p, "Td1", lang("nb"));
  const Position after = p.after(mate.move);
  notation::WrittenMove written =
      notation::read_written_move("Td1", notation::reading_languages(lang("nb"))).move;
  CHECK(judge_check_marks(after, written) == notation::warn_missing_mate_mark);
  written = notation::read_written_move("Td1#", notation::reading_languages(lang("nb"))).move;
  CHECK(judge_check_marks(after, written) == 0);
  written = notation::read_written_move("Sf3+", notation::reading_languages(lang("nb"))).move;
  const Position quiet = Position::start().after(resolve_text(Position::start(), "Sf3", lang("nb")).move);
  CHECK(judge_check_marks(quiet, written) == notation::warn_wrong_check_mark);
  // Editions: x and e.p. are optional from 2018, the long form from 2023.
  CHECK(relevant_warnings(notation::warn_missing_capture_mark, notation::Laws::fide2009) ==
        notation::warn_missing_capture_mark);
  CHECK(relevant_warnings(notation::warn_missing_capture_mark, notation::Laws::fide2023) == 0);
  CHECK(relevant_warnings(notation::warn_long_form, notation::Laws::fide2018) == notation::warn_long_form);
  CHECK(relevant_warnings(notation::warn_long_form, notation::Laws::fide2023) == 0);
}
