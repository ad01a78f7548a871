// A small PGN export writer for `notera reconstruct`.
//
// Stand-in for lib/notera/pgn's Writer (branch pgnio), which was not merged
// when reconstruct was written: swap the call in reconstruct.cpp for
// pgn::Writer().write(game, out) when it is. What it does, after the PGN
// standard of 1994 §8: the Seven Tag Roster first ("?" for a missing one),
// then the other tags in input order; values escaped; "N." before White's
// moves and "N..." before Black's where a comment or variation interrupts;
// comments in braces with '{' and '}' written as '(' and ')', broken only at
// spaces and never inside a [%command]; variations in parentheses; a draw
// offer as {(=)}; lines shorter than 80 characters; the result at the end.
#pragma once

#include <string>

#include "notera/game/game.hpp"

namespace notera::cli {

std::string pgn_text(const Game& game);

}  // namespace notera::cli
