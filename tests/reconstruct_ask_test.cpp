// Reconstruction's doubts: each ply's confidence, the ask list, and a
// person's answer recorded in the sheet ("{=Sf6}"), taken as certain.
#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "notera/reconstruct/evidence.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "support/cli.hpp"

using namespace notera;

namespace {

reconstruct::Reconstruction reconstruct_text(const std::string& text) {
  const std::vector<reconstruct::EvidenceSheet> sheets{
      reconstruct::evidence_of(scoresheet::read_scoresheet(text, "test.sheet"))};
  return reconstruct::reconstruct_game(sheets);
}

const std::string unreadable = "Notation: en\n1. e4 e5\n2. Nf3 N?6\n3. Bc4 Be7\n";

// `text` with a person's answer '{=answer}' written after `row` (the start
// of a line of the sheet, from the newline before it), as a volunteer
// writes it at the end of the box the row ends with.
std::string with_answer(std::string text, const std::string& row, const std::string& answer) {
  const auto at = text.find(row);
  REQUIRE_MESSAGE(at != std::string::npos, row);
  text.insert(at + row.size(), " {=" + answer + "}");
  return text;
}

// The entry of `r`'s ask list at `ply`, or none.
const reconstruct::Ask* ask_at(const reconstruct::Reconstruction& r, int ply) {
  const auto q =
      std::find_if(r.ask.begin(), r.ask.end(), [ply](const reconstruct::Ask& a) { return a.ply == ply; });
  return q == r.ask.end() ? nullptr : &*q;
}

}  // namespace

TEST_CASE("reconstruct: a box two moves fit is asked, with its candidates") {
  const reconstruct::Reconstruction r = reconstruct_text(unreadable);
  REQUIRE(r.plies.size() == 6);
  // Plies nothing else could be are sure; the unreadable knight is not.
  REQUIRE(r.plies[3].confidence.has_value());
  CHECK(*r.plies[3].confidence < 3.0f);
  CHECK((!r.plies[0].confidence || *r.plies[0].confidence > *r.plies[3].confidence));
  REQUIRE_FALSE(r.ask.empty());
  const reconstruct::Ask& q = r.ask.front();
  CHECK(q.ply == 4);
  CHECK(q.sheet == 0);
  CHECK(q.written == "N?6");
  CHECK(q.where.line == 3);
  REQUIRE(q.candidates.size() >= 2);
  CHECK(q.candidates[0].san == r.plies[3].san);
  CHECK(q.candidates[0].cost == 0.0f);
  std::vector<std::string> sans;
  for (const reconstruct::AskCandidate& c : q.candidates) sans.push_back(c.san);
  CHECK(std::find(sans.begin(), sans.end(), "Nc6") != sans.end());
  CHECK(std::find(sans.begin(), sans.end(), "Nf6") != sans.end());
  float total = 0.0f;
  for (const reconstruct::AskCandidate& c : q.candidates) total += c.probability;
  CHECK(total == doctest::Approx(1.0f).epsilon(0.001));
}

TEST_CASE("reconstruct: an answer in the sheet is taken as certain and changes only what it implies") {
  const reconstruct::Reconstruction before = reconstruct_text(unreadable);
  REQUIRE(before.plies.size() == 6);
  // Answer with the move the search did not choose.
  const std::string other = before.plies[3].san == "Nc6" ? "Nf6" : "Nc6";
  const std::string answered = "Notation: en\n1. e4 e5\n2. Nf3 N?6 {=" + other + "}\n3. Bc4 Be7\n";
  const reconstruct::Reconstruction after = reconstruct_text(answered);
  REQUIRE(after.plies.size() == 6);
  CHECK(after.plies[3].san == other);
  CHECK(after.plies[3].evidence[0].text == "N?6");
  for (std::size_t k = 0; k < 6; ++k)
    if (k != 3) CHECK(after.plies[k].san == before.plies[k].san);
  for (const reconstruct::Ask& q : after.ask) CHECK(q.ply != 4);
  CHECK(after.complete);
}

TEST_CASE("reconstruct: an answer against what is written still wins") {
  // The box says Bc4; the person read the paper as Bb5.
  const reconstruct::Reconstruction r =
      reconstruct_text("Notation: en\n1. e4 e5\n2. Nf3 Nc6\n3. Bc4 {=Bb5} a6\n");
  REQUIRE(r.plies.size() == 6);
  CHECK(r.plies[4].san == "Bb5");
  CHECK(r.plies[5].san == "a6");
}

namespace {

// The last box reads as Re1 with a slip, or as no move at all: the game
// may have been over before it (a move written ahead and never played).
const std::string last_doubtful =
    "Notation: en\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ba4 Nf6\n5. O-O Be7\n6. Rd1\n";

}  // namespace

TEST_CASE("reconstruct: the game over before a ply is a candidate of its own") {
  const reconstruct::Reconstruction r = reconstruct_text(last_doubtful);
  REQUIRE(r.plies.size() == 11);
  CHECK(r.plies[10].san == "Re1");
  const reconstruct::Ask* q = ask_at(r, 11);
  REQUIRE(q != nullptr);
  CHECK(q->written == "Rd1");
  REQUIRE(q->candidates.size() >= 2);
  CHECK(q->candidates[0].san == "Re1");
  CHECK_FALSE(q->candidates[0].ends);
  const auto end = std::find_if(q->candidates.begin(), q->candidates.end(),
                                [](const reconstruct::AskCandidate& c) { return c.ends; });
  REQUIRE(end != q->candidates.end());
  CHECK(end->san.empty());
  CHECK(end->move == Move::none());
  CHECK(end->changes == 1);  // the game would have one ply less
  CHECK(end->cost > 0.0f);
  CHECK(end->cost < 3.0f);
  float total = 0.0f;
  for (const reconstruct::AskCandidate& c : q->candidates) total += c.probability;
  CHECK(total == doctest::Approx(1.0f).epsilon(0.001));
}

