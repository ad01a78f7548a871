// The scoresheet transcription format (.sheet), one line at a time.
//
//   # Oslo Open 2026, board 4          comment line
//   Hvit: Hansen, Per                  header line   Key: value
//   4  La4      Sf6      0:05  0:07    move row      number, cells, clock notes
//   10 d4       ~~Lb7~~ Sbd7           a crossed-out move before the one played
//   1. d4 d5 2. c4 e6 3. Sc3 Sf6       running text: several numbers on a line
//   Sf6 4. cxd5 exd5                   a line that continues running text
//
// The grammar reads one line (without its line break; the reader splits the
// sheet into lines) and says what is on it: the shape of a header, the move
// numbers, the cells and their parts, clock notes and a comment. Everything
// that needs run-time data or context — which header words exist, which
// cell is White's, whether a number is in sequence, whether a line without a
// number continues running text — is decided by the reader
// (lib/notera/scoresheet/sheet.cpp). Reading line by line also means that an
// error (an unclosed `~~`) costs one line, never the rest of the sheet.
//
// Tokens are separated by blanks: any run of spaces, tabs or pasted no-break
// spaces is one separator (so tab-separated spreadsheet columns read like
// aligned text; an empty spreadsheet column is not a cell). A cell is
//
//   ~~crossed~~ ... move glued-marks  separated-marks ...
//
//   - `~~text~~` crossed out on the paper; the text may contain blanks but
//     not a line break, and belongs to the cell of the move written after
//     it (`~~Lb7~~ Sbd7`). It commits: an unclosed `~~` is an error.
//   - the move: any run of non-blank characters, kept raw; `|` separates
//     readings the transcriber cannot decide between (`Sg3|Se3`); a `?` in it
//     is an unreadable character (`S?5`); or `-` (also `--`, en/em dash) for
//     a move that was not recorded.
//   - glued marks, at the end of the move token: `+`, `++`, `#`, `!`, `!!`,
//     `!?`, `?!`, `(=)`, `{note}`. A glued `?` or `??` stays in the move as
//     unreadable characters (`Sf?`): write an annotation `?` with a blank.
//   - separated marks, after blanks: `e.p.`, `ep`, `e. p.`, `(=)`, `+`, `++`,
//     `!`, `?`, `!!`, `??`, `!?`, `?!`, `{sealed}` or any `{note}` (which
//     commits: an unclosed `{` is an error), and `#` when only clock notes or
//     the end of the line follow it.
//
// `#` at the start of a line or of a token (after a blank) begins a comment
// to the end of the line; glued to a move it is the mate sign (`Dg5#`).
// A move number is digits with an optional `.`, `..`, `...` or `…` (Black's
// move follows); at the start of a line the dot may be left out, inside a
// line it is required (running text). `12 ...` at the start of a row also
// says that the row begins with Black's move. Clock notes are `h:mm` (or
// `h:mm:ss`) anywhere after a number, or bare minutes `mm` among the
// trailing clock notes of a line; `00` and `000` are castling, not minutes.
#pragma once

#include <tao/pegtl.hpp>

