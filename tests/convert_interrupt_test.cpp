// Outputs are written atomically (cli/atomic_file.cpp): a `notera convert
// -o OUT --rejects R --report J` run killed half-way (SIGKILL) or
// interrupted (SIGINT) leaves an existing OUT, R and J exactly as they
// were, and never a partial file in their place.
//
// The input is a FIFO fed game after game by a thread, so the run is
// still going whenever the signal comes, however fast the machine is.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <filesystem>
#include <string>
#include <thread>

#include "support/cli.hpp"
#include "support/measured.hpp"

using namespace notera::test;

namespace {

struct Outcome {
  MeasuredRun run;
  std::vector<std::string> files;  // what the output directory holds afterwards
};

// Converts from a FIFO that keeps delivering games; sends `sig` once the
// temporary output file exists and games have been flowing for a while.
// With `quiet`, the FIFO delivers 100 games and then nothing (kept open,
// as a terminal or a pipe whose writer waits): the signal comes while the
// run waits in read(2).
Outcome interrupt(int sig, bool quiet = false) {
  TempDir dir;
  const auto fifo = dir.path() / "games.pgn";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const auto out_dir = dir.path() / "out";
  std::filesystem::create_directories(out_dir);
  const auto out = out_dir / "out.pgn";
  const auto rejects = out_dir / "rejects.pgn";
  const auto report = out_dir / "report.json";
  for (const auto& p : {out, rejects, report})
    dir.write(std::filesystem::relative(p, dir.path()).string(), "old " + p.filename().string() + "\n");

  std::atomic<bool> stop{false};
  std::atomic<bool> fed{false};  // the feeder is done
  std::atomic<long> games_written{0};
  std::thread feeder([&] {
    const int fd = ::open(fifo.c_str(), O_WRONLY);
    if (fd < 0) return;
    const std::string game =
        "[Event \"fed\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. Zz9 "
        "*\n\n";
    std::string block;
    for (int i = 0; i < 100; ++i) block += game;
    while (!stop.load()) {
      if (quiet && games_written.load() > 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        continue;
      }
      if (::write(fd, block.data(), block.size()) < 0) break;  // EPIPE once notera is gone
      games_written += 100;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ::close(fd);
    fed = true;
  });

  MeasuredOptions options;
  options.timeout = std::chrono::seconds{120};
  options.after = std::chrono::milliseconds{1500};
  options.during = [&](int pid) {
    // Make sure the run is under way: its temporary output exists.
    for (int i = 0; i < 2000; ++i) {
      bool temporary = false;
      for (const auto& e : std::filesystem::directory_iterator(out_dir))
        temporary |= e.path().filename().string().rfind(".out.pgn.notera-", 0) == 0;
      if (temporary && games_written.load() > (quiet ? 0 : 1000)) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid, sig);
  };
  ::signal(SIGPIPE, SIG_IGN);
  Outcome outcome;
  outcome.run = run_measured({"convert", fifo.string(), "-o", out.string(), "--rejects", rejects.string(),
                              "--report", report.string(), "--jobs", "2", "--no-progress"},
                             options);
  stop = true;
  // Unblock the feeder: if notera never opened the FIFO, this open lets the
  // feeder's open return; if the feeder's last write began after notera
  // was gone, this reader keeps the write from failing with EPIPE, so it is
  // drained here until the feeder is done (else the write blocks for ever).
  const int unblock = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  char drain[65536];
  while (!fed.load()) {
    if (unblock < 0 || ::read(unblock, drain, sizeof drain) <= 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  feeder.join();
  if (unblock >= 0) ::close(unblock);

  CHECK(games_written.load() > (quiet ? 0 : 1000));
  for (const auto& p : {out, rejects, report}) CHECK(read_file(p) == "old " + p.filename().string() + "\n");
  for (const auto& e : std::filesystem::directory_iterator(out_dir))
    outcome.files.push_back(e.path().filename().string());
  std::sort(outcome.files.begin(), outcome.files.end());
  return outcome;
}

}  // namespace

TEST_CASE("interrupted convert: SIGINT leaves the old outputs and no temporary file") {
  const Outcome o = interrupt(SIGINT);
  CHECK_FALSE(o.run.timed_out);
  CHECK(o.run.exit_code == 130);
  CHECK(o.run.err.find("interrupted after") != std::string::npos);
  CHECK(o.files == std::vector<std::string>{"out.pgn", "rejects.pgn", "report.json"});
}

TEST_CASE("interrupted convert: SIGINT or SIGTERM while the input is quiet ends the run within seconds") {
  for (const int sig : {SIGINT, SIGTERM}) {
    const Outcome o = interrupt(sig, true);
    CHECK_FALSE(o.run.timed_out);
    CHECK(o.run.exit_code == 130);
    CHECK(o.run.err.find("interrupted while reading the input; no output file was written or replaced") !=
          std::string::npos);
    CHECK(o.files == std::vector<std::string>{"out.pgn", "rejects.pgn", "report.json"});
  }
}

TEST_CASE("interrupted convert: SIGKILL leaves the old outputs, a partial file never replaces them") {
  const Outcome o = interrupt(SIGKILL);
  CHECK_FALSE(o.run.timed_out);
  CHECK(o.run.signal == SIGKILL);
  // What a killed process cannot clean up: its temporary files, under
  // names of their own (.NAME.notera-XXXXXX), never the outputs' names.
  int temporaries = 0;
  for (const std::string& f : o.files) {
    if (f == "out.pgn" || f == "rejects.pgn" || f == "report.json") continue;
    CHECK(f.find(".notera-") != std::string::npos);
    ++temporaries;
  }
  CHECK(temporaries <= 3);
}
