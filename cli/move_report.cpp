#include "move_report.hpp"

#include "notera/core/san.hpp"
#include "notera/core/uci.hpp"
#include "notera/notation/letters.hpp"

namespace notera::cli {

namespace {

nlohmann::json move_json(const Position& pos, Move m) {
  return {{"san", to_san(pos, m)}, {"uci", to_uci(pos, m)}};
}

// The candidates in the notation they were written in (people read their
// own letters best); English SAN stays in the JSON.
std::string candidate_list(const Position& pos, const MoveList& moves, int language) {
  const SanStyle style = language >= 0 ? LetterTable::instance().style(language) : SanStyle{};
  std::string out;
  for (Move m : moves) {
    if (!out.empty()) out += ", ";
    out += to_san(pos, m, style);
  }
  return out;
}

}  // namespace

MoveReport report_move(Context& context, const Position& pos, std::string_view text,
                       const ResolveOptions& options, Laws laws) {
  return describe_move(context, pos, text, read_and_resolve(pos, text, options), laws);
}

MoveReport describe_move(Context& context, const Position& pos, std::string_view text,
                         const MoveReading& reading, Laws laws) {
  MoveReport report;
  report.reading = reading;
  const Resolution& r = report.reading.resolution;
  const LetterTable& letters = LetterTable::instance();
  nlohmann::json& j = report.json;

  if (!report.reading.read.ok) {
    report.verdict = Verdict::unclear;
    report.message = context.format(report.reading.read.problem);
    j["verdict"] = "unclear";
    j["column"] = report.reading.read.column;
  } else {
    report.verdict = r.verdict;
    j["verdict"] = std::string(to_string(r.verdict));
  }
  j["candidates"] = nlohmann::json::array();
  for (Move m : r.candidates) j["candidates"].push_back(move_json(pos, m));
  j["warnings"] = nlohmann::json::array();
  j["warning_codes"] = nlohmann::json::array();

  switch (report.verdict) {
    case Verdict::legal: {
      const nlohmann::json mj = move_json(pos, r.move);
      j["san"] = mj["san"];
      j["uci"] = mj["uci"];
      // Check and mate marks are judged after the move.
      Position after = pos;
      Undo undo;
      if (r.move == Move::null())
        after.do_null_move(undo);
      else
        after.do_move(r.move, undo);
      const std::uint32_t warnings =
          relevant_warnings(r.warnings | judge_check_marks(after, report.reading.read.move), laws);
      for (int bit = 0; bit < warning_count; ++bit) {
        const auto flag = static_cast<WrittenWarning>(1u << bit);
        if (!(warnings & flag)) continue;
        const std::string_view key = warning_key(flag);
        j["warning_codes"].push_back(std::string(key.substr(key.find('.') + 1)));
        j["warnings"].push_back(context.format(Message(std::string(key)).with("text", text)));
      }
      report.message = context.format(Message("move.legal")
                                          .with("text", text)
                                          .with("san", mj["san"].get<std::string>())
                                          .with("uci", mj["uci"].get<std::string>()));
      break;
    }
    case Verdict::ambiguous:
      report.message = context.format(Message("move.ambiguous")
                                          .with("text", text)
                                          .with("count", r.candidates.size())
                                          .with("candidates", candidate_list(pos, r.candidates, r.language)));
      break;
    case Verdict::illegal:
      j["reason"] = std::string(to_string(r.reason));
      report.message = context.format(
          Message("move.illegal")
              .with("text", text)
              .with("reason", context.format(illegal_message(pos, report.reading.read.move, r))));
      break;
    case Verdict::unclear:
      report.message =
          context.format(Message("move.unclear").with("text", text).with("reason", report.message));
      break;
  }
  if (r.language >= 0 && report.verdict != Verdict::unclear)
    j["language"] = letters.language(r.language).code;
  j["message"] = report.message;
  report.summary = report.message;
  for (const auto& w : j["warnings"]) report.summary += "\n  " + w.get<std::string>();
  return report;
}

}  // namespace notera::cli
