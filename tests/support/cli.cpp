#include "support/cli.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string_view>

extern char** environ;

namespace notera::test {

RunResult run_notera(const std::vector<std::string>& args, const std::string& input,
                     const std::vector<std::string>& env) {
  return run_program(NOTERA_BINARY, args, input, env);
}

std::optional<std::filesystem::path> pgn_extract() {
  for (const char* p : {"/usr/games/pgn-extract", "/usr/bin/pgn-extract"})
    if (std::filesystem::exists(p)) return std::filesystem::path(p);
  return std::nullopt;
}

RunResult run_program(const std::string& program, const std::vector<std::string>& args,
                      const std::string& input, const std::vector<std::string>& env) {
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (pipe(in_pipe) || pipe(out_pipe) || pipe(err_pipe)) throw std::runtime_error("pipe");
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork");
  if (pid == 0) {
    dup2(in_pipe[0], 0);
    dup2(out_pipe[1], 1);
    dup2(err_pipe[1], 2);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) close(fd);
    std::vector<char*> argv;
    std::string binary = program;
    argv.push_back(binary.data());
    std::vector<std::string> copies(args);
    for (auto& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
    // Tests must not depend on the machine's language.
    setenv("LC_ALL", "C.UTF-8", 1);
    unsetenv("LANGUAGE");  // read under C.UTF-8, as gettext does
    for (const auto& e : env) putenv(const_cast<char*>(e.c_str()));
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  RunResult result;
  std::size_t written = 0;
  int in_fd = in_pipe[1];
  if (input.empty()) {
    close(in_fd);
    in_fd = -1;
  } else {
    fcntl(in_fd, F_SETFL, O_NONBLOCK);
  }
  bool out_open = true, err_open = true;
  char buffer[65536];
  while (out_open || err_open || in_fd >= 0) {
    pollfd fds[3];
    int n = 0;
    if (out_open) fds[n++] = {out_pipe[0], POLLIN, 0};
    if (err_open) fds[n++] = {err_pipe[0], POLLIN, 0};
    if (in_fd >= 0) fds[n++] = {in_fd, POLLOUT, 0};
    if (poll(fds, static_cast<nfds_t>(n), -1) < 0) break;
    for (int i = 0; i < n; ++i) {
      if (!fds[i].revents) continue;
      if (fds[i].fd == in_fd) {
        const ssize_t w = write(in_fd, input.data() + written, input.size() - written);
        if (w > 0) written += static_cast<std::size_t>(w);
        if (w < 0 || written == input.size()) {
          close(in_fd);
          in_fd = -1;
        }
        continue;
      }
      const ssize_t r = read(fds[i].fd, buffer, sizeof buffer);
      if (r <= 0) {
        if (fds[i].fd == out_pipe[0])
          out_open = false;
        else
          err_open = false;
        continue;
      }
      (fds[i].fd == out_pipe[0] ? result.out : result.err).append(buffer, static_cast<std::size_t>(r));
    }
  }
  close(out_pipe[0]);
  close(err_pipe[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

TempDir::TempDir() {
  std::random_device rd;
  path_ = std::filesystem::temp_directory_path() /
          ("notera-test-" + std::to_string(getpid()) + "-" + std::to_string(rd()));
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::filesystem::path TempDir::write(const std::string& name, const std::string& content) const {
  const auto p = path_ / name;
  std::ofstream(p, std::ios::binary) << content;
  return p;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::filesystem::path data_path(const std::string& name) {
  return std::filesystem::path(NOTERA_TEST_DATA) / name;
}

std::optional<std::filesystem::path> corpus_path(const std::string& name) {
  const auto p = std::filesystem::path(NOTERA_SHARED) / "corpus" / name;
  if (std::filesystem::exists(p)) return p;
  return std::nullopt;
}

bool extract_corpus_games(const std::filesystem::path& path, std::size_t games) {
  const auto corpus = corpus_path("big.pgn.xz");
  if (!corpus) return false;
  const std::string command = "xz -dc '" + corpus->string() + "' 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return false;
  std::ofstream out(path, std::ios::binary);
  std::size_t seen = 0;
  bool blank_before = true;
  char line[1 << 16];
  while (std::fgets(line, sizeof line, pipe)) {
    const std::string_view l(line);
    if (blank_before && l.rfind("[Event ", 0) == 0 && games && ++seen > games) break;
    out << l;
    blank_before = l == "\n";
  }
  pclose(pipe);
  return true;
}

std::vector<nlohmann::json> json_lines(const std::string& out) {
  std::vector<nlohmann::json> objects;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) objects.push_back(nlohmann::json::parse(line));
  return objects;
}

}  // namespace notera::test
