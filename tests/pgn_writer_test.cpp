// PGN export (PGN standard §8): byte-exact output for games with
// comments, NAGs, variations, promotions, castling, Chess960 and long
// lines, and pgn-extract reading what we write without a complaint.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "notera/core/fen.hpp"
#include "notera/core/san.hpp"
#include "notera/pgn/writer.hpp"
#include "notera/text/encoding.hpp"
#include "support/cli.hpp"
#include "support/games.hpp"

using namespace notera;
using notera::test::make_game;
using notera::test::play;
using notera::test::position_before;

namespace {

std::string write(const game::Game& game, pgn::WriterOptions options = {}) {
  pgn::Writer writer(options);
  std::string out;
  writer.write(game, out);
  return out;
}

// The SAN facts the PGN reader records with every move it plays
// (GameMove::san), worked out along the line and its variations: with them
// the writer spells the moves without replaying the game.
void add_hints(game::Line& line, Position pos) {
  for (game::GameMove& m : line.moves) {
    Position after = pos;
    Undo undo;
    if (m.move == Move::null())
      after.do_null_move(undo);
    else
      after.play(m.move);
    m.san = SanHint::of(pos, m.move, after);
    if (m.notes != 0)
      for (game::Line& variation : line.notes[m.notes - 1].variations) add_hints(variation, pos);
    pos = after;
  }
}

// Every movetext line under 80 characters, and filled greedily: the first
// token of a line would not have fitted on the line before.
void check_line_lengths(const std::string& pgn, std::size_t limit = 79) {
  std::istringstream in(pgn);
  std::string line, previous;
  bool movetext = false;
  while (std::getline(in, line)) {
    if (line.empty()) {
      movetext = !movetext && !previous.empty() && previous.front() == '[';
      previous = line;
      continue;
    }
    if (movetext) {
      std::size_t chars = 0;
      for (char c : line) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
      CHECK_MESSAGE(chars <= limit, line);
      CHECK_MESSAGE(line.front() != ' ', line);
      CHECK_MESSAGE(line.back() != ' ', line);
      if (!previous.empty() && previous.front() != '[') {
        const std::string first = line.substr(0, line.find(' '));
        CHECK_MESSAGE(previous.size() + 1 + first.size() > limit, previous << "\n" << line);
      }
    }
    previous = line;
  }
}

game::Game annotated_game() {
  game::Game game = make_game("");
  game.set_tag("Event", "Casual \"blitz\" game");
  game.set_tag("Site", "Oslo NOR");
  game.set_tag("Date", "2024.01.02");
  game.set_tag("Round", "1");
  game.set_tag("White", "Carlsen, Magnus");
  game.set_tag("Black", "C:\\Users\\Doe");
  game.set_tag("WhiteElo", "2830");
  game.set_tag("ECO", "C65");
  game.set_tag("Annotator", "Tab\there");
  game.result = "1-0";
  Position pos = game.start;
  play(game.mainline, pos, "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 Re1 Nd6 Nxe5 Be7 Bf1 Nxe5 Rxe5 O-O");
  game::Line& m = game.mainline;
  // 1... e5 (1... c5 2. Nf3 d6): a variation that starts with Black.
  game::Line sicilian;
  Position before_e5 = position_before(game, 1);
  play(sicilian, before_e5, "c5 Nf3 d6");
  m.edit_notes(1).variations.push_back(sicilian);
  // 3. Bb5 {comment} (3. Bc4 Bc5) 3... Nf6 $1
  m.edit_notes(4).comments.push_back("The Ruy Lopez, {or} Spanish}.");
  game::Line italian;
  Position before_bb5 = position_before(game, 4);
  play(italian, before_bb5, "Bc4 Bc5");
  italian.comment_before = "Also good:";
  m.edit_notes(4).variations.push_back(italian);
  m.edit_notes(5).nags = {1, 14};
  // 4. O-O with a draw offer; 4... Nxe4 $2
  m.moves[6].draw_offer = true;
  m.edit_notes(7).nags = {2};
  m.edit_notes(15).comments.push_back("  Black   has\nequalised.  ");
  return game;
}

game::Game mated_game() {
  game::Game game = make_game("Qh4#", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2");
  game.result = "0-1";
  return game;
}

}  // namespace

TEST_CASE("pgn writer: roster first, others in ASCII order, escapes, comments, NAGs, variations") {
  const std::string expected =
      "[Event \"Casual \\\"blitz\\\" game\"]\n"
      "[Site \"Oslo NOR\"]\n"
      "[Date \"2024.01.02\"]\n"
      "[Round \"1\"]\n"
      "[White \"Carlsen, Magnus\"]\n"
      "[Black \"C:\\\\Users\\\\Doe\"]\n"
      "[Result \"1-0\"]\n"
      "[Annotator \"Tab here\"]\n"
      "[ECO \"C65\"]\n"
      "[WhiteElo \"2830\"]\n"
      "\n"
      "1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 Nc6 3. Bb5 {The Ruy Lopez, (or) Spanish).}\n"
      "({Also good:} 3. Bc4 Bc5) 3... Nf6 $1 $14 4. O-O {(=)} 4... Nxe4 $2 5. Re1 Nd6\n"
      "6. Nxe5 Be7 7. Bf1 Nxe5 8. Rxe5 O-O {Black has equalised.} 1-0\n"
      "\n";
  const std::string out = write(annotated_game());
  CHECK(out == expected);
  check_line_lengths(out);
}

TEST_CASE("pgn writer: a byte to escape or blank out is found at every place in values of every length") {
  // The writer checks a value sixteen, eight or four bytes at a time and
  // the last few one by one: each special byte, at each place in values of
  // 0 to 40 bytes, among plain ASCII and UTF-8 bytes.
  const std::string filler = "Carlsen, \xC3\x98ystein 2830 blitz tiebreak round";
  const std::size_t o_slash = filler.find('\xC3');  // not cut or overwritten: no broken UTF-8
  for (std::size_t length = 0; length <= 40; ++length) {
    if (length == o_slash + 1) continue;
    const std::string plain = filler.substr(0, length);
    game::Game clean;
    clean.set_tag("Event", plain);
    CHECK_MESSAGE(write(clean).find("[Event \"" + (plain.empty() ? std::string("?") : plain) + "\"]\n") !=
                      std::string::npos,
                  length);
    for (std::size_t at = 0; at < length; ++at) {
      if (at == o_slash || at == o_slash + 1) continue;
      for (const char special : {'"', '\\', '\x7F', '\x01', '\x1F', '\n'}) {
        std::string value = plain;
        value[at] = special;
        std::string expected = plain;
        if (special == '"' || special == '\\')
          expected.replace(at, 1, std::string{'\\', special});
        else
          expected[at] = ' ';
        game::Game game;
        game.set_tag("Event", value);
        CAPTURE(length);
        CAPTURE(at);
        CAPTURE(static_cast<int>(special));
        CHECK(write(game).find("[Event \"" + expected + "\"]\n") != std::string::npos);
      }
    }
  }
}

TEST_CASE("pgn writer: a variation with no move is written as a comment after the move, never as \"()\"") {
  game::Game game = make_game("");
  Position pos = game.start;
  play(game.mainline, pos, "e4 e5 Nf3");
  game::Line only_comment;
  only_comment.comment_before = "only a comment";
  game.mainline.edit_notes(0).variations.push_back(only_comment);
  game.mainline.edit_notes(0).variations.push_back(game::Line());  // nothing at all: nothing written
  game::Line d4;
  Position start = game.start;
  play(d4, start, "d4");
  game.mainline.edit_notes(0).variations.push_back(d4);
  game.mainline.edit_notes(2).variations.push_back(only_comment);
  const std::string out = write(game);
  CHECK(out.find("1. e4 {only a comment} (1. d4) 1... e5 2. Nf3 {only a comment} *") != std::string::npos);
  CHECK(out.find("()") == std::string::npos);
  CHECK(out.find("({") == std::string::npos);
}

TEST_CASE("pgn writer: input tag order on request, missing roster tags as the standard says") {
  game::Game game = annotated_game();
  pgn::WriterOptions options;
  options.tag_order = pgn::TagOrder::input;
  const std::string out = write(game, options);
  CHECK(out.find("[Result \"1-0\"]\n[WhiteElo \"2830\"]\n[ECO \"C65\"]\n[Annotator \"Tab here\"]\n\n") !=
        std::string::npos);

  game::Game empty;
  empty.set_tag("White", "");
  empty.set_tag("Result", "0-1");  // the termination marker wins: the game has none
  CHECK(write(empty) ==
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
        "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n*\n\n");
}

TEST_CASE("pgn writer: tags besides the roster by name, stably, however many there are") {
  // Few tags are sorted by insertion, many by std::stable_sort: both must
  // give the order stable_sort gives, names written twice in input order.
  std::mt19937_64 random(88172645463325252ULL);
  for (int count = 0; count <= 40; ++count) {
    game::Game game;
    for (int i = 0; i < count; ++i) {
      // Names from a small set, so that some repeat: Game::tags keeps both.
      const std::string name = std::string(1, static_cast<char>('A' + random() % 6)) + "tag" +
                               std::string(random() % 3, static_cast<char>('a' + random() % 3));
      game.tags.push_back({name, std::to_string(i)});
    }
    std::vector<const Tag*> expected;
    for (const Tag& t : game.tags) expected.push_back(&t);
    std::stable_sort(expected.begin(), expected.end(),
                     [](const Tag* a, const Tag* b) { return a->name < b->name; });
    std::string tags;
    for (const Tag* t : expected) tags += "[" + t->name + " \"" + t->value + "\"]\n";
    const std::string out = write(game);
    CHECK_MESSAGE(out.find("[Result \"*\"]\n" + tags + "\n") != std::string::npos, count);
  }
}

TEST_CASE("pgn writer: promotion with check, long castling with check, FEN and SetUp") {
  game::Game game = make_game("b8=Q+ Kd7 O-O-O+ Ke6 Qb3+ Kf5", "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 40");
  game.set_tag("FEN", "this input text is not copied");
  game.set_tag("SetUp", "0");
  const std::string expected =
      "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
      "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"
      "[FEN \"4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 40\"]\n"
      "[SetUp \"1\"]\n"
      "\n"
      "40. b8=Q+ Kd7 41. O-O-O+ Ke6 42. Qb3+ Kf5 *\n"
      "\n";
  CHECK(write(game) == expected);
}

TEST_CASE("pgn writer: a game starting with Black to move, and mate") {
  const std::string out = write(mated_game());
  CHECK(out.substr(out.find("\n\n") + 2) == "2... Qh4# 0-1\n\n");
}

TEST_CASE("pgn writer: Chess960 castling and the Variant tag") {
  game::Game game =
      make_game("f4 f5 Rf3 Rf6 O-O O-O", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", true);
  game.set_tag("Variant", "fischerandom");
  game.result = "1/2-1/2";
  const std::string expected =
      "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
      "[White \"?\"]\n[Black \"?\"]\n[Result \"1/2-1/2\"]\n"
      "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n"
      "[SetUp \"1\"]\n"
      "[Variant \"Chess960\"]\n"
      "\n"
      "1. f4 f5 2. Rf3 Rf6 3. O-O O-O 1/2-1/2\n"
      "\n";
  CHECK(write(game) == expected);
}

TEST_CASE("pgn writer: a long game wraps at token boundaries under 80 characters") {
  // Kasparov - Topalov, Wijk aan Zee 1999.
  game::Game game = make_game(
      "e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5 O-O-O Qe7 "
      "Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 Qf4+ Ka7 Rhe1 d4 Nd5 "
      "Nbxd5 exd5 Qd6 Rxd4 cxd4 Re7+ Kb6 Qxd4+ Kxa5 b4+ Ka4 Qc3 Qxd5 Ra7 Bb7 Rxb7 Qc4 Qxf6 Kxa3 "
      "Qxa6+ Kxb4 c3+ Kxc3 Qa1+ Kd2 Qb2+ Kd1 Bf1 Rd2 Rd7 Rxd7 Bxc4 bxc4 Qxh8 Rd3 Qa8 c3 Qa4+ Ke1 "
      "f4 f5 Kc1 Rd2 Qa7");
  game.result = "1-0";
  game::Line& m = game.mainline;
  m.edit_notes(46).comments.push_back(
      "A famous sacrifice: the rook is taken and the white queen and rook chase the black king "
      "all the way to the first rank [%clk 0:01:00] [%eval 3.25]");
  m.edit_notes(46).nags = {3};
  const std::string out = write(game);
  const std::string movetext = out.substr(out.find("\n\n") + 2);
  const std::string expected =
      "1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. Be3 Bg7 5. Qd2 c6 6. f3 b5 7. Nge2 Nbd7 8. Bh6\n"
      "Bxh6 9. Qxh6 Bb7 10. a3 e5 11. O-O-O Qe7 12. Kb1 a6 13. Nc1 O-O-O 14. Nb3 exd4\n"
      "15. Rxd4 c5 16. Rd1 Nb6 17. g3 Kb8 18. Na5 Ba8 19. Bh3 d5 20. Qf4+ Ka7 21. Rhe1\n"
      "d4 22. Nd5 Nbxd5 23. exd5 Qd6 24. Rxd4 $3 {A famous sacrifice: the rook is\n"
      "taken and the white queen and rook chase the black king all the way to the\n"
      "first rank [%clk 0:01:00] [%eval 3.25]} 24... cxd4 25. Re7+ Kb6 26. Qxd4+ Kxa5\n"
      "27. b4+ Ka4 28. Qc3 Qxd5 29. Ra7 Bb7 30. Rxb7 Qc4 31. Qxf6 Kxa3 32. Qxa6+ Kxb4\n"
      "33. c3+ Kxc3 34. Qa1+ Kd2 35. Qb2+ Kd1 36. Bf1 Rd2 37. Rd7 Rxd7 38. Bxc4 bxc4\n"
      "39. Qxh8 Rd3 40. Qa8 c3 41. Qa4+ Ke1 42. f4 f5 43. Kc1 Rd2 44. Qa7 1-0\n"
      "\n";
  CHECK(movetext == expected);
  check_line_lengths(out);
}

TEST_CASE("pgn writer: a closing parenthesis that does not fit takes the last token along") {
  // Evans Gambit as a variation of 4. c3.
  game::Game game = make_game("e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6");
  game::Line evans;
  Position pos = position_before(game, 6);
  play(evans, pos, "b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 Qxb5 Rb8 Qa4");
  game.mainline.edit_notes(6).variations.push_back(evans);
  const std::string out = write(game);
  CHECK(out.substr(out.find("\n\n") + 2) ==
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 (4. b4 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O d3\n"
        "8. Qb3 Qf6 9. e5 Qg6 10. Re1 Nge7 11. Ba3 b5 12. Qxb5 Rb8 13. Qa4) 4... Nf6 *\n"
        "\n");
  // At 48 characters "13. Qa4" fills a line exactly: "Qa4" moves on with its ")".
  pgn::WriterOptions narrow;
  narrow.max_line_length = 48;
  const std::string tight = write(game, narrow);
  CHECK(tight.substr(tight.find("\n\n") + 2) ==
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 (4. b4 Bxb4\n"
        "5. c3 Ba5 6. d4 exd4 7. O-O d3 8. Qb3 Qf6 9. e5\n"
        "Qg6 10. Re1 Nge7 11. Ba3 b5 12. Qxb5 Rb8 13.\n"
        "Qa4) 4... Nf6 *\n"
        "\n");
  check_line_lengths(out);
  // Any line limit: never longer, always filled.
  for (int limit = 12; limit <= 90; ++limit) {
    pgn::WriterOptions options;
    options.max_line_length = limit;
    check_line_lengths(write(game, options), static_cast<std::size_t>(limit));
  }
}

TEST_CASE("pgn writer: a null move is written as --") {
  game::Game game = make_game("e4");
  game.mainline.moves.push_back(game::GameMove{});
  game.mainline.moves.back().move = Move::null();
  Position pos = game.final_position();
  play(game.mainline, pos, "d4 e5");
  const std::string out = write(game);
  CHECK(out.substr(out.find("\n\n") + 2) == "1. e4 -- 2. d4 e5 *\n\n");
}

TEST_CASE("pgn writer: Latin-1 repertoire transliterates what ISO-8859-1 lacks") {
  game::Game game = make_game("e4");
  game.set_tag("White", "Cyborowski, Łukasz");
  game.set_tag("Black", "Карпов, Анатолий");
  game.set_tag("Site", "Tromsø");
  game.mainline.edit_notes(0).comments.push_back("Hübsch ♔ ход");
  pgn::WriterOptions options;
  options.latin1_repertoire = true;
  const std::string out = write(game, options);
  CHECK(out.find("[White \"Cyborowski, Lukasz\"]") != std::string::npos);
  CHECK(out.find("[Black \"Karpov, Anatolij\"]") != std::string::npos);
  CHECK(out.find("[Site \"Tromsø\"]") != std::string::npos);
  CHECK(out.find("{Hübsch U+2654 hod}") != std::string::npos);
  CHECK(text::fits_latin1(out));
}

TEST_CASE("pgn writer: pgn-extract reads our output without a complaint") {
  const std::filesystem::path pgn_extract = "/usr/games/pgn-extract";
  if (!std::filesystem::exists(pgn_extract)) {
    MESSAGE("pgn-extract is not installed; skipped");
    return;
  }
  // pgn-extract 19.04 does not know Chess960 castling, so that game is
  // left out here (its output is checked byte for byte above).
  std::string all;
  pgn::Writer writer;
  int games = 0;
  for (game::Game g :
       {annotated_game(), make_game("b8=Q+ Kd7 O-O-O+ Ke6 Qb3+ Kf5", "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 40"),
        mated_game(), make_game("d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6 cxd5 Nxd5"),
        game::Game{}}) {
    writer.write(g, all);
    ++games;
  }
  notera::test::TempDir dir;
  const auto file = dir.write("out.pgn", all);
  const std::string command =
      pgn_extract.string() + " -s " + file.string() + " 2>" + (dir.path() / "err.txt").string();
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string stdout_text;
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) stdout_text.append(buffer, n);
  const int status = pclose(pipe);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(notera::test::read_file(dir.path() / "err.txt") == "");
  int read_back = 0;
  for (std::size_t p = stdout_text.find("[Event "); p != std::string::npos;
       p = stdout_text.find("[Event ", p + 1))
    ++read_back;
  CHECK(read_back == games);
}

TEST_CASE("pgn writer: moves with SAN hints, as the reader gives them, are written as when replayed") {
  // Runs of plain moves, moves with comments, NAGs and a draw offer, a
  // variation (which starts with a pending "(") and a null move: the
  // writer's shortcut for runs of hinted moves lays out the same bytes as
  // the general path at every line limit.
  game::Game game = make_game(
      "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Bd2 Bxd2+ Nbxd2 d5 exd5 Nxd5 Qb3 Na5 Qa4+ c6 "
      "Bxd5 Qxd5 O-O O-O");
  game::Line evans;
  Position pos = position_before(game, 6);
  play(evans, pos, "b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 Qxb5 Rb8 Qa4");
  game.mainline.edit_notes(6).variations.push_back(evans);
  game.mainline.edit_notes(9).comments.push_back("the main line");
  game.mainline.edit_notes(11).nags.push_back(1);
  game.mainline.moves[19].draw_offer = true;
  game.mainline.moves.push_back(game::GameMove{});
  game.mainline.moves.back().move = Move::null();
  Position end = game.final_position();
  play(game.mainline, end, "Re8 Rfe1");
  game::Game hinted = game;
  add_hints(hinted.mainline, game.start);
  REQUIRE(hinted.mainline.moves[3].san.valid());
  REQUIRE(hinted.mainline.notes_of(6).variations[0].moves[0].san.valid());
  for (int limit = 12; limit <= 90; ++limit) {
    pgn::WriterOptions options;
    options.max_line_length = limit;
    const std::string replayed = write(game, options);
    CHECK_MESSAGE(write(hinted, options) == replayed, "limit " << limit);
    check_line_lengths(replayed, static_cast<std::size_t>(limit));
  }
  pgn::WriterOptions one_line;
  one_line.max_line_length = 1000;
  const std::string whole = write(hinted, one_line);
  CHECK(whole.find("4. c3 (4. b4 Bxb4 5. c3 ") != std::string::npos);
  CHECK(whole.find("5. d4 exd4 {the main line} 6. cxd4 Bb4+ $1 7. Bd2") != std::string::npos);
  CHECK(whole.find("10. Qb3 Na5 {(=)} 11. Qa4+") != std::string::npos);
  CHECK(whole.find("13. O-O O-O 14. -- Re8 15. Rfe1 *") != std::string::npos);
}
