// The HTTP side of `notera serve` (cpp-httplib): routes, the page's files,
// limits and the checks every request passes before it reaches the API.
//
// Safety (docs/serve.md, "Safety"):
// - Host: a request must name this server as it is bound ("127.0.0.1:8765",
//   "localhost:8765"; for another address, that address, the machine's
//   names and addresses), so that a page on another site cannot reach the
//   server through a DNS name it rebinds to 127.0.0.1.
// - Origin: a request that carries an Origin (a browser's cross-site POST,
//   PUT or DELETE does) must come from this server's own page.
// - Token: on an address other than loopback, every API request must carry
//   the token printed at start (X-Notera-Token header, or ?token=).
// - Limits: bodies over 1 MiB are refused (413) before they are read; a
//   pool of threads serves the connections, so a slow client holds one
//   thread, not the server; reconstructions have a time budget and take
//   turns (serve_api.hpp).
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include "serve_api.hpp"

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace notera::cli::serve {

class ListeningServer;

inline constexpr std::size_t max_body_bytes = std::size_t{1} << 20;

struct HttpOptions {
  std::string host = "127.0.0.1";
  int port = 8765;                // 0: any free port
  std::filesystem::path web_dir;  // the page's files; empty: none (API only)
  std::string token;              // required on /api/ when not empty
  std::string default_language;   // of messages, when a request names none
  std::size_t threads = 256;
};

// Whether the address is loopback ("127.0.0.1", "127.x.y.z", "::1", "localhost").
bool is_loopback(std::string_view host);
// A random token (128 bits, hexadecimal).
std::string new_token();

class HttpServer {
 public:
  HttpServer(Api& api, HttpOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds the address; false when it cannot be used.
  bool bind();
  int port() const { return port_; }
  // The page's address (with the token when one is needed).
  std::string url() const;
  // Serves until stop() (from another thread or a signal handler thread).
  bool run();
  void stop();

 private:
  void handle(const httplib::Request& request, httplib::Response& response);
  ApiResponse route(const httplib::Request& request, Context*& context);
  ApiResponse static_file(const std::string& path) const;
  bool host_allowed(const httplib::Request& request) const;
  bool origin_allowed(const httplib::Request& request) const;
  bool token_given(const httplib::Request& request) const;
  void compute_allowed_hosts();

  Api& api_;
  HttpOptions options_;
  std::unique_ptr<ListeningServer> server_;
  int port_ = 0;
  std::set<std::string> allowed_hosts_;  // "name:port", lower case
};

}  // namespace notera::cli::serve
