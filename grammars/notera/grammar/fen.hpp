// Forsyth-Edwards Notation, with the X-FEN and Shredder-FEN castling fields.
//
//   rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
//   board            side castling en-passant halfmove fullmove
//
// The grammar splits the fields and checks the shape of each; what they mean
// (one king each, rooks where castling says, a plausible en-passant square)
// is checked by the reader in lib/notera/core/fen.cpp. Fields are separated
// by one or more blanks; the two counters may be left out (EPD style).
// Every `must<>` point has an error key (error_key below) naming the
// field that is wrong, so a bad FEN is reported by field, never by crash.
#pragma once

#include <tao/pegtl.hpp>

namespace notera::grammar::fen {

namespace pegtl = tao::pegtl;

// clang-format off
struct blank : pegtl::plus< pegtl::one< ' ', '\t' > > {};

// The board is taken as one field here; lib/notera/core/fen.cpp checks it
// square by square, so that the error can name the rank and the character.
struct board : pegtl::plus< pegtl::not_one< ' ', '\t', '\r', '\n' > > {};

struct side : pegtl::one< 'w', 'b' > {};

struct castling_none : pegtl::one< '-' > {};
// K, Q, k, q (X-FEN: the outermost rook) or a rook's file (Shredder-FEN).
struct castling_char : pegtl::sor< pegtl::one< 'K', 'Q', 'k', 'q' >, pegtl::range< 'A', 'H' >, pegtl::range< 'a', 'h' > > {};
struct castling : pegtl::sor< castling_none, pegtl::plus< castling_char > > {};

struct ep_none : pegtl::one< '-' > {};
struct ep_square : pegtl::seq< pegtl::range< 'a', 'h' >, pegtl::range< '1', '8' > > {};
struct en_passant : pegtl::sor< ep_none, ep_square > {};

struct halfmove_clock : pegtl::plus< pegtl::digit > {};
struct fullmove_number : pegtl::plus< pegtl::digit > {};
struct counters : pegtl::seq< blank, halfmove_clock, pegtl::opt< blank, fullmove_number > > {};

struct trailing : pegtl::star< pegtl::one< ' ', '\t', '\r', '\n' > > {};

struct fen : pegtl::seq< pegtl::star< blank >,
                         pegtl::must< board >, pegtl::must< blank >,
                         pegtl::must< side >, pegtl::must< blank >,
                         pegtl::must< castling >, pegtl::must< blank >,
                         pegtl::must< en_passant >,
                         pegtl::opt< counters >,
                         trailing, pegtl::must< pegtl::eof > > {};
// clang-format on

// Error keys (into the locale bundle, "msg.fen.*") for each commit point.
template <typename Rule> inline constexpr const char* error_key = nullptr;
template <> inline constexpr const char* error_key<board> = "fen.board";
template <> inline constexpr const char* error_key<blank> = "fen.missing_field";
template <> inline constexpr const char* error_key<side> = "fen.side";
template <> inline constexpr const char* error_key<castling> = "fen.castling";
template <> inline constexpr const char* error_key<en_passant> = "fen.en_passant";
template <> inline constexpr const char* error_key<pegtl::eof> = "fen.trailing";

struct errors {
  template <typename Rule> static constexpr const char* message = error_key<Rule>;
  // Only explicit must<> points raise, not every failure of a keyed rule.
  template <typename Rule> static constexpr bool raise_on_failure = false;
};

}  // namespace notera::grammar::fen
