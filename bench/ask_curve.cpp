// The ask list answered by an oracle: how many plies come back right when
// a person checks the boxes the reconstruction asks about, against the
// share of plies asked.
//
//   build/bench/notera_bench_ask_curve [--games N] [--scale S] [--copies 1|2] [--rounds] [-v]
//
// The sheets are issue 6's test: the first N games (default 100) of
// ../shared/corpus/big.pgn.xz written at `scale` times the HCS rates
// (bench/hcs_rates.hpp, the generator of
// tests/scoresheet_reconstruct_corpus_test.cpp, with the same seed, so the
// sheets are that test's), undecided games included. Each game is
// reconstructed from one copy (and, with --copies 2, from both), and the
// entries of every game's `ask` list are pooled and ranked by their score
// (the plies an answer is expected to change), as an archivist with a pile
// of sheets would check the most doubtful boxes first. For each share of
// the plies (0, 1, 2, 3, 5, 7%) the top entries are answered by an oracle
// and the games reconstructed again with the answers:
// - an entry that names a box gets the move the writer meant there, as a
//   person reading the paper would give it ({=MOVE} in a .sheet file), or,
//   for a box that records no move of the game (an extra box), the box
//   struck out;
// - an entry for a ply no box records (the game found inserts a move) is
//   counted as asked but cannot be answered through a box.
// The answers come from the first run's list, all at once (no second round
// of questions); --rounds asks as a person at the page would: 1% of the
// plies at a time, each round from the lists the previous answers left. Printed per share: plies asked, plies right (a ply is
// right when the game found has the game played's move at that index),
// plies right among those not asked, and games exact.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "hcs_rates.hpp"
#include "notera/core/san.hpp"
#include "notera/notation/letters.hpp"
#include "notera/reconstruct/reconstruct.hpp"

using namespace notera;