TEST_CASE("reconstruct: every asked box offers something besides the move chosen") {
  // Before, a ply whose doubt came from a shorter game was asked with the
  // move chosen alone ("is 'Dxf7+' Qxf7+ or one of ?").
  for (const std::string& text : {unreadable, last_doubtful}) {
    const reconstruct::Reconstruction r = reconstruct_text(text);
    for (const reconstruct::Ask& q : r.ask) {
      CAPTURE(q.ply);
      CHECK(q.candidates.size() >= 2);
    }
  }
}

TEST_CASE("reconstruct: a box the game found passes over is asked where another game reads it") {
  // Morphy's opera game with 7...Qe7 and 8.Nc3 illegible: the game found
  // passes over '?' and plays 8.Nc3 as a move no box records; the next
  // game reads '?' as 8.Na3. Asking the box the game found reads there
  // (none) would send a person to no box at all: '?' is the one to look at.
  const std::string opera =
      "Notation: en\nResult: 1-0\n1. e4 e5\n2. Nf3 d6\n3. d4 Bg4\n4. dxe5 Bxf3\n5. Qxf3 dxe5\n"
      "6. Bc4 Nf6\n7. Qb3 Q?7\n8. ? c6\n9. Bg5 b5\n10. Nxb5 cxb5\n11. Bxb5+ Nbd7\n12. O-O-O Rd8\n"
      "13. Rxd7 Rxd7\n14. Rd1 Qe6\n15. Bxd7+ Nxd7\n16. Qb8+ Nxb8\n17. Rd8#\n";
  const reconstruct::Reconstruction r = reconstruct_text(opera);
  REQUIRE(r.plies.size() == 33);
  CHECK(r.plies[14].san == "Nc3");
  const reconstruct::Ask* q = ask_at(r, 15);
  REQUIRE(q != nullptr);
  CHECK(q->passed_over);
  CHECK(q->sheet == 0);
  CHECK(q->written == "?");
  CHECK(q->where.line == 10);
  CHECK(q->box.move == 8);
  REQUIRE(q->candidates.size() >= 2);
  CHECK(q->candidates[0].san == "Nc3");
  CHECK(q->candidates[1].san == "Na3");
  // The PGN asks about that box, offering that it is no move at all, and
  // the JSON says the box is one the game found passes over.
  test::TempDir dir;
  const auto sheet = dir.write("opera.sheet", opera);
  const auto pgn = test::run_notera({"reconstruct", "--messages", "en", sheet.string()});
  std::string text = pgn.out;  // the PGN's lines wrapped at 80 columns, as one line
  std::replace(text.begin(), text.end(), '\n', ' ');
  CHECK(text.find("{check line 10, column 4 (move 8) against the paper: the game found passes over '?' "
                  "and plays Nc3 here; is '?' Nc3, Na3, or no move of the game?}") != std::string::npos);
  const auto json = test::run_notera({"reconstruct", "--json", sheet.string()});
  const nlohmann::json report = nlohmann::json::parse(json.out);
  for (const nlohmann::json& entry : report.at("ask"))
    CHECK(entry.at("passed_over").get<bool>() == (entry.at("ply") == 15));
  // A person's reading of the box settles the ply either way; the boxes
  // that were clear were never asked.
  for (const std::string& meant : {std::string("Nc3"), std::string("Na3")}) {
    CAPTURE(meant);
    const reconstruct::Reconstruction a = reconstruct_text(with_answer(opera, "\n8. ?", meant));
    REQUIRE(a.plies.size() == 33);
    CHECK(a.plies[14].san == meant);
    CHECK(std::none_of(a.ask.begin(), a.ask.end(), [](const reconstruct::Ask& x) { return x.ply == 15; }));
  }
  // Other asked plies name the box the game reads.
  for (const reconstruct::Ask& x : r.ask)
    if (x.ply != 15) CHECK_FALSE(x.passed_over);
}

TEST_CASE("reconstruct: a box the game found passes over that spells no move where it stands is asked") {
  // 7. h3 a6 written 'Th3' and 'Ta6', a rook's letter on two pawn moves:
  // the game found passes over both boxes and plays 7. a4 h6 from the
  // next row, two plies short. No game the search kept to the end reads
  // the boxes, so no margin asks about them; but a box a writer adds is a
  // move the writer had in mind, and 'Th3' is no move of its position:
  // it is asked where it stands, at even odds, the moves that read it
  // against the move the game found plays there.
  const std::string sheet =
      "Notation: en\n1. e4 e5\n2. Nf3 Nc6\n3. Bc4 Bc5\n4. c3 Nf6\n5. d3 d6\n6. O-O O-O\n7. Th3 Ta6\n"
      "8. a4 h6\n9. Re1 Re8\n10. Nbd2 Be6\n11. Bxe6 Rxe6\n12. Nf1 d5\n13. exd5 Qxd5\n14. Ng3 Rd8\n";
  const reconstruct::Reconstruction r = reconstruct_text(sheet);
  REQUIRE(r.plies.size() == 26);
  CHECK(r.plies[12].san == "a4");
  const reconstruct::Ask* q = ask_at(r, 13);
  REQUIRE(q != nullptr);
  CHECK(q->passed_over);
  CHECK(q->written == "Th3");
  CHECK(q->where.line == 8);
  CHECK(q->box.move == 7);
  CHECK_FALSE(q->box.black);
  REQUIRE(q->candidates.size() >= 3);
  CHECK(q->candidates[0].san == "a4");
  CHECK(q->candidates[1].san == "h3");
  // At most even odds (no candidate priced below the move chosen), and an
  // answer that reads the box changes every ply from there on.
  for (const reconstruct::AskCandidate& c : q->candidates) CHECK(c.cost >= 0.0f);
  CHECK(q->candidates[1].probability > 0.4f);
  CHECK(q->candidates[1].probability <= 0.5f);
  CHECK(q->candidates[1].changes == 14);
  // Only the first of the two boxes passed over is asked: its answer
  // settles the row.
  CHECK(
      std::none_of(r.ask.begin(), r.ask.end(), [](const reconstruct::Ask& x) { return x.written == "Ta6"; }));
  const reconstruct::Reconstruction a = reconstruct_text(with_answer(sheet, "\n7. Th3", "h3"));
  REQUIRE(a.plies.size() == 28);
  CHECK(a.plies[12].san == "h3");
  CHECK(a.plies[13].san == "a6");
  CHECK(a.plies[14].san == "a4");
  // The PGN asks it as a box to check against the paper.
  test::TempDir dir;
  const auto path = dir.write("th3.sheet", sheet);
  const auto pgn = test::run_notera({"reconstruct", "--messages", "en", path.string()});
  std::string text = pgn.out;
  std::replace(text.begin(), text.end(), '\n', ' ');
  CHECK(text.find("{check line 8, column 4 (move 7) against the paper: the game found passes over 'Th3' and "
                  "plays a4 here; is 'Th3' a4, one of h3, b3, a3, g3, or no move of the game?}") !=
        std::string::npos);
}

