#include "notera/notation/judge.hpp"

#include "notera/core/san.hpp"
#include "notera/notation/letters.hpp"

namespace notera::notation {

MoveJudgement judge_written_move(const Position& pos, std::string_view text, const ResolveOptions& options,
                                 Laws laws) {
  MoveJudgement j;
  j.reading = read_and_resolve(pos, text, options);
  if (!j.reading.read.ok) return j;
  const Resolution& r = j.reading.resolution;
  j.verdict = r.verdict;
  if (r.verdict == Verdict::legal) {
    j.after = pos.after(r.move);
    j.warnings = judge_marks(j.after, j.reading.read.move, r.warnings, laws);
  }
  return j;
}

std::uint32_t judge_marks(const Position& after, const WrittenMove& written,
                          std::uint32_t resolution_warnings, Laws laws) {
  return relevant_warnings(resolution_warnings | judge_check_marks(after, written), laws);
}

std::string readings_list(const Position& pos, const MoveList& moves, int language) {
  // People read their own letters best; English SAN stays in the JSON.
  const SanStyle style = language >= 0 ? LetterTable::instance().style(language) : SanStyle{};
  std::string out;
  for (Move m : moves) {
    if (!out.empty()) out += ", ";
    out += to_san(pos, m, style);
  }
  return out;
}

}  // namespace notera::notation
