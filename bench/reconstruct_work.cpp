// How much work the reconstructions of the real and dev sheets use, and
// what they give, to choose ReconstructOptions::work_limit and to compare
// two builds.
//
//   build/bench/notera_bench_reconstruct_work [--digest] [--beam N] [--max-beam N] [--work-limit N]
//
// Runs every HCS page alone and every two-page game with both pages
// (../shared/corpus/hcs) and every case of ../shared/corpus/sheets-dev with
// an unlimited budget, and prints per set the most work (moves priced over
// all the searches of one reconstruction) and which sheet used it. With
// --digest, also one line per reconstruction: its work, cost, whether it is
// complete and its moves, so that two builds can be compared with diff
// (a change meant to keep results must leave every line but the work, and
// a change meant to keep the work every line, as it is). --beam (the first
// search's width), --max-beam and
// --work-limit set ReconstructOptions' bounds (unlimited work by default),
// to see what a tighter bound would change.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "hcs.hpp"
#include "notera/core/uci.hpp"
#include "sheets_dev.hpp"

using namespace notera;

namespace {

struct Most {
  std::int64_t work = 0;
  std::string name;
  int count = 0;
  int cut = 0;
  std::vector<std::int64_t> all;
  void add(const std::string& n, const reconstruct::Reconstruction& r) {
    ++count;
    cut += r.stats.work_limit || r.stats.time_limit;
    all.push_back(r.stats.work);
    if (r.stats.work > work) work = r.stats.work, name = n;
  }
  void print(const char* what) {
    std::sort(all.begin(), all.end());
    std::printf("%-28s %3d reconstructions  median %10lld  most %11lld (%s)  cut short %d\n", what, count,
                all.empty() ? 0LL : static_cast<long long>(all[all.size() / 2]), static_cast<long long>(work),
                name.c_str(), cut);
  }
};

bool digest = false;
int beam = 0;                                     // 0: ReconstructOptions' default
int max_beam = 0;                                 // 0: ReconstructOptions' default
std::int64_t work_limit = std::int64_t{1} << 50;  // unlimited

reconstruct::Reconstruction run(const std::vector<reconstruct::EvidenceSheet>& sheets,
                                const std::string& name, Most& most) {
  reconstruct::ReconstructOptions options;
  options.work_limit = work_limit;
  if (beam > 0) options.beam_width = beam;
  if (max_beam > 0) options.max_beam_width = max_beam;
  options.time_limit = std::chrono::milliseconds(3600000);
  reconstruct::Reconstruction r = reconstruct::reconstruct_game(sheets, options);
  most.add(name, r);
  if (digest) {
    std::printf("%s work %lld cost %.3f complete %d:", name.c_str(), static_cast<long long>(r.stats.work),
                static_cast<double>(r.cost), r.complete ? 1 : 0);
    for (const reconstruct::ReconstructedPly& p : r.plies) std::printf(" %s", p.uci.c_str());
    std::printf("\n");
    std::fflush(stdout);
  }
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--digest") == 0)
      digest = true;
    else if (std::strcmp(argv[i], "--beam") == 0 && i + 1 < argc)
      beam = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--max-beam") == 0 && i + 1 < argc)
      max_beam = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--work-limit") == 0 && i + 1 < argc)
      work_limit = std::atoll(argv[++i]);
  }
  Most pages, pairs, dev;
  const std::vector<bench::HcsPage> hcs = bench::load_hcs(bench::default_hcs_labels());
  std::map<std::string, std::vector<const bench::HcsPage*>> games;
  for (const bench::HcsPage& page : hcs) {
    games[page.game].push_back(&page);
    run({page.sheet}, page.sheet.name, pages);
  }
  for (const auto& [game, copies] : games)
    if (copies.size() == 2) run({copies[0]->sheet, copies[1]->sheet}, "hcs game " + game, pairs);
  for (const bench::DevCase& c : bench::load_sheets_dev(bench::default_sheets_dev()))
    run(c.sheets, "sheets-dev " + c.name, dev);
  pages.print("HCS pages alone");
  pairs.print("HCS games, both pages");
  dev.print("sheets-dev cases");
  return 0;
}
