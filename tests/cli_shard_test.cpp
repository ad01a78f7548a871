// `notera convert --shard K/N` end to end: the N outputs (games, rejects,
// problems on stderr) concatenated in order are the output of the whole
// file, byte for byte, and the N reports together are its report, on the
// project's own games (samples/, tests/data/) and on the first corpus games
// (../shared/corpus, skipped when absent). tools/shard-check does the same
// over the whole corpus.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli.hpp"

using namespace notera;
namespace fs = std::filesystem;

namespace {

struct Converted {
  int exit_code = -1;
  std::string out;
  std::string rejects;
  std::string err;
  nlohmann::json report;
};

Converted convert(const fs::path& input, const fs::path& dir, const std::string& name,
                  const std::vector<std::string>& options) {
  const fs::path out = dir / (name + ".out"), rejects = dir / (name + ".rejects"),
                 report = dir / (name + ".json");
  std::vector<std::string> args{"convert",      "-q",         "--no-progress", "--messages",     "en",
                                "-o",           out.string(), "--rejects",     rejects.string(), "--report",
                                report.string()};
  args.insert(args.end(), options.begin(), options.end());
  args.push_back(input.string());
  const auto r = test::run_notera(args);
  Converted c;
  c.exit_code = r.exit_code;
  c.err = r.err;
  if (fs::exists(out)) c.out = test::read_file(out);
  if (fs::exists(rejects)) c.rejects = test::read_file(rejects);
  if (fs::exists(report)) c.report = nlohmann::json::parse(test::read_file(report));
  return c;
}

// The lines of stderr about games and skipped text, without the line about
// the input's encoding (which every shard says once).
std::string problem_lines(const std::string& err) {
  std::string kept;
  std::size_t begin = 0;
  while (begin < err.size()) {
    const std::size_t end = std::min(err.find('\n', begin), err.size());
    const std::string line = err.substr(begin, end - begin);
    if (line.find(": game ") != std::string::npos || line.find(":1: ") != std::string::npos)
      kept += line + '\n';
    begin = end + 1;
  }
  return kept;
}

// Converts `input` whole and in `shards` shards; checks that the shards
// together give exactly what the whole run gives.
void check_shards(const fs::path& input, int shards, const std::vector<std::string>& options = {}) {
  test::TempDir dir;
  const Converted whole = convert(input, dir.path(), "whole", options);
  REQUIRE(whole.exit_code >= 0);
  REQUIRE(whole.exit_code <= 1);
  std::string out, rejects, err;
  nlohmann::json report = nlohmann::json::array();
  int exit_code = 0;
  std::size_t empty_shards = 0;
  for (int k = 1; k <= shards; ++k) {
    const std::string shard = std::to_string(k) + '/' + std::to_string(shards);
    std::vector<std::string> with_shard = options;
    with_shard.insert(with_shard.end(), {"--shard", shard});
    const Converted part = convert(input, dir.path(), "shard-" + std::to_string(k), with_shard);
    INFO("shard " << shard);
    REQUIRE(part.exit_code >= 0);
    REQUIRE(part.exit_code <= 1);
    out += part.out;
    rejects += part.rejects;
    err += problem_lines(part.err);
    exit_code = std::max(exit_code, part.exit_code);
    if (part.report.empty()) ++empty_shards;
    for (const auto& entry : part.report) report.push_back(entry);
  }
  INFO(input.filename().string() << " in " << shards << " shards");
  CHECK(whole.report.size() > static_cast<std::size_t>(shards));  // every shard has something to do
  CHECK(out.size() == whole.out.size());
  CHECK(out == whole.out);
  CHECK(rejects == whole.rejects);
  CHECK(report == whole.report);
  CHECK(err == problem_lines(whole.err));
  CHECK(exit_code == whole.exit_code);
  CHECK(empty_shards < static_cast<std::size_t>(shards));
}

std::string read_or_empty(const fs::path& path) { return fs::exists(path) ? test::read_file(path) : ""; }

// The project's own PGN (samples/, tests/data/: clean games, hostile bytes,
// several languages) in one file, after a few lines that are not a game and
// with text between games, `copies` times over.
fs::path project_games(const test::TempDir& dir, int copies) {
  std::vector<fs::path> files;
  for (const fs::path& root : {fs::path(NOTERA_SAMPLES), fs::path(NOTERA_TEST_DATA)})
    for (const auto& e : fs::recursive_directory_iterator(root))
      if (e.is_regular_file() && e.path().extension() == ".pgn") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::string one = "Games from the club's archive, typed in 2026.\n\n";
  for (const auto& f : files) one += read_or_empty(f) + "\n-------- next file --------\n\n";
  std::string all;
  for (int i = 0; i < copies; ++i) all += one;
  return dir.write("project.pgn", all);
}

}  // namespace

