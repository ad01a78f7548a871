// Proving that `notera convert` loses no game, for one input file.
//
// Runs `notera convert FILE -o OUT --report R.json --rejects X.pgn` and
// `notera check FILE`, measured (support/measured.hpp), and checks with
// doctest that:
//   - neither crashes nor hangs, both exit 0 or 1 (1 exactly when a game was
//     not converted in full), and each stays under the memory bound;
//   - every problem line about a game has its place: FILE:LINE:COL: game N[, ply P]:
//   - games read = written + rejected, written = complete + incomplete, in
//     the summary line, in the report and in check's summary alike;
//   - the report's entries (games and skipped text) cover the input byte
//     for byte, in order (for input that is not UTF-16);
//   - the rejects file holds exactly the input bytes of every game that was
//     not converted in full (with the rest of a game cut at a size limit),
//     each followed by a newline when it had none;
//   - OUT holds `written` games.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "support/measured.hpp"

namespace notera::test {

struct AccountOptions {
  std::chrono::seconds timeout{300};
  long max_rss_kib = rss_bound_kib(256 * 1024);
  std::vector<std::string> expect;      // substrings that stderr must contain
  bool run_check = true;                // also `notera check FILE`
  std::vector<std::string> extra_args;  // e.g. --encoding, --lang
};

struct FileAccount {
  std::int64_t read = 0, written = 0, complete = 0, incomplete = 0, rejected = 0, skipped = 0;
  // Why games were not converted in full: the first error's code (with the
  // reason it gives), counted.
  std::map<std::string, int> reasons;
  long convert_rss_kib = 0, check_rss_kib = 0;
  double convert_seconds = 0, check_seconds = 0;
  int exit_code = -1;
  std::string err;  // convert's stderr
};

FileAccount account_for(const std::filesystem::path& input, const AccountOptions& options = {});

}  // namespace notera::test
