// Running `notera` on hostile input and measuring it: exit status or the
// signal that ended it, peak resident memory (the child's own, from
// wait4), wall time, with a time limit. Output goes to files, not pipes,
// so that gigabytes of output cost no test memory.
#pragma once

#include <chrono>
#include <csignal>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace notera::test {

struct MeasuredRun {
  int exit_code = -1;  // -1 when ended by a signal
  int signal = 0;      // the signal that ended it, or 0
  bool timed_out = false;
  long peak_rss_kib = 0;  // VmHWM of the notera process
  double seconds = 0;
  std::string err;  // stderr (at most its first and last 4 MiB)
};

struct MeasuredOptions {
  std::chrono::seconds timeout{120};
  std::filesystem::path stdout_file = "/dev/null";
  // Called once while the child runs, after `after` has passed (to send it
  // a signal mid-run); gets the child's pid.
  std::chrono::milliseconds after{0};
  std::function<void(int pid)> during;
};

// A memory bound on a notera run, in KiB, for the build under test:
// AddressSanitizer's shadow memory and quarantine (256 MiB by default) add a
// few hundred MiB whatever the input, so the sanitizer build gets that much
// more room; the bound itself is meant for, and reported from, the Release
// build.
#if defined(__SANITIZE_ADDRESS__)
constexpr long rss_bound_kib(long release_kib) { return release_kib + 512 * 1024; }
#else
constexpr long rss_bound_kib(long release_kib) { return release_kib; }
#endif

MeasuredRun run_measured(const std::vector<std::string>& args, const MeasuredOptions& options = {});

}  // namespace notera::test
