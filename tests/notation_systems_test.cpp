// Descriptive notation (English and Spanish) and announced moves (FIDE Laws
// Appendix D.2.1), written by hand from the conventions, in both colours:
// every piece, captures of every kind, promotions, castling, ambiguous and
// illegal verdicts, the habits of printed books; then `convert` end to end
// and the round trip algebraic -> descriptive/announced -> read back on the
// corpus (../shared/corpus/big.pgn.xz, skipped when absent).
//
// Sources of the forms: the English forms are those of the descriptive
// books (e.g. Chernev, "Logical Chess Move by Move", 1957: Kt, "Castles",
// "B-Kt5 ch", "PxP e.p."; Fine, "Basic Chess Endings", 1941: "P-R8(Q)",
// "R-Q1 ch", "Kt(Q2)-B3"); the Spanish forms (P4R, C3AR, TD1D) those of
// Spanish books before algebraic; the announced words Appendix D.2.1 of the
// Laws (see locales/root.txt for the quotation).
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "notera/core/fen.hpp"
#include "notera/core/uci.hpp"
#include "notera/locale/messages.hpp"
#include "notera/notation/judge.hpp"
#include "notera/notation/write_move.hpp"
#include "support/cli.hpp"
#include "support/position.hpp"

using namespace notera;

namespace {

using test::position;

notation::MoveJudgement judge(const Position& pos, const std::string& text,
                              int language = notation::descriptive_language) {
  notation::ResolveOptions options;
  options.language = language;
  return notation::judge_written_move(pos, text, options);
}

// The move as UCI when legal; otherwise the verdict ("ambiguous", ...).
std::string uci(const char* fen, const std::string& text, int language = notation::descriptive_language) {
  const Position pos = position(fen);
  const notation::MoveJudgement j = judge(pos, text, language);
  if (j.is_legal()) return to_uci(pos, j.reading.resolution.move);
  return std::string(notation::to_string(j.verdict));
}

std::string reason(const char* fen, const std::string& text, int language = notation::descriptive_language) {
  const Position pos = position(fen);
  const notation::MoveJudgement j = judge(pos, text, language);
  return std::string(notation::to_string(j.reading.resolution.reason));
}

constexpr const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
constexpr int es = notation::descriptive_es_language;
constexpr int announced = notation::announced_language;

}  // namespace

TEST_CASE("descriptive: squares are named from the mover's side") {
  CHECK(uci(start, "P-K4") == "e2e4");
  CHECK(uci(start, "P-Q3") == "d2d3");
  CHECK(uci(start, "P-QB4") == "c2c4");
  CHECK(uci(start, "P-KR3") == "h2h3");
  CHECK(uci(start, "N-KB3") == "g1f3");
  CHECK(uci(start, "Kt-KB3") == "g1f3");  // books before about 1960
  CHECK(uci(start, "KT-QB3") == "b1c3");
  CHECK(uci(after_e4, "P-K4") == "e7e5");  // Black's K4 is e5
  CHECK(uci(after_e4, "P-QB4") == "c7c5");
  CHECK(uci(after_e4, "N-KB3") == "g8f6");
  CHECK(uci(after_e4, "Kt-QB3") == "b8c6");
  CHECK(uci(after_e4, "P-Q4") == "d7d5");
}

