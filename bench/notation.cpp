// Notation benchmark: written moves read, resolved and played per second on
// one core (parse + resolve + make move, no output), over a PGN file.
//
//   build/bench/notera_bench_notation FILE.pgn
//
// For the corpus: xz -dc ../shared/corpus/big.pgn.xz | head -c 66000000 > /tmp/g.pgn
// Compare with pgn-extract on the same file in the same run:
//   time /usr/games/pgn-extract -s -o /dev/null FILE.pgn
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

#include "notera/game/game.hpp"
#include "notera/pgn/reader.hpp"
#include "notera/pgn/splitter.hpp"
#include "notera/text/encoding.hpp"
#include "notera/text/source.hpp"

int main(int argc, char** argv) {
  using namespace notera;
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE.pgn\n", argv[0]);
    return 2;
  }
  const int fd = ::open(argv[1], O_RDONLY);
  if (fd < 0) {
    std::perror(argv[1]);
    return 2;
  }
  text::FdSource raw(fd);
  text::OpenedInput input = text::open_input(raw);
  pgn::Splitter splitter(*input.source);
  pgn::GameReader reader(pgn::ReadOptions{}, &input.detection);
  pgn::Segment segment;
  Game game;
  std::uint64_t games = 0, plies = 0, incomplete = 0, bytes = 0;
  const auto start = std::chrono::steady_clock::now();
  while (splitter.next(segment)) {
    bytes += segment.text.size();
    if (segment.kind != pgn::SegmentKind::game) continue;
    reader.read(segment.text, segment.first_line, game);
    ++games;
    plies += game.mainline.moves.size();
    if (game.status != GameStatus::complete) ++incomplete;
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ::close(fd);
  std::printf("%llu games, %llu moves (%llu games incomplete), %.1f MB in %.2f s\n",
              static_cast<unsigned long long>(games), static_cast<unsigned long long>(plies),
              static_cast<unsigned long long>(incomplete), static_cast<double>(bytes) / 1e6, s);
  std::printf("%.2f M moves/s, %.0f games/s, %.1f MB/s (one core: split, tags, parse, resolve, play)\n",
              static_cast<double>(plies) / s / 1e6, static_cast<double>(games) / s,
              static_cast<double>(bytes) / 1e6 / s);
  return 0;
}
