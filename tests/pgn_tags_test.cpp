// The tag pair section: values, escapes, tolerated bends with their
// error keys and positions (columns in characters), and where the
// movetext begins.
#include "notera/grammar/pgn_tags.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include "notera/locale/messages.hpp"
#include "notera/pgn/lexicon.hpp"
#include "notera/pgn/tags.hpp"
#include "support/token_soup.hpp"

using namespace notera;

namespace {

pgn::TagSection read(std::string_view text, std::int64_t first_line = 1) {
  pgn::TagSection section;
  pgn::read_tag_section(text, first_line, section);
  return section;
}

std::string value(const pgn::TagSection& s, std::string_view name) {
  for (const Tag& t : s.tags)
    if (t.name == name) return t.value;
  return "<missing>";
}

const Diagnostic* find(const pgn::TagSection& s, std::string_view key) {
  for (const Diagnostic& d : s.diagnostics)
    if (d.message.key == key) return &d;
  return nullptr;
}

}  // namespace

TEST_CASE("pgn tags: the grammar has no cycles or empty loops") {
  CHECK(tao::pegtl::analyze<grammar::pgn_tags::tag_section>() == 0);
}

TEST_CASE("pgn tags: a standard tag section and where the movetext begins") {
  const std::string text =
      "[Event \"F/S Return Match\"]\n[Site \"Belgrade, Serbia JUG\"]\n[Date \"1992.11.04\"]\n"
      "[Round \"29\"]\n[White \"Fischer, Robert J.\"]\n[Black \"Spassky, Boris V.\"]\n"
      "[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 1/2-1/2\n";
  const auto s = read(text, 101);
  REQUIRE(s.tags.size() == 7);
  CHECK(s.tags[0].name == "Event");
  CHECK(s.tags[6].value == "1/2-1/2");
  CHECK(s.diagnostics.empty());
  CHECK(text.substr(s.movetext_offset, 5) == "1. e4");
  CHECK(s.movetext_line == 109);
  CHECK(s.movetext_column == 1);
}

TEST_CASE("pgn tags: the movetext's line after long tag sections, blank lines and all") {
  // Line breaks are counted sixteen bytes at a time, in runs of 255 steps:
  // sections shorter and longer than a step and a run, breaks anywhere.
  for (const int tags : {0, 1, 3, 200, 400}) {
    for (const int blanks : {0, 1, 17}) {
      std::string text;
      for (int i = 0; i < tags; ++i)
        text += "[Tag" + std::to_string(i) + " \"" + std::string(i % 23, 'v') + "\"]\n";
      text += std::string(static_cast<std::size_t>(blanks), '\n');
      text += "1. e4 *\n";
      CAPTURE(tags);
      CAPTURE(blanks);
      const auto s = read(text, 7);
      CHECK(text.substr(s.movetext_offset, 5) == "1. e4");
      CHECK(s.movetext_line == 7 + tags + blanks);
    }
  }
}

TEST_CASE("pgn tags: escapes, several tags on a line, no space before the value") {
  const auto s = read("[Event \"A \\\"quoted\\\" \\\\ name\"][Site\"Oslo\"] [Round \"3\"]  1. e4\n");
  CHECK(value(s, "Event") == "A \"quoted\" \\ name");
  CHECK(value(s, "Site") == "Oslo");
  CHECK(value(s, "Round") == "3");
  CHECK(s.diagnostics.empty());
  CHECK(s.movetext_column == 57);
  // A backslash before anything else is kept.
  CHECK(value(read("[Annotator \"C:\\temp\"]"), "Annotator") == "C:\\temp");
}

TEST_CASE("pgn tags: values with brackets and quotes read as one value") {
  const auto s = read("[A \"b\\\"\"] [C \"A]]\"] [D \"A]][\"] [E \"\\\"A]][\\\"\"] [G \"\\\"]\"]\n");
  CHECK(value(s, "A") == "b\"");
  CHECK(value(s, "C") == "A]]");
  CHECK(value(s, "D") == "A]][");
  CHECK(value(s, "E") == "\"A]][\"");
  CHECK(value(s, "G") == "\"]");
  CHECK(s.diagnostics.empty());
}