TEST_CASE("reconstruct: a longer game close behind the game found is carried to its end and asked") {
  // 7. h3 a6, written 'Rh3' and 'ra6': the game found passes over both
  // boxes and is two plies shorter; the game played reads them as pawn
  // moves, a little dearer. When the game found was finished the game
  // played still had two plies to go, and the search stopped one nat
  // behind: ply 13 showed a margin of 5 nats (an unrelated game) and
  // nobody was asked.
  const std::string sheet =
      "Notation: en\n1. e4 e5\n2. Nf3 Nc6\n3. Bc4 Bc5\n4. c3 Nf6\n5. d3 d6\n6. O-O O-O\n7. Rh3 ra6\n"
      "8. a4 h6\n9. Re1 Re8\n10. Nbd2 Be6\n11. Bxe6 Rxe6\n12. Nf1 d5\n13. exd5 Qxd5\n14. Ng3 Rd8\n";
  const std::vector<reconstruct::EvidenceSheet> sheets{
      reconstruct::evidence_of(scoresheet::read_scoresheet(sheet, "test.sheet"))};
  const reconstruct::Reconstruction r = reconstruct::reconstruct_game(sheets);
  REQUIRE(r.plies.size() == 26);
  CHECK(r.plies[12].san == "a4");
  // The person's answer brings the whole game back; priced on the sheet
  // as written, it is the game close behind.
  const reconstruct::Reconstruction answered = reconstruct_text(with_answer(sheet, "\n7. Rh3", "h3"));
  const std::vector<std::string> game{
      "e4", "e5", "Nf3", "Nc6", "Bc4",  "Bc5", "c3",   "Nf6",  "d3",  "d6", "O-O",  "O-O",  "h3",  "a6",
      "a4", "h6", "Re1", "Re8", "Nbd2", "Be6", "Bxe6", "Rxe6", "Nf1", "d5", "exd5", "Qxd5", "Ng3", "Rd8"};
  REQUIRE(answered.plies.size() == game.size());
  reconstruct::ReconstructOptions line;
  for (std::size_t k = 0; k < game.size(); ++k) {
    CHECK(answered.plies[k].san == game[k]);
    line.line.push_back(answered.plies[k].move);
  }
  const reconstruct::Reconstruction played = reconstruct::reconstruct_game(sheets, line);
  REQUIRE(played.plies.size() == 28);
  const float behind = played.cost - r.cost;
  REQUIRE(behind > reconstruct::ReconstructOptions{}.uncertain_margin);
  REQUIRE(behind < reconstruct::ReconstructOptions{}.ask_margin);
  // Its margin is the game played's, and the box it reads there is asked.
  REQUIRE(r.plies[12].confidence.has_value());
  CHECK(*r.plies[12].confidence == doctest::Approx(behind).epsilon(0.01));
  const reconstruct::Ask* q = ask_at(r, 13);
  REQUIRE(q != nullptr);
  CHECK(q->passed_over);
  CHECK(q->written == "Rh3");
  REQUIRE(q->candidates.size() >= 2);
  CHECK(q->candidates[0].san == "a4");
  CHECK(q->candidates[1].san == "h3");
}

