// Clock notes from scoresheets: a sheet records the time a player has used
// so far after a move (docs/scoresheet-format.md). With the TimeControl tag
// that is written as the time left, [%clk] (PGN clock supplement); without
// it as the time used in the game so far, [%egt], never as [%emt] (which
// is the time of that one move). PGN clock commands are kept as read.
#include <doctest/doctest.h>

#include <string>

#include "notera/scoresheet/sheet_game.hpp"
#include "support/cli.hpp"

using namespace notera;

TEST_CASE("clock: time used becomes time left where the time control says base and increment") {
  // 90 minutes + 30 s a move: 5400 + 30 - 120 after the first move.
  CHECK(scoresheet::clock_comment(120, "5400+30", 1) == "[%clk 1:28:30]");
  CHECK(scoresheet::clock_comment(600, "5400+30", 2) == "[%clk 1:21:00]");
  CHECK(scoresheet::clock_comment(600, "5400", 2) == "[%clk 1:20:00]");
  // 40 moves in 2 hours, then 1 hour: the first period only.
  CHECK(scoresheet::clock_comment(3600, "40/7200:3600", 20) == "[%clk 1:00:00]");
  CHECK(scoresheet::clock_comment(7300, "40/7200:3600", 41) == "[%egt 2:01:40]");
  // No time control, one that is not understood, or more used than given.
  CHECK(scoresheet::clock_comment(3900, "", 30) == "[%egt 1:05:00]");
  CHECK(scoresheet::clock_comment(3900, "?", 30) == "[%egt 1:05:00]");
  CHECK(scoresheet::clock_comment(3900, "90 min", 30) == "[%egt 1:05:00]");
  CHECK(scoresheet::clock_comment(6000, "5400", 30) == "[%egt 1:40:00]");
}

TEST_CASE("clock: convert writes a sheet's clock notes, and PGN clock commands are kept") {
  test::TempDir dir;
  const auto sheet =
      dir.write("game.sheet",
                "Event: Klubbmesterskap\nWhite: A\nBlack: B\nResult: *\nTimeControl: 5400+30\n\n"
                "1 e4 e5 0:02 0:03\n2 Nf3 Nc6 0:10 0:04\n");
  const auto r = test::run_notera({"convert", "-q", sheet.string()});
  CHECK(r.out.find("1. e4 {[%clk 1:28:30]} 1... e5 {[%clk 1:27:30]}") != std::string::npos);
  const auto plain =
      dir.write("plain.sheet", "Event: Klubb\nWhite: A\nBlack: B\nResult: *\n\n1 e4 e5 1:05 0:03\n");
  CHECK(test::run_notera({"convert", "-q", plain.string()}).out.find("[%egt 1:05:00]") != std::string::npos);
  const auto pgn = dir.write("clock.pgn",
                             "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 {[%clk 1:29:50]} e5 {[%emt 0:00:05]} 2. "
                             "Nf3 {[%egt 0:00:20]} *\n");
  const auto p = test::run_notera({"convert", "-q", pgn.string()});
  CHECK(p.out.find("[%clk 1:29:50]") != std::string::npos);
  CHECK(p.out.find("[%emt 0:00:05]") != std::string::npos);
  CHECK(p.out.find("[%egt 0:00:20]") != std::string::npos);
}
