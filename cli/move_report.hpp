// The verdict on one written move as the CLI shows it: a one-line summary
// in the message language, and the JSON object of ../shared/docs/cli.md.
// Shared by `move` and `sealed`.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "command.hpp"
#include "notera/notation/read_move.hpp"

namespace notera::cli {

struct MoveReport {
  Verdict verdict = Verdict::unclear;
  MoveReading reading;
  nlohmann::json json;  // verdict, san, uci, candidates, warnings, message, ...
  std::string summary;  // one line for people
  std::string message;  // the reason / explanation alone
};

MoveReport report_move(Context& context, const Position& pos, std::string_view text,
                       const ResolveOptions& options, Laws laws);
// The same for a move already read and resolved.
MoveReport describe_move(Context& context, const Position& pos, std::string_view text,
                         const MoveReading& reading, Laws laws);

}  // namespace notera::cli
