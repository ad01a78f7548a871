// The opening book behind the prior of moves no sheet records
// (lib/notera/reconstruct/opening_book.hpp): what players chose in the
// first plies, where UnwrittenPrior's features know nothing of openings.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "notera/core/position.hpp"
#include "notera/core/uci.hpp"
#include "notera/reconstruct/evidence.hpp"
#include "notera/reconstruct/opening_book.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "support/cli.hpp"

using namespace notera;

namespace {

Position after(const std::vector<std::string>& ucis) {
  Position pos = Position::start();
  for (const std::string& uci : ucis) {
    const Move m = parse_uci(pos, uci);
    REQUIRE(m != Move::none());
    pos.play(m);
  }
  return pos;
}

std::uint32_t count_of(std::span<const reconstruct::BookMove> book, const Position& pos,
                       const std::string& uci) {
  const Move m = parse_uci(pos, uci);
  REQUIRE(m != Move::none());
  for (const reconstruct::BookMove& b : book)
    if (b.move == m.raw()) return b.count;
  return 0;
}

}  // namespace

TEST_CASE("opening book: what players chose after 1. d4 d5, and nothing for a position no game reached") {
  const Position pos = after({"d2d4", "d7d5"});
  const auto book = reconstruct::book_moves(pos.key());
  REQUIRE_FALSE(book.empty());
  // 2. c4 (the Queen's Gambit) is the move most played, well ahead of 2. Nf3.
  std::uint32_t most = 0, total = 0;
  for (const reconstruct::BookMove& b : book) {
    total += b.count;
    if (b.move != 0) most = std::max(most, b.count);
  }
  CHECK(count_of(book, pos, "c2c4") == most);
  CHECK(count_of(book, pos, "c2c4") > 2 * count_of(book, pos, "g1f3"));
  CHECK(total >= 1000);
  // A legal move nobody played twice is not listed on its own.
  CHECK(count_of(book, pos, "e1d2") == 0);
  // The start position is in it; a position after 1. h4 a5 2. Rh3 is not.
  CHECK_FALSE(reconstruct::book_moves(Position::start().key()).empty());
  CHECK(reconstruct::book_moves(after({"h2h4", "a7a5", "h1h3"}).key()).empty());
}

TEST_CASE("reconstruct: rows left empty in the opening are filled with what players play there") {
  // 2. - - and 5. - -: every legal move reads an empty box alike; only the
  // book says 2. c4 c6 and 5. a4 e6 (a Slav), which the boxes after them
  // then confirm (6... dxc4 wants a piece on c4). Without the book the
  // search chose 2. Bf4 e6 and read later boxes as slips.
  const std::string path = test::data_path("reconstruct/opening-gaps.sheet").string();
  const test::RunResult run = test::run_notera({"reconstruct", "--to", "san", path});
  REQUIRE(run.exit_code == 0);
  CHECK(run.out == "d4 d5 c4 c6 Nc3 Nf6 Nf3 a6 a4 e6 g3 dxc4 Bg2 c5 O-O Nc6 dxc5 Qxd1 Rxd1 Bxc5\n");
  // The four moves are said to be inserted where nothing was written.
  CHECK(run.err.find("c4 is the move that fits what follows") != std::string::npos);
  CHECK(run.err.find("e6 is the move that fits what follows") != std::string::npos);
}
