// A written chess move, as people really write it.
//
// The text has been normalised first (lib/notera/text/normalize.hpp): every
// dash is '-', the multiplication sign is 'x', variation selectors are gone,
// full-width forms are ASCII. What remains to read:
//
//   piece moves   Sf3  Sxf3  S:f3  Sgf3  S5f3  Sg1f3  Sg1-f3  Sg1xf3  ♘f3  Крg1
//   pawn moves    e4  exd5  ed5  e:d5  exd  ed  xd5  e2e4  e2-e4  g1f3 (UCI)
//   promotions    d8D  d8=D  d8(D)  d8/D  exf8S  e7e8q
//   castling      0-0  O-O  o-o  0-0-0  000  O-O-O
//   descriptive   BxN  LxS  PxP   (piece takes piece: a real-sheet habit)
//   suffixes      e.p.  e.p  ep  ep.  e. p.  +  ch  #  ++  X  !  ?  !!  ??  !?  ?!  (=)
//
// Descriptive notation proper ("P-K4", "N-KB3") is another notation system
// (FIDE Appendix C): `descriptive_move` recognises it so it is reported as
// such and never misread.
//
// Piece letters depend on the language, so `piece_letter` is a custom rule
// that matches against a run-time table (like the operator table of PEGTL's
// calculator example): the parse state provides
//     bool match_piece_letter(std::string_view rest, std::size_t& length)
// which also remembers the letter for the action that follows.
//
// Actions fire as soon as a rule matches, even in an alternative that fails
// later (PEGTL's "actions on alternatives that later backtrack"). Rather
// than reading every alternative twice (seq<at<R>, R>), each alternative
// starts with a zero-width rule whose action clears what the alternatives
// set (`move_start`, `clear_squares`): the alternative that finally matches
// is the last one started, so only its fields remain.
#pragma once

#include <string_view>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

namespace notera::grammar::move {

namespace pegtl = tao::pegtl;

// A piece abbreviation from the run-time letter table (see above).
struct piece_letter {
  using rule_t = piece_letter;
  using subs_t = pegtl::type_list<>;

