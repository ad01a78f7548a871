// The streaming game splitter: where games start and end, what is skipped
// and reported, line numbers, and that every input byte is accounted for,
// for hand-written cases, at every chunk size, and on the nasty corpus.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "notera/locale/messages.hpp"
#include "notera/pgn/splitter.hpp"
#include "support/cli.hpp"

using namespace notera;
using pgn::SegmentKind;
using pgn::SkipReason;

namespace {

struct Piece {
  SegmentKind kind;
  SkipReason reason;
  std::string text;
  std::int64_t line;
  std::uint64_t offset;
  std::vector<pgn::SplitNote> notes;
  bool truncated;
  int column;
};

std::vector<Piece> split(const std::string& input, pgn::SplitterOptions options = {}) {
  text::MemorySource source(input);
  pgn::Splitter splitter(source, options);
  std::vector<Piece> pieces;
  pgn::Segment s;
  std::uint64_t offset = 0;
  while (splitter.next(s)) {
    REQUIRE(s.byte_offset == offset);  // contiguous: nothing lost, nothing twice
    REQUIRE(!s.text.empty());
    offset += s.text.size();
    pieces.push_back({s.kind, s.reason, std::string(s.text), s.first_line, s.byte_offset,
                      std::vector<pgn::SplitNote>(s.notes.begin(), s.notes.end()), s.truncated,
                      s.first_column});
  }
  CHECK(offset == input.size());
  return pieces;
}

std::vector<Piece> games_of(const std::vector<Piece>& pieces) {
  std::vector<Piece> games;
  for (const Piece& p : pieces)
    if (p.kind == SegmentKind::game) games.push_back(p);
  return games;
}

// The same segments whatever the chunk size (a CR, a multibyte character
// or a line may be cut between two reads).
std::vector<Piece> split_checked(const std::string& input) {
  const std::vector<Piece> reference = split(input);
  for (std::size_t chunk : {1, 2, 3, 7, 64}) {
    pgn::SplitterOptions options;
    options.chunk_size = chunk;
    const std::vector<Piece> other = split(input, options);
    REQUIRE(other.size() == reference.size());
    for (std::size_t i = 0; i < other.size(); ++i) {
      CHECK(other[i].text == reference[i].text);
      CHECK(other[i].kind == reference[i].kind);
      CHECK(other[i].line == reference[i].line);
      CHECK(other[i].column == reference[i].column);
      CHECK(other[i].notes.size() == reference[i].notes.size());
    }
  }
  return reference;
}

bool has_note(const Piece& p, const std::string& key) {
  for (const auto& n : p.notes)
    if (n.message.key == key) return true;
  return false;
}

const pgn::SplitNote& note(const Piece& p, const std::string& key) {
  for (const auto& n : p.notes)
    if (n.message.key == key) return n;
  FAIL("no note " << key);
  throw;
}

}  // namespace

TEST_CASE("pgn splitter: games with tags, blank lines, line numbers") {
  const std::string input =
      "\n\n[Event \"A\"]\n[Site \"x\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\n"
      "[Event \"B\"]\n[Result \"*\"]\n\n1. d4 *\n";
  const auto pieces = split_checked(input);
  REQUIRE(pieces.size() == 3);
  CHECK(pieces[0].kind == SegmentKind::skipped);
  CHECK(pieces[0].reason == SkipReason::blank);
  CHECK(pieces[0].text == "\n\n");
  CHECK(pieces[1].kind == SegmentKind::game);
  CHECK(pieces[1].line == 3);
  CHECK(pieces[1].text == "[Event \"A\"]\n[Site \"x\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\n");
  CHECK(pieces[2].line == 9);
  CHECK(pieces[2].text == "[Event \"B\"]\n[Result \"*\"]\n\n1. d4 *\n");
}

TEST_CASE("pgn splitter: a UTF-8 byte order mark is its own skipped segment") {
  const auto pieces = split_checked("\xEF\xBB\xBF[Event \"\xC3\xB8\"]\n\n1. e4 *\n");
  REQUIRE(pieces.size() == 2);
  CHECK(pieces[0].reason == SkipReason::byte_order_mark);
  CHECK(pieces[0].text == "\xEF\xBB\xBF");
  pgn::Segment bom;
  bom.kind = SegmentKind::skipped;
  bom.reason = SkipReason::byte_order_mark;
  CHECK(pgn::describe_skipped(bom).empty());
  CHECK(pieces[1].kind == SegmentKind::game);
  CHECK(pieces[1].line == 1);
  CHECK(pieces[1].offset == 3);
}

