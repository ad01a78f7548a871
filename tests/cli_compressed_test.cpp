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

// Every sample and arbiter game (all different), `copies` times over, each
// copy's Event tags numbered so that no two games are the same text.
std::string many_games(int copies) {
  std::vector<std::filesystem::path> files;
  for (const auto& dir : {std::filesystem::path(NOTERA_SAMPLES), test::data_path("arbiter")})
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
      if (entry.path().extension() == ".pgn") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::string many;
  for (int copy = 1; copy <= copies; ++copy)
    for (const auto& file : files) {
      std::string game = test::read_file(file);
      if (copies > 1 && game.starts_with("[Event \""))
        game.insert(8, "copy " + std::to_string(copy) + " of ");
      many += game + "\n";
    }
  return many;
}

// The problem line on stderr that says `file` is damaged (one line), and
// the byte offset it gives ("after byte N" or "from byte N").
struct Damage {
  std::string line;
  std::uint64_t offset = 0;
};

Damage damage(const std::string& err, const std::string& file) {
  Damage d;
  std::size_t at = err.find(file + " is damaged ");
  if (at == std::string::npos) return d;
  d.line = err.substr(at, err.find('\n', at) - at);
  const std::size_t byte = d.line.find(" byte ");
  if (byte == std::string::npos) return d;
  std::string offset = d.line.substr(byte + 6);
  offset = offset.substr(0, offset.find(' '));
  std::erase_if(offset, [](char c) { return c == ',' || c == '.'; });  // ICU groups digits
  d.offset = std::stoull(offset);
  return d;
}