TEST_CASE("reconstruct: a box after the game found's end that a game close behind reads is asked") {
  // 15. Qe2 written 'Qe3', which no queen reaches: the game found ends
  // before it (a move written and not played), a game a nat behind reads
  // it as a move. Ask entries were made only at plies of the game found,
  // so this box was never asked.
  const std::string sheet =
      "Notation: en\n1. e4 e5\n2. Nf3 Nc6\n3. Bc4 Bc5\n4. c3 Nf6\n5. d3 d6\n6. O-O O-O\n7. h3 a6\n"
      "8. a4 h6\n9. Re1 Re8\n10. Nbd2 Be6\n11. Bxe6 Rxe6\n12. Nf1 d5\n13. exd5 Qxd5\n14. Ng3 Rd8\n15. Qe3\n";
  const reconstruct::Reconstruction r = reconstruct_text(sheet);
  REQUIRE(r.plies.size() == 28);
  const reconstruct::Ask* q = ask_at(r, 29);
  REQUIRE(q != nullptr);
  CHECK(q->passed_over);
  CHECK(q->written == "Qe3");
  CHECK(q->where.line == 16);
  CHECK(q->box.move == 15);
  CHECK_FALSE(q->box.black);
  REQUIRE(q->candidates.size() >= 3);
  CHECK(q->candidates[0].ends);  // the game found's reading: no move of the game
  CHECK(q->candidates[0].cost == 0.0f);
  std::vector<std::string> sans;
  for (std::size_t c = 1; c < q->candidates.size(); ++c) {
    CHECK_FALSE(q->candidates[c].ends);
    CHECK(q->candidates[c].changes == 1);
    sans.push_back(q->candidates[c].san);
  }
  CHECK(std::find(sans.begin(), sans.end(), "Qe2") != sans.end());
  CHECK(q->margin > 0.0f);
  CHECK(q->margin <= reconstruct::ReconstructOptions{}.ask_margin);
  // The PGN asks after the last move; the JSON entry has no move for the
  // game found's candidate.
  test::TempDir dir;
  const auto file = dir.write("after-end.sheet", sheet);
  const auto pgn = test::run_notera({"reconstruct", "--messages", "en", file.string()});
  std::string text = pgn.out;
  std::replace(text.begin(), text.end(), '\n', ' ');
  CHECK(text.find(
            "Rd8 {line 16, column 5 (move 15): 'Qe3' is not a move of this game} {check line 16, column 5 "
            "(move 15) against the paper: the game found ends before 'Qe3'; is 'Qe3' one of Be3, Qe2, or no "
            "move of the game?} *") != std::string::npos);
  const nlohmann::json report =
      nlohmann::json::parse(test::run_notera({"reconstruct", "--json", file.string()}).out);
  const auto entry = std::find_if(report.at("ask").begin(), report.at("ask").end(),
                                  [](const nlohmann::json& e) { return e.at("ply") == 29; });
  REQUIRE(entry != report.at("ask").end());
  CHECK(entry->at("passed_over").get<bool>());
  CHECK(entry->at("candidates")[0].at("ends").get<bool>());
  CHECK(entry->at("candidates")[0].at("san").is_null());
  // Either answer settles it.
  const reconstruct::Reconstruction played = reconstruct_text(with_answer(sheet, "\n15. Qe3", "Qe2"));
  REQUIRE(played.plies.size() == 29);
  CHECK(played.plies[28].san == "Qe2");
  const reconstruct::Reconstruction none = reconstruct_text(with_answer(sheet, "\n15. Qe3", "--"));
  CHECK(none.plies.size() == 28);
  for (const reconstruct::Reconstruction* x : {&played, &none})
    CHECK(std::none_of(x->ask.begin(), x->ask.end(), [](const reconstruct::Ask& a) { return a.ply >= 29; }));
}

TEST_CASE("reconstruct: a move forgotten after the game found's end, before a box it passes over, is asked") {
  // A Sicilian that ends 19. Qxe6+ Rf7 20. Nxe5, written in time trouble
  // as "19. Qxe6+ Nxe5": Black's answer to the check not written, White's
  // next move in Black's box. The game found ends at the check and passes
  // 'Nxe5' over; the game played, a nat and a half behind, plays a move no
  // box has and then reads it. The ply after the end is asked as a move of
  // no box, the end (the game found's reading) first.
  const std::string sheet =
      "Notation: en\n1. e4 c5\n2. Nc3 d6\n3. Nf3 Nf6\n4. d4 cxd4\n5. Nxd4 a6\n6. Be3 e5\n7. Nf3 Be7\n"
      "8. Bc4 O-O\n9. O-O Nbd7\n10. a4 Ng4\n11. Bc1 Ngf6\n12. Qe2 Qc7\n13. Rd1 Nc5\n14. Bg5 Be6\n"
      "15. Bxe6 fxe6\n16. - Qc6\n17. b4 b5\n18. Qa2 Ncxe4\n19. Qxe6+ Nxe5\n";
  const reconstruct::Reconstruction r = reconstruct_text(sheet);
  REQUIRE(r.plies.size() == 37);
  CHECK(r.plies.back().san == "Qxe6+");
  REQUIRE(r.dropped.size() == 1);
  CHECK(r.dropped[0].text == "Nxe5");
  CHECK(r.dropped[0].after_ply == 37);
  const reconstruct::Ask* q = ask_at(r, 38);
  REQUIRE(q != nullptr);
  CHECK(q->sheet < 0);  // no box: the move was not written
  CHECK(q->cell < 0);
  CHECK_FALSE(q->passed_over);
  REQUIRE(q->candidates.size() >= 2);
  CHECK(q->candidates[0].ends);
  CHECK(q->candidates[0].cost == 0.0f);
  CHECK(q->candidates[1].san == "Rf7");
  CHECK(q->candidates[1].line.size() >= 2);  // Rf7, then the box passed over read as Nxe5
  CHECK(q->margin > 0.0f);
  CHECK(q->margin <= reconstruct::ReconstructOptions{}.ask_margin);
  // The PGN asks after the last move, naming the box passed over.
  test::TempDir dir;
  const auto file = dir.write("forgotten.sheet", sheet);
  std::string text = test::run_notera({"reconstruct", "--messages", "en", file.string()}).out;
  std::replace(text.begin(), text.end(), '\n', ' ');
  CHECK(
      text.find("{check the sheets here: the game found ends, and line 20, column 11 (move 19...) 'Nxe5' is "
                "no move of it; if one of Rf7, Kh8 was played here without being written, 'Nxe5' is a move "
                "of the game} *") != std::string::npos);
  const nlohmann::json report =
      nlohmann::json::parse(test::run_notera({"reconstruct", "--json", file.string()}).out);
  const auto entry = std::find_if(report.at("ask").begin(), report.at("ask").end(),
                                  [](const nlohmann::json& e) { return e.at("ply") == 38; });
  REQUIRE(entry != report.at("ask").end());
  CHECK(entry->at("sheet").is_null());
  CHECK(entry->at("box").is_null());
  CHECK(entry->at("candidates")[0].at("ends").get<bool>());
  // Either answer settles it: the move in a box put in before 'Nxe5' (as
  // the page does), or 'Nxe5' no move of the game.
  std::string played_sheet = sheet;
  played_sheet.replace(played_sheet.find("19. Qxe6+ Nxe5"), 14, "19. Qxe6+ - {=Rf7}\n20. Nxe5");
  const reconstruct::Reconstruction played = reconstruct_text(played_sheet);
  REQUIRE(played.plies.size() == 39);
  CHECK(played.plies[37].san == "Rf7");
  CHECK(played.plies[38].san == "Nxe5");
  const reconstruct::Reconstruction none = reconstruct_text(with_answer(sheet, "\n19. Qxe6+ Nxe5", "--"));
  CHECK(none.plies.size() == 37);
  for (const reconstruct::Reconstruction* x : {&played, &none})
    CHECK(std::none_of(x->ask.begin(), x->ask.end(), [](const reconstruct::Ask& a) { return a.ply >= 38; }));
}

