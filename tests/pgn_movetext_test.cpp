// Reading movetext: the shortcut for the usual tokens (blanks, move
// numbers, plain moves) must give exactly the events of the grammar alone,
// on every token shape and in every combination with its neighbours.
#include <doctest/doctest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "notera/notation/letters.hpp"
#include "notera/notation/read_move.hpp"
#include "notera/pgn/movetext.hpp"
#include "support/token_soup.hpp"

using namespace notera;

namespace {

// The events as text, for failure messages.
std::string describe(const pgn::MovetextParse& parse) {
  std::ostringstream s;
  for (const pgn::MovetextEvent& e : parse.events) {
    const notation::WrittenMove& m = e.move;
    s << '[' << static_cast<int>(e.kind) << ' ' << e.begin << '-' << e.end << " n" << e.number << " d"
      << static_cast<int>(e.dots) << " kind " << static_cast<int>(m.kind) << " letters " << m.piece.letter
      << ' ' << m.captured.letter << ' ' << m.promotion.letter << " squares " << static_cast<int>(m.from_file)
      << ' ' << static_cast<int>(m.from_rank) << ' ' << static_cast<int>(m.to_file) << ' '
      << static_cast<int>(m.to_rank) << " flags " << m.capture << m.dash << m.promotion_mark
      << m.uci_promotion << m.en_passant << m.draw_offer << " check " << static_cast<int>(m.check)
      << " glyph " << static_cast<int>(m.glyph) << "] ";
  }
  return s.str();
}

// Parses `text` both ways with the letters of each language mask.
void check_agrees(const std::string& text, const std::vector<notation::LanguageMask>& masks) {
  for (const notation::LanguageMask mask : masks) {
    pgn::MovetextParse shortcut, grammar;
    parse_movetext(text, mask, shortcut);
    parse_movetext_by_grammar(text, mask, grammar);
    CHECK_MESSAGE(shortcut.events == grammar.events, "text: [" << text << "] mask " << mask
                                                               << "\n shortcut: " << describe(shortcut)
                                                               << "\n grammar:  " << describe(grammar));
  }
}

std::vector<notation::LanguageMask> masks() {
  const notation::LetterTable& letters = notation::LetterTable::instance();
  return {notation::reading_languages(notation::LetterTable::english),
          notation::reading_languages(letters.language_index("nb")),
          notation::reading_languages(letters.language_index("ru")),
          notation::reading_languages(notation::ResolveOptions::any_language)};
}

}  // namespace

TEST_CASE("movetext: the shortcut reads the usual tokens as the grammar does") {
  const std::vector<notation::LanguageMask> languages = masks();
  for (const char* text : {"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0",
                           "1.e4 e5 2.Nf3",
                           "12... exd5 13. Nbxd7+ N5f3#",
                           "O-O O-O-O 0-0 0-0-0 o-o OOO 00 O-O+ O-O-O# O-O-O-O O-Ox",
                           "e8=Q e8=Q+ exf8=N# e8Q e8(Q) e8/Q",
                           "e4! e4? e4!! e4?? e4!? e4?! Nf3+! Qh7#?! e4+!+",
                           "e4++ e4X e4ch e4 ch e4 e.p. exd6 e. p. exd6ep",
                           "Kb1(=) Kb1 (=) e4 (e5) e4(e5) Nf3{c} Nf3;x\n Nf3$1 Nf3[",
                           "e4junk Nf3d4 Ng1f3 Ng1-f3 e2e4 e2-e4 exd ed BxN",
                           "12 e4 12",
                           "12",
                           "e4",
                           "Nf3 ",
                           "1/2-1/2",
                           "*",
                           "0-1",
                           "\t\r\n\f\ve4\r\n",
                           "Sf3 Lb5 Dd1 Td8 Kpf3 Крf3",
                           "♘f3 ♞xd4",
                           "e4\xC2\xA0"
                           "e5",
                           "Nf3\x01 e4\x01",
                           "1. e4 e5 2. Nf3 ( 2. ... Nc6 ) 2. ... Nc6 3 ... Bb5",
                           "2. ...Nc6 2.\t\t...\nNc6 2 ...",
                           "2. .. Nc6 2.... Nc6 2. .... Nc6 2. … Nc6 2 … Nc6 2.…Nc6"})
    check_agrees(text, languages);
}

TEST_CASE("movetext: Black's move announced apart from its number, \"2. ... Nc6\"") {
  // Crafty, chess.js and books write a blank between the number's dot and
  // the ellipsis, or no dot at all; "…" reads as "...".
  const notation::LanguageMask english = notation::reading_languages(notation::LetterTable::english);
  for (const std::string& number :
       {std::string("2. ..."), std::string("2 ..."), std::string("2.  \t..."), std::string("2...."),
        std::string("2. \xE2\x80\xA6"), std::string("2 \xE2\x80\xA6")}) {
    const std::string text = "1. e4 e5 2. Nf3 (" + number + " Nc6) " + number + " Nc6 *";
    pgn::MovetextParse parse;
    parse_movetext(text, english, parse);
    int numbers = 0;
    for (const pgn::MovetextEvent& e : parse.events) {
      CHECK_MESSAGE(e.kind != pgn::MovetextEvent::Kind::unknown, text << ": " << describe(parse));
      if (e.kind == pgn::MovetextEvent::Kind::move_number && e.number == 2 && e.begin > 10) {
        ++numbers;
        CHECK(e.dots == 3);
        CHECK(text.substr(e.begin, e.end - e.begin) == number);
      }
    }
    CHECK_MESSAGE(numbers == 2, text);
  }
  // Not an ellipsis: two dots, or dots that go on.
  pgn::MovetextParse parse;
  parse_movetext("2. .. Nc6", english, parse);
  REQUIRE(parse.events.size() >= 2);
  CHECK(parse.events[0].end == 2);
  CHECK(parse.events[1].kind == pgn::MovetextEvent::Kind::unknown);
}

TEST_CASE("movetext: the shortcut agrees with the grammar on random token soup") {
  // Fragments of every token shape and of the marks around them; random
  // sequences of them meet the shortcut's every decision.
  const std::vector<std::string> fragments = {
      "e4",    "exd5", "ed5", "Nf3",  "Nbd7",  "N5f3", "Nxf3", "N:f3",     "Nbxd7",    "O-O",
      "O-O-O", "0-0",  "o-o", "e8=Q", "=",     "Q",    "K",    "S",        "D",        "T",
      "L",     "B",    "R",   "N",    "P",     "C",    "F",    "X",        "+",        "#",
      "!",     "?",    " ",   " ",    " ",     "\t",   "\n",   "\r\n",     "e.p.",     "ep",
      "e.",    "p.",   "ch",  "(=)",  "(",     ")",    "{c}",  "}",        ";x\n",     "$1",
      "$",     "[",    "]",   "1.",   "12...", "12",   "0",    "1-0",      "0-1",      "1/2-1/2",
      "*",     "a",    "h",   "e",    "c",     "1",    "8",    "9",        "x",        ":",
      "-",     "--",   "/",   ".",    "Кр",    "Kp",   "♘",    "\xC2\xBD", "\xC2\xA0", "\xE2\x80\x93",
      "...",   "..",   "…"};
  const std::vector<notation::LanguageMask> languages = masks();
  test::TokenSoup soup(fragments, 0x6E6F7465726121ULL);
  for (int i = 0; i < 20000; ++i) {
    const std::string text = soup.next_text(6);
    check_agrees(text, languages);
  }
}
