// Writing moves in the notation a user asks for: PGN SAN, long algebraic,
// UCI, figurines, or any language's letters (FIDE form: 0-0, d8D).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "notera/core/san.hpp"
#include "notera/notation/systems.hpp"

namespace notera::notation {

struct OutputNotation {
  enum class Kind { san, lan, uci, figurine, language, system };
  Kind kind = Kind::san;
  System system = System::algebraic;  // for Kind::system (descriptive, announced)
  std::string words_language;         // announced: the national word list (--messages), "" = the Laws
  int language = 0;                   // for Kind::language (LetterTable index)
  SanStyle style;                     // letters, castling and promotion spelling
  std::string name;                   // as given: "san", "nb", ...
};

// "san", "lan", "uci", "figurine", "descriptive" (English; also
// "descriptive-en"), "descriptive-es", "announced", or a language code
// ("nb", "de", "fr").
std::optional<OutputNotation> output_notation(std::string_view name);

// Appends `m` (legal in `pos`) in that notation, with + or # from `after`
// (the position after the move) except for UCI.
void append_move(const Position& pos, Move m, const Position& after, const OutputNotation& notation,
                 std::string& out);
std::string move_text(const Position& pos, Move m, const OutputNotation& notation);

// Whether a game that starts at `start` must say so when its moves are
// written on their own: any start but the standard position (a FEN/SetUp
// game), and any Chess960 game (castling is king takes rook).
bool needs_start(const Position& start);

// What goes before the moves of a game written on one line (convert and
// reconstruct --to san, lan, uci, descriptive, ...) that starts at `start`:
// nothing when !needs_start(start), else the start position as the
// notation carries it (docs/cli.md):
//   uci     `position fen FEN moves `, UCI's own command, so an engine
//           takes the line as it is (FEN as uci_fen() writes it);
//   others  PGN's tags, `[SetUp "1"] [FEN "FEN"] ` (first `[Variant
//           "Chess960"] ` for Chess960), so that the line is a PGN game.
// `moves_follow`: something is written after it on the line (a UCI line
// without moves ends at the FEN).
void append_start(const Position& start, const OutputNotation& notation, bool moves_follow, std::string& out);

// The end of a one-line game that append_start began with PGN's tags: its
// result (" 1-0", " *"), PGN's game termination, so that the line is a
// whole PGN game that other readers (pgn-extract) take, and lines follow
// each other as games. Nothing for a game from the standard position (the
// moves alone, as the format has always been) or for UCI.
void append_end(const Position& start, const OutputNotation& notation, std::string_view result,
                std::string& out);

}  // namespace notera::notation