TEST_CASE("reconstruct: the answer {=--} says a box is no move of the game") {
  const std::string answered =
      "Notation: en\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ba4 Nf6\n5. O-O Be7\n6. Rd1 {=--}\n";
  const reconstruct::Reconstruction r = reconstruct_text(answered);
  REQUIRE(r.plies.size() == 10);
  CHECK(r.plies[9].san == "Be7");
  CHECK(r.complete);
  REQUIRE(r.dropped.size() == 1);
  CHECK(r.dropped[0].text == "Rd1");
  CHECK(r.dropped[0].reason == reconstruct::DropReason::not_played);
  CHECK(r.dropped[0].after_ply == 10);
  for (const reconstruct::Ask& q : r.ask) CHECK(q.ply != 11);

  // In the middle of a sheet too: a row written twice, answered as no
  // moves, and the rows after it one row on.
  const reconstruct::Reconstruction mid = reconstruct_text(
      "Notation: en\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Bb5 {=--} a6 {=--}\n5. Ba4 Nf6\n6. O-O Be7\n");
  REQUIRE(mid.plies.size() == 10);
  CHECK(mid.plies[6].san == "Ba4");
  CHECK(mid.plies[9].san == "Be7");
  CHECK(mid.complete);
  REQUIRE(mid.dropped.size() == 2);
  for (const reconstruct::DroppedCell& d : mid.dropped) {
    CHECK(d.where.line == 5);
    CHECK(d.reason == reconstruct::DropReason::not_played);
  }

  // The other answer keeps the move.
  const reconstruct::Reconstruction kept = reconstruct_text(
      "Notation: en\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ba4 Nf6\n5. O-O Be7\n6. Rd1 {=Re1}\n");
  REQUIRE(kept.plies.size() == 11);
  CHECK(kept.plies[10].san == "Re1");
  for (const reconstruct::Ask& q : kept.ask) CHECK(q.ply != 11);
}

TEST_CASE("reconstruct: a drawn game's repeated last row is the repetition, not asked as the game over") {
  // The knights go out and back three times: the last row repeats the row
  // two up, as any repetition does, and that is why the game was drawn
  // (Law 9.2). Its last box reads as written; nothing is asked.
  const reconstruct::Reconstruction r = reconstruct_text(
      "Notation: en\nResult: 1/2-1/2\n\n1 e4 e5\n2 Nf3 Nf6\n3 Ng1 Ng8\n4 Nf3 Nf6\n5 Ng1 Ng8\n6 Nf3 Nf6\n7 "
      "Ng1 Ng8\n");
  REQUIRE(r.plies.size() == 14);
  CHECK(r.plies[13].san == "Ng8");
  CHECK(r.complete);
  CHECK(r.ask.empty());
}

TEST_CASE(
    "reconstruct CLI: an answer that is no move, a second answer and an empty one are reported and left "
    "out") {
  // Before, '{=xyzzy}' stood for no move at all and the game bent around
  // it (2... b6 put in, 'Sc3' read as Nc6); '{=}' and a second answer were
  // passed over in silence.
  test::TempDir dir;
  const auto sheet = dir.write("svar.sheet",
                               "Notation: nb\n\n1 e4 e5\n2 Sf3 Sc6 {=xyzzy}\n3 Lb5 a6 {=a6} {=a5}\n"
                               "4 La4 {Løper} Sf6 {=}\n5 0-0 Le7\n");
  const auto r = test::run_notera({"reconstruct", "--messages", "en", "--to", "san", sheet.string()});
  CHECK(r.exit_code == 1);
  CHECK(r.out == "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7\n");
  const std::string name = sheet.string();
  // Each names its box, as the sheet's other problems do.
  CHECK(r.err.find(name +
                   ":4:11: move 2...: the answer 'xyzzy' reads as no move; it is left out, and the box "
                   "is read as written") != std::string::npos);
  CHECK(r.err.find(name +
                   ":5:16: move 3...: the box has a second answer, 'a5', after 'a6': only the first is "
                   "taken") != std::string::npos);
  // Columns count characters: 'ø' is one.
  CHECK(r.err.find(name + ":6:19: move 4...: an answer with no move in it is left out") != std::string::npos);
  const auto j = test::run_notera({"reconstruct", "--messages", "nb", "--json", sheet.string()});
  CHECK(j.exit_code == 1);
  const auto report = nlohmann::json::parse(j.out);
  REQUIRE(report["problems"].size() == 3);
  CHECK(report["problems"][0]["code"] == "reconstruct.answer.not_a_move");
  CHECK(report["problems"][0]["severity"] == "error");
  CHECK(report["problems"][0]["sheet"] == 1);
  CHECK(report["problems"][0]["line"] == 4);
  CHECK(report["problems"][0]["column"] == 11);
  CHECK(report["problems"][0]["message"] ==
        "trekk 2...: svaret «xyzzy» kan ikke leses som et trekk; det er utelatt, og ruten leses slik den er "
        "skrevet");
}

