// Notation benchmark: written moves read, resolved and played per second on
// one core (parse + resolve + make move, no output), over a PGN file.
//
//   build/bench/notera_bench_notation FILE.pgn
//
// For the corpus: xz -dc ../shared/corpus/big.pgn.xz | head -c 66000000 > /tmp/g.pgn
// Compare with pgn-extract on the same file in the same run:
//   time /usr/games/pgn-extract -s -o /dev/null FILE.pgn
#include <chrono>
#include <cstdint>
#include <cstdio>

#include "pgn_games.hpp"

int main(int argc, char** argv) {
  using namespace notera;
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE.pgn\n", argv[0]);
    return 2;
  }
  bench::PgnGames file(argv[1]);
  if (!file.ok()) return 2;
  game::Game game;
  std::uint64_t games = 0, plies = 0, incomplete = 0;
  const auto start = std::chrono::steady_clock::now();
  while (file.next(game)) {
    ++games;
    plies += game.mainline.moves.size();
    if (game.status != game::GameStatus::complete) ++incomplete;
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::uint64_t bytes = file.bytes;
  std::printf("%llu games, %llu moves (%llu games incomplete), %.1f MB in %.2f s\n",
              static_cast<unsigned long long>(games), static_cast<unsigned long long>(plies),
              static_cast<unsigned long long>(incomplete), static_cast<double>(bytes) / 1e6, s);
  std::printf("%.2f M moves/s, %.0f games/s, %.1f MB/s (one core: split, tags, parse, resolve, play)\n",
              static_cast<double>(plies) / s / 1e6, static_cast<double>(games) / s,
              static_cast<double>(bytes) / 1e6 / s);
  return 0;
}
