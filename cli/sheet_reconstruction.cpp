#include "sheet_reconstruction.hpp"

#include "notera/pgn/writer.hpp"
#include "notera/reconstruct/evidence.hpp"

namespace notera::cli {

SheetReconstruction reconstruct_sheets(const std::vector<scoresheet::Scoresheet>& sheets,
                                       const reconstruct::ReconstructOptions& options,
                                       const locale::Messages& messages) {
  std::vector<reconstruct::EvidenceSheet> evidence;
  for (const scoresheet::Scoresheet& sheet : sheets) evidence.push_back(reconstruct::evidence_of(sheet));
  SheetReconstruction out;
  out.result = reconstruct::reconstruct_game(evidence, options);
  const game::Game game = reconstruct::to_game(out.result, evidence.size(),
                                               [&messages](const Message& m) { return messages.format(m); });
  pgn::Writer().write(game, out.pgn);
  return out;
}

}  // namespace notera::cli
