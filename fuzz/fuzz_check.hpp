// What the fuzz targets share: a check that stops the fuzzer with a
// message (an invariant broken is a finding, like a crash), and the checks
// every reader's game must pass: its moves replay legally, and what the PGN
// writer makes of it reads back to the same moves.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "notera/core/fen.hpp"
#include "notera/core/movegen.hpp"
#include "notera/game/game.hpp"
#include "notera/pgn/reader.hpp"
#include "notera/pgn/splitter.hpp"
#include "notera/pgn/writer.hpp"
#include "notera/text/source.hpp"

namespace notera::fuzz {

[[noreturn]] inline void fail(const char* what, const char* file, int line, std::string_view detail) {
  std::fprintf(stderr, "\n%s:%d: invariant broken: %s\n", file, line, what);
  if (!detail.empty())
    std::fprintf(stderr, "---\n%.*s\n---\n", static_cast<int>(detail.size()), detail.data());
  std::abort();
}

#define NOTERA_FUZZ_CHECK(condition, detail)                                          \
  do {                                                                                \
    if (!(condition)) ::notera::fuzz::fail(#condition, __FILE__, __LINE__, (detail)); \
  } while (0)

// Every move of `line` (and of its variations) is legal where it is played.
inline bool replays(const game::Line& line, Position pos) {
  for (std::size_t i = 0; i < line.moves.size(); ++i) {
    const game::GameMove& gm = line.moves[i];
    for (const game::Line& v : line.notes_of(i).variations)
      if (!replays(v, pos)) return false;
    Undo undo;
    if (gm.move == Move::null()) {
      if (pos.in_check()) return false;
      pos.do_null_move(undo);
      continue;
    }
    MoveList legal;
    generate_legal(pos, legal);
    if (!legal.contains(gm.move)) return false;
    pos.do_move(gm.move, undo);
  }
  return true;
}

// The variations that carry something: "()" reads as an empty variation,
// which the writer rightly leaves out.
inline std::vector<const game::Line*> written_variations(const game::MoveNotes& m) {
  std::vector<const game::Line*> out;
  // A variation without moves ("({only a comment})") is written as a
  // comment after the move (PGN has no empty variation): not one here.
  for (const game::Line& v : m.variations)
    if (!v.moves.empty()) out.push_back(&v);
  return out;
}

// The same moves and variations (comments and NAGs may be respelled).
inline bool same_moves(const game::Line& a, const game::Line& b) {
  if (a.moves.size() != b.moves.size()) return false;
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    const game::GameMove& x = a.moves[i];
    const game::GameMove& y = b.moves[i];
    if (x.move != y.move) return false;
    const auto xv = written_variations(a.notes_of(i));
    const auto yv = written_variations(b.notes_of(i));
    if (xv.size() != yv.size()) return false;
    for (std::size_t v = 0; v < xv.size(); ++v)
      if (!same_moves(*xv[v], *yv[v])) return false;
  }
  return true;
}

// Reads PGN text written by notera: exactly one game, complete, no error.
inline game::Game read_back(std::string_view pgn) {
  text::MemorySource source(pgn);
  pgn::Splitter splitter(source);
  pgn::Segment segment;
  game::Game game;
  int games = 0;
  pgn::GameReader reader(pgn::ReadOptions{});
  while (splitter.next(segment)) {
    if (segment.kind != pgn::SegmentKind::game) {
      NOTERA_FUZZ_CHECK(segment.reason == pgn::SkipReason::blank, pgn);
      continue;
    }
    ++games;
    NOTERA_FUZZ_CHECK(games == 1, pgn);
    reader.read(segment.text, segment.first_line, game);
  }
  NOTERA_FUZZ_CHECK(games == 1, pgn);
  return game;
}

// What the writer makes of `game` reads back to the same moves, start
// position and result. `pgn` is the written text (from the caller's writer
// or renderer).
inline void check_round_trip(const game::Game& game, std::string_view pgn) {
  const game::Game back = read_back(pgn);
  NOTERA_FUZZ_CHECK(back.status == game::GameStatus::complete, pgn);
  NOTERA_FUZZ_CHECK(back.start == game.start, pgn);
  NOTERA_FUZZ_CHECK(same_moves(back.mainline, game.mainline), pgn);
  NOTERA_FUZZ_CHECK(back.result == pgn::termination_marker(game.result), pgn);
}

inline void check_round_trip(const game::Game& game) {
  static pgn::Writer writer;
  std::string out;
  writer.write(game, out);
  check_round_trip(game, out);
}

// Lines as notera counts them: LF, CRLF and a lone CR end a line.
inline std::size_t count_lines(std::string_view text) {
  std::size_t lines = 1;
  for (std::size_t i = 0; i < text.size(); ++i)
    lines += text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'));
  return lines;
}

}  // namespace notera::fuzz
