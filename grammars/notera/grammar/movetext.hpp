// Movetext: the moves of a game with everything written around them.
//
//   1. e4 e5 2. Sf3 {a comment} Sc6 3. Lb5 a6 (3... Sf6 4. 0-0) 4. La4 $1
//   ; a rest-of-line comment
//   6. exd6 e.p. Sxd6 ... 11. Kb1(=) 1/2-1/2
//
// The grammar is a flat loop over tokens, so that one bad token never stops
// the reading: a token that is neither a move nor anything else known is an
// `unknown_token`, and the reader decides what it means for the game.
// Variations are just `(` and `)` tokens here; the reader keeps the depth
// (and its limit), so deep nesting costs no recursion in the parser.
//
// Written moves come from move.hpp (same run-time piece letters). A move
// must end at a token boundary: "e4junk" is one unknown token, not e4. The
// reader acts on `move_token` as a whole, so the fields a failed attempt
// left behind are never used (move_start resets them).
#pragma once

#include <tao/pegtl.hpp>

#include "notera/grammar/move.hpp"

namespace notera::grammar::movetext {

namespace pegtl = tao::pegtl;

// clang-format off
struct blank : pegtl::plus< pegtl::one< ' ', '\t', '\r', '\n', '\f', '\v' > > {};

// Characters that end a token without a blank: comment, variation and NAG starts.
struct delimiter : pegtl::one< '{', '}', '(', ')', ';', '$', '[', ']' > {};
struct token_end : pegtl::sor< pegtl::eof, pegtl::at< blank >, pegtl::at< delimiter > > {};

struct comment_text : pegtl::star< pegtl::not_one< '}' > > {};
struct comment : pegtl::seq< pegtl::one< '{' >, comment_text, pegtl::sor< pegtl::one< '}' >, pegtl::eof > > {};
struct line_comment_text : pegtl::star< pegtl::not_one< '\n' > > {};
struct line_comment : pegtl::seq< pegtl::one< ';' >, line_comment_text > {};
// A delimiter that starts nothing here ("}" without "{", "[" in movetext).
struct stray_delimiter : pegtl::one< '}', '[', ']', '$' > {};

struct variation_start : pegtl::one< '(' > {};
struct variation_end : pegtl::one< ')' > {};

struct nag_number : pegtl::plus< pegtl::digit > {};
struct nag : pegtl::seq< pegtl::one< '$' >, nag_number > {};

// Results in every spelling met in practice: 1-0 0-1 1/2-1/2 ½-½ * 1:0 0:1
// ½:½ 0.5-0.5 and the "+/-" forms of some bulletins (=:= draws).
struct half : pegtl::sor< pegtl::utf8::one< U'½' >, pegtl::string< '1', '/', '2' >, pegtl::string< '0', '.', '5' > > {};
struct result_separator : pegtl::one< '-', ':' > {};
struct white_wins : pegtl::seq< pegtl::one< '1' >, result_separator, pegtl::one< '0' > > {};
struct black_wins : pegtl::seq< pegtl::one< '0' >, result_separator, pegtl::one< '1' > > {};
struct draw : pegtl::seq< half, result_separator, half > {};
struct unknown_result : pegtl::one< '*' > {};
struct result : pegtl::seq< pegtl::sor< white_wins, black_wins, draw, unknown_result >, token_end > {};

// "12." "12..." "12" (some texts leave the dot out), and Black's move
// announced apart from its number: "12. ... Nc6", "12 ... Nc6" (Crafty,
// chess.js, books; "…" is "..." after normalisation).
struct move_number_digits : pegtl::plus< pegtl::digit > {};
struct move_number_dots : pegtl::plus< pegtl::one< '.' > > {};
struct move_number_ellipsis : pegtl::seq< blank, pegtl::string< '.', '.', '.' > > {};
struct move_number : pegtl::seq< move_number_digits, pegtl::sor<
    pegtl::seq< pegtl::opt< move_number_dots >, move_number_ellipsis >,
    move_number_dots, pegtl::at< blank >, pegtl::eof > > {};

// Marks written apart from their move: "exd6 e.p." on another line, "Kb1 (=)",
// evaluation glyphs such as +- or = (PGN §10 NAGs).
struct draw_offer : pegtl::seq< move::draw_offer, token_end > {};
struct detached_en_passant : pegtl::seq< move::en_passant_mark, token_end > {};
struct detached_check : pegtl::seq< pegtl::sor< move::mate_mark, move::check_mark >, token_end > {};
struct evaluation : pegtl::seq< pegtl::sor<
    pegtl::string< '+', '-', '-' >, pegtl::string< '-', '-', '+' >,
    pegtl::string< '+', '/', '-' >, pegtl::string< '-', '/', '+' >,
    pegtl::string< '+', '/', '=' >, pegtl::string< '=', '/', '+' >,
    pegtl::string< '+', '-' >, pegtl::string< '-', '+' >,
    pegtl::string< '+', '=' >, pegtl::string< '=', '+' >,
    pegtl::utf8::one< U'±', U'∓', U'⩲', U'⩱', U'∞', U'□', U'⇆', U'⨀', U'○', U'→', U'↑', U'⇄', U'∆', U'⊥', U'⌓', U'⟳', U'⯹' >,
    move::glyph, pegtl::one< '=' > >, token_end > {};

// A move starts with a file, x, a letter, a figurine or Cyrillic letter (a
// multi-byte character), or castling's 0/O/o and a null move's "-": other
// tokens (move numbers, results) are turned away on their first byte.
struct move_first_byte : pegtl::sor< pegtl::range< 'a', 'z' >, pegtl::range< 'A', 'Z' >, pegtl::one< '0', '-', ':' >, pegtl::range< char( 0xC0 ), char( 0xFF ) > > {};
struct move_token : pegtl::seq< pegtl::at< move_first_byte >, move::written_move, token_end > {};

// Anything else up to the next blank or delimiter.
struct unknown_token : pegtl::plus< pegtl::not_at< pegtl::sor< blank, delimiter > >, pegtl::any > {};

// Blanks, move numbers and moves first: they are most of any movetext. A
// move number needs its dot or a blank after the digits, so "0-0" and
// "1-0" are not taken for one; no move can be read as a result.
struct token : pegtl::sor< blank, move_number, move_token, comment, draw_offer, variation_start,
                           variation_end, nag, result, line_comment,
                           detached_en_passant, detached_check, evaluation,
                           stray_delimiter, unknown_token > {};

struct movetext : pegtl::seq< pegtl::star< token >, pegtl::eof > {};
// clang-format on

}  // namespace notera::grammar::movetext
