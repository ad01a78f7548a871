// Regression tests for what fuzzing and hostile input found (fuzz/, and
// the hostile set in hostile_test.cpp): each TEST_CASE names the finding,
// fails on the code before its fix, and keeps its input small (in
// tests/data/hostile/ or built here).
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include "notera/base/utf8.hpp"
#include "notera/pgn/play.hpp"
#include "notera/pgn/reader.hpp"
#include "notera/pgn/splitter.hpp"
#include "notera/pgn/tags.hpp"
#include "notera/pgn/writer.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "notera/scoresheet/sheet_game.hpp"
#include "notera/text/encoding.hpp"
#include "notera/text/locate.hpp"
#include "notera/text/source.hpp"
#include "support/cli.hpp"
#include "support/measured.hpp"

using namespace notera;
using notera::test::data_path;
using notera::test::read_file;
using notera::test::run_notera;
using notera::test::TempDir;

namespace {

struct ReadGame {
  game::Game game;
  int games = 0;
};

// Every game segment of `pgn`, read; the last one is returned.
ReadGame read_pgn(std::string_view pgn) {
  text::MemorySource source(pgn);
  pgn::Splitter splitter(source);
  pgn::GameReader reader(pgn::ReadOptions{});
  pgn::Segment segment;
  ReadGame out;
  while (splitter.next(segment)) {
    if (segment.kind != pgn::SegmentKind::game) continue;
    ++out.games;
    reader.read(segment.text, segment.first_line, out.game);
  }
  return out;
}

// What notera's writer makes of `game`, read back.
ReadGame written_and_read(const game::Game& game, std::string& out) {
  static pgn::Writer writer;
  out.clear();
  writer.write(game, out);
  return read_pgn(out);
}

bool has_key(const game::Game& game, std::string_view key) {
  for (const Diagnostic& d : game.diagnostics)
    if (d.message.key == key) return true;
  return false;
}

std::string words(std::string_view text) {
  std::string out;
  for (char c : text) {
    const bool space = c == ' ' || c == '\n' || c == '\r' || c == '\t';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

// fuzz_pgn: "--" while in check was a legal null move; the next move took the
// king and the game went on from an impossible position, written as complete.
TEST_CASE("hostile regression: a null move in check is illegal") {
  const ReadGame read = read_pgn(read_file(data_path("hostile/null_move_in_check.pgn")));
  REQUIRE(read.games == 1);
  CHECK(read.game.status == game::GameStatus::incomplete);
  CHECK(read.game.mainline.moves.size() == 3);  // 1. e4 d5 2. Bb5+
  REQUIRE_FALSE(read.game.diagnostics.empty());
  CHECK(read.game.diagnostics.front().ply == 4);
  // Out of check a null move is still read (pgn-extract's --allownullmoves files).
  const game::Game fine = read_movetext_game("1. e4 -- 2. d4 *", pgn::PlayOptions{});
  CHECK(fine.status == game::GameStatus::complete);
  CHECK(fine.mainline.moves.size() == 3);
}

// fuzz_sheet: a gap on a sheet made the game incomplete, and guessing the
// notation language (Danish letters here) replayed it and reset it to complete.
TEST_CASE("hostile regression: a scoresheet gap survives the language guess") {
  const scoresheet::Scoresheet sheet = scoresheet::read_scoresheet(
      read_file(data_path("hostile/sheet_gap_language_guess.sheet")), "gap.sheet");
  const scoresheet::SheetGame read = sheet_game(sheet, pgn::PlayOptions{});
  CHECK(read.needs_reconstruction);
  CHECK(read.game.status == game::GameStatus::incomplete);
  CHECK(read.game.mainline.moves.size() == 5);
  // Through the command: exit 1, and the sheet goes to --rejects.
  TempDir dir;
  const auto rejects = dir.path() / "rejects.pgn";
  const auto r = run_notera({"convert", data_path("hostile/sheet_gap_language_guess.sheet").string(), "-o",
                             (dir.path() / "out.pgn").string(), "--rejects", rejects.string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("1 incomplete") != std::string::npos);
  CHECK(read_file(rejects) == read_file(data_path("hostile/sheet_gap_language_guess.sheet")));
}

// fuzz_pgn and fuzz_movetext: the writer broke a comment so that a line began
// with "[Event ..." (read back as a new game) or "%" (an escape line, read
// back as nothing). What notera writes must read back as the same game,
// wherever the line breaks fall.
TEST_CASE("hostile regression: comment words that must not start a line") {
  for (const std::string risky : {"[Event \"x\"] [Site \"y\"]", "%escape 1-0", "[pgn] [/pgn]", "x[/pgn] y"}) {
    for (int pad = 0; pad < 90; ++pad) {
      game::Game game = read_movetext_game("1. e4 e5 *", pgn::PlayOptions{});
      game.mainline.edit_notes(0).comments.push_back(std::string(static_cast<std::size_t>(pad), 'w') + " " +
                                                     risky + " end");
      std::string out;
      const ReadGame back = written_and_read(game, out);
      INFO(out);
      REQUIRE(back.games == 1);
      CHECK(back.game.status == game::GameStatus::complete);
      CHECK(back.game.mainline.moves.size() == 2);
      REQUIRE(back.game.mainline.notes_of(0).comments.size() == 1);
      // The same words (the writer joins and breaks lines at spaces).
      CHECK(words(back.game.mainline.notes_of(0).comments.front()) ==
            words(game.mainline.notes_of(0).comments.front()));
    }
  }
}

// fuzz_pgn: control characters (form feed, NUL, ...) glued to a word are
// written as spaces, so "\f\f[Event" put "  [Event" at the start of a line,
// and the reader took a line "  [Event ... ]" in an open comment for the
// next game.
TEST_CASE("hostile regression: control characters before a risky comment word") {
  for (const std::string& glue :
       std::vector<std::string>{"\f", "\v", std::string(1, '\0'), "\x7f", "\f\x01\f"}) {
    for (int pad = 0; pad < 90; ++pad) {
      game::Game game = read_movetext_game("1. e4 e5 *", pgn::PlayOptions{});
      // Every word ends in ']', so wherever the line breaks, the line
      // ends as a complete tag line would.
      std::string comment = std::string(static_cast<std::size_t>(pad), 'w') + " " + glue + "[Event \"x\"]";
      for (int i = 0; i < 40; ++i) comment += " z]";
      game.mainline.edit_notes(0).comments.push_back(comment);
      std::string out;
      const ReadGame back = written_and_read(game, out);
      INFO(out);
      REQUIRE(back.games == 1);
      CHECK(back.game.status == game::GameStatus::complete);
      CHECK(back.game.mainline.moves.size() == 2);
    }
  }
}

// fuzz_movetext: a variation holding only a comment of NUL bytes carried
// that comment (NUL is no blank), was written as "({   })" and read back as
// an empty variation, which carries nothing: a variation fewer.
TEST_CASE("hostile regression: a comment of control characters is empty") {
  const auto carrying = [](const game::MoveNotes& m) {
    int n = 0;
    for (const game::Line& v : m.variations) n += !v.moves.empty() || !v.comment_before.empty();
    return n;
  };
  const std::string nuls(8, '\0');
  const game::Game game =
      read_movetext_game("1. e4 (1. d4) ( ;" + nuls + "\n) ( {\f\x7f} ) e5 *", pgn::PlayOptions{});
  REQUIRE(game.mainline.moves.size() == 2);
  CHECK(carrying(game.mainline.notes_of(0)) == 1);
  std::string out;
  const ReadGame back = written_and_read(game, out);
  REQUIRE(back.games == 1);
  CHECK(carrying(back.game.mainline.notes_of(0)) == 1);
}

// Hostile set: a game with 200,000 distinct tags took minutes (every tag was
// compared with every other, and every problem located from the start).
TEST_CASE("hostile regression: thousands of tags are rejected in linear time") {
  std::string text;
  for (int i = 0; i < 200000; ++i) text += "[T" + std::to_string(i) + " \"v\"]\n";
  text += "\n1. e4 *\n";
  const auto start = std::chrono::steady_clock::now();
  pgn::TagSection tags;
  pgn::read_tag_section(text, 1, tags);
  CHECK(seconds_since(start) < 20);  // minutes before; well under a second now
  CHECK(tags.over_limit);
  CHECK(tags.tags.size() == 1000);
  REQUIRE(tags.diagnostics.size() == 1);
  CHECK(tags.diagnostics.front().message.key == "pgn.tag.too_many");
  CHECK(tags.diagnostics.front().where.line == 1001);

  pgn::GameReader reader(pgn::ReadOptions{});
  game::Game game;
  reader.read(text, 1, game);
  CHECK(game.status == game::GameStatus::rejected);

  // A value over the limit, and one at it.
  pgn::read_tag_section("[Event \"" + std::string(8193, 'x') + "\"]\n\n", 1, tags);
  CHECK(tags.over_limit);
  pgn::read_tag_section("[Event \"" + std::string(8192, 'x') + "\"]\n\n", 1, tags);
  CHECK_FALSE(tags.over_limit);
}

// Hostile set: 100,000 problems on one long line took half a minute (each
// column was counted from the start of the line).
TEST_CASE("hostile regression: locating many problems on one long line is linear") {
  std::string line = "1. e4 ";
  for (int i = 0; i < 100000; ++i) line += "(1. zz) ";
  line += "e5 *";
  const auto start = std::chrono::steady_clock::now();
  pgn::PlayOptions options;
  options.max_diagnostics = 1 << 30;
  const game::Game game = read_movetext_game(line, options);
  CHECK(seconds_since(start) < 20);
  CHECK(game.diagnostics.size() == 100000);
  CHECK(game.diagnostics.back().where.column == static_cast<int>(line.rfind("zz")) + 1);

  // The locator's columns are char_column's, in any order of questions.
  const std::string text =
      "ab\xC3\xA9 \xE2\x99\x98"
      "f3 e\xCC\x81x\n\xFF\xFEz\rq";
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i <= text.size(); ++i) offsets.push_back(i);
  for (std::size_t i = text.size() + 1; i-- > 0;) offsets.push_back(i);
  text::TextLocator locator(text, 7);
  for (std::size_t offset : offsets) {
    const SourceLocation where = locator.at(offset);
    std::size_t line_start = 0;
    int line_number = 7;
    for (std::size_t i = 0; i < offset; ++i)
      if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) {
        ++line_number;
        line_start = i + 1;
      }
    INFO("offset " << offset);
    CHECK(where.line == line_number);
    CHECK(where.column == utf8::char_column(std::string_view(text).substr(line_start), offset - line_start));
  }
}

// Hostile set: limits in a game stop it with an error, the moves before kept.
TEST_CASE("hostile regression: game limits make the game incomplete, with where") {
  pgn::PlayOptions options;
  options.max_plies = 10;
  game::Game game =
      read_movetext_game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 *", options);
  CHECK(game.status == game::GameStatus::incomplete);
  CHECK(game.mainline.moves.size() == 10);
  REQUIRE(has_key(game, "game.limit_stops"));
  CHECK(game.diagnostics.back().ply == 11);
  CHECK(game.diagnostics.back().where.column == 59);  // "6. Ng1"

  options = pgn::PlayOptions{};
  options.max_moves = 4;
  game = read_movetext_game("1. e4 (1. d4 d5 2. c4) e5 2. Nf3 *", options);
  CHECK(game.status == game::GameStatus::incomplete);
  CHECK(has_key(game, "game.limit_stops"));

  options = pgn::PlayOptions{};
  options.max_comment_length = 10;
  game = read_movetext_game("1. e4 {short} e5 {a comment of more than ten bytes} 2. Nf3 *", options);
  CHECK(game.status == game::GameStatus::incomplete);
  CHECK(game.mainline.moves.size() == 2);
  CHECK(game.diagnostics.back().ply == 3);

  // Variations nested deeper than the limit are left out: not in full.
  options = pgn::PlayOptions{};
  options.max_variation_depth = 3;
  game = read_movetext_game("1. e4 (1. d4 (1. c4 (1. Nf3 (1. b3)))) e5 *", options);
  CHECK(game.status == game::GameStatus::incomplete);
  CHECK(has_key(game, "game.variation_too_deep"));
  game = read_movetext_game("1. e4 (1. d4 (1. c4)) e5 *", options);
  CHECK(game.status == game::GameStatus::complete);

  // Problems beyond max_diagnostics are counted, not kept.
  options = pgn::PlayOptions{};
  options.max_diagnostics = 5;
  std::string text = "1. e4 ";
  for (int i = 0; i < 50; ++i) text += "(1. zz) ";
  game = read_movetext_game(text + "e5 *", options);
  CHECK(game.diagnostics.size() == 6);
  CHECK(game.diagnostics.back().message.key == "game.more_problems");
  CHECK(game.status == game::GameStatus::complete);
}

// Hostile set: a game cut at the size limit exactly at a line end lost the
// next game's first tag line into the skipped overflow.
TEST_CASE("hostile regression: a tag line right after a cut starts the next game") {
  pgn::SplitterOptions options;
  options.max_game_size = 64;
  options.max_line_length = 32;
  options.chunk_size = 16;
  std::string input = "[Event \"a\"]\n\n";
  while (input.size() < 64) input += "1. e4 e5\n";  // the game reaches 64 bytes at a line end
  REQUIRE(input.size() == 67);
  input += "[Event \"next\"]\n[Site \"b\"]\n\n1. d4 *\n";
  text::MemorySource source(input);
  pgn::Splitter splitter(source, options);
  pgn::Segment segment;
  std::vector<std::string> games;
  while (splitter.next(segment))
    if (segment.kind == pgn::SegmentKind::game) games.emplace_back(segment.text);
  REQUIRE(games.size() == 2);
  CHECK(games[1] == "[Event \"next\"]\n[Site \"b\"]\n\n1. d4 *\n");
}

// Hostile set: the batch pipeline dropped the splitter's notes, so a game
// cut at a size limit was written as complete, exit 0, and --rejects did
// not get it; NULs and lone CRs reached --rejects changed.
TEST_CASE("hostile regression: a cut game is incomplete and its bytes reach --rejects verbatim") {
  TempDir dir;
  std::string input = "[Event \"long line\"]\n\n1. e4 e5 ";
  while (input.size() < (std::size_t{3} << 20)) input += "2. Nf3 Nc6 3. Bb5 a6 ";
  input += "*\n\n[Event \"after\"]\n\n1. d4 *\n";
  const auto path = dir.write("cut.pgn", input);
  const auto rejects = dir.path() / "rejects.pgn";
  const auto r = run_notera({"convert", path.string(), "-o", (dir.path() / "out.pgn").string(), "--rejects",
                             rejects.string(), "--no-progress"});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("cut.pgn:3:1048577: game 1: the line is longer than 1,048,576 bytes") !=
        std::string::npos);
  // One line for the skipped rest of the game, however many pieces it came in.
  CHECK(r.err.find("cut.pgn:3:1: 2,097,") != std::string::npos);
  CHECK(r.err.find("1 incomplete") != std::string::npos);
  const std::string cut_game = input.substr(0, input.find("[Event \"after\"]"));
  CHECK(read_file(rejects) == cut_game);

  const auto nul = data_path("hostile/nul_and_lone_cr.pgn");
  const std::string bytes = read_file(nul);
  const auto r2 = run_notera({"convert", nul.string(), "-o", (dir.path() / "out2.pgn").string(), "--rejects",
                              rejects.string(), "--no-progress"});
  CHECK(r2.exit_code == 1);
  CHECK(r2.err.find("nul_and_lone_cr.pgn:1:12: game 1: 2 NUL bytes in the game, read as spaces") !=
        std::string::npos);
  CHECK(read_file(rejects) == bytes.substr(0, bytes.find("[Event \"fine\"]")) + "\n");
}

// A byte order mark and blank lines before the first game printed empty
// problem lines ("FILE:1:1: ") and counted as text between games.
TEST_CASE("hostile regression: a BOM and blank lines are not problems") {
  TempDir dir;
  const auto path = dir.write("bom.pgn", "\xEF\xBB\xBF\n\n  \n[Event \"x\"]\n\n1. e4 *\n");
  const auto r = run_notera({"check", path.string(), "--no-progress"});
  CHECK(r.exit_code == 0);
  CHECK(r.err.find("bom.pgn:") == std::string::npos);
  CHECK(r.err.find("0 pieces of text between games") != std::string::npos);
}

// Hostile set: a batch held 128 games whatever their size, so games of
// megabytes took memory in proportion to the input (680 MB for 156 MB).
TEST_CASE("hostile regression: memory stays bounded with many large games") {
  TempDir dir;
  const auto path = dir.path() / "large_games.pgn";
  {
    std::string game = "[Event \"large\"]\n\n1. e4 e5 ";
    while (game.size() < (std::size_t{3} << 20)) game += "{a comment between the moves of a game}\n";
    game += "2. Nf3 *\n\n";
    std::ofstream out(path, std::ios::binary);
    for (int i = 0; i < 40; ++i) out << game;
  }
  const auto run = test::run_measured({"convert", path.string(), "--jobs", "2", "--no-progress"});
  CHECK(run.exit_code == 0);
  CHECK(run.peak_rss_kib < test::rss_bound_kib(256 * 1024));
  MESSAGE("40 games of 3 MiB: peak RSS " << run.peak_rss_kib / 1024 << " MiB");
}

// A .sheet file was read whole into memory, whatever its size.
TEST_CASE("hostile regression: a scoresheet larger than 4 MiB is an input error") {
  TempDir dir;
  std::string sheet = "Event: Big\n\n";
  while (sheet.size() < (std::size_t{5} << 20)) sheet += "1. e4 e5\n";
  const auto path = dir.write("big.sheet", sheet);
  const auto run = test::run_measured({"convert", path.string(), "--no-progress"});
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("big.sheet is larger than 4,194,304 bytes, too large for a scoresheet") !=
        std::string::npos);
}