TEST_CASE("pgn splitter: CR-only line ends become LF, CRLF stays, lines count right") {
  const auto cr = split_checked("[Event \"a\"]\r[Site \"b\"]\r\r1. e4 e5 *\r\r[Event \"c\"]\r\r*\r");
  REQUIRE(cr.size() == 2);
  CHECK(cr[0].text == "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 *\n\n");
  CHECK(cr[1].line == 6);
  CHECK(cr[1].text == "[Event \"c\"]\n\n*\n");

  const auto crlf =
      split_checked("[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event \"c\"]\r\n\r\n*\r\n");
  REQUIRE(crlf.size() == 2);
  CHECK(crlf[0].text == "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 e5 *\r\n\r\n");
  CHECK(crlf[1].line == 6);
  // A CR at the very end of the input is a line end too.
  const auto tail = split_checked("1. e4 *\r");
  REQUIRE(tail.size() == 1);
  CHECK(tail[0].text == "1. e4 *\n");
}

TEST_CASE("pgn splitter: NUL bytes are reported and read as spaces") {
  using namespace std::string_literals;
  const std::string input = "[Event \"a\"]\n\n1. e4 e5 1/2-1/2\0\0\n\n[Event \"b\"]\n\n1. d4\0 *\n"s;
  const auto games = games_of(split_checked(input));
  REQUIRE(games.size() == 2);
  CHECK(games[0].text.find('\0') == std::string::npos);
  CHECK(games[0].text.find("1/2-1/2  \n") != std::string::npos);
  const auto& n = note(games[0], "pgn.split.nul_bytes");
  CHECK(n.line == 3);
  CHECK(n.column == 17);
  CHECK(n.message.args.at(0).second.number == 2);
  CHECK(has_note(games[1], "pgn.split.nul_bytes"));
}

TEST_CASE("pgn splitter: text between games is skipped and reported, not glued to a game") {
  const std::string input =
      "[Event \"A\"]\n\n1. e4 e5 1-0\n\nPoikovsky\n---------\n\n[Event \"B\"]\n\n1. d4 d5 0-1\n";
  const auto pieces = split_checked(input);
  REQUIRE(pieces.size() == 3);
  CHECK(pieces[0].text == "[Event \"A\"]\n\n1. e4 e5 1-0\n\n");
  CHECK(pieces[1].kind == SegmentKind::skipped);
  CHECK(pieces[1].reason == SkipReason::between_games);
  CHECK(pieces[1].line == 5);
  CHECK(pieces[1].text == "Poikovsky\n---------\n\n");
  pgn::Segment s;
  s.kind = SegmentKind::skipped;
  s.reason = SkipReason::between_games;
  s.text = pieces[1].text;
  const Message m = pgn::describe_skipped(s);
  CHECK(m.key == "pgn.split.skip.between_games");
  CHECK(m.args.at(0).second.text == "Poikovsky");
  CHECK(m.args.at(1).second.number == 3);
  CHECK(pieces[2].kind == SegmentKind::game);
  // The text as written when it is UTF-8, cut at a character; '?' for the
  // bytes above ASCII when it is not.
  const std::string french =
      "Les quatre parties analys\xC3\xA9"
      "es sont : \xC3\x98 Polouga\xC3\xAF"
      "evski " +
      std::string(40, 'x') + "\n";
  s.text = french;
  const std::string shown = pgn::describe_skipped(s).args.at(0).second.text;
  CHECK(shown.rfind("Les quatre parties analys\xC3\xA9"
                    "es sont : \xC3\x98 Polouga\xC3\xAF"
                    "evski",
                    0) == 0);
  s.text =
      "Polouga\xEF"
      "evski, Lev\n";
  CHECK(pgn::describe_skipped(s).args.at(0).second.text == "Polouga?evski, Lev");
  std::string accents;
  for (int i = 0; i < 40; ++i) accents += "\xC3\xA9";
  accents += "\n";
  s.text = accents;
  CHECK(pgn::describe_skipped(s).args.at(0).second.text == accents.substr(0, 60));
}

TEST_CASE("pgn splitter: headerless move lists are games") {
  const auto games = games_of(split_checked("1. e4 e5 2. Nf3 *\n\n1. d4 d5 *\n\n   e4 c5 Nf3 d6\n"));
  REQUIRE(games.size() == 3);
  CHECK(games[0].text == "1. e4 e5 2. Nf3 *\n\n");
  CHECK(games[1].text == "1. d4 d5 *\n\n");
  CHECK(games[2].text == "   e4 c5 Nf3 d6\n");
  CHECK(games[2].line == 5);
  // Without a result, the next move list is the same game.
  CHECK(games_of(split_checked("1. e4 e5\n\n2. Nf3 Nc6\n")).size() == 1);
}

