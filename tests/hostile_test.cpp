// The generated hostile set (support/hostile_inputs.cpp): for every case,
// `notera convert` and `notera check` end to end, with bounded memory and
// time, a clear message with its place, exit 0 or 1, and every game
// accounted for (support/accounting.hpp). Files are written to a temporary
// directory at test time; the 1 GB ones stream through notera.
#include <doctest/doctest.h>

#include <cstdlib>
#include <iostream>

#include "support/accounting.hpp"
#include "support/cli.hpp"
#include "support/hostile_inputs.hpp"

using namespace notera::test;

namespace {

void run_case(const std::string& name) {
  const HostileCase& c = hostile_case(name);
  TempDir dir;
  // NOTERA_HOSTILE_DIR=DIR keeps the generated files there (to look at them).
  const char* keep = std::getenv("NOTERA_HOSTILE_DIR");
  const auto path = write_hostile(c, keep ? std::filesystem::path(keep) : dir.path());
  AccountOptions options;
  options.timeout = c.timeout;
  options.expect = c.expect;
  const FileAccount a = account_for(path, options);
  // The figures the hostile set reports (visible with ctest -V).
  std::cout << "hostile: " << c.file_name << ": " << std::filesystem::file_size(path) << " bytes, " << a.read
            << " read, " << a.written << " written (" << a.incomplete << " incomplete), " << a.rejected
            << " rejected, exit " << a.exit_code << "; convert " << a.convert_seconds << " s, peak RSS "
            << a.convert_rss_kib / 1024 << " MiB; check " << a.check_seconds << " s, peak RSS "
            << a.check_rss_kib / 1024 << " MiB\n";
}

}  // namespace

TEST_CASE("hostile set: every case has a file of its own") {
  std::vector<std::string> files;
  for (const HostileCase& c : hostile_cases()) files.push_back(c.file_name);
  std::sort(files.begin(), files.end());
  CHECK(std::adjacent_find(files.begin(), files.end()) == files.end());
  CHECK(hostile_cases().size() >= 25);
}

// One ctest test per case, so they run in parallel and report their own time.
#define NOTERA_HOSTILE_CASE(name) \
  TEST_CASE("hostile: " name) { run_case(name); }

NOTERA_HOSTILE_CASE("invalid UTF-8 in tags, comments and moves")
NOTERA_HOSTILE_CASE("a Latin-1 game deep in a UTF-8 file")
NOTERA_HOSTILE_CASE("NUL bytes in tags, movetext and between games")
NOTERA_HOSTILE_CASE("truncated in the middle of a game")
NOTERA_HOSTILE_CASE("truncated in the middle of a move")
NOTERA_HOSTILE_CASE("binary garbage, 4 MiB")
NOTERA_HOSTILE_CASE("binary garbage between good games")
NOTERA_HOSTILE_CASE("a 10 MB single line")
NOTERA_HOSTILE_CASE("100,000 nested parentheses")
NOTERA_HOSTILE_CASE("deeply nested variations of legal moves")
NOTERA_HOSTILE_CASE("a game of 100,000 plies of legal moves")
NOTERA_HOSTILE_CASE("2,000 tags")
NOTERA_HOSTILE_CASE("a tag value of 100 KB")
NOTERA_HOSTILE_CASE("a comment of 1 MB over many lines")
NOTERA_HOSTILE_CASE("a game of 6 MB")
NOTERA_HOSTILE_CASE("100,000 problems in one game")
NOTERA_HOSTILE_CASE("an unterminated comment at the end of a 1 GB file")
NOTERA_HOSTILE_CASE("an unterminated string at the end of a 1 GB file")
NOTERA_HOSTILE_CASE("CR, CRLF and LF mixed")
NOTERA_HOSTILE_CASE("UTF-16 with a byte order mark, cut in a character")
NOTERA_HOSTILE_CASE("escape lines and [pgn] wrappers")
NOTERA_HOSTILE_CASE("2,000 mutated games")
NOTERA_HOSTILE_CASE("a null move in check, then the king taken")
NOTERA_HOSTILE_CASE("empty and blank inputs")
NOTERA_HOSTILE_CASE("a scoresheet of garbage")

TEST_CASE("hostile set: every generated case has a test") {
  // The list above and the generator must not drift apart.
  CHECK(hostile_cases().size() == 25);
}
