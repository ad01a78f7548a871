// The one-pass reading of the usual movetext (play_plain_movetext) must
// leave a game exactly as reading the events and playing them does
// (parse_movetext, play_movetext), or decline and leave it as it was.
// Checked on random legal games written in many ways (numbers or not,
// x or :, marks or not, blanks of every kind, results, and now and then
// what only the general reading knows: comments, NAGs, glyphs, variations,
// another language's letters, an illegal move), and on random token soup.
#include <doctest/doctest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "notera/core/movegen.hpp"
#include "notera/core/san.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/read_move.hpp"
#include "notera/pgn/movetext.hpp"
#include "notera/pgn/play_movetext.hpp"
#include "notera/pgn/reader.hpp"
#include "notera/pgn/writer.hpp"
#include "notera/text/encoding.hpp"
#include "support/token_soup.hpp"

using namespace notera;

namespace {

struct Outcome {
  bool plain = false;  // the one-pass reading took it
};

std::string describe(const game::Game& g) {
  std::ostringstream s;
  s << "result " << g.result << " language " << g.language << " status " << static_cast<int>(g.status)
    << " moves";
  for (const game::GameMove& m : g.mainline.moves)
    s << ' ' << m.move.from() << '-' << m.move.to() << '@' << m.source_offset << (m.draw_offer ? "=" : "")
      << '/' << m.san.valid() << static_cast<int>(m.san.piece()) << m.san.capture()
      << static_cast<int>(m.san.origin()) << static_cast<int>(m.san.check()) << 'n' << m.notes;
  s << " diagnostics";
  for (const Diagnostic& d : g.diagnostics) s << ' ' << d.message.key;
  return s.str();
}

bool same_notes(const game::Line& a, const game::Line& b) {
  if (a.notes.size() != b.notes.size()) return false;
  for (std::size_t i = 0; i < a.notes.size(); ++i)
    if (a.notes[i].nags != b.notes[i].nags || !a.notes[i].comments.empty() || !b.notes[i].comments.empty() ||
        !a.notes[i].variations.empty() || !b.notes[i].variations.empty())
      return false;
  return true;
}

// Reads `text` both ways (with `options`) and checks that the one-pass
// reading, when it takes the text, gives what the events give.
Outcome check_same(const std::string& text, const pgn::PlayOptions& options) {
  Outcome outcome;
  game::Game plain;
  plain.result = "*";
  plain.mainline.moves.push_back({});  // declining must leave no trace of what was there
  pgn::PlainPlay found;
  outcome.plain = pgn::play_plain_movetext(text, 7, plain, options, found);
  if (!outcome.plain) {
    CHECK_MESSAGE(plain.mainline.moves.empty(), text);
    CHECK_MESSAGE(plain.result == "*", text);
    CHECK_MESSAGE(plain.diagnostics.empty(), text);
    return outcome;
  }
  game::Game events;
  events.result = "*";
  pgn::MovetextParse parse;
  parse_movetext(text, notation::reading_languages(options.language), parse);
  const std::string whole = std::string(7, ' ') + text;
  text::TextLocator locator(whole);
  const pgn::LanguageChoice choice = play_movetext(parse, text, 7, locator, events, options);
  bool terminated = false;
  for (const pgn::MovetextEvent& e : parse.events) terminated |= e.kind == pgn::MovetextEvent::Kind::result;

  const auto same_moves = [&] {
    if (plain.mainline.moves.size() != events.mainline.moves.size()) return false;
    for (std::size_t i = 0; i < plain.mainline.moves.size(); ++i) {
      const game::GameMove& a = plain.mainline.moves[i];
      const game::GameMove& b = events.mainline.moves[i];
      if (a.move != b.move || a.source_offset != b.source_offset || a.draw_offer != b.draw_offer ||
          a.san.valid() != b.san.valid() || a.san.piece() != b.san.piece() ||
          a.san.capture() != b.san.capture() || a.san.origin() != b.san.origin() ||
          a.san.check() != b.san.check() || a.notes != b.notes)
        return false;
    }
    return true;
  };
  bool same_diagnostics = plain.diagnostics.size() == events.diagnostics.size();
  for (std::size_t i = 0; same_diagnostics && i < plain.diagnostics.size(); ++i)
    same_diagnostics = plain.diagnostics[i].message.key == events.diagnostics[i].message.key &&
                       plain.diagnostics[i].severity == events.diagnostics[i].severity;
  const bool same = same_moves() && same_notes(plain.mainline, events.mainline) &&
                    plain.result == events.result && plain.language == events.language &&
                    plain.status == events.status && same_diagnostics &&
                    events.mainline.comment_before.empty() && found.terminated == terminated &&
                    found.any_token == !parse.events.empty() && found.language.language == choice.language &&
                    found.language.guessed == choice.guessed && choice.also_fit.empty();
  CHECK_MESSAGE(same, "text: [" << text << "]\n one pass: " << describe(plain) << " terminated "
                                << found.terminated << " any " << found.any_token
                                << "\n events:   " << describe(events) << " terminated " << terminated
                                << " any " << !parse.events.empty());
  return outcome;
}

std::vector<pgn::PlayOptions> option_sets() {
  pgn::PlayOptions automatic;
  pgn::PlayOptions english;
  english.language = notation::LetterTable::english;
  pgn::PlayOptions strict = automatic;
  strict.foreign_letters = false;
  pgn::PlayOptions norwegian;  // declined: not English
  norwegian.language = notation::LetterTable::instance().language_index("nb");
  pgn::PlayOptions warnings;  // declined: warnings are judged by the general reading
  warnings.warnings = true;
  pgn::PlayOptions short_games;  // a limit: declined when reached
  short_games.max_plies = 30;
  return {automatic, english, strict, norwegian, warnings, short_games};
}

// A random legal game, written in one of many ways.
std::string random_game_text(std::mt19937& rng) {
  const auto chance = [&rng](int percent) { return static_cast<int>(rng() % 100) < percent; };
  const char* const blanks[] = {" ", " ", " ", "  ", "\n", "\r\n", "\t", "\f", "\v"};
  const auto blank = [&] { return std::string(blanks[rng() % std::size(blanks)]); };
  std::string text;
  if (chance(5)) text += blank();
  Position pos = Position::start();
  const int plies = static_cast<int>(rng() % 160);
  const int style = static_cast<int>(rng() % 4);  // numbers: "1. e4", "1.e4", none, "1 e4"
  const int unusual = chance(50) ? 0 : 2;         // percent per ply of what only the events read
  for (int ply = 0; ply < plies; ++ply) {
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.empty()) break;
    const Move m = moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))];
    std::string san = to_san(pos, m);
    if (chance(3)) {
      for (char& c : san)
        if (c == 'x') c = ':';
    }
    if (chance(5) && !san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
    if (chance(2) && !san.empty() && san.back() == '+') san += '+';
    if (chance(2)) san += chance(50) ? "!" : "?!";
    if (chance(unusual)) san[0] = san[0] == 'N' ? 'S' : san[0];  // Norwegian knight
    if (chance(unusual)) san = "Qh5";                            // perhaps illegal
    if (chance(unusual)) san = "e8=Q";
    if (pos.side_to_move() == Color::white || ply == 0) {
      const std::string number = std::to_string(pos.fullmove_number());
      const std::string dots = pos.side_to_move() == Color::white ? "." : "...";
      if (style == 0) text += number + dots + " ";
      if (style == 1) text += number + dots;
      if (style == 3) text += number + " ";
    }
    text += san;
    if (chance(unusual)) text += " {a comment}";
    if (chance(unusual)) text += " $1";
    if (chance(unusual)) text += " (e4)";
    if (chance(unusual)) text += " e.p.";
    text += blank();
    pos.play(m);
  }
  const char* const results[] = {"1-0", "0-1", "1/2-1/2", "*", "", "1-0 ", "*\n"};
  text += results[rng() % std::size(results)];
  if (chance(2)) text += " 1. e4";  // a move after the result
  return text;
}

}  // namespace

