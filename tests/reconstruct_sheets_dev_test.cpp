// The decidable corrupted sheets of ../shared/corpus/sheets-dev (skipped
// when absent): real games written as one or both players' copies, in six
// languages and many writing styles, with slips of every kind the HCS labels
// show, each case checked by a reference solver to be decided by what is
// written. Every game must come back exactly. The figures and each miss with
// its cause: build/bench/notera_bench_sheets_dev.
#include <doctest/doctest.h>

#include <chrono>

#include "../bench/sheets_dev.hpp"
#include "support/cli.hpp"

using namespace notera;
using namespace notera::reconstruct;

TEST_CASE("reconstruct: every decidable sheet of sheets-dev gives its game back exactly") {
  const auto dir = test::corpus_path("sheets-dev");
  if (!dir) {
    MESSAGE("../shared/corpus/sheets-dev not found: skipped");
    return;
  }
  const std::vector<bench::DevCase> cases = bench::load_sheets_dev(*dir);
  REQUIRE(cases.size() >= 80);
#if defined(__SANITIZE_ADDRESS__)
  // Under the sanitizers, for the memory checks: every eighth case.
  constexpr std::size_t step = 8;
#else
  constexpr std::size_t step = 1;
#endif
  // The work limit decides, the same on any machine; the hardest cases
  // take seconds on a busy machine and several times over under the
  // sanitizers, so the clock's safety net is set where no run reaches it.
  ReconstructOptions options;
  options.time_limit = std::chrono::milliseconds(600000);
  int exact = 0, run = 0;
  for (std::size_t i = 0; i < cases.size(); i += step) {
    const bench::DevCase& c = cases[i];
    const Reconstruction r = reconstruct_game(c.sheets, options);
    const bench::DevOutcome o = bench::evaluate(c, c.sheets, r);
    ++run;
    exact += o.exact;
    CHECK_MESSAGE(o.exact, c.name << " (" << c.sheets.size() << " copies): first differs at ply "
                                  << o.first_wrong << " of " << o.plies << ", found " << o.found_cost
                                  << " nats, the game played " << o.true_cost);
    CHECK(o.complete);
  }
  MESSAGE("sheets-dev: " << exact << " of " << run << " games exact");
}
