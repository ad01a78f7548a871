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

}  // namespace notera
