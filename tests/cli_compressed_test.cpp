// Compressed and archived input, and compressed output, end to end: every
// kind is made here by the standard tool (gzip, bzip2, xz, zstd, zip, tar)
// from the project's sample games, and `notera convert` must give what it
// gives for the plain file; members are named archive:member in messages;
// a file cut short keeps every game before the cut and exits 2.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli.hpp"

using namespace notera;

namespace {

std::string sample(const std::string& name) {
  return test::read_file(std::filesystem::path(NOTERA_SAMPLES) / name);
}

// Two real games (English and Norwegian letters) in the directory as a.pgn
// and b.pgn, and both in ab.pgn.
struct Games {
  test::TempDir dir;
  std::string a = sample("en/adams-dickenson.pgn");
  std::string b = sample("nb/lie-bakke.pgn");
  Games() {
    dir.write("a.pgn", a);
    dir.write("b.pgn", b);
    dir.write("ab.pgn", a + "\n" + b);
  }
  std::string path(const std::string& name) const { return (dir.path() / name).string(); }
  // Runs a shell command in the directory (the standard tools).
  void shell(const std::string& command) const {
    const auto r = test::run_program("/bin/sh", {"-c", "cd '" + dir.path().string() + "' && " + command});
    REQUIRE_MESSAGE(r.exit_code == 0, command << ": " << r.err);
  }
  test::RunResult uci(const std::string& name, const std::string& input = "") const {
    return test::run_notera({"convert", "--messages", "en", "--to", "uci", name == "-" ? name : path(name)},
                            input);
  }
};

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("compressed input: gzip, bzip2, xz and zstd, by content, read as the plain file") {
  Games g;
  const auto plain = g.uci("ab.pgn");
  REQUIRE(plain.exit_code == 0);
  REQUIRE(count(plain.out, "\n") == 2);
  g.shell(
      "gzip -c ab.pgn > ab.pgn.gz && bzip2 -c ab.pgn > ab.pgn.bz2 && xz -c ab.pgn > ab.pgn.xz && "
      "zstd -qc ab.pgn > ab.pgn.zst && cp ab.pgn.zst games");  // no name to go by
  for (const char* name : {"ab.pgn.gz", "ab.pgn.bz2", "ab.pgn.xz", "ab.pgn.zst", "games"}) {
    CAPTURE(name);
    const auto r = g.uci(name);
    CHECK(r.exit_code == 0);
    CHECK(r.out == plain.out);
    CHECK(r.err.find("2 games read, 2 written") != std::string::npos);
  }
}

TEST_CASE("compressed input: several gzip members, bzip2 and xz streams, zstd frames, one after the other") {
  Games g;
  const auto plain = g.uci("ab.pgn");
  g.shell(
      "for t in 'gzip -c:gz' 'bzip2 -c:bz2' 'xz -c:xz' 'zstd -qc:zst'; do "
      "c=${t%%:*}; e=${t##*:}; $c a.pgn > m.$e; printf '\\n' | $c >> m.$e; $c b.pgn >> m.$e; done");
  for (const char* name : {"m.gz", "m.bz2", "m.xz", "m.zst"}) {
    CAPTURE(name);
    const auto r = g.uci(name);
    CHECK(r.exit_code == 0);
    CHECK(r.out == plain.out);
  }
}

TEST_CASE("compressed input: from standard input") {
  Games g;
  const auto plain = g.uci("ab.pgn");
  g.shell("zstd -qc ab.pgn > ab.pgn.zst && tar czf ab.tar.gz a.pgn b.pgn");
  const auto zst = g.uci("-", test::read_file(g.dir.path() / "ab.pgn.zst"));
  CHECK(zst.exit_code == 0);
  CHECK(zst.out == plain.out);
  const auto tgz = g.uci("-", test::read_file(g.dir.path() / "ab.tar.gz"));
  CHECK(tgz.exit_code == 0);
  CHECK(tgz.out == plain.out);
}

TEST_CASE("archives: zip, tar and compressed tars, each member a file of its own") {
  Games g;
  const auto plain = g.uci("ab.pgn");
  g.shell(
      "zip -q ab.zip a.pgn b.pgn && tar cf ab.tar a.pgn b.pgn && tar czf ab.tgz a.pgn b.pgn && "
      "tar cjf ab.tar.bz2 a.pgn b.pgn && tar cJf ab.tar.xz a.pgn b.pgn && "
      "tar cf - a.pgn b.pgn | zstd -qc > ab.tar.zst");
  for (const char* name : {"ab.zip", "ab.tar", "ab.tgz", "ab.tar.bz2", "ab.tar.xz", "ab.tar.zst"}) {
    CAPTURE(name);
    const auto r = g.uci(name);
    CHECK(r.exit_code == 0);
    CHECK(r.out == plain.out);
  }
  // The report names each game's member and its line in the member.
  const auto report = g.dir.path() / "report.json";
  const auto r =
      test::run_notera({"convert", "-q", "--report", report.string(), "-o", "/dev/null", g.path("ab.zip")});
  CHECK(r.exit_code == 0);
  const auto j = nlohmann::json::parse(test::read_file(report));
  REQUIRE(j.size() >= 2);
  CHECK(j.front()["file"] == g.path("ab.zip") + ":a.pgn");
  CHECK(j.back()["file"] == g.path("ab.zip") + ":b.pgn");
  CHECK(j.back()["line"] == 1);
}

TEST_CASE("archives: a zip with several games files and some that are not games") {
  Games g;
  g.dir.write("readme.txt", "Games of the club championship, round 5.\nOne file per board.\n");
  g.dir.write("logo.png", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
  // A third board with an illegal move: the problem names the member.
  g.dir.write("c.pgn",
              "[Event \"Club\"]\n[White \"Berg\"]\n[Black \"Lie\"]\n[Result \"*\"]\n\n"
              "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. Bxe8 *\n");
  g.shell("zip -q round5.zip readme.txt a.pgn b.pgn logo.png c.pgn");
  const auto r = g.uci("round5.zip");
  CHECK(r.exit_code == 1);
  CHECK(count(r.out, "\n") == 3);
  const std::string zip = g.path("round5.zip");
  CHECK(r.err.find(zip +
                   ":readme.txt: passed over, not games: no PGN tags, moves or scoresheet at its start") !=
        std::string::npos);
  CHECK(r.err.find(zip + ":logo.png: passed over, not games: binary content, not text") != std::string::npos);
  CHECK(r.err.find(zip + ":c.pgn:6:35: game 3, ply 7: ") != std::string::npos);
  CHECK(r.err.find("3 games read, 3 written, 1 incomplete") != std::string::npos);
}

TEST_CASE("archives: empty ones have no games and are no error") {
  Games g;
  g.shell(
      "tar cf empty.tar -T /dev/null && gzip -c empty.tar > empty.tar.gz && "
      "zip -q e.zip a.pgn && zip -qd e.zip a.pgn && printf '' | zstd -qc > empty.zst");
  for (const char* name : {"empty.tar", "empty.tar.gz", "e.zip", "empty.zst"}) {
    CAPTURE(name);
    const auto r = g.uci(name);
    CHECK(r.exit_code == 0);
    CHECK(r.out.empty());
    CHECK(r.err.find("0 games read") != std::string::npos);
  }
}

TEST_CASE("compressed input: a file cut short keeps every game before the cut and exits 2") {
  Games g;
  // Every sample and arbiter game (all different, so that a cut after two
  // thirds of the compressed bytes falls after two thirds of the games).
  std::vector<std::filesystem::path> files;
  for (const auto& dir : {std::filesystem::path(NOTERA_SAMPLES), test::data_path("arbiter")})
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
      if (entry.path().extension() == ".pgn") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::string many;
  for (const auto& file : files) many += test::read_file(file) + "\n";
  REQUIRE(files.size() >= 20);
  g.dir.write("many.pgn", many);
  g.shell(
      "gzip -c many.pgn > many.gz && xz -c many.pgn > many.xz && tar czf many.tgz many.pgn && "
      "for f in many.gz many.xz many.tgz; do n=$(wc -c < $f); head -c $((n * 2 / 3)) $f > cut-$f; done");
  for (const std::string name : {"cut-many.gz", "cut-many.xz", "cut-many.tgz"}) {
    CAPTURE(name);
    const auto report = g.dir.path() / "report.json";
    const auto r = test::run_notera(
        {"convert", "--messages", "en", "--report", report.string(), "-o", "/dev/null", g.path(name)});
    CHECK(r.exit_code == 2);
    const std::string file = name == "cut-many.tgz" ? g.path(name) + ":many.pgn" : g.path(name);
    const std::size_t at = r.err.find(file + " is damaged or cut short after byte ");
    REQUIRE(at != std::string::npos);
    CHECK(r.err.find("; the games before it were read", at) != std::string::npos);
    // The games before the cut are there, all of them: the report accounts
    // for every byte up to the offset given.
    const auto j = nlohmann::json::parse(test::read_file(report));
    REQUIRE(j.size() >= 2);
    std::uint64_t bytes = 0;
    int complete = 0;
    for (const auto& entry : j) {
      bytes += entry["bytes"].get<std::uint64_t>();
      if (entry["status"] == "complete") ++complete;
    }
    std::string offset = r.err.substr(at + file.size() + 36);
    offset = offset.substr(0, offset.find(' '));
    std::erase_if(offset, [](char c) { return c == ',' || c == '.'; });  // ICU groups digits
    CHECK(std::to_string(bytes) == offset);
    CHECK(complete >= 3);
    CHECK(complete < static_cast<int>(files.size()));
  }
}

TEST_CASE("compressed output: chosen by the -o name, read back by the standard tools and by notera") {
  Games g;
  const auto out = g.dir.path() / "out.pgn";
  REQUIRE(test::run_notera({"convert", "-q", "-o", out.string(), g.path("ab.pgn")}).exit_code == 0);
  const std::string plain = test::read_file(out);
  REQUIRE(!plain.empty());
  for (const char* tool : {"gzip:gz", "bzip2:bz2", "xz:xz", "zstd:zst"}) {
    const std::string t = tool;
    const std::string name = "out.pgn." + t.substr(t.find(':') + 1);
    CAPTURE(name);
    const auto r = test::run_notera({"convert", "-q", "-o", g.path(name), g.path("ab.pgn")});
    CHECK(r.exit_code == 0);
    // Compressed, and whole: the tool itself gives the plain output back.
    CHECK(test::read_file(g.dir.path() / name) != plain);
    const auto back =
        test::run_program("/bin/sh", {"-c", t.substr(0, t.find(':')) + " -dc < '" + g.path(name) + "'"});
    CHECK(back.exit_code == 0);
    CHECK(back.out == plain);
    // And notera reads it as it reads the plain output.
    const auto again = test::run_notera({"convert", "-q", g.path(name)});
    CHECK(again.out == plain);
  }
}
