// The first answer (ReconstructOptions::widen false, `notera reconstruct
// --quick`, the page's first request): the search at its first width only,
// flagged where a wider search would have run, and the same game as the
// whole search where it is not flagged.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "notera/reconstruct/evidence.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "support/cli.hpp"

using namespace notera;

namespace {

reconstruct::Reconstruction reconstruct_file(const std::string& path, bool widen, int widen_from = 0) {
  const std::vector<reconstruct::EvidenceSheet> sheets{
      reconstruct::evidence_of(scoresheet::read_scoresheet(test::read_file(path), path))};
  reconstruct::ReconstructOptions options;
  options.widen = widen;
  options.widen_from_limited_plies = widen_from;
  return reconstruct::reconstruct_game(sheets, options);
}

std::vector<std::string> moves_of(const reconstruct::Reconstruction& r) {
  std::vector<std::string> moves;
  for (const reconstruct::ReconstructedPly& p : r.plies) moves.push_back(p.uci);
  return moves;
}

bool has_note(const reconstruct::Reconstruction& r, const std::string& id) {
  for (const Message& m : r.notes)
    if (m.key == id) return true;
  return false;
}

}  // namespace

TEST_CASE("reconstruct: a first answer where a wider search finds a cheaper game says so") {
  // One copy of a game whose sheet has rough spots: the search at 256
  // states is short of room near the best, and the wider one finds a
  // cheaper game (10 of its 99 plies differ at this commit).
  const std::string path = test::data_path("reconstruct/two-sheets-black.sheet").string();
  const reconstruct::Reconstruction whole = reconstruct_file(path, true);
  const reconstruct::Reconstruction first = reconstruct_file(path, false);
  CHECK_FALSE(whole.stats.wider_skipped);
  CHECK_FALSE(has_note(whole, "reconstruct.note.wider_skipped"));
  CHECK(first.stats.wider_skipped);
  CHECK(has_note(first, "reconstruct.note.wider_skipped"));
  // A whole game all the same, found for a fraction of the work.
  CHECK(first.complete);
  CHECK_FALSE(first.stats.work_limit);
  CHECK(first.stats.work * 5 < whole.stats.work);
  // The whole search's game is the cheaper explanation: by 0.05 nats at
  // this commit, by more than one before a blank box's moves were priced
  // by what the boxes after it say (the first answer's game got better).
  CHECK(whole.cost < first.cost);
  CHECK(moves_of(whole) != moves_of(first));
  // A whole search that widens only after a first search limited at many
  // plies (ReconstructOptions::widen_from_limited_plies) runs no wider
  // search on this sheet, and gives the first answer's game. Not asked
  // to widen later, it does not say a wider search was skipped.
  const reconstruct::Reconstruction sparing = reconstruct_file(path, true, 1000);
  CHECK(moves_of(sparing) == moves_of(first));
  CHECK(sparing.stats.work == first.stats.work);
  CHECK_FALSE(sparing.stats.wider_skipped);
  // At one ply, the rule is the default's.
  CHECK(moves_of(reconstruct_file(path, true, 1)) == moves_of(whole));
}

TEST_CASE("reconstruct: a first answer on a sheet that needs no wider search is the whole answer") {
  for (const char* name : {"de/mueller-schmidt.sheet", "nn/vik-aasen.sheet", "sv/lind-ek.sheet"}) {
    const std::string path = std::string(NOTERA_SAMPLES) + "/" + name;
    CAPTURE(path);
    const reconstruct::Reconstruction whole = reconstruct_file(path, true);
    const reconstruct::Reconstruction first = reconstruct_file(path, false);
    CHECK_FALSE(first.stats.wider_skipped);
    CHECK(moves_of(first) == moves_of(whole));
    CHECK(first.cost == doctest::Approx(whole.cost));
    CHECK(first.stats.work == whole.stats.work);
  }
}

TEST_CASE("reconstruct --quick: the first answer from the command line, flagged in --json") {
  const std::string sheet = std::string(NOTERA_SAMPLES) + "/da/holm-kjaer.sheet";
  const test::RunResult quick = test::run_notera({"reconstruct", "--quick", "--json", sheet});
  const test::RunResult whole = test::run_notera({"reconstruct", "--json", sheet});
  REQUIRE(quick.exit_code == 0);
  REQUIRE(whole.exit_code == 0);
  const nlohmann::json q = nlohmann::json::parse(quick.out);
  const nlohmann::json w = nlohmann::json::parse(whole.out);
  CHECK(q["stats"]["wider_skipped"] == true);
  CHECK(w["stats"]["wider_skipped"] == false);
  CHECK(q["complete"] == true);
  CHECK(q["stats"]["work"].get<std::int64_t>() < w["stats"]["work"].get<std::int64_t>());
  bool noted = false;
  for (const auto& n : q["notes"]) noted |= n.get<std::string>().starts_with("a first answer");
  CHECK(noted);
  // --help lists the option.
  const test::RunResult help = test::run_notera({"reconstruct", "--help"});
  CHECK(help.out.find("--quick") != std::string::npos);
}
