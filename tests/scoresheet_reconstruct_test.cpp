// Reconstruction: every kind of slip, gaps, crossed-out and misplaced boxes,
// unreadable characters and undecided readings, running text, two sheets,
// the cost model's pieces, robustness, and the `reconstruct` command.
//
// The sheets in tests/data/reconstruct are real games (the first games of
// the corpus) written out in a language with one kind of departure each;
// <name>.san holds the game as played.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "notera/core/fen.hpp"
#include "notera/core/san.hpp"
#include "notera/locale/messages.hpp"
#include "notera/notation/letters.hpp"
#include "notera/reconstruct/cell_match.hpp"
#include "notera/reconstruct/evidence.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/reconstruct/search.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "support/cli.hpp"

using namespace notera;

namespace {

std::string data(const std::string& name) { return test::read_file(test::data_path("reconstruct/" + name)); }

reconstruct::EvidenceSheet sheet_file(const std::string& name) {
  return reconstruct::evidence_of(scoresheet::read_scoresheet(data(name + ".sheet"), name + ".sheet"));
}

reconstruct::EvidenceSheet sheet_text(const std::string& text) {
  return reconstruct::evidence_of(scoresheet::read_scoresheet(text, "test.sheet"));
}

std::vector<std::string> expected_moves(const std::string& name) {
  std::istringstream in(data(name + ".san"));
  std::vector<std::string> moves;
  for (std::string m; in >> m;) moves.push_back(m);
  return moves;
}

std::vector<std::string> sans(const reconstruct::Reconstruction& r) {
  std::vector<std::string> out;
  for (const reconstruct::ReconstructedPly& p : r.plies) out.push_back(p.san);
  return out;
}

// The slips of the evidence of sheet `sheet` at `ply`.
const reconstruct::PlyEvidence& evidence(const reconstruct::Reconstruction& r, int ply, int sheet = 0) {
  return r.plies.at(static_cast<std::size_t>(ply - 1)).evidence.at(static_cast<std::size_t>(sheet));
}

bool has_slip(const reconstruct::PlyEvidence& e, reconstruct::SlipKind kind, const std::string& written = {},
              const std::string& meant = {}) {
  for (const reconstruct::Slip& s : e.slips)
    if (s.kind == kind && (written.empty() || s.written == written) && (meant.empty() || s.meant == meant))
      return true;
  return false;
}

int count_status(const reconstruct::Reconstruction& r, reconstruct::PlyStatus status) {
  int n = 0;
  for (const reconstruct::ReconstructedPly& p : r.plies) n += p.status == status;
  return n;
}

std::string english(const Message& m) {
  static const locale::Messages messages("en");
  return messages.format(m);
}

// Reconstructs <name>.sheet, checks it gives <name>.san, and returns it.
reconstruct::Reconstruction reconstructed(const std::string& name) {
  const reconstruct::Reconstruction r = reconstruct::reconstruct_game({sheet_file(name)});
  CHECK(sans(r) == expected_moves(name));
  CHECK(r.complete);
  return r;
}

}  // namespace

// --------------------------------------------------------------- slips

TEST_CASE("reconstruct: a file written for another (c for e)") {
  const reconstruct::Reconstruction r = reconstructed("file-c-for-e");
  const reconstruct::ReconstructedPly& p = r.plies[26];  // 14.Lc2, written Le2
  CHECK(p.san == "Bc2");
  CHECK(p.status == reconstruct::PlyStatus::corrected);
  CHECK(has_slip(p.evidence[0], reconstruct::SlipKind::file, "e", "c"));
  CHECK(english(explain(r, p, p.evidence[0], 1)) ==
        "line 23, column 4 (move 14): 'Le2' is Bc2: the file c written as e");
  CHECK(count_status(r, reconstruct::PlyStatus::corrected) == 1);
}

TEST_CASE("reconstruct: a rank written for another (5 for 3), Swedish sheet") {
  const reconstruct::Reconstruction r = reconstructed("rank-5-for-3");
  CHECK(r.plies[10].san == "Ng3");
  CHECK(has_slip(r.plies[10].evidence[0], reconstruct::SlipKind::rank, "5", "3"));
  CHECK(r.languages[0].given);
  CHECK(notation::LetterTable::instance().language(r.languages[0].language).code == "sv");
}

TEST_CASE("reconstruct: a rank seen from the other side (6 for 3), Danish sheet") {
  const reconstruct::Reconstruction r = reconstructed("rank-mirrored");
  CHECK(r.plies[18].san == "Qb3");
  CHECK(has_slip(r.plies[18].evidence[0], reconstruct::SlipKind::rank_mirrored, "6", "3"));
}

TEST_CASE("reconstruct: K written for R on an English sheet") {
  const reconstruct::Reconstruction r = reconstructed("letter-k-for-r");
  CHECK(r.plies[38].san == "Rf1");
  CHECK(has_slip(r.plies[38].evidence[0], reconstruct::SlipKind::piece_letter, "K", "R"));
}

TEST_CASE("reconstruct: an English letter on a Norwegian sheet is a spelling, not a slip") {
  const reconstruct::Reconstruction r = reconstructed("english-letter");
  CHECK(r.plies[24].san == "Nd2");
  CHECK(r.plies[24].status == reconstruct::PlyStatus::normalised);
  CHECK(has_slip(r.plies[24].evidence[0], reconstruct::SlipKind::foreign_letter, "N", "S"));
  CHECK(count_status(r, reconstruct::PlyStatus::corrected) == 0);
}

TEST_CASE("reconstruct: TxB on a Norwegian or Swedish sheet takes a pawn, as written") {
  // B for bonde names the pawn taken, though moves have no pawn letter.
  for (const char* sheet : {"Notasjon: nb\n\n1 e4 e5\n2 Sf3 Sc6\n3 d4 exd4\n4 SxB SxS\n5 DxS\n",
                            "Notation: sv\n\n1 e4 e5\n2 Sf3 Sc6\n3 d4 exd4\n4 SxB SxS\n5 DxS\n"}) {
    const reconstruct::Reconstruction r = reconstruct::reconstruct_game({sheet_text(sheet)});
    REQUIRE(r.plies.size() == 9);
    CHECK(r.plies[6].san == "Nxd4");
    CHECK(r.plies[6].status == reconstruct::PlyStatus::normalised);
    CHECK(has_slip(r.plies[6].evidence[0], reconstruct::SlipKind::descriptive_capture));
    CHECK(count_status(r, reconstruct::PlyStatus::corrected) == 0);
  }
}

TEST_CASE("reconstruct: BxL on a Norwegian or Danish sheet is a pawn taking, as written") {
  // 3... BxL: the pawn e6 takes the bishop d5 (the pieces named, no slip).
  for (const char* sheet : {"Notasjon: nb\n\n1 e4 e6\n2 Lc4 d5\n3 Lxd5 BxL\n4 exd5\n",
                            "Notation: da\n\n1 e4 e6\n2 Lc4 d5\n3 Lxd5 BxL\n4 exd5\n"}) {
    const reconstruct::Reconstruction r = reconstruct::reconstruct_game({sheet_text(sheet)});
    REQUIRE(r.plies.size() == 7);
    CHECK(r.plies[5].san == "exd5");
    CHECK(r.plies[5].status == reconstruct::PlyStatus::normalised);
    CHECK(has_slip(r.plies[5].evidence[0], reconstruct::SlipKind::descriptive_capture));
    CHECK(count_status(r, reconstruct::PlyStatus::corrected) == 0);
  }
}

TEST_CASE("reconstruct: a capture without x (German) and a pawn capture without the rank") {
  reconstruct::Reconstruction r = reconstructed("capture-mark-missing");
  CHECK(r.plies[32].san == "Bxf5");
  CHECK(r.plies[32].status == reconstruct::PlyStatus::normalised);
  CHECK(has_slip(r.plies[32].evidence[0], reconstruct::SlipKind::capture_mark_missing));
  r = reconstructed("rank-omitted");
  CHECK(r.plies[6].san == "exd5");
  CHECK(r.plies[6].status == reconstruct::PlyStatus::normalised);
  CHECK(has_slip(r.plies[6].evidence[0], reconstruct::SlipKind::rank_omitted, "", "5"));
}

TEST_CASE("reconstruct: the wrong promotion letter, from a FEN start") {
  const reconstruct::Reconstruction r = reconstructed("promotion-letter");
  CHECK(r.plies[0].san == "f8=Q");
  CHECK(r.plies[0].status == reconstruct::PlyStatus::corrected);
  CHECK(has_slip(r.plies[0].evidence[0], reconstruct::SlipKind::promotion_piece, "S", "D"));
}

// --------------------------------------------------------------- boxes

TEST_CASE("reconstruct: a crossed-out move is evidence, not a move") {
  const reconstruct::Reconstruction r = reconstructed("crossed-out");
  REQUIRE(r.dropped.size() == 1);
  CHECK(r.dropped[0].text == "Dc2");
  CHECK(r.dropped[0].reason == reconstruct::DropReason::crossed_out);
  CHECK(r.dropped[0].where.line == 23);
  CHECK(r.dropped[0].after_ply == 26);
  CHECK(count_status(r, reconstruct::PlyStatus::corrected) == 0);
}

