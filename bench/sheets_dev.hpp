// The decidable corrupted sheets (../shared/corpus/sheets-dev): real games
// written out as one or both players' copies in several languages and
// styles, with slips whose kinds follow the HCS labels, each checked by a
// reference solver to be decided by what is written. Shared by the bench
// that prints the figures and misses (bench/sheets_dev.cpp) and the test
// that requires every case back exactly (tests/reconstruct_sheets_dev_test.cpp).
// The corpus is read in place, never copied into the project.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "notera/core/uci.hpp"
#include "notera/reconstruct/evidence.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/scoresheet/sheet.hpp"

namespace notera::bench {

using namespace notera::reconstruct;

// One slip the generator made (truth.json "errors").
struct DevSlip {
  int sheet = 1;  // 1 or 2
  int ply = 0;    // the ply of the game it concerns
  std::string kind;
  std::string written;
  std::string detail;
};

struct DevCase {
  std::string name;  // "case-001"
  std::vector<EvidenceSheet> sheets;
  std::vector<Move> game;
  std::vector<DevSlip> slips;
  double reference_margin = 0.0;  // the reference solver's margin (nats)
};

inline std::string dev_read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The cases under `dir` in name order; empty when the folder is missing.
inline std::vector<DevCase> load_sheets_dev(const std::filesystem::path& dir) {
  std::vector<DevCase> cases;
  if (!std::filesystem::is_directory(dir)) return cases;
  std::vector<std::filesystem::path> folders;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.is_directory() && std::filesystem::exists(entry.path() / "truth.json"))
      folders.push_back(entry.path());
  std::sort(folders.begin(), folders.end());
  for (const std::filesystem::path& folder : folders) {
    DevCase c;
    c.name = folder.filename().string();
    for (const char* file : {"sheet1.sheet", "sheet2.sheet"}) {
      const std::filesystem::path p = folder / file;
      if (!std::filesystem::exists(p)) continue;
      const scoresheet::Scoresheet sheet =
          scoresheet::read_scoresheet(dev_read_file(p), (folder.filename() / file).string());
      c.sheets.push_back(evidence_of(sheet));
    }
    const nlohmann::json truth = nlohmann::json::parse(dev_read_file(folder / "truth.json"));
    Position pos = Position::start();
    for (const auto& u : truth.at("uci")) {
      const Move m = parse_uci(pos, u.get<std::string>());
      if (m == Move::none()) break;
      c.game.push_back(m);
      Undo undo;
      pos.do_move(m, undo);
    }
    for (const auto& e : truth.at("errors"))
      c.slips.push_back(DevSlip{e.value("sheet", 1), e.value("ply", 0), e.value("kind", ""),
                                e.value("written", ""), e.value("detail", "")});
    if (truth.contains("reference")) c.reference_margin = truth["reference"].value("margin", 0.0);
    cases.push_back(std::move(c));
  }
  return cases;
}

inline std::filesystem::path default_sheets_dev() {
  return std::filesystem::path(NOTERA_SHARED) / "corpus" / "sheets-dev";
}

// How one reconstruction of a case compares with the game played.
struct DevOutcome {
  bool exact = false;
  bool complete = false;
  int plies = 0;        // of the game played
  int plies_right = 0;  // plies equal at the same index
  int first_wrong = 0;  // 1-based ply of the first difference; 0 when exact
  float found_cost = 0.0f;
  float true_cost = 0.0f;         // the game played, priced as the game found was (same weights)
  bool search_miss = false;       // the game played is cheaper than the game found: the search lost it
  const DevSlip* near = nullptr;  // the slip that best explains the first difference
  double milliseconds = 0.0;
};

// The slip nearest before (or just after) ply `ply`: the likeliest cause.
inline const DevSlip* slip_near(const DevCase& c, int ply) {
  const DevSlip* best = nullptr;
  int best_distance = 1 << 20;
  for (const DevSlip& s : c.slips) {
    // A slip up to 2 plies after the difference can be its cause (a later
    // box read differently drags the move before it along); before it, any
    // distance (a shifted row lasts).
    const int d = s.ply <= ply ? ply - s.ply : 3 * (s.ply - ply);
    if (s.ply > ply + 2) continue;
    if (d < best_distance) best_distance = d, best = &s;
  }
  return best;
}

inline DevOutcome evaluate(const DevCase& c, const std::vector<EvidenceSheet>& sheets,
                           const Reconstruction& r, const ReconstructOptions& base = {}) {
  DevOutcome o;
  o.plies = static_cast<int>(c.game.size());
  o.complete = r.complete;
  o.found_cost = r.cost;
  o.milliseconds = r.stats.milliseconds;
  for (std::size_t k = 0; k < c.game.size() && k < r.plies.size(); ++k) {
    if (r.plies[k].move == c.game[k])
      ++o.plies_right;
    else if (o.first_wrong == 0)
      o.first_wrong = static_cast<int>(k) + 1;
  }
  if (o.first_wrong == 0 && r.plies.size() != c.game.size())
    o.first_wrong = static_cast<int>(std::min(r.plies.size(), c.game.size())) + 1;
  o.exact = o.first_wrong == 0;
  if (o.exact) return o;
  ReconstructOptions priced = base;
  priced.line = c.game;
  priced.slip_weights.clear();
  for (const SheetCare& care : r.care) priced.slip_weights.push_back(care.weight);
  priced.time_limit = std::chrono::milliseconds(60000);
  const Reconstruction truth = reconstruct_game(sheets, priced);
  o.true_cost = truth.complete ? truth.cost : truth.cost + 1000.0f;
  o.search_miss = o.true_cost < o.found_cost - 0.01f;
  o.near = slip_near(c, o.first_wrong);
  return o;
}

}  // namespace notera::bench
