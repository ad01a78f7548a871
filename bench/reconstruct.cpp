// How long a reconstruction takes, on one core.
//
//   build/bench/notera_bench_reconstruct [--games N] [--pages N] [--repeat N]
//                                        [--widen-from N] [--glibc-defaults] [-v]
//
// 1. Sheets of 60 moves or more with 5 slips each: the first games of
//    ../shared/corpus/big.pgn.xz that are that long (seeded random games
//    when the corpus is absent), written in Norwegian letters, with 5
//    boxes changed by a look-alike file or rank (c/e, 3/5, ...). One sheet,
//    and both copies (each with its own 5 slips).
// 2. The HCS pages (../shared/corpus/hcs), each reconstructed on its own
//    (--pages N: the first N only, as for a run under callgrind).
// Each set also as a first answer (ReconstructOptions::widen false, what
// `notera reconstruct --quick` and the page's first request do): its
// times, how many games are those of the whole search, and how many
// answers say a wider search would have run (stats.wider_skipped).
// --repeat N: each reconstruction is run N times and its fastest time
// kept (the time the work takes when nothing else on the machine gets in
// its way; a game that differs between runs is said and the bench fails).
// Memory is kept for reuse as notera's main() keeps it
// (memory::keep_freed_memory); --glibc-defaults leaves glibc's defaults,
// which hand freed blocks back to the system.
// Prints the mean, median and worst time, and how many games came back;
// with -v also a line per sheet: its time, the searches run, the moves
// priced over them, the beam of the search that gave the game and the
// widest layer (where the time goes). --widen-from N: no first widening
// after a search limited at fewer than N plies unless one dropped a state
// near the best or around a '-' box (ReconstructOptions::
// widen_from_limited_plies, default 5; 0: the rule before it; docs/speed.md,
// twenty-first and twenty-third sessions).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "hcs.hpp"
#include "notera/base/memory.hpp"
#include "notera/core/movegen.hpp"
#include "notera/core/san.hpp"
#include "notera/notation/letters.hpp"
#include "notera/pgn/play.hpp"
#include "notera/reconstruct/reconstruct.hpp"

using namespace notera;

namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::vector<Move>> corpus_games(std::size_t count, std::size_t min_plies) {
  std::vector<std::vector<Move>> games;
  const std::string command = std::string("xz -dc '") + NOTERA_SHARED + "/corpus/big.pgn.xz' 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return games;
  std::string movetext;
  char buffer[4096];
  const auto flush = [&] {
    if (movetext.empty()) return;
    pgn::PlayOptions options;
    options.language = notation::LetterTable::english;
    const game::Game g = read_movetext_game(movetext, options);
    if (g.status == game::GameStatus::complete && g.mainline.moves.size() >= min_plies) {
      std::vector<Move> moves;
      for (const game::GameMove& m : g.mainline.moves) moves.push_back(m.move);
      games.push_back(std::move(moves));
    }
    movetext.clear();
  };
  while (games.size() < count && fgets(buffer, sizeof buffer, pipe)) {
    if (buffer[0] == '[') {
      flush();
      if (std::strncmp(buffer, "[FEN", 4) == 0) movetext = "[skip";
      continue;
    }
    if (movetext.rfind("[skip", 0) == 0) continue;
    movetext += buffer;
  }
  flush();
  pclose(pipe);
  return games;
}

// A random legal game of `plies` moves (seeded): a stand-in for the
// timing when the corpus is absent.
std::vector<Move> random_game(std::mt19937& rng, int plies) {
  for (;;) {
    Position pos = Position::start();
    std::vector<Move> moves;
    while (static_cast<int>(moves.size()) < plies) {
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.empty()) break;
      const Move m = legal[static_cast<int>(rng() % static_cast<unsigned>(legal.size()))];
      moves.push_back(m);
      Undo undo;
      pos.do_move(m, undo);
    }
    if (static_cast<int>(moves.size()) == plies) return moves;
  }
}