TEST_CASE("reconstruct: two unrecorded moves marked '-'") {
  const reconstruct::Reconstruction r = reconstructed("gap-dashes");
  CHECK(r.plies[18].san == "Bxc6");
  CHECK(r.plies[19].san == "Qxd1");
  CHECK(r.plies[18].status == reconstruct::PlyStatus::inserted);
  CHECK(r.plies[19].status == reconstruct::PlyStatus::inserted);
  CHECK(r.plies[18].evidence[0].text == "-");
  CHECK(r.plies[18].alternatives.empty());
}

TEST_CASE("reconstruct: a row left out (no '-' boxes): its moves are deduced") {
  const reconstruct::Reconstruction r = reconstructed("gap-rows-missing");
  CHECK(r.plies[24].status == reconstruct::PlyStatus::inserted);
  CHECK(r.plies[25].status == reconstruct::PlyStatus::inserted);
  CHECK(r.plies[24].evidence[0].cell == -1);
  CHECK(r.dropped.empty());
}

TEST_CASE("reconstruct: moves written one box late (a move in Black's column)") {
  const reconstruct::Reconstruction r = reconstructed("wrong-column");
  REQUIRE(r.dropped.size() == 1);
  CHECK(r.dropped[0].text == "-");
  CHECK(r.dropped[0].reason == reconstruct::DropReason::not_played);
  CHECK(count_status(r, reconstruct::PlyStatus::corrected) == 0);
  CHECK(count_status(r, reconstruct::PlyStatus::inserted) == 0);
}

TEST_CASE("reconstruct: a '-' passed over and a row left out are explained where they are") {
  const locale::Messages en("en");
  reconstruct::Reconstruction r = reconstructed("wrong-column");
  REQUIRE(r.dropped.size() == 1);
  const std::string blank = en.format(explain(r.dropped[0], 1));
  CHECK(blank.find("'-' holds no move of this game: the moves after it stand one box later") !=
        std::string::npos);
  CHECK(blank.rfind("line ", 0) == 0);
  // The two moves of the missing row: each points to the box written next.
  r = reconstructed("gap-rows-missing");
  const reconstruct::ReconstructedPly& missing = r.plies[24];
  REQUIRE(missing.evidence[0].cell == -1);
  const reconstruct::PlyEvidence* next = nullptr;
  for (std::size_t k = 25; k < r.plies.size() && !next; ++k)
    if (r.plies[k].evidence[0].cell >= 0) next = &r.plies[k].evidence[0];
  REQUIRE(next != nullptr);
  const std::string move = std::to_string(next->box.move) + (next->box.black ? "..." : "");
  CHECK(en.format(explain(r, missing, missing.evidence[0], 1)) ==
        "line " + std::to_string(next->where.line) + ", column " + std::to_string(next->where.column) +
            " (move " + move + "): " + missing.san + " is not written: it was played before '" + next->text +
            "'");
}

TEST_CASE("reconstruct: a sheet without a Notation header is read in its header words' language") {
  // Swedish header words; 'BxB' (pawn takes pawn) reads alike in Swedish
  // and German, where B is a pawn: the header says Swedish.
  const std::string text =
      "Tävling: Klubbmästerskap\nVit: Ek, Anna\nSvart: Lind, Per\n\n"
      "1 e4 d5\n2 BxB Dxd5\n3 Sc3 Da5\n4 d4 Sf6\n5 Sf3 Lf5\n";
  const reconstruct::Reconstruction r = reconstruct::reconstruct_game({sheet_text(text)});
  REQUIRE(r.plies.size() == 10);
  CHECK(r.plies[2].san == "exd5");
  REQUIRE(r.languages.size() == 1);
  CHECK(!r.languages[0].given);
  CHECK(notation::LetterTable::instance().language(r.languages[0].language).code == "sv");
  // The note names the language in the reader's language, not by its code.
  std::string note;
  for (const Message& m : r.notes)
    if (m.key == "reconstruct.note.language_decided") note = locale::Messages("sv").format(m);
  CHECK(note.find("notationsspråket svenska") != std::string::npos);
}

TEST_CASE("reconstruct: a + inside a box is a stray mark, not a check claimed") {
  // 5.Nxe5 gives no check. Written Sxe+5 (a character too many, as in
  // HCS boxes), the + is priced once by the edit distance; only after the
  // move is it the writer saying check.
  const std::string sheet = "Notasjon: nb\n\n1 e4 e5\n2 Sf3 Sc6\n3 Lb5 a6\n4 Lxc6 dxc6\n5 {box} Dd4\n"
                            "6 Sf3 Dxe4+\n7 De2 Dxe2+\n";
  const reconstruct::SlipCosts& costs = reconstruct::SlipCosts::measured();
  for (const std::string box : {"Sxe+5", "Sx+e5"}) {
    CAPTURE(box);
    std::string text = sheet;
    text.replace(text.find("{box}"), 5, box);
    const reconstruct::Reconstruction r = reconstruct::reconstruct_game({sheet_text(text)});
    REQUIRE(r.plies.size() == 14);
    const reconstruct::PlyEvidence& e = evidence(r, 9);
    CHECK(r.plies[8].san == "Nxe5");
    CHECK(has_slip(e, reconstruct::SlipKind::misspelt, box, "Sxe5"));
    CHECK_FALSE(has_slip(e, reconstruct::SlipKind::check_mark_wrong));
    CHECK(e.cost == doctest::Approx(costs.unparsed_base + costs.edit_mark));
  }
  std::string text = sheet;
  text.replace(text.find("{box}"), 5, "Sxe5+");
  const reconstruct::Reconstruction marked = reconstruct::reconstruct_game({sheet_text(text)});
  const reconstruct::PlyEvidence& e = evidence(marked, 9);
  CHECK(has_slip(e, reconstruct::SlipKind::check_mark_wrong, "+", "none"));
  CHECK(e.cost == doctest::Approx(costs.check_mark_wrong));
}

TEST_CASE("reconstruct: an unreadable character and two readings") {
  const reconstruct::Reconstruction r = reconstructed("unreadable-and-readings");
  CHECK(r.plies[19].san == "Nc5");
  CHECK(has_slip(r.plies[19].evidence[0], reconstruct::SlipKind::unreadable, "?", "c"));
  CHECK(r.plies[19].evidence[0].reading == "Sc5");
  CHECK(r.plies[32].san == "Qe2");
  CHECK(has_slip(r.plies[32].evidence[0], reconstruct::SlipKind::unreadable, "?", "D"));
  CHECK(r.plies[31].san == "Be6");
  CHECK(has_slip(r.plies[31].evidence[0], reconstruct::SlipKind::reading_chosen, "Le6|Lg4", "Le6"));
}

TEST_CASE("reconstruct: running text, the language decided from the moves") {
  reconstruct::Reconstruction r = reconstructed("running-text");
  CHECK(r.plies[22].san == "Bg5");
  CHECK(r.plies[22].status == reconstruct::PlyStatus::corrected);
  CHECK_FALSE(r.languages[0].given);
  // K D T L S: bokmål, nynorsk, Swedish, Danish and German read it alike.
  CHECK(r.languages[0].also_fit.size() >= 3);
  r = reconstructed("language-decided");
  CHECK_FALSE(r.languages[0].given);
  CHECK(notation::LetterTable::instance().language(r.languages[0].language).code == "de");
}

TEST_CASE("reconstruct: a header field one copy leaves blank is not a disagreement") {
  // Players often fill in only the names on their own copy.
  const reconstruct::Reconstruction r = reconstruct::reconstruct_game(
      {sheet_text("Turnering: Klubbmesterskap\nDato: 21.11.2026\nBord: 4\nNotasjon: nb\nSkjema: hvit\n\n"
                  "1 e4 e5\n2 Sf3 Sc6\n"),
       sheet_text("Turnering: ?\nDato: 22.11.2026\nNotasjon: nb\nSkjema: svart\n\n1 e4 e5\n2 Sf3 Sc6\n")});
  REQUIRE(r.disagreements.size() == 1);
  CHECK(r.disagreements[0].tag == "Date");
  const auto tag = [&r](std::string_view name) {
    for (const Tag& t : r.tags)
      if (t.name == name) return t.value;
    return std::string("(none)");
  };
  CHECK(tag("Event") == "Klubbmesterskap");
  CHECK(tag("Board") == "4");
}

TEST_CASE("reconstruct: copies that write a field in other case or form do not disagree") {
  const reconstruct::Reconstruction r = reconstruct::reconstruct_game(
      {sheet_text(
           "Turnering: Bergen sjakklubb.\nRunde: 3.\nNotasjon: nb\nSkjema: hvit\n\n1 e4 e5\n2 Sf3 Sc6\n"),
       sheet_text("Turnering: Bergen  Sjakklubb\nRunde: runde 3\nNotasjon: nb\nSkjema: svart\n\n1 e4 e5\n"
                  "2 Sf3 Sc6\n")});
  CHECK(r.disagreements.empty());
  for (const Tag& t : r.tags)
    if (t.name == "Round") CHECK(t.value == "3");
}