TEST_CASE("pgn tags: an unterminated string is an error with its place, not a crash") {
  const auto s = read("[Event \"Hastings]\n[Site \"Løvøya \\\"x]\n\n1. e4\n", 7);
  CHECK(value(s, "Event") == "Hastings");
  const Diagnostic* d = find(s, "pgn.tag.unterminated_string");
  REQUIRE(d != nullptr);
  CHECK(d->severity == Severity::error);
  CHECK(d->where.line == 7);
  CHECK(d->where.column == 8);
  CHECK(d->message.args.at(0).second.text == "Event");
  // The second one: the column counts characters (ø is one).
  CHECK(s.diagnostics.size() == 2);
  CHECK(s.diagnostics[1].where.line == 8);
  CHECK(s.diagnostics[1].where.column == 7);
  CHECK(value(s, "Site") == "Løvøya \"x");
  CHECK(s.movetext_line == 10);
}

TEST_CASE("pgn tags: every tolerated bend has its key") {
  const auto s = read(
      "[Site \"Somewhere \" else\"]\n"  // unescaped quote
      "[Event Hastings 1895]\n"         // unquoted
      "[Round]\n"                       // no value
      "[ \"lost\"]\n"                   // no name
      "[Date \"2001\" junk]\n"          // junk before ]
      "[White \"Lasker\"\n"             // no ]
      "[Black \"Stei\nnitz\"]\n"        // line break in the value
      "\n1. e4\n");
  CHECK(value(s, "Site") == "Somewhere \" else");
  CHECK(find(s, "pgn.tag.unescaped_quote")->severity == Severity::warning);
  CHECK(value(s, "Event") == "Hastings 1895");
  CHECK(find(s, "pgn.tag.unquoted_value")->where.line == 2);
  CHECK(value(s, "Round") == "");
  CHECK(find(s, "pgn.tag.missing_value")->severity == Severity::error);
  const Diagnostic* nameless = find(s, "pgn.tag.missing_name");
  REQUIRE(nameless != nullptr);
  CHECK(nameless->message.args.at(0).second.text == "lost");
  CHECK(value(s, "Date") == "2001");
  const Diagnostic* junk = find(s, "pgn.tag.junk");
  REQUIRE(junk != nullptr);
  CHECK(junk->where.column == 14);
  CHECK(value(s, "White") == "Lasker");
  CHECK(find(s, "pgn.tag.missing_bracket")->where.line == 6);
  CHECK(value(s, "Black") == "Stei nitz");
  CHECK(find(s, "pgn.tag.line_break")->where.line == 7);
  CHECK(s.movetext_line == 10);
}

TEST_CASE("pgn tags: odd and lowercase names, duplicates") {
  const auto s = read("[event \"a\"][WHITEELO \"2700\"][Event-Date \"x\"][my_tag \"y\"][Event \"b\"]\n");
  CHECK(s.tags.size() == 4);
  CHECK(value(s, "Event") == "a");
  CHECK(value(s, "WhiteElo") == "2700");
  CHECK(value(s, "Event-Date") == "x");
  CHECK(value(s, "my_tag") == "y");
  const Diagnostic* c = find(s, "pgn.tag.name_case");
  REQUIRE(c != nullptr);
  CHECK(c->severity == Severity::note);
  const Diagnostic* dup = find(s, "pgn.tag.duplicate");
  REQUIRE(dup != nullptr);
  CHECK(dup->message.args.at(1).second.text == "b");
  // Unknown names repeated, and a known one after them.
  const auto again = read("[my_tag \"a\"][Site \"b\"][my_tag \"c\"][site \"d\"][SITE \"e\"][Mytag \"f\"]");
  CHECK(again.tags.size() == 3);
  int duplicates = 0;
  for (const Diagnostic& d : again.diagnostics) duplicates += d.message.key == "pgn.tag.duplicate";
  CHECK(duplicates == 3);
  CHECK(value(again, "my_tag") == "a");
  CHECK(value(again, "Site") == "b");
  CHECK(value(again, "Mytag") == "f");
  CHECK(pgn::canonical_tag_name("fen") == "FEN");
  CHECK(pgn::canonical_tag_name("setup") == "SetUp");
  CHECK(pgn::canonical_tag_name("Whatever") == "Whatever");
}

