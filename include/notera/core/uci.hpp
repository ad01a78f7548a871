// UCI move notation: e2e4, e7e8q; castling e1g1 in standard chess and
// king-takes-rook (e1h1) in Chess960, as UCI engines expect.
#pragma once

#include <string>
#include <string_view>

#include "notera/core/position.hpp"

namespace notera {

std::string to_uci(const Position& pos, Move m);
// Appends the UCI text of m to out (no allocation when out has capacity).
void append_uci(const Position& pos, Move m, std::string& out);

// The legal move the UCI text means in pos, or Move::none(). Both castling
// forms are read in either variant when they mean a legal castling move
// and nothing else.
Move parse_uci(const Position& pos, std::string_view text);

// The FEN of pos as UCI's `position fen` gives it: in Chess960 with the
// castling rooks' files (Shredder-FEN, which engines in UCI_Chess960 mode
// read, and which alone says that castling is king takes rook), else with
// KQkq.
std::string uci_fen(const Position& pos);

}  // namespace notera
