// Real games nobody here wrote (../shared/corpus, read when present, skipped
// when absent): notera must read every move exactly as pgn-extract does,
// write PGN that pgn-extract reads without a complaint, and read its own
// renderings in other languages back to the same moves.
//
// NOTERA_CORPUS_GAMES sets how many games of big.pgn.xz are used (default
// 100,000; the sanitizer build uses fewer). NOTERA_FULL_CORPUS=1 also runs
// the whole corpus (about 390,000 games).
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli.hpp"

using namespace notera;

namespace {

std::size_t games_wanted() {
  const char* env = std::getenv("NOTERA_CORPUS_GAMES");
  return env ? static_cast<std::size_t>(std::strtoul(env, nullptr, 10)) : 100000;
}

// Games as pgn-extract's -Wuci output gives them: one list of moves each.
std::vector<std::string> pgn_extract_uci(const std::filesystem::path& pgn, const test::TempDir& dir) {
  const auto out = dir.path() / "pgn-extract.uci";
  const auto run = test::run_program(test::pgn_extract()->string(),
                                     {"-s", "-Wuci", "--noresults", "-o", out.string(), pgn.string()});
  std::vector<std::string> games;
  std::ifstream in(out);
  std::string line, moves;
  bool in_moves = false;
  while (std::getline(in, line)) {
    if (line.empty()) {
      if (in_moves) {
        games.push_back(moves);
        moves.clear();
        in_moves = false;
      }
      continue;
    }
    if (line[0] == '[') continue;
    in_moves = true;
    if (!moves.empty()) moves += ' ';
    moves += line;
  }
  if (in_moves) games.push_back(moves);
  return games;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

// Trailing blanks are not part of a move list; pgn-extract writes the UCI
// promotion piece in upper case (c1Q), UCI itself in lower case (c1q).
std::string trimmed(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

TEST_CASE("corpus: every move of the corpus games resolves as pgn-extract reads it") {
  if (!test::pgn_extract() || !test::corpus_path("big.pgn.xz")) {
    MESSAGE("corpus or pgn-extract not available; skipped");
    return;
  }
  test::TempDir dir;
  const auto pgn = dir.path() / "games.pgn";
  REQUIRE(test::extract_corpus_games(pgn, games_wanted()));
  const std::vector<std::string> expected = pgn_extract_uci(pgn, dir);
  const auto ours = test::run_notera({"convert", "--to", "uci", "-q", pgn.string()});
  CHECK(ours.exit_code == 0);
  const std::vector<std::string> got = lines_of(ours.out);
  REQUIRE(got.size() == expected.size());
  std::size_t differing = 0, moves = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    moves +=
        static_cast<std::size_t>(std::count(got[i].begin(), got[i].end(), ' ')) + (got[i].empty() ? 0 : 1);
    if (trimmed(got[i]) != trimmed(expected[i])) {
      if (++differing <= 3) {
        CAPTURE(i);
        CHECK(trimmed(got[i]) == trimmed(expected[i]));
      }
    }
  }
  MESSAGE("games: " << got.size() << ", moves: " << moves << ", games that differ: " << differing);
  CHECK(differing == 0);
}

TEST_CASE("corpus: games rendered in nb, de, fr, ru and figurines read back to the same moves") {
  if (!test::corpus_path("big.pgn.xz")) {
    MESSAGE("corpus not available; skipped");
    return;
  }
  test::TempDir dir;
  const auto pgn = dir.path() / "games.pgn";
  REQUIRE(test::extract_corpus_games(pgn, games_wanted()));
  const auto reference = test::run_notera({"convert", "--to", "uci", "-q", pgn.string()});
  REQUIRE(reference.exit_code == 0);
  for (const char* language : {"nb", "de", "fr", "ru", "figurine"}) {
    CAPTURE(language);
    const auto rendered = dir.path() / (std::string(language) + ".pgn");
    const auto render =
        test::run_notera({"convert", "--to", language, "-q", "-o", rendered.string(), pgn.string()});
    CHECK(render.exit_code == 0);
    const std::string read_language = std::string(language) == "figurine" ? "auto" : language;
    const auto back =
        test::run_notera({"convert", "--lang", read_language, "--to", "uci", "-q", rendered.string()});
    CHECK(back.exit_code == 0);
    CHECK(back.out == reference.out);
    // Without --lang the language is found from the moves.
    if (std::string(language) != "figurine") {
      const auto guessed = test::run_notera({"convert", "--to", "uci", "-q", rendered.string()});
      CHECK(guessed.out == reference.out);
    }
  }
}

TEST_CASE("corpus: pgn-extract reads notera's PGN without a complaint and finds the same games") {
  if (!test::pgn_extract() || !test::corpus_path("big.pgn.xz")) {
    MESSAGE("corpus or pgn-extract not available; skipped");
    return;
  }
  const bool full = std::getenv("NOTERA_FULL_CORPUS") != nullptr;
  test::TempDir dir;
  const auto pgn = dir.path() / "games.pgn";
  REQUIRE(test::extract_corpus_games(pgn, full ? 0 : games_wanted()));
  const auto written = dir.path() / "notera.pgn";
  const auto convert = test::run_notera({"convert", "-q", "-o", written.string(), pgn.string()});
  // The corpus has two games with an illegal move (kept up to it) and
  // results that contradict mate: exit 1 is expected only for the former.
  CHECK((convert.exit_code == 0 || convert.exit_code == 1));
  const auto check =
      test::run_program(test::pgn_extract()->string(), {"-s", "-o", "/dev/null", written.string()});
  CHECK(check.exit_code == 0);
  // pgn-extract reports only game counts on stderr when -s is given.
  CHECK(check.err.find("Unknown move") == std::string::npos);
  CHECK(check.err.find("Illegal") == std::string::npos);
  // Games whose main line stops at a bad move: notera keeps and reports
  // them (FILE:LINE:COL: game N, ply P: ...), pgn-extract drops them.
  std::set<std::size_t> stopped;
  for (const std::string& line : lines_of(convert.err)) {
    const auto at = line.find(": game ");
    if (at == std::string::npos || line.find(", ply ") == std::string::npos ||
        line.find("stops") == std::string::npos)
      continue;
    stopped.insert(std::strtoul(line.c_str() + at + 7, nullptr, 10));
  }
  // Same moves: pgn-extract's reading of our output equals its reading of
  // the original, game by game (leaving out the stopped games).
  const auto original = pgn_extract_uci(pgn, dir);
  const auto all_ours = pgn_extract_uci(written, dir);
  std::vector<std::string> ours;
  for (std::size_t i = 0; i < all_ours.size(); ++i)
    if (!stopped.count(i + 1)) ours.push_back(all_ours[i]);
  CHECK(original.size() == ours.size());
  std::size_t differing = 0;
  for (std::size_t i = 0; i < std::min(original.size(), ours.size()); ++i)
    if (trimmed(original[i]) != trimmed(ours[i]) && ++differing <= 3)
      CHECK(trimmed(original[i]) == trimmed(ours[i]));
  MESSAGE("games written: " << all_ours.size() << ", kept up to a bad move and reported: " << stopped.size()
                            << ", the others equal to pgn-extract's reading of the original: "
                            << ours.size() - differing << " of " << original.size());
  CHECK(differing == 0);
  if (full) CHECK(stopped.size() == 2);  // the corpus manifest: 2 games with an illegal move
}

TEST_CASE("corpus: nasty files convert, and notera's output reads back to the same games") {
  const auto nasty = test::corpus_path("nasty");
  if (!nasty) {
    MESSAGE("corpus not available; skipped");
    return;
  }
  test::TempDir dir;
  std::size_t files = 0, games = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(*nasty)) {
    if (!entry.is_regular_file()) continue;
    const std::string ext = entry.path().extension().string();
    if (ext != ".pgn" && ext != ".txt") continue;
    CAPTURE(entry.path().string());
    ++files;
    const auto first = dir.path() / "first.pgn";
    const auto second = dir.path() / "second.pgn";
    const auto a = test::run_notera({"convert", "-q", "-o", first.string(), entry.path().string()});
    CHECK(a.exit_code >= 0);
    CHECK(a.exit_code <= 2);
    if (!std::filesystem::exists(first)) continue;  // nothing readable in it (exit 2)
#if defined(__SANITIZE_ADDRESS__)
    // Under the sanitizers each run of the command starts slowly: the
    // hostile files are read once, for the memory checks; what notera wrote
    // is read back in the plain build.
    continue;
#endif
    // What notera wrote is clean: reading it again changes nothing.
    const auto b = test::run_notera({"convert", "-q", "-o", second.string(), first.string()});
    CHECK(b.exit_code == 0);
    CHECK(test::read_file(first) == test::read_file(second));
    // And the moves are the same as in the first reading.
    const auto uci_original = test::run_notera({"convert", "-q", "--to", "uci", entry.path().string()});
    const auto uci_written = test::run_notera({"convert", "-q", "--to", "uci", first.string()});
    CHECK(uci_original.out == uci_written.out);
    games += static_cast<std::size_t>(std::count(uci_written.out.begin(), uci_written.out.end(), '\n'));
  }
  MESSAGE("nasty files: " << files << ", games written and read back: " << games);
  CHECK(files > 100);
}
