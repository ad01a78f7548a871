#include "support/measured.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <stdexcept>
#include <thread>

#include "support/cli.hpp"

namespace notera::test {

MeasuredRun run_measured(const std::vector<std::string>& args, const MeasuredOptions& options) {
  TempDir scratch;
  const std::filesystem::path err_path = scratch.path() / "stderr";
  const auto started = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork");
  if (pid == 0) {
    const int in = ::open("/dev/null", O_RDONLY);
    const int out = ::open(options.stdout_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) _exit(126);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    std::vector<char*> argv;
    std::string binary = NOTERA_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copies(args);
    for (auto& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
    setenv("LC_ALL", "C.UTF-8", 1);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  MeasuredRun run;
  bool signalled_during = !options.during;
  int status = 0;
  rusage usage{};
  for (;;) {
    const pid_t done = wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) break;
    const auto elapsed = std::chrono::steady_clock::now() - started;
    if (!signalled_during && elapsed >= options.after) {
      options.during(pid);
      signalled_during = true;
    }
    if (elapsed > options.timeout && !run.timed_out) {
      run.timed_out = true;
      ::kill(pid, SIGKILL);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  run.peak_rss_kib = usage.ru_maxrss;  // kilobytes on Linux
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  run.err = read_file(err_path);
  // A long run's diagnostics can take many MiB: keep the first and the last
  // 4 MiB, where the first problems and the closing summary (or the word
  // that the run was interrupted) stand. Keeping only the head made the
  // interrupt test fail once conversion got fast enough to write more.
  constexpr std::size_t half = std::size_t{4} << 20;
  if (run.err.size() > 2 * half) run.err = run.err.substr(0, half) + run.err.substr(run.err.size() - half);
  return run;
}

}  // namespace notera::test