// Invalid UTF-8 was reported without a place (or, for one game in a UTF-8
// file, not at all): now the first byte that is not UTF-8 is named.
TEST_CASE("hostile regression: where the input stops being UTF-8") {
  const text::Detection d = text::detect_encoding("[Event \"a\"]\n[Site \"Sj\xF8vik\"]\n", true);
  CHECK(d.guessed);
  CHECK(d.line == 2);
  CHECK(d.column == 10);
  CHECK(text::first_invalid_utf8("ab\xC3\xA9\xC3") == 4);
  CHECK(text::first_invalid_utf8("ab\xC3\xA9") == 4);

  text::MemorySource source("[Event \"x\"]\n\n1. e4 *\n");
  const text::OpenedInput opened = text::open_input(source);
  pgn::GameReader reader(pgn::ReadOptions{}, &opened.detection);
  game::Game game;
  reader.read("[Event \"x\"]\n[White \"M\xFCller\"]\n\n1. e4 *\n", 40, game);
  REQUIRE(has_key(game, "encoding.game_guessed"));
  for (const Diagnostic& diagnostic : game.diagnostics) {
    if (diagnostic.message.key != "encoding.game_guessed") continue;
    CHECK(diagnostic.severity == Severity::warning);
    CHECK(diagnostic.where.line == 41);
    CHECK(diagnostic.where.column == 10);
  }
}