TEST_CASE("reconstruct CLI: an answer the game cannot keep is an error, one kept elsewhere a warning") {
  test::TempDir dir;
  // No game promotes a pawn at Black's second move: the answer cannot be
  // kept. It is set aside and the box read as written, instead of the game
  // bending around it (moves put in, boxes passed over), and the person is
  // told.
  const auto cannot = dir.write("umulig.sheet", "Notation: nb\n\n1 e4 e5\n2 Sf3 Sc6 {=e8D}\n3 Lb5 a6\n");
  const auto r = test::run_notera({"reconstruct", "--messages", "en", "--json", cannot.string()});
  CHECK(r.exit_code == 1);
  const auto report = nlohmann::json::parse(r.out);
  REQUIRE(report["problems"].size() == 1);
  const auto& p = report["problems"][0];
  CHECK(p["severity"] == "error");
  CHECK(p["line"] == 4);
  CHECK(p["column"] == 11);
  CHECK(p["code"] == "reconstruct.answer.set_aside");
  CHECK(p["message"].get<std::string>().find(
            "line 4, column 7 (move 2...): the answer 'e8D' cannot hold together") == 0);
  CHECK(p["message"].get<std::string>().find("so it is set aside and the box read as written: the game found "
                                             "plays Nc6 for it") != std::string::npos);
  // On stderr the line starts with file, line and column (of the answer),
  // so the message names the box by its move alone.
  CHECK(r.err.find("umulig.sheet:4:11: move 2...: the answer 'e8D' cannot hold together") !=
        std::string::npos);
  CHECK(r.err.find("column 7") == std::string::npos);
  std::vector<std::string> played;
  for (const auto& m : report["moves"]) played.push_back(m["san"].get<std::string>());
  CHECK(played == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"});
  CHECK(report["moves"][3]["status"] == "exact");
  // Spelt in the sheet's letters, the message names the move in them too.
  const auto nb =
      test::run_notera({"reconstruct", "--messages", "en", "--json", "--to", "nb", cannot.string()});
  CHECK(nlohmann::json::parse(nb.out)["problems"][0]["message"].get<std::string>().find(
            "the game found plays Sc6 for it") != std::string::npos);
  CHECK(nb.err.find("the game found plays Sc6 for it") != std::string::npos);
  // Answers never make a margin of a thousand nats: a ply no game that
  // keeps the answers departs from has no confidence.
  for (const auto& m : report["moves"])
    if (!m["confidence"].is_null()) CHECK(m["confidence"].get<double>() < 500.0);

  // '{=Ke2}' on White's first box: kept, but as White's second move (e4
  // put in before it), so the person hears where it went.
  const auto moved = dir.write("flyttet.sheet", "Notation: nb\n\n1 e4 {=Ke2} e5\n2 Sf3 Sc6\n3 Lb5 a6\n");
  const auto w = test::run_notera({"reconstruct", "--messages", "en", moved.string()});
  CHECK(w.exit_code == 0);
  CHECK(w.err.find(moved.string() + ":3:6: move 1: the answer 'Ke2' is played as move 2, not "
                                    "in this box's own place") != std::string::npos);
}

TEST_CASE(
    "reconstruct: an answer that reads a box otherwise is a correction the PGN names, and no writer's "
    "merit") {
  test::TempDir dir;
  const auto sheet =
      dir.write("rettet.sheet", "Notation: nb\n\n1 e4 e5\n2 Sf3 Sc6\n3 Lb5 a6 {=Sf6}\n4 La4 Le7\n");
  const auto r = test::run_notera({"reconstruct", "--messages", "en", sheet.string()});
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  std::string out = r.out;
  std::replace(out.begin(), out.end(), '\n', ' ');
  CHECK(out.find(
            "3... Nf6 {line 5, column 7 (move 3...): 'a6' is Nf6: read as Sf6 by a person (an answer on the "
            "sheet)}") == std::string::npos);
  CHECK(
      out.find(
          "3. Bb5 Nf6 {line 5, column 7 (move 3...): 'a6' is Nf6: read as Sf6 by a person (an answer on the "
          "sheet)}") != std::string::npos);
  const auto j = nlohmann::json::parse(test::run_notera({"reconstruct", "--json", sheet.string()}).out);
  CHECK(j["moves"][5]["status"] == "corrected");
  // The writer wrote 'a6' for Nf6: a departure, answered or not.
  CHECK(j["care"][0]["departures"] == 1);
  // A box answered as written is no departure.
  const auto same =
      dir.write("samme.sheet", "Notation: nb\n\n1 e4 e5\n2 Sf3 Sc6\n3 Lb5 a6 {=a6}\n4 La4 Le7\n");
  const auto k = nlohmann::json::parse(test::run_notera({"reconstruct", "--json", same.string()}).out);
  CHECK(k["moves"][5]["status"] == "exact");
  CHECK(k["care"][0]["departures"] == 0);
  CHECK(k["problems"].empty());
  // Nor one answered in other letters that spell the same move: 'Sf3'
  // answered '{=Nf3}' is the box as written, exact.
  const auto english =
      dir.write("engelsk.sheet", "Notation: nb\n\n1 e4 e5\n2 Sf3 {=Nf3} Sc6\n3 Lb5 a6\n4 La4 Sf6\n");
  const auto n = nlohmann::json::parse(test::run_notera({"reconstruct", "--json", english.string()}).out);
  CHECK(n["moves"][2]["san"] == "Nf3");
  CHECK(n["moves"][2]["status"] == "exact");
  CHECK(n["moves"][2]["explanation"].empty());
  CHECK(n["care"][0]["departures"] == 0);
  CHECK(n["problems"].empty());
}

TEST_CASE("reconstruct CLI: blank rows after a mate are rows the game did not need") {
  // A printed sheet's rows run on after 4. Dxf7#: the game is whole, and
  // the PGN has no note on the blank boxes.
  test::TempDir dir;
  const auto sheet =
      dir.write("matt.sheet", "Notation: nb\n\n1 e4 e5\n2 Lc4 Sc6\n3 Dh5 Sf6\n4 Dxf7# -\n5 - -\n");
  const auto r = test::run_notera({"reconstruct", "--messages", "en", sheet.string()});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("4. Qxf7# 1-0") != std::string::npos);
  CHECK(r.out.find("cannot be reconstructed") == std::string::npos);
}

