// Every file of ../shared/corpus/nasty (other tools' test inputs: broken,
// odd and hostile PGN) through `notera convert FILE --report R.json
// --rejects X.pgn`, with the accounting of support/accounting.hpp: nothing
// crashes or hangs, games read = written + rejected = complete +
// incomplete + rejected, the report covers every byte, and the rejects file
// holds exactly the raw text of the games not converted in full.
//
// Prints a table per file (ctest -V, or the test's output): games read,
// written, incomplete, rejected, and why games were not converted in full.
// Skips when the corpus is not there (it is never copied into the project).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "support/accounting.hpp"
#include "support/cli.hpp"

using namespace notera::test;

namespace {

// The corpus' folders, one per source (MANIFEST.md); a test each, so that
// they run in parallel.
const std::vector<std::string> folders = {
    "chess.js",    "chessops",       "from-big-corpus", "kokopu",     "mliebelt-pgn-parser", "notnil-chess",
    "pgn-extract", "pgn-extract-go", "python-chess",    "scalachess", "scalachess-fixtures", "scid"};

std::vector<std::filesystem::path> files_under(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

void account_folder(const std::string& folder) {
  const auto dir = corpus_path("nasty/" + folder);
  if (!dir) {
    MESSAGE("skipped: ../shared/corpus/nasty/" << folder << " is not there");
    return;
  }
  AccountOptions options;
  options.run_check = false;  // convert does the same reading; CI time matters
  options.timeout = std::chrono::seconds{120};
  std::int64_t read = 0, written = 0, incomplete = 0, rejected = 0;
  std::ostringstream table;
  table << "nasty/" << folder << ": file | read | written | incomplete | rejected | why not in full\n";
  for (const auto& file : files_under(*dir)) {
    const FileAccount a = account_for(file, options);
    read += a.read;
    written += a.written;
    incomplete += a.incomplete;
    rejected += a.rejected;
    std::string why;
    for (const auto& [reason, count] : a.reasons)
      why += (why.empty() ? "" : "; ") + reason + " x" + std::to_string(count);
    table << "  " << std::filesystem::relative(file, *dir).string() << " | " << a.read << " | " << a.written
          << " | " << a.incomplete << " | " << a.rejected << " | " << why << "\n";
  }
  table << "  total | " << read << " | " << written << " | " << incomplete << " | " << rejected << " |\n";
  std::cout << table.str() << std::flush;
}

}  // namespace

TEST_CASE("nasty accounting: the folders tested are the corpus' folders") {
  const auto dir = corpus_path("nasty");
  if (!dir) return;
  std::vector<std::string> found;
  for (const auto& entry : std::filesystem::directory_iterator(*dir))
    if (entry.is_directory()) found.push_back(entry.path().filename().string());
  std::sort(found.begin(), found.end());
  CHECK(found == folders);
}

#define NOTERA_NASTY_FOLDER(name) \
  TEST_CASE("nasty accounting: " name) { account_folder(name); }

NOTERA_NASTY_FOLDER("chess.js")
NOTERA_NASTY_FOLDER("chessops")
NOTERA_NASTY_FOLDER("from-big-corpus")
NOTERA_NASTY_FOLDER("kokopu")
NOTERA_NASTY_FOLDER("mliebelt-pgn-parser")
NOTERA_NASTY_FOLDER("notnil-chess")
NOTERA_NASTY_FOLDER("pgn-extract")
NOTERA_NASTY_FOLDER("pgn-extract-go")
NOTERA_NASTY_FOLDER("python-chess")
NOTERA_NASTY_FOLDER("scalachess")
NOTERA_NASTY_FOLDER("scalachess-fixtures")
NOTERA_NASTY_FOLDER("scid")
