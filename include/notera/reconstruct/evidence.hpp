// From a read .sheet (sheet.hpp) to the evidence reconstruct_game() weighs.
//
// Each box becomes one EvidenceCell that claims the ply of its row and
// column; crossed-out text becomes a crossed-out cell of its own just
// before the move written beside it; check and mate marks are given back to
// the move text (they help to tell moves apart); boxes that fit no column
// are kept, claiming no ply, in their place on the sheet.
#pragma once

#include "notera/reconstruct/reconstruct.hpp"
#include "notera/scoresheet/sheet.hpp"

namespace notera::reconstruct {

EvidenceSheet evidence_of(const scoresheet::Scoresheet& sheet);

// A person's answer for a box: "--" (no move of the game) or a move, which
// the search then takes as certain. What the box says without it is kept.
void answer_box(EvidenceCell& box, std::string answer);

// The answer taken back: the box is read as written, and `set_aside` keeps
// the answer for the report.
void set_answer_aside(EvidenceCell& box);

}  // namespace notera::reconstruct
