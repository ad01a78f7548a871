// Building Game objects in tests from SAN text, without the PGN reader:
// each SAN token is matched against the legal moves of the position.
#pragma once

#include <string>
#include <string_view>

#include "notera/game/game.hpp"

namespace notera::test {

// Appends the moves of `san` ("e4 e5 Nf3", move numbers and check marks
// allowed) to `line`, starting from `pos` (which is advanced). Fails the
// current test on a move that is not legal.
void play(game::Line& line, Position& pos, std::string_view san);

// A game from the start position (or `fen`) with the main line `san`.
game::Game make_game(std::string_view san, std::string_view fen = {}, bool chess960 = false);

// The position before ply `ply` (0-based) of the main line.
Position position_before(const game::Game& game, std::size_t ply);

}  // namespace notera::test
