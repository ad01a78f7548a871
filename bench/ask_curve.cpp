// The ask list answered by an oracle: how many plies come back right when
// a person checks the boxes the reconstruction asks about, against the
// share of plies asked.
//
//   build/bench/notera_bench_ask_curve [--games N] [--scale S] [--copies 1|2] [--rounds] [-v]
//                                      [--game G [--watch] [--dump]] [--page-answers] [--ask-margin M]
//                                      [--widen-from N]
//
// The sheets are issue 6's test: the first N games (default 200, as that
// test reads; the first 100 were the default until the forty-sixth
// session, and gave a kinder figure: 99.29% of plies right by index in
// rounds against 98.70% on all 200) of
// ../shared/corpus/big.pgn.xz written at `scale` times the HCS rates
// (bench/hcs_rates.hpp, the generator of
// tests/scoresheet_reconstruct_corpus_test.cpp, with the same seed, so the
// sheets are that test's), undecided games included. Each game is
// reconstructed from one copy (and, with --copies 2, from both), and the
// entries of every game's `ask` list are pooled and ranked by their score
// (the plies an answer is expected to change), as an archivist with a pile
// of sheets would check the most doubtful boxes first. For each share of
// the plies (0, 1, 2, 3, 5, 7%) the top entries are answered by an oracle
// that puts the move played in, as a person with the paper would (see
// apply_answers()), and the games are reconstructed again with the answers.
// The answers come from the first run's list, all at once (no second round
// of questions); --rounds asks as a person at the page would: 1% of the
// plies at a time, each round from the lists the previous answers left.
// Printed per share: plies asked, plies right (a ply is right when the game
// found has the game played's move at that index), plies right among those
// not asked, plies in order (the game played's plies that the game found
// has in the same order, bench/plies_in_order.hpp: a row left out of the
// sheet costs its two plies there, every ply after it at the same index)
// and games exact; -v also the games still wrong at the largest share,
// with their first wrong ply and how many plies are wrong by each count, and those plies added up by the
// kind of the first error (a box read as written, moves after the sheet's last box, other) with the most
// a reader of the sheet can reach while the first two stay wrong. Printed first: how often the first
// runs' moves are wrong at each confidence (is the margin a probability, and where do errors begin). --game G
// (with the same --games) also prints, for game G at each share, the answers given, the plies that are wrong,
// and what the game played costs on the answered sheets (above the game
// found: the search lost it); with --watch, the first run of game G says
// on stderr, ply by ply, where it loses the game played; with --dump, game G's sheet box by box, with the
// move played and the move the first run found at the ply each box claims, and where the game found and
// the game played differ, the boxes each reads and their prices (--dump without --game: for every game not
// exact unaided, to look for slips priced twice or not as the sheets are drawn). With --rounds -v, each
// round also says how many of its entries ask a ply the game found already has right (answers that
// change nothing, as an archivist would spend them); with --rounds --game G, each round's entries of game G,
// and what the game found and the game played cost on the sheets as answered so far.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
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
#include "notera/reconstruct/evidence.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "plies_in_order.hpp"

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
  long long plies = 0, right = 0, in_order = 0, asked = 0, not_asked = 0, not_asked_right = 0, answered = 0;
  int games = 0, exact = 0;
};

using bench::position_before;

bool page_answers = false;  // --page-answers
// Options of every reconstruction (--ask-margin M: ReconstructOptions::ask_margin).
reconstruct::ReconstructOptions base;

// A game's sheets as answers change them: boxes put in for plies no box
// records move the boxes after them, so what each box records moves too.
struct AnsweredSheets {
  std::vector<reconstruct::EvidenceSheet> sheets;
  std::vector<std::vector<int>> true_plies;  // per sheet, per box: the ply it records (-1: none)
};

