// Perft benchmark: the full-depth published numbers, timed.
//
//   build/bench/notera_bench_perft            # start d6 and Kiwipete d5
//   build/bench/notera_bench_perft --quick    # one depth less each
//
// Prints nodes, whether they match the published count, and nodes/s.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "notera/core/fen.hpp"
#include "notera/core/movegen.hpp"

int main(int argc, char** argv) {
  using namespace notera;
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  struct Case {
    const char* name;
    const char* fen;
    int depth;
    std::uint64_t expected;
  };
  const Case full[] = {
      {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324},
      {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690},
  };
  const Case short_run[] = {
      {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
      {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
  };
  bool all_ok = true;
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  for (const Case& c : quick ? short_run : full) {
    Position pos = *read_fen(c.fen).position;
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t nodes = perft(pos, c.depth);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const bool ok = nodes == c.expected;
    all_ok &= ok;
    total_nodes += nodes;
    total_seconds += s;
    std::printf("%-9s depth %d: %llu nodes (%s), %.2f s, %.1f Mnodes/s\n", c.name, c.depth,
                static_cast<unsigned long long>(nodes), ok ? "matches published" : "WRONG", s,
                static_cast<double>(nodes) / s / 1e6);
  }
  std::printf("total: %llu nodes in %.2f s, %.1f Mnodes/s\n", static_cast<unsigned long long>(total_nodes),
              total_seconds, static_cast<double>(total_nodes) / total_seconds / 1e6);
  return all_ok ? 0 : 1;
}