TEST_CASE("pgn tags: canonical names by the hashed lookup, as by comparing with every known name") {
  // The plain definition: the first known name equal ignoring ASCII case.
  const auto reference = [](std::string_view name) -> std::string_view {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    for (std::string_view known : pgn::lexicon::known_tag_names) {
      if (known.size() != name.size()) continue;
      bool same = true;
      for (std::size_t i = 0; i < known.size(); ++i) same = same && lower(known[i]) == lower(name[i]);
      if (same) return known == name ? name : known;
    }
    return name;
  };
  std::vector<std::string> names = {"",
                                    "a",
                                    "E",
                                    "Ev",
                                    "ECo",
                                    "eco",
                                    "Eco ",
                                    "Event-Date",
                                    "my_tag",
                                    "WhiteEloX",
                                    "XWhiteElo",
                                    "EventCountryX",
                                    "AVeryLongTagNameIndeed"};
  for (std::string_view known : pgn::lexicon::known_tag_names) {
    std::string name(known);
    names.push_back(name);
    for (char& c : name) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
    names.push_back(name);
    // Every byte changed in turn, and every length cut.
    for (std::size_t i = 0; i < known.size(); ++i) {
      std::string changed(known);
      changed[i] = static_cast<char>(changed[i] ^ 1);
      names.push_back(changed);
      names.emplace_back(known.substr(0, i));
    }
  }
  for (const std::string& name : names) {
    const std::string_view canonical = pgn::canonical_tag_name(name);
    const std::string_view expected = reference(name);
    CHECK_MESSAGE(canonical == expected, name);
    // The name itself (the same bytes) when it is spelt the standard way.
    CHECK_MESSAGE((canonical.data() == name.data()) == (expected.data() == name.data()), name);
  }
}

TEST_CASE("pgn tags: no tags, escape lines, movetext that starts with a bracket comment") {
  const auto none = read("\n  1. e4 e5\n", 3);
  CHECK(none.tags.empty());
  CHECK(none.movetext_line == 4);
  CHECK(none.movetext_column == 3);
  const auto escaped = read("[Event \"a\"]\n% a note\n[Site \"b\"]\n{A comment} 1. e4");
  CHECK(escaped.tags.size() == 2);
  CHECK(escaped.movetext_line == 4);
  // '[' followed by something that cannot start a tag ends the section.
  const auto clock = read("[Event \"a\"]\n[%clk 0:01:00]\n");
  CHECK(clock.tags.size() == 1);
  CHECK(clock.movetext_line == 2);
  const auto empty = read("");
  CHECK(empty.tags.empty());
  CHECK(empty.movetext_offset == 0);
}

TEST_CASE("pgn tags: every diagnostic has an English message") {
  const auto s = read(
      "[Site \"a \" b\"]\n[Event c]\n[Round]\n[ \"d\"]\n[Date \"1\" e]\n[White \"f\"\n"
      "[Black \"g\nh\"]\n[Foo \"open]\n[event \"x\"]\n[Site \"again\"]\n");
  const locale::Messages messages("en");
  CHECK(s.diagnostics.size() == 11);
  for (const Diagnostic& d : s.diagnostics) {
    const std::string text = messages.format(d.message);
    CHECK_MESSAGE(text.find(d.message.key) == std::string::npos, text);
  }
  CHECK(messages.format(s.diagnostics.back().message) ==
        "tag Site is given again with the value 'again'; the first value 'a \" b' is kept");
}

namespace {

// Reads `text` with the shortcut and with the grammar alone, under the
// default limits and under small ones.
void check_agrees(const std::string& text) {
  for (const pgn::TagLimits limits : {pgn::TagLimits{}, pgn::TagLimits{2, 4}}) {
    pgn::TagSection shortcut, grammar;
    pgn::read_tag_section(text, 3, shortcut, limits);
    pgn::read_tag_section_by_grammar(text, 3, grammar, limits);
    CHECK_MESSAGE(shortcut == grammar, "text: [" << text << "]");
  }
}

}  // namespace

TEST_CASE("pgn tags: the shortcut reads plain pairs and blank lines as the grammar does") {
  for (const char* text : {"[Event \"Hastings\"]\n[Site \"?\"]\n\n1. e4",
                           "[Event \"\"]",
                           "[Event \"x\"] [White \"y\"]\r\n\r\n*",
                           "[white \"a\"]\n[White \"b\"]\n[WHITEELO \"c\"]\n",
                           "[Event  \t\"x\"\t ]\n",
                           "[Event\"x\"]",
                           "[ Event \"x\"]",
                           "[Event \"a\\\"b\"]",
                           "[Event \"a\\\\b\"]",
                           "[Event \"a\"b\"]",
                           "[Event \"a]]\"]",
                           "[Event \"a\nb\"]",
                           "[Event \"a]\n",
                           "[Event Hastings]",
                           "[Event]",
                           "[\"x\"]",
                           "[Event \"x\" junk]",
                           "[Event \"x\"",
                           "%escape\n[Event \"x\"]",
                           "[Ev-ent.1_ \"x\"]",
                           "[Event \"x\"]\r[Site \"y\"]",
                           "[Event \"0123456789\"] [Site \"01234\"] [Date \"x\"]",
                           "\n\n\n",
                           "",
                           "1. e4 e5"})
    check_agrees(text);
}

