// Reading movetext into a flat list of events (syntax only).
//
// The events keep byte offsets into the source text, so comments are views,
// not copies, and every problem can be reported at its line and column. The
// list can be replayed against positions more than once (game.hpp's player
// does, when it has to find out which language the letters are in) without
// reading the text again.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "notera/notation/letters.hpp"
#include "notera/notation/written_move.hpp"
#include "notera/text/normalize.hpp"

namespace notera::pgn {

struct MovetextEvent {
  enum class Kind : std::uint8_t {
    move,             // a written move (`move`)
    move_number,      // "12." or "12..." (`number`, `dots`)
    comment,          // {...} or ;... (`begin`/`end` is the text inside)
    nag,              // $n, or a glyph/evaluation sign written apart (`number`)
    variation_start,  // (
    variation_end,    // )
    result,           // 1-0, 0-1, 1/2-1/2, *, ½-½, 1:0 ... (`number`: see Result below)
    draw_offer,       // (=) written apart from the move
    en_passant,       // e.p. written apart from the move
    check,            // + written apart (`number` 1), # (`number` 2)
    descriptive,      // P-K4: another notation system
    unknown,          // anything else
  };
  enum Result : int { white_wins = 1, black_wins = 2, draw = 3, unknown_result = 4 };

  Kind kind = Kind::unknown;
  notation::WrittenMove move;
  std::uint32_t begin = 0;  // byte offsets in the source text
  std::uint32_t end = 0;
  int number = 0;
  std::uint8_t dots = 0;
  bool operator==(const MovetextEvent&) const = default;
};

struct MovetextParse {
  std::vector<MovetextEvent> events;
  text::NormalizedText normalized;  // scratch for texts with non-ASCII characters
  void clear() { events.clear(); }
};

// Parses `text` (a game's movetext, any size) into `out.events`, reusing
// its buffers. Never fails: what is not understood becomes `unknown`.
// The usual tokens (blanks, move numbers, plain moves) are read by a
// shortcut that gives the same events as the grammar, only faster.
void parse_movetext(std::string_view text, notation::LanguageMask languages, MovetextParse& out);
// The same with the grammar alone, for tests that compare the two.
void parse_movetext_by_grammar(std::string_view text, notation::LanguageMask languages, MovetextParse& out);

}  // namespace notera::pgn