// The game written in Norwegian letters, with `slips` boxes changed.
reconstruct::EvidenceSheet sheet_with_slips(const std::vector<Move>& game, int slips, std::mt19937& rng) {
  static const char* file_pairs[] = {"ce", "de", "bh", "ag", "fg"};
  static const char* rank_pairs[] = {"35", "27", "18", "45", "67"};
  const int nb = notation::LetterTable::instance().language_index("nb");
  const SanStyle style = notation::LetterTable::instance().style(nb);
  reconstruct::EvidenceSheet sheet;
  sheet.language = "nb";
  Position pos = Position::start();
  for (std::size_t k = 0; k < game.size(); ++k) {
    reconstruct::EvidenceCell cell;
    cell.text = to_san(pos, game[k], style);
    cell.ply = static_cast<int>(k) + 1;
    sheet.cells.push_back(cell);
    Undo undo;
    pos.do_move(game[k], undo);
  }
  int made = 0;
  while (made < slips) {
    reconstruct::EvidenceCell& cell = sheet.cells[rng() % sheet.cells.size()];
    std::string& t = cell.text;
    // The last file or rank character of the box (the destination).
    const bool rank = rng() % 2 == 0;
    for (std::size_t i = t.size(); i-- > 0;) {
      const char* const* pairs = rank ? rank_pairs : file_pairs;
      bool changed = false;
      for (int p = 0; p < 5 && !changed; ++p) {
        if (t[i] == pairs[p][0])
          t[i] = pairs[p][1], changed = true;
        else if (t[i] == pairs[p][1])
          t[i] = pairs[p][0], changed = true;
      }
      if (changed) {
        ++made;
        break;
      }
      if ((rank && t[i] >= '1' && t[i] <= '8') || (!rank && t[i] >= 'a' && t[i] <= 'h')) break;
    }
  }
  return sheet;
}

struct Timing {
  std::vector<double> ms;
  int exact = 0;
  void print(const char* what) {
    if (ms.empty()) return;
    std::sort(ms.begin(), ms.end());
    double sum = 0;
    for (double m : ms) sum += m;
    std::printf("%-44s %4zu sheets  mean %7.1f ms  median %7.1f ms  worst %7.1f ms", what, ms.size(),
                sum / static_cast<double>(ms.size()), ms[ms.size() / 2], ms.back());
    if (exact >= 0) std::printf("  game exact %d/%zu", exact, ms.size());
    std::printf("\n");
  }
};

std::vector<Move> moves_of(const reconstruct::Reconstruction& r) {
  std::vector<Move> moves;
  for (const reconstruct::ReconstructedPly& p : r.plies) moves.push_back(p.move);
  return moves;
}

bool verbose = false;
int widen_from = reconstruct::ReconstructOptions{}.widen_from_limited_plies;  // --widen-from N
int repeat = 1;                                                               // --repeat N
int unsteady = 0;  // reconstructions whose game differed between runs

double time_ms(const std::vector<reconstruct::EvidenceSheet>& sheets, reconstruct::Reconstruction& out,
               const std::string& name, bool widen = true) {
  reconstruct::ReconstructOptions options;
  options.widen = widen;
  options.widen_from_limited_plies = widen_from;
  double ms = 0.0;
  for (int run = 0; run < std::max(repeat, 1); ++run) {
    const auto start = Clock::now();
    reconstruct::Reconstruction r = reconstruct_game(sheets, options);
    const double took = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    if (run == 0) {
      ms = took;
      out = std::move(r);
      continue;
    }
    ms = std::min(ms, took);
    if (moves_of(r) != moves_of(out) || r.stats.work != out.stats.work) {
      ++unsteady;
      std::printf("  %s: another game or another amount of work in run %d\n", name.c_str(), run + 1);
    }
  }
  if (verbose)
    std::printf("  %-24s %8.1f ms  runs %2d  work %9lld  beam %5d  widest %5d  plies %3zu%s\n", name.c_str(),
                ms, out.stats.runs, static_cast<long long>(out.stats.work), out.stats.beam_width,
                out.stats.widest, out.plies.size(), out.complete ? "" : "  incomplete");
  if (verbose) std::fflush(stdout);
  return ms;
}

bool same(const reconstruct::Reconstruction& r, const std::vector<Move>& game) {
  if (r.plies.size() != game.size()) return false;
  for (std::size_t k = 0; k < game.size(); ++k)
    if (r.plies[k].move != game[k]) return false;
  return true;
}

// The first answers of a set against the whole searches' games.
struct FirstAnswers {
  Timing timing;
  int as_whole = 0;          // the same game as the whole search
  int flagged = 0;           // stats.wider_skipped
  int unflagged_differ = 0;  // not flagged, yet another game (should never be)
  FirstAnswers() { timing.exact = -1; }
  void add(double ms, const reconstruct::Reconstruction& quick, const reconstruct::Reconstruction& whole) {
    timing.ms.push_back(ms);
    const bool alike = same(quick, moves_of(whole));
    as_whole += alike;
    flagged += quick.stats.wider_skipped;
    unflagged_differ += !alike && !quick.stats.wider_skipped;
  }
  void print(const char* what) {
    if (timing.ms.empty()) return;
    timing.print(what);
    std::printf("%-44s the whole search's game %d/%zu, flagged %d, not flagged yet another game %d\n", "",
                as_whole, timing.ms.size(), flagged, unflagged_differ);
  }
};

}  // namespace

