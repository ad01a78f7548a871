// Usage errors (what CLI11 finds wrong with the command line) end to end:
// in the --messages language like every other error, with the hint to the
// command's --help after them, and exit 2 (README "Exit codes").
#include <doctest/doctest.h>

#include <string>

#include "support/cli.hpp"

using namespace notera;

TEST_CASE("usage errors: a missing required option and an unknown option, in English") {
  const auto missing = test::run_notera({"claim", "--messages", "en"});
  CHECK(missing.exit_code == 2);
  CHECK(missing.out.empty());
  CHECK(missing.err == "notera: --game is required\nRun 'notera claim --help' for more information.\n");

  const auto unknown = test::run_notera({"convert", "--messages", "en", "--bogus"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err ==
        "notera: unknown option: --bogus\nRun 'notera convert --help' for more information.\n");

  const auto argument =
      test::run_notera({"move", "--messages", "en", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"});
  CHECK(argument.exit_code == 2);
  CHECK(argument.err.find("notera: the argument text is required\n") == 0);

  // No command, or one notera does not have.
  const auto none = test::run_notera({"--messages", "en"});
  CHECK(none.exit_code == 2);
  CHECK(none.err.find("notera: a command is required (one of: convert, check, move,") == 0);
  CHECK(none.err.find("Run 'notera --help' for more information.\n") != std::string::npos);
  const auto bogus = test::run_notera({"--messages", "en", "konverter"});
  CHECK(bogus.exit_code == 2);
  CHECK(bogus.err.find("notera: unknown command 'konverter' (use one of: convert, check,") == 0);

  // An option without its value, two that exclude each other.
  const auto no_value = test::run_notera({"perft", "--messages", "en", "--depth"});
  CHECK(no_value.exit_code == 2);
  CHECK(no_value.err.find("notera: --depth needs a value\n") == 0);
  const auto both = test::run_notera({"sealed", "--messages", "en", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                                      "--game", "x.pgn", "--move", "Kd2"});
  CHECK(both.exit_code == 2);
  CHECK(both.err.find("notera: --fen cannot be given together with --game\n") == 0);
  const auto sheets = test::run_notera({"reconstruct", "--messages", "en", "a.sheet", "b.sheet", "c.sheet"});
  CHECK(sheets.exit_code == 2);
  CHECK(sheets.err.find(": at most 2 allowed, got 3\n") != std::string::npos);
}

TEST_CASE("usage errors: a missing required option and an unknown option, in bokmål") {
  const auto missing = test::run_notera({"claim", "--messages", "nb"});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "notera: --game må oppgis\nKjør «notera claim --help» for mer informasjon.\n");

  const auto unknown = test::run_notera({"convert", "--messages", "nb", "--bogus", "--tull"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err ==
        "notera: ukjente valg: --bogus --tull\nKjør «notera convert --help» for mer informasjon.\n");

  const auto number = test::run_notera({"perft", "--messages", "nb", "--depth", "dyp"});
  CHECK(number.exit_code == 2);
  CHECK(number.err.find("notera: --depth: «dyp» er ikke et heltall\n") == 0);
}

TEST_CASE("usage: --messages before the command is the common option docs/cli.md lists") {
  // "notera --messages nb convert FILE": the summary in bokmål, as with
  // the option after the command; a usage error after it in bokmål too.
  const std::string game = std::string(NOTERA_SAMPLES) + "/en/adams-dickenson.pgn";
  test::TempDir dir;
  const auto out = dir.path() / "ut.pgn";
  const auto before = test::run_notera({"--messages", "nb", "convert", game, "-o", out.string()});
  CHECK(before.exit_code == 0);
  CHECK(before.err.find("notera: 1 parti lest, 1 skrevet, 0 ufullstendige") == 0);
  const auto bogus = test::run_notera({"--messages", "nb", "convert", "--bogus"});
  CHECK(bogus.exit_code == 2);
  CHECK(bogus.err == "notera: ukjent valg: --bogus\nKjør «notera convert --help» for mer informasjon.\n");
  const auto unknown = test::run_notera({"--messages", "xx", "convert", game, "-o", out.string()});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("notera: no messages in the language 'xx'") == 0);
}