// The oracle's answers to `entries` (asked of a reconstruction of
// `a.sheets`), as a person with the paper gives them:
// - an entry that names a box: the move the writer meant there ({=MOVE}),
//   or, for a box that records no move of the game, that it is none ({=--});
// - an entry for a ply no box records (the game found inserts a move): the
//   move played at that ply where the paper has it, on the first sheet: in
//   the box that records it when there is one (the game found took that
//   box for another ply), else in a box put in before the first box of a
//   later ply (the page's "- {=MOVE}"): in the empty place of the grid
//   when the boxes' numbering leaves one there, else with the boxes after
//   it claiming one ply later.
// With --page-answers, a ply no box records is answered as the page does
// it: a box put in before the box the game found reads for a later ply,
// whether or not the paper has the move elsewhere.
// Returns the boxes answered.
int apply_answers(AnsweredSheets& a, const std::vector<const Entry*>& entries, const std::vector<Move>& game,
                  const reconstruct::Reconstruction& asked_of) {
  int answered = 0;
  std::vector<std::pair<int, int>> inserts;  // (before box of sheet 0, ply index of the game played)
  for (const Entry* e : entries) {
    if (e->sheet >= 0 && e->cell >= 0) {
      const auto s = static_cast<std::size_t>(e->sheet);
      bench::answer_true_move(a.sheets[s], e->cell, a.true_plies[s][static_cast<std::size_t>(e->cell)], game);
      ++answered;
      continue;
    }
    if (e->ply < 1 || e->ply > static_cast<int>(game.size())) continue;
    const int ply = e->ply - 1;
    if (page_answers) {
      // As the page places it: before the box the game found reads for a
      // later ply (the boxes' numbering decides as below).
      int next = static_cast<int>(a.sheets[0].cells.size());
      for (std::size_t p = static_cast<std::size_t>(e->ply); p < asked_of.plies.size(); ++p) {
        const auto& ev = asked_of.plies[p].evidence;
        const auto it = std::find_if(ev.begin(), ev.end(), [](const auto& x) { return x.sheet == 0 && x.cell >= 0; });
        if (it != ev.end()) {
          next = it->cell;
          break;
        }
      }
      inserts.emplace_back(next, ply);
      continue;
    }
    // The move played at that ply, where the paper has it: in the box that
    // records it when there is one (the game found had the box for another
    // ply), else before the first box of a later ply.
    const std::vector<int>& truth = a.true_plies[0];
    const auto recorded = std::find(truth.begin(), truth.end(), ply);
    if (recorded != truth.end()) {
      bench::answer_true_move(a.sheets[0], static_cast<int>(recorded - truth.begin()), ply, game);
      ++answered;
      continue;
    }
    const auto later = std::find_if(truth.begin(), truth.end(), [ply](int t) { return t > ply; });
    inserts.emplace_back(static_cast<int>(later - truth.begin()), ply);
  }
  // From the last box back, so that the places of the others hold (and
  // of two before the same box, the later ply first: the earlier goes in
  // front of it).
  std::sort(inserts.begin(), inserts.end(), [](auto& x, auto& y) { return x > y; });
  reconstruct::EvidenceSheet& sheet = a.sheets[0];
  for (const auto& [before, ply] : inserts) {
    reconstruct::EvidenceCell box;
    const auto at = static_cast<std::size_t>(before);
    if (at < sheet.cells.size()) {
      box.where = sheet.cells[at].where;
      const int next = sheet.cells[at].ply, previous = at > 0 ? sheet.cells[at - 1].ply : 0;
      if (next > 0 && next > previous + 1) {
        box.ply = next - 1;  // the grid has room here: the box goes in the empty place
      } else {
        box.ply = next;
        for (std::size_t k = at; k < sheet.cells.size(); ++k)
          if (sheet.cells[k].ply > 0) ++sheet.cells[k].ply;
      }
    } else if (!sheet.cells.empty() && sheet.cells.back().ply > 0) {
      box.ply = sheet.cells.back().ply + 1;
    }
    sheet.cells.insert(sheet.cells.begin() + static_cast<std::ptrdiff_t>(at), box);
    a.true_plies[0].insert(a.true_plies[0].begin() + static_cast<std::ptrdiff_t>(at), ply);
    bench::answer_true_move(sheet, before, ply, game);
    ++answered;
  }
  return answered;
}

