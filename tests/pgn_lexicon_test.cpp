// The PGN lexicon (lib/notera/pgn/lexicon.hpp) against the grammar it
// stands for: result spellings and move numbers match exactly what the
// grammar's rules match, the character classes are the grammar's, and the
// splitter ends a game at every result spelling the grammar knows (the
// copies of the syntax had drifted: ½:½ and 0.5-0.5 were results to the
// grammar but not to the splitter).
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <tao/pegtl.hpp>
#include <vector>

#include "notera/grammar/movetext.hpp"
#include "notera/grammar/pgn_tags.hpp"
#include "notera/pgn/lexicon.hpp"
#include "notera/pgn/splitter.hpp"
#include "notera/text/source.hpp"

using namespace notera;
namespace lexicon = notera::pgn::lexicon;

namespace {

namespace pegtl = tao::pegtl;
namespace gt = grammar::movetext;

struct result_spelling : pegtl::sor<gt::white_wins, gt::black_wins, gt::draw, gt::unknown_result> {};

template <typename Rule> std::size_t grammar_length(std::string_view text) {
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(text.data(), text.size(), "test");
  return pegtl::parse<Rule>(in) ? static_cast<std::size_t>(in.current() - text.data()) : 0;
}

template <typename Rule> bool grammar_accepts_char(char c) {
  const std::string one(1, c);
  return grammar_length<pegtl::seq<Rule, pegtl::eof>>(one) == 1;
}

// Every string of up to `length` characters over `alphabet`.
std::vector<std::string> all_strings(std::string_view alphabet, int length) {
  std::vector<std::string> out{""};
  std::size_t from = 0;
  for (int n = 0; n < length; ++n) {
    const std::size_t to = out.size();
    for (std::size_t i = from; i < to; ++i)
      for (char c : alphabet) out.push_back(out[i] + c);
    from = to;
  }
  return out;
}

std::vector<std::string> results_ending_games(std::string_view text) {
  text::MemorySource source(text);
  pgn::Splitter splitter(source);
  pgn::Segment segment;
  std::vector<std::string> games;
  while (splitter.next(segment))
    if (segment.kind == pgn::SegmentKind::game) games.emplace_back(segment.text);
  return games;
}

}  // namespace

TEST_CASE("pgn lexicon: result spellings are the grammar's, byte for byte") {
  for (std::string_view spelling : {"1-0", "0-1", "1/2-1/2", "*", "1:0", "0:1", "\xC2\xBD-\xC2\xBD",
                                    "\xC2\xBD:\xC2\xBD", "1/2:1/2", "0.5-0.5", "\xC2\xBD-1/2"}) {
    const lexicon::ResultMatch m = lexicon::match_result(spelling);
    CHECK_MESSAGE(m.length == spelling.size(), spelling);
    CHECK(m.length == grammar_length<result_spelling>(spelling));
  }
  CHECK(lexicon::match_result("1-0").result == lexicon::Result::white_wins);
  CHECK(lexicon::match_result("0:1").result == lexicon::Result::black_wins);
  CHECK(lexicon::match_result("0.5-0.5").result == lexicon::Result::draw);
  CHECK(lexicon::match_result("*").result == lexicon::Result::unknown);
  // Every short string over the characters results are made of.
  for (const std::string& s : all_strings("01/2.5-:*x ", 5))
    CHECK_MESSAGE(lexicon::match_result(s).length == grammar_length<result_spelling>(s), "[" << s << "]");
}

TEST_CASE("pgn lexicon: a separator is in a result only after the end of a point") {
  for (const std::string& s : all_strings("01/2.5-:*O\xC2\xBD", 5)) {
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] != '-' && s[i] != ':') continue;
      bool in_result = false;
      for (std::size_t start = 0; start <= i; ++start)
        in_result = in_result || start + lexicon::match_result(std::string_view(s).substr(start)).length > i;
      if (in_result) CHECK_MESSAGE((i > 0 && lexicon::ends_result_point(s[i - 1])), "[" << s << "] at " << i);
    }
  }
}

TEST_CASE("pgn lexicon: move numbers are the grammar's") {
  for (const std::string& s : all_strings("12.- a", 5)) {
    const lexicon::MoveNumber n = lexicon::match_move_number(s);
    CHECK_MESSAGE(n.length == grammar_length<gt::move_number>(s), "[" << s << "]");
  }
  const lexicon::MoveNumber n = lexicon::match_move_number("12... e5");
  CHECK(n.length == 5);
  CHECK(n.digits == 2);
  CHECK(n.dots == 3);
  CHECK(lexicon::number_value("12") == 12);
  CHECK(lexicon::number_value("99999999999") == 100000);
}

TEST_CASE("pgn lexicon: character classes are the grammars' rules") {
  namespace gtag = grammar::pgn_tags;
  for (int i = 0; i < 256; ++i) {
    const char c = static_cast<char>(i);
    CAPTURE(i);
    CHECK(lexicon::is(c, lexicon::white_space) == grammar_accepts_char<gt::blank>(c));
    CHECK(lexicon::is(c, lexicon::delimiter) == grammar_accepts_char<gt::delimiter>(c));
    CHECK(lexicon::is(c, lexicon::blank) == grammar_accepts_char<gtag::blank>(c));
    CHECK(lexicon::is(c, lexicon::name_start) == grammar_accepts_char<gtag::name_start>(c));
    CHECK(lexicon::is(c, lexicon::name_char) == grammar_accepts_char<gtag::name_char>(c));
    CHECK(lexicon::is(c, lexicon::digit) == grammar_accepts_char<pegtl::digit>(c));
    CHECK(lexicon::is(c, lexicon::alnum) == grammar_accepts_char<pegtl::alnum>(c));
  }
}

TEST_CASE("pgn lexicon: the splitter ends a game at every result spelling") {
  for (std::string_view result : {"1-0", "0-1", "1/2-1/2", "*", "1:0", "0:1", "\xC2\xBD-\xC2\xBD",
                                  "\xC2\xBD:\xC2\xBD", "1/2:1/2", "0.5-0.5"}) {
    CAPTURE(result);
    // After a result, a line that is not moves is text between games, not
    // part of the game.
    const std::string text = "1. e4 e5 " + std::string(result) + "\nPoikovsky round 3\n1. d4 d5 *\n";
    const std::vector<std::string> games = results_ending_games(text);
    REQUIRE(games.size() == 2);
    CHECK(games[0].find("Poikovsky") == std::string::npos);
  }
  // Not a result: part of a longer token.
  const std::vector<std::string> games = results_ending_games("1. e4 e5 21-0\nPoikovsky\n");
  REQUIRE(games.size() == 1);
  CHECK(games[0].find("Poikovsky") != std::string::npos);
}

TEST_CASE("pgn lexicon: skip_value_plain stops where the byte-by-byte reading stops") {
  // Every stop byte at every place of texts longer and shorter than a step.
  for (const char stop : {'"', '\\', '\r', '\n'}) {
    for (std::size_t size = 0; size <= 40; ++size) {
      for (std::size_t at = 0; at <= size; ++at) {
        std::string text(size, 'a');
        if (size > 0) text[size / 2] = '\xBD';  // a byte over 0x7F is plain too
        if (at < size) text[at] = stop;
        const char* const end = text.data() + text.size();
        const char* expected = text.data();
        while (expected != end && lexicon::is(*expected, lexicon::value_plain)) ++expected;
        CHECK(lexicon::skip_value_plain(text.data(), end) == expected);
      }
    }
  }
}