TEST_CASE("reconstruct: two sheets that disagree give one game") {
  const reconstruct::EvidenceSheet white = sheet_file("two-sheets-white");
  const reconstruct::EvidenceSheet black = sheet_file("two-sheets-black");
  const reconstruct::Reconstruction r = reconstruct::reconstruct_game({white, black});
  CHECK(sans(r) == expected_moves("two-sheets-white"));
  CHECK(r.complete);
  // Each sheet's slips are outvoted by the other sheet.
  CHECK(has_slip(evidence(r, 11, 0), reconstruct::SlipKind::file, "e", "c"));
  CHECK(evidence(r, 11, 1).status == reconstruct::PlyStatus::exact);
  CHECK(has_slip(evidence(r, 24, 1), reconstruct::SlipKind::file, "c", "b"));
  // Black's sheet has no moves 40-44 ('-'): White's decides them.
  CHECK(evidence(r, 79, 1).status == reconstruct::PlyStatus::inserted);
  CHECK(r.plies[78].status == reconstruct::PlyStatus::exact);
  REQUIRE(r.disagreements.size() == 1);
  CHECK(r.disagreements[0].tag == "Date");
  CHECK(r.disagreements[0].values == std::vector<std::string>{"2026.11.21", "2026.11.22"});
  // Black's sheet alone cannot fill its gap: it gives another game, and
  // says that the ten plies of the gap were not recorded.
  const reconstruct::Reconstruction alone = reconstruct::reconstruct_game({black});
  CHECK(sans(alone) != expected_moves("two-sheets-white"));
  CHECK(count_status(alone, reconstruct::PlyStatus::inserted) +
            count_status(alone, reconstruct::PlyStatus::uncertain) >=
        10);
}

// The boxes of a game as an English sheet read box by box (the HCS labels):
// one box per move, each claiming its move number and column; a box left
// out is not there at all.
// The moves of a game given in SAN.
std::vector<Move> game_moves(const std::vector<std::string>& sans) {
  std::vector<Move> moves;
  Position pos = Position::start();
  for (const std::string& san : sans) {
    MoveList legal;
    generate_legal(pos, legal);
    Move found = Move::none();
    for (Move m : legal)
      if (to_san(pos, m) == san) found = m;
    REQUIRE(found != Move::none());
    moves.push_back(found);
    Undo undo;
    pos.do_move(found, undo);
  }
  return moves;
}

reconstruct::EvidenceSheet english_boxes(const std::vector<std::string>& moves) {
  reconstruct::EvidenceSheet sheet;
  sheet.language = "en";
  for (std::size_t k = 0; k < moves.size(); ++k)
    sheet.cells.push_back(reconstruct::EvidenceCell{
        reconstruct::EvidenceKind::move, moves[k], {}, static_cast<int>(k) + 1, {}, false, -1});
  return sheet;
}

TEST_CASE("reconstruct: a move written wrong, left, and written again in the next row") {
  // 33.Rf5 is first written "Rf8" (the queen on f7 is in the way) and left
  // standing, Black's box of row 33 stays empty (not there at all, as in
  // the HCS labels), and the last moves are written in rows 34 and 35.
  // Passing over "Rf8" and reading "Rf5" one row early puts the rows after
  // it in place; reading "Rf8" as Rf5 and passing over "Rf5" reaches the
  // same position with the same boxes used for less, but leaves the rows
  // after it out of place. The search must keep both until the next box
  // tells them apart: the game played costs what its departures cost.
  const std::vector<std::string> game = expected_moves("file-c-for-e");  // 67 plies, ends 33...Re3 34.Ref1
  reconstruct::EvidenceSheet sheet = english_boxes(game);
  sheet.cells.pop_back();           // 34.Ref1
  sheet.cells.pop_back();           // 33...Re3
  sheet.cells.back().text = "Rf8";  // 33.Rf5, row 33
  for (const auto& [text, ply] :
       std::vector<std::pair<std::string, int>>{{"Rf5", 67}, {"Re3", 68}, {"Ref1", 69}})
    sheet.cells.push_back(
        reconstruct::EvidenceCell{reconstruct::EvidenceKind::move, text, {}, ply, {}, false, -1});
  reconstruct::ReconstructOptions options;
  options.prior = &reconstruct::MovePrior::none();  // only the slips are priced here
  const reconstruct::Reconstruction free = reconstruct_game({sheet}, options);
  CHECK(free.complete);
  options.line = game_moves(game);
  const reconstruct::Reconstruction r = reconstruct_game({sheet}, options);
  CHECK(sans(r) == game);
  CHECK(r.complete);
  REQUIRE(r.dropped.size() == 1);
  CHECK(r.dropped[0].text == "Rf8");
  CHECK(r.dropped[0].reason == reconstruct::DropReason::not_played);
  CHECK(evidence(r, 65).text == "Rf5");
  CHECK(evidence(r, 66).status == reconstruct::PlyStatus::exact);
  CHECK(evidence(r, 67).status == reconstruct::PlyStatus::exact);
  const reconstruct::SlipCosts& costs = reconstruct::SlipCosts::measured();
  CHECK(r.cost == doctest::Approx(costs.skip + costs.misplaced));
  CHECK(free.cost <= r.cost);
}

TEST_CASE("reconstruct: a game given as a line costs what the search found it to cost") {
  // A writer who writes h for N (as on HCS 096_0): no legal move reads
  // "hf3" well, so every move is priced by its edit distance there. Priced
  // as a given line, the box must be read the same way, or a game priced
  // on a sheet (a page's own game on both pages) is compared with the
  // search's games in other terms.
  std::vector<std::string> game = expected_moves("file-c-for-e");
  std::vector<std::string> written = game;
  REQUIRE(written[2] == "Nf3");
  written[2] = "hf3";
  const reconstruct::Reconstruction found = reconstruct::reconstruct_game({english_boxes(written)});
  REQUIRE(found.complete);
  CHECK(sans(found) == game);
  reconstruct::ReconstructOptions options;
  options.line = game_moves(sans(found));
  const reconstruct::Reconstruction priced = reconstruct_game({english_boxes(written)}, options);
  CHECK(sans(priced) == sans(found));
  CHECK(priced.cost == doctest::Approx(found.cost).epsilon(0.0001));
}

TEST_CASE("reconstruct: a writer who writes K for R throughout pays less for it than one who slips once") {
  // The same game on an English sheet: once with one rook move written
  // with K (40.Rf1 as Kf1), once with every rook move written so. The
  // second writer writes that way: the same box costs less on their sheet
  // (the letter pair priced by its rate there), and the game is the same.
  const std::vector<std::string> game = expected_moves("letter-k-for-r");
  REQUIRE(game[38] == "Rf1");
  std::vector<std::string> once = game, habit = game;
  once[38] = "Kf1";
  int rook_moves = 0;
  for (std::string& box : habit)
    if (box[0] == 'R') {
      box[0] = 'K';
      ++rook_moves;
    }
  REQUIRE(rook_moves >= 6);
  const reconstruct::Reconstruction a = reconstruct::reconstruct_game({english_boxes(once)});
  const reconstruct::Reconstruction b = reconstruct::reconstruct_game({english_boxes(habit)});
  CHECK(sans(a) == game);
  CHECK(sans(b) == game);
  REQUIRE(a.plies.size() > 38);
  REQUIRE(b.plies.size() > 38);
  const reconstruct::PlyEvidence& slip_once = a.plies[38].evidence[0];
  const reconstruct::PlyEvidence& slip_habit = b.plies[38].evidence[0];
  CHECK(has_slip(slip_once, reconstruct::SlipKind::piece_letter, "K", "R"));
  CHECK(has_slip(slip_habit, reconstruct::SlipKind::piece_letter, "K", "R"));
  CHECK(slip_once.cost == doctest::Approx(reconstruct::SlipCosts::measured().letter_slip('K', 'R')));
  CHECK(slip_habit.cost < slip_once.cost - 1.0f);
  // The habit is said, in the sheet's letters; the writer who slipped once has none.
  const auto habit_notes = [](const reconstruct::Reconstruction& r) {
    std::vector<std::string> said;
    for (const Message& m : r.notes)
      if (m.key == "reconstruct.note.letter_habit") said.push_back(english(m));
    return said;
  };
  CHECK(habit_notes(a).empty());
  REQUIRE(habit_notes(b).size() == 1);
  // Counted on the game given: every rook move of the sheet is written
  // with K, the king's own moves (also K) are no rook moves.
  CHECK(habit_notes(b)[0] == "the writer of sheet 1 writes K for R (in all " + std::to_string(rook_moves) +
                                 " boxes of R moves); the sheet is read accordingly");
  // The other rook moves of the habit sheet cost what that box costs.
  for (std::size_t k = 0; k < game.size() && k < b.plies.size(); ++k)
    if (game[k][0] == 'R' && b.plies[k].evidence[0].slips.size() == 1)
      CHECK(b.plies[k].evidence[0].cost == doctest::Approx(slip_habit.cost));
}

