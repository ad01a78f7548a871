// SIGINT in the middle of `notera convert`, end to end: the run stops, says
// so (exit 130), and leaves no partial output: the -o target keeps its old
// content and no temporary file is left beside it.
//
// The games come through a pipe that the test holds open, so the signal
// always arrives mid-run (notera is waiting for more input), however fast
// the machine is.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "support/cli.hpp"

namespace fs = std::filesystem;

namespace {

const char* const game_text =
    "[Event \"Interrupted\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n"
    "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6\n"
    "8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 1-0\n\n";

bool write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// Files beside the target that look like notera's temporary outputs.
int temporaries(const fs::path& dir) {
  int n = 0;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().find(".notera-") != std::string::npos) ++n;
  return n;
}

// Starts `notera convert ARGS...` reading the pipe `in_pipe` (whose write
// end the test keeps), output and messages to /dev/null; returns its pid.
pid_t start_convert(const int (&in_pipe)[2], const std::vector<std::string>& args) {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::dup2(in_pipe[0], 0);
    ::close(in_pipe[0]);
    ::close(in_pipe[1]);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::setenv("LC_ALL", "C.UTF-8", 1);
    std::vector<char*> argv{const_cast<char*>(NOTERA_BINARY), const_cast<char*>("convert")};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(NOTERA_BINARY, argv.data());
    ::_exit(127);
  }
  ::close(in_pipe[0]);
  ::signal(SIGPIPE, SIG_IGN);
  return pid;
}

// Waits until the run has started (its temporary output exists), and a
// little more.
void wait_for_start(const fs::path& dir) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (temporaries(dir) == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK(temporaries(dir) == 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
}

}  // namespace

TEST_CASE("convert: SIGINT mid-run leaves the old output file as it was, and no temporary file") {
  notera::test::TempDir dir;
  const fs::path target = dir.write("out.pgn", "old content\n");

  int in_pipe[2];
  REQUIRE(::pipe(in_pipe) == 0);
  const pid_t pid = start_convert(in_pipe, {"-", "-o", target.string(), "--jobs", "2"});

  // Enough games to fill a few batches; notera converts them and waits.
  std::string games;
  for (int i = 0; i < 3000; ++i) games += game_text;
  CHECK(write_all(in_pipe[1], games));
  wait_for_start(dir.path());

  REQUIRE(::kill(pid, SIGINT) == 0);
  // More input after the signal, then the end: notera must still give up.
  write_all(in_pipe[1], games);
  ::close(in_pipe[1]);

  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 130);
  CHECK(notera::test::read_file(target) == "old content\n");
  CHECK(temporaries(dir.path()) == 0);
}

TEST_CASE("convert: SIGINT mid-run with no old output creates no file") {
  notera::test::TempDir dir;
  const fs::path target = dir.path() / "new.pgn";

  int in_pipe[2];
  REQUIRE(::pipe(in_pipe) == 0);
  const pid_t pid = start_convert(in_pipe, {"-o", target.string(), "--jobs", "1"});
  std::string games;
  for (int i = 0; i < 1000; ++i) games += game_text;
  CHECK(write_all(in_pipe[1], games));
  wait_for_start(dir.path());
  REQUIRE(::kill(pid, SIGINT) == 0);
  ::close(in_pipe[1]);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 130);
  CHECK_FALSE(fs::exists(target));
  CHECK(temporaries(dir.path()) == 0);
}