// The bytes the --report entries account for, and their complete games.
std::pair<std::uint64_t, int> accounted(const std::filesystem::path& report) {
  const auto j = nlohmann::json::parse(test::read_file(report));
  std::uint64_t bytes = 0;
  int complete = 0;
  for (const auto& entry : j) {
    bytes += entry["bytes"].get<std::uint64_t>();
    if (entry["status"] == "complete") ++complete;
  }
  return {bytes, complete};
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
    // The game the cut goes through has no result: it is not counted whole
    // (said so, unless the cut made it stop at an error of its own first:
    // where the cut falls moves with the tar's time stamps).
    const auto& last = j.back();
    CHECK(last["status"] == "incomplete");
    bool said = false;
    for (const auto& p : last["problems"]) said |= p["code"] == "io.game_cut_by_damage" || p["severity"] == "error";
    CHECK(said);
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

TEST_CASE("archives: a tar or zip member cut short or damaged keeps every byte libarchive gave before it") {
  Games g;
  const std::string many = many_games(25);
  REQUIRE(many.size() > 200000);
  g.dir.write("many.pgn", many);
  const auto whole = g.dir.path() / "whole.json";
  REQUIRE(
      test::run_notera({"convert", "-q", "--report", whole.string(), "-o", "/dev/null", g.path("many.pgn")})
          .exit_code == 0);
  const int all = accounted(whole).second;
  // A tar cut at 133,120 bytes: one header, then 132,608 bytes of the
  // member, every one of them read (not only the first 64 KiB).
  g.shell("tar cf many.tar many.pgn && head -c 133120 many.tar > cut.tar");
  const auto report = g.dir.path() / "report.json";
  auto r = test::run_notera(
      {"convert", "--messages", "en", "--report", report.string(), "-o", "/dev/null", g.path("cut.tar")});
  CHECK(r.exit_code == 2);
  Damage d = damage(r.err, g.path("cut.tar") + ":many.pgn");
  REQUIRE(!d.line.empty());
  CHECK(d.offset == 133120 - 512);
  CHECK(d.line.find("(byte 133,120 of the archive)") != std::string::npos);
  auto [bytes, complete] = accounted(report);
  CHECK(bytes == d.offset);
  // Every game that lies wholly in the bytes before the cut is read whole.
  int before_cut = 0;
  for (const auto& entry : nlohmann::json::parse(test::read_file(whole)))
    if (entry["status"] == "complete" &&
        entry["offset"].get<std::uint64_t>() + entry["bytes"].get<std::uint64_t>() <= d.offset)
      ++before_cut;
  CHECK(before_cut > all / 3);
  CHECK(complete >= before_cut);
  // A zip with one byte of its compressed data flipped: the damage is
  // reported on one line, and the bytes libarchive decompressed before it
  // are read and accounted for.
  g.shell(
      "zip -q many.zip many.pgn && cp many.zip flipped.zip && n=$(wc -c < many.zip) && "
      "printf '\\377' | dd of=flipped.zip bs=1 seek=$((n / 2)) conv=notrunc status=none");
  r = test::run_notera(
      {"convert", "--messages", "en", "--report", report.string(), "-o", "/dev/null", g.path("flipped.zip")});
  CHECK(r.exit_code == 2);
  d = damage(r.err, g.path("flipped.zip") + ":many.pgn");
  REQUIRE(!d.line.empty());
  CHECK(d.line.ends_with("; the games before it were read"));
  std::tie(bytes, complete) = accounted(report);
  CHECK(bytes == d.offset);
  MESSAGE("flipped zip: " << d.line << "; " << complete << " of " << all << " games complete");
}

TEST_CASE("archives: after a tar's end, the rest of the stream is read") {
  Games g;
  const auto plain = g.uci("ab.pgn");
  g.shell(
      "tar cf a.tar a.pgn && tar cf b.tar b.pgn && cat a.tar b.tar > ab.tar && "
      "gzip -c a.tar > a.tar.gz && gzip -c b.tar > b.tar.gz && cat a.tar.gz b.tar.gz > ab.tar.gz && "
      "cat a.tar /dev/zero | head -c 65536 | gzip -c > padded.tar.gz");
  // Concatenated tars, plain or each compressed, are read as tar -i reads
  // them: every member of every one.
  for (const char* name : {"ab.tar", "ab.tar.gz"}) {
    CAPTURE(name);
    const auto r = g.uci(name);
    CHECK(r.exit_code == 0);
    CHECK(r.out == plain.out);
    CHECK(r.err.find("2 games read, 2 written") != std::string::npos);
  }
  // Zeros after the end are padding, nothing more.
  const auto padded = g.uci("padded.tar.gz");
  CHECK(padded.exit_code == 0);
  CHECK(padded.err.find("damaged") == std::string::npos);
  // A gzip CRC damaged after the tar's end: reported as for a plain .gz.
  g.shell(
      "cp a.tar.gz crc.tar.gz && n=$(wc -c < crc.tar.gz) && "
      "b=$(dd if=crc.tar.gz bs=1 skip=$((n - 8)) count=1 status=none | od -An -tu1) && "
      "printf \"\\\\$(printf %o $(((b + 1) % 256)))\" | dd of=crc.tar.gz bs=1 seek=$((n - 8)) conv=notrunc "
      "status=none && ! gzip -t crc.tar.gz 2>/dev/null");
  const auto crc = g.uci("crc.tar.gz");
  CHECK(crc.exit_code == 2);
  CHECK(crc.out == g.uci("a.pgn").out);
  CHECK(crc.err.find(g.path("crc.tar.gz") + " is damaged or cut short after byte ") != std::string::npos);
  CHECK(crc.err.find("incorrect data check") != std::string::npos);
  // Text after a tar's end is not another tar: reported, exit 2, the games
  // before it read.
  g.shell("{ cat a.tar; cat b.pgn; } > junk.tar");
  const auto junk = g.uci("junk.tar");
  CHECK(junk.exit_code == 2);
  CHECK(junk.out == g.uci("a.pgn").out);
  const Damage d = damage(junk.err, g.path("junk.tar"));
  CHECK(d.line.find("those bytes were passed over") != std::string::npos);
  CHECK(d.offset == std::filesystem::file_size(g.dir.path() / "a.tar"));
}

TEST_CASE("archives: a readme or notes in Markdown are passed over, games in a .txt are read") {
  Games g;
  g.dir.write("notes.md",
              "# notera\n\nGames of the [club](https://example.org/club) championship.\n\n"
              "1. Unpack the zip\n2. Run `notera convert`\n\n## Round 5\n");
  g.dir.write("info.txt", "# Round 5\n\nOne file per board.\n1 board, 2 players.\n");
  g.dir.write("moves.txt", "1. e4 e5 2. Nf3 Nc6 *\n");
  g.dir.write("board.txt", "# Board 4\nHvit: Hansen, Per\nSvart: Olsen, Kari\n\n1  e4  e5\n2  Sf3  Sc6\n");
  g.shell("zip -q n.zip notes.md info.txt a.pgn moves.txt board.txt");
  const auto r = g.uci("n.zip");
  const std::string zip = g.path("n.zip");
  CHECK(r.exit_code == 0);
  CHECK(r.err.find(zip + ":notes.md: passed over, not games") != std::string::npos);
  CHECK(r.err.find(zip + ":info.txt: passed over, not games") != std::string::npos);
  CHECK(count(r.out, "\n") == 3);
  CHECK(r.err.find("3 games read, 3 written") != std::string::npos);
}

TEST_CASE("archives: a compressed member is decompressed and read, one level deep") {
  Games g;
  const auto plain = g.uci("ab.pgn");
  g.shell(
      "gzip -c a.pgn > a.pgn.gz && zstd -qc b.pgn > b.pgn.zst && zip -q gz.zip a.pgn.gz b.pgn.zst && "
      "tar cf gz.tar a.pgn.gz b.pgn.zst");
  for (const char* name : {"gz.zip", "gz.tar"}) {
    CAPTURE(name);
    const auto r = g.uci(name);
    CHECK(r.exit_code == 0);
    CHECK(r.out == plain.out);
  }
  // Problems name the compressed member.
  g.dir.write("c.pgn", "[Event \"Club\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. Bxe8 *\n");
  g.shell("xz -c c.pgn > c.pgn.xz && zip -q c.zip c.pgn.xz");
  const auto c = g.uci("c.zip");
  CHECK(c.exit_code == 1);
  CHECK(c.err.find(g.path("c.zip") + ":c.pgn.xz:4:35: game 1, ply 7: ") != std::string::npos);
  // A member cut short inside its own compression keeps what came before.
  g.shell(
      "n=$(wc -c < a.pgn.gz) && head -c $((n / 2)) a.pgn.gz > cut.pgn.gz && zip -q cut.zip cut.pgn.gz "
      "b.pgn.zst");
  const auto cut = g.uci("cut.zip");
  CHECK(cut.exit_code == 2);
  CHECK(cut.err.find(g.path("cut.zip") + ":cut.pgn.gz is damaged or cut short after byte ") !=
        std::string::npos);
  CHECK(cut.out.ends_with(g.uci("b.pgn").out));  // the member after it is read
  // An archive or a compression inside a compressed member is not opened:
  // reported, exit 2, the other members read.
  g.shell(
      "tar czf inner.tar.gz a.pgn && gzip -c a.pgn.gz > a.pgn.gz.gz && zip -q nest.zip inner.tar.gz "
      "a.pgn.gz.gz b.pgn.zst");
  const auto nest = g.uci("nest.zip");
  CHECK(nest.exit_code == 2);
  CHECK(nest.err.find(g.path("nest.zip") +
                      ":inner.tar.gz is not read: it holds an archive inside its compression") !=
        std::string::npos);
  CHECK(nest.err.find(g.path("nest.zip") + ":a.pgn.gz.gz is not read: it holds another compression") !=
        std::string::npos);
  CHECK(nest.out == g.uci("b.pgn").out);
}

TEST_CASE("compressed input: the compressed byte offset is where the damage was met") {
  Games g;
  // A tar cut inside its first header.
  g.shell("tar cf m.tar a.pgn && head -c 300 m.tar > head.tar && printf '\\050\\265\\057' > three.zst");
  const auto head = g.uci("head.tar");
  CHECK(head.exit_code == 2);
  const Damage h = damage(head.err, g.path("head.tar"));
  CHECK(h.offset == 300);
  CHECK(h.line.find("(byte 300 of the archive)") != std::string::npos);
  // The first bytes of zstd's magic and nothing more: a zstd file cut short.
  const auto three = g.uci("three.zst");
  CHECK(three.exit_code == 2);
  CHECK(three.out.empty());
  CHECK(three.err.find(g.path("three.zst") +
                       " is damaged or cut short after byte 0 of its content (byte 3 of") !=
        std::string::npos);
  // A damaged single-segment zstd frame (a small file, decoded in one go):
  // the damage is placed inside the frame, not at its first byte.
  const std::string many = many_games(2);
  g.dir.write("many.pgn", many);
  g.shell(
      "zstd -qc many.pgn > many.zst && cp many.zst bad.zst && n=$(wc -c < bad.zst) && "
      "printf '\\377\\377\\377\\377' | dd of=bad.zst bs=1 seek=$((n * 3 / 4)) conv=notrunc status=none");
  const auto bad = g.uci("bad.zst");
  CHECK(bad.exit_code == 2);
  const Damage d = damage(bad.err, g.path("bad.zst"));
  REQUIRE(!d.line.empty());
  MESSAGE(d.line);
  CHECK(d.line.find("(byte 0 of") == std::string::npos);
}
