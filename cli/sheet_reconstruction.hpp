// The game of one or two scoresheets as read, and its PGN: what `notera
// reconstruct` prints and what `notera serve` answers (POST /api/reconstruct
// and POST /api/export), from this one place, so that the command and the
// page give the same game and the same PGN for the same sheets, and spell
// the moves the same way in everything they say about them.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notera/locale/messages.hpp"
#include "notera/notation/write_move.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/scoresheet/sheet.hpp"

namespace notera::cli {

// How the moves are spelt in the PGN and in every sentence about them
// (the explanations, the questions, the alternatives): PGN SAN, a
// language's letters or figurines (`reconstruct --to nb`), or the letters
// of the first sheet as the reconstruction read it (its Notation header,
// else the language decided from its moves): the page shows the game in
// them, so its sentences name the moves so too.
struct MoveSpelling {
  enum class Kind { san, notation, first_sheet };
  Kind kind = Kind::san;
  notation::OutputNotation notation;  // Kind::notation: a language's letters or figurines
};

// "sheet", a language code or "figurine"; "san" and "pgn" for SAN; nullopt
// for any other name (LAN, UCI and the other systems spell no sentence).
std::optional<MoveSpelling> move_spelling(std::string_view name);

// The renames (locale::Messages) that name a box by its move alone, not by
// the line and column of its .sheet text: for a reader who sees the boxes
// and not the text (the page), or who is given the place already
// (`FILE:LINE:COL: ` on stderr).
std::vector<locale::Messages::Rename> places_by_box();

struct SheetReconstruction {
  reconstruct::Reconstruction result;  // the moves in PGN SAN, whatever the spelling (the JSON's `san`)
  // The same with every move it names spelt as asked (the game's, its
  // alternatives', the asked boxes' candidates'); none with SAN.
  std::optional<reconstruct::Reconstruction> spelt;
  std::string pgn;  // the game with a comment at every correction, in the messages' language and the spelling
};

SheetReconstruction reconstruct_sheets(const std::vector<scoresheet::Scoresheet>& sheets,
                                       const reconstruct::ReconstructOptions& options,
                                       const locale::Messages& messages, const MoveSpelling& spelling = {});

// The object of `notera reconstruct --json` (report::reconstruction_json)
// for that reconstruction: with a spelling, its sentences name the moves
// so, and each move, alternative and candidate has `spelt` beside `san`.
nlohmann::json reconstruction_json(const SheetReconstruction& run, std::size_t sheet_count,
                                   const locale::Messages& messages);

}  // namespace notera::cli
