// PGN container benchmark: the game splitter (with per-game encoding
// checks) on a real file, and the export writer on a real game.
//
//   xz -dc ../shared/corpus/big.pgn.xz > /tmp/big.pgn
//   build/bench/notera_bench_pgnio /tmp/big.pgn
//
// Prints MB/s of splitting (file in the page cache: run twice), and games/s
// and moves/s of writing.
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

#include "notera/core/movegen.hpp"
#include "notera/core/san.hpp"
#include "notera/pgn/splitter.hpp"
#include "notera/pgn/writer.hpp"
#include "notera/text/encoding.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void bench_splitter(const char* path, bool decode) {
  const int fd = open(path, O_RDONLY);
  if (fd < 0) {
    std::perror(path);
    return;
  }
  const auto start = Clock::now();
  notera::text::FdSource raw(fd);
  notera::text::OpenedInput input = notera::text::open_input(raw);
  notera::pgn::Splitter splitter(*input.source);
  notera::text::TextDecoder decoder(input.detection);
  notera::pgn::Segment s;
  std::string scratch;
  std::uint64_t bytes = 0, games = 0, skipped = 0, converted = 0;
  while (splitter.next(s)) {
    bytes += s.text.size();
    if (s.kind != notera::pgn::SegmentKind::game) {
      ++skipped;
      continue;
    }
    ++games;
    if (decode && decoder.decode(s.text, scratch).converted) ++converted;
  }
  const double t = seconds_since(start);
  close(fd);
  std::printf("split%s: %llu bytes, %llu games, %llu skipped, %llu converted in %.3f s: %.0f MB/s\n",
              decode ? "+decode" : "", static_cast<unsigned long long>(bytes),
              static_cast<unsigned long long>(games), static_cast<unsigned long long>(skipped),
              static_cast<unsigned long long>(converted), t, static_cast<double>(bytes) / t / 1e6);
}

void bench_writer() {
  using namespace notera;
  // Kasparov - Topalov, Wijk aan Zee 1999 (87 plies).
  const char* moves =
      "e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5 O-O-O Qe7 "
      "Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 Qf4+ Ka7 Rhe1 d4 Nd5 "
      "Nbxd5 exd5 Qd6 Rxd4 cxd4 Re7+ Kb6 Qxd4+ Kxa5 b4+ Ka4 Qc3 Qxd5 Ra7 Bb7 Rxb7 Qc4 Qxf6 Kxa3 "
      "Qxa6+ Kxb4 c3+ Kxc3 Qa1+ Kd2 Qb2+ Kd1 Bf1 Rd2 Rd7 Rxd7 Bxc4 bxc4 Qxh8 Rd3 Qa8 c3 Qa4+ Ke1 "
      "f4 f5 Kc1 Rd2 Qa7";
  game::Game game;
  Position pos = game.start;
  std::string_view rest = moves;
  while (!rest.empty()) {
    const std::size_t space = rest.find(' ');
    const std::string_view token = rest.substr(0, space);
    rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
    std::string_view body = token;
    while (!body.empty() && (body.back() == '+' || body.back() == '#')) body.remove_suffix(1);
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
      SanText text;
      write_san_body(pos, m, text);
      if (text.view() == body) {
        game::GameMove gm;
        gm.move = m;
        game.mainline.moves.push_back(gm);
        Undo undo;
        pos.do_move(m, undo);
        break;
      }
    }
  }
  game.set_tag("Event", "Hoogovens");
  game.set_tag("Site", "Wijk aan Zee NED");
  game.set_tag("Date", "1999.01.20");
  game.set_tag("Round", "4");
  game.set_tag("White", "Kasparov, Garry");
  game.set_tag("Black", "Topalov, Veselin");
  game.set_tag("ECO", "B07");
  game.result = "1-0";
  pgn::Writer writer;
  std::string out;
  const int rounds = 100000;
  std::uint64_t bytes = 0;
  const auto start = Clock::now();
  for (int i = 0; i < rounds; ++i) {
    out.clear();
    writer.write(game, out);
    bytes += out.size();
  }
  const double t = seconds_since(start);
  std::printf("write: %d games of %zu plies in %.3f s: %.0f games/s, %.1f M plies/s, %.0f MB/s\n", rounds,
              game.mainline.moves.size(), t, rounds / t,
              static_cast<double>(rounds) * static_cast<double>(game.mainline.moves.size()) / t / 1e6,
              static_cast<double>(bytes) / t / 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) {
    bench_splitter(argv[1], false);
    bench_splitter(argv[1], true);
  } else {
    std::printf("usage: %s FILE.pgn   (splitter); the writer runs always\n", argv[0]);
  }
  bench_writer();
}