TEST_CASE("pgn splitter: header-only games follow each other") {
  const auto games = games_of(
      split_checked("[Event \"a\"]\n[Result \"*\"]\n\n[Event \"b\"]\n\n[Event \"c\"]\n[Site \"x\"]\n"));
  REQUIRE(games.size() == 3);
  CHECK(games[2].text == "[Event \"c\"]\n[Site \"x\"]\n");
  // A blank line inside one tag section does not cut it (ChessBase writes that).
  CHECK(games_of(split_checked("[Event \"a\"]\n\n[Date \"2017\"]\n[White \"x\"]\n\n1. e4 *\n")).size() == 1);
  // Tags and moves on one line, leading blanks.
  const auto inline_games =
      games_of(split_checked("  [Variant \"Standard\"] 1. e4 e5 {c}\n\n  [Variant \"Standard\"]\n1. d4\n"));
  CHECK(inline_games.size() == 2);
  // Many names (the splitter keeps 64, each also as a bit of a filter):
  // a repeated one starts a game, wherever it stands and however many
  // names share its bit; one past the 64 kept is not seen again.
  std::string many;
  for (int i = 0; i < 70; ++i) many += "[T" + std::to_string(i) + " \"v\"]\n";
  for (int repeated : {0, 1, 31, 63}) {
    const auto split_many = games_of(split_checked(many + "[T" + std::to_string(repeated) + " \"w\"]\n"));
    CHECK_MESSAGE(split_many.size() == 2, repeated);
  }
  CHECK(games_of(split_checked(many + "[T66 \"w\"]\n")).size() == 1);
  // Several tags on one line are remembered too.
  CHECK(games_of(split_checked("[Event \"a\"] [Site \"b\"]\n[Site \"c\"]\n")).size() == 2);
}

TEST_CASE("pgn splitter: '%' escape lines are skipped") {
  const std::string input = "%comment before\n%and more\n[Event \"a\"]\n% inside the game\n\n1. e4 *\n";
  const auto pieces = split_checked(input);
  REQUIRE(pieces.size() == 2);
  CHECK(pieces[0].reason == SkipReason::escape_line);
  CHECK(pieces[0].text == "%comment before\n%and more\n");
  CHECK(pieces[1].kind == SegmentKind::game);
  CHECK(pieces[1].text == "[Event \"a\"]\n                 \n\n1. e4 *\n");
  const auto& n = note(pieces[1], "pgn.split.escape_line");
  CHECK(n.line == 4);
  CHECK(n.column == 1);
}

TEST_CASE("pgn splitter: pgn and /pgn wrappers are ignored") {
  const auto games = games_of(split_checked("[pgn] 1. e4 e5 2. Nf3 * [/pgn]\n[pgn]\n1. d4 *\n[/pgn]\n"));
  REQUIRE(games.size() == 2);
  // A wrapper alone on its line leaves a blank line, which stays with the
  // game before it.
  CHECK(games[0].text == "      1. e4 e5 2. Nf3 *       \n     \n");
  CHECK(games[1].text == "1. d4 *\n      \n");
}

TEST_CASE("pgn splitter: braces, strings and semicolons do not fool the game boundaries") {
  const std::string input =
      "[Event \"a {b\"]\n[Site \"c ] ; d\"]\n\n1. e4 {A comment\n[Event \"not a tag\"] in it\n"
      "over lines} e5 ; a {rest of line comment\n2. Nf3 *\n\n[Event \"next\"]\n\n*\n";
  const auto games = games_of(split_checked(input));
  REQUIRE(games.size() == 2);
  CHECK(games[1].text == "[Event \"next\"]\n\n*\n");
  // Results inside a variation or a comment do not end the game.
  const auto rav = games_of(split_checked("1. e4 (1. d4 1-0) {0-1} e5\nGame goes on\n"));
  CHECK(rav.size() == 1);
  // A value broken over two lines stays in its tag section.
  const auto broken = games_of(split_checked("[Event \"x\"]\n[Site \"Some\nwhere\"]\n[Result \"*\"]\n\n*\n"));
  CHECK(broken.size() == 1);
}

