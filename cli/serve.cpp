// notera serve [--workspace DIR] [--port N] [--host ADDR] [--open]
// The transcription page: a local web server with the page where a person
// types a paper scoresheet and gets the game back, and the JSON API behind
// it (docs/serve.md). The sheets are .sheet files in the workspace, the
// same files `notera reconstruct` reads. Runs until Ctrl-C (SIGINT) or
// SIGTERM; exit 0 then, 2 when it cannot start.
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <thread>

#include "command.hpp"
#include "serve_api.hpp"
#include "serve_http.hpp"
#include "serve_workspace.hpp"

extern char** environ;

namespace notera::cli {

namespace {

struct ServeOptions {
  std::string workspace = "notera-sheets";
  std::string host = "127.0.0.1";
  int port = 8765;
  bool open = false;
  // A page cannot wait as long as notera reconstruct may (its work budget
  // can take 40 s on a pathological sheet): a search cut short is flagged.
  int time_limit = 8000;
  int threads = 256;
};

// The page's files: $NOTERA_WEB_DIR, else ../share/notera/web beside the
// binary (the build tree and an installed tree are laid out alike), else
// the installed share folder.
std::filesystem::path find_web_dir() {
  namespace fs = std::filesystem;
  std::vector<fs::path> candidates;
  if (const char* env = std::getenv("NOTERA_WEB_DIR"); env && *env) candidates.emplace_back(env);
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) candidates.push_back(exe.parent_path().parent_path() / "share" / "notera" / "web");
#ifdef NOTERA_WEB_INSTALL_DIR
  candidates.emplace_back(NOTERA_WEB_INSTALL_DIR);
#endif
  for (const fs::path& dir : candidates)
    if (fs::is_regular_file(dir / "index.html", ec)) return dir;
  return candidates.empty() ? fs::path() : candidates.front();
}

// Opens the page in the desktop's browser (xdg-open), without waiting.
bool open_browser(const std::string& url, std::string& error) {
  pid_t pid = 0;
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  const int rc = ::posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char* const*>(argv), environ);
  if (rc != 0) {
    error = std::strerror(rc);
    return false;
  }
  std::thread([pid] { ::waitpid(pid, nullptr, 0); }).detach();
  return true;
}

int run_serve(Context& context, const ServeOptions& options) {
  namespace fs = std::filesystem;
  if (options.port < 0 || options.port > 65535) {
    context.error(Message("cli.serve.bad_port").with("port", std::to_string(options.port)));
    return exit_usage;
  }
  serve::Workspace workspace(fs::absolute(options.workspace));
  std::string error;
  if (!workspace.create(error)) {
    context.error(
        Message("cli.serve.no_workspace").with("dir", workspace.dir().string()).with("reason", error));
    return exit_usage;
  }

  serve::ApiOptions api_options;
  api_options.time_limit = std::chrono::milliseconds(std::max(options.time_limit, 1));
  api_options.reconstruct_slots = std::max(1u, std::thread::hardware_concurrency());
  serve::Api api(workspace, api_options);

  serve::HttpOptions http;
  http.host = options.host;
  http.port = options.port;
  http.threads = static_cast<std::size_t>(std::max(options.threads, 2));
  http.default_language = context.messages().language();
  http.web_dir = find_web_dir();
  if (!fs::is_regular_file(http.web_dir / "index.html")) {
    context.error(Message("cli.serve.no_web").with("dir", http.web_dir.string()));
    http.web_dir.clear();
  }
  // Loopback is reachable only from this machine; any other address
  // needs the token, which only the person who started the server sees.
  if (!serve::is_loopback(options.host)) http.token = serve::new_token();

  // Signals are taken by one thread (sigwait), so that Ctrl-C stops the
  // server cleanly: the threads started from here on inherit the mask.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  ::signal(SIGPIPE, SIG_IGN);  // a client that goes away mid-answer

  serve::HttpServer server(api, http);
  if (!server.bind()) {
    context.error(Message("cli.serve.cannot_listen")
                      .with("host", options.host)
                      .with("port", std::to_string(options.port)));
    return exit_usage;
  }
  const std::string url = server.url();
  std::cout
      << context.format(
             Message("cli.serve.listening").with("url", url).with("workspace", workspace.dir().string()))
      << std::endl;
  if (!http.token.empty())
    std::cout << context.format(Message("cli.serve.token").with("token", http.token)) << std::endl;
  if (options.open && !open_browser(url, error))
    context.error(Message("cli.serve.cannot_open").with("reason", error));

  std::atomic<bool> done{false};
  std::thread watcher([&] {
    int signal = 0;
    while (sigwait(&signals, &signal) == 0) {
      if (done) return;
      if (signal == SIGINT || signal == SIGTERM) {
        server.stop();
        return;
      }
    }
  });
  const bool served = server.run();
  done = true;
  pthread_kill(watcher.native_handle(), SIGUSR1);
  watcher.join();
  if (!served) {
    context.error(Message("cli.serve.cannot_listen")
                      .with("host", options.host)
                      .with("port", std::to_string(server.port())));
    return exit_usage;
  }
  std::cout << context.text("cli.serve.stopped") << std::endl;
  return exit_ok;
}

}  // namespace

Command add_serve_command(CLI::App& app, Context& context) {
  auto options = std::make_shared<ServeOptions>();
  CLI::App* command = app.add_subcommand("serve", context.text("cli.serve.description"));
  command->add_option("--workspace", options->workspace, context.text("cli.serve.workspace"));
  command->add_option("--port", options->port, context.text("cli.serve.port"));
  command->add_option("--host", options->host, context.text("cli.serve.host"));
  command->add_flag("--open", options->open, context.text("cli.serve.open"));
  command->add_option("--time-limit", options->time_limit, context.text("cli.serve.time_limit"));
  command->add_option("--threads", options->threads, context.text("cli.serve.threads"));
  add_messages_option(*command, context);
  return {command, [&context, options] { return run_serve(context, *options); }};
}

}  // namespace notera::cli