int main(int argc, char** argv) {
  std::size_t count = 20;
  std::size_t page_count = static_cast<std::size_t>(-1);
  bool glibc_defaults = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--games") == 0 && i + 1 < argc)
      count = static_cast<std::size_t>(std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--pages") == 0 && i + 1 < argc)
      page_count = static_cast<std::size_t>(std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--widen-from") == 0 && i + 1 < argc)
      widen_from = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
      repeat = std::max(1, std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--glibc-defaults") == 0)
      glibc_defaults = true;
    else if (std::strcmp(argv[i], "-v") == 0)
      verbose = true;
  }
  if (!glibc_defaults) memory::keep_freed_memory();

  std::mt19937 rng(2026);
  std::vector<std::vector<Move>> games = corpus_games(count, 120);
  const bool from_corpus = !games.empty();
  while (games.size() < count) games.push_back(random_game(rng, 120));
  std::printf("games: %zu of 60 moves or more, %s", games.size(),
              from_corpus ? "from ../shared/corpus/big.pgn.xz" : "random (no corpus)");
  if (repeat > 1) std::printf("; each reconstruction run %d times, its fastest time kept", repeat);
  std::printf("\n");

  // Warm up: the tables of the move generator and the letters.
  {
    reconstruct::Reconstruction r;
    const std::vector<Move> warm = games.empty() ? random_game(rng, 120) : games[0];
    time_ms({sheet_with_slips(warm, 1, rng)}, r, "warm-up");
  }
  Timing one, two;
  FirstAnswers one_quick, two_quick;
  int index = 0;
  for (const std::vector<Move>& g : games) {
    ++index;
    const reconstruct::EvidenceSheet a = sheet_with_slips(g, 5, rng);
    const reconstruct::EvidenceSheet b = sheet_with_slips(g, 5, rng);
    reconstruct::Reconstruction r;
    reconstruct::Reconstruction q;
    // -v: a game that does not come back is said after its line, with
    // what the game played costs on the same sheets (below the game found:
    // the search lost it; above: the model prefers the other).
    const auto tally = [&g](Timing& t, const reconstruct::Reconstruction& got,
                            const std::vector<reconstruct::EvidenceSheet>& sheets) {
      const bool exact = same(got, g);
      t.exact += exact;
      if (!verbose || exact) return;
      reconstruct::ReconstructOptions priced;
      priced.line = g;
      const reconstruct::Reconstruction played = reconstruct_game(sheets, priced);
      std::printf("    not the game played: found %.2f, the game played %.2f\n",
                  static_cast<double>(got.cost), static_cast<double>(played.cost));
    };
    one.ms.push_back(time_ms({a}, r, "game " + std::to_string(index) + ", one sheet"));
    tally(one, r, {a});
    one_quick.add(time_ms({a}, q, "  first answer", false), q, r);
    two.ms.push_back(time_ms({a, b}, r, "game " + std::to_string(index) + ", two sheets"));
    tally(two, r, {a, b});
    two_quick.add(time_ms({a, b}, q, "  first answer", false), q, r);
  }
  one.print("60+ moves, 5 slips, one sheet");
  one_quick.print("  first answer (--quick)");
  two.print("60+ moves, 5 slips on each, two sheets");
  two_quick.print("  first answer (--quick)");

  std::vector<bench::HcsPage> pages = bench::load_hcs(bench::default_hcs_labels());
  if (pages.size() > page_count) pages.resize(page_count);
  if (page_count == 0) return unsteady ? 1 : 0;
  if (pages.empty()) {
    std::printf("HCS labels not found: skipped\n");
    return unsteady ? 1 : 0;
  }
  Timing hcs;
  hcs.exact = -1;
  FirstAnswers hcs_quick;
  int complete = 0, quick_complete = 0;
  for (const bench::HcsPage& page : pages) {
    reconstruct::Reconstruction r, q;
    hcs.ms.push_back(time_ms({page.sheet}, r, page.sheet.name));
    complete += r.complete;
    hcs_quick.add(time_ms({page.sheet}, q, "  first answer", false), q, r);
    quick_complete += q.complete;
  }
  hcs.print("HCS pages (real handwritten sheets)");
  std::printf("%-44s %d of %zu complete\n", "", complete, pages.size());
  hcs_quick.print("  first answer (--quick)");
  std::printf("%-44s %d of %zu complete\n", "", quick_complete, pages.size());
  if (unsteady) std::printf("%d reconstructions gave another game or work in another run\n", unsteady);
  return unsteady ? 1 : 0;
}
