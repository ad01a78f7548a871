// `notera convert` and `notera check` end to end: formats, encodings in and
// out, rejects and report files, exit codes and the problem format.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/cli.hpp"

using namespace notera;

namespace {

const std::string two_games =
    "[Event \"Klubbmesterskap\"]\n[Site \"Oslo\"]\n[Date \"2026.11.21\"]\n[Round \"1\"]\n"
    "[White \"Hansen, Per\"]\n[Black \"Olsen, Kari\"]\n[Result \"1/2-1/2\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1/2-1/2\n\n"
    "[Event \"Klubbmesterskap\"]\n[Site \"Oslo\"]\n[Date \"2026.11.21\"]\n[Round \"1\"]\n"
    "[White \"Berg, Ola\"]\n[Black \"Lie, Nina\"]\n[Result \"0-1\"]\n\n"
    "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7\n"
    "7. Rc1 c6 8. Bb5 dxc4 9. Bxc4 Nd5 0-1\n";

bool valid_utf8(const std::string& s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

}  // namespace

TEST_CASE("convert: a bad move keeps the game up to it, reports it, and exits 1") {
  test::TempDir dir;
  const auto input = dir.write("two-games.pgn", two_games);
  const auto r = test::run_notera({"convert", "--messages", "en", input.string()});
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("[White \"Berg, Ola\"]") != std::string::npos);
  CHECK(r.out.find("7. Rc1 c6") != std::string::npos);
  CHECK(r.out.find("{notera: the game stops at 8. 'Bb5' is illegal") != std::string::npos);
  CHECK(r.err.find("two-games.pgn:20:14: game 2, ply 15: ") != std::string::npos);
  CHECK(r.err.find("2 games read, 2 written, 1 incomplete, 0 rejected") != std::string::npos);
}

TEST_CASE("convert: a UTF-8 game with one CP1252 byte keeps its UTF-8, with one warning at that byte") {
  test::TempDir dir;
  const auto input = dir.write("mixed.pgn",
                               "[Event \"NM\"]\n[White \"\xC3\x98"
                               "deg\xC3\xA5rd, Ola\"]\n"
                               "[Black \"Ren\xE9 Dupont\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n");
  const auto r = test::run_notera({"convert", "--messages", "en", input.string()});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("[White \"\xC3\x98"
                   "deg\xC3\xA5rd, Ola\"]") != std::string::npos);
  CHECK(r.out.find("[Black \"Ren\xC3\xA9 Dupont\"]") != std::string::npos);
  // One line about the encoding, at the stray byte (column in characters:
  // Ren|é is the 12th of its line).
  CHECK(r.err.find("mixed.pgn:3:12: game 1: this game is UTF-8 except for 1 byte, here, which is read as "
                   "ISO-8859-1 (a guess)\n") != std::string::npos);
  CHECK(r.err.find("not UTF-8") == std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 2);  // the warning and the summary
}

