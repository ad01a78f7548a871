// Playing movetext into games: the FIDE example in several languages and
// forms, language detection, variations, comments, NAGs, error recovery.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "notera/core/fen.hpp"
#include "notera/core/san.hpp"
#include "notera/core/uci.hpp"
#include "notera/pgn/play.hpp"

using namespace notera;

namespace {

int lang(const char* code) { return notation::LetterTable::instance().language_index(code); }

pgn::PlayOptions options_for(const char* code) {
  pgn::PlayOptions o;
  o.language = code ? lang(code) : notation::ResolveOptions::any_language;
  return o;
}

std::vector<std::string> sans(const game::Game& g) {
  std::vector<std::string> out;
  Position pos = g.start;
  for (const game::GameMove& m : g.mainline.moves) {
    out.push_back(to_san(pos, m.move));
    Undo u;
    pos.do_move(m.move, u);
  }
  return out;
}

// The FIDE Laws, Appendix C example game (all editions).
const std::vector<std::string> fide_example = {"e4",   "e5",   "Nf3",  "Nf6",  "d4",    "exd4", "e5",
                                               "Ne4",  "Qxd4", "d5",   "exd6", "Nxd6",  "Bg5",  "Nc6",
                                               "Qe3+", "Be7",  "Nbd2", "O-O",  "O-O-O", "Re8",  "Kb1"};

}  // namespace

TEST_CASE("play: the FIDE example game in Norwegian, with e.p. and (=)") {
  const game::Game g = read_movetext_game(
      "1. e4 e5 2. Sf3 Sf6 3. d4 exd4 4. e5 Se4 5. Dxd4 d5 6. exd6 e.p. Sxd6\n"
      "7. Lg5 Sc6 8. De3+ Le7 9. Sbd2 0-0 10. 0-0-0 Te8 11. Kb1(=)",
      options_for("nb"));
  CHECK(g.status == game::GameStatus::complete);
  CHECK(sans(g) == fide_example);
  CHECK(g.mainline.moves.back().draw_offer);
  CHECK(g.mainline.moves[10].move.is_en_passant());
  CHECK(g.language == "nb");
}

TEST_CASE("play: the 2023 short form without x and e.p.") {
  const game::Game g = read_movetext_game(
      "1. e4 e5 2. Sf3 Sf6 3. d4 ed4 4. e5 Se4 5. Dd4 d5 6. ed6 Sd6 7. Lg5 Sc6 8. De3+ Le7 "
      "9. Sbd2 0-0 10. 0-0-0 Te8 11. Kb1(=)",
      options_for("nb"));
  CHECK(g.status == game::GameStatus::complete);
  CHECK(sans(g) == fide_example);
}

TEST_CASE("play: language found from what replays legally") {
  // German letters, no language given.
  game::Game g = read_movetext_game(
      "1. e4 e5 2. Sf3 Sf6 3. d4 exd4 4. e5 Se4 5. Dxd4 d5 6. exd6 e.p. Sxd6 7. Lg5 Sc6 "
      "8. De3+ Le7 9. Sbd2 0-0 10. 0-0-0 Te8 11. Kb1",
      options_for(nullptr));
  CHECK(g.status == game::GameStatus::complete);
  CHECK(sans(g) == fide_example);
  CHECK(g.language != "en");
  // French: R is the king, F the bishop, C the knight.
  g = read_movetext_game(
      "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. Fa4 Cf6 5. O-O Fe7 6. Te1 b5 7. Fb3 d6 8. c3 O-O 9. h3 Rh8",
      options_for(nullptr));
  CHECK(g.status == game::GameStatus::complete);
  CHECK(g.language == "fr");
  // English stays English.
  g = read_movetext_game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", options_for(nullptr));
  CHECK(g.language == "en");
}

