#include "serve_http.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <httplib.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

namespace notera::cli::serve {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// "::1" -> "[::1]": how an IPv6 address is written before a port.
std::string host_for_url(const std::string& host) {
  return host.find(':') != std::string::npos && host.front() != '[' ? "[" + host + "]" : host;
}

bool is_any_address(const std::string& host) { return host == "0.0.0.0" || host == "::" || host == "[::]"; }

const char* mime_type(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot + 1);
  if (ext == "html") return "text/html; charset=utf-8";
  if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "png") return "image/png";
  if (ext == "json" || ext == "map") return "application/json; charset=utf-8";
  if (ext == "ico") return "image/x-icon";
  if (ext == "txt" || ext == "md") return "text/plain; charset=utf-8";
  return nullptr;  // not served
}

// A path of the page's files: segments of safe characters, none starting
// with '.', so nothing outside the folder (or hidden in it) is reachable.
bool safe_static_path(std::string_view path) {
  if (path.empty() || path.size() > 300) return false;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    const std::string_view segment = path.substr(start, end - start);
    if (segment.empty() || segment.front() == '.') return false;
    for (char c : segment)
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
            c == '_' || c == '.'))
        return false;
    start = end + 1;
  }
  return true;
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

const char* status_key(int status) {
  switch (status) {
    case 400: return "serve.error.bad_request";
    case 404: return "serve.error.not_found";
    case 405: return "serve.error.method";
    case 413: return "serve.error.too_large";
    case 414: return "serve.error.bad_request";
    case 503: return "serve.error.busy";
    default: return "serve.error.status";
  }
}

}  // namespace

// httplib listens with a backlog of 5 (CPPHTTPLIB_LISTEN_BACKLOG, built into
// Debian's library): a burst of connections overflows it, and the clients
// that overflow wait seconds for their SYN to be sent again, or are reset.
// The listening socket is protected in httplib::Server; this gives it out
// so that the backlog can be raised after binding.
class ListeningServer : public httplib::Server {
 public:
  void raise_backlog() { ::listen(svr_sock_, SOMAXCONN); }
};

bool is_loopback(std::string_view host) {
  std::string h = lower(host);
  if (h.size() > 2 && h.front() == '[' && h.back() == ']') h = h.substr(1, h.size() - 2);
  if (h == "localhost" || h == "::1") return true;
  in_addr v4{};
  return inet_pton(AF_INET, h.c_str(), &v4) == 1 && (ntohl(v4.s_addr) >> 24) == 127;
}

std::string new_token() {
  std::random_device device;  // /dev/urandom
  std::string out;
  for (int i = 0; i < 4; ++i) {
    char part[9];
    std::snprintf(part, sizeof part, "%08x", static_cast<unsigned>(device()));
    out += part;
  }
  return out;
}

HttpServer::HttpServer(Api& api, HttpOptions options)
    : api_(api), options_(std::move(options)), server_(std::make_unique<ListeningServer>()) {}

HttpServer::~HttpServer() = default;

bool HttpServer::bind() {
  ListeningServer& s = *server_;
  const std::size_t threads = std::max<std::size_t>(options_.threads, 2);
  s.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  s.set_payload_max_length(max_body_bytes);
  // An answer is written in pieces (headers, then body): without this, Nagle
  // holds the body back until the client's delayed ACK, 40 ms a request.
  s.set_tcp_nodelay(true);
  // SO_REUSEADDR only: httplib's default also sets SO_REUSEPORT, with which a
  // second server on the same port would silently share it with the first.
  s.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  s.set_read_timeout(5, 0);
  s.set_write_timeout(5, 0);
  // Idle keep-alive connections hold a thread: let them go soon.
  s.set_keep_alive_timeout(2);
  s.set_keep_alive_max_count(100);
  const auto handler = [this](const httplib::Request& req, httplib::Response& res) { handle(req, res); };
  // One handler per method over every path ([\s\S]: even a path with a
  // decoded newline or NUL reaches it and is refused by route()).
  const std::string any = R"([\s\S]*)";
  s.Get(any, handler);
  s.Post(any, handler);
  s.Put(any, handler);
  s.Delete(any, handler);
  s.Patch(any, handler);
  s.Options(any, handler);
  // What httplib answers itself (a request it cannot read, a body too
  // large, ...): the same JSON error shape as everything else.
  s.set_error_handler(httplib::Server::HandlerWithResponse([this](const httplib::Request& req,
                                                                  httplib::Response& res) {
    if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    const std::string language =
        message_language(first_accept_language(req.get_header_value("Accept-Language")));
    Context& context = context_for(language.empty() ? options_.default_language : language);
    Message message(status_key(res.status));
    // httplib reads a form-encoded body only up to its own, lower limit.
    const bool form = req.get_header_value("Content-Type").starts_with("application/x-www-form-urlencoded");
    message.with("status", res.status)
        .with("limit", static_cast<std::int64_t>(form ? CPPHTTPLIB_FORM_URL_ENCODED_PAYLOAD_MAX_LENGTH
                                                      : max_body_bytes));
    const ApiResponse r = error_response(res.status, message, context);
    res.set_content(r.body, r.content_type.c_str());
    return httplib::Server::HandlerResponse::Handled;
  }));
  s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    res.status = 500;
    res.set_content(R"({"error":"internal error"})", "application/json; charset=utf-8");
  });
  if (options_.port == 0) {
    port_ = s.bind_to_any_port(options_.host);
    if (port_ <= 0) return false;
  } else {
    if (!s.bind_to_port(options_.host, options_.port)) return false;
    port_ = options_.port;
  }
  server_->raise_backlog();
  compute_allowed_hosts();
  return true;
}