TEST_CASE(
    "check: problems of tags, bytes and variations are placed where they stand, not at the game's start") {
  test::TempDir dir;
  const auto input =
      dir.write("places.pgn",
                "[Event \"A\"]\n[White \"X\"]\n[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
                "[Event \"B\"]\n[SetUp \"1\"] [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 "
                "x\"]\n\n1. e4 *\n\n"
                "[Event \"C\"]\n[Site \"?\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w K - 0 1\"]\n\n1. Kd2 *\n\n"
                "[Event \"D\"]\n\n1. e4 e5 (1... c5 2. Nf3 d6\n2. Nf3 Nc6 *\n");
  const auto r = test::run_notera({"check", "--messages", "en", input.string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("places.pgn:3:1: game 1: the game is Crazyhouse") != std::string::npos);
  // The second tag on its line.
  CHECK(r.err.find("places.pgn:9:13: game 2: the FEN tag 'rnbqkbnr/") != std::string::npos);
  CHECK(r.err.find("places.pgn:15:1: game 3: the FEN tag gives castling right 'K'") != std::string::npos);
  // At the '(' that is not closed, not on the blank line after the game.
  CHECK(r.err.find("places.pgn:21:10: game 4: a variation is not closed with ')'") != std::string::npos);

  // Under --encoding utf8, at the byte that is not UTF-8 (Ren|é: column 12).
  const auto latin1 = dir.write("latin1.pgn", "[Event \"E\"]\n[White \"Ren\xE9\"]\n\n1. e4 *\n");
  const auto forced = test::run_notera({"check", "--messages", "en", "--encoding", "utf8", latin1.string()});
  CHECK(forced.err.find(
            "latin1.pgn:2:12: game 1: 1 byte sequence was not valid in the encoding and replaced by "
            "U+FFFD") != std::string::npos);
  // Under --encoding cp1252, at the byte CP1252 leaves undefined (0x81).
  const auto undefined = dir.write("undefined.pgn", "[Event \"F\"]\n[White \"Jos\xE9 \x81\"]\n\n1. e4 *\n");
  const auto cp1252 =
      test::run_notera({"check", "--messages", "en", "--encoding", "cp1252", undefined.string()});
  CHECK(cp1252.err.find("undefined.pgn:2:14: game 1: 1 byte sequence was not valid") != std::string::npos);
}

TEST_CASE("convert: --jobs that is not a number is told so, not that it is out of range") {
  test::TempDir dir;
  const auto input = dir.write("two-games.pgn", two_games);
  for (const std::string command : {"convert", "check"}) {
    const auto word = test::run_notera({command, "--jobs", "abc", input.string()});
    CHECK(word.exit_code == 2);
    CHECK(word.err.find("--jobs: 'abc' is not a whole number") != std::string::npos);
    CHECK(word.err.find("not in the range") == std::string::npos);
    const auto fraction = test::run_notera({command, "--jobs", "1.5", input.string()});
    CHECK(fraction.exit_code == 2);
    CHECK(fraction.err.find("'1.5' is not a whole number") != std::string::npos);
    // A number out of range is still said to be out of range.
    const auto many = test::run_notera({command, "--jobs", "2000", input.string()});
    CHECK(many.exit_code == 2);
    CHECK(many.err.find("--jobs: 2000 is not in the range 0 to 1024") != std::string::npos);
  }
  const auto depth = test::run_notera({"perft", "--depth", "deep"});
  CHECK(depth.exit_code == 2);
  CHECK(depth.err.find("--depth: 'deep' is not a whole number") != std::string::npos);
  const auto help = test::run_notera({"convert", "--help"});
  CHECK(help.out.find("INT:INT in [0 - 1024]") != std::string::npos);
}

TEST_CASE("convert: rejects and report account for every game") {
  test::TempDir dir;
  const auto input = dir.write("two-games.pgn", two_games);
  const auto rejects = dir.path() / "rejects.pgn";
  const auto report = dir.path() / "report.json";
  const auto r = test::run_notera({"convert", "-q", "--rejects", rejects.string(), "--report",
                                   report.string(), "-o", (dir.path() / "out.pgn").string(), input.string()});
  CHECK(r.exit_code == 1);
  // The rejects file holds the second game's text exactly as it was read.
  const std::string second = two_games.substr(two_games.find("[Event", 10));
  CHECK(test::read_file(rejects) == second);
  const auto j = nlohmann::json::parse(test::read_file(report));
  REQUIRE(j.size() == 2);
  CHECK(j[0]["status"] == "complete");
  CHECK(j[1]["status"] == "incomplete");
  CHECK(j[1]["line"] == 11);
  CHECK(j[1]["plies"] == 14);
  CHECK(j[1]["problems"][0]["ply"] == 15);
}

TEST_CASE("convert --report: a skipped entry's problems are objects shaped as a game's") {
  test::TempDir dir;
  const auto input =
      dir.write("between.pgn",
                "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
                "Round 2 starts here\n\n"
                "[Event \"b\"]\n\n1. d4 d5 2. c4\n");
  const auto report = dir.path() / "report.json";
  const auto r = test::run_notera(
      {"check", "--messages", "en", "--report", report.string(), "--warnings", input.string()});
  CHECK(r.err.find("between.pgn:6:1: text between games was skipped (2 lines): 'Round 2 starts here'") !=
        std::string::npos);
  const auto j = nlohmann::json::parse(test::read_file(report));
  REQUIRE(j.size() == 3);
  CHECK(j[1]["status"] == "skipped");
  CHECK(j[1]["code"] == "pgn.split.skip.between_games");
  REQUIRE(j[1]["problems"].size() == 1);
  const nlohmann::json& skipped = j[1]["problems"][0];
  CHECK(skipped ==
        nlohmann::json{{"severity", "warning"},
                       {"line", 6},
                       {"column", 1},
                       {"ply", 0},
                       {"code", "pgn.split.skip.between_games"},
                       {"message", "text between games was skipped (2 lines): 'Round 2 starts here'"}});
  // The same members as a game's problem (the last game's note on its result).
  REQUIRE(!j[2]["problems"].empty());
  std::vector<std::string> game_keys, skipped_keys;
  for (const auto& [key, value] : j[2]["problems"][0].items()) game_keys.push_back(key);
  for (const auto& [key, value] : skipped.items()) skipped_keys.push_back(key);
  CHECK(skipped_keys == game_keys);
  // Blank text between games has nothing to say: no problem.
  for (const auto& entry : j)
    if (entry["status"] == "skipped" && entry["code"] == "pgn.split.skip.blank")
      CHECK(entry["problems"].empty());
}

TEST_CASE("convert: outputs that name one file, or an input, are refused before anything is written") {
  test::TempDir dir;
  const auto input = dir.write("two-games.pgn", two_games);
  const std::string out = (dir.path() / "out.pgn").string();
  // The rejects would replace the converted games, the report the rejects.
  const auto same = test::run_notera({"convert", "--messages", "en", "-o", out, "--rejects",
                                      dir.path().string() + "/./out.pgn", input.string()});
  CHECK(same.exit_code == 2);
  CHECK(same.err.find("-o and --rejects name the same file") != std::string::npos);
  CHECK(!std::filesystem::exists(out));
  const auto report =
      test::run_notera({"check", "--messages", "nb", "--rejects", out, "--report", out, input.string()});
  CHECK(report.exit_code == 2);
  CHECK(report.err.find("--rejects og --report er samme fil") != std::string::npos);
  // The rejects of a file written over the file: its good game gone.
  const auto over = test::run_notera(
      {"convert", "--messages", "en", "-o", out, "--rejects", input.string(), input.string()});
  CHECK(over.exit_code == 2);
  CHECK(over.err.find("--rejects names " + input.string() + ", which is an input") != std::string::npos);
  CHECK(test::read_file(input) == two_games);
  // The output may be the input (converted in place): read whole first.
  const auto in_place = test::run_notera({"convert", "-q", "-o", input.string(), input.string()});
  CHECK(in_place.exit_code == 1);
  CHECK(test::read_file(input).find("[Event") == 0);
}

TEST_CASE("convert: output formats") {
  test::TempDir dir;
  const auto input = dir.write("g.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n");
  CHECK(test::run_notera({"convert", "-q", "--to", "uci", input.string()}).out ==
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1\n");
  CHECK(test::run_notera({"convert", "-q", "--to", "san", input.string()}).out ==
        "e4 e5 Nf3 Nc6 Bb5 a6 O-O\n");
  CHECK(test::run_notera({"convert", "-q", "--to", "lan", input.string()}).out ==
        "e2-e4 e7-e5 Ng1-f3 Nb8-c6 Bf1-b5 a7-a6 O-O\n");
  const auto de = test::run_notera({"convert", "-q", "--to", "de", input.string()});
  CHECK(de.out.find("2. Sf3 Sc6 3. Lb5 a6 4. 0-0 *") != std::string::npos);
  const auto figurine = test::run_notera({"convert", "-q", "--to", "figurine", input.string()});
  CHECK(figurine.out.find("2. ♘f3 ♘c6 3. ♗b5 a6 4. O-O *") != std::string::npos);
  const auto json =
      nlohmann::json::parse(test::run_notera({"convert", "-q", "--to", "json", input.string()}).out);
  CHECK(json["moves"].size() == 7);
  CHECK(json["moves"][6]["uci"] == "e1g1");
  CHECK(json["status"] == "complete");
  const auto bad = test::run_notera({"convert", "--to", "klingon", input.string()});
  CHECK(bad.exit_code == 2);
  CHECK_FALSE(bad.err.empty());
}

TEST_CASE("convert: standard input, and check writes only diagnostics") {
  const auto r =
      test::run_notera({"convert", "-q", "--lang", "sv", "--to", "uci"}, "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out == "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6\n");
  const auto c = test::run_notera({"check", "--messages", "en"}, two_games);
  CHECK(c.exit_code == 1);
  CHECK(c.out.empty());
  CHECK(c.err.find("-:20:14: game 2, ply 15: ") != std::string::npos);
}

TEST_CASE("convert: Latin-1 and CP437 input come out as UTF-8") {
  const auto file = test::corpus_path("nasty/from-big-corpus/nonutf8-cp437-latin1-games.pgn");
  if (!file) {
    MESSAGE("corpus not available; skipped");
    return;
  }
  const auto r = test::run_notera({"convert", "-q", file->string()});
  CHECK(valid_utf8(r.out));
  CHECK(r.out.find("Quadros,André") != std::string::npos);  // CP437 0x82
  CHECK(r.out.find("Wälbers, W.") != std::string::npos);    // Latin-1 0xE4
  CHECK(r.out.find("Marx György") != std::string::npos);
}

TEST_CASE("convert: a Latin-1 export reads back the same, in notera and in pgn-extract") {
  test::TempDir dir;
  const std::string game =
      "[Event \"Tromsø Sjakkfestival\"]\n[Site \"Tromsø\"]\n[Date \"2026.11.21\"]\n[Round \"1\"]\n"
      "[White \"Ørnulf Åsen\"]\n[Black \"Łukasz Ševčík\"]\n[Result \"1/2-1/2\"]\n\n"
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1/2-1/2\n";
  const auto input = dir.write("utf8.pgn", game);
  const auto latin1 = dir.path() / "latin1.pgn";
  const auto r = test::run_notera(
      {"convert", "-q", "--output-encoding", "latin1", "-o", latin1.string(), input.string()});
  CHECK(r.exit_code == 0);
  const std::string bytes = test::read_file(latin1);
  CHECK(bytes.find("[White \"\xD8rnulf \xC5sen\"]") != std::string::npos);  // Latin-1 bytes
  // Transliterated where Latin-1 has no letter; í is in Latin-1 and stays.
  CHECK(bytes.find("[Black \"Lukasz Sevc\xEDk\"]") != std::string::npos);
  // notera reads it back (Latin-1 detected) to the same tags and moves.
  const auto back = test::run_notera({"convert", "-q", latin1.string()});
  CHECK(back.out.find("[White \"Ørnulf Åsen\"]") != std::string::npos);
  CHECK(test::run_notera({"convert", "-q", "--to", "uci", latin1.string()}).out ==
        test::run_notera({"convert", "-q", "--to", "uci", input.string()}).out);
  if (const auto pe = test::pgn_extract()) {
    const auto check = test::run_program(pe->string(), {"-s", "-Wuci", latin1.string()});
    CHECK(check.exit_code == 0);
    CHECK(check.out.find("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7") != std::string::npos);
    CHECK(check.out.find("\xD8rnulf") != std::string::npos);
  }
}

TEST_CASE("convert: a scoresheet converts, and one that needs corrections points to reconstruct") {
  test::TempDir dir;
  const auto clean = dir.write("clean.sheet",
                               "Hvit: Hansen, Per\nSvart: Olsen, Kari\nResultat: ½-½\nNotasjon: nb\n\n"
                               "1 e4 e5\n2 Sf3 Sc6\n3 Lb5 a6\n");
  const auto r = test::run_notera({"convert", "-q", clean.string()});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("[Result \"1/2-1/2\"]") != std::string::npos);
  CHECK(r.out.find("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2") != std::string::npos);
  const auto slip = dir.write("slip.sheet", "Notasjon: nb\n\n1 e4 e5\n2 Sf3 Sc6\n3 Lb6 a6\n");
  const auto s = test::run_notera({"convert", "--messages", "en", slip.string()});
  CHECK(s.exit_code == 1);
  CHECK(s.err.find("slip.sheet:5:3: game 1, ply 5:") != std::string::npos);
  CHECK(s.err.find("notera reconstruct") != std::string::npos);
}

TEST_CASE("convert --json and check --json: an object for every game, rejected ones too") {
  test::TempDir dir;
  // Game 2's FEN has no side to move: the game is rejected, not written.
  const auto input =
      dir.write("three.pgn",
                "[Event \"a\"]\n\n1. e4 e5 *\n\n"
                "[Event \"b\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/K6k x - - 0 1\"]\n\n1. Kb1 *\n\n"
                "[Event \"c\"]\n\n1. d4 d5 2. Bb5 *\n");
  for (const char* command : {"convert", "check"}) {
    CAPTURE(command);
    const auto r = test::run_notera({command, "-q", "--json", "--messages", "en", input.string()});
    CHECK(r.exit_code == 1);
    std::vector<nlohmann::json> objects;
    std::size_t at = 0;
    for (std::size_t end; (end = r.out.find('\n', at)) != std::string::npos; at = end + 1)
      objects.push_back(nlohmann::json::parse(r.out.substr(at, end - at)));
    REQUIRE(objects.size() == 3);
    CHECK(objects[0]["status"] == "complete");
    CHECK(objects[1]["status"] == "rejected");
    CHECK(objects[1]["game"] == 2);
    CHECK(objects[1]["moves"].empty());
    REQUIRE(!objects[1]["problems"].empty());
    CHECK(objects[1]["problems"][0]["message"].get<std::string>().find("FEN") != std::string::npos);
    CHECK(objects[2]["status"] == "incomplete");
    CHECK(objects[2]["moves"].size() == 2);
  }
}

TEST_CASE("convert: games that cannot be written to standard output are an I/O error") {
  test::TempDir dir;
  const auto input = dir.write("two-games.pgn", two_games);
  // /dev/full takes nothing: every write fails with ENOSPC.
  const auto r =
      test::run_program("/bin/sh", {"-c", std::string("exec \"$0\" convert --messages en \"$1\" >/dev/full"),
                                    NOTERA_BINARY, input.string()});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("cannot write the games to standard output") != std::string::npos);
  CHECK(r.err.find("written") == std::string::npos);  // no summary that says they were
}

TEST_CASE("convert: -o picks the compression by the name's ending in any case") {
  test::TempDir dir;
  const auto input = dir.write("g.pgn", "1. e4 e5 *\n");
  const auto out = dir.path() / "GAMES.PGN.GZ";
  CHECK(test::run_notera({"convert", "-q", "-o", out.string(), input.string()}).exit_code == 0);
  const std::string bytes = test::read_file(out);
  REQUIRE(bytes.size() > 2);
  CHECK(static_cast<unsigned char>(bytes[0]) == 0x1F);
  CHECK(static_cast<unsigned char>(bytes[1]) == 0x8B);
}

TEST_CASE("convert: a file that cannot be opened is the program's line, and a control character is shown") {
  test::TempDir dir;
  const auto missing =
      test::run_notera({"convert", "--messages", "en", (dir.path() / "nowhere.pgn").string()});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err.rfind("notera: cannot open ", 0) == 0);
  // 0x1F where a move was expected: its picture (U+241F), not the byte.
  const auto input = dir.write("unit-separator.pgn", "\x1f");
  const auto r = test::run_notera({"convert", "-q", "--messages", "en", input.string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("'\xE2\x90\x9F' cannot be read as a move") != std::string::npos);
  CHECK(r.err.find('\x1f') == std::string::npos);
  // A token of a megabyte where a move was expected (a line of junk, read
  // one game a line): the message quotes its first 240 characters, and
  // the report too.
  const auto junk = dir.write("junk.txt", "e4 e5\n" + std::string(1100000, 'x') + "\nd4 d5\n");
  const auto report = dir.path() / "junk.json";
  const auto cut = test::run_notera({"convert", "-q", "--messages", "en", "--game-per-line", "--to", "uci",
                                     "--report", report.string(), junk.string()});
  CHECK(cut.exit_code == 1);
  CHECK(cut.out == "e2e4 e7e5\n\nd2d4 d7d5\n");
  CHECK(cut.err.find(": game 2, ply 1: the game stops at 1. '" + std::string(240, 'x') +
                     "\xE2\x80\xA6' cannot be read as a move") != std::string::npos);
  CHECK(cut.err.size() < 2000);
  CHECK(std::filesystem::file_size(report) < 4000);
}

TEST_CASE("convert: games that start on the line of the result before them are all read and reported") {
  test::TempDir dir;
  const auto report = dir.path() / "report.json";
  const auto input = test::data_path("pgn/one-line.pgn");
  const auto r =
      test::run_notera({"convert", "--messages", "en", "--report", report.string(), input.string()});
  CHECK(r.exit_code == 0);
  CHECK(r.err.find("3 games read, 3 written, 0 incomplete, 0 rejected") != std::string::npos);
  CHECK(r.out.find("[White \"C\"]") != std::string::npos);
  CHECK(r.out.find("1. c4 c5 1/2-1/2") != std::string::npos);
  const auto j = nlohmann::json::parse(test::read_file(report));
  REQUIRE(j.size() == 3);
  for (const auto& game : j) {
    CHECK(game["status"] == "complete");
    CHECK(game["line"] == 1);
  }
  // The next game's Event tag on the result's line is the next game's.
  const auto split =
      test::run_notera({"convert", "-q", "--to", "json"},
                       "[Event \"x\"]\n\n1. e4 e5 1-0 [Event \"y\"]\n[White \"W\"]\n\n1. d4 *\n");
  CHECK(split.exit_code == 0);
  const auto games = test::json_lines(split.out);
  REQUIRE(games.size() == 2);
  CHECK(games[0]["status"] == "complete");
  CHECK(games[1]["tags"]["Event"] == "y");
  // Blanks inside a tag's brackets: one game, its tags whole.
  const auto spaced =
      test::run_notera({"convert", "-q", "--to", "json"}, "[ Event \"E\" ]\n[White \"W\"]\n\n1. e4 e5 *\n");
  CHECK(spaced.exit_code == 0);
  const auto one = nlohmann::json::parse(spaced.out);
  CHECK(one["tags"]["Event"] == "E");
  CHECK(one["tags"]["White"] == "W");
  CHECK(one["moves"].size() == 2);
  // A problem on that line is placed at its column in the line.
  const auto bad = test::run_notera({"convert", "--messages", "en"}, "1. e4 e5 1-0 [Event \"y\"] 1. e5 *\n");
  CHECK(bad.err.find("-:1:29: game 2, ply 1: ") != std::string::npos);
}

TEST_CASE("convert: \"2. ... Nc6\" and \"2 ... Nc6\" number Black's moves, in variations too") {
  const auto r = test::run_notera({"convert", "-q", "--to", "san"},
                                  "1. e4 e5 2. Nf3 ( 2. ... Nc6 ) 2. ... Nc6 3. Bb5 *\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out == "e4 e5 Nf3 Nc6 Bb5\n");
  auto file = test::run_notera({"convert", "-q", test::data_path("pgn/ellipsis-numbers.pgn").string()});
  CHECK(file.exit_code == 0);
  std::replace(file.out.begin(), file.out.end(), '\n', ' ');  // lines wrapped at 80
  CHECK(file.out.find("5. O-O Be7 ({+0.31} 5... b5 6. Bb3 Be7) 6. Re1") != std::string::npos);
  CHECK(file.out.find("9... Nb8 ({+0.52} 9... Na5 10. Bc2 c5) 10. d4 Nbd7 *") != std::string::npos);
  CHECK(file.out.find("5... Ba5 6. O-O d6 7. d4 *") != std::string::npos);
}

TEST_CASE("convert: a variation holding only a comment is written as a comment after the move") {
  test::TempDir dir;
  const auto out = dir.path() / "out.pgn";
  const auto r = test::run_notera({"convert", "-q", "-o", out.string()},
                                  "1. e4 ({only a comment}) e5 2. Nf3 (2. Nc3) ({another}) Nc6 *\n");
  CHECK(r.exit_code == 0);
  const std::string written = test::read_file(out);
  CHECK(written.find("1. e4 {only a comment} 1... e5 2. Nf3 (2. Nc3) {another} 2... Nc6 *") !=
        std::string::npos);
  CHECK(written.find("({") == std::string::npos);
  if (const auto pe = test::pgn_extract()) {
    const auto check = test::run_program(pe->string(), {"-s", "-Wuci", out.string()});
    CHECK(check.exit_code == 0);
    CHECK(check.err.find("Missing move list") == std::string::npos);
    CHECK(check.out.find("e2e4 e7e5 g1f3 b8c6") != std::string::npos);
  }
}

TEST_CASE("convert: names real tools give standard chess and Chess960 in the Variant tag") {
  for (const char* name : {"Regular", "Standard", "Classical", "chess", "Normal", "From Position"}) {
    const auto r = test::run_notera({"convert", "-q", "--to", "uci"},
                                    std::string("[Variant \"") + name + "\"]\n\n1. e4 e5 *\n");
    CHECK_MESSAGE(r.exit_code == 0, name);
    CHECK_MESSAGE(r.out == "e2e4 e7e5\n", name);
  }
  // Chess960: castling is king takes rook (and the start position says
  // the rooks' files: docs/cli.md).
  for (const char* name : {"Chess960", "Chess 960", "chess-960", "Fischerandom", "Fischer Random", "FRC"}) {
    const auto r =
        test::run_notera({"convert", "-q", "--to", "uci"},
                         std::string("[Variant \"") + name +
                             "\"]\n[FEN \"rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1\"]\n\n1. O-O-O *\n");
    CHECK_MESSAGE(r.exit_code == 0, name);
    CHECK_MESSAGE(r.out == "position fen rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1 moves b1a1\n", name);
  }
  const auto other = test::run_notera({"convert", "--messages", "en"}, "[Variant \"Atomic\"]\n\n1. e4 *\n");
  CHECK(other.exit_code == 1);
  CHECK(other.err.find("a variant notera does not play") != std::string::npos);
}

TEST_CASE(
    "convert: a SetUp tag without a FEN tag is said, and not written, so that PGN readers keep the game") {
  test::TempDir dir;
  const auto out = dir.path() / "out.pgn";
  const auto r = test::run_notera({"convert", "--messages", "en", "-o", out.string()},
                                  "[Event \"a\"]\n[SetUp \"1\"]\n\n1. e4 e5 *\n\n"
                                  "[Event \"b\"]\n[SetUp \"0\"]\n\n1. d4 d5 *\n");
  CHECK(r.exit_code == 0);
  CHECK(r.err.find("-:1:1: game 1: the SetUp tag is '1' but there is no FEN tag: the game is read from the "
                   "standard position") != std::string::npos);
  CHECK(r.err.find("game 2:") == std::string::npos);  // SetUp "0": the standard position, as read
  const std::string written = test::read_file(out);
  CHECK(written.find("SetUp") == std::string::npos);
  CHECK(written.find("1. e4 e5 *") != std::string::npos);
  // pgn-extract (a real client) reads both games back.
  if (std::filesystem::exists("/usr/games/pgn-extract")) {
    const std::string command = "/usr/games/pgn-extract -s -o /dev/null " + out.string() + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string said;
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, pipe)) said += buffer;
    CHECK(pclose(pipe) == 0);
    CHECK(said.find("Missing FEN") == std::string::npos);
  }
}