TEST_CASE("pgn splitter: a comment among the tags or before them keeps the game whole") {
  // Between two tags, on a line of its own, after a tag on its line, over
  // two lines, a ';' line: one game each time.
  for (const std::string input :
       {"[Event \"x\"]\n{note}\n[Site \"y\"]\n\n1. e4 e5 *\n",
        "[Event \"x\"] {note}\n[Site \"y\"]\n\n1. e4 e5 *\n",
        "[Event \"x\"]\n{a note\nover two lines}\n[Site \"y\"]\n\n1. e4 e5 *\n",
        "[Event \"x\"]\n{one} {two}\n\n[Site \"y\"]\n[Result \"*\"]\n\n1. e4 e5 *\n",
        "[Event \"x\"]\n; a line comment\n[Site \"y\"]\n\n1. e4 e5 *\n",
        "; Collected by A. N. Other\n[Event \"x\"] ; { not a brace\n[Site \"y\"]\n\n1. e4 e5 *\n"}) {
    CAPTURE(input);
    const auto games = games_of(split_checked(input));
    REQUIRE(games.size() == 1);
    CHECK(games[0].text == input);
  }
  // Before the first tag of the file: the first game's.
  const std::string preamble =
      "{Collected by A. N. Other}\n\n[Event \"x\"]\n[Site \"y\"]\n\n1. d4 *\n\n"
      "[Event \"z\"]\n\n1. c4 *\n";
  const auto pieces = split_checked(preamble);
  REQUIRE(pieces.size() == 2);
  CHECK(pieces[0].kind == SegmentKind::game);
  CHECK(pieces[0].text.rfind("{Collected by A. N. Other}\n\n[Event \"x\"]", 0) == 0);
  CHECK(pieces[1].text == "[Event \"z\"]\n\n1. c4 *\n");
  // A tag name seen before still starts the next game after a comment
  // (header-only games with notes), and moves still end the tag section.
  const auto again = games_of(split_checked("[Event \"x\"]\n{note}\n[Event \"y\"]\n"));
  CHECK(again.size() == 2);
  const auto moves = games_of(split_checked("[Event \"x\"]\n{note} 1. e4\n[Site \"y\"]\n"));
  CHECK(moves.size() == 2);
}

TEST_CASE("pgn splitter: an unterminated comment ends at EOF or at the next Event tag line") {
  const auto at_eof = games_of(split_checked("[Event \"a\"]\n\n1. e4 {never closed\n2. d4\n"));
  REQUIRE(at_eof.size() == 1);
  const auto& n = note(at_eof[0], "pgn.split.unterminated_comment");
  CHECK(n.line == 3);
  CHECK(n.column == 7);

  const auto resync = games_of(split_checked("[Event \"a\"]\n\n1. e4 {oops\n\n[Event \"b\"]\n\n1. d4 *\n"));
  REQUIRE(resync.size() == 2);
  CHECK(has_note(resync[0], "pgn.split.unterminated_comment"));
  CHECK(resync[1].text == "[Event \"b\"]\n\n1. d4 *\n");
  CHECK(resync[1].notes.empty());
}

TEST_CASE("pgn splitter: a game over the size limit is cut and the splitter resynchronises") {
  pgn::SplitterOptions options;
  options.max_game_size = 1000;
  options.max_line_length = 100;
  options.chunk_size = 64;
  std::string big = "[Event \"big\"]\n\n1. e4 {";
  for (int i = 0; i < 200; ++i) big += "a comment that goes on\n";
  big += "}\n[Site \"not a new game: no Event\"]\nmore text\n\n[Event \"next\"]\n\n1. d4 *\n";
  const auto pieces = split(big, options);
  REQUIRE(pieces.size() >= 3);
  CHECK(pieces[0].kind == SegmentKind::game);
  CHECK(pieces[0].truncated);
  CHECK(pieces[0].text.size() >= 1000);
  CHECK(pieces[0].text.size() <= 1100);
  CHECK(has_note(pieces[0], "pgn.split.game_too_large"));
  CHECK(has_note(pieces[0], "pgn.split.unterminated_comment"));
  // Everything up to the next tag line is overflow.
  for (std::size_t i = 1; i + 2 < pieces.size(); ++i) {
    CHECK(pieces[i].kind == SegmentKind::skipped);
    CHECK(pieces[i].reason == SkipReason::overflow);
  }
  CHECK(pieces[pieces.size() - 2].kind == SegmentKind::game);
  CHECK(pieces[pieces.size() - 2].text.rfind("[Site \"not a new game", 0) == 0);
  CHECK(pieces.back().text == "[Event \"next\"]\n\n1. d4 *\n");
}