TEST_CASE("convert --shard: the project's games in 2, 3 and 7 shards give the whole output") {
  test::TempDir dir;
  const fs::path input = project_games(dir, 3);
  for (const int n : {2, 3, 7}) check_shards(input, n);
}

TEST_CASE("convert --shard: other output formats and several threads") {
  test::TempDir dir;
  const fs::path input = project_games(dir, 2);
  check_shards(input, 3, {"--to", "json"});  // game numbers and lines as in the whole file
  check_shards(input, 7, {"--to", "uci", "-j", "2"});
  check_shards(input, 2, {"--to", "nb", "--lang", "auto"});
}

TEST_CASE("convert --shard: a file of one game per line") {
  test::TempDir dir;
  const fs::path input = project_games(dir, 2);
  const auto lines = test::run_notera({"convert", "-q", "--to", "san", input.string()});
  const fs::path san = dir.write("games.san", lines.out);
  check_shards(san, 3, {"--game-per-line", "--to", "uci"});
}

TEST_CASE("convert --shard: a game cut at the size limit stays whole in one shard, with its overflow") {
  // A game with a comment of 5 MB (beyond the 4 MiB limit): it is cut, the
  // rest up to the next tag line is skipped as overflow. Range boundaries
  // fall inside it; its overflow goes with the game, to the shard where the
  // game starts (else the rejects file and the line about the overflow
  // would differ).
  std::string text =
      "[Event \"Kretsmesterskap\"]\n[White \"Dahl, Eva\"]\n[Black \"Moe, Jon\"]\n[Result \"1-0\"]\n\n"
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
  text +=
      "[Event \"Kretsmesterskap\"]\n[White \"Moe, Jon\"]\n[Black \"Dahl, Eva\"]\n[Result \"*\"]\n\n1. d4 {";
  const std::string comment_line = "the players analysed this position for a long time after the game\n";
  while (text.size() < (std::size_t{5} << 20)) text += comment_line;
  text += "} d5 *\n\n";
  // A comment on one line of 3 MB: cut in the middle of the line (beyond
  // 1 MiB), the rest skipped as overflow in pieces that span ranges.
  text +=
      "[Event \"Kretsmesterskap\"]\n[White \"Lie, Nina\"]\n[Black \"Berg, Ola\"]\n[Result \"*\"]\n\n1. e4 {";
  for (int i = 0; i < 45000; ++i)
    text += "the players analysed this position for a long time after the game ";
  text += "} c5 *\n\n";
  for (int i = 0; i < 3; ++i)
    text +=
        "[Event \"Kretsmesterskap\"]\n[White \"Berg, Ola\"]\n[Black \"Lie, Nina\"]\n[Result \"0-1\"]\n\n"
        "1. c4 e5 2. Nc3 Nf6 3. g3 d5 0-1\n\n";
  test::TempDir dir;
  const fs::path input = dir.write("cut.pgn", text);
  for (const int n : {2, 3, 7}) {
    test::TempDir run;
    // Every shard has its say (most of them own nothing but cut bytes).
    const Converted whole = convert(input, run.path(), "whole", {});
    std::string out, rejects, err;
    nlohmann::json report = nlohmann::json::array();
    for (int k = 1; k <= n; ++k) {
      // fmt, not "s" + std::to_string(k): GCC 12 sees a memcpy of
      // 2^63 bytes in that operator+ (a false -Wrestrict).
      const Converted part =
          convert(input, run.path(), fmt::format("s{}", k), {"--shard", fmt::format("{}/{}", k, n)});
      out += part.out;
      rejects += part.rejects;
      err += problem_lines(part.err);  // one line for the whole overflow, as in one run
      for (const auto& entry : part.report) report.push_back(entry);
    }
    INFO(n << " shards");
    CHECK(out == whole.out);
    CHECK(rejects == whole.rejects);
    CHECK(report == whole.report);
    CHECK(err == problem_lines(whole.err));
    CHECK(whole.report.size() == 9);  // 5 games, 4 pieces of overflow
  }
}