TEST_CASE("convert: castling rights a FEN tag gives without their rook or king are dropped, the game kept") {
  const std::string game =
      "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K2R w KQkq - 0 30\"]\n\n30. O-O Kd7 31. Rd1+ *\n";
  const auto r = test::run_notera({"convert", "--messages", "en", "--to", "san"}, game);
  CHECK(r.exit_code == 0);
  CHECK(r.out == "[SetUp \"1\"] [FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 30\"] O-O Kd7 Rd1+ *\n");
  for (const char* right : {"'Q'", "'k'", "'q'"})
    CHECK_MESSAGE(r.err.find(std::string("the FEN tag gives castling right ") + right) != std::string::npos,
                  right);
  CHECK(r.err.find("castling right 'K'") == std::string::npos);
  CHECK(r.err.find("has no rook to castle with") != std::string::npos);
  const auto nb = test::run_notera({"convert", "--messages", "nb", "--to", "san"}, game);
  CHECK(nb.err.find("rokaderetten «q»") != std::string::npos);
  // `notera move --fen` keeps the FEN strict: it is the position asked about.
  const auto move =
      test::run_notera({"move", "--messages", "en", "--fen", "4k3/8/8/8/8/8/4P3/4K2R w KQkq - 0 30", "O-O"});
  CHECK(move.exit_code != 0);
  CHECK((move.err + move.out).find("castling right 'Q' has no rook") != std::string::npos);
}

