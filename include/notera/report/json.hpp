// The JSON views of notera's verdicts, the same wherever they are shown:
// `notera ... --json`, conversion reports, and the transcription page's API
// (docs/cli.md has the fields). Human-readable text inside them is
// rendered in the caller's message language.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "notera/base/diagnostic.hpp"
#include "notera/core/position.hpp"
#include "notera/locale/messages.hpp"
#include "notera/notation/judge.hpp"
#include "notera/reconstruct/reconstruct.hpp"

namespace notera::report {

// {"severity", "line", "column", "ply", "code", "message"}
nlohmann::json diagnostic_json(const Diagnostic& d, const locale::Messages& messages);
std::string_view to_string(Severity severity);  // "error", "warning", "note"

// What one written move means, as `notera move` shows it.
struct MoveReport {
  nlohmann::json json;  // verdict, san, uci, candidates, warnings, warning_codes, message, language, ...
  std::string message;  // the verdict in one sentence (the reason, for a move that is not legal)
  std::string summary;  // the message, with the warnings on lines of their own
};
// `text` as judged in `pos` (notation/judge.hpp).
MoveReport move_report(const Position& pos, std::string_view text, const notation::MoveJudgement& judgement,
                       const locale::Messages& messages);

// The object of `notera reconstruct --json`: every ply with its status and
// the boxes it came from, the boxes not used and why, the languages, the
// care of each sheet, the result, and `pgn` (the game as PGN).
// `spelt`: the same reconstruction with its moves spelt in another notation
// (a language's letters): the sentences (explanations) name the moves as it
// spells them, and every move, alternative and asked candidate has its
// spelling as `spelt` beside its PGN SAN (`san`).
nlohmann::json reconstruction_json(const reconstruct::Reconstruction& r, std::size_t sheet_count,
                                   const std::string& pgn, const locale::Messages& messages,
                                   const reconstruct::Reconstruction* spelt = nullptr);

}  // namespace notera::report