void HttpServer::compute_allowed_hosts() {
  const std::string port = ":" + std::to_string(port_);
  const auto add = [&](const std::string& name) {
    if (!name.empty()) allowed_hosts_.insert(lower(host_for_url(name)) + port);
  };
  add(options_.host);
  if (is_loopback(options_.host)) {
    for (const char* name : {"localhost", "127.0.0.1", "::1"}) add(name);
    return;
  }
  // Another address: the machine's names and every address of its
  // interfaces (the one the server is reached on is among them).
  char hostname[256] = {};
  if (::gethostname(hostname, sizeof hostname - 1) == 0) add(hostname);
  add("localhost");
  ifaddrs* addresses = nullptr;
  if (::getifaddrs(&addresses) == 0) {
    for (const ifaddrs* a = addresses; a; a = a->ifa_next) {
      if (!a->ifa_addr) continue;
      char text[INET6_ADDRSTRLEN] = {};
      if (a->ifa_addr->sa_family == AF_INET)
        inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(a->ifa_addr)->sin_addr, text, sizeof text);
      else if (a->ifa_addr->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(a->ifa_addr)->sin6_addr, text,
                  sizeof text);
      add(text);
    }
    ::freeifaddrs(addresses);
  }
}

std::string HttpServer::url() const {
  std::string host = options_.host;
  if (is_any_address(host)) {
    char hostname[256] = {};
    host = ::gethostname(hostname, sizeof hostname - 1) == 0 && hostname[0] ? hostname : "127.0.0.1";
  }
  std::string out = "http://" + host_for_url(host) + ":" + std::to_string(port_) + "/";
  if (!options_.token.empty()) out += "?token=" + options_.token;
  return out;
}

bool HttpServer::run() { return server_->listen_after_bind(); }

void HttpServer::stop() { server_->stop(); }

bool HttpServer::host_allowed(const httplib::Request& request) const {
  if (!request.has_header("Host")) return false;
  return allowed_hosts_.count(lower(request.get_header_value("Host"))) > 0;
}

bool HttpServer::origin_allowed(const httplib::Request& request) const {
  if (request.get_header_value("Sec-Fetch-Site") == "cross-site") return false;
  if (!request.has_header("Origin")) return true;  // not a browser's cross-origin request
  const std::string origin = lower(request.get_header_value("Origin"));
  constexpr std::string_view scheme = "http://";
  return origin.starts_with(scheme) && allowed_hosts_.count(origin.substr(scheme.size())) > 0;
}

bool HttpServer::token_given(const httplib::Request& request) const {
  if (options_.token.empty()) return true;
  const std::string given = request.has_header("X-Notera-Token") ? request.get_header_value("X-Notera-Token")
                                                                 : request.get_param_value("token");
  return constant_time_equal(given, options_.token);
}

