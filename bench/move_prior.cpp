// How the moves players make differ from the legal moves they could have
// made: the measurement behind the move prior of reconstruction
// (MovePrior in lib/notera/scoresheet/slips.hpp).
//
//   build/bench/notera_bench_move_prior FILE.pgn [--skip N] [--games N]
//
// For every position of the games read (after skipping the first N, which
// the reconstruction tests use), each legal move is put in a class by what
// it does with material (static exchange: gives a piece away, gives a pawn
// or the exchange away, even, wins material; capture or not; recapture on
// the square of the previous capture). For each class: the share of played
// moves in it against the share of legal moves (the ratio says how much
// more or less often than a random legal move such a move is played), and
// -ln of that ratio less a quiet move's: what the prior charges, when
// positive (the prior charges only classes dearer than a quiet move).
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "notera/core/exchange.hpp"
#include "notera/core/movegen.hpp"
#include "notera/game/game.hpp"
#include "notera/scoresheet/move_prior.hpp"
#include "pgn_games.hpp"

using namespace notera;

int main(int argc, char** argv) {
  const char* file = nullptr;
  long skip = 1000, limit = 20000;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--skip") == 0 && i + 1 < argc)
      skip = std::atol(argv[++i]);
    else if (std::strcmp(argv[i], "--games") == 0 && i + 1 < argc)
      limit = std::atol(argv[++i]);
    else
      file = argv[i];
  }
  if (!file) {
    std::fprintf(stderr, "usage: %s FILE.pgn [--skip N] [--games N]\n", argv[0]);
    return 2;
  }
  bench::PgnGames pgn_file(file);
  if (!pgn_file.ok()) return 2;
  Game game;
  std::array<double, MovePrior::classes> played{}, legal{};
  long games = 0, seen = 0;
  double positions = 0;
  while (games < limit && pgn_file.next(game)) {
    if (seen++ < skip) continue;
    if (game.status != GameStatus::complete || game.custom_start) continue;
    ++games;
    Position pos = game.start;
    Square last_capture = no_square;
    for (const GameMove& gm : game.mainline.moves) {
      MoveList moves;
      generate_legal(pos, moves);
      for (Move m : moves) legal[static_cast<std::size_t>(MovePrior::class_of(pos, m, last_capture))] += 1.0 / static_cast<double>(moves.size());
      played[static_cast<std::size_t>(MovePrior::class_of(pos, gm.move, last_capture))] += 1.0;
      ++positions;
      last_capture = pos.is_capture(gm.move) ? gm.move.to() : no_square;
      Undo undo;
      pos.do_move(gm.move, undo);
    }
  }
  std::printf("%ld games, %.0f positions (after skipping %ld games)\n\n", games, positions, skip);
  std::printf("%-34s %9s %9s %8s %8s\n", "class", "played", "legal", "ratio", "-ln vs quiet");
  std::array<double, MovePrior::classes> cost{};
  for (int c = 0; c < MovePrior::classes; ++c) {
    const auto k = static_cast<std::size_t>(c);
    cost[k] = legal[k] > 0 && played[k] > 0 ? -std::log(played[k] / legal[k]) : 9.0;
  }
  const double quiet = cost[MovePrior::quiet];
  for (int c = 0; c < MovePrior::classes; ++c) {
    const auto k = static_cast<std::size_t>(c);
    std::printf("%-34s %8.2f%% %8.2f%% %8.3f %8.2f (built-in %.2f)\n", MovePrior::class_name(c),
                100.0 * played[k] / positions, 100.0 * legal[k] / positions, played[k] / std::max(legal[k], 1e-9),
                cost[k] - quiet, static_cast<double>(MovePrior::measured().cost[k]));
  }
  return 0;
}