TEST_CASE("play: comments, NAGs, glyphs and variations are kept") {
  const game::Game g = read_movetext_game(
      "{Opening} 1. e4 {best by test} e5 $1 2. Nf3!? (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 ; rest\n"
      "3. Bb5 1-0",
      options_for("en"));
  REQUIRE(g.mainline.moves.size() == 5);
  CHECK(g.mainline.comment_before == "Opening");
  CHECK(g.mainline.notes_of(0).comments == std::vector<std::string>{"best by test"});
  CHECK(g.mainline.notes_of(1).nags == std::vector<std::uint8_t>{1});
  CHECK(g.mainline.notes_of(2).nags == std::vector<std::uint8_t>{5});
  REQUIRE(g.mainline.notes_of(2).variations.size() == 1);
  const game::Line& v = g.mainline.notes_of(2).variations[0];
  REQUIRE(v.moves.size() == 3);
  REQUIRE(v.notes_of(0).variations.size() == 0);
  REQUIRE(v.notes_of(1).variations.size() == 1);  // (2... d5) replaces 2...exf4
  CHECK(g.mainline.notes_of(3).comments == std::vector<std::string>{"rest"});
  CHECK(g.result == "1-0");
}

TEST_CASE("play: a bad move ends the main line, keeping what came before") {
  const game::Game g = read_movetext_game(
      "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7\n7. Rc1 c6 8. Bb5 dxc4 9. Bxc4 Nd5 0-1",
      options_for("en"), Position::start(), 10);
  CHECK(g.status == game::GameStatus::incomplete);
  CHECK(g.mainline.moves.size() == 14);
  REQUIRE_FALSE(g.diagnostics.empty());
  const Diagnostic& d = g.diagnostics.front();
  CHECK(d.severity == Severity::error);
  CHECK(d.ply == 15);
  CHECK(d.where.line == 11);
  CHECK(d.where.column == 14);  // "8. Bb5": the B
  CHECK(d.message.key == "game.mainline_stops");
  CHECK(g.result == "0-1");
}

TEST_CASE("play: a bad move in a variation drops only that variation") {
  const game::Game g = read_movetext_game("1. e4 e5 (1... c5 2. Bxh7) 2. Nf3 Nc6 *", options_for("en"));
  CHECK(g.status == game::GameStatus::complete);
  CHECK(g.mainline.moves.size() == 4);
  REQUIRE(g.mainline.notes_of(1).variations.size() == 1);
  CHECK(g.mainline.notes_of(1).variations[0].moves.size() == 1);
  REQUIRE_FALSE(g.diagnostics.empty());
  CHECK(g.diagnostics.front().severity == Severity::warning);
}

TEST_CASE("play: deep variations hit the limit with an error, not a crash") {
  std::string text = "1. e4 e5 ";
  for (int i = 0; i < 200; ++i) text += "(1... c5 ";
  for (int i = 0; i < 200; ++i) text += ") ";
  text += "2. Nf3 *";
  pgn::PlayOptions o = options_for("en");
  o.max_variation_depth = 50;
  const game::Game g = read_movetext_game(text, o);
  CHECK(g.mainline.moves.size() == 3);
  bool limit = false;
  for (const Diagnostic& d : g.diagnostics) limit |= d.message.key == "game.variation_too_deep";
  CHECK(limit);
}

TEST_CASE("play: unreadable and descriptive tokens are reported") {
  game::Game g = read_movetext_game("1. e4 e5 2. Nf3 @@@ 3. Bb5", options_for("en"));
  CHECK(g.status == game::GameStatus::incomplete);
  CHECK(g.mainline.moves.size() == 3);
  g = read_movetext_game("1. P-K4 P-K4", options_for("en"));
  CHECK(g.mainline.moves.empty());
  REQUIRE_FALSE(g.diagnostics.empty());
}

TEST_CASE("play: the result is checked against the final position") {
  game::Game g = read_movetext_game("1. f3 e5 2. g4 Qh4# 1-0", options_for("en"));
  CHECK(g.status == game::GameStatus::complete);
  bool contradiction = false;
  for (const Diagnostic& d : g.diagnostics) contradiction |= d.message.key == "result.contradicts";
  CHECK(contradiction);
  g = read_movetext_game("1. f3 e5 2. g4 Qh4# 0-1", options_for("en"));
  CHECK(g.diagnostics.empty());
}

TEST_CASE("play: figurines and UCI moves in movetext") {
  game::Game g = read_movetext_game("1. e4 e5 2. ♘f3 ♞c6 3. ♗b5", options_for(nullptr));
  CHECK(g.status == game::GameStatus::complete);
  CHECK(sans(g) == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5"});
  g = read_movetext_game("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1", options_for("en"));
  CHECK(g.status == game::GameStatus::complete);
  CHECK(sans(g).back() == "O-O");
}