void HttpServer::handle(const httplib::Request& request, httplib::Response& response) {
  // The message language: ?messages=, else the browser's first language,
  // else the server's; a JSON body's "messages" field overrides (route()).
  std::string requested = request.get_param_value("messages");
  if (requested.empty()) requested = first_accept_language(request.get_header_value("Accept-Language"));
  Context* context =
      &context_for(message_language(requested.empty() ? options_.default_language : requested));
  ApiResponse r;
  try {
    if (!host_allowed(request))
      throw ApiError(403, Message("serve.error.bad_host")
                              .with("host", request.get_header_value("Host"))
                              .with("expected", *allowed_hosts_.begin()));
    if (!origin_allowed(request))
      throw ApiError(403,
                     Message("serve.error.bad_origin").with("origin", request.get_header_value("Origin")));
    r = route(request, context);
  } catch (const ApiError& e) {
    r = error_response(e.status(), e.message(), *context);
    if (!e.allowed().empty()) r.headers.push_back({"Allow", e.allowed()});
    if (e.status() == 503) r.headers.push_back({"Retry-After", "1"});
  } catch (const std::exception& e) {
    std::cerr << "notera serve: " << request.method << ' ' << request.path << ": " << e.what() << '\n';
    r = error_response(500, Message("serve.error.internal").with("what", e.what()), *context);
  }
  response.status = r.status;
  for (const auto& [name, value] : r.headers) response.set_header(name, value);
  response.set_header("X-Content-Type-Options", "nosniff");
  response.set_header("Cache-Control", "no-store");
  if (r.content_type.starts_with("text/html")) {
    // The page loads only its own files; nobody may frame it.
    response.set_header("Content-Security-Policy",
                        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    response.set_header("X-Frame-Options", "DENY");
    response.set_header("Referrer-Policy", "no-referrer");
  }
  response.set_content(std::move(r.body), r.content_type.c_str());
}

namespace {

// The methods a path allows ("" for a path that does not exist).
std::string allowed_methods(std::string_view path) {
  if (!path.starts_with("/api/")) return "GET";
  const std::string_view rest = path.substr(5);
  for (std::string_view get : {"version", "messages", "languages", "sheets"})
    if (rest == get) return "GET";
  for (std::string_view post : {"move", "position", "line", "read", "reconstruct", "export"})
    if (rest == post) return "POST";
  if (rest.starts_with("sheets/")) return "GET, PUT, DELETE";
  return "";
}

bool allows(std::string_view allowed, std::string_view method) {
  std::size_t start = 0;
  while (start < allowed.size()) {
    const std::size_t end = std::min(allowed.find(", ", start), allowed.size());
    if (allowed.substr(start, end - start) == method) return true;
    start = end + 2;
  }
  return false;
}

}  // namespace

ApiResponse HttpServer::route(const httplib::Request& request, Context*& context) {
  const std::string method = request.method == "HEAD" ? "GET" : request.method;
  const std::string& path = request.path;
  const bool api = path.starts_with("/api/");
  if (api && !token_given(request)) throw ApiError(401, Message("serve.error.token"));
  const std::string allowed = allowed_methods(path);
  if (allowed.empty()) throw ApiError(404, Message("serve.error.not_found").with("path", path));
  if (method == "OPTIONS") {
    // No Access-Control-* headers: other sites' pages stay shut out.
    ApiResponse r;
    r.status = 204;
    r.content_type = "text/plain";
    r.headers.push_back({"Allow", allowed + ", OPTIONS"});
    return r;
  }
  if (!allows(allowed, method))
    throw ApiError(405, Message("serve.error.method").with("method", request.method).with("allowed", allowed))
        .allow(allowed);
  if (!api) return static_file(path);

  // A POST endpoint gets the body as JSON; its "messages" field, when
  // given, is the language of the answer's messages.
  const auto post = [&](auto endpoint) {
    const nlohmann::json body = parse_body(request.body);
    if (const auto it = body.find("messages"); it != body.end() && it->is_string())
      context = &context_for(message_language(it->get<std::string>()));
    return (api_.*endpoint)(body, *context);
  };
  const std::string_view rest = std::string_view(path).substr(5);
  if (rest == "version") return api_.version();
  if (rest == "messages") {
    std::string language = request.get_param_value("lang");
    if (language.empty()) language = context->messages().language();
    return api_.messages(language);
  }
  if (rest == "languages") return api_.languages();
  if (rest == "move") return post(&Api::move);
  if (rest == "position") return post(&Api::position);
  if (rest == "line") return post(&Api::line);
  if (rest == "read") return post(&Api::read);
  if (rest == "reconstruct") return post(&Api::reconstruct);
  if (rest == "export") return post(&Api::export_pgn);
  if (rest == "sheets") return api_.list_sheets();
  const std::string_view name = rest.substr(7);  // "sheets/<name>"
  if (method == "GET") return api_.get_sheet(name);
  // "If-None-Match: *": only a new sheet (RFC 9110 §13.1.2).
  if (method == "PUT") {
    std::optional<std::string> if_match;
    if (request.has_header("If-Match")) if_match = request.get_header_value("If-Match");
    return api_.put_sheet(name, request.body, request.get_header_value("If-None-Match") == "*", if_match);
  }
  return api_.delete_sheet(name);
}

ApiResponse HttpServer::static_file(const std::string& path) const {
  const std::string relative = path == "/" ? "index.html" : path.substr(1);
  const char* type = mime_type(relative);
  if (options_.web_dir.empty() || !type || !safe_static_path(relative))
    throw ApiError(404, Message("serve.error.not_found").with("path", path));
  const std::filesystem::path file = options_.web_dir / relative;
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
    throw ApiError(404, Message("serve.error.not_found").with("path", path));
  std::ifstream in(file, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  ApiResponse r;
  r.body = content.str();
  r.content_type = type;
  return r;
}

}  // namespace notera::cli::serve