TEST_CASE("reconstruct: a row written twice") {
  // The writer lost the place after row 21 and wrote rows 20 and 21 again
  // as rows 22 and 23; the game goes on in row 24. The four boxes that
  // repeat their side's box two rows up are not moves of the game.
  const std::vector<std::string> game = expected_moves("file-c-for-e");
  std::vector<std::string> written(game.begin(), game.begin() + 42);
  written.insert(written.end(), game.begin() + 38, game.begin() + 42);
  written.insert(written.end(), game.begin() + 42, game.end());
  const reconstruct::Reconstruction r = reconstruct::reconstruct_game({english_boxes(written)});
  CHECK(sans(r) == game);
  CHECK(r.complete);
  REQUIRE(r.dropped.size() == 4);
  for (const reconstruct::DroppedCell& d : r.dropped) CHECK(d.reason == reconstruct::DropReason::not_played);
  CHECK(r.dropped[0].cell == 42);
  CHECK(count_status(r, reconstruct::PlyStatus::corrected) == 0);
}

TEST_CASE("reconstruct: a move written after the last one and not played is not a move of the game") {
  // Players write their next move before they play it: the box is passed
  // over, the game is complete, and the box is reported.
  std::vector<std::string> moves = expected_moves("file-c-for-e");
  moves.push_back("Nxc4");  // Black has no knight left
  const reconstruct::Reconstruction r = reconstruct::reconstruct_game({english_boxes(moves)});
  CHECK(r.complete);
  CHECK(r.plies.size() == 67);
  REQUIRE(r.dropped.size() == 1);
  CHECK(r.dropped[0].reason == reconstruct::DropReason::not_played);
}

// --------------------------------------------------------------- results and limits

TEST_CASE("reconstruct: the written result against the final position") {
  const std::string sheet =
      "Hvit: A\nSvart: B\nResultat: ½-½\nNotasjon: nb\n\n1 e4 e5\n2 Lc4 Sc6\n3 Dh5 Sf6\n4 Dxf7#\n";
  const reconstruct::Reconstruction r = reconstruct::reconstruct_game({sheet_text(sheet)});
  CHECK(r.complete);
  CHECK(r.by_position == GameEnd::checkmate);
  CHECK(r.written_result == "1/2-1/2");
  bool noted = false;
  for (const Message& m : r.notes) noted |= m.key == "reconstruct.note.result_contradicts";
  CHECK(noted);
}

TEST_CASE("reconstruct: boxes after the last move that can be played make the game incomplete") {
  // The last box reads as no move that fits: the game stops before it.
  reconstruct::Reconstruction r =
      reconstruct::reconstruct_game({sheet_text("Notasjon: nb\n\n1 e4 e5\n2 Sf3 Sc6\n3 Zz9 Qq1\n")});
  CHECK_FALSE(r.complete);
  CHECK(r.plies.size() <= 4);
  // '-' boxes at the end: moves were played, but which cannot be known.
  r = reconstruct::reconstruct_game({sheet_text("Notasjon: nb\n\n1 e4 e5\n2 Sf3 Sc6\n3 - -\n")});
  CHECK_FALSE(r.complete);
  CHECK(r.plies.size() == 4);
  REQUIRE(r.dropped.size() == 2);
  CHECK(r.dropped[0].reason == reconstruct::DropReason::unrecorded_after);
  // Rows of them (time trouble): the game still ends at the last written
  // move, with no move made up for a '-' box, and the search does not
  // widen over the blank rows (it made up one move, in 0.6 s).
  r = reconstruct::reconstruct_game({sheet_text(
      "Notasjon: nb\n\n1 e4 e5\n2 Sf3 Sc6\n3 Lb5 a6\n4 La4 Sf6\n5 0-0 Le7\n6 - -\n7 - -\n8 - -\n9 - -\n")});
  CHECK_FALSE(r.complete);
  CHECK(r.plies.size() == 10);
  CHECK(r.dropped.size() == 8);
  for (const reconstruct::DroppedCell& d : r.dropped)
    CHECK(d.reason == reconstruct::DropReason::unrecorded_after);
  CHECK(r.ask.empty());
  CHECK(r.stats.work < 100'000);
}

TEST_CASE("reconstruct: any input ends, within the time limit") {
  std::mt19937 rng(7);
  const std::string alphabet = "abcdefghKQRBNSDTL12345678x+-=?|~# O0";
  for (int round = 0; round < 30; ++round) {
    std::string text = "Notasjon: nb\n\n";
    const int rows = 1 + static_cast<int>(rng() % 40);
    for (int row = 1; row <= rows; ++row) {
      text += std::to_string(row);
      for (int cell = 0; cell < 2; ++cell) {
        text += ' ';
        const int length = 1 + static_cast<int>(rng() % 6);
        for (int k = 0; k < length; ++k) text += alphabet[rng() % alphabet.size()];
      }
      text += '\n';
    }
    // A work limit ends a hopeless sheet the same way on any machine (and
    // under the sanitizers, ten times slower, as soon): a hundredth of the
    // default. The clock is the safety net only.
    reconstruct::ReconstructOptions options;
    options.work_limit = 1'000'000;
    options.time_limit = std::chrono::milliseconds(30000);
    const reconstruct::Reconstruction r = reconstruct_game({sheet_text(text)}, options);
    // Every ply is a legal move of the game (replaying must not fail).
    Position pos = r.start;
    for (const reconstruct::ReconstructedPly& p : r.plies) {
      REQUIRE(pos.is_legal(p.move));
      Undo undo;
      pos.do_move(p.move, undo);
    }
  }
  // Nothing at all, and a sheet of nothing but gaps.
  CHECK(reconstruct::reconstruct_game({}).plies.empty());
  CHECK(reconstruct::reconstruct_game({sheet_text("Notasjon: nb\n")}).plies.empty());
  std::string gaps = "Notasjon: nb\n\n";
  for (int row = 1; row <= 60; ++row) gaps += std::to_string(row) + " - -\n";
  gaps += "61 Dxf7+ Kh8\n";
  // The work limit stops the search, the same way on any machine: the
  // best game so far, flagged and said in a note.
  reconstruct::ReconstructOptions quick;
  quick.work_limit = 200000;
  const auto began = std::chrono::steady_clock::now();
  const reconstruct::Reconstruction r = reconstruct_game({sheet_text(gaps)}, quick);
  const auto spent = std::chrono::steady_clock::now() - began;
  CHECK(spent < std::chrono::seconds(5));
  CHECK_FALSE(r.complete);
  CHECK(r.stats.work_limit);
  CHECK(r.stats.work >= quick.work_limit);
  CHECK(r.stats.work < quick.work_limit + 1000);  // given up within one state's moves
  CHECK(std::any_of(r.notes.begin(), r.notes.end(),
                    [](const Message& m) { return m.key == "reconstruct.note.work_limit"; }));
  const reconstruct::Reconstruction again = reconstruct_game({sheet_text(gaps)}, quick);
  CHECK(again.stats.work == r.stats.work);
  CHECK(again.plies.size() == r.plies.size());
  // The time limit, only a safety net, still stops it.
  reconstruct::ReconstructOptions slow;
  slow.time_limit = std::chrono::milliseconds(300);
  const reconstruct::Reconstruction timed = reconstruct_game({sheet_text(gaps)}, slow);
  CHECK_FALSE(timed.complete);
  // More boxes than any game: read up to a limit, said in a note.
  reconstruct::EvidenceSheet huge;
  huge.language = "nb";
  for (int i = 0; i < 4000; ++i)
    huge.cells.push_back(reconstruct::EvidenceCell{
        reconstruct::EvidenceKind::move, i % 2 ? "Sf6" : "Sf3", {}, i + 1, {}, false, -1});
  const reconstruct::Reconstruction big = reconstruct_game({huge}, quick);
  bool noted = false;
  for (const Message& m : big.notes) noted |= m.key == "reconstruct.note.too_many_boxes";
  CHECK(noted);
  CHECK_FALSE(big.complete);
}

// --------------------------------------------------------------- the cost model's pieces

TEST_CASE("reconstruct: reading a box and pricing moves structurally") {
  const int nb = notation::LetterTable::instance().language_index("nb");
  const reconstruct::SlipCosts& costs = reconstruct::SlipCosts::measured();
  const Position start = Position::start();
  // "S?3": each readable guess is a reading of its own.
  const reconstruct::PreparedCell unknown = prepare_cell("S?3", {}, nb, costs);
  CHECK(unknown.any_parsed);
  CHECK(unknown.readings.size() >= 8);
  // "Sf3" for Nf3 costs nothing; for Nh3 a file slip f/h.
  const reconstruct::PreparedCell sf3 = prepare_cell("Sf3", {}, nb, costs);
  REQUIRE(sf3.readings.size() == 1);
  CHECK(structural_cost(sf3.readings[0], start, Move(g1, f3), nb, costs) == 0.0f);
  reconstruct::SlipList why;
  CHECK(structural_cost(sf3.readings[0], start, Move(g1, h3), nb, costs, &why) == costs.file_cost(5, 7));
  REQUIRE(why.size() == 1);
  CHECK(why[0] == reconstruct::Slip{reconstruct::SlipKind::file, "f", "h"});
  // Not a move at all: "N4" is still nearest to Nf3's spellings of its kind.
  const reconstruct::PreparedCell n4 = prepare_cell("N4", {}, notation::LetterTable::english, costs);
  REQUIRE(n4.readings.size() == 1);
  CHECK_FALSE(n4.readings[0].parsed);
  const Position after_d4 = *read_fen("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1").position;
  const float nf6 =
      spelling_cost(n4.readings[0], after_d4, Move(g8, f6), notation::LetterTable::english, costs);
  const float pawn =
      spelling_cost(n4.readings[0], after_d4, Move(e7, e5), notation::LetterTable::english, costs);
  CHECK(nf6 < pawn);
  // The edit distance knows look-alike characters.
  CHECK(edit_distance("Nc3", "Ne3", costs) == costs.file_cost(2, 4));
  CHECK(edit_distance("Nf3", "Nf3", costs) == 0.0f);
  CHECK(edit_distance("Nf3+", "Nf3", costs) == costs.edit_mark);
  // With an alternative first letter (a local sheet's S or the English N),
  // the distance to the nearer of the two texts, computed at once.
  for (const char* written :
       {"Sf3", "Nf3", "hf3", "f3", "Sxf3", "fS3", "Sg1-f3", "Ng1f3", "S?3", "SN", "xS", ""}) {
    for (const char* rest : {"f3", "xf3", "g1-f3", "gf3", "1f3", ""}) {
      const std::string s = std::string("S") + rest, n = std::string("N") + rest;
      CAPTURE(written);
      CAPTURE(rest);
      CHECK(edit_distance(written, s, costs, {}, 'N') ==
            std::min(edit_distance(written, s, costs), edit_distance(written, n, costs)));
    }
  }
}

TEST_CASE("reconstruct: the measured costs put look-alikes below other slips") {
  const reconstruct::SlipCosts& c = reconstruct::SlipCosts::measured();
  const auto f = [](char x) { return x - 'a'; };
  const auto r = [](char x) { return x - '1'; };
  CHECK(c.file_cost(f('c'), f('e')) < c.file_cost(f('c'), f('h')));
  CHECK(c.file_cost(f('e'), f('c')) == c.file_cost(f('c'), f('e')));
  CHECK(c.rank_cost(r('3'), r('5')) < c.rank_cost(r('1'), r('4')));
  CHECK(c.letter_slip('K', 'R') < c.letter_slip('K', 'N'));
  CHECK(c.capture_mark_missing < c.file_cost(f('c'), f('e')));
  CHECK(c.unrecorded_played < c.insert_gap);
}

// --------------------------------------------------------------- the command

TEST_CASE("reconstruct CLI: PGN with a comment at the correction") {
  const auto r =
      test::run_notera({"reconstruct", test::data_path("reconstruct/file-c-for-e.sheet").string()});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("[White \"Hansen, Per\"]") != std::string::npos);
  CHECK(r.out.find("[Result \"1-0\"]") != std::string::npos);
  std::string flat = r.out;
  for (char& c : flat) c = c == '\n' ? ' ' : c;
  CHECK(flat.find("14. Bc2 {line 23, column 4 (move 14): 'Le2' is Bc2: the file c written as e}") !=
        std::string::npos);
  CHECK(r.out.find("1-0\n") != std::string::npos);
  // Lines stay under 80 characters.
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) CHECK(line.size() < 80);
}

