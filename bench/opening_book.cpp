// The opening book behind reconstruction's prior of unwritten moves
// (lib/notera/reconstruct/opening_book.hpp): how often each move was
// played from each position of the first plies of real games.
//
//   build/bench/notera_bench_opening_book FILE.pgn [--skip N] [--games N] [--plies N]
//       > lib/notera/reconstruct/opening_book_data.inc
//   (the corpus: FILE = <(xz -dc ../shared/corpus/big.pgn.xz))
//
// Made from ../shared/corpus/big.pgn.xz, games 1,000 to 99,999 (--skip
// 1000 --games 99000): not the first 1,000, which the reconstruction tests
// and the ask curve read, nor games from 100,000 on, where the synthetic
// sheets, sheets-dev and its hidden set come from. Every position reached
// in the first --plies (24) plies of a game from the standard start; a
// position is kept when 20 games or more reached it, a move of it when 2
// or more played it (the rest are counted together as "other", move 0).
// Prints the table as C++ (position key, move, count), sorted by key.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "notera/game/game.hpp"
#include "pgn_games.hpp"

using namespace notera;

int main(int argc, char** argv) {
  const char* file = nullptr;
  long skip = 1000, limit = 99000;
  int plies = 24;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--skip") == 0 && i + 1 < argc)
      skip = std::atol(argv[++i]);
    else if (std::strcmp(argv[i], "--games") == 0 && i + 1 < argc)
      limit = std::atol(argv[++i]);
    else if (std::strcmp(argv[i], "--plies") == 0 && i + 1 < argc)
      plies = std::atoi(argv[++i]);
    else
      file = argv[i];
  }
  if (!file) {
    std::fprintf(stderr, "usage: %s FILE.pgn [--skip N] [--games N] [--plies N]\n", argv[0]);
    return 2;
  }
  constexpr std::uint32_t min_position = 20, min_move = 2;
  bench::PgnGames pgn_file(file);
  if (!pgn_file.ok()) return 1;
  std::unordered_map<std::uint64_t, std::map<std::uint16_t, std::uint32_t>> seen_moves;
  game::Game game;
  long seen = 0, games = 0;
  while (games < limit && pgn_file.next(game)) {
    if (seen++ < skip) continue;
    if (game.status != game::GameStatus::complete || game.custom_start) continue;
    ++games;
    Position pos = game.start;
    int ply = 0;
    for (const game::GameMove& m : game.mainline.moves) {
      if (ply++ >= plies) break;
      ++seen_moves[pos.key()][m.move.raw()];
      pos.play(m.move);
    }
  }
  std::vector<std::tuple<std::uint64_t, std::uint16_t, std::uint32_t>> rows;
  std::size_t positions = 0;
  for (const auto& [key, moves] : seen_moves) {
    std::uint32_t total = 0, other = 0;
    for (const auto& [move, count] : moves) total += count;
    if (total < min_position) continue;
    ++positions;
    for (const auto& [move, count] : moves) {
      if (count >= min_move)
        rows.emplace_back(key, move, count);
      else
        other += count;
    }
    if (other) rows.emplace_back(key, std::uint16_t{0}, other);
  }
  std::sort(rows.begin(), rows.end());
  std::printf("// Made by bench/opening_book.cpp from %ld games (those after the first %ld),\n", games, skip);
  std::printf("// the first %d plies: %zu positions, %zu moves. Do not edit; make it again.\n", plies,
              positions, rows.size());
  for (const auto& [key, move, count] : rows)
    std::printf("{0x%016llxULL, 0x%04x, %u},\n", static_cast<unsigned long long>(key), move, count);
  std::fprintf(stderr, "%ld games, %zu positions, %zu moves\n", games, positions, rows.size());
  return 0;
}