TEST_CASE("play_plain_movetext: the usual movetext read in one pass is the game the events give") {
  std::mt19937 rng(18);
  const std::vector<pgn::PlayOptions> options = option_sets();
  int taken = 0;
  int declined = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string text = random_game_text(rng);
    for (const pgn::PlayOptions& o : options) (check_same(text, o).plain ? taken : declined)++;
  }
  // Both ways are exercised: most such games are taken, the unusual declined.
  CHECK(taken > 3000);
  CHECK(declined > 3000);
}

TEST_CASE("play_plain_movetext: token shapes and token soup") {
  const std::vector<pgn::PlayOptions> options = option_sets();
  for (const char* text : {"",
                           " \n",
                           "1.",
                           "1. e4",
                           "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0",
                           "e4 *",
                           "e4 1-0 e5",
                           "1-0",
                           "0-1",
                           "1/2-1/2",
                           "*",
                           "1-0)",
                           "1-0x",
                           "e4 e5 Ke2 Ke7 0-0",
                           "e4+ e5#",
                           "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O",
                           "e4 e5 Nf3 Nc6 Bb5 Nf6 0-0",
                           "e4 d5 exd5 Qxd5 Nc3",
                           "e4 d5 ed5",
                           "e4 d5 e:d5",
                           "e4 d5 exd5 e5 Nf3 e4 d4 exd3",
                           "d4 e5 dxe5 f5 exf6",
                           "e4(e5)",
                           "e4 (e5)",
                           "e4{c}",
                           "e4;c\n",
                           "e4$1",
                           "e4 e5 Nf3 Nc6 Nc3 Nf6 Nb5 Nb4 Nc3",
                           "Nf3 Nf6 Ng5 Ng4 Nh3 Nh6 Nf4 Nf5 Nd3 Nd6 Nfe5",
                           "Nf3 Nf6 Nc3 Nc6 Ne4 Ne5 Ng5",
                           "e4\xC2\xA0"
                           "e5",
                           "e4 e5 Sf3",
                           "e4 e5 Nf3 e.p.",
                           "e4 e5 Kb1 (=)",
                           "Nf3 Nf6 Kb1(=)",
                           "e4\x01 e5"}) {
    for (const pgn::PlayOptions& o : options) check_same(text, o);
  }
  const std::vector<std::string> fragments = {
      "e4",    "exd5", "ed5", "Nf3",  "Nc3", "Nbd7",    "N5f3", "Nxf3", "N:f3", "Nbxd7",    "O-O",
      "O-O-O", "0-0",  "d4",  "e5",   "d5",  "Nf6",     "c4",   "Bb5",  "Bc4",  "Qh5",      "Qxf7#",
      "e8=Q",  "K",    "S",   "B",    "N",   "X",       "+",    "#",    "!",    "?",        " ",
      " ",     "\t",   "\n",  "e.p.", "ep",  "(=)",     "(",    ")",    "{c}",  "$1",       "1.",
      "1...",  "12",   "0",   "1-0",  "0-1", "1/2-1/2", "*",    "x",    ":",    "\xC2\xBD", "Kp"};
  test::TokenSoup soup(fragments, 0x6F6E6570617373ULL);
  for (int i = 0; i < 5000; ++i) {
    const std::string text = soup.next_text(8);
    for (const pgn::PlayOptions& o : options) check_same(text, o);
  }
}

