// The game of one or two scoresheets as read, and its PGN: what `notera
// reconstruct` prints and what `notera serve` answers (POST /api/reconstruct
// and POST /api/export), from this one place, so that the command and the
// page give the same game and the same PGN for the same sheets.
#pragma once

#include <string>
#include <vector>

#include "notera/locale/messages.hpp"
#include "notera/notation/write_move.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/scoresheet/sheet.hpp"

namespace notera::cli {

struct SheetReconstruction {
  reconstruct::Reconstruction result;
  std::string pgn;  // the game with a comment at every correction, in the messages' language
};

// `spelling`: a language's letters or figurines for the PGN, its moves and
// the moves its comments name (`reconstruct --to nb`); nullptr: PGN SAN.
// `result` keeps PGN SAN whatever the spelling (the JSON's `san`).
SheetReconstruction reconstruct_sheets(const std::vector<scoresheet::Scoresheet>& sheets,
                                       const reconstruct::ReconstructOptions& options,
                                       const locale::Messages& messages,
                                       const notation::OutputNotation* spelling = nullptr);

}  // namespace notera::cli
