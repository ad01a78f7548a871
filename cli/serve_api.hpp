// The JSON API of `notera serve` (docs/serve.md), apart from HTTP: each
// endpoint is a function from the request's body (and path) to a status and
// a body, calling the same library functions and the same reports as the
// commands (report/json.hpp: report::move_report, report::reconstruction_json;
// sheet_reconstruction.hpp), so the page, scripts and the command line agree.
//
// Errors are thrown as ApiError (a status and a Message) and rendered by the
// HTTP layer as {"error": "..."} in the request's message language.
//
// Reconstruction is the one expensive call. It runs with a time budget, and
// at most `reconstruct_slots` at once, granted in the order asked for (a
// client that sends many cannot push the others back: each waits its turn,
// and a wait that would be longer than `queue_wait`, or a queue longer than
// `max_waiting`, is answered 503 at once instead of piling up).
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <condition_variable>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "command.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "serve_workspace.hpp"
#include "sheet_reconstruction.hpp"

namespace notera::cli::serve {

struct ApiResponse {
  int status = 200;
  std::string body;
  std::string content_type = "application/json; charset=utf-8";
  std::vector<std::pair<std::string, std::string>> headers;
};

class ApiError : public std::exception {
 public:
  ApiError(int status, Message message) : status_(status), message_(std::move(message)) {}
  int status() const { return status_; }
  const Message& message() const { return message_; }
  const char* what() const noexcept override { return message_.key.c_str(); }
  // For 405: the methods the path allows (the Allow header).
  ApiError& allow(std::string methods) {
    allow_ = std::move(methods);
    return *this;
  }
  const std::string& allowed() const { return allow_; }

 private:
  int status_;
  Message message_;
  std::string allow_;
};

struct ApiOptions {
  std::chrono::milliseconds time_limit{8000};  // per reconstruction: a page cannot wait longer
  unsigned reconstruct_slots = 2;              // reconstructions at once
  std::chrono::milliseconds queue_wait{60000};
  std::size_t max_waiting = 1024;
};

// At most n holders at once, served first come, first served.
class FairSlots {
 public:
  explicit FairSlots(unsigned n) : free_(n) {}
  // False when the turn does not come within `limit`, or too many wait.
  bool acquire(std::chrono::milliseconds limit, std::size_t max_waiting);
  void release();

 private:
  struct Waiter {
    bool granted = false;
  };
  std::mutex mutex_;
  std::condition_variable turn_;
  unsigned free_;
  std::list<Waiter> queue_;
};

// The message language of a request: a code notera has a bundle for ("nb"
// for "nb-NO" or "no"), else "en".
std::string message_language(std::string_view requested);
// The first language of an Accept-Language header ("nb-NO,nb;q=0.9" -> "nb-NO").
std::string first_accept_language(std::string_view header);
// How a reconstruction's messages name a box: by the line and column of
// its .sheet text (as `notera reconstruct` does), or by its move alone, as
// the page shows it ("places": "boxes").
enum class Places { lines, boxes };

// A Context (messages) in that language, one per language, places and
// thread.
Context& context_for(const std::string& language, Places places = Places::lines);

// The JSON body as an object; ApiError 400 when it is not JSON, is nested
// deeper than any request needs, or is not an object.
nlohmann::json parse_body(std::string_view body);

// JSON text of a response; strings that are not UTF-8 are repaired, never
// thrown on.
std::string dump(const nlohmann::json& j);
ApiResponse json_response(const nlohmann::json& j, int status = 200);
ApiResponse error_response(int status, const Message& message, Context& context);

class Api {
 public:
  Api(const Workspace& workspace, ApiOptions options)
      : workspace_(workspace), options_(options), slots_(options.reconstruct_slots) {}

  ApiResponse version() const;
  ApiResponse messages(std::string_view language) const;  // the page's texts (web.*)
  ApiResponse languages() const;
  ApiResponse move(const nlohmann::json& request, Context& context) const;
  ApiResponse position(const nlohmann::json& request, Context& context) const;
  ApiResponse line(const nlohmann::json& request, Context& context) const;
  ApiResponse read(const nlohmann::json& request, Context& context) const;
  ApiResponse reconstruct(const nlohmann::json& request, Context& context);
  ApiResponse list_sheets() const;
  ApiResponse get_sheet(std::string_view name) const;
  // `create_only` (the request's `If-None-Match: *`): 412 when the sheet
  // is already there; `if_match` (If-Match: the ETag of GET or of the last
  // PUT): 412 when the sheet is no longer that version.
  ApiResponse put_sheet(std::string_view name, std::string_view text, bool create_only = false,
                        const std::optional<std::string>& if_match = std::nullopt) const;
  ApiResponse delete_sheet(std::string_view name) const;
  ApiResponse export_pgn(const nlohmann::json& request, Context& context);

  // ApiError 400 unless the name is a valid sheet name.
  static void check_name(std::string_view name);

 private:
  // The options of the request ("lang") within the server's time budget.
  reconstruct::ReconstructOptions reconstruct_options(const nlohmann::json& request) const;
  // Waits for a turn (ApiError 503 when it does not come) and reconstructs.
  SheetReconstruction reconstruct_in_turn(const std::vector<scoresheet::Scoresheet>& sheets,
                                          const reconstruct::ReconstructOptions& options, Context& context,
                                          const MoveSpelling& spelling = {});

  const Workspace& workspace_;
  ApiOptions options_;
  FairSlots slots_;
};

}  // namespace notera::cli::serve