TEST_CASE("convert: a null move in the main line is kept and said once, one in a variation is not") {
  const std::string game =
      "[Event \"Analyse\"]\n[Result \"*\"]\n\n"
      "1. e4 -- 2. d4 -- (2... e5 3. -- Nc6) 3. c4 e5 *\n";
  const auto r = test::run_notera({"convert", "--messages", "en", "--json"}, game);
  CHECK(r.exit_code == 0);  // a warning: the game is kept whole
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["status"] == "complete");
  CHECK(j["moves"].size() == 6);
  CHECK(j["moves"][1]["uci"] == "0000");
  REQUIRE(j["problems"].size() == 1);  // once, at the first pass; the variation's is not main line
  const auto& p = j["problems"][0];
  CHECK(p["code"] == "game.null_move_mainline");
  CHECK(p["severity"] == "warning");
  CHECK(p["line"] == 4);
  CHECK(p["column"] == 7);
  CHECK(p["ply"] == 2);
  CHECK(p["message"].get<std::string>().find("1... with a null move '--'") != std::string::npos);
  // The PGN keeps it as written.
  const auto pgn = test::run_notera({"convert", "-q"}, game);
  CHECK(pgn.out.find("1. e4 -- 2. d4 -- (2... e5 3. -- Nc6) 3. c4 e5 *") != std::string::npos);
  const auto sv = test::run_notera({"check", "--messages", "sv"}, game);
  CHECK(sv.exit_code == 0);
  CHECK(sv.err.find("-:4:7: game 1, ply 2: huvudvarianten står över ett drag vid 1...") != std::string::npos);
  // The summary's adjectives agree with one game (ett parti: fullständigt).
  CHECK(sv.err.find("1 parti kontrollerat: 1 fullständigt, 0 ofullständiga, 0 avvisade, 0 textstycken") !=
        std::string::npos);
}