TEST_CASE("reconstruct CLI: JSON report") {
  const auto r =
      test::run_notera({"reconstruct", "--json", test::data_path("reconstruct/crossed-out.sheet").string()});
  CHECK(r.exit_code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["complete"] == true);
  CHECK(j["moves"].size() == expected_moves("crossed-out").size());
  CHECK(j["moves"][0]["written"][0]["sheet"] == 1);
  CHECK(j["moves"][0]["written"][0]["line"] == 10);
  CHECK(j["moves"][0]["status"] == "exact");
  CHECK(j["dropped"].size() == 1);
  CHECK(j["dropped"][0]["text"] == "Dc2");
  CHECK(j["dropped"][0]["reason"] == "crossed_out");
  CHECK(j["result"]["written"] == "1-0");
  CHECK(j["result"]["by_position"].is_null());
  CHECK(j["languages"][0]["language"] == "da");
  CHECK(j["pgn"].get<std::string>().find("[Event \"Klubturnering\"]") != std::string::npos);
}

TEST_CASE("reconstruct CLI: two sheets, other notations, exit codes") {
  const std::string white = test::data_path("reconstruct/two-sheets-white.sheet").string();
  const std::string black = test::data_path("reconstruct/two-sheets-black.sheet").string();
  auto r = test::run_notera({"reconstruct", "--json", white, black});
  CHECK(r.exit_code == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["disagreements"][0]["tag"] == "Date");
  CHECK(j["moves"][10]["written"].size() == 2);
  CHECK(j["moves"][10]["status"] == "corrected");
  // How carefully each copy was written: written boxes and departures.
  REQUIRE(j["care"].size() == 2);
  CHECK(j["care"][1]["sheet"] == 2);
  CHECK(j["care"][0]["departures"].get<int>() >= 1);
  CHECK(j["care"][1]["boxes"].get<int>() > 50);

  r = test::run_notera(
      {"reconstruct", "--to", "uci", test::data_path("reconstruct/rank-omitted.sheet").string()});
  CHECK(r.exit_code == 0);
  CHECK(r.out.rfind("e2e4 e7e6 d2d4 d7d5 b1d2 c7c5 e4d5 ", 0) == 0);

  // A language's letters: the PGN in them, the moves its comments name too.
  r = test::run_notera({"reconstruct", "--to", "de", "--messages", "en",
                        test::data_path("reconstruct/rank-omitted.sheet").string()});
  CHECK(r.out.find("1. e4 e6 2. d4 d5 3. Sd2 c5 4. exd5 Dxd5") != std::string::npos);
  r = test::run_notera(
      {"reconstruct", "--to", "nb", "--messages", "nb", NOTERA_SAMPLES "/nb/solberg-haugen.sheet"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("[White ") != std::string::npos);
  std::replace(r.out.begin(), r.out.end(), '\n', ' ');  // the PGN's lines joined
  CHECK(r.out.find("9. Te1 {linje 20, kolonne 4 (trekk 9): «Tc1» er Te1: linjen e skrevet som c}") !=
        std::string::npos);
  CHECK(r.out.find("er «Lg3» Lg5 eller Le3?") != std::string::npos);

  test::TempDir dir;
  const auto bad = dir.write("bad.sheet", "Notasjon: nb\n\n1 e4 e5\n2 Zz9 Qq1\n");
  r = test::run_notera({"reconstruct", bad.string()});
  CHECK(r.exit_code == 1);
  r = test::run_notera({"reconstruct", (dir.path() / "missing.sheet").string()});
  CHECK(r.exit_code == 2);
  r = test::run_notera({"reconstruct", white, black, white});
  CHECK(r.exit_code == 2);
  r = test::run_notera({"reconstruct", "--lang", "xx", white});
  CHECK(r.exit_code == 2);
}

TEST_CASE("reconstruct: a box that names no square is read as an illegible one") {
  // samples/nb/solberg-haugen with rows 12 and 13 left blank and White's
  // 14th box ('Lg3' there) a scrawl. Read by its edit distance, 'xyz' was
  // nearest to some capture (the x) and dearer than passing it over with a
  // blank box, and the game came back a move short, 81 plies of 83, every
  // ply after the gap out of step. With no file, rank or castling in it,
  // it is read as '???' is, and 'Txx' as 'T??', a rook move.
  std::string sheet;
  {
    std::istringstream in(test::read_file(NOTERA_SAMPLES "/nb/solberg-haugen.sheet"));
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("12 ", 0) == 0) line = "12 -           -";
      if (line.rfind("13 ", 0) == 0) line = "13 -           -";
      if (line.rfind("14 ", 0) == 0) line.replace(line.find("Lg3"), 3, "@@@");
      sheet += line + "\n";
    }
  }
  REQUIRE(sheet.find("14 @@@") != std::string::npos);
  test::TempDir dir;
  std::vector<std::string> games;
  for (const std::string scrawl : {"???", "xyz", "Txx"}) {
    std::string text = sheet;
    text.replace(text.find("@@@"), 3, scrawl);
    const auto r = test::run_notera({"reconstruct", "--json", dir.write("scrawl.sheet", text).string()});
    CAPTURE(scrawl);
    REQUIRE(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["complete"] == true);
    REQUIRE(j["moves"].size() == 83);
    // From Black's 14th box on, the game of the sheet as written, in step.
    CHECK(j["moves"][27]["san"] == "b5");
    CHECK(j["moves"][82]["san"] == "Ke3");
    if (scrawl == "Txx") continue;
    std::string game;
    for (const auto& m : j["moves"]) game += m["san"].get<std::string>() + " ";
    games.push_back(game);
    // The note names the box as written.
    if (scrawl == "xyz") CHECK(r.out.find("'xyz' read as") != std::string::npos);
  }
  // 'xyz' says as little as '???': the same game.
  CHECK(games[0] == games[1]);
}

