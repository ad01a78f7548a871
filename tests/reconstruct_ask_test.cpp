// Reconstruction's doubts: each ply's confidence, the ask list, and a
// person's answer recorded in the sheet ("{=Sf6}"), taken as certain.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "notera/reconstruct/evidence.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/scoresheet/sheet.hpp"

using namespace notera;

namespace {

reconstruct::Reconstruction reconstruct_text(const std::string& text) {
  const std::vector<reconstruct::EvidenceSheet> sheets{
      reconstruct::evidence_of(scoresheet::read_scoresheet(text, "test.sheet"))};
  return reconstruct::reconstruct_game(sheets);
}

const std::string unreadable = "Notation: en\n1. e4 e5\n2. Nf3 N?6\n3. Bc4 Be7\n";

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