void count(const reconstruct::Reconstruction& r, const std::vector<Move>& game, const std::set<int>& asked,
           Counts& c) {
  ++c.games;
  std::vector<Move> found;
  for (const auto& ply : r.plies) found.push_back(ply.move);
  c.in_order += bench::plies_in_order(found, game);
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
long focus = -1;     // --game G
bool dump = false;   // --dump: game G's sheet, box by box, as the first run read it
bool watch = false;  // --watch: the first run of game G says where it loses the game played (stderr)

// --game: the plies of `r` that are not the game's, as "ply found/true".
void print_wrong(const reconstruct::Reconstruction& r, const std::vector<Move>& game) {
  Position pos = Position::start();
  int shown = 0;
  std::printf("    wrong:");
  for (std::size_t p = 0; p < game.size(); ++p) {
    const bool right = p < r.plies.size() && r.plies[p].move == game[p];
    if (!right && shown++ < 40)
      std::printf(" %zu:%s/%s", p + 1, p < r.plies.size() ? r.plies[p].san.c_str() : "(end)",
                  to_san(pos, game[p]).c_str());
    pos = pos.after(game[p]);
  }
  std::printf(" (%d)\n", shown);
}

// The game played, priced on `sheets` (ReconstructOptions::line).
reconstruct::Reconstruction played_on(const std::vector<reconstruct::EvidenceSheet>& sheets,
                                      const std::vector<Move>& game) {
  reconstruct::ReconstructOptions t = base;
  t.line = game;
  return reconstruct::reconstruct_game(sheets, t);
}

int unasked_misses = 0, unasked_as_written = 0;
// --dump: the boxes each game reads and at what price, ply by ply where
// the game found and the game played differ (and the boxes each passes
// over), to see which readings the costs prefer.
void print_costs(const reconstruct::Reconstruction& found, const reconstruct::Reconstruction& played) {
  const auto line = [](const reconstruct::Reconstruction& r, std::size_t p) {
    if (p >= r.plies.size()) return std::string("(end)");
    std::string s = r.plies[p].san;
    for (const auto& e : r.plies[p].evidence)
      s += " '" + (e.cell >= 0 ? e.text : std::string("-")) + "' " + std::to_string(e.cost).substr(0, 5);
    return s;
  };
  float found_sum = 0.0f, played_sum = 0.0f;
  const std::size_t n = std::max(found.plies.size(), played.plies.size());
  for (std::size_t p = 0; p < n; ++p) {
    const bool same =
        p < found.plies.size() && p < played.plies.size() && found.plies[p].move == played.plies[p].move;
    for (const auto& e : p < found.plies.size() ? found.plies[p].evidence : std::vector<reconstruct::PlyEvidence>{})
      found_sum += e.cost;
    for (const auto& e :
         p < played.plies.size() ? played.plies[p].evidence : std::vector<reconstruct::PlyEvidence>{})
      played_sum += e.cost;
    if (!same)
      std::printf("  ply %3zu  found %-28s played %-28s\n", p + 1, line(found, p).c_str(),
                  line(played, p).c_str());
  }
  for (const auto& d : found.dropped)
    std::printf("  found passes over '%s' after ply %d\n", d.text.c_str(), d.after_ply);
  for (const auto& d : played.dropped)
    std::printf("  played passes over '%s' after ply %d\n", d.text.c_str(), d.after_ply);
  std::printf("  box costs: found %.2f, played %.2f (games %.2f, %.2f)\n", static_cast<double>(found_sum),
              static_cast<double>(played_sum), static_cast<double>(found.cost), static_cast<double>(played.cost));
}

// The plies still wrong at the largest share (by index, in order), by where
// the game's first unasked error is: a box read as written (the writer
// made another legal move), a move after the game found's end where the
// sheet has boxes left that the game found passes over (no ask entry is
// made after the game found's last ply), a move after the sheet's last box
// (moves no box records: the sheet ends before the game), or anything else.
enum MissKind { as_written, after_end_boxes_left, after_last_box, other_miss, miss_kinds };
std::array<long long, miss_kinds> missed_by_index{}, missed_in_order{};

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
    const Position pos = position_before(game, p);
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
    const bool boxes_left =
        std::any_of(r.dropped.begin(), r.dropped.end(), [&](const reconstruct::DroppedCell& d) {
          return d.after_ply >= static_cast<int>(r.plies.size()) && !d.text.empty();
        });
    const MissKind kind = price == 0.0f        ? as_written
                          : p < r.plies.size() ? other_miss
                          : boxes_left         ? after_end_boxes_left
                                               : after_last_box;
    std::size_t wrong_plies = 0;
    for (std::size_t q = 0; q < game.size(); ++q) wrong_plies += q >= r.plies.size() || r.plies[q].move != game[q];
    std::vector<Move> found;
    for (const auto& ply : r.plies) found.push_back(ply.move);
    const long long out_of_order = static_cast<long long>(game.size()) - bench::plies_in_order(found, game);
    missed_by_index[kind] += static_cast<long long>(wrong_plies);
    missed_in_order[kind] += out_of_order;
    std::printf(
        "  game %3zu ply %3zu of %3zu (%zu wrong, %lld in order): found %-7s true %-7s box %-10s read at %5.2f, first-run confidence %s, "
        "%zu asked\n",
        c.game, p + 1, game.size(), wrong_plies, out_of_order, p < r.plies.size() ? r.plies[p].san.c_str() : "(end)",
        to_san(pos, game[p]).c_str(), box.c_str(), static_cast<double>(price), conf.c_str(), asked.size());
    return;
  }
}