TEST_CASE("convert: the one-line formats keep the start position of a set-up game") {
  test::TempDir dir;
  const auto setup = dir.write("setup.pgn",
                               "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 30\"]\n\n"
                               "30. O-O Kd7 31. Rd1+ *\n");
  const auto chess960 = dir.write("960.pgn",
                                  "[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                                  "[FEN \"rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1\"]\n\n1. O-O-O Kc8 *\n");
  const auto to = [](const char* format, const std::filesystem::path& file) {
    const auto r = test::run_notera({"convert", "-q", "--to", format, file.string()});
    CHECK(r.exit_code == 0);
    return r.out;
  };
  // UCI as an engine takes it; the others with PGN's tags, the line a PGN game.
  CHECK(to("uci", setup) == "position fen 4k3/8/8/8/8/8/4P3/4K2R w K - 0 30 moves e1g1 e8d7 f1d1\n");
  CHECK(to("san", setup) == "[SetUp \"1\"] [FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 30\"] O-O Kd7 Rd1+ *\n");
  CHECK(to("lan", setup) ==
        "[SetUp \"1\"] [FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 30\"] O-O Ke8-d7 Rf1-d1+ *\n");
  CHECK(to("descriptive", setup) ==
        "[SetUp \"1\"] [FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 30\"] 30. O-O K-Q2 31. R-Q1 ch *\n");
  CHECK(to("uci", chess960) == "position fen rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1 moves b1a1 b8c8\n");
  CHECK(to("san", chess960) ==
        "[Variant \"Chess960\"] [SetUp \"1\"] [FEN \"rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1\"] O-O-O Kc8 *\n");
  const auto json = nlohmann::json::parse(to("json", chess960));
  CHECK(json["fen"] == "rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1");
  CHECK(json["moves"][0]["uci"] == "b1a1");
  // A set-up game without moves: UCI's command without "moves".
  CHECK(
      test::run_notera({"convert", "-q", "--to", "uci"}, "[FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 30\"]\n\n*\n")
          .out == "position fen 4k3/8/8/8/8/8/4P3/4K2R w K - 0 30\n");
  // notera reads the lines back as the same games.
  for (const char* format : {"san", "lan"})
    for (const auto& file : {setup, chess960}) {
      CAPTURE(format);
      const auto back = test::run_notera({"convert", "-q", "--to", "uci"}, to(format, file));
      CHECK(back.exit_code == 0);
      CHECK(back.out == to("uci", file));
    }
  // The tagged lines end in the game's result, PGN's game termination: one
  // after another they are a PGN file, which pgn-extract reads game by game.
  const auto won =
      dir.write("won.pgn",
                "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 30\"]\n[Result \"1-0\"]\n\n"
                "30. O-O Kd7 31. Rd1+ 1-0\n");
  CHECK(to("san", won) == "[SetUp \"1\"] [FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 30\"] O-O Kd7 Rd1+ 1-0\n");
  const auto lines = dir.write("lines.pgn", to("san", setup) + to("san", won) + to("lan", setup));
  CHECK(test::run_notera({"convert", "-q", "--to", "uci", lines.string()}).out ==
        to("uci", setup) + to("uci", won) + to("uci", setup));
  if (const auto pe = test::pgn_extract()) {
    const auto check = test::run_program(pe->string(), {"-s", "-Wuci", lines.string()});
    CHECK(check.exit_code == 0);
    std::size_t games = 0;
    for (std::size_t at = 0; (at = check.out.find("e1g1 e8d7 f1d1", at)) != std::string::npos; ++at) ++games;
    CHECK(games == 3);
    CHECK(check.out.find("[Result \"1-0\"]") != std::string::npos);
  }
  // A game from the standard start position is written as before: no prefix.
  const auto plain = dir.write("plain.pgn",
                               "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n"
                               "1. e4 e5 2. Nf3 *\n");
  CHECK(to("uci", plain) == "e2e4 e7e5 g1f3\n");
  CHECK(to("san", plain) == "e4 e5 Nf3\n");
  CHECK(to("descriptive", plain) == "1. P-K4 P-K4 2. N-KB3 *\n");
  CHECK(nlohmann::json::parse(to("json", plain)).count("fen") == 0);
  // UCI's lines read back too: each `position` command is a game of its
  // own, from its FEN (a Chess960 one by its castling files) or startpos.
  const std::string uci = to("uci", setup) + to("uci", chess960) + "position startpos moves e2e4 e7e5 g1f3\n";
  const auto again = test::run_notera({"convert", "--messages", "en", "--to", "uci"}, uci);
  CHECK(again.exit_code == 0);
  CHECK(again.out == to("uci", setup) + to("uci", chess960) + "e2e4 e7e5 g1f3\n");
  CHECK(again.err.find("3 games read, 3 written, 0 incomplete, 0 rejected") != std::string::npos);
  const auto pgn = test::run_notera({"convert", "-q"}, to("uci", chess960));
  CHECK(pgn.out.find("[Variant \"Chess960\"]") != std::string::npos);
  CHECK(pgn.out.find("[FEN \"rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1\"]") != std::string::npos);
  CHECK(pgn.out.find("1. O-O-O Kc8 *") != std::string::npos);
  // A FEN that is no position rejects its game, not the next one.
  const auto bad = test::run_notera({"convert", "--messages", "en", "--to", "uci"},
                                    "position fen 9/8/8 w - - 0 1 moves e2e4\nposition startpos moves d2d4\n"
                                    "position fen\nposition fen moves e2e4\n");
  CHECK(bad.exit_code == 1);
  CHECK(bad.out == "d2d4\n");
  CHECK(bad.err.find("-:1:1: game 1") != std::string::npos);
  CHECK(bad.err.find("-:3:1: game 3: the FEN '' of UCI's position command is not a valid position") !=
        std::string::npos);
  CHECK(bad.err.find("4 games read, 1 written, 0 incomplete, 3 rejected") != std::string::npos);
  // Lines of moves alone run on as one game; where that game stops on a
  // later line, the reader is told why, and how to keep games apart.
  const auto run_on =
      test::run_notera({"convert", "--messages", "en", "--to", "san"}, "e4 e5 Nf3 Nc6\nd4 d5 c4 e6\n");
  CHECK(run_on.exit_code == 1);
  CHECK(
      run_on.err.find("-:2:10: game 1: this line may be a game of its own: lines of moves alone with nothing "
                      "between them are read as one game") != std::string::npos);
  const auto numbered = test::run_notera({"convert", "--messages", "en", "--to", "san"},
                                         "1. e4 e5 2. Nf3 Nc6\n3. d4 d5 4. c4 e6\n");
  CHECK(numbered.err.find("the game stops at 4... 'e6'") != std::string::npos);
  CHECK(numbered.err.find("a game of its own") == std::string::npos);
  // Told that every line is a game, the reader keeps them apart, with or
  // without a result, and a line written over two games' worth of moves
  // stops where its own moves do.
  const std::string per_line = "e4 e5 Nf3 Nc6\nd4 d5 c4 e6\n\n% a note\nc4 e5 *\nNf3 d5 1/2-1/2\ne2e4 c7c5\n";
  const auto apart =
      test::run_notera({"convert", "--messages", "en", "--game-per-line", "--to", "san"}, per_line);
  CHECK(apart.exit_code == 0);
  CHECK(apart.out == "e4 e5 Nf3 Nc6\nd4 d5 c4 e6\nc4 e5\nNf3 d5\ne4 c5\n");
  CHECK(apart.err.find("5 games read, 5 written, 0 incomplete, 0 rejected") != std::string::npos);
  const auto stops = test::run_notera({"convert", "--messages", "en", "--game-per-line", "--to", "san"},
                                      "e4 e5\nd4 d5 Kd2 Kd7 Ke3 Ke6 Kd8\n");
  CHECK(stops.exit_code == 1);
  CHECK(stops.out == "e4 e5\nd4 d5 Kd2 Kd7 Ke3 Ke6\n");
  CHECK(stops.err.find("-:2:23: game 2, ply 7: the game stops at 4. 'Kd8'") != std::string::npos);
  // A line past the line limit is cut; reading goes on at the next line,
  // and the messages say so.
  const auto cut = test::run_notera({"convert", "--messages", "en", "--game-per-line", "--to", "uci"},
                                    "e4 e5\n" + std::string(1100000, 'x') + "\nd4 d5\n");
  CHECK(cut.out.find("e2e4 e7e5\n") == 0);
  CHECK(cut.out.find("d2d4 d7d5\n") != std::string::npos);
  CHECK(cut.err.find("-:2:1048577: game 2: the line is longer than 1,048,576 bytes and was cut here; reading "
                     "resumes at the next line\n") != std::string::npos);
  CHECK(cut.err.find("-:2:1: 51,425 bytes after a cut game were skipped up to the next line\n") !=
        std::string::npos);
  // What --to san, lan and uci write reads back, game for game.
  const std::string games =
      "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n"
      "[Event \"b\"]\n\n1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 0-1\n\n"
      "[Event \"c\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 30\"]\n\n"
      "30. O-O Kd7 31. Rd1+ *\n\n"
      "[Event \"d\"]\n\n1. e4 c5 2. Nf3 d6 *\n";
  const auto as = [&](const char* format, const std::string& input, bool each_line) {
    std::vector<std::string> args{"convert", "-q", "--to", format};
    if (each_line) args.push_back("--game-per-line");
    const auto r = test::run_notera(args, input);
    CHECK(r.exit_code == 0);
    return r.out;
  };
  for (const char* format : {"san", "lan", "uci"}) {
    INFO(format);
    const std::string written = as(format, games, false);
    CHECK(std::count(written.begin(), written.end(), '\n') == 4);
    CHECK(as(format, written, true) == written);
    CHECK(as("uci", written, true) == as("uci", games, false));
  }
  // "position" as a word of text is not a command.
  const auto prose =
      test::run_notera({"convert", "-q", "--to", "san"}, "1. e4 e5 {a good\nposition for White} 2. Nf3 *\n");
  CHECK(prose.out == "e4 e5 Nf3\n");
}

TEST_CASE("check: a comment never closed makes its game incomplete, at the ply it swallowed") {
  const auto r = test::run_notera({"check", "--json", "--messages", "en"},
                                  "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 {good move 2. Nf3 Nc6 3. Bb5 a6 "
                                  "1-0\n\n[Event \"b\"]\n\n1. d4 *\n");
  CHECK(r.exit_code == 1);
  const auto games = test::json_lines(r.out);
  REQUIRE(games.size() == 2);
  const auto& a = games[0];
  CHECK(a["status"] == "incomplete");
  CHECK(a["moves"].size() == 1);
  bool said = false;
  for (const auto& p : a["problems"])
    if (p["code"] == "pgn.split.unterminated_comment") {
      said = true;
      CHECK(p["severity"] == "error");
      CHECK(p["ply"] == 2);
      CHECK(p["line"] == 4);
      CHECK(p["column"] == 7);
    }
  CHECK(said);
  CHECK(games[1]["status"] == "complete");  // the next game is its own
}

TEST_CASE("check: what is said of a game's result is said where the result is written") {
  const auto r = test::run_notera({"check", "--messages", "en"},
                                  "[Event \"x\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n");
  CHECK(r.err.find(
            "-:4:21: game 1: the result 1-0 contradicts the final position (checkmate), which means 0-1") !=
        std::string::npos);
  CHECK(r.err.find("-:4:21: game 1: the Result tag says 0-1 but the movetext ends with 1-0") !=
        std::string::npos);
  // Another spelling of the same result is no disagreement.
  const auto half = test::run_notera({"check", "--messages", "en"},
                                     "[Event \"x\"]\n[Result \"\xC2\xBD-\xC2\xBD\"]\n\n1. e4 e5 1/2-1/2\n");
  CHECK(half.err.find("Result tag says") == std::string::npos);
}

TEST_CASE("check --json: a game without a result is told so where the result belongs") {
  // After the last move, not on the line where the next game starts; the
  // same for games one a line.
  const auto where = [](const std::vector<std::string>& args, const std::string& input) {
    const auto r = test::run_notera(args, input);
    std::vector<std::pair<int, int>> places;
    for (const nlohmann::json& game : test::json_lines(r.out))
      for (const auto& p : game["problems"])
        if (p["code"] == "pgn.no_termination") places.emplace_back(p["line"], p["column"]);
    return places;
  };
  CHECK(where({"check", "-q", "--json"}, "[Event \"a\"]\n\n1. e4 e5 2. Nf3\n\n[Event \"b\"]\n\n1. d4 *\n") ==
        std::vector<std::pair<int, int>>{{3, 16}});
  CHECK(where({"check", "-q", "--json", "--game-per-line"}, "e4 e5 Nf3\r\nd4 d5\r\n\r\n") ==
        std::vector<std::pair<int, int>>{{1, 10}, {2, 6}});
}

TEST_CASE(
    "check --json: a game without a result says where its result comes from, a Result tag only if it has "
    "one") {
  const auto messages = [](const std::vector<std::string>& args, const std::string& input) {
    const auto r = test::run_notera(args, input);
    std::vector<std::string> found;
    for (const nlohmann::json& game : test::json_lines(r.out))
      for (const auto& p : game["problems"])
        if (p["code"] == "pgn.no_termination") found.push_back(p["message"]);
    return found;
  };
  // Games one a line have no tags: no Result tag to take anything from.
  CHECK(
      messages({"check", "-q", "--json", "--messages", "en", "--game-per-line"}, "e4 e5 Nf3\nd2d4 d7d5\n") ==
      std::vector<std::string>(
          2,
          "the movetext does not end with a result; no Result tag gives one, so the result is * (unknown)"));
  CHECK(messages({"check", "-q", "--json", "--messages", "nb", "--game-per-line"}, "e4 e5 Nf3\n") ==
        std::vector<std::string>{"trekkteksten slutter ikke med et resultat; ingen Result-tagg oppgir et, så "
                                 "resultatet er * (ukjent)"});
  // A tag that gives one is named; one that does not ("?") is not.
  CHECK(messages({"check", "-q", "--json", "--messages", "en"},
                 "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5\n") ==
        std::vector<std::string>{"the movetext does not end with a result; 1-0 from the Result tag is used"});
  CHECK(
      messages({"check", "-q", "--json", "--messages", "en"},
               "[Event \"a\"]\n[Result \"?\"]\n\n1. e4 e5\n") ==
      std::vector<std::string>{
          "the movetext does not end with a result; no Result tag gives one, so the result is * (unknown)"});
  // A book's "Resigns" gives one, with a Result tag or without.
  for (const std::string tags : {"[Event \"a\"]\n[Result \"*\"]\n\n", "[Event \"a\"]\n\n"})
    CHECK(messages({"check", "-q", "--json", "--messages", "en"}, tags + "1. P-K4 P-K4 2. Q-R5 Resigns\n") ==
          std::vector<std::string>{
              "the movetext does not end with a result; 1-0 is read from the words after the moves"});
}

TEST_CASE("convert --output-encoding latin1: one warning a game says what was transliterated and where") {
  test::TempDir dir;
  // Game 1: three characters Latin-1 lacks (Ł, Š, č; í and Æ it has), the
  // first on line 6 after "Æ", in column 14 (15 in bytes). Game 2: none.
  // Game 3: one, in a comment (PGN output only).
  const std::string games =
      "[Event \"Tromsø\"]\n[Site \"Tromsø\"]\n[Date \"2026.11.21\"]\n[Round \"1\"]\n"
      "[White \"Ørnulf Åsen\"]\n[Black \"Ævar Łukasz Ševčík\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n"
      "[Event \"b\"]\n[White \"Ørnulf\"]\n\n1. d4 *\n\n"
      "[Event \"c\"]\n\n1. c4 {Œ} c5 *\n";
  const auto input = dir.write("names.pgn", games);
  const auto out = dir.path() / "out.pgn";
  const auto r = test::run_notera(
      {"convert", "--messages", "en", "--output-encoding", "latin1", "-o", out.string(), input.string()});
  CHECK(r.exit_code == 0);
  CHECK(
      r.err.find("names.pgn:6:14: game 1: 3 characters of this game are not in Latin-1 (ISO-8859-1) and are "
                 "transliterated; the first, '\u0141' (U+0141), as 'L'\n") != std::string::npos);
  CHECK(r.err.find("game 2:") == std::string::npos);
  CHECK(r.err.find("names.pgn:18:8: game 3: '\u0152' (U+0152) is not in Latin-1 (ISO-8859-1) and is "
                   "transliterated as 'OE'\n") != std::string::npos);
  // The output is transliterated as before.
  const std::string bytes = test::read_file(out);
  CHECK(bytes.find("[Black \"\xC6var Lukasz Sevc\xEDk\"]") != std::string::npos);
  CHECK(bytes.find("1. c4 {OE} 1... c5 *") != std::string::npos);
  // UTF-8 output says nothing.
  CHECK(test::run_notera({"convert", "--messages", "en", "-o", out.string(), input.string()})
            .err.find("Latin-1") == std::string::npos);
  // In JSON, in the game's object (whose text is in Latin-1 too), and in the
  // report; in the messages' language.
  const auto report = dir.path() / "report.json";
  const auto json = test::run_notera({"convert", "-q", "--json", "--messages", "nb", "--output-encoding",
                                      "latin1", "--report", report.string(), input.string()});
  const auto from_latin1 = [](const std::string& latin1) {
    std::string utf8;
    for (const char b : latin1) {
      const auto c = static_cast<unsigned char>(b);
      if (c < 0x80) {
        utf8 += b;
      } else {
        utf8 += static_cast<char>(0xC0 | (c >> 6));
        utf8 += static_cast<char>(0x80 | (c & 0x3F));
      }
    }
    return utf8;
  };
  std::vector<nlohmann::json> objects;
  std::istringstream lines(json.out);
  for (std::string line; std::getline(lines, line);)
    objects.push_back(nlohmann::json::parse(from_latin1(line)));
  REQUIRE(objects.size() == 3);
  REQUIRE(objects[0]["problems"].size() == 1);
  const auto& problem = objects[0]["problems"][0];
  CHECK(problem["code"] == "convert.transliterated");
  CHECK(problem["severity"] == "warning");
  CHECK(problem["line"] == 6);
  CHECK(problem["column"] == 14);
  CHECK(problem["message"] ==
        "3 tegn i dette partiet finnes ikke i Latin-1 (ISO-8859-1) og translittereres; "
        "det f\u00f8rste, \u00abL\u00bb (U+0141), som \u00abL\u00bb");
  CHECK(objects[1]["problems"].empty());
  CHECK(objects[2]["problems"].empty());  // JSON has no comments: nothing to change
  const auto j = nlohmann::json::parse(test::read_file(report));
  REQUIRE(j.size() == 3);
  REQUIRE(j[0]["problems"].size() == 1);
  CHECK(j[0]["problems"][0]["code"] == "convert.transliterated");
  CHECK(j[0]["problems"][0]["column"] == 14);
}

TEST_CASE("convert: a scoresheet's problems give file, line, column in characters and the box") {
  test::TempDir dir;
  // Line 9: "~~" never closed in Black's box of move 4, after a figurine
  // (column 10 in characters, 12 in bytes). Line 10: a full row. Line 11: a
  // line without a number after Black's move 5. The header words and names
  // hold æøå.
  const auto sheet = dir.write("bad.sheet",
                               "Hvit: \u00c6rlig, \u00d8ystein\nSvart: \u00c5sen, K\u00e5re\n"
                               "Notasjon: nb\nUkjent: x\n\n"
                               "1  e4      e5\n2  Sf3     Sc6\n3  Lb5     a6  # \u00e6\u00f8\u00e5\n"
                               "4  \u2658f6   ~~Sf6\n"
                               "5  0-0     Le7  Lx\n"
                               "x7 Te1     b5\n8  Lb3\n");
  // The clock note after White's move 2, after two figurines.
  const auto clock =
      dir.write("clock.sheet", "Notasjon: nb\n\n1  e4  e5\n2  \u2658f3  \u265ec6  0:75\n3  Lb5  a6\n");
  const auto r = test::run_notera({"convert", "--messages", "en", sheet.string()});
  CHECK(r.exit_code == 1);
  const std::string expected[] = {
      "bad.sheet:4:1: game 1: unknown header 'Ukjent' (kept, not used)\n",
      "bad.sheet:9:10: game 1, ply 8: move 4...: '~~' starts crossed-out text that is not closed by '~~' "
      "on the same line\n",
      "bad.sheet:10:17: game 1: the row of move 5 is full: 'Lx' is kept as evidence but claims no move\n",
      "bad.sheet:11:1: game 1: a line without a move number between the moves, after move 5...: "
      "'x7 Te1     b5'\n",
  };
  std::size_t at = 0;
  for (const std::string& line : expected) {  // in the order of the sheet
    CAPTURE(line);
    const std::size_t found = r.err.find(line, at);
    CHECK(found != std::string::npos);
    if (found != std::string::npos) at = found;
  }
  const auto c = test::run_notera({"check", "--messages", "en", clock.string()});
  CHECK(c.err.find("clock.sheet:4:14: game 1, ply 3: clock note '0:75' after move 2 has 75 minutes") !=
        std::string::npos);
  // A box left empty: White's or Black's.
  const auto gap = dir.write("gap.sheet", "Notasjon: nb\n\n1  e4  e5\n2  Sf3  -\n3  Lb5  a6\n");
  CHECK(test::run_notera({"convert", "--messages", "en", gap.string()})
            .err.find("gap.sheet:4:9: game 1, ply 4: move 2... is not recorded") != std::string::npos);
  // The move a game stops at is named as its box is numbered.
  const auto rows = dir.write("rows.sheet", "Notasjon: nb\n\n1  e4  e5\n2  Sf3  Sc6\n5  Lb3  a6\n");
  CHECK(test::run_notera({"convert", "--messages", "en", rows.string()})
            .err.find("rows.sheet:5:4: game 1, ply 5: the game stops at 5. 'Lb3' is illegal") !=
        std::string::npos);
  // In JSON the box's ply, and its line and column.
  const auto json = nlohmann::json::parse(test::run_notera({"convert", "-q", "--json", sheet.string()}).out);
  bool seen = false;
  for (const auto& p : json["problems"])
    if (p["code"] == "sheet.unclosed_crossed_out") {
      seen = true;
      CHECK(p["line"] == 9);
      CHECK(p["column"] == 10);
      CHECK(p["ply"] == 8);
    }
  CHECK(seen);
}

TEST_CASE("convert: a comment among the tags or before them keeps its game whole, games in = games out") {
  // Brace comments and a ';' line, before the first tag, between tags and
  // after the last one: each game whole, its comments before its moves.
  test::TempDir dir;
  const auto input = dir.write("commented.pgn",
                               "{A preamble: games of the club}\n\n"
                               "[Event \"Klubbmesterskap\"]\n{round moved to Tuesday}\n[Site \"Oslo\"]\n"
                               "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
                               "[Event \"Klubbmesterskap\"] {board 2}\n[Site \"Oslo\"]\n[Result \"*\"]\n\n"
                               "{Black was late} 1. d4 d5 *\n\n"
                               "[Event \"Klubbmesterskap\"]\n; board 3, from the arbiter's copy\n"
                               "[Site \"Oslo\"]\n[Result \"*\"]\n\n1. c4 *\n");
  const auto r = test::run_notera({"convert", "--messages", "en", input.string()});
  CHECK(r.exit_code == 0);
  CHECK(r.err.find("3 games read, 3 written, 0 incomplete, 0 rejected, 0 pieces of text") !=
        std::string::npos);
  // Each game whole, with its tags and its comments before the moves.
  CHECK(r.out.find("{A preamble: games of the club round moved to Tuesday} 1. e4 e5") != std::string::npos);
  CHECK(r.out.find("{board 2 Black was late} 1. d4 d5 *") != std::string::npos);
  CHECK(r.out.find("{board 3, from the arbiter's copy} 1. c4 *") != std::string::npos);
  std::size_t sites = 0;
  for (std::size_t at = r.out.find("[Site \"Oslo\"]"); at != std::string::npos;
       at = r.out.find("[Site", at + 1))
    ++sites;
  CHECK(sites == 3);
  // check reads the same three games.
  const auto c = test::run_notera({"check", "--messages", "en", input.string()});
  CHECK(c.exit_code == 0);
  CHECK(c.err.find("3 games checked: 3 complete") != std::string::npos);
}
