// Game state: mate, stalemate, dead positions, and repetition per FIDE
// §9.2.2 (en-passant rights only when the capture is legal; castling rights
// as rights).
#include <doctest/doctest.h>

#include "notera/core/fen.hpp"
#include "notera/core/game_state.hpp"
#include "notera/core/uci.hpp"
#include "support/position.hpp"

using namespace notera;

namespace {

using test::position;

// Plays UCI moves and returns how often the final position has occurred.
int repetitions_after(const char* fen, std::initializer_list<const char*> moves) {
  Position pos = position(fen);
  PositionHistory history(pos);
  for (const char* uci : moves) {
    const Move m = parse_uci(pos, uci);
    REQUIRE_MESSAGE(m != Move::none(), uci);
    Undo undo;
    pos.do_move(m, undo);
    history.push(pos);
  }
  return history.repetitions();
}

}  // namespace

TEST_CASE("game state: mate and stalemate") {
  CHECK(is_checkmate(position("6k1/5ppp/8/8/8/1Q6/5PPP/4r1K1 w - - 0 30")));
  CHECK_FALSE(is_stalemate(position("6k1/5ppp/8/8/8/1Q6/5PPP/4r1K1 w - - 0 30")));
  CHECK(is_stalemate(position("8/8/8/8/8/1q6/2k5/K7 w - - 0 60")));
  CHECK_FALSE(is_checkmate(Position::start()));
}

TEST_CASE("game state: dead positions by material") {
  CHECK(insufficient_material(position("4k3/8/8/8/8/8/8/4K3 w - - 0 1")));
  CHECK(insufficient_material(position("4k3/8/8/8/8/8/8/4KN2 w - - 0 1")));
  CHECK(insufficient_material(position("4kb2/8/8/8/8/8/8/4K3 w - - 0 1")));
  // Bishops all on light squares, of both sides.
  CHECK(insufficient_material(position("4k3/8/8/8/8/8/1B6/2B1Kb2 w - - 0 1")) ==
        false);  // c1 is dark, b2 dark, f1 light: mixed colours
  CHECK(insufficient_material(position("4k3/8/8/8/8/8/8/B1B1Kb2 w - - 0 1")) == false);
  CHECK(insufficient_material(position("4k3/8/8/8/8/8/1B6/B3K1b1 w - - 0 1")));
  CHECK_FALSE(insufficient_material(position("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1")));
  CHECK_FALSE(insufficient_material(position("4k3/8/8/8/8/8/8/4KB1n w - - 0 1")));
  CHECK_FALSE(insufficient_material(position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")));
  CHECK(cannot_mate(position("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"), Color::white));
  CHECK_FALSE(cannot_mate(position("4k3/8/8/8/8/8/8/4KR2 w - - 0 1"), Color::white));
}

TEST_CASE("repetition: the same position by knight moves") {
  CHECK(repetitions_after("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          {"g1f3", "g8f6", "f3g1", "f6g8"}) == 2);
  CHECK(repetitions_after("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}) == 3);
}

TEST_CASE("repetition: castling rights lost in between make positions differ") {
  CHECK(repetitions_after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"e1e2", "e8e7", "e2e1", "e7e8"}) == 1);
  // Rights kept, castling impossible now: still the same positions.
  CHECK(repetitions_after("rn2k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", {"b1c3", "b8c6", "c3b1", "c6b8"}) == 2);
}

TEST_CASE("repetition: an en-passant right counts only when the capture is legal") {
  // After 1.e4 the f4 pawn could take en passant: that position differs from
  // the same placement later, when the right is gone.
  CHECK(repetitions_after("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", {"e2e4", "e8d8", "e1d1", "d8e8", "d1e1"}) ==
        1);
  // Here the f4 pawn is pinned to its king by the rook on f1: the capture is
  // illegal, so the position after 1.e4 repeats.
  CHECK(repetitions_after("5k2/8/8/8/5p2/8/4P3/4KR2 w - - 0 1", {"e2e4", "f8g8", "e1d1", "g8f8", "d1e1"}) ==
        2);
}

TEST_CASE("game end: automatic draws and their precedence") {
  Position pos = position("4k3/8/8/8/8/8/8/4KR2 w - - 150 100");
  PositionHistory history(pos);
  CHECK(game_end(pos, history) == GameEnd::seventy_five_moves);
  CHECK(game_end(pos, history, false) == GameEnd::none);  // before 2014: no automatic draw
  // Mate on the move that reaches 75 moves stands (§9.6.2).
  Position mate = position("6k1/5ppp/8/8/8/1Q6/5PPP/4r1K1 w - - 150 100");
  CHECK(game_end(mate, PositionHistory(mate)) == GameEnd::checkmate);
  CHECK(game_end(position("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
                 PositionHistory(position("4k3/8/8/8/8/8/8/4K3 w - - 0 1"))) == GameEnd::dead_position);
}
