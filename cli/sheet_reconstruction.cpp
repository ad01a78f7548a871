#include "sheet_reconstruction.hpp"

#include "notera/notation/letters.hpp"
#include "notera/pgn/writer.hpp"
#include "notera/reconstruct/evidence.hpp"
#include "notera/report/json.hpp"

namespace notera::cli {

namespace {

// The reconstruction with every move it names spelt in `spelling`: the
// game's, its alternatives' and the asked boxes' candidates'.
reconstruct::Reconstruction respelt(reconstruct::Reconstruction r, const notation::OutputNotation& spelling) {
  std::vector<Position> before;  // the position before each ply
  Position pos = r.start;
  for (reconstruct::ReconstructedPly& p : r.plies) {
    before.push_back(pos);
    for (reconstruct::PlyAlternative& a : p.alternatives) a.san = notation::move_text(pos, a.move, spelling);
    p.san = notation::move_text(pos, p.move, spelling);
    pos.play(p.move);
  }
  before.push_back(pos);  // after the last: an entry for a box after the game found's end
  for (reconstruct::Ask& a : r.ask) {
    if (a.ply < 1 || a.ply > static_cast<int>(before.size())) continue;
    for (reconstruct::AskCandidate& c : a.candidates)
      if (!c.ends) c.san = notation::move_text(before[static_cast<std::size_t>(a.ply - 1)], c.move, spelling);
  }
  for (reconstruct::SheetProblem& problem : r.problems) {
    if (problem.ply < 1 || problem.ply > static_cast<int>(r.plies.size())) continue;
    for (auto& [name, value] : problem.message.args)
      if (name == "san") value.text = r.plies[static_cast<std::size_t>(problem.ply - 1)].san;
  }
  return r;
}

// The notation a spelling stands for once the sheets are read; none for SAN.
std::optional<notation::OutputNotation> notation_of(const MoveSpelling& spelling,
                                                    const reconstruct::Reconstruction& r) {
  switch (spelling.kind) {
    case MoveSpelling::Kind::san: return std::nullopt;
    case MoveSpelling::Kind::notation: return spelling.notation;
    case MoveSpelling::Kind::first_sheet:
      if (r.languages.empty() || r.languages.front().language < 0) return std::nullopt;
      return notation::output_notation(
          notation::LetterTable::instance().language(r.languages.front().language).code);
  }
  return std::nullopt;
}

}  // namespace

std::vector<locale::Messages::Rename> places_by_box() {
  return {{"reconstruct.where", "reconstruct.where_box"}};
}

std::optional<MoveSpelling> move_spelling(std::string_view name) {
  MoveSpelling spelling;
  if (name == "sheet") {
    spelling.kind = MoveSpelling::Kind::first_sheet;
    return spelling;
  }
  const std::optional<notation::OutputNotation> notation = notation::output_notation(name);
  if (!notation) return std::nullopt;
  if (notation->kind == notation::OutputNotation::Kind::san) return spelling;
  if (notation->kind != notation::OutputNotation::Kind::language &&
      notation->kind != notation::OutputNotation::Kind::figurine)
    return std::nullopt;
  spelling.kind = MoveSpelling::Kind::notation;
  spelling.notation = *notation;
  return spelling;
}

SheetReconstruction reconstruct_sheets(const std::vector<scoresheet::Scoresheet>& sheets,
                                       const reconstruct::ReconstructOptions& options,
                                       const locale::Messages& messages, const MoveSpelling& spelling) {
  std::vector<reconstruct::EvidenceSheet> evidence;
  for (const scoresheet::Scoresheet& sheet : sheets) evidence.push_back(reconstruct::evidence_of(sheet));
  SheetReconstruction out;
  out.result = reconstruct::reconstruct_game(evidence, options);
  const auto render = [&messages](const Message& m) { return messages.format(m); };
  pgn::WriterOptions writer;
  if (const std::optional<notation::OutputNotation> notation = notation_of(spelling, out.result)) {
    out.spelt = respelt(out.result, *notation);
    writer.san_style = notation->style;
  }
  pgn::Writer(writer).write(
      reconstruct::to_game(out.spelt ? *out.spelt : out.result, evidence.size(), render), out.pgn);
  return out;
}

nlohmann::json reconstruction_json(const SheetReconstruction& run, std::size_t sheet_count,
                                   const locale::Messages& messages) {
  return report::reconstruction_json(run.result, sheet_count, run.pgn, messages,
                                     run.spelt ? &*run.spelt : nullptr);
}

}  // namespace notera::cli