namespace {

// One reconstruction problem: the sheets, what each box records, the game.
struct Case {
  std::size_t game = 0;
  std::vector<reconstruct::EvidenceSheet> sheets;
  std::vector<std::vector<int>> true_plies;  // per sheet, per box
  reconstruct::Reconstruction first;         // without answers
};

// An entry of a case's ask list, for the pooled ranking.
struct Entry {
  std::size_t case_index = 0;
  float score = 0.0f;
  int ply = 0;  // 1-based, of the first run's game
  int sheet = -1, cell = -1;
};

struct Counts {
  long long plies = 0, right = 0, asked = 0, not_asked = 0, not_asked_right = 0, answered = 0;
  int games = 0, exact = 0;
};

// The oracle's answer in box `cell` of `sheet`: the move the writer meant.
void answer(reconstruct::EvidenceSheet& sheet, int cell, int true_ply, const std::vector<Move>& game) {
  reconstruct::EvidenceCell& box = sheet.cells[static_cast<std::size_t>(cell)];
  if (true_ply < 0) {
    box.kind = reconstruct::EvidenceKind::crossed_out;
    return;
  }
  Position pos = Position::start();
  for (int k = 0; k < true_ply; ++k) pos = pos.after(game[static_cast<std::size_t>(k)]);
  const notation::LetterTable& table = notation::LetterTable::instance();
  const int language = table.language_index(sheet.language);
  box.kind = reconstruct::EvidenceKind::move;
  box.readings = {to_san(pos, game[static_cast<std::size_t>(true_ply)],
                         table.style(language < 0 ? notation::LetterTable::english : language))};
  box.certain = true;
}

void count(const reconstruct::Reconstruction& r, const std::vector<Move>& game, const std::set<int>& asked,
           Counts& c) {
  ++c.games;
  bool exact = r.plies.size() == game.size();
  for (std::size_t p = 0; p < game.size(); ++p) {
    const bool right = p < r.plies.size() && r.plies[p].move == game[p];
    exact = exact && right;
    ++c.plies;
    c.right += right;
    if (!asked.count(static_cast<int>(p) + 1)) {
      ++c.not_asked;
      c.not_asked_right += right;
    }
  }
  c.exact += exact;
}

double percent(long long a, long long b) { return b ? 100.0 * static_cast<double>(a) / static_cast<double>(b) : 0.0; }

bool verbose = false;
int unasked_misses = 0, unasked_as_written = 0;

// -v: for each game still wrong at the largest share, its first wrong ply
// that was not asked, with the confidence the first run gave it.
void print_unasked_miss(const Case& c, const reconstruct::Reconstruction& r, const std::vector<Move>& game,
                        const std::set<int>& asked) {
  for (std::size_t p = 0; p < game.size(); ++p) {
    if (p < r.plies.size() && r.plies[p].move == game[p]) continue;
    if (asked.count(static_cast<int>(p) + 1)) continue;
    const auto& first = c.first.plies;
    const std::string conf =
        p < first.size() && first[p].confidence ? std::to_string(*first[p].confidence) : std::string("none");
    Position pos = Position::start();
    for (std::size_t k = 0; k < p; ++k) pos = pos.after(game[k]);
    std::string box = "(none)";
    float price = -1.0f;
    if (p < r.plies.size() && !r.plies[p].evidence.empty() && r.plies[p].evidence[0].cell >= 0) {
      box = "'" + r.plies[p].evidence[0].text + "'";
      price = r.plies[p].evidence[0].cost;
    }
    // A box read as written at no price: the writer's slip made another
    // legal move, and one copy has nothing against it here.
    ++unasked_misses;
    unasked_as_written += price == 0.0f;
    std::printf(
        "  game %3zu ply %3zu of %3zu: found %-7s true %-7s box %-10s read at %5.2f, first-run confidence %s, "
        "%zu asked\n",
        c.game, p + 1, game.size(), p < r.plies.size() ? r.plies[p].san.c_str() : "(end)",
        to_san(pos, game[p]).c_str(), box.c_str(), static_cast<double>(price), conf.c_str(), asked.size());
    return;
  }
}

void run_curve(const char* title, std::vector<Case>& cases, const std::vector<std::vector<Move>>& games) {
  std::vector<Entry> pool;
  long long plies = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    plies += static_cast<long long>(games[cases[i].game].size());
    for (const reconstruct::Ask& a : cases[i].first.ask) pool.push_back(Entry{i, a.score, a.ply, a.sheet, a.cell});
  }
  std::stable_sort(pool.begin(), pool.end(), [](const Entry& x, const Entry& y) { return x.score > y.score; });
  std::printf("\n%s: %zu games, %lld plies, %zu entries on the ask lists (%.1f%% of the plies)\n", title,
              cases.size(), plies, pool.size(), percent(static_cast<long long>(pool.size()), plies));
  std::printf("%8s %8s %10s %12s %16s %12s %10s\n", "share", "asked", "asked %", "plies right", "right, not asked",
              "games exact", "reruns");
  // The answers a case got at the previous share, and the result: a case
  // whose answers did not change is not run again.
  std::vector<std::size_t> last_answers(cases.size(), 0);
  std::vector<reconstruct::Reconstruction> last(cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) last[i] = cases[i].first;
  std::vector<long long> right_before(cases.size(), -1);
  for (const double share : {0.0, 1.0, 2.0, 3.0, 5.0, 7.0}) {
    const std::size_t budget =
        std::min(pool.size(), static_cast<std::size_t>(share / 100.0 * static_cast<double>(plies)));
    std::vector<std::vector<const Entry*>> chosen(cases.size());
    for (std::size_t k = 0; k < budget; ++k) chosen[pool[k].case_index].push_back(&pool[k]);
    Counts c;
    int reruns = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const std::vector<Move>& game = games[cases[i].game];
      std::set<int> asked;
      for (const Entry* e : chosen[i]) asked.insert(e->ply);
      if (chosen[i].size() != last_answers[i]) {
        std::vector<reconstruct::EvidenceSheet> sheets = cases[i].sheets;
        for (const Entry* e : chosen[i]) {
          if (e->sheet < 0 || e->cell < 0) continue;
          const auto s = static_cast<std::size_t>(e->sheet);
          answer(sheets[s], e->cell, cases[i].true_plies[s][static_cast<std::size_t>(e->cell)], game);
          ++c.answered;
        }
        last[i] = reconstruct::reconstruct_game(sheets, {});
        last_answers[i] = chosen[i].size();
        ++reruns;
      } else {
        for (const Entry* e : chosen[i]) c.answered += e->sheet >= 0 && e->cell >= 0;
      }
      c.asked += static_cast<long long>(asked.size());
      const long long right = c.right;
      count(last[i], game, asked, c);
      if (verbose && share == 7.0) print_unasked_miss(cases[i], last[i], game, asked);
      // -v: a game that more answers made worse.
      if (verbose && right_before[i] > c.right - right)
        std::printf("  game %3zu: %lld plies right with %zu answers, %lld with fewer\n", cases[i].game,
                    c.right - right, chosen[i].size(), right_before[i]);
      right_before[i] = c.right - right;
    }
    std::printf("%7.0f%% %8lld %9.2f%% %11.2f%% %15.2f%% %7d/%-4d %10d\n", share, c.asked, percent(c.asked, c.plies),
                percent(c.right, c.plies), percent(c.not_asked_right, c.not_asked), c.exact, c.games, reruns);
    std::fflush(stdout);
  }
}

