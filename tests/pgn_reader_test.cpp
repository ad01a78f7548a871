// The game reader (pgn/reader.cpp) and the batch renderer on what stands
// around the tags: a comment among the tags or before them is the game's,
// the comment before its first move, and a note notera adds there keeps it.
#include <doctest/doctest.h>

#include <string>

#include "notera/batch/render.hpp"
#include "notera/locale/messages.hpp"
#include "notera/pgn/reader.hpp"
#include "notera/pgn/writer.hpp"

using namespace notera;

namespace {

game::Game read(const std::string& text, pgn::ReadOptions options = {}) {
  pgn::GameReader reader(options);
  game::Game game;
  reader.read(text, 1, game);
  return game;
}

}  // namespace

TEST_CASE("pgn reader: a comment among the tags is the game's, before its first move") {
  const auto game = read("[Event \"x\"]\n{note}\n[Site \"y\"]\n[Result \"*\"]\n\n1. e4 e5 *\n");
  CHECK(game.status == game::GameStatus::complete);
  CHECK(game.tag("Site") == "y");
  CHECK(game.mainline.moves.size() == 2);
  CHECK(game.mainline.comment_before == "note");
  CHECK(game.diagnostics.empty());

  // Before the tags too, ahead of the movetext's own comment there; the
  // same by the general reading (a NAG declines the plain one).
  for (const std::string moves : {"{first move} 1. e4 e5 *\n", "{first move} 1. e4 $1 e5 *\n"}) {
    CAPTURE(moves);
    const auto both = read("{ preamble }\n[Event \"x\"] {among}\n[Site \"y\"]\n\n" + moves);
    CHECK(both.mainline.moves.size() == 2);
    CHECK(both.mainline.comment_before == "preamble among first move");
  }

  // Written back: one game with its comment, its tags whole.
  std::string out;
  pgn::Writer().write(game, out);
  CHECK(out.find("[Site \"y\"]") != std::string::npos);
  CHECK(out.find("{note} 1. e4 e5 *") != std::string::npos);

  // Over the comment limit: the game stops before its moves, as it would
  // at such a comment in the moves.
  pgn::ReadOptions small;
  small.play.max_comment_length = 3;
  const auto long_comment = read("[Event \"x\"]\n{note}\n[Site \"y\"]\n\n1. e4 *\n", small);
  CHECK(long_comment.status == game::GameStatus::incomplete);
  CHECK(long_comment.mainline.moves.empty());
}

TEST_CASE("batch renderer: the note of an incomplete game keeps the comment written before the moves") {
  const locale::Messages messages("en");
  batch::Renderer renderer(*batch::output_format("pgn"), messages, false);
  // The first move is illegal: the note goes before the moves, where the
  // comment from among the tags is.
  auto game = read("[Event \"x\"]\n{from the tags}\n[Site \"y\"]\n\n1. e5 *\n");
  CHECK(game.status == game::GameStatus::incomplete);
  REQUIRE(game.mainline.moves.empty());
  std::string out;
  renderer.render(game, {"x.pgn", 1, 1, {}, 1}, out);
  CHECK(out.find("{from the tags notera: ") != std::string::npos);
  CHECK(game.mainline.comment_before.rfind("from the tags notera: ", 0) == 0);
}
