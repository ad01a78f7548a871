#include "sheet_reconstruction.hpp"

#include "notera/pgn/writer.hpp"
#include "notera/reconstruct/evidence.hpp"

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
  for (reconstruct::Ask& a : r.ask) {
    if (a.ply < 1 || a.ply > static_cast<int>(before.size())) continue;
    for (reconstruct::AskCandidate& c : a.candidates)
      if (!c.ends) c.san = notation::move_text(before[static_cast<std::size_t>(a.ply - 1)], c.move, spelling);
  }
  return r;
}

}  // namespace

SheetReconstruction reconstruct_sheets(const std::vector<scoresheet::Scoresheet>& sheets,
                                       const reconstruct::ReconstructOptions& options,
                                       const locale::Messages& messages,
                                       const notation::OutputNotation* spelling) {
  std::vector<reconstruct::EvidenceSheet> evidence;
  for (const scoresheet::Scoresheet& sheet : sheets) evidence.push_back(reconstruct::evidence_of(sheet));
  SheetReconstruction out;
  out.result = reconstruct::reconstruct_game(evidence, options);
  const auto render = [&messages](const Message& m) { return messages.format(m); };
  if (spelling) {
    pgn::WriterOptions writer;
    writer.san_style = spelling->style;
    pgn::Writer(writer).write(reconstruct::to_game(respelt(out.result, *spelling), evidence.size(), render),
                              out.pgn);
  } else {
    pgn::Writer().write(reconstruct::to_game(out.result, evidence.size(), render), out.pgn);
  }
  return out;
}

}  // namespace notera::cli
