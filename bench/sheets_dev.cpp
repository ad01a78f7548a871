// Reconstruction of the decidable corrupted sheets (../shared/corpus/sheets-dev).
//
//   build/bench/notera_bench_sheets_dev [DIR] [--case case-NNN [--watch]] [--alone] [--quick]
//                                       [--widen-from N] [-v]
//
// Every case is reconstructed from the copies it has (one, or both), and
// compared with the game played (truth.json). Prints each miss with the
// first ply that differs, the price of the game found against the price of
// the game played (priced with the same weights: when the game played is
// cheaper the search lost it, "search"; when it is dearer the costs prefer
// another game, "model") and the slip the generator made nearest before
// that ply, which is usually the cause; then the figures, the misses by the
// kind of that slip, and the time per case (one core). --alone also
// reconstructs each copy of a two-copy case on its own (a harder test
// than the set asks for, reported apart). -v prints the plies around the
// first difference. --watch (with --case) follows the game played through
// the searches and says on stderr, ply by ply, where it is lost. --quick
// measures first answers (ReconstructOptions::widen false) instead.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "notera/core/san.hpp"
#include "sheets_dev.hpp"

using namespace notera;
using namespace notera::reconstruct;

namespace {

struct Tally {
  int cases = 0, exact = 0, plies = 0, plies_right = 0, complete = 0;
  std::vector<double> ms;
  void add(const bench::DevOutcome& o) {
    ++cases;
    exact += o.exact;
    complete += o.complete;
    plies += o.plies;
    plies_right += o.plies_right;
    ms.push_back(o.milliseconds);
  }
  void print(const char* what) {
    if (cases == 0) return;
    std::sort(ms.begin(), ms.end());
    double sum = 0;
    for (double m : ms) sum += m;
    std::printf(
        "%-28s %3d/%-3d exact (%5.1f%%), plies right %5d/%-5d (%6.2f%%), complete %d; "
        "ms mean %.0f median %.0f worst %.0f\n",
        what, exact, cases, 100.0 * exact / cases, plies_right, plies, 100.0 * plies_right / plies, complete,
        sum / static_cast<double>(ms.size()), ms[ms.size() / 2], ms.back());
  }
};

std::string san_at(const std::vector<Move>& game, int k) {
  Position pos = Position::start();
  for (int i = 0; i < k && i < static_cast<int>(game.size()); ++i) {
    Undo undo;
    pos.do_move(game[static_cast<std::size_t>(i)], undo);
  }
  return k < static_cast<int>(game.size()) ? to_san(pos, game[static_cast<std::size_t>(k)]) : "(end)";
}

void print_miss(const bench::DevCase& c, const char* which, const Reconstruction& r,
                const bench::DevOutcome& o, bool verbose) {
  std::printf("MISS %s %-6s ply %3d/%-3d right %3d  found %6.2f true %6.2f  %-6s", c.name.c_str(), which,
              o.first_wrong, o.plies, o.plies_right, static_cast<double>(o.found_cost),
              static_cast<double>(o.true_cost), o.search_miss ? "search" : "model");
  if (o.near)
    std::printf("  slip %s sheet %d ply %d '%s' %s", o.near->kind.c_str(), o.near->sheet, o.near->ply,
                o.near->written.c_str(), o.near->detail.c_str());
  std::printf("  (ref margin %.1f, %.0f ms%s)\n", c.reference_margin, o.milliseconds,
              r.stats.work_limit   ? ", WORK LIMIT"
              : r.stats.time_limit ? ", TIME LIMIT"
                                   : "");
  if (!verbose) return;
  const int from = std::max(1, o.first_wrong - 3);
  for (int p = from; p <= o.first_wrong + 3; ++p) {
    const std::size_t k = static_cast<std::size_t>(p - 1);
    std::string found = "(end)", box = "", status = "";
    if (k < r.plies.size()) {
      found = r.plies[k].san;
      status = std::string(to_string(r.plies[k].status));
      for (const PlyEvidence& e : r.plies[k].evidence) box += e.cell < 0 ? " (none)" : " '" + e.text + "'";
    }
    std::printf("      ply %3d found %-8s %-10s%-22s true %s\n", p, found.c_str(), status.c_str(),
                box.c_str(), san_at(c.game, p - 1).c_str());
  }
  for (const bench::DevSlip& s : c.slips)
    std::printf("      slip sheet %d ply %3d %-12s '%s' %s\n", s.sheet, s.ply, s.kind.c_str(),
                s.written.c_str(), s.detail.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path dir = bench::default_sheets_dev();
  std::string only;
  bool alone = false, verbose = false, watch = false, quick = false;
  int widen_from = reconstruct::ReconstructOptions{}.widen_from_limited_plies;  // --widen-from N
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--case") == 0 && i + 1 < argc)
      only = argv[++i];
    else if (std::strcmp(argv[i], "--alone") == 0)
      alone = true;
    else if (std::strcmp(argv[i], "--widen-from") == 0 && i + 1 < argc)
      widen_from = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "-v") == 0)
      verbose = true;
    else if (std::strcmp(argv[i], "--watch") == 0)
      watch = true;
    else if (std::strcmp(argv[i], "--quick") == 0)
      quick = true;  // first answers (ReconstructOptions::widen false)
    else
      dir = argv[i];
  }
  const std::vector<bench::DevCase> cases = bench::load_sheets_dev(dir);
  if (cases.empty()) {
    std::printf("no cases in %s\n", dir.string().c_str());
    return 0;
  }
  std::printf("sheets-dev: %zu cases from %s\n", cases.size(), dir.string().c_str());
  Tally one, two, all, singles;
  std::map<std::string, std::pair<int, int>> by_kind;  // kind of the nearest slip -> (search, model)
  for (const bench::DevCase& c : cases) {
    if (!only.empty() && c.name != only) continue;
    ReconstructOptions options;
    if (watch && !only.empty()) options.watch = c.game;
    options.widen = !quick;
    options.widen_from_limited_plies = widen_from;
    const Reconstruction r = reconstruct_game(c.sheets, options);
    const bench::DevOutcome o = bench::evaluate(c, c.sheets, r);
    (c.sheets.size() == 1 ? one : two).add(o);
    all.add(o);
    if (!o.exact) {
      print_miss(c, c.sheets.size() == 1 ? "one" : "two", r, o, verbose);
      auto& k = by_kind[o.near ? o.near->kind : "(none)"];
      ++(o.search_miss ? k.first : k.second);
    } else if (!only.empty()) {
      std::printf("%s: exact, %d plies, cost %.2f, margin %.2f, %.0f ms\n", c.name.c_str(), o.plies,
                  static_cast<double>(r.cost), r.margin ? static_cast<double>(*r.margin) : -1.0,
                  o.milliseconds);
    }
    if (alone && c.sheets.size() == 2) {
      for (std::size_t j = 0; j < 2; ++j) {
        const std::vector<EvidenceSheet> single{c.sheets[j]};
        const Reconstruction rs = reconstruct_game(single);
        const bench::DevOutcome os = bench::evaluate(c, single, rs);
        singles.add(os);
        if (!os.exact) print_miss(c, j == 0 ? "alone1" : "alone2", rs, os, verbose);
      }
    }
  }
  std::printf("\n");
  one.print("one copy");
  two.print("two copies");
  all.print("all cases");
  singles.print("each copy of two, alone");
  if (!by_kind.empty()) {
    std::printf("misses by the kind of the slip nearest before the first difference (search/model):\n");
    for (const auto& [kind, n] : by_kind) std::printf("  %-14s %d/%d\n", kind.c_str(), n.first, n.second);
  }
  return 0;
}