namespace notera::grammar::scoresheet {

namespace pegtl = tao::pegtl;

// clang-format off
// Blanks: space, tab, and the no-break spaces a spreadsheet or a word processor pastes.
struct blank : pegtl::sor< pegtl::one< ' ', '\t' >, pegtl::utf8::one< 0x00A0, 0x2007, 0x202F > > {};
struct blanks : pegtl::plus< blank > {};
struct opt_blanks : pegtl::star< blank > {};
struct token_end : pegtl::sor< blank, pegtl::eof > {};
struct token_char : pegtl::seq< pegtl::not_at< blank >, pegtl::utf8::any > {};

struct comment : pegtl::seq< pegtl::one< '#' >, pegtl::star< pegtl::utf8::any > > {};
struct line_end : pegtl::seq< opt_blanks, pegtl::opt< comment >, pegtl::eof > {};

// Header lines: "Key: value". Which keys exist is run-time data (locale
// bundles), so any key that starts with a letter has the shape of a header.
struct key_start : pegtl::sor< pegtl::alpha, pegtl::utf8::range< 0x80, 0x10FFFF > > {};
struct key_char : pegtl::sor< pegtl::alnum, pegtl::one< '-', '_', '.', '/', '(', ')', '\'' >, pegtl::utf8::range< 0x80, 0x10FFFF > > {};
struct header_key : pegtl::seq< key_start, pegtl::star< opt_blanks, key_char > > {};
struct header_colon : pegtl::one< ':' > {};
struct value_end : pegtl::sor< pegtl::seq< opt_blanks, pegtl::eof >, pegtl::seq< blanks, comment > > {};
struct header_value : pegtl::opt< pegtl::not_at< comment >, pegtl::plus< pegtl::not_at< value_end >, pegtl::utf8::any > > {};
struct header_shape : pegtl::seq< opt_blanks, header_key, opt_blanks, header_colon > {};
struct header_line : pegtl::seq< header_shape, opt_blanks, header_value, line_end > {};

// Clock notes: time used after a move.
struct clock_hours : pegtl::rep_min_max< 1, 2, pegtl::digit > {};
struct clock_minutes : pegtl::rep< 2, pegtl::digit > {};
struct clock_seconds : pegtl::rep< 2, pegtl::digit > {};
struct clock_time : pegtl::seq< clock_hours, pegtl::one< ':' >, clock_minutes, pegtl::opt< pegtl::one< ':' >, clock_seconds > > {};
struct castling_zeros : pegtl::seq< pegtl::one< '0' >, pegtl::plus< pegtl::one< '0' > >, token_end > {};
struct clock_bare_minutes : pegtl::seq< pegtl::not_at< castling_zeros >, pegtl::rep_min_max< 1, 3, pegtl::digit > > {};
struct clock_token : pegtl::seq< pegtl::sor< clock_time, clock_bare_minutes >, pegtl::at< token_end > > {};
// The rest of the line holds nothing but clock notes (and maybe a comment).
struct clock_tail : pegtl::seq< pegtl::star< blanks, clock_token >, line_end > {};
struct clock_note : pegtl::sor< pegtl::seq< clock_time, pegtl::at< token_end > >,
                                pegtl::seq< clock_bare_minutes, pegtl::at< token_end >, pegtl::at< clock_tail > > > {};

// Move numbers.
struct number_digits : pegtl::plus< pegtl::digit > {};
struct ellipsis : pegtl::sor< pegtl::string< '.', '.', '.' >, pegtl::utf8::one< 0x2026 >, pegtl::string< '.', '.' > > {};
// "10.0-0" is row 10 castling, but "21.11.2026" is a date, not row 21.
struct castling_start : pegtl::seq< pegtl::one< '0' >, pegtl::one< '-', '0' > > {};
struct number_mark : pegtl::seq< pegtl::sor< ellipsis, pegtl::one< '.' > >, pegtl::sor< pegtl::not_at< pegtl::digit >, pegtl::at< castling_start > > > {};
struct row_number : pegtl::seq< number_digits, pegtl::sor< number_mark, pegtl::at< token_end > > > {};
struct running_number : pegtl::seq< number_digits, number_mark > {};
struct black_marker : pegtl::seq< blanks, ellipsis, pegtl::at< token_end > > {};

// Marks after a move.
struct draw_offer : pegtl::string< '(', '=', ')' > {};
struct brace_text : pegtl::star< pegtl::not_one< '}' > > {};
struct brace_close : pegtl::one< '}' > {};
struct brace_note : pegtl::seq< pegtl::one< '{' >, brace_text, pegtl::must< brace_close > > {};
struct en_passant : pegtl::seq< pegtl::istring< 'e' >, pegtl::opt< pegtl::one< '.' >, opt_blanks >, pegtl::istring< 'p' >, pegtl::opt< pegtl::one< '.' > > > {};
struct check_sign : pegtl::sor< pegtl::string< '+', '+' >, pegtl::one< '+' > > {};
struct mate_sign : pegtl::one< '#' > {};
struct glyph : pegtl::sor< pegtl::string< '!', '!' >, pegtl::string< '?', '?' >, pegtl::string< '!', '?' >, pegtl::string< '?', '!' >, pegtl::one< '!', '?' > > {};
struct glued_glyph : pegtl::sor< pegtl::string< '!', '!' >, pegtl::string< '!', '?' >, pegtl::string< '?', '!' >, pegtl::one< '!' > > {};
struct glued_mark : pegtl::sor< draw_offer, brace_note, check_sign, mate_sign, glued_glyph > {};
struct glued_marks : pegtl::plus< glued_mark > {};
// Braces may follow each other without a blank ("Dc3 {=Dc3}{=Da3}"): each
// is a mark of the cell before them, not a cell of marks of its own.
struct separated_mark : pegtl::sor< pegtl::seq< pegtl::sor< draw_offer, brace_note, en_passant, check_sign, glyph >, pegtl::at< token_end > >,
                                    pegtl::seq< brace_note, pegtl::at< pegtl::one< '{' > > >,
                                    pegtl::seq< mate_sign, pegtl::at< clock_tail > > > {};

// Cells.
struct crossed_open : pegtl::string< '~', '~' > {};
struct crossed_close : pegtl::string< '~', '~' > {};
struct crossed_text : pegtl::plus< pegtl::not_at< crossed_close >, pegtl::utf8::any > {};
struct crossed_out : pegtl::if_must< crossed_open, crossed_text, crossed_close > {};
struct crossed_lead : pegtl::seq< crossed_out, pegtl::star< opt_blanks, crossed_out > > {};

struct unrecorded : pegtl::seq< pegtl::sor< pegtl::string< '-', '-' >, pegtl::one< '-' >, pegtl::utf8::one< 0x2013, 0x2014 > >, pegtl::at< token_end > > {};
struct alternative_bar : pegtl::one< '|' > {};
struct reading_char : pegtl::seq< pegtl::not_at< alternative_bar >, pegtl::not_at< glued_marks, token_end >, token_char > {};
struct reading : pegtl::plus< reading_char > {};
struct written_move : pegtl::sor< pegtl::seq< reading, pegtl::star< alternative_bar, pegtl::opt< reading > > >,
                                  pegtl::plus< alternative_bar, pegtl::opt< reading > > > {};
// A token of marks only ("(=)", "{sealed}") is a cell without a move.
struct move_token : pegtl::sor< pegtl::seq< written_move, pegtl::opt< glued_marks > >, glued_marks > {};
struct cell_core : pegtl::seq< pegtl::not_at< token_end >, pegtl::not_at< mate_sign >, pegtl::not_at< clock_note >, pegtl::not_at< running_number >,
                               pegtl::sor< unrecorded, move_token > > {};
struct cell_body : pegtl::sor< pegtl::seq< crossed_lead, pegtl::opt< opt_blanks, cell_core > >, cell_core > {};
struct cell : pegtl::seq< cell_body, pegtl::star< pegtl::sor< pegtl::seq< blanks, separated_mark >, pegtl::seq< pegtl::at< pegtl::one< '{' > >, separated_mark > > > > {};

// Rows and running text.
struct group_item : pegtl::sor< clock_note, cell > {};
struct group_items : pegtl::star< opt_blanks, pegtl::not_at< running_number >, group_item > {};
struct row_group : pegtl::seq< row_number, pegtl::opt< black_marker >, group_items > {};
struct running_group : pegtl::seq< running_number, pegtl::opt< black_marker >, group_items > {};
struct running_groups : pegtl::star< opt_blanks, running_group > {};

struct blank_line : pegtl::seq< opt_blanks, pegtl::eof > {};
struct comment_line : pegtl::seq< opt_blanks, comment, pegtl::eof > {};
struct move_line : pegtl::seq< opt_blanks, row_group, running_groups, line_end > {};
// Anything else: cells without a number (running text that goes on, or
// free text), maybe followed by numbered running text.
struct text_line : pegtl::seq< opt_blanks, group_items, running_groups, line_end > {};

// Actions fire only on the alternative that matched as a whole (the
// "at, then parse" idiom), never on a line shape that was tried and dropped.
struct line : pegtl::sor< blank_line,
                          comment_line,
                          pegtl::seq< pegtl::at< move_line >, move_line >,
                          pegtl::seq< pegtl::at< header_line >, header_line >,
                          text_line > {};
// clang-format on

// Error keys (into the locale bundle, "msg.sheet.*") for each commit point.
template <typename Rule> inline constexpr const char* error_key = nullptr;
template <> inline constexpr const char* error_key<crossed_text> = "sheet.empty_crossed_out";
template <> inline constexpr const char* error_key<crossed_close> = "sheet.unclosed_crossed_out";
template <> inline constexpr const char* error_key<brace_close> = "sheet.unclosed_brace";

struct errors {
  template <typename Rule> static constexpr const char* message = error_key<Rule>;
  // Only explicit must<> points raise, not every failure of a keyed rule.
  template <typename Rule> static constexpr bool raise_on_failure = false;
};

}  // namespace notera::grammar::scoresheet