TEST_CASE("pgn splitter: a 10 MB line is cut with bounded memory") {
  std::string input;
  input.reserve(11 << 20);
  input += "[Event \"long\"]\n\n";
  while (input.size() < (10u << 20)) input += "1. e4 e5 2. Nf3 Nc6 ";
  input += "\n[Event \"after\"]\n\n1. d4 *\n";
  const auto pieces = split(input);
  REQUIRE(pieces.size() >= 3);
  CHECK(pieces[0].kind == SegmentKind::game);
  CHECK(pieces[0].truncated);
  const auto& n = note(pieces[0], "pgn.split.line_too_long");
  CHECK(n.line == 3);
  std::size_t largest = 0;
  for (const Piece& p : pieces) largest = std::max(largest, p.text.size());
  const pgn::SplitterOptions defaults;
  CHECK(largest <= defaults.max_game_size + defaults.max_line_length);
  for (std::size_t i = 1; i + 1 < pieces.size(); ++i) CHECK(pieces[i].reason == SkipReason::overflow);
  CHECK(pieces.back().kind == SegmentKind::game);
  CHECK(pieces.back().text == "[Event \"after\"]\n\n1. d4 *\n");
  CHECK(pieces.back().line == 4);
}

TEST_CASE("pgn splitter: the usual lines' shortcut leaves every other line to the general steps") {
  // Lines inside a game (not its first) that look nearly usual: each one
  // must still be blanked, reported or end the game as a general line.
  const auto close = games_of(split_checked("[Event \"a\"]\n\n1. e4 e5\n2. Nf3 * [/pgn]\n"));
  REQUIRE(close.size() == 1);
  CHECK(close[0].text == "[Event \"a\"]\n\n1. e4 e5\n2. Nf3 *       \n");
  const auto open = games_of(split_checked("[Event \"a\"]\n\n1. e4\n [pgn] e5 *\n"));
  REQUIRE(open.size() == 1);
  CHECK(open[0].text == "[Event \"a\"]\n\n1. e4\n       e5 *\n");
  const auto escape = games_of(split_checked("[Event \"a\"]\n\n1. e4\n%escaped\ne5 *\n"));
  REQUIRE(escape.size() == 1);
  CHECK(escape[0].text == "[Event \"a\"]\n\n1. e4\n        \ne5 *\n");
  CHECK(note(escape[0], "pgn.split.escape_line").line == 4);
  // A tag line in the movetext starts a game, result or not.
  const auto next = games_of(split_checked("[Event \"a\"]\n\n1. e4 e5\n2. Nf3\n[Event \"b\"]\n\n1. d4 *\n"));
  REQUIRE(next.size() == 2);
  CHECK(next[1].text == "[Event \"b\"]\n\n1. d4 *\n");
  // Moves after a tag pair on its line are scanned: the result is seen.
  const auto after_tag = split_checked("[Event \"a\"]\n[Site \"b\"] 1. e4 1-0\nPoikovsky\n");
  REQUIRE(after_tag.size() == 2);
  CHECK(after_tag[1].reason == SkipReason::between_games);
  // The game size limit holds on plain movetext lines too.
  pgn::SplitterOptions options;
  options.max_game_size = 1000;
  options.max_line_length = 100;
  std::string big = "[Event \"big\"]\n[Site \"x\"]\n\n";
  for (int i = 1; i < 100; ++i) big += std::to_string(i) + ". e4 e5 " + std::to_string(i) + ". Nf3 Nc6\n";
  const auto pieces = split(big + "*\n", options);
  REQUIRE(pieces.size() >= 2);
  CHECK(pieces[0].truncated);
  CHECK(pieces[0].text.size() <= 1100);
  CHECK(has_note(pieces[0], "pgn.split.game_too_large"));
}

TEST_CASE("pgn splitter: variations and results are found at every place in a movetext line") {
  // The scan looks at sixteen bytes at a time and at a line's last bytes
  // in one step that overlaps bytes already seen: a variation's "(" is
  // counted once, and the result is seen, wherever they fall.
  for (std::size_t pad = 0; pad < 40; ++pad) {
    const std::string moves = "1. e4 " + std::string(pad, ' ') + "(1. d4) e5 1-0";
    const auto pieces = split_checked("[Event \"a\"]\n\n" + moves + "\nPoikovsky\n");
    REQUIRE_MESSAGE(pieces.size() == 2, pad);
    CHECK(pieces[0].text == "[Event \"a\"]\n\n" + moves + "\n");
    CHECK(pieces[1].reason == SkipReason::between_games);
  }
}

