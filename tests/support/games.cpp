#include "support/games.hpp"

#include <doctest/doctest.h>

#include "notera/core/fen.hpp"
#include "notera/core/movegen.hpp"
#include "notera/core/san.hpp"

namespace notera::test {

void play(game::Line& line, Position& pos, std::string_view san) {
  std::size_t i = 0;
  while (i < san.size()) {
    while (i < san.size() && san[i] == ' ') ++i;
    std::size_t end = i;
    while (end < san.size() && san[end] != ' ') ++end;
    std::string_view token = san.substr(i, end - i);
    i = end;
    if (token.empty()) continue;
    // Skip move numbers: "12." and "12...".
    if (token.find('.') != std::string_view::npos) {
      token = token.substr(token.find_last_of('.') + 1);
      if (token.empty()) continue;
    }
    while (!token.empty() && (token.back() == '+' || token.back() == '#')) token.remove_suffix(1);
    MoveList moves;
    generate_legal(pos, moves);
    Move found = Move::none();
    for (Move m : moves) {
      SanText text;
      write_san_body(pos, m, text);
      if (text.view() == token) found = m;
    }
    REQUIRE_MESSAGE(found != Move::none(), "not a legal move here: " << std::string(token));
    game::GameMove gm;
    gm.move = found;
    line.moves.push_back(gm);
    Undo undo;
    pos.do_move(found, undo);
  }
}

game::Game make_game(std::string_view san, std::string_view fen, bool chess960) {
  game::Game game;
  if (!fen.empty()) {
    const FenResult r = read_fen(fen, chess960);
    REQUIRE_MESSAGE(r.position.has_value(), std::string(fen));
    game.start = *r.position;
    game.custom_start = true;
  }
  Position pos = game.start;
  play(game.mainline, pos, san);
  return game;
}

Position position_before(const game::Game& game, std::size_t ply) {
  Position pos = game.start;
  Undo undo;
  for (std::size_t i = 0; i < ply; ++i) pos.do_move(game.mainline.moves[i].move, undo);
  return pos;
}

}  // namespace notera::test