TEST_CASE("descriptive: B, N and R alone name either side, and the rest decides or it is ambiguous") {
  CHECK(uci(start, "P-B4") == "ambiguous");  // c4 or f4
  CHECK(uci(start, "N-B3") == "ambiguous");  // Nc3 or Nf3
  CHECK(uci(start, "N-R3") == "ambiguous");
  // The only bishop move to a 5th-rank knight-file square.
  CHECK(uci("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 2", "B-N5") == "f1b5");
  CHECK(uci("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "B-Kt5") == "f1b5");
  const Position pos = position(start);
  const notation::MoveJudgement j = judge(pos, "N-B3");
  CHECK(j.reading.resolution.candidates.size() == 2);
}

TEST_CASE("descriptive: a written check, or none, decides between two moves (books mark checks)") {
  // 1.e4 d6 2.d4 Nf6: B-N5 is Bg5 (quiet) or Bb5+ (check).
  const char* fen = "rnbqkb1r/ppp1pppp/3p1n2/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3";
  CHECK(uci(fen, "B-N5") == "c1g5");
  CHECK(uci(fen, "B-N5 ch") == "f1b5");
  CHECK(uci(fen, "B-Kt5ch") == "f1b5");
  CHECK(uci(fen, "B-QN5") == "f1b5");  // the file decides, the missing ch is only a mark
}

TEST_CASE("descriptive: dis ch and dbl ch decide by the kind of check, and are judged against it") {
  // The rook on e1 behind the knight on e4: a knight moving off the file
  // discovers check; to d6 it checks as well (double). The knight on b5
  // checks directly from d6 and c7.
  const char* fen = "4k3/p6p/8/1N6/4N3/8/8/K3R3 w - - 0 1";
  CHECK(uci(fen, "N-Q6 ch") == "ambiguous");
  CHECK(uci(fen, "N-Q6 dbl ch") == "e4d6");
  CHECK(uci(fen, "N-Q6 dbl. ch.") == "e4d6");
  CHECK(uci(fen, "N-Q6 dis ch") == "e4d6");  // a double check is a discovered one too
  CHECK(uci(fen, "C6D jaque doble", es) == "e4d6");
  const Position pos = position(fen);
  const auto warned = [&](const std::string& text, std::uint32_t flag) {
    const notation::MoveJudgement j = judge(pos, text);
    REQUIRE(j.is_legal());
    return (j.warnings & flag) != 0;
  };
  CHECK(warned("N-B7 dis ch", notation::warn_not_discovered_check));  // Nc7+ checks by itself
  CHECK(warned("N-KN5 dbl ch", notation::warn_not_double_check));    // only the rook checks
  CHECK_FALSE(warned("N-KN5 dis ch", notation::warn_not_discovered_check));
  CHECK_FALSE(warned("N-Q6 dis ch", notation::warn_not_discovered_check));
  CHECK_FALSE(warned("N-B7 ch", notation::warn_not_discovered_check | notation::warn_not_double_check));
  // Written as books print them.
  const auto written = [&](const char* move) {
    return notation::move_text(pos, parse_uci(pos, move), *notation::output_notation("descriptive"));
  };
  CHECK(written("e4d6") == "N-Q6 dbl ch");
  CHECK(written("e4g5") == "N-N5 dis ch");
  CHECK(written("b5c7") == "N-B7 ch");
  // The warning in the reader's language, through the command.
  const auto r = test::run_notera({"move", "--json", "--lang", "descriptive", "--messages", "nb", "--fen",
                                   fen, "N-B7 dis ch"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("\"warning_codes\":[\"not_discovered_check\"]") != std::string::npos);
  CHECK(r.out.find("avdekkersjakk") != std::string::npos);
}

TEST_CASE("descriptive: piece-by-piece captures in both colours") {
  const char* ruy = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
  CHECK(uci(ruy, "BxN") == "b5c6");
  CHECK(uci(ruy, "B x Kt") == "b5c6");
  CHECK(uci(ruy, "B\u00D7N") == "b5c6");  // the multiplication sign of print
  CHECK(uci(ruy, "NxP") == "f3e5");
  CHECK(uci(ruy, "Kt x K P") == "f3e5");     // spaced, as some books print it
  CHECK(uci(ruy, "Kt x K P ch") == "f3e5");  // one move fits: a wrong check mark is only a warning
  const char* after_bxc6 = "r1bqkbnr/1ppp1ppp/p1B5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4";
  CHECK(uci(after_bxc6, "PxB") == "ambiguous");  // bxc6 or dxc6
  CHECK(uci(after_bxc6, "QPxB") == "d7c6");
  CHECK(uci(after_bxc6, "NPxB") == "b7c6");
  CHECK(uci(after_bxc6, "KtPxB") == "b7c6");
  CHECK(uci(after_bxc6, "QNPxB") == "b7c6");
  // 1.e4 d5: PxP.
  CHECK(uci("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "PxP") == "e4d5");
  CHECK(uci("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", "QxP") == "d8d5");
}

TEST_CASE("descriptive: RxP/7 names the rank of the piece taken, from the mover's side") {
  const char* white = "4k3/1p6/8/8/1R6/8/1p6/4K3 w - - 0 1";
  CHECK(uci(white, "RxP") == "ambiguous");
  CHECK(uci(white, "RxP/7") == "b4b7");
  CHECK(uci(white, "RxP/2") == "b4b2");
  CHECK(uci(white, "RxP(N7)") == "b4b7");
  const char* black = "4k3/1P6/8/1r6/8/8/1P6/4K3 b - - 0 1";
  CHECK(uci(black, "RxP/2") == "b5b7");  // Black's 2nd rank is the 7th
  CHECK(uci(black, "RxP/7") == "b5b2");
}

TEST_CASE("descriptive: disambiguation by origin and by side, both colours") {
  const char* white = "4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1";
  CHECK(uci(white, "N-KB3") == "ambiguous");
  CHECK(uci(white, "N(2)-KB3") == "d2f3");
  CHECK(uci(white, "N/2-KB3") == "d2f3");
  CHECK(uci(white, "N/1-KB3") == "g1f3");
  CHECK(uci(white, "N(Q2)-KB3") == "d2f3");
  CHECK(uci(white, "Kt (Q 2) - K B 3") == "d2f3");
  CHECK(uci(white, "KN-B3") == "g1f3");  // the knight nearer the king's side
  CHECK(uci(white, "QN-KB3") == "d2f3");
  const char* black = "4k1n1/3n4/8/8/8/8/8/4K3 b - - 0 1";
  CHECK(uci(black, "N(2)-KB3") == "d7f6");
  CHECK(uci(black, "N/1-KB3") == "g8f6");
  CHECK(uci(black, "KN-B3") == "g8f6");
  const char* rooks = "r3k2r/8/8/8/8/8/8/R4RK1 w kq - 0 1";
  CHECK(uci(rooks, "R-Q1") == "ambiguous");
  CHECK(uci(rooks, "QR-Q1") == "a1d1");
  CHECK(uci(rooks, "KR-Q1") == "f1d1");
  CHECK(uci(rooks, "K R - Q 1") == "f1d1");
  CHECK(uci(rooks, "R/QR1-Q1") == "a1d1");
  const char* black_rooks = "r4rk1/8/8/8/8/8/8/R3K2R b KQ - 0 1";
  CHECK(uci(black_rooks, "QR-Q1") == "a8d8");
  CHECK(uci(black_rooks, "KR-Q1") == "f8d8");
  // R(Q2)-K2: the rook on Black's Q2 (d7), not White's.
  CHECK(uci("4k3/3r4/8/8/8/8/3R4/4K3 b - - 0 1", "R(Q2)-K2") == "d7e7");
  // R-(B5)B7: the origin written after the dash.
  CHECK(uci("4k3/8/8/2R2R2/8/8/8/4K3 w - - 0 1", "R-(B5)B7") == "ambiguous");  // c5 or f5: B is either
  CHECK(uci("4k3/8/8/2R2R2/8/8/8/4K3 w - - 0 1", "R-(QB5)B7") == "c5c7");
}

TEST_CASE("descriptive: promotions, both colours, every way books write them") {
  const char* white = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  CHECK(uci(white, "P-R8(Q)") == "a7a8q");
  CHECK(uci(white, "P-R8=Q") == "a7a8q");
  CHECK(uci(white, "P-R8Q") == "a7a8q");
  CHECK(uci(white, "P-R8/Kt") == "a7a8n");
  CHECK(uci(white, "P-R8 (R)") == "a7a8r");
  CHECK(uci(white, "P-R8") == "ambiguous");  // which piece is not said
  CHECK(uci(white, "PxN(Q)") == "a7b8q");
  CHECK(uci(white, "PxKt=B") == "a7b8b");
  const char* black = "4k3/8/8/8/8/8/p7/1N2K3 b - - 0 1";
  CHECK(uci(black, "P-R8(Q)") == "a2a1q");
  CHECK(uci(black, "PxN(Q)") == "a2b1q");
  CHECK(uci(black, "P-R7") == "illegal");  // Black's R7 is a2: its own pawn stands there
}

TEST_CASE("descriptive: castling and en passant, both colours") {
  const char* white = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  CHECK(uci(white, "O-O") == "e1g1");
  CHECK(uci(white, "O - O") == "e1g1");
  CHECK(uci(white, "Castles") == "e1g1");
  CHECK(uci(white, "Castles KR") == "e1g1");
  CHECK(uci(white, "O-O-O") == "e1c1");
  CHECK(uci(white, "Castles QR") == "e1c1");
  const char* black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
  CHECK(uci(black, "Castles") == "e8g8");
  CHECK(uci(black, "Castles QR") == "e8c8");
  CHECK(uci("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O") == "illegal");
  CHECK(reason("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O") == "castling_no_right");
  // Only the long castling is there: "Castles" is it.
  CHECK(uci("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "Castles") == "e1c1");
  CHECK(uci("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "PxP e.p.") == "e5d6");
  CHECK(uci("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "PxP") == "e5d6");
  CHECK(uci("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2", "PxP e.p.") == "e4d3");
}

TEST_CASE("descriptive: illegal moves say why, with the mover's squares") {
  CHECK(reason(start, "P-K5") == "no_piece_reaches");
  CHECK(reason(start, "B-N5") == "path_blocked");
  CHECK(reason(start, "Q-Q3") == "path_blocked");
  CHECK(reason(start, "R-R3") == "path_blocked");
  CHECK(reason(start, "K-K2") == "own_piece_on_square");
  CHECK(reason(after_e4, "P-K5") == "no_piece_reaches");
  // A pinned knight, both colours: White's KB4 is f4, Black's is f5.
  const Position white = position("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
  notation::MoveJudgement j = judge(white, "N-KB4");
  CHECK(j.verdict == notation::Verdict::illegal);
  CHECK(j.reading.resolution.reason == notation::IllegalReason::pinned);
  const locale::Messages messages("en");
  const Position black = position("4k3/4n3/8/8/8/8/8/4R1K1 b - - 0 1");
  j = judge(black, "N-KB4");
  CHECK(j.reading.resolution.reason == notation::IllegalReason::pinned);
  j = judge(black, "N-KB3");  // f6: no knight reaches it
  CHECK(j.reading.resolution.reason == notation::IllegalReason::no_piece_reaches);
  CHECK(messages.format(notation::illegal_message(black, j.reading.read.move, j.reading.resolution))
            .find("f6") != std::string::npos);
  // The king walks into check.
  CHECK(reason("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "K-K2") == "king_into_check");
}

TEST_CASE("descriptive: Spanish P4R, C3AR, AxC, TD1D in both colours") {
  CHECK(uci(start, "P4R", es) == "e2e4");
  CHECK(uci(start, "C3AR", es) == "g1f3");
  CHECK(uci(start, "C3AD", es) == "b1c3");
  CHECK(uci(start, "C3A", es) == "ambiguous");
  CHECK(uci(start, "P3TD", es) == "a2a3");
  CHECK(uci(after_e4, "P4R", es) == "e7e5");
  CHECK(uci(after_e4, "C3AD", es) == "b8c6");
  const char* ruy = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
  CHECK(uci(ruy, "AxC", es) == "b5c6");
  CHECK(uci("r3k2r/8/8/8/8/8/8/R4RK1 w kq - 0 1", "TD1D", es) == "a1d1");
  CHECK(uci("r3k2r/8/8/8/8/8/8/R4RK1 w kq - 0 1", "TR1D", es) == "f1d1");
  CHECK(uci("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", es) == "e1g1");
  CHECK(uci("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "enroque largo", es) == "e8c8");
  CHECK(uci("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "P8T=D", es) == "a7a8q");
  // Without a language both systems are tried.
  CHECK(uci(start, "C3AR", notation::ResolveOptions::any_language) == "g1f3");
}

TEST_CASE("announced: FIDE Appendix D.2.1 words, long and short forms") {
  CHECK(uci(start, "Springer Gustav eins Felix drei", announced) == "g1f3");
  CHECK(uci(start, "Springer Felix drei", announced) == "g1f3");
  CHECK(uci(start, "springer felix drei", announced) == "g1f3");
  CHECK(uci(start, "Bauer Eva zwei Eva vier", announced) == "e2e4");
  CHECK(uci(start, "Eva vier", announced) == "e2e4");
  CHECK(uci(after_e4, "Bauer Eva fuenf", announced) == "e7e5");
  CHECK(uci(after_e4, "Bauer Eva fünf", announced) == "e7e5");
  CHECK(uci(start, "Springer Cesar drei", announced) == "b1c3");
  CHECK(uci("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kurze Rochade", announced) == "e1g1");
  CHECK(uci("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "Lange Rochade", announced) == "e8c8");
  CHECK(uci("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "Bauer Anna sieben Anna acht Dame", announced) == "a7a8q");
  CHECK(uci("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "Koenig David zwei", announced) == "e1d2");
  CHECK(uci("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "König Felix zwei", announced) == "e1f2");
  CHECK(uci("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "Läufer Hector sechs", announced) == "c1h6");
  CHECK(uci("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Turm Anna acht", announced) == "a1a8");
  CHECK(uci(start, "Springer Eva vier", announced) == "illegal");
  CHECK(uci(start, "Springer Gustav eins Felix drei", notation::ResolveOptions::any_language) == "g1f3");
  // The Danish list of the Danish Laws (D.2.1: Bodil, Cecilie, ..., et, to, tre).
  CHECK(uci(start, "springer Gustav et Frederik tre", announced) == "g1f3");
  CHECK(uci(start, "bonde Erik to Erik fire", announced) == "e2e4");
  CHECK(uci("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "lang rokade", announced) == "e1c1");
}

TEST_CASE("announced: --messages chooses the national word list for writing") {
  const auto da = test::run_notera({"move", "--messages", "da", "--to", "announced", "Nf3"});
  CHECK(da.out == "springer Gustav et Frederik tre\n");
  const auto laws = test::run_notera({"move", "--messages", "en", "--to", "announced", "Nf3"});
  CHECK(laws.out == "Springer Gustav eins Felix drei\n");
}

TEST_CASE("write: descriptive and announced forms of single moves") {
  auto written = [](const char* fen, const char* move, const char* system) {
    const Position pos = position(fen);
    const Move m = parse_uci(pos, move);
    REQUIRE(m != Move::none());
    const auto notation = notation::output_notation(system);
    REQUIRE(notation.has_value());
    return notation::move_text(pos, m, *notation);
  };
  CHECK(written(start, "e2e4", "descriptive") == "P-K4");
  CHECK(written(start, "g1f3", "descriptive") == "N-KB3");
  CHECK(written(start, "c2c4", "descriptive") == "P-QB4");
  CHECK(written(after_e4, "e7e5", "descriptive") == "P-K4");
  CHECK(written(start, "g1f3", "descriptive-es") == "C3AR");
  CHECK(written(start, "g1f3", "announced") == "Springer Gustav eins Felix drei");
  CHECK(written("rnbqkb1r/ppp1pppp/3p1n2/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3", "f1b5", "descriptive") ==
        "B-N5 ch");
  CHECK(written("r1bqkbnr/1ppp1ppp/p1B5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4", "d7c6", "descriptive") ==
        "QPxB");
  CHECK(written("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "descriptive") == "O-O");
  CHECK(written("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "descriptive") == "P-R8=Q");
  CHECK(written("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "descriptive") == "PxP e.p.");
}

TEST_CASE("convert: a book printed with blanks and parentheses inside moves, detected per game") {
  test::TempDir dir;
  // Spacing as printed in older books (e.g. "P - Q B 4", "Kt × B", "Q × R !").
  const auto book = dir.write("book.pgn",
                              "[Event \"?\"]\n[Result \"1-0\"]\n\n"
                              "1. P - K 4 P - K 4 2. Kt - K B 3 Kt - Q B 3 3. B - Kt 5 P - Q R 3\n"
                              "4. B × Kt Q P × B 5. Castles B - K Kt 5 6. P - K R 3 B - R 4 ?\n"
                              "7. P - Q 3 Q - B 3 8. Q Kt - Q 2 Q - Kt 3 ! 9. Kt × P Resigns\n");
  const auto r = test::run_notera({"convert", "-q", "--to", "uci", book.string()});
  CHECK(r.exit_code == 0);
  CHECK(r.out == "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 c8g4 h2h3 g4h5 d2d3 d8f6 b1d2 f6g6 f3e5\n");
  // "Resigns" at Black's move: Black resigned.
  const auto pgn = test::run_notera({"convert", "-q", book.string()});
  CHECK(pgn.out.find("1-0") != std::string::npos);
  // "White resigns." ends the game whoever is to move; a captured piece
  // does not swallow the next move's letters ("Kt x Kt P x Kt").
  const auto resigns =
      dir.write("resigns.pgn",
                "[Event \"?\"]\n[Result \"*\"]\n\n"
                "1. P-K4 P-QB4 2. Kt-KB3 P-Q3 3. P-Q4 PxP 4. Kt x P Kt-KB3 5. Kt-QB3 P-QR3\n"
                "6. B-K2 P-K4 7. Kt-Kt3 B-K2 8. Castles Castles 9. K-R1 Kt-B3 10. B-K3 Kt-Q5\n"
                "11. Kt x Kt P x Kt 12. Q x P R - Q Kt 1 White resigns.\n");
  const auto w = test::run_notera({"convert", "-q", "--to", "uci", resigns.string()});
  CHECK(w.exit_code == 0);
  CHECK(w.out.size() > 100);
  const auto wp = test::run_notera({"convert", "-q", resigns.string()});
  CHECK(wp.out.find("0-1") != std::string::npos);
  // Parentheses in a move and a real variation in the same game.
  const auto promo = dir.write("promo.pgn",
                               "[Event \"?\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n"
                               "[Result \"*\"]\n\n"
                               "1. P-R8(Q) ch (1. P-R8(R) ch K-Q2) 1... K-Q2 2. Q-R4 ch *\n");
  const auto p = test::run_notera({"convert", "-q", "--to", "uci", promo.string()});
  CHECK(p.exit_code == 0);
  CHECK(p.out == "position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8q e8d7 a8a4\n");
}

TEST_CASE("convert: variations in a descriptive game are kept, and a bad one is reported, not the game") {
  test::TempDir dir;
  // A book's notes: nested variations from both sides, a comment, a
  // variation that goes wrong (KN5 is g5 for White: no pawn goes there), a
  // stray ')' and a variation before the first move.
  const auto book =
      dir.write("notes.pgn",
                "[Event \"?\"]\n[Result \"1-0\"]\n\n"
                "( P-Q4 ) 1. P-K4 P-K4 2. N-KB3 {the usual} (2. P-Q4 PxP (2... P-Q3) 3. QxP N-QB3 4. Q-K3)\n"
                "(2. N-QB3 N-KB3 3. P-KN5 N-B3) N-QB3 3. B-N5 P-QR3 ) 4. B-R4 N-B3 1-0\n");
  const auto r = test::run_notera({"convert", "--messages", "en", book.string()});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("1. e4 e5 2. Nf3 {the usual} (2. d4 exd4 (2... d6) 3. Qxd4 Nc6 4. Qe3) (2. Nc3\nNf6) 2... Nc6 "
                   "3. Bb5 a6 4. Ba4 Nf6 1-0") != std::string::npos);
  CHECK(r.err.find("notes.pgn:4:1: game 1: a variation starts before any move it could replace") !=
        std::string::npos);
  CHECK(r.err.find("notes.pgn:5:20: game 1: a variation stops at 3. 'P-KN5' is illegal") != std::string::npos);
  CHECK(r.err.find("')' closes a variation that was never opened") != std::string::npos);
  // The variations read back: the same moves through the PGN reader.
  const auto back = dir.write("back.pgn", r.out);
  const auto again = test::run_notera({"convert", "-q", back.string()});
  CHECK(again.out == r.out);
  // Not closed: the main line is kept, with a warning.
  const auto open = dir.write("open.pgn", "[Event \"?\"]\n[Result \"*\"]\n\n1. P-K4 P-K4 2. N-KB3 (2. P-Q4 PxP *\n");
  const auto o = test::run_notera({"convert", "--messages", "en", "--to", "uci", open.string()});
  CHECK(o.out == "e2e4 e7e5 g1f3\n");
  // Said at its '(', not after the game.
  CHECK(o.err.find("open.pgn:4:23: game 1: a variation is not closed with ')'") != std::string::npos);
  // A ')' in a ';' comment closes nothing, whether the variation is played
  // or passed over (as when the system is chosen: fuzz_systems found the two
  // reading it differently).
  const auto semi = dir.write(
      "semi.pgn", "[Event \"?\"]\n[Result \"*\"]\n\n1. P-K4 P-K4 2. N-KB3 (2. P-Q4 PxP (2... P-Q3; see ) here\n"
                  ") 3. QxP) N-QB3 *\n");
  const auto c = test::run_notera({"convert", "-q", semi.string()});
  CHECK(c.exit_code == 0);
  CHECK(c.out.find("1. e4 e5 2. Nf3 (2. d4 exd4 (2... d6 {see ) here}) 3. Qxd4) 2... Nc6") != std::string::npos);
}

TEST_CASE("convert: an ambiguous descriptive move is read as the one the moves after it allow") {
  test::TempDir dir;
  // N-B3 fits Nc3 and Nf3; only from f3 can the knight go on to KN5 (g5).
  const auto book = dir.write(
      "book.pgn", "[Event \"?\"]\n[Result \"*\"]\n\n1. P-K4 P-K4 2. N-B3 N-QB3 3. N-KN5 P-Q4 4. PxP N-R4 *\n");
  const auto r = test::run_notera({"convert", "--messages", "en", "--to", "uci", book.string()});
  CHECK(r.exit_code == 0);
  CHECK(r.out == "e2e4 e7e5 g1f3 b8c6 f3g5 d7d5 e4d5 c6a5\n");
  CHECK(r.err.find("book.pgn:4:17: game 1, ply 3: 'N-B3' is ambiguous (Nc3, Nf3); read as Nf3, the only one the "
                   "moves after it allow") != std::string::npos);
  const auto nb = test::run_notera({"convert", "--messages", "nb", "-q", "--to", "uci", book.string()});
  CHECK(nb.err.find("lest som Nf3") != std::string::npos);
  // When the rest allows both, the game stops there, as before (the next
  // test).
}

TEST_CASE("convert: --from forces the system, and a bad descriptive move stops the game with the reason") {
  test::TempDir dir;
  const auto book = dir.write("book.pgn", "[Event \"?\"]\n[Result \"*\"]\n\n1. P-K4 P-K4 2. N-B3 N-QB3 *\n");
  const auto r = test::run_notera({"convert", "--messages", "en", "--to", "uci", book.string()});
  CHECK(r.exit_code == 1);
  CHECK(r.out == "e2e4 e7e5\n");
  CHECK(r.err.find("'N-B3' is ambiguous: Nc3, Nf3") != std::string::npos);
  CHECK(r.err.find("book.pgn:4:") != std::string::npos);
  const auto es_book = dir.write("libro.pgn", "[Event \"?\"]\n[Result \"*\"]\n\n1. P4R P4R 2. C3AR C3AD *\n");
  const auto f =
      test::run_notera({"convert", "-q", "--from", "descriptive-es", "--to", "uci", es_book.string()});
  CHECK(f.out == "e2e4 e7e5 g1f3 b8c6\n");
  const auto check = test::run_notera({"check", "-q", "--from", "descriptive", es_book.string()});
  CHECK(check.exit_code == 0);
}

TEST_CASE("move: descriptive and announced through the command") {
  const auto r = test::run_notera({"move", "--json", "--fen", after_e4, "P-QB4"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("\"uci\":\"c7c5\"") != std::string::npos);
  CHECK(r.out.find("\"language\":\"descriptive\"") != std::string::npos);
  const auto a =
      test::run_notera({"move", "--lang", "announced", "--to", "descriptive", "Springer Felix drei"});
  CHECK(a.exit_code == 0);
  CHECK(a.out == "N-KB3\n");
  const auto amb = test::run_notera({"move", "--json", "--lang", "descriptive", "N-B3"});
  CHECK(amb.exit_code == 1);
  CHECK(amb.out.find("\"verdict\":\"ambiguous\"") != std::string::npos);
}

// NOTERA_SYSTEMS_GAMES sets the number of games: default 5,000 (about 11 s
// for the three systems on a loaded two-core machine; 10,000 took 22 s there
// and pass too), the sanitizer build uses 1,000.
TEST_CASE("corpus: algebraic -> descriptive, descriptive-es, announced -> read back gives the same moves") {
  const char* env = std::getenv("NOTERA_SYSTEMS_GAMES");
  const std::size_t games = env ? std::strtoul(env, nullptr, 10) : 5000;
  test::TempDir dir;
  const auto pgn = dir.path() / "games.pgn";
  if (games == 0 || !test::extract_corpus_games(pgn, games)) {
    MESSAGE("corpus not available; skipped");
    return;
  }
  const auto reference = test::run_notera({"convert", "-q", "--to", "uci", pgn.string()});
  for (const char* system : {"descriptive", "descriptive-es", "announced"}) {
    CAPTURE(system);
    const auto written = test::run_notera({"convert", "-q", "--to", system, pgn.string()});
    const auto text = dir.write(std::string(system) + ".txt", written.out);
    const auto back = test::run_notera({"convert", "-q", "--from", system, "--to", "uci", text.string()});
    CHECK(back.exit_code == 0);
    CHECK(back.out.size() == reference.out.size());
    CHECK((back.out == reference.out));
  }
}