TEST_CASE("pgn splitter: a game that starts on the line of the result before it") {
  // Whole databases written on one line: each result followed by a tag
  // ends its game there, and the next game starts at the tag.
  const std::string game =
      "[Event \"x\"] [White \"A\"] [Black \"B\"] [Result \"1-0\"] 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0";
  const std::string line = game + " " + game + "  " + game + "\n";
  const auto pieces = split_checked(line);
  REQUIRE(pieces.size() == 3);
  CHECK(pieces[0].text == game + " ");
  CHECK(pieces[1].text == game + "  ");
  CHECK(pieces[2].text == game + "\n");
  for (const Piece& p : pieces) {
    CHECK(p.kind == SegmentKind::game);
    CHECK(p.line == 1);
    CHECK(p.notes.empty());
  }
  CHECK(pieces[0].column == 1);
  CHECK(pieces[1].column == static_cast<int>(game.size()) + 2);
  CHECK(pieces[2].column == 2 * static_cast<int>(game.size()) + 4);

  // The next game's first tag on the result's line, its other tags below:
  // it keeps its Event; the game before it keeps its result.
  const auto two = split_checked("[Event \"x\"]\n\n1. e4 e5 1-0 [Event \"y\"]\n[White \"W\"]\n\n1. d4 *\n");
  REQUIRE(two.size() == 2);
  CHECK(two[0].text == "[Event \"x\"]\n\n1. e4 e5 1-0 ");
  CHECK(two[1].text == "[Event \"y\"]\n[White \"W\"]\n\n1. d4 *\n");
  CHECK(two[1].line == 3);
  CHECK(two[1].column == 14);
  // Columns count characters, not bytes.
  const auto wide = split_checked("1. e4 {\xC3\xB8} ½-½ [Event \"y\"] *\n");
  REQUIRE(wide.size() == 2);
  CHECK(wide[1].column == 15);

  // Tags all on one line, then the moves: one game.
  const auto tags = split_checked(
      "[Event \"x\"] [White \"A\"] [Black \"B\"]\n\n1. e4 *\n[Event \"y\"] [White \"C\"]\n1. d4 *\n");
  REQUIRE(tags.size() == 2);
  CHECK(tags[1].text == "[Event \"y\"] [White \"C\"]\n1. d4 *\n");

  // Two games ending on a line that ends with a tag: a line ending in '"]'
  // is not the rest of the first tag's value (an unescaped quote), when
  // another tag stands on it.
  for (const std::string& several :
       {std::string("[Event \"a\"] 1. e4 e5 1-0 [Event \"b\"] 1. d4 d5 0-1 [Event \"c\"]\n1. c4 c5 *\n"),
        std::string("[Event \"a\"]\n1. e4 e5 1-0 [Event \"b\"] 1. d4 d5 0-1 [Event \"c\"]\n1. c4 c5 *\n")}) {
    const auto three = games_of(split_checked(several));
    REQUIRE_MESSAGE(three.size() == 3, several);
    CHECK(three[1].text == "[Event \"b\"] 1. d4 d5 0-1 ");
    CHECK(three[2].text == "[Event \"c\"]\n1. c4 c5 *\n");
  }

  // Not a tag after the result, or the result inside a variation or a
  // comment: no new game there.
  for (const std::string& other :
       {std::string("1. e4 1-0 [%clk 0:01:00]\n"), std::string("1. e4 (1. d4 1-0 [Event \"v\"]) e5 *\n"),
        std::string("1. e4 {1-0 [Event \"c\"]} e5 *\n"), std::string("1. e4 1-0[Event \"t\"]\n")}) {
    const auto one = games_of(split_checked(other));
    CHECK_MESSAGE(one.size() == 1, other);
  }
}

TEST_CASE("pgn splitter: blanks inside a tag, and text after its value, keep the game whole") {
  // PGN allows blanks between a tag's tokens; text between the value and
  // the ']' is the tag reader's to report. Neither starts the movetext, so
  // the next tag line is still this game's.
  for (const std::string& first :
       {std::string("[ Event \"E\" ]"), std::string("[\tEvent \"E\"]"), std::string("[Event \"E\" junk]"),
        std::string("[Event \"E\" ; c]"), std::string("[ Event E ]")}) {
    const std::string input = first + "\n[White \"W\"]\n\n1. e4 e5 *\n\n[Event \"F\"]\n\n1. d4 *\n";
    const auto games = games_of(split_checked(input));
    REQUIRE_MESSAGE(games.size() == 2, first);
    CHECK(games[0].text == first + "\n[White \"W\"]\n\n1. e4 e5 *\n\n");
  }
}

