// The tag pair section of a PGN game (PGN standard §8.1):
//
//   [Event "Hastings"]
//   [White "Lasker, Emanuel"] [Black "Steinitz, W."]
//
// Real files bend every rule, so the grammar reads what people wrote and
// names each bend instead of failing: a value with a line break in it, an
// unterminated string, an unquoted value, a quote that was not escaped, a
// missing ']' or tag name, junk before the ']'. Once a '[' that starts a
// tag has matched, every part of tag_pair has a fallback, so a tag pair
// never fails half-way (no action fires for an alternative that is later
// given up). The recovery rules carry an error key (error_key below, keys
// into the locale bundle, "msg.pgn.tag.*"); the reader in
// lib/notera/pgn/tags.cpp reports them with line and column. There is no
// must<>: nothing in a tag section is worth a parse error.
//
// A quote closes a value only where the tag can end after it (']' or the
// end of the line), so values such as "A]]" or an unescaped quote inside
// a name still read as one value. Escapes are \" and \\ (§7); any other
// backslash is kept as written. The section ends at the first character
// that cannot start a tag, or at a comment that no tag follows: that is
// where the movetext begins.
#pragma once

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

namespace notera::grammar::pgn_tags {

namespace pegtl = tao::pegtl;

// clang-format off
struct blank : pegtl::one< ' ', '\t' > {};
struct blanks : pegtl::star< blank > {};
struct eol : pegtl::sor< pegtl::string< '\r', '\n' >, pegtl::one< '\n', '\r' > > {};
struct line_end : pegtl::sor< eol, pegtl::eof > {};

// §8.1.1: letters, digits and underscore; real files also have '-' and '.'.
struct name_start : pegtl::sor< pegtl::alnum, pegtl::one< '_' > > {};
struct name_char : pegtl::sor< name_start, pegtl::one< '-', '.' > > {};
struct tag_name : pegtl::seq< name_start, pegtl::star< name_char > > {};

// A '[' starts a tag when a name or (the name missing) a value follows.
struct tag_open : pegtl::seq< pegtl::one< '[' >, blanks, pegtl::at< pegtl::sor< name_start, pegtl::one< '"' > > > > {};

struct quote : pegtl::one< '"' > {};
struct escaped : pegtl::seq< pegtl::one< '\\' >, pegtl::one< '"', '\\' > > {};
struct closing_quote : pegtl::seq< quote, pegtl::at< blanks, pegtl::sor< pegtl::one< ']' >, line_end > > > {};
// Runs of ordinary characters in one step; a quote only where it cannot
// close the value; a backslash alone is an ordinary character.
struct plain_run : pegtl::plus< pegtl::not_one< '"', '\\', '\r', '\n' > > {};
struct inner_quote : pegtl::seq< pegtl::not_at< closing_quote >, quote > {};
struct value_text : pegtl::star< pegtl::sor< plain_run, escaped, inner_quote, pegtl::one< '\\' > > > {};

struct quoted_value : pegtl::seq< quote, value_text, closing_quote > {};
// A value that ends at its first unescaped quote, with junk after it
// before the ']' ([Date "2001" junk]); tag_close reports the junk.
struct simple_value : pegtl::seq< quote, pegtl::star< pegtl::sor< escaped, pegtl::not_one< '"', '\r', '\n' > > >, quote > {};
// Recovery: the value goes on on the next line (which is not a tag).
struct broken_value : pegtl::seq< quote, value_text, eol, pegtl::not_at< blanks, pegtl::one< '[' > >, value_text, closing_quote > {};
// Recovery: no closing quote before the end of the line.
struct unterminated_value : pegtl::seq< quote, value_text, pegtl::at< line_end > > {};
// Recovery: [Event Hastings]
struct bare_value : pegtl::plus< pegtl::not_one< ']', '[', '"', '\r', '\n' > > {};
// Recovery: [Event] or [Event
struct missing_value : pegtl::success {};
struct tag_value : pegtl::sor< quoted_value, simple_value, broken_value, unterminated_value, bare_value, missing_value > {};

struct named_tag : pegtl::seq< tag_name, blanks, tag_value > {};
// Recovery: [ "value"]
struct nameless_tag : pegtl::seq< pegtl::at< quote >, tag_value > {};

struct close_bracket : pegtl::one< ']' > {};
// Recovery: [Event "x" junk] and a missing ']'.
struct junk_in_tag : pegtl::plus< pegtl::not_one< ']', '[', '\r', '\n' > > {};
struct missing_bracket : pegtl::success {};
struct tag_close : pegtl::sor< close_bracket, pegtl::seq< junk_in_tag, pegtl::opt< close_bracket > >, missing_bracket > {};

struct tag_pair : pegtl::seq< tag_open, pegtl::sor< named_tag, nameless_tag >, blanks, tag_close > {};

// clang-format on

// At the start of a line. PEGTL's bol needs eager position tracking (it
// asks for the column); this looks at the previous byte instead.
struct line_start {
  using rule_t = line_start;
  using subs_t = pegtl::empty_list;
  template <typename ParseInput> [[nodiscard]] static bool match(ParseInput& in) noexcept {
    return in.current() == in.begin() || in.current()[-1] == '\n' || in.current()[-1] == '\r';
  }
};

// clang-format off
// PGN §6: a '%' in the first column makes the rest of the line ignored.
struct escape_line : pegtl::seq< line_start, pegtl::one< '%' >, pegtl::star< pegtl::not_one< '\r', '\n' > > > {};
struct space : pegtl::plus< pegtl::sor< blank, eol > > {};

// A comment among the tags ([Event "x"] {note} [Site "y"], or a line
// "; note" between two tags) or before the first of them: the game's (the
// splitter keeps such a game whole), so the section goes on after it. Only
// where a tag follows, after blanks, escape lines or more such comments: a
// comment before the first move belongs to the movetext. An unclosed '{'
// is the movetext's too.
struct tag_comment_text : pegtl::star< pegtl::not_one< '}' > > {};
struct tag_line_comment_text : pegtl::star< pegtl::not_one< '\r', '\n' > > {};
struct tag_comment : pegtl::sor< pegtl::seq< pegtl::one< '{' >, tag_comment_text, pegtl::one< '}' > >,
                                 pegtl::seq< pegtl::one< ';' >, tag_line_comment_text > > {};
struct comment_among_tags : pegtl::seq< pegtl::at< tag_comment, pegtl::star< pegtl::sor< space, tag_comment, escape_line > >, tag_open >, tag_comment > {};

struct tag_section_item : pegtl::sor< space, tag_pair, escape_line, comment_among_tags > {};
struct tag_section : pegtl::star< tag_section_item > {};
// clang-format on

// Error keys of the recovery rules ("msg.pgn.tag.*" in the bundles).
template <typename Rule> inline constexpr const char* error_key = nullptr;
template <> inline constexpr const char* error_key<broken_value> = "pgn.tag.line_break";
template <> inline constexpr const char* error_key<unterminated_value> = "pgn.tag.unterminated_string";
template <> inline constexpr const char* error_key<bare_value> = "pgn.tag.unquoted_value";
template <> inline constexpr const char* error_key<missing_value> = "pgn.tag.missing_value";
template <> inline constexpr const char* error_key<nameless_tag> = "pgn.tag.missing_name";
template <> inline constexpr const char* error_key<junk_in_tag> = "pgn.tag.junk";
template <> inline constexpr const char* error_key<missing_bracket> = "pgn.tag.missing_bracket";

}  // namespace notera::grammar::pgn_tags

// For pegtl::analyze: line_start consumes nothing and may fail.
template <typename Name>
struct tao::pegtl::analyze_traits<Name, notera::grammar::pgn_tags::line_start>
    : tao::pegtl::analyze_opt_traits<> {};
