// The output of `notera convert -o FILE`: a compressed one is compressed
// and written on a thread of its own (cli/write_behind.hpp) in blocks of a
// megabyte, a plain one by the converting thread. Either way a large
// output must come out whole and in order, the same as on standard output,
// and a write that fails must fail the run with its reason and leave no
// file behind, however many blocks were queued when it failed.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "support/cli.hpp"

using namespace notera;

namespace {

// Several megabytes of games: the samples' two games again and again, each
// copy with its own round, so that no two games of the output are alike.
std::string many_games(int copies) {
  const std::filesystem::path samples(NOTERA_SAMPLES);
  const std::string games[] = {test::read_file(samples / "en/adams-dickenson.pgn"),
                               test::read_file(samples / "nb/lie-bakke.pgn")};
  std::string text;
  for (int i = 0; i < copies; ++i) {
    for (const std::string& game : games) {
      text += "[Round \"" + std::to_string(i) + "\"]\n";
      text += game;
      text += "\n";
    }
  }
  return text;
}

}  // namespace

TEST_CASE("output: an output of many blocks is written whole and in order, plain and compressed") {
  test::TempDir dir;
  const auto input = dir.write("many.pgn", many_games(2500));
  const auto stdout_run = test::run_notera({"convert", "-q", input.string()});
  REQUIRE(stdout_run.exit_code == 0);
  REQUIRE(stdout_run.out.size() > std::size_t{5} << 20);  // more blocks than are ever queued

  const auto plain = dir.path() / "out.pgn";
  for (const char* jobs : {"1", "2"}) {
    CAPTURE(jobs);
    REQUIRE(test::run_notera({"convert", "-q", "--jobs", jobs, "-o", plain.string(), input.string()}).exit_code == 0);
    CHECK(test::read_file(plain) == stdout_run.out);
  }
  for (const char* tool : {"gzip:gz", "zstd:zst"}) {
    const std::string t = tool;
    const auto packed = dir.path() / ("out.pgn." + t.substr(t.find(':') + 1));
    CAPTURE(packed);
    REQUIRE(test::run_notera({"convert", "-q", "-o", packed.string(), input.string()}).exit_code == 0);
    const auto back = test::run_program("/bin/sh", {"-c", t.substr(0, t.find(':')) + " -dc < '" + packed.string() + "'"});
    CHECK(back.exit_code == 0);
    CHECK(back.out == stdout_run.out);
  }
}

TEST_CASE("output: a write that fails part way fails the run with its reason, and the old file stays") {
  // Plain (written by the converting thread) and gzip (compressed and
  // written on a thread of its own, where the failure is found while the
  // converter goes on queueing blocks).
  for (const char* name : {"out.pgn", "out.pgn.gz"}) {
    CAPTURE(name);
    test::TempDir dir;
    const auto input = dir.write("many.pgn", many_games(1500));
    const auto out = dir.write(name, "the old output\n");
    // The file size limit makes write(2) fail with EFBIG once the temporary
    // file holds a few KiB (SIGXFSZ ignored, as `trap ''` leaves it across
    // the exec); the gzip output of these games is some 50 KiB.
    const auto r = test::run_program(
        "/bin/sh", {"-c", "trap '' XFSZ; ulimit -f 16 && exec \"$0\" convert -q --messages en -o \"$1\" \"$2\"",
                    NOTERA_BINARY, out.string(), input.string()});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(out.string()) != std::string::npos);
    CHECK(r.err.find("File too large") != std::string::npos);
    CHECK(test::read_file(out) == "the old output\n");
    // And no temporary file is left beside it.
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
      CAPTURE(entry.path());
      ++files;
    }
    CHECK(files == 2);  // many.pgn and the output
  }
}