TEST_CASE("pgn splitter: a long line of games is read game by game, not cut") {
  // Beyond the line length limit too, and with reads that end anywhere:
  // every game is there, nothing is overflow, and finding each game's
  // line end does not read the line again (a 10 MB line takes a moment).
  const std::string game =
      "[Event \"x\"] [White \"A\"] [Black \"B\"] [Result \"1-0\"] 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0 ";
  std::string input;
  for (int i = 0; i < 40; ++i) input += game;
  input += "\n[Event \"next\"]\n1. d4 *\n";
  for (std::size_t chunk : {7, 64, 1000}) {
    pgn::SplitterOptions options;
    options.chunk_size = chunk;
    options.max_line_length = 300;
    options.max_game_size = 300;
    const auto pieces = split(input, options);
    REQUIRE(pieces.size() == 41);
    for (std::size_t i = 0; i < 40; ++i) {
      CHECK(pieces[i].kind == SegmentKind::game);
      CHECK(pieces[i].text == (i + 1 < 40 ? game : game + "\n"));
      CHECK(pieces[i].column == static_cast<int>(i * game.size()) + 1);
      CHECK(pieces[i].notes.empty());
    }
    CHECK(pieces[40].line == 2);
  }
  std::string big;
  big.reserve(11 << 20);
  while (big.size() < (10u << 20)) big += game;
  big += "\n";
  const auto pieces = split(big);
  CHECK(games_of(pieces).size() == pieces.size());
  CHECK(pieces.size() == big.size() / game.size());
}

TEST_CASE("pgn splitter: empty input and input without a line end") {
  CHECK(split("").empty());
  const auto one = split("1. e4");
  REQUIRE(one.size() == 1);
  CHECK(one[0].kind == SegmentKind::game);
}

TEST_CASE("pgn splitter: every file of the nasty corpus, every byte accounted for") {
  const auto root = notera::test::corpus_path("nasty");
  if (!root) {
    MESSAGE("corpus not present; skipped");
    return;
  }
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(*root)) {
    if (!entry.is_regular_file()) continue;
    ++files;
    const std::string content = notera::test::read_file(entry.path());
    CAPTURE(entry.path().string());
    const auto pieces = split(content);  // checks contiguity and the total
    pgn::SplitterOptions small;
    small.chunk_size = 4096;
    const auto again = split(content, small);
    CHECK(games_of(again).size() == games_of(pieces).size());
  }
  CHECK(files > 200);
}

TEST_CASE("pgn splitter: the known games of the corpus") {
  const auto nul = notera::test::corpus_path("nasty/from-big-corpus/games-with-NUL-bytes.pgn");
  const auto fwwrc = notera::test::corpus_path("nasty/scalachess/test-kit_src_test_resources_FWWRC.pgn");
  const auto crlf = notera::test::corpus_path("nasty/from-big-corpus/crlf-sample-Candidates1950.pgn");
  if (!nul || !fwwrc || !crlf) {
    MESSAGE("corpus not present; skipped");
    return;
  }
  const auto nul_games = games_of(split(notera::test::read_file(*nul)));
  REQUIRE(nul_games.size() == 2);
  CHECK(has_note(nul_games[0], "pgn.split.nul_bytes"));
  CHECK(has_note(nul_games[1], "pgn.split.nul_bytes"));
  // 605 header-only games, no movetext, no results.
  CHECK(games_of(split(notera::test::read_file(*fwwrc))).size() == 605);
  CHECK(games_of(split(notera::test::read_file(*crlf))).size() == 50);
}

TEST_CASE("pgn splitter: one game per line, at every chunk size") {
  // What `--to san` and `--to uci` write, a result or not, a set-up game
  // with its tags on its line, blank and '%' lines between them, a CRLF.
  const std::string input =
      "e4 e5 Nf3 Nc6\nd4 d5 c4 e6 *\n\n% a note\r\ne2e4 c7c5\r\n"
      "[SetUp \"1\"] [FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 30\"] O-O Kd7 *\nposition startpos moves d2d4";
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{3}, std::size_t{16}, std::size_t{1} << 20}) {
    INFO("chunk " << chunk);
    pgn::SplitterOptions options;
    options.game_per_line = true;
    options.chunk_size = chunk;
    const auto games = games_of(split(input, options));
    REQUIRE(games.size() == 5);
    CHECK(games[0].text == "e4 e5 Nf3 Nc6\n");
    CHECK(games[1].text == "d4 d5 c4 e6 *\n\n");
    CHECK(games[1].line == 2);
    CHECK(games[2].text == "e2e4 c7c5\r\n");
    CHECK(games[2].line == 5);
    CHECK(games[3].text.rfind("[SetUp", 0) == 0);
    CHECK(games[4].text == "position startpos moves d2d4");
    // Without the switch, the first lines are one game.
    options.game_per_line = false;
    CHECK(games_of(split(input, options)).size() == 4);
  }
  // A line cut at the limit: the rest of it is skipped, the next line is a
  // game, and the messages say so.
  pgn::SplitterOptions tiny;
  tiny.game_per_line = true;
  tiny.max_line_length = 32;
  tiny.chunk_size = 8;
  const auto pieces = split("e4 e5\n" + std::string(100, 'x') + "\nd4 d5\n", tiny);
  const auto games = games_of(pieces);
  REQUIRE(games.size() == 3);
  CHECK(games[2].text == "d4 d5\n");
  CHECK(games[2].line == 3);
  const locale::Messages messages("en");
  REQUIRE(games[1].notes.size() == 1);
  CHECK(messages.format(games[1].notes[0].message).find("reading resumes at the next line") !=
        std::string::npos);
  const auto overflow = std::find_if(pieces.begin(), pieces.end(),
                                     [](const Piece& p) { return p.reason == SkipReason::overflow; });
  REQUIRE(overflow != pieces.end());
  pgn::Segment s;
  s.kind = overflow->kind;
  s.reason = overflow->reason;
  s.text = overflow->text;
  CHECK(messages.format(pgn::describe_skipped(s, true)).find("skipped up to the next line") !=
        std::string::npos);
  CHECK(messages.format(pgn::describe_skipped(s)).find("skipped up to the next tag line") !=
        std::string::npos);
}

