// The PGN export format (PGN standard of 1994, §8), exactly:
//
//   - the Seven Tag Roster first, in its order (Event, Site, Date, Round,
//     White, Black, Result); a missing or empty one is written as the
//     standard says: "?" (Date "????.??.??"); Result is always the game
//     termination marker written at the end of the movetext;
//   - then the other tags. §8.1.1 wants them in ASCII order of their
//     names (TagOrder::standard, the default); TagOrder::input keeps the
//     order they were read in. SetUp and FEN are written from the game's
//     start position (never copied from the input), and a Chess960 game
//     gets Variant "Chess960" (the spelling lichess, chess.com and
//     cutechess use) with the castling rights in X-FEN (fen.hpp);
//   - tag values with \" and \\ escaped (§7) and control characters as
//     spaces; one tag per line, then one empty line;
//   - movetext tokens separated by one space on lines of at most 79
//     characters (§8.2.1: "less than 80"); a comment may be broken at its
//     spaces, a [%command] in it never is; a word longer than a line gets
//     a line of its own rather than being cut;
//   - "N." before every White move; "N..." before a Black move only where
//     §8.2.2.2 wants it: the first move of the movetext or of a variation,
//     and after a comment or a variation. NAGs do not count as
//     interruptions (they are the move's own suffix annotations, §8.2.3.8);
//   - SAN computed from the position (core/san.hpp), NAGs as $n, comments
//     as {...} with white space runs collapsed, and '{' and '}' inside a
//     comment written as '(' and ')' (the standard forbids '}' there, and
//     pgn-extract reads '{' as a nested comment), variations as
//     (...) recursively, "(" and ")" next to the token they enclose;
//   - a draw offer (FIDE "(=)") as the comment {(=)} right after the move
//     and its NAGs, before the move's other comments;
//   - a null move as "--" (not in the standard; pgn-extract reads it with
//     --allownullmoves);
//   - the game termination marker, then an empty line after the game.
//
// The writer appends to a caller's string (reuse it across games) and does
// not allocate per move. Precondition: the moves are legal in sequence
// from game.start, as the readers guarantee.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "notera/core/san.hpp"
#include "notera/game/game.hpp"

namespace notera::text {
class Latin1Folder;
struct FoldedCharacters;
}

namespace notera::pgn {

enum class TagOrder : std::uint8_t {
  standard,  // §8.1.1: the roster, then the other tags in ASCII order of their names
  input,     // the roster, then the other tags as they were read
};

struct WriterOptions {
  TagOrder tag_order = TagOrder::standard;
  int max_line_length = 79;  // §8.2.1: less than 80 characters
  // For ISO-8859-1 output: tag values and comments with characters that
  // Latin-1 lacks are transliterated before the lines are measured, so the
  // lines stay under the limit after conversion (text::OutputEncoder).
  bool latin1_repertoire = false;
  // How moves are spelled: PGN SAN (the export format) by default; a
  // language's letters or figurines for `convert --to nb|figurine`.
  SanStyle san_style = pgn_san_style;
};

class Writer {
 public:
  explicit Writer(WriterOptions options = {});
  ~Writer();
  Writer(Writer&&) noexcept;
  Writer& operator=(Writer&&) noexcept;

  // Appends the game in export format, followed by an empty line.
  // `source`: the text the game was read from (what its moves'
  // source_offset point into), whose moves written exactly as SAN
  // (GameMove::source_length) are copied rather than spelled; empty: none.
  void write(const game::Game& game, std::string& out, std::string_view source = {});
  // What the last write() transliterated for WriterOptions::latin1_repertoire.
  const text::FoldedCharacters& transliterated() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The game termination marker for a result as stored in a Game: "1-0",
// "0-1", "1/2-1/2", or "*" for anything else.
std::string_view termination_marker(std::string_view result);

// The comment text that marks a draw offer: "(=)".
inline constexpr std::string_view draw_offer_comment = "(=)";

}  // namespace notera::pgn