TEST_CASE("pgn tags: the shortcut agrees with the grammar on random tag soup") {
  const std::vector<std::string> fragments = {"[",
                                              "]",
                                              "[Event \"x\"]",
                                              "[Site \"Somewhere\"]",
                                              "Event",
                                              "white",
                                              "WhiteElo",
                                              "Date",
                                              "_",
                                              "-",
                                              ".",
                                              " ",
                                              "\t",
                                              "\"",
                                              "\\\"",
                                              "\\\\",
                                              "\\",
                                              "\n",
                                              "\n",
                                              "\r\n",
                                              "\r",
                                              "Hastings",
                                              "0123456789",
                                              "%",
                                              "1.",
                                              "e4",
                                              "*",
                                              "\xC3\xA9",
                                              "[ ",
                                              "\"]",
                                              "\" ]",
                                              "]]",
                                              "{",
                                              "}"};
  test::TokenSoup soup(fragments, 0x74616773ULL);
  for (int i = 0; i < 20000; ++i) {
    const std::string text = soup.next_text(10);
    check_agrees(text);
  }
}

TEST_CASE("pgn tags: a comment among the tags or before them is kept, and the section goes on") {
  const std::string between = "[Event \"x\"]\n{note}\n[Site \"y\"]\n\n1. e4 *\n";
  const auto s = read(between);
  CHECK(s.tags.size() == 2);
  CHECK(value(s, "Site") == "y");
  REQUIRE(s.comments.size() == 1);
  CHECK(s.comments[0] == "note");
  CHECK(between.substr(s.movetext_offset, 5) == "1. e4");
  CHECK(s.movetext_line == 5);
  CHECK(s.diagnostics.empty());
  // Before the first tag, on a tag's line, over lines, several.
  const auto preamble = read("{Collected by A. N. Other}\n[Event \"x\"] {a\nb} {c}\n[Site \"y\"]\n*");
  CHECK(preamble.tags.size() == 2);
  CHECK(preamble.comments == std::vector<std::string>{"Collected by A. N. Other", "a\nb", "c"});
  CHECK(preamble.movetext_line == 5);
  // A ';' comment runs to the end of its line, a brace in it included.
  const auto line = read("; Collected by A. N. Other\n[Event \"x\"] ; {not a brace\n[Site \"y\"]\n*");
  CHECK(line.tags.size() == 2);
  CHECK(line.comments == std::vector<std::string>{" Collected by A. N. Other", " {not a brace"});
  CHECK(line.movetext_line == 4);
  // A comment no tag follows is the movetext's: before the first move, or
  // a game of a comment alone; an unclosed one too.
  for (const std::string text :
       {"[Event \"x\"]\n{before the moves} 1. e4 *", "[Event \"x\"]\n\n{only this}\n",
        "[Event \"x\"]\n{never closed [Site \"y\"]\n", "[Event \"x\"]\n; before the moves\n1. e4 *",
        "[Event \"x\"] ; [Site \"y\"] is in the comment\n1. e4 *"}) {
    CAPTURE(text);
    const auto t = read(text);
    CHECK(t.tags.size() == 1);
    CHECK(t.comments.empty());
    CHECK((text[t.movetext_offset] == '{' || text[t.movetext_offset] == ';'));
  }
  for (const char* text : {"[Event \"x\"]\n{note}\n[Site \"y\"]\n", "{a}\n{b}\n% x\n[Event \"x\"]",
                           "[Event \"x\"]{}[Site \"y\"]", "[Event \"x\"]\n{note} 1. e4",
                           "[Event \"x\"]\n;\n[Site \"y\"]", "; a\r\n; b {\r\n[Event \"x\"]\r\n1. e4"})
    check_agrees(text);
}