TEST_CASE("reconstruct: the explanations read in nb, nn, da, sv and de") {
  // Every message of a real reconstruction, rendered in each language:
  // formatted without error, and not left in English.
  const reconstruct::Reconstruction r =
      reconstruct::reconstruct_game({sheet_file("two-sheets-white"), sheet_file("two-sheets-black")});
  std::vector<Message> messages;
  for (const reconstruct::ReconstructedPly& p : r.plies)
    for (const reconstruct::PlyEvidence& e : p.evidence)
      if (e.status != reconstruct::PlyStatus::exact) messages.push_back(explain(r, p, e, 2));
  for (const reconstruct::HeaderDisagreement& d : r.disagreements)
    messages.push_back(
        Message("reconstruct.header_disagreement").with("tag", d.tag).with("first", "a").with("second", "b"));
  for (int k = 0; k < reconstruct::slip_kind_count; ++k)
    messages.push_back(explain(reconstruct::Slip{static_cast<reconstruct::SlipKind>(k), "e", "c"}));
  messages.push_back(
      Message("reconstruct.note.language_decided").with("sheet", 1).with("language", "nb").with("others", 3));
  messages.push_back(
      Message("reconstruct.note.result_contradicts").with("written", "1/2-1/2").with("end", "checkmate"));
  REQUIRE(messages.size() > 30);
  const locale::Messages english_messages("en");
  for (const char* code : {"nb", "nn", "da", "sv", "de"}) {
    const locale::Messages local(code);
    for (const Message& m : messages) {
      CAPTURE(code);
      CAPTURE(m.key);
      const std::string text = local.format(m);
      CHECK_FALSE(text.empty());
      CHECK(text != english_messages.format(m));
    }
  }
}

// The legal move of `pos` written `san`.
Move move_of(const Position& pos, const std::string& san) {
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal)
    if (to_san(pos, m) == san) return m;
  FAIL("no legal move " << san);
  return Move::none();
}

TEST_CASE("move model: what a move does, in the Ruy Lopez") {
  // 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6: the pawn just moved attacks the bishop.
  const std::vector<Move> moves = game_moves({"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"});
  Position pos = Position::start();
  for (Move m : moves) {
    Undo undo;
    pos.do_move(m, undo);
  }
  const Move last = moves.back();
  const auto features = [&](const std::string& san) {
    return reconstruct::UnwrittenPrior::features_of(pos, move_of(pos, san), last);
  };
  const auto bit = [](reconstruct::UnwrittenPrior::Feature f) { return 1u << f; };
  using F = reconstruct::UnwrittenPrior;
  CHECK(features("Ba4") ==
        (bit(F::bishop) | bit(F::escapes) | bit(F::escapes_last_mover) | bit(F::retreats)));
  // Bxc6: the knight is defended twice; bishop for knight is even.
  CHECK(features("Bxc6") ==
        (bit(F::bishop) | bit(F::capture) | bit(F::escapes) | bit(F::escapes_last_mover) | bit(F::centre)));
  CHECK(features("O-O") == bit(F::castles));
  CHECK(features("d4") == (bit(F::double_push) | bit(F::centre)));
  // Nxe5 takes a pawn the knight on c6 defends: a knight for a pawn.
  CHECK(features("Nxe5") == (bit(F::knight) | bit(F::capture) | bit(F::gives_material) | bit(F::centre)));
  CHECK(features("Nc3") == (bit(F::knight) | bit(F::develops) | bit(F::centre)));
  // The bishop saved is likelier than a pawn move that leaves it en prise.
  const reconstruct::UnwrittenPrior& model = reconstruct::UnwrittenPrior::measured();
  CHECK(model.score(features("Ba4")) > model.score(features("h3")) + 1.0f);
  CHECK(model.score(features("Ba4")) <= model.max_score());
}

TEST_CASE("move model: what a move gives up or gains, for the moves of a gap") {
  using F = reconstruct::UnwrittenPrior;
  const auto bit = [](F::Feature f) { return 1u << f; };
  // 1.e4 e5: the king may walk (and lose castling), the queen come out
  // early, a knight go to the rim.
  const std::vector<Move> moves = game_moves({"e4", "e5"});
  Position pos = Position::start();
  for (Move m : moves) {
    Undo undo;
    pos.do_move(m, undo);
  }
  const auto features = [&](const Position& p, const std::string& san, Move last) {
    return F::features_of(p, move_of(p, san), last);
  };
  CHECK(features(pos, "Ke2", moves.back()) == (bit(F::king) | bit(F::king_walk) | bit(F::gives_up_castling)));
  CHECK(features(pos, "Qh5", moves.back()) == (bit(F::queen) | bit(F::early_queen) | bit(F::threatens)));
  CHECK(features(pos, "Na3", moves.back()) == (bit(F::knight) | bit(F::develops) | bit(F::knight_rim)));
  // An endgame: the rook that may still castle goes to an open file, the
  // pawn nothing stops goes on.
  const FenResult end = read_fen("4k3/8/8/4P3/8/8/8/R3K3 w Q - 0 1");
  REQUIRE(end);
  CHECK(features(*end.position, "Rc1", Move::none()) ==
        (bit(F::rook) | bit(F::rook_open_file) | bit(F::gives_up_castling)));
  CHECK(features(*end.position, "e6", Move::none()) == (bit(F::passed_push) | bit(F::centre)));
  // What players do: develop a knight to f3 rather than walk the king or
  // put the knight on the rim.
  const F& model = F::measured();
  CHECK(model.score(features(pos, "Ke2", moves.back())) + 1.0f <
        model.score(features(pos, "Nf3", moves.back())));
  CHECK(model.score(features(pos, "Na3", moves.back())) + 1.0f <
        model.score(features(pos, "Nf3", moves.back())));
}

TEST_CASE("move model: what the moves written after a move say of it") {
  using F = reconstruct::UnwrittenPrior;
  const auto bit = [](F::Feature f) { return 1u << f; };
  const Position start = Position::start();
  const auto foresight = [&](const std::string& san, std::vector<F::Later> later) {
    return F::foresight_of(start, move_of(start, san), later);
  };
  // White's next move written 'Ne5' (two plies on): Nf3 readies it, Nc3
  // does not reach e5, and the knight on g1 could not before.
  const F::Later knight_e5{PieceType::knight, make_square(4, 4), 2};
  CHECK(foresight("Nf3", {knight_e5}) == bit(F::prepares_next));
  CHECK(foresight("Nc3", {knight_e5}) == 0);
  // The same move written two and three moves on.
  CHECK(foresight("Nf3", {{PieceType::knight, make_square(4, 4), 4}}) == bit(F::prepares_second));
  CHECK(foresight("Nf3", {{PieceType::knight, make_square(4, 4), 6}}) == bit(F::prepares_third));
  // Beyond the side's third move, or the opponent's move: nothing.
  CHECK(foresight("Nf3", {{PieceType::knight, make_square(4, 4), 8}}) == 0);
  CHECK(foresight("Nf3", {{PieceType::knight, make_square(4, 4), 3}}) == 0);
  // e4 leaves e2 to the bishop ('Be2') and opens its way to c4 ('Bc4').
  CHECK(foresight("e4", {{PieceType::bishop, make_square(4, 1), 2}}) == bit(F::vacates));
  CHECK(foresight("e4", {{PieceType::bishop, make_square(2, 3), 4}}) == bit(F::opens));
  CHECK(foresight("d4", {{PieceType::bishop, make_square(2, 3), 4}}) == 0);
  // A box in long form says where its piece stands: 'Sf3-g5' eight
  // plies on (beyond the side's third move) is readied by the knight that
  // goes to f3, not by the one that goes to h3 (which reaches g5 too);
  // two plies on it is the side's next move.
  const F::Later from_f3_far{PieceType::knight, make_square(6, 4), 8, make_square(5, 2)};
  CHECK(foresight("Nf3", {from_f3_far}) == bit(F::prepares_third));
  CHECK(foresight("Nh3", {from_f3_far}) == 0);
  CHECK(foresight("Nf3", {{PieceType::knight, make_square(6, 4), 2, make_square(5, 2)}}) ==
        bit(F::prepares_next));
  // The opponent's box in long form does not ready the side's move.
  CHECK(foresight("Nf3", {{PieceType::knight, make_square(6, 4), 7, make_square(5, 2)}}) == 0);
  // The opponent's next move goes where the pawn went ('exd4'): taken.
  CHECK(foresight("d4", {{PieceType::pawn, make_square(3, 3), 1}}) == bit(F::targeted));
  CHECK(foresight("d4", {}) == 0);
  // Readying the next move counts for more than anything else the move
  // does by itself: a move to the rim that readies it beats developing.
  const F& model = F::measured();
  const auto score = [&](const std::string& san, std::vector<F::Later> later) {
    return model.score(F::features_of(start, move_of(start, san), Move::none()) | foresight(san, later));
  };
  const F::Later knight_c4{PieceType::knight, make_square(2, 3), 2};
  CHECK(score("Na3", {knight_c4}) > score("Nf3", {knight_c4}));
  CHECK(score("Na3", {}) < score("Nf3", {}));
}