TEST_CASE("pgn splitter: every note and skipped segment has an English message") {
  using namespace std::string_literals;
  pgn::SplitterOptions options;
  options.max_game_size = 200;
  options.max_line_length = 100;
  std::string input =
      "%escape\n[Event \"a\"]\n% inside\n\n1. e4\0 {open\n\n[Event \"b\"]\n\n1. d4 1-0\n\nJunk\n\n"
      "[Event \"c\"]\n\n"s +
      std::string(300, 'x') + "\n[Event \"d\"]\n\n" + std::string(150, 'y') + "\n" + std::string(150, 'z') +
      "\n[Event \"e\"]\n\n";
  for (int i = 0; i < 10; ++i) input += "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n";
  const locale::Messages messages("en");
  std::vector<std::string> keys;
  for (const Piece& p : split(input, options)) {
    for (const auto& n : p.notes) keys.push_back(n.message.key);
    pgn::Segment s;
    s.kind = p.kind;
    s.reason = p.reason;
    s.text = p.text;
    const Message m = pgn::describe_skipped(s);
    if (!m.empty()) keys.push_back(m.key);
    for (const Message& message : {m}) {
      if (message.empty()) continue;
      const std::string text = messages.format(message);
      CHECK_MESSAGE(text.find(message.key) == std::string::npos, text);
    }
    for (const auto& n : p.notes) {
      const std::string text = messages.format(n.message);
      CHECK_MESSAGE(text.find(n.message.key) == std::string::npos, text);
    }
  }
  for (const char* key : {"pgn.split.escape_line", "pgn.split.nul_bytes", "pgn.split.unterminated_comment",
                          "pgn.split.line_too_long", "pgn.split.game_too_large", "pgn.split.skip.escape_line",
                          "pgn.split.skip.between_games", "pgn.split.skip.overflow"})
    CHECK_MESSAGE(std::find(keys.begin(), keys.end(), key) != keys.end(), std::string(key));
  CHECK(messages.format(Message("pgn.split.nul_bytes").with("count", 2)) ==
        "2 NUL bytes in the game, read as spaces");
}

TEST_CASE("pgn splitter: reads a file descriptor, a FILE* and an istream alike") {
  std::string input;
  for (int i = 0; i < 3000; ++i)
    input += "[Event \"Game " + std::to_string(i) +
             "\"]\n[Site \"\xC3\x98ksnes\"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n\n";
  const notera::test::TempDir dir;
  const auto path = dir.write("games.pgn", input);
  const auto count = [&input](text::ByteSource& source) {
    pgn::SplitterOptions options;
    options.chunk_size = 4096;  // many reads, games cut between them
    pgn::Splitter splitter(source, options);
    pgn::Segment s;
    std::uint64_t bytes = 0;
    while (splitter.next(s)) bytes += s.text.size();
    CHECK(bytes == input.size());
    return splitter.games();
  };
  const int fd = ::open(path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  text::FdSource from_fd(fd);
  CHECK(count(from_fd) == 3000);
  ::close(fd);
  std::FILE* file = std::fopen(path.c_str(), "rb");
  REQUIRE(file != nullptr);
  text::FileSource from_file(file);
  CHECK(count(from_file) == 3000);
  std::fclose(file);
  std::istringstream stream(input);
  text::StreamSource from_stream(stream);
  CHECK(count(from_stream) == 3000);
}