TEST_CASE("convert --shard: K/N, one regular file") {
  test::TempDir dir;
  const fs::path input = project_games(dir, 1);
  for (const std::string bad : {"0/3", "4/3", "3", "a/b", "1/0", "-1/2", "1/2/3", "/2", "2/"}) {
    const auto r = test::run_notera({"convert", "--messages", "en", "--shard", bad, input.string()});
    INFO(bad);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--shard takes K/N, two whole numbers with K from 1 to N, not '" + bad + "'") !=
          std::string::npos);
  }
  const auto two =
      test::run_notera({"convert", "--messages", "en", "--shard", "1/2", input.string(), input.string()});
  CHECK(two.exit_code == 2);
  CHECK(two.err.find("--shard cuts one file into ranges; 2 inputs were given") != std::string::npos);
  const auto in = test::run_notera({"convert", "--messages", "en", "--shard", "1/2"}, "1. e4 e5 *\n");
  CHECK(in.exit_code == 2);
  CHECK(in.err.find("standard input and pipes cannot be sharded") != std::string::npos);
  // A compressed file: its byte ranges are not the text's (made by gzip, and
  // by name saying nothing).
  const fs::path packed = dir.path() / "games";
  REQUIRE(test::run_program("/bin/sh", {"-c", "gzip -c '" + input.string() + "' > '" + packed.string() + "'"})
              .exit_code == 0);
  const auto gz = test::run_notera({"convert", "--messages", "en", "--shard", "1/2", packed.string()});
  CHECK(gz.exit_code == 2);
  CHECK(gz.err.find("is compressed or an archive") != std::string::npos);
  const auto nb = test::run_notera({"convert", "--messages", "nb", "--shard", "5/4", input.string()});
  CHECK(nb.err.find("--shard tar K/N") != std::string::npos);
  // 1/1 is the whole file.
  CHECK(test::run_notera({"convert", "-q", "--shard", "1/1", input.string()}).out ==
        test::run_notera({"convert", "-q", input.string()}).out);
}

TEST_CASE("convert --shard: the first 20,000 corpus games in 2, 3 and 7 shards") {
  const auto corpus = test::corpus_path("big.pgn.xz");
  if (!corpus) {
    MESSAGE("../shared/corpus/big.pgn.xz not found: skipped");
    return;
  }
  std::size_t games = 20000;
  if (const char* env = std::getenv("NOTERA_CORPUS_GAMES"))  // fewer under the sanitizers
    games = std::min<std::size_t>(games, std::strtoul(env, nullptr, 10));
  test::TempDir dir;
  const fs::path slice = dir.path() / "corpus-slice.pgn";
  {
    // The first `games` games, cut at an [Event line after a blank line.
    const std::string command = "xz -dc '" + corpus->string() + "' 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::ofstream out(slice, std::ios::binary);
    std::size_t seen = 0;
    bool blank_before = true;
    static char line[1 << 16];
    while (std::fgets(line, sizeof line, pipe)) {
      const std::string_view l(line);
      if (blank_before && l.rfind("[Event ", 0) == 0 && ++seen > games) break;
      out << l;
      blank_before = l == "\n";
    }
    pclose(pipe);
  }
  for (const int n : {2, 3, 7}) check_shards(slice, n);
}