TEST_CASE("move model: the moves a sheet writes after each box, worked out once") {
  using F = reconstruct::UnwrittenPrior;
  // 1.e4 (Black's box blank) 2.Nf3 (after a crossed-out 'Bb5') Nc6 3.Bc4
  // Bc5 4.O-O Nf6 5.d3 d6 6.Nb1-d2 Bc8-g4.
  reconstruct::EvidenceSheet sheet = english_boxes(
      {"e4", "-", "Bb5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "d3", "d6", "Nb1-d2", "Bc8-g4"});
  sheet.cells[1].kind = reconstruct::EvidenceKind::unrecorded;
  sheet.cells[2].kind = reconstruct::EvidenceKind::crossed_out;
  const int en = notation::LetterTable::instance().language_index("en");
  const reconstruct::search::PreparedSheet p =
      reconstruct::search::prepare_sheet(sheet, en, reconstruct::SlipCosts::measured());
  const auto text = [](const F::Later& l) {
    std::string t = std::to_string(l.distance) + ":" + std::to_string(static_cast<int>(l.type)) + "@" +
                    std::to_string(static_cast<int>(l.to));
    if (l.from != no_square) t += "<" + std::to_string(static_cast<int>(l.from));
    return t;
  };
  const auto seen_from = [&](int box) {
    std::vector<std::string> out;
    for (const F::Later& l : p.later_from(box)) out.push_back(text(l));
    return out;
  };
  // What the move that fills the blank box sees (box 2 on): the
  // crossed-out box holds no ply; castling takes a ply and names no
  // square; beyond the next six plies only Black's boxes in long form
  // count ('Bc8-g4' ten plies on, not 'd6' or White's 'Nb1-d2').
  const std::vector<F::Later> expected = {{PieceType::knight, make_square(5, 2), 1},
                                          {PieceType::knight, make_square(2, 5), 2},
                                          {PieceType::bishop, make_square(2, 3), 3},
                                          {PieceType::bishop, make_square(2, 4), 4},
                                          {PieceType::knight, make_square(5, 5), 6},
                                          {PieceType::bishop, make_square(6, 3), 10, make_square(2, 7)}};
  std::vector<std::string> want;
  for (const F::Later& l : expected) want.push_back(text(l));
  CHECK(seen_from(2) == want);
  // From the last box, only it; past the end, nothing.
  CHECK(seen_from(12) ==
        std::vector<std::string>{text({PieceType::bishop, make_square(6, 3), 1, make_square(2, 7)})});
  CHECK(p.later_from(p.size()).empty());
}

TEST_CASE("reconstruct: a move not written is the move players make") {
  // 1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5, Black's second move left blank. Qa5
  // needs the queen out: 2...Qxd5 fits, and so do 2...c6 and 2...c5 (the
  // queen then goes d8-a5). Taking back the pawn is what players do.
  reconstruct::EvidenceSheet sheet = english_boxes({"e4", "d5", "exd5", "-", "Nc3", "Qa5", "d4", "Nf6"});
  sheet.cells[3].kind = reconstruct::EvidenceKind::unrecorded;
  const reconstruct::Reconstruction r = reconstruct::reconstruct_game({sheet});
  CHECK(r.complete);
  CHECK(sans(r) == std::vector<std::string>{"e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "Nf6"});
  // c6 and c5 still fit: the move is marked so, with them as alternatives.
  CHECK((r.plies[3].status == reconstruct::PlyStatus::inserted ||
         r.plies[3].status == reconstruct::PlyStatus::uncertain));
}

TEST_CASE("reconstruct: where two copies disagree, the careful writer's copy is believed") {
  // A Ruy Lopez (Breyer) to 15...c5. White's copy is written cleanly; the
  // other copy has eight slips that read as no legal move (e5 for 1.e4,
  // Rc1 for 6.Re1, ...) and 4.Bc4 for 4.Ba4, a slip that reads as a legal
  // move that the rest of the game does not contradict: the bishop reaches
  // b3 from c4 as well.
  const std::vector<std::string> played = {
      "e4",  "e5", "Nf3", "Nc6", "Bb5",  "a6",   "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",  "Bb3", "d6", "c3",
      "O-O", "h3", "Nb8", "d4",  "Nbd7", "Nbd2", "Bb7", "Bc2", "Re8", "Nf1", "Bf8", "Ng3", "g6",  "a4", "c5"};
  std::vector<std::string> careless = played;
  careless[0] = "e5";
  careless[6] = "Bc4";
  careless[10] = "Rc1";
  careless[16] = "h5";
  careless[18] = "d5";
  careless[20] = "Nbd7";
  careless[22] = "Be2";
  careless[24] = "Nf8";
  careless[26] = "Ng5";
  const reconstruct::EvidenceSheet white = english_boxes(played);
  const reconstruct::EvidenceSheet black = english_boxes(careless);

  const reconstruct::Reconstruction r = reconstruct::reconstruct_game({white, black});
  CHECK(r.complete);
  CHECK(sans(r) == played);
  REQUIRE(r.care.size() == 2);
  CHECK(r.care[0].boxes == 30);
  CHECK(r.care[0].departures == 0);
  CHECK(r.care[1].departures == 9);
  // The careless copy's departures are priced lower, the careful one's higher.
  CHECK(r.care[1].weight < 1.0f);
  CHECK(r.care[0].weight > 1.0f);
  CHECK(has_slip(evidence(r, 7, 1), reconstruct::SlipKind::file, "c", "a"));

  // With both copies weighed alike, 4.Ba4 against 4.Bc4 is one slip
  // either way, and the move model's liking for the centre decides.
  reconstruct::ReconstructOptions alike;
  alike.slip_weights = {1.0f, 1.0f};
  const reconstruct::Reconstruction tie = reconstruct_game({white, black}, alike);
  CHECK(tie.plies.at(6).san == "Bc4");
  CHECK(tie.plies.at(6).status == reconstruct::PlyStatus::uncertain);
  // One copy alone is taken at its word.
  CHECK(sans(reconstruct::reconstruct_game({black})).at(6) == "Bc4");
  CHECK(sans(reconstruct::reconstruct_game({white})) == played);
}

TEST_CASE("reconstruct: a sheet that starts the game again from move 1 gives the new game (Laws 7.1, 7.3)") {
  // new-game.sheet: six moves of a game played with the colours reversed,
  // cancelled (Laws 7.3: fewer than ten moves), and the new game written
  // on from row 7, numbered on; new-game-renumbered.sheet numbers it from
  // 1 again. The boxes before it are not moves of the game that counts.
  const std::vector<std::string> game{"d4",   "Nf6",  "c4",   "e6",   "Nc3", "Bb4", "e3",  "O-O",
                                      "Bd3",  "d5",   "Nf3",  "c5",   "O-O", "Nc6", "a3",  "Bxc3",
                                      "bxc3", "dxc4", "Bxc4", "Qc7",  "Bd3", "e5",  "Qc2", "Re8",
                                      "Nxe5", "Nxe5", "dxe5", "Qxe5", "f3",  "Bd7", "a4",  "Rad8"};
  for (const char* name : {"new-game", "new-game-renumbered"}) {
    CAPTURE(name);
    const reconstruct::Reconstruction r = reconstruct::reconstruct_game({sheet_file(name)});
    CHECK(sans(r) == game);
    CHECK(r.complete);
    CHECK(count_status(r, reconstruct::PlyStatus::exact) == 32);
    REQUIRE(r.dropped.size() == 12);
    for (const reconstruct::DroppedCell& d : r.dropped) {
      CHECK(d.reason == reconstruct::DropReason::cancelled_game);
      CHECK(d.after_ply == 0);
    }
    CHECK(r.dropped.front().text == "e4");
    CHECK(r.dropped.front().where.line == 12);
    const auto note = std::find_if(r.notes.begin(), r.notes.end(),
                                   [](const Message& m) { return m.key == "reconstruct.note.new_game"; });
    REQUIRE(note != r.notes.end());
    CHECK(english(*note) ==
          "sheet 1: the game starts again from move 1 at line 18; what is written before it is a cancelled "
          "game "
          "(Laws 7.1, 7.3), not read as moves of this one: e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 0-0 Le7 Te1 b5");
  }
  // Without the price of a new game the search reads the boxes as one
  // game, with moves no box records and slips: not the game played.
  reconstruct::SlipCosts never = reconstruct::SlipCosts::measured();
  never.new_game = 0.0f;
  reconstruct::ReconstructOptions options;
  options.costs = &never;
  const reconstruct::Reconstruction one_game =
      reconstruct::reconstruct_game({sheet_file("new-game")}, options);
  CHECK(sans(one_game) != game);
  CHECK(one_game.plies.size() > game.size());
  // A person's answer for a box of the first game says it is a move of the
  // game: no new game after it.
  reconstruct::EvidenceSheet answered = sheet_file("new-game");
  answered.cells[2].readings = {answered.cells[2].text};
  answered.cells[2].certain = true;
  const reconstruct::Reconstruction kept = reconstruct::reconstruct_game({answered});
  CHECK(kept.plies.at(2).san == "Nf3");
  CHECK(std::none_of(kept.dropped.begin(), kept.dropped.end(), [](const reconstruct::DroppedCell& d) {
    return d.reason == reconstruct::DropReason::cancelled_game;
  }));
  // Both copies start again at the same row: one new game, a note for each.
  const reconstruct::Reconstruction both =
      reconstruct::reconstruct_game({sheet_file("new-game"), sheet_file("new-game-black")});
  CHECK(sans(both) == game);
  CHECK(std::count_if(both.notes.begin(), both.notes.end(),
                      [](const Message& m) { return m.key == "reconstruct.note.new_game"; }) == 2);
  CHECK(std::count_if(both.dropped.begin(), both.dropped.end(), [](const reconstruct::DroppedCell& d) {
          return d.reason == reconstruct::DropReason::cancelled_game;
        }) == 24);
}

TEST_CASE("reconstruct: a game that comes back to the start position is not a new game") {
  // back-to-start.sheet: 1. Nf3 Nf6 2. Ng1 Ng8, and the game goes on. From
  // row 3 on the boxes read as a game from the start position too, but the
  // game read from row 1 reads every box: it is cheaper than a new game.
  const reconstruct::Reconstruction r = reconstruct::reconstruct_game({sheet_file("back-to-start")});
  REQUIRE(r.plies.size() == 28);
  CHECK(r.plies[0].san == "Nf3");
  CHECK(r.plies[4].san == "d4");
  CHECK(r.dropped.empty());
  CHECK(std::none_of(r.notes.begin(), r.notes.end(),
                     [](const Message& m) { return m.key == "reconstruct.note.new_game"; }));
}

TEST_CASE("notera reconstruct: a new game on the sheet, end to end") {
  const std::string sheet = test::data_path("reconstruct/new-game.sheet").string();
  const test::RunResult json = test::run_notera({"reconstruct", "--json", sheet});
  REQUIRE(json.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(json.out);
  CHECK(j["complete"] == true);
  REQUIRE(j["dropped"].size() == 12);
  for (const auto& d : j["dropped"]) CHECK(d["reason"] == "cancelled_game");
  CHECK(j["dropped"][0]["line"] == 12);
  // The PGN: the note before the first move, once, not a comment per box.
  const test::RunResult pgn = test::run_notera({"reconstruct", sheet});
  REQUIRE(pgn.exit_code == 0);
  CHECK(pgn.out.find("cancelled game") != std::string::npos);
  CHECK(pgn.out.find("is a move of a cancelled game") == std::string::npos);
  CHECK(pgn.out.find("1. d4 Nf6 2. c4 e6") != std::string::npos);
}

TEST_CASE("reconstruct CLI: a '-' box is asked as a move to name, a written one as a box to check") {
  // nb-oslo-hvit.sheet leaves rows 38 and 39 blank before 40 Dxf7+: the
  // paper has nothing to check there, so the question is which move was
  // played.
  const std::string sheet = test::data_path("sheets/nb-oslo-hvit.sheet").string();
  const auto r = test::run_notera({"reconstruct", "--messages", "en", sheet});
  CHECK(r.exit_code == 0);
  std::string out = r.out;
  std::replace(out.begin(), out.end(), '\n', ' ');
  CHECK(out.find("{no move is written in line 49, column 4 (move 39): was it ") != std::string::npos);
  CHECK(out.find("against the paper: is '-'") == std::string::npos);
  const auto nb = test::run_notera({"reconstruct", "--messages", "nb", sheet});
  out = nb.out;
  std::replace(out.begin(), out.end(), '\n', ' ');
  CHECK(out.find("{ingen trekk er skrevet i linje 49, kolonne 4 (trekk 39): var det ") != std::string::npos);
}

TEST_CASE("reconstruct CLI: a letter habit is counted on the boxes of the piece, in the game given") {
  // letter-k-for-r's game (10 rook moves, 2 king moves) on a sheet that
  // writes K for the first 7 rook moves and the rook's letter for the other
  // 3: K is written for the rook in 7 of the 10 boxes of rook moves (9 boxes
  // hold a K: the king's two moves are no rook moves).
  const std::vector<std::string> game = expected_moves("letter-k-for-r");
  const auto sheet_in = [&game](const std::string& header, const std::string& letters) {
    std::string text = header + "\n\n";
    int rook_moves = 0;
    for (std::size_t k = 0; k < game.size(); ++k) {
      std::string box = game[k];
      const bool habit = box[0] == 'R' && ++rook_moves <= 7;
      for (char& c : box)  // "KQRBN" in the sheet's letters
        if (const std::size_t piece = std::string("KQRBN").find(c); piece != std::string::npos)
          c = letters[piece];
      if (habit) box[0] = 'K';
      text += k % 2 == 0 ? std::to_string(k / 2 + 1) + " " + box : " " + box + "\n";
    }
    REQUIRE(rook_moves == 10);
    return text + "\n";
  };
  test::TempDir dir;
  for (const auto& [header, letters, messages, note] :
       {std::tuple{
            "Notation: en", "KQRBN", "en",
            "the writer of sheet 1 writes K for R (in 7 of the 10 boxes of R moves); the sheet is read "
            "accordingly"},
        std::tuple{
            "Notasjon: nb", "KDTLS", "nb",
            "den som førte skjema 1, skriver K for T (i 7 av de 10 rutene med T-trekk); skjemaet leses "
            "deretter"}}) {
    CAPTURE(messages);
    const auto sheet = dir.write(std::string(messages) + ".sheet", sheet_in(header, letters));
    const auto r = test::run_notera({"reconstruct", "--messages", messages, "--json", sheet.string()});
    CHECK(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    std::vector<std::string> sans;
    for (const auto& m : j["moves"]) sans.push_back(m["san"]);
    CHECK(sans == game);
    REQUIRE(j["notes"].size() == 1);
    CHECK(j["notes"][0] == note);
  }
}

TEST_CASE("reconstruct CLI: every place in a sheet is named by line, column in characters and box") {
  // A sheet from a FEN at move 30: its boxes are named by their own numbers
  // (move 31..., not the game's 2nd move). Black's 31...Ke5 (for Ke6) after
  // a figurine: column 8 in characters, 10 in bytes. Row 32 has a box too
  // many after the last move; line 7 a '~~' never closed in White's box of
  // move 33.
  test::TempDir dir;
  const auto sheet = dir.write("fen.sheet",
                               "FEN: 4k3/8/8/8/8/8/4P3/4K2R w K - 0 30\nNotasjon: nb\n\n"
                               "30 0-0   Kd7\n31 \u2656c1 Ke5\n32 Te1   Kf5  Kg6\n33 ~~Te2\n");
  const auto r = test::run_notera({"reconstruct", "--messages", "en", sheet.string()});
  std::string pgn = r.out;
  std::replace(pgn.begin(), pgn.end(), '\n', ' ');
  CHECK(pgn.find("31. Rc1 Ke6 {line 5, column 8 (move 31...): 'Ke5' is Ke6: the rank 6 written as 5}") !=
        std::string::npos);
  CHECK(pgn.find("{line 6, column 15 (move 32, a box too many): 'Kg6' ") != std::string::npos);
  // The sheet's own problems on stderr: FILE:LINE:COL, and the box.
  CHECK(r.err.find(
            "fen.sheet:6:15: the row of move 32 is full: 'Kg6' is kept as evidence but claims no move\n") !=
        std::string::npos);
  CHECK(r.err.find(
            "fen.sheet:7:4: move 33: '~~' starts crossed-out text that is not closed by '~~' on the same "
            "line\n") != std::string::npos);
  // With the moves on one line, the corrections go to stderr with the file.
  const auto uci = test::run_notera({"reconstruct", "--to", "uci", "--messages", "en", sheet.string()});
  CHECK(uci.out == "position fen 4k3/8/8/8/8/8/4P3/4K2R w K - 0 30 moves e1g1 e8d7 f1c1 d7e6 c1e1 e6f5\n");
  CHECK(uci.err.find("fen.sheet: line 5, column 8 (move 31...): 'Ke5' is Ke6") != std::string::npos);
  // In JSON: the dropped box's message and place.
  const auto j = nlohmann::json::parse(
      test::run_notera({"reconstruct", "--json", "--messages", "en", sheet.string()}).out);
  bool seen = false;
  for (const auto& d : j["dropped"])
    if (d["text"] == "Kg6") {
      seen = true;
      CHECK(d["line"] == 6);
      CHECK(d["column"] == 15);
      CHECK(d["message"].get<std::string>().rfind("line 6, column 15 (move 32, a box too many): 'Kg6'", 0) ==
            0);
    }
  CHECK(seen);
}