// --rounds: as a person at the page works. Each round pools the ask lists
// of the games as they stand (boxes already answered left out), answers the
// top entries up to another 1% of the plies, and reconstructs the games
// that got an answer again, whose new lists the next round sees.
void run_rounds(const char* title, std::vector<Case>& cases, const std::vector<std::vector<Move>>& games) {
  long long plies = 0;
  for (const Case& c : cases) plies += static_cast<long long>(games[c.game].size());
  std::vector<std::vector<reconstruct::EvidenceSheet>> sheets;
  std::vector<reconstruct::Reconstruction> now;
  std::vector<std::set<int>> asked(cases.size());
  std::vector<std::set<std::pair<int, int>>> answered(cases.size());
  for (const Case& c : cases) {
    sheets.push_back(c.sheets);
    now.push_back(c.first);
  }
  std::printf("\n%s, in rounds of 1%% of the plies: %zu games, %lld plies\n", title, cases.size(), plies);
  std::printf("%8s %8s %10s %12s %16s %12s %10s\n", "round", "asked", "asked %", "plies right", "right, not asked",
              "games exact", "reruns");
  const auto step = static_cast<std::size_t>(0.01 * static_cast<double>(plies));
  for (int round = 0; round <= 7; ++round) {
    int reruns = 0;
    if (round > 0) {
      std::vector<Entry> pool;
      for (std::size_t i = 0; i < cases.size(); ++i)
        for (const reconstruct::Ask& a : now[i].ask) {
          if (a.sheet >= 0 && a.cell >= 0 ? answered[i].count({a.sheet, a.cell}) > 0 : asked[i].count(a.ply) > 0)
            continue;
          pool.push_back(Entry{i, a.score, a.ply, a.sheet, a.cell});
        }
      std::stable_sort(pool.begin(), pool.end(), [](const Entry& x, const Entry& y) { return x.score > y.score; });
      if (pool.size() > step) pool.resize(step);
      std::vector<bool> changed(cases.size(), false);
      for (const Entry& e : pool) {
        const std::size_t i = e.case_index;
        asked[i].insert(e.ply);
        if (e.sheet < 0 || e.cell < 0) continue;
        answered[i].insert({e.sheet, e.cell});
        const auto s = static_cast<std::size_t>(e.sheet);
        answer(sheets[i][s], e.cell, cases[i].true_plies[s][static_cast<std::size_t>(e.cell)], games[cases[i].game]);
        changed[i] = true;
      }
      for (std::size_t i = 0; i < cases.size(); ++i)
        if (changed[i]) {
          now[i] = reconstruct::reconstruct_game(sheets[i], {});
          ++reruns;
        }
    }
    Counts c;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      c.asked += static_cast<long long>(asked[i].size());
      count(now[i], games[cases[i].game], asked[i], c);
      if (verbose && round == 7) print_unasked_miss(cases[i], now[i], games[cases[i].game], asked[i]);
    }
    std::printf("%8d %8lld %9.2f%% %11.2f%% %15.2f%% %7d/%-4d %10d\n", round, c.asked, percent(c.asked, c.plies),
                percent(c.right, c.plies), percent(c.not_asked_right, c.not_asked), c.exact, c.games, reruns);
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t count_games = 100;
  double scale = 1.0;
  int copies = 1;
  bool rounds = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "-v") == 0) verbose = true;
    if (std::strcmp(argv[i], "--rounds") == 0) rounds = true;
    if (i + 1 >= argc) break;
    if (std::strcmp(argv[i], "--games") == 0) count_games = static_cast<std::size_t>(std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--scale") == 0) scale = std::atof(argv[++i]);
    else if (std::strcmp(argv[i], "--copies") == 0) copies = std::atoi(argv[++i]);
  }
  const std::filesystem::path xz = std::filesystem::path(NOTERA_SHARED) / "corpus" / "big.pgn.xz";
  if (!std::filesystem::exists(xz)) {
    std::printf("%s not found: nothing to measure\n", xz.c_str());
    return 0;
  }
  const std::vector<std::vector<Move>> games = bench::first_games(xz, count_games);
  const notation::LetterTable& table = notation::LetterTable::instance();
  // As the test's run_games: the same languages, seed and order of draws.
  const std::array<int, 4> languages = {table.language_index("nb"), table.language_index("de"),
                                        table.language_index("fr"), notation::LetterTable::english};
  bench::SlipSampler sampler(20261122, reconstruct::SlipCosts::measured(), scale);
  std::vector<Case> one, two;
  const auto began = std::chrono::steady_clock::now();
  for (std::size_t g = 0; g < games.size(); ++g) {
    std::vector<int> ta, tb;
    sampler.writer = bench::Writer{};
    reconstruct::EvidenceSheet a = bench::corrupted_sheet(games[g], languages[g % languages.size()], sampler, &ta);
    reconstruct::EvidenceSheet b =
        bench::corrupted_sheet(games[g], languages[(g + 1) % languages.size()], sampler, &tb);
    Case c1{g, {a}, {ta}, {}};
    c1.first = reconstruct::reconstruct_game(c1.sheets, {});
    one.push_back(std::move(c1));
    if (copies >= 2) {
      Case c2{g, {a, b}, {ta, tb}, {}};
      c2.first = reconstruct::reconstruct_game(c2.sheets, {});
      two.push_back(std::move(c2));
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  std::printf("games: the first %zu of %s at %.2f times the HCS rates; first runs %.1f s\n", games.size(),
              xz.c_str(), scale, seconds);
  const auto curve = rounds ? run_rounds : run_curve;
  const auto misses = [] {
    if (verbose)
      std::printf("games wrong at the largest share: %d, whose first wrong ply not asked is a box read as "
                  "written in %d\n", unasked_misses, unasked_as_written);
    unasked_misses = unasked_as_written = 0;
  };
  curve("one copy", one, games);
  misses();
  if (copies >= 2) {
    curve("two copies", two, games);
    misses();
  }
  return 0;
}