  template <pegtl::apply_mode, pegtl::rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename State, typename... Others>
  static bool match(ParseInput& in, State& state, Others&...) {
    std::size_t length = 0;
    if (!state.match_piece_letter(std::string_view(in.current(), in.size(8)), length)) return false;
    in.bump(length);
    return true;
  }
};

// clang-format off
struct file : pegtl::range< 'a', 'h' > {};
struct rank : pegtl::range< '1', '8' > {};

struct moving_piece : piece_letter {};
struct promotion_piece : piece_letter {};
struct captured_piece : piece_letter {};

struct from_file : file {};
struct from_rank : rank {};
struct from_square : pegtl::seq< from_file, from_rank > {};
struct to_file : file {};
struct to_rank : rank {};
struct to_square : pegtl::seq< to_file, to_rank > {};
// "exd": a pawn capture with the rank left out (the file must not be
// followed by a rank, else it is "exd5").
struct to_file_only : pegtl::seq< to_file, pegtl::not_at< rank > > {};

struct capture_mark : pegtl::one< 'x', ':' > {};
struct dash : pegtl::one< '-' > {};
struct move_separator : pegtl::sor< dash, capture_mark > {};

// Promotion: d8D, d8=D, d8(D), d8/D; UCI writes a lower-case letter (e7e8q).
struct promotion_mark : pegtl::one< '=', '/' > {};
struct uci_promotion : pegtl::seq< pegtl::one< 'q', 'r', 'b', 'n' >, pegtl::not_at< pegtl::alnum > > {};
struct promotion : pegtl::sor< pegtl::seq< promotion_mark, promotion_piece >,
                               pegtl::seq< pegtl::one< '(' >, promotion_piece, pegtl::one< ')' > >,
                               promotion_piece > {};

// Castling: zeros, letter O in either case; "000" and "OO" too.
struct castle_o : pegtl::one< '0', 'O', 'o' > {};
struct castle_long : pegtl::seq< castle_o, pegtl::opt< dash >, castle_o, pegtl::opt< dash >, castle_o > {};
struct castle_short : pegtl::seq< castle_o, pegtl::opt< dash >, castle_o > {};
struct castling : pegtl::seq< pegtl::sor< castle_long, castle_short >, pegtl::not_at< pegtl::one< '-' > >, pegtl::not_at< pegtl::alnum > > {};

// "--" as PGN programs write a null move.
struct null_move : pegtl::seq< pegtl::string< '-', '-' >, pegtl::not_at< pegtl::one< '-' > > > {};

// Descriptive notation (another system): P-K4, N-KB3, Q-QR4, P-K4ch.
struct descriptive_square : pegtl::seq< pegtl::opt< pegtl::one< 'Q', 'K' > >, pegtl::opt< pegtl::one< 'R', 'N', 'B' > >, pegtl::range< '1', '8' > > {};
struct descriptive_move : pegtl::seq< pegtl::plus< pegtl::upper >, pegtl::one< '-' >, pegtl::one< 'Q', 'K', 'R', 'N', 'B' >, pegtl::opt< pegtl::one< 'R', 'N', 'B' > >, pegtl::range< '1', '8' > > {};

// The short forms are tried first (they are the most common); a second
// square after the first means the long form (Sg1f3, e2-e4) instead.
struct no_second_square : pegtl::not_at< pegtl::opt< move_separator >, file, rank > {};

struct clear_squares : pegtl::success {};
template <typename... Rules>
struct squares : pegtl::seq< clear_squares, Rules... > {};

struct piece_move : pegtl::seq< moving_piece, pegtl::sor<
    squares< pegtl::opt< capture_mark >, to_square, no_second_square >,           // Sf3 Sxf3 S:f3
    squares< from_file, pegtl::opt< capture_mark >, to_square >,                  // Sgf3 Sgxf3
    squares< from_rank, pegtl::opt< capture_mark >, to_square >,                  // S5f3 S5xf3
    squares< from_square, pegtl::opt< move_separator >, to_square >,              // Sg1f3 Sg1-f3 Sg1xf3
    squares< capture_mark, captured_piece > > > {};                                // BxN LxS

struct pawn_move : pegtl::sor<
    squares< to_square, no_second_square, pegtl::opt< promotion > >,                     // e4 d8D
    squares< from_file, pegtl::opt< capture_mark >, to_square, pegtl::opt< promotion > >,  // exd5 ed5 e:d5 exf8S
    squares< from_file, pegtl::opt< capture_mark >, to_file_only >,                       // exd ed
    squares< capture_mark, to_square, pegtl::opt< promotion > >,                          // xd5
    squares< from_square, pegtl::opt< move_separator >, to_square, pegtl::opt< pegtl::sor< uci_promotion, promotion > > > > {};  // e2e4 e2-e4 e7e8q

// Ordered by frequency; descriptive notation (rare) last.
struct move_start : pegtl::success {};
template <typename Rule>
struct fresh : pegtl::seq< move_start, Rule > {};
// Castling and null moves are only tried when their first character is
// there: most moves are neither, and each try costs a reset.
struct move_body : pegtl::sor< pegtl::seq< pegtl::at< castle_o >, fresh< castling > >,
                               pegtl::seq< pegtl::at< pegtl::one< '-' > >, fresh< null_move > >,
                               fresh< piece_move >,
                               fresh< pawn_move >,
                               fresh< descriptive_move > > {};

// Marks after the move; a blank may come before "e.p." and "(=)".
struct blanks : pegtl::star< pegtl::one< ' ', '\t' > > {};
// "e.p." and, its meaning as clear (C.9; 2023 C.13: e.p. may be left out
// altogether), "e.p", "e. p.", "ep" and "ep.".
struct en_passant_mark : pegtl::seq< pegtl::sor< pegtl::string< 'e', '.', 'p' >, pegtl::seq< pegtl::string< 'e', '.' >, pegtl::plus< pegtl::one< ' ' > >, pegtl::one< 'p' > >, pegtl::string< 'e', 'p' > >, pegtl::opt< pegtl::one< '.' > >, pegtl::not_at< pegtl::alnum > > {};
struct mate_mark : pegtl::sor< pegtl::string< '+', '+' >, pegtl::one< '#' >, pegtl::seq< pegtl::one< 'X' >, pegtl::not_at< pegtl::alnum > > > {};
struct check_mark : pegtl::sor< pegtl::one< '+' >, pegtl::seq< pegtl::string< 'c', 'h' >, pegtl::not_at< pegtl::alnum > > > {};
struct glyph : pegtl::sor< pegtl::string< '!', '!' >, pegtl::string< '?', '?' >, pegtl::string< '!', '?' >, pegtl::string< '?', '!' >, pegtl::one< '!' >, pegtl::one< '?' > > {};
struct draw_offer : pegtl::string< '(', '=', ')' > {};
// Each mark is tried only when its first character is there (most moves
// have none, and this runs after every move); the marks that may follow a
// blank share one look past the blanks.
struct suffix : pegtl::star< pegtl::sor<
    pegtl::seq< pegtl::at< pegtl::one< '+', '#', 'X' > >, pegtl::sor< mate_mark, check_mark > >,
    pegtl::seq< pegtl::at< pegtl::one< '!', '?' > >, glyph >,
    pegtl::seq< pegtl::at< blanks, pegtl::one< 'e', 'c', '(' > >, pegtl::sor< pegtl::seq< blanks, en_passant_mark >, check_mark, pegtl::seq< blanks, draw_offer > > > > > {};

// A move token (used inside movetext and scoresheet cells).
struct written_move : pegtl::seq< move_body, suffix > {};

// One move and nothing else (the `notera move` command, a sheet cell).
struct trailing_blanks : pegtl::star< pegtl::space > {};
struct single_move : pegtl::seq< trailing_blanks, written_move, trailing_blanks, pegtl::eof > {};
// clang-format on

}  // namespace notera::grammar::move

// pegtl::analyze: a piece letter consumes at least one character.
template <typename Name>
struct tao::pegtl::analyze_traits<Name, notera::grammar::move::piece_letter> : analyze_any_traits<> {};