TEST_CASE("reconstruct CLI: on two copies, an answer that confirms a box moves no other ply and no weight") {
  // The players' two copies of one game (samples/nb). The game reads
  // White's 5th box 'Sg3' as Ng5; a volunteer confirms it. The writers'
  // weights are learned from the game without answers, so nothing else moves.
  const std::filesystem::path root = NOTERA_SAMPLES;
  const std::string white = test::read_file(root / "nb" / "lie-bakke-white.sheet");
  const std::string black = (root / "nb" / "lie-bakke-black.sheet").string();
  const std::string answered = with_answer(white, "\n5  Sg3", "Sg5");
  test::TempDir dir;
  const auto answered_path = dir.write("lie-bakke-white.sheet", answered);
  const auto before = nlohmann::json::parse(
      test::run_notera({"reconstruct", "--json", (root / "nb" / "lie-bakke-white.sheet").string(), black})
          .out);
  const auto r = test::run_notera({"reconstruct", "--json", answered_path.string(), black});
  CHECK(r.exit_code == 0);
  const auto after = nlohmann::json::parse(r.out);
  REQUIRE(after["moves"].size() == before["moves"].size());
  for (std::size_t k = 0; k < before["moves"].size(); ++k) {
    CAPTURE(k);
    CHECK(after["moves"][k]["uci"] == before["moves"][k]["uci"]);
    if (k != 8) CHECK(after["moves"][k]["status"] == before["moves"][k]["status"]);
  }
  CHECK(after["moves"][8]["san"] == "Ng5");
  for (std::size_t j = 0; j < 2; ++j) CHECK(after["care"][j]["weight"] == before["care"][j]["weight"]);
}

TEST_CASE("reconstruct CLI: an answer kept only by reading an earlier box otherwise is named") {
  // samples/nb/solberg-haugen: Black castles at move 8 ('0-0'). An answer
  // '{=0-0}' on Black's 12th box (written 'a6') can only be kept by reading
  // the castling box as another move: the game keeps it (an answer is
  // certain), and the person hears which box it bent, and by how much.
  const std::filesystem::path root = NOTERA_SAMPLES;
  const std::string plain = test::read_file(root / "nb" / "solberg-haugen.sheet");
  const std::string text = with_answer(plain, "\n12 Dxd3        a6", "0-0");
  test::TempDir dir;
  const auto sheet = dir.write("rokade.sheet", text);
  const auto r = test::run_notera({"reconstruct", "--messages", "en", "--json", sheet.string()});
  CHECK(r.exit_code == 0);
  const auto report = nlohmann::json::parse(r.out);
  REQUIRE(report["problems"].size() == 1);
  const auto& p = report["problems"][0];
  CHECK(p["severity"] == "warning");
  CHECK(p["code"] == "reconstruct.answer.bends");
  CHECK(p["line"] == 23);
  const std::string message = p["message"].get<std::string>();
  CHECK(message.find(
            "the answer '0-0' is kept, but only by reading line 19, column 16 (move 8...) '0-0' as a6") !=
        std::string::npos);
  CHECK(message.find("times less likely than the game without the answer") != std::string::npos);
  CHECK(report["moves"][15]["san"] == "a6");
  CHECK(report["moves"][23]["san"] == "O-O");
  CHECK(r.err.find(sheet.string() + ":23:19: move 12...: the answer '0-0' is kept, but only by reading") !=
        std::string::npos);

  // The answer that agrees with the game found (8... O-O, 12... a6) bends
  // nothing and says nothing.
  const std::string right = with_answer(plain, "\n12 Dxd3        a6", "a6");
  const auto fine = test::run_notera({"reconstruct", "--json", dir.write("a6.sheet", right).string()});
  CHECK(fine.exit_code == 0);
  CHECK(nlohmann::json::parse(fine.out)["problems"].empty());
}

TEST_CASE("reconstruct CLI: two copies' answers to one box that contradict are both set aside") {
  // Lie-Bakke's two copies (samples/nb), Black's 8th box (h6 on both): a
  // volunteer answers h6 on White's copy and h5 on Black's. No ply is both;
  // a game that keeps them puts a move in that no box records. Neither
  // answer is taken: the game is the one without them, and both answers
  // are named as contradicting each other.
  const std::filesystem::path root = NOTERA_SAMPLES;
  const std::string white = test::read_file(root / "nb" / "lie-bakke-white.sheet");
  const std::string black = test::read_file(root / "nb" / "lie-bakke-black.sheet");
  const std::string row = "\n8  Ld3         h6";
  const std::string w = with_answer(white, row, "h6");
  const std::string b = with_answer(black, row, "h5");
  test::TempDir dir;
  const auto wp = dir.write("hvit.sheet", w);
  const auto bp = dir.write("svart.sheet", b);
  const auto r = test::run_notera({"reconstruct", "--messages", "en", "--json", wp.string(), bp.string()});
  CHECK(r.exit_code == 1);
  const auto report = nlohmann::json::parse(r.out);
  REQUIRE(report["problems"].size() == 2);
  for (const auto& p : report["problems"]) {
    CHECK(p["severity"] == "error");
    CHECK(p["code"] == "reconstruct.answer.set_aside_contradicts");
    CHECK(p["line"] == 20);
  }
  CHECK(
      report["problems"][0]["message"].get<std::string>().find(
          "the answer 'h6' contradicts the answer 'h5' to the same box on sheet 2, so both are set aside") !=
      std::string::npos);
  CHECK(report["problems"][1]["message"].get<std::string>().find(
            "the answer 'h5' contradicts the answer 'h6' to the same box on sheet 1") != std::string::npos);
  const auto plain = nlohmann::json::parse(
      test::run_notera({"reconstruct", "--json", (root / "nb" / "lie-bakke-white.sheet").string(),
                        (root / "nb" / "lie-bakke-black.sheet").string()})
          .out);
  REQUIRE(report["moves"].size() == plain["moves"].size());
  for (std::size_t k = 0; k < plain["moves"].size(); ++k)
    CHECK(report["moves"][k]["uci"] == plain["moves"][k]["uci"]);
}

