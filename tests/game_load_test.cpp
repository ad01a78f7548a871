// load_game_file(): one game from a file for the arbiter commands -- plain
// movetext, PGN with its tags (FEN/SetUp honoured), and a clear error,
// never a wrong game, for everything it cannot read.
#include <doctest/doctest.h>

#include "notera/core/fen.hpp"
#include "notera/input/load.hpp"
#include "support/cli.hpp"

using namespace notera;

namespace {

std::optional<game::Game> load(const std::string& path, std::vector<Diagnostic>& problems) {
  return input::load_game_file(path, pgn::PlayOptions{}, problems);
}

bool has_key(const std::vector<Diagnostic>& problems, const std::string& key) {
  for (const Diagnostic& d : problems)
    if (d.message.key == key) return true;
  return false;
}

}  // namespace

TEST_CASE("load: plain movetext in Norwegian letters") {
  std::vector<Diagnostic> problems;
  const auto game = load(test::data_path("arbiter/knights_nb.txt").string(), problems);
  REQUIRE(game);
  CHECK(game->mainline.moves.size() == 7);
  CHECK(game->tags.empty());
  CHECK(write_fen(game->final_position()) == "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4");
}

TEST_CASE("load: PGN tags are read and the FEN tag gives the start position") {
  std::vector<Diagnostic> problems;
  const auto game = load(test::data_path("arbiter/adjourned.pgn").string(), problems);
  REQUIRE(game);
  CHECK(game->tag("White") == "Hansen, Per");
  CHECK(game->tag("Board") == "4");
  CHECK(game->mainline.moves.size() == 21);
  CHECK(game->mainline.moves.back().draw_offer);

  const auto fifty = load(test::data_path("arbiter/fifty_99.pgn").string(), problems);
  REQUIRE(fifty);
  CHECK(fifty->custom_start);
  CHECK(write_fen(fifty->start) == "k7/8/8/8/8/8/8/K6R w - - 90 60");
  CHECK(fifty->final_position().halfmove_clock() == 99);
}

TEST_CASE("load: what it cannot read as a whole game is an error with a reason, never a game") {
  test::TempDir dir;
  std::vector<Diagnostic> problems;

  CHECK_FALSE(load((dir.path() / "missing.pgn").string(), problems));
  CHECK(has_key(problems, "io.cannot_open_because"));

  // A scoresheet is read as written; one that needs corrections is not a
  // game for a ruling.
  problems.clear();
  const auto sheet =
      load(dir.write("white.sheet", "Hvit: Hansen\nNotasjon: nb\n1 e4 e5\n2 Sf3\n").string(), problems);
  REQUIRE(sheet);
  CHECK(sheet->mainline.moves.size() == 3);
  CHECK(sheet->tag("White") == "Hansen");
  problems.clear();
  CHECK_FALSE(load(dir.write("gap.sheet", "Notasjon: nb\n1 e4 e5\n2 -  -\n3 Sf3\n").string(), problems));
  CHECK(has_key(problems, "sheet.use_reconstruct"));

  problems.clear();
  CHECK_FALSE(load(dir.write("two.pgn", "[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. d4 *\n").string(),
                   problems));
  CHECK(has_key(problems, "load.several_games"));
  CHECK(problems.back().where.line == 5);

  problems.clear();
  CHECK_FALSE(load(dir.write("fen.pgn", "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n").string(),
                   problems));
  CHECK(has_key(problems, "pgn.bad_fen"));

  // Latin-1 is read as Latin-1, not refused.
  problems.clear();
  const auto latin1 = load(dir.write("latin1.pgn", "[White \"J\xF8rgen\"]\n\n1. e4 *\n").string(), problems);
  REQUIRE(latin1);
  CHECK(latin1->tag("White") == "J\xC3\xB8rgen");

  problems.clear();
  CHECK_FALSE(load(dir.write("variant.pgn", "[Variant \"crazyhouse\"]\n\n1. e4 *\n").string(), problems));
  CHECK(has_key(problems, "pgn.unsupported_variant"));

  problems.clear();
  CHECK_FALSE(load(dir.write("empty.pgn", "\n\n").string(), problems));
  CHECK(has_key(problems, "load.no_game"));

  // An illegal move: the moves before it would be a wrong game for a ruling.
  problems.clear();
  CHECK_FALSE(load(dir.write("illegal.pgn", "1. e4 e5 2. Ke3 Nc6 *\n").string(), problems));
  CHECK(has_key(problems, "game.mainline_stops"));
  CHECK(problems.back().where.line == 1);
}