// How often the first run's move is wrong at each confidence (the margin
// in nats to the best game that differs at that ply): whether the margins
// are calibrated, and how many plies a wider ask list would take in.
void print_calibration(const std::vector<Case>& cases, const std::vector<std::vector<Move>>& games) {
  constexpr std::array<float, 10> upper = {0.5f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 8.0f, 12.0f, 1e30f};
  // the last: no margin (no other game found); `first`: wrong where the
  // position before is the game's (where the error starts, not a ply
  // that follows from one before it)
  std::array<long long, upper.size() + 1> plies{}, wrong{}, first{};
  for (const Case& c : cases) {
    const std::vector<Move>& game = games[c.game];
    Position found = c.first.start, played = Position::start();
    for (std::size_t p = 0; p < c.first.plies.size(); ++p) {
      const auto& ply = c.first.plies[p];
      std::size_t b = upper.size();
      if (ply.confidence)
        b = static_cast<std::size_t>(std::upper_bound(upper.begin(), upper.end(), *ply.confidence) - upper.begin());
      b = std::min(b, upper.size());
      ++plies[b];
      const bool w = p >= game.size() || ply.move != game[p];
      wrong[b] += w;
      first[b] += w && p < game.size() && found.key() == played.key();
      found.play(ply.move);
      if (p < game.size()) played.play(game[p]);
    }
  }
  // Why the games that are not exact are not: the game played is cheaper
  // than the game found (the search lost it) or not (the sheet, as the
  // costs read it, says the other game).
  int inexact = 0, lost = 0;
  std::string which;
  for (const Case& c : cases) {
    const std::vector<Move>& game = games[c.game];
    bool exact = c.first.plies.size() == game.size();
    for (std::size_t p = 0; exact && p < game.size(); ++p) exact = c.first.plies[p].move == game[p];
    if (exact) continue;
    ++inexact;
    reconstruct::ReconstructOptions o = base;
    o.line = game;
    const float played_cost = reconstruct::reconstruct_game(c.sheets, o).cost;
    if (static_cast<long>(c.game) == focus || (dump && focus < 0)) {
      std::printf("game %zu: the game found costs %.2f, the game played %.2f\n", c.game,
                  static_cast<double>(c.first.cost), static_cast<double>(played_cost));
      if (dump) print_costs(c.first, reconstruct::reconstruct_game(c.sheets, o));
    }
    if (played_cost < c.first.cost - 0.01f) {
      ++lost;
      which += " " + std::to_string(c.game);
    }
  }
  {
    // Boxes the game found passes over within the game: how often the game played reads them.
    int passed = 0, read_by_played = 0, asked_boxes = 0;
    for (const Case& c : cases) {
      for (std::size_t j = 0; j < c.sheets.size(); ++j) {
        std::vector<bool> used(c.sheets[j].cells.size(), false);
        int last = -1;
        for (const auto& p : c.first.plies)
          for (const auto& e : p.evidence)
            if (e.sheet == static_cast<int>(j) && e.cell >= 0) {
              used[static_cast<std::size_t>(e.cell)] = true;
              last = std::max(last, e.cell);
            }
        for (int b = 0; b < last; ++b) {
          if (used[static_cast<std::size_t>(b)] ||
              c.sheets[j].cells[static_cast<std::size_t>(b)].text.empty())
            continue;
          ++passed;
          const bool read = c.true_plies[j][static_cast<std::size_t>(b)] >= 0;
          read_by_played += read;
          bool in_list = false;
          for (const auto& a : c.first.ask) in_list |= a.sheet == static_cast<int>(j) && a.cell == b;
          asked_boxes += in_list;
        }
      }
    }
    std::printf("\nboxes the games found pass over: %d, the game played reads %d, in the ask lists %d\n",
                passed, read_by_played, asked_boxes);
  }
  std::printf("\ngames not exact unaided: %d; the game played costs less than the game found in %d (the search "
              "lost it:%s), not less in %d\n", inexact, lost, which.c_str(), inexact - lost);
  std::printf("\nconfidence of the first runs' plies (margin in nats), and how often the move is wrong:\n");
  std::printf("%14s %8s %8s %8s %12s %12s\n", "margin", "plies", "wrong", "wrong %", "e^-margin %",
              "errors begin");
  float lower = 0.0f;
  for (std::size_t b = 0; b <= upper.size(); ++b) {
    char label[32];
    if (b == upper.size())
      std::snprintf(label, sizeof label, "none");
    else if (upper[b] > 1e29f)
      std::snprintf(label, sizeof label, ">= %.1f", static_cast<double>(lower));
    else
      std::snprintf(label, sizeof label, "%.1f - %.1f", static_cast<double>(lower), static_cast<double>(upper[b]));
    const double expected = b < upper.size() && upper[b] < 1e29f ? 100.0 * std::exp(-0.5 * (lower + upper[b])) : 0.0;
    std::printf("%14s %8lld %8lld %7.2f%% %11.2f%% %12lld\n", label, plies[b], wrong[b], percent(wrong[b], plies[b]),
                expected, first[b]);
    if (b < upper.size()) lower = upper[b];
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
  const auto boxless = std::count_if(pool.begin(), pool.end(), [](const Entry& e) { return e.sheet < 0 || e.cell < 0; });
  long long passed_over = 0;  // entries that name a box the game found passes over
  for (const Case& c : cases)
    passed_over +=
        std::count_if(c.first.ask.begin(), c.first.ask.end(), [](const auto& a) { return a.passed_over; });
  std::printf(
      "\n%s: %zu games, %lld plies, %zu entries on the ask lists (%.1f%% of the plies), %td of them for a "
      "ply no box records, %lld in a box the game found passes over\n",
      title, cases.size(), plies, pool.size(), percent(static_cast<long long>(pool.size()), plies), boxless,
      passed_over);
  // Entries that offer the game over before their ply: how often it was
  // (the game played has no move there), against the probability given.
  int ending = 0, ended = 0;
  double ending_probability = 0.0;
  for (const Case& c : cases)
    for (const reconstruct::Ask& a : c.first.ask)
      for (const reconstruct::AskCandidate& candidate : a.candidates)
        if (candidate.ends) {
          ++ending;
          ended += static_cast<std::size_t>(a.ply) > games[c.game].size();
          ending_probability += candidate.probability;
        }
  std::printf(
      "entries that offer the game over before their ply: %d, the game played over there in %d (%.1f "
      "expected by the candidates' probabilities)\n",
      ending, ended, ending_probability);
  std::printf("%8s %8s %10s %12s %16s %10s %12s %10s\n", "share", "asked", "asked %", "plies right", "right, not asked",
              "in order", "games exact", "reruns");
  // The answers a case got at the previous share, and the result: a case
  // whose answers did not change is not run again.
  std::vector<std::size_t> last_answers(cases.size(), 0);
  std::vector<int> answers(cases.size(), 0);  // boxes answered for the case
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
        if (static_cast<long>(cases[i].game) == focus)
          for (const Entry* e : chosen[i])
            std::printf("    ask ply %d sheet %d box %d score %.2f\n", e->ply, e->sheet, e->cell,
                        static_cast<double>(e->score));
        AnsweredSheets answered{cases[i].sheets, cases[i].true_plies};
        answers[i] = apply_answers(answered, chosen[i], game, cases[i].first);
        last[i] = reconstruct::reconstruct_game(answered.sheets, base);
        if (static_cast<long>(cases[i].game) == focus) {
          const reconstruct::Reconstruction truth = played_on(answered.sheets, game);
          std::printf("    the game played costs %.2f on these sheets (%s)\n", static_cast<double>(truth.cost),
                      truth.complete ? "complete" : "incomplete");
          for (const auto& ply : truth.plies)
            for (const auto& ev : ply.evidence)
              if (ev.cost >= 8.0f)
                std::printf("      ply %d box %d '%s' read as %s at %.1f\n", static_cast<int>(&ply - truth.plies.data()) + 1,
                            ev.cell, ev.text.c_str(), ply.san.c_str(), static_cast<double>(ev.cost));
          for (const auto& d : truth.dropped)
            std::printf("      box %d '%s'%s passed over\n", d.cell, d.text.c_str(),
                        answered.sheets[static_cast<std::size_t>(d.sheet)].cells[static_cast<std::size_t>(d.cell)].certain
                            ? " (answered)" : "");
          for (const auto& ply : truth.plies)
            if (ply.evidence.empty() || ply.evidence[0].cell < 0)
              std::printf("      ply %d %s: no box\n", static_cast<int>(&ply - truth.plies.data()) + 1, ply.san.c_str());
        }
        last_answers[i] = chosen[i].size();
        ++reruns;
      }
      c.answered += answers[i];
      c.asked += static_cast<long long>(asked.size());
      const long long right = c.right;
      count(last[i], game, asked, c);
      if (static_cast<long>(cases[i].game) == focus) {
        std::printf("  share %.0f%%: %lld plies right, cost %.2f, work %lld\n", share, c.right - right,
                    static_cast<double>(last[i].cost), static_cast<long long>(last[i].stats.work));
        print_wrong(last[i], game);
      }
      if (verbose && share == 7.0) print_unasked_miss(cases[i], last[i], game, asked);
      // -v: a game that more answers made worse.
      if (verbose && right_before[i] > c.right - right)
        std::printf("  game %3zu: %lld plies right with %zu answers, %lld with fewer\n", cases[i].game,
                    c.right - right, chosen[i].size(), right_before[i]);
      right_before[i] = c.right - right;
    }
    std::printf("%7.0f%% %8lld %9.2f%% %11.2f%% %15.2f%% %9.2f%% %7d/%-4d %10d\n", share, c.asked,
                percent(c.asked, c.plies), percent(c.right, c.plies), percent(c.not_asked_right, c.not_asked),
                percent(c.in_order, c.plies), c.exact, c.games, reruns);
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
  std::vector<AnsweredSheets> sheets;
  std::vector<reconstruct::Reconstruction> now;
  std::vector<std::set<int>> asked(cases.size());
  std::vector<int> extra_asked(cases.size(), 0);  // entries whose ply was asked before (boxes passed over)
  for (const Case& c : cases) {
    sheets.push_back(AnsweredSheets{c.sheets, c.true_plies});
    now.push_back(c.first);
  }
  std::printf("\n%s, in rounds of 1%% of the plies: %zu games, %lld plies\n", title, cases.size(), plies);
  std::printf("%8s %8s %10s %12s %16s %10s %12s %10s\n", "round", "asked", "asked %", "plies right", "right, not asked",
              "in order", "games exact", "reruns");
  const auto step = static_cast<std::size_t>(0.01 * static_cast<double>(plies));
  const auto budget_plies = static_cast<long long>(0.03 * static_cast<double>(plies));
  for (int round = 0; round <= 7; ++round) {
    int reruns = 0;
    if (round > 0) {
      // Boxes answered (certain) and plies without a box asked before are
      // not asked again.
      std::vector<Entry> pool;
      for (std::size_t i = 0; i < cases.size(); ++i)
        for (const reconstruct::Ask& a : now[i].ask) {
          const bool box = a.sheet >= 0 && a.cell >= 0;
          if (box ? sheets[i].sheets[static_cast<std::size_t>(a.sheet)].cells[static_cast<std::size_t>(a.cell)].certain
                  : asked[i].count(a.ply) > 0)
            continue;
          pool.push_back(Entry{i, a.score, a.ply, a.sheet, a.cell});
        }
      std::stable_sort(pool.begin(), pool.end(), [](const Entry& x, const Entry& y) { return x.score > y.score; });
      long long asked_so_far = 0;
      for (const auto& a : asked) asked_so_far += static_cast<long long>(a.size());
      for (const int x : extra_asked) asked_so_far += x;
      const auto room = static_cast<std::size_t>(std::max(0LL, budget_plies - asked_so_far));
      if (pool.size() > std::min(step, room)) pool.resize(std::min(step, room));
      std::vector<std::vector<const Entry*>> chosen(cases.size());
      int confirming = 0;
      for (const Entry& e : pool) {
        if (!asked[e.case_index].insert(e.ply).second) ++extra_asked[e.case_index];
        chosen[e.case_index].push_back(&e);
        const auto& g = games[cases[e.case_index].game];
        const auto& n = now[e.case_index];
        if (e.ply >= 1 && e.ply <= static_cast<int>(n.plies.size()) && e.ply <= static_cast<int>(g.size()) &&
            n.plies[static_cast<std::size_t>(e.ply - 1)].move == g[static_cast<std::size_t>(e.ply - 1)])
          ++confirming;
      }
      if (verbose) std::printf("         %d of %zu entries ask a ply the game found has right\n", confirming, pool.size());
      for (std::size_t i = 0; i < cases.size(); ++i) {
        if (static_cast<long>(cases[i].game) == focus)
          for (const Entry* e : chosen[i]) {
            const auto& n = now[i];
            std::printf("    game %zu round %d: asked ply %d (sheet %d box %d '%s'), found %s\n",
                        cases[i].game, round, e->ply, e->sheet, e->cell,
                        e->sheet >= 0 && e->cell >= 0 ? sheets[i]
                                                            .sheets[static_cast<std::size_t>(e->sheet)]
                                                            .cells[static_cast<std::size_t>(e->cell)]
                                                            .text.c_str()
                                                      : "",
                        e->ply >= 1 && e->ply <= static_cast<int>(n.plies.size())
                            ? n.plies[static_cast<std::size_t>(e->ply - 1)].san.c_str()
                            : "(end)");
          }
        const auto right_plies = [&](const reconstruct::Reconstruction& r) {
          const auto& g = games[cases[i].game];
          int n = 0;
          for (std::size_t p = 0; p < g.size() && p < r.plies.size(); ++p) n += r.plies[p].move == g[p];
          return n;
        };
        const int right_before = right_plies(now[i]);
        if (!chosen[i].empty() && apply_answers(sheets[i], chosen[i], games[cases[i].game], now[i]) > 0) {
          reconstruct::ReconstructOptions o = base;
          if (watch && static_cast<long>(cases[i].game) == focus) {
            o.watch = games[cases[i].game];
            std::fprintf(stderr, "round %d:\n", round);
          }
          now[i] = reconstruct::reconstruct_game(sheets[i].sheets, o);
          ++reruns;
          if (verbose && right_plies(now[i]) < right_before)
            std::printf("         game %zu: the answers of round %d leave %d plies right, %d before\n",
                        cases[i].game, round, right_plies(now[i]), right_before);
          if (static_cast<long>(cases[i].game) == focus) {
            const auto& g = games[cases[i].game];
            std::printf("    game %zu round %d: the game found costs %.2f, the game played %.2f\n",
                        cases[i].game, round, static_cast<double>(now[i].cost),
                        static_cast<double>(played_on(sheets[i].sheets, g).cost));
            print_wrong(now[i], g);
          }
        }
      }
    }
    Counts c;
    int flagged = 0;  // the oracle's answers are right: each flag is a false alarm
    for (std::size_t i = 0; i < cases.size(); ++i) {
      for (const auto& p : now[i].problems)
        if (p.message.key.rfind("reconstruct.answer.", 0) == 0) {
          ++flagged;
          if (verbose && round == 7) {
            std::printf("    game %zu: %s", cases[i].game, p.message.key.c_str());
            for (const auto& [name, v] : p.message.args)
              std::printf(" %s=%s", name.c_str(),
                          v.is_number ? std::to_string(v.number).c_str() : v.text.c_str());
            if (p.ply > 0)
              for (const auto& e : now[i].plies[static_cast<std::size_t>(p.ply - 1)].evidence)
                std::printf(" cost=%.1f", static_cast<double>(e.cost));
            std::printf("\n");
          }
        }
      c.asked += static_cast<long long>(asked[i].size()) + extra_asked[i];
      count(now[i], games[cases[i].game], asked[i], c);
      if (verbose && round == 7) print_unasked_miss(cases[i], now[i], games[cases[i].game], asked[i]);
    }
    std::printf("%8d %8lld %9.2f%% %11.2f%% %15.2f%% %9.2f%% %7d/%-4d %10d\n", round, c.asked,
                percent(c.asked, c.plies), percent(c.right, c.plies), percent(c.not_asked_right, c.not_asked),
                percent(c.in_order, c.plies), c.exact, c.games, reruns);
    if (flagged > 0) std::printf("         %d answers flagged (answer problems and warnings)\n", flagged);
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t count_games = 200;
  double scale = 1.0;
  int copies = 1;
  bool rounds = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "-v") == 0) verbose = true;
    if (std::strcmp(argv[i], "--rounds") == 0) rounds = true;
    if (std::strcmp(argv[i], "--watch") == 0) watch = true;
    if (std::strcmp(argv[i], "--dump") == 0) dump = true;
    if (std::strcmp(argv[i], "--page-answers") == 0) page_answers = true;
    if (i + 1 >= argc) break;
    if (std::strcmp(argv[i], "--games") == 0) count_games = static_cast<std::size_t>(std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--ask-margin") == 0) base.ask_margin = static_cast<float>(std::atof(argv[++i]));
    else if (std::strcmp(argv[i], "--prune-margin") == 0)
      base.prune_margin = static_cast<float>(std::atof(argv[++i]));
    else if (std::strcmp(argv[i], "--widen-from") == 0)
      base.widen_from_limited_plies = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--scale") == 0) scale = std::atof(argv[++i]);
    else if (std::strcmp(argv[i], "--copies") == 0) copies = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--game") == 0) focus = std::atol(argv[++i]);
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
    reconstruct::ReconstructOptions first = base;
    if (watch && static_cast<long>(g) == focus) first.watch = games[g];
    if (dump && static_cast<long>(g) == focus) {
      // The focused game's sheet, box by box, with the move each box is
      // for and the first run's move there: to see what a miss read.
      const reconstruct::Reconstruction r = reconstruct::reconstruct_game(c1.sheets, first);
      for (std::size_t k = 0; k < a.cells.size(); ++k) {
        const reconstruct::EvidenceCell& cell = a.cells[k];
        const int ply = cell.ply;
        std::printf("box %3zu ply %3d  %-14s", k, ply, cell.text.c_str());
        if (ply >= 1 && static_cast<std::size_t>(ply) <= games[g].size()) {
          Position at = Position::start();
          for (int q = 0; q + 1 < ply; ++q) at = at.after(games[g][static_cast<std::size_t>(q)]);
          std::printf(" true %-8s", to_san(at, games[g][static_cast<std::size_t>(ply - 1)]).c_str());
        }
        if (ply >= 1 && static_cast<std::size_t>(ply) <= r.plies.size())
          std::printf(" found %-8s", r.plies[static_cast<std::size_t>(ply - 1)].san.c_str());
        std::printf("\n");
      }
    }
    c1.first = reconstruct::reconstruct_game(c1.sheets, first);
    one.push_back(std::move(c1));
    if (copies >= 2) {
      Case c2{g, {a, b}, {ta, tb}, {}};
      c2.first = reconstruct::reconstruct_game(c2.sheets, base);
      two.push_back(std::move(c2));
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  std::printf("games: the first %zu of %s at %.2f times the HCS rates; first runs %.1f s\n", games.size(),
              xz.c_str(), scale, seconds);
  print_calibration(one, games);
  const auto curve = rounds ? run_rounds : run_curve;
  long long plies = 0;
  for (const auto& g : games) plies += static_cast<long long>(g.size());
  const auto misses = [plies] {
    if (verbose) {
      std::printf("games wrong at the largest share: %d, whose first wrong ply not asked is a box read as "
                  "written in %d\n", unasked_misses, unasked_as_written);
      // What no reader of the sheet gets without asking about boxes that
      // read as legal moves: those plies, and the moves after the last box.
      const long long beyond = missed_in_order[as_written] + missed_in_order[after_last_box];
      std::printf(
          "plies still wrong, in order (by index): %lld (%lld) in games whose first error is a box read "
          "as written, %lld (%lld) after the game found's end with boxes left, %lld (%lld) after the "
          "sheet's last box, %lld (%lld) other; with the first and the third left wrong, at most %.2f%% "
          "of plies in order\n",
          missed_in_order[as_written], missed_by_index[as_written], missed_in_order[after_end_boxes_left],
          missed_by_index[after_end_boxes_left], missed_in_order[after_last_box],
          missed_by_index[after_last_box], missed_in_order[other_miss], missed_by_index[other_miss],
          100.0 * static_cast<double>(plies - beyond) / static_cast<double>(plies));
    }
    unasked_misses = unasked_as_written = 0;
    missed_by_index = {};
    missed_in_order = {};
  };
  curve("one copy", one, games);
  misses();
  if (copies >= 2) {
    curve("two copies", two, games);
    misses();
  }
  return 0;
}