TEST_CASE("play_plain_movetext: moves written as SAN, copied by the writer, are what it spells") {
  // Random games written in many ways (check marks left out or doubled,
  // ':' for x, glyphs, over-specified origins never: to_san's own): the
  // writer given the text copies the moves GameMove::source_length marks
  // and must write what it writes spelling every move.
  std::mt19937 rng(19);
  pgn::GameReader reader(pgn::ReadOptions{});
  pgn::Writer writer;
  int copied = 0;
  int spelled = 0;
  for (int i = 0; i < 2000; ++i) {
    // Over-specified and under-specified origins too, which are not SAN.
    std::string moves = random_game_text(rng);
    if (i % 3 == 0)
      for (const char* const from : {"Nf3", "Ne5", "Rd1", "Qd2", "Be3"})
        for (std::size_t at = moves.find(from); at != std::string::npos; at = moves.find(from, at + 3))
          moves.insert(at + 1, 1, i % 2 ? 'b' : '1');
    const std::string text = "[Event \"x\"]\n\n" + moves;
    game::Game game;
    reader.read(text, 1, game);
    std::string with_source;
    std::string spelling;
    writer.write(game, with_source, text);
    writer.write(game, spelling);
    CHECK_MESSAGE(with_source == spelling, "text: [" << text << "]");
    for (const game::GameMove& m : game.mainline.moves) (m.source_length != 0 ? copied : spelled)++;
  }
  CHECK(copied > 20000);
  CHECK(spelled > 1000);

  // A game decoded from another encoding is read from a copy no writer is
  // given (its offsets are the copy's): nothing is marked to copy.
  const text::Detection latin1 = text::forced_encoding(text::Encoding::latin1);
  pgn::GameReader decoding(pgn::ReadOptions{}, &latin1);
  game::Game decoded;
  decoding.read("[Event \"Caf\xE9\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n", 1, decoded);
  REQUIRE(decoded.mainline.moves.size() == 4);
  for (const game::GameMove& m : decoded.mainline.moves) CHECK(m.source_length == 0);
  game::Game plain;
  reader.read("[Event \"Cafe\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n", 1, plain);
  for (const game::GameMove& m : plain.mainline.moves) CHECK(m.source_length != 0);
}