TEST_CASE("reconstruct CLI: an ask entry's margin is its own cheapest other candidate") {
  // samples/nb/solberg-haugen: several plies asked. Each entry's margin is
  // what its candidates say (a person reads "margin 1.0" and finds no
  // candidate at 1.0 otherwise), and never below the ply's confidence.
  const std::filesystem::path root = NOTERA_SAMPLES;
  const auto r = test::run_notera({"reconstruct", "--json", (root / "nb" / "solberg-haugen.sheet").string()});
  const auto report = nlohmann::json::parse(r.out);
  REQUIRE_FALSE(report["ask"].empty());
  for (const auto& q : report["ask"]) {
    CAPTURE(q["ply"].get<int>());
    REQUIRE(q["candidates"].size() >= 2);
    double cheapest = 1e9;
    for (std::size_t c = 1; c < q["candidates"].size(); ++c)
      cheapest = std::min(cheapest, q["candidates"][c]["cost"].get<double>());
    CHECK(q["margin"].get<double>() == doctest::Approx(cheapest));
    const auto& ply = report["moves"][q["ply"].get<std::size_t>() - 1];
    if (!ply["confidence"].is_null())
      CHECK(q["margin"].get<double>() >= ply["confidence"].get<double>() - 1e-4);
  }
}

TEST_CASE("reconstruct CLI: answers glued to each other belong to the box before them") {
  // '{=Sf3}{=Sd3}' without a blank between: two answers to White's box,
  // not a box of marks of its own that pushed 'Sc6' out of the row.
  test::TempDir dir;
  const auto sheet =
      dir.write("limt.sheet", "Notation: nb\n\n1 e4 e5\n2 Sf3 {=Sf3}{=Sd3} Sc6\n3 Lb5 a6\n4 La4 Sf6\n");
  const auto r = test::run_notera({"reconstruct", "--messages", "en", "--json", sheet.string()});
  CHECK(r.exit_code == 1);
  const auto report = nlohmann::json::parse(r.out);
  REQUIRE(report["problems"].size() == 1);
  CHECK(report["problems"][0]["code"] == "reconstruct.answer.twice");
  CHECK(report["problems"][0]["line"] == 4);
  CHECK(report["problems"][0]["column"] == 13);
  CHECK(r.err.find("full") == std::string::npos);
  std::vector<std::string> played;
  for (const auto& m : report["moves"]) played.push_back(m["san"].get<std::string>());
  CHECK(played == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"});
}

TEST_CASE("reconstruct CLI: a search cut short says once where it stopped reading") {
  // samples/nb/solberg-haugen with a work limit far below what it needs:
  // the boxes after the game found so far were never reached. One comment
  // says so, not one per box saying each "cannot be played".
  const std::filesystem::path root = NOTERA_SAMPLES;
  const auto r = test::run_notera({"reconstruct", "--messages", "en", "--work-limit", "20000",
                                   (root / "nb" / "solberg-haugen.sheet").string()});
  std::string out = r.out;
  std::replace(out.begin(), out.end(), '\n', ' ');
  CHECK(out.find("the search gave up after pricing 20,000 moves") != std::string::npos);
  CHECK(out.find("cannot be played") == std::string::npos);
  const auto at = out.find("boxes after it (to line ");
  REQUIRE(at != std::string::npos);
  CHECK(out.find("are not read: the search gave up before them") != std::string::npos);
  CHECK(out.find("not read", at + 30) == out.rfind("not read"));  // once
}

TEST_CASE("reconstruct CLI: a box answered as no move, yet played in its place unwritten, is named") {
  // samples/nb/solberg-haugen, White's 13th box 'Sg3' answered '{=--}':
  // the box is passed over, and the game needs a 13th move all the same.
  // Its best is Ng3, the move the box spells, now with no box: the answer
  // changed nothing, and the volunteer hears so (a warning).
  const std::filesystem::path root = NOTERA_SAMPLES;
  const std::string text =
      with_answer(test::read_file(root / "nb" / "solberg-haugen.sheet"), "\n13 Sg3", "--");
  test::TempDir dir;
  const auto sheet = dir.write("ingen.sheet", text);
  const auto r = test::run_notera({"reconstruct", "--messages", "en", "--json", sheet.string()});
  CHECK(r.exit_code == 0);
  const auto report = nlohmann::json::parse(r.out);
  REQUIRE(report["problems"].size() == 1);
  CHECK(report["problems"][0]["severity"] == "warning");
  CHECK(report["problems"][0]["code"] == "reconstruct.answer.played_unwritten");
  CHECK(report["problems"][0]["message"].get<std::string>().find(
            "the answer says 'Sg3' is no move of the game, yet the game found plays Ng3 in its place") !=
        std::string::npos);
  CHECK(report["moves"][24]["san"] == "Ng3");
}
