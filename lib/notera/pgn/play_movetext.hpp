// Playing the events of read movetext into a Game (game/play.hpp has the
// options and the public entry points). Private to the library: the events
// and the locator are the readers' working data, not part of the API.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "notera/game/game.hpp"
#include "notera/notation/systems.hpp"
#include "notera/pgn/movetext.hpp"
#include "notera/pgn/play.hpp"
#include "notera/text/locate.hpp"

namespace notera::pgn {

// A comment's text without the blanks and control characters around it
// (NUL, form feed, ...: the writer turns them and DEL into spaces, so a
// comment of nothing else must read as empty here too); empty comments
// carry nothing.
inline std::string_view trimmed_comment(std::string_view text) {
  const auto blank = [](char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7F; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

// A comment over PlayOptions::max_comment_length, in the moves or among
// the tags: the game stops before it.
inline Message comment_too_long(std::size_t length, std::size_t limit) {
  return Message("game.comment_too_long")
      .with("length", static_cast<std::int64_t>(length))
      .with("limit", static_cast<std::int64_t>(limit));
}

// Plays `parse` (events of `source`, which starts `base` bytes into the
// text the locator knows) from game.start. Fills game.mainline, result,
// language, status and diagnostics.
LanguageChoice play_movetext(const pgn::MovetextParse& parse, std::string_view source, std::size_t base,
                             text::TextLocator& locator, game::Game& game, const PlayOptions& options);

// What play_plain_movetext() found besides the moves.
struct PlainPlay {
  LanguageChoice language;
  bool terminated = false;  // a result marker was read
  bool any_token = false;   // the movetext is not blank
};

// Plays `source` (movetext, `base` bytes into the game's text) in one
// pass, reading and playing each token in turn, when it is the usual
// movetext: move numbers, plain moves in English letters (auto or English
// language, no warnings asked for), results. Leaves game.mainline, result,
// language and its result diagnostic as play_movetext() on parse_movetext()
// would, and says true. Otherwise false, with the game as it was given
// (its main line empty): the caller reads it the general way.
bool play_plain_movetext(std::string_view source, std::size_t base, game::Game& game,
                         const PlayOptions& options, PlainPlay& out);

// A diagnostic of `game` at byte `at` of the text `locator` knows (no
// place without a locator).
void add_diagnostic(game::Game& game, Severity severity, Message message, text::TextLocator* locator,
                    std::size_t at, int ply);

// "12." or "12..." for the move about to be played in `pos` (messages).
std::string move_number_text(const Position& pos);

// Movetext in another notation system (descriptive, announced), read from
// its source text (books print moves with blanks and parentheses inside).
struct SystemPlay {
  int plies = 0;         // main-line plies played
  bool stopped = false;  // a move that does not read or play ended the main line
};
SystemPlay play_system_movetext(std::string_view source, std::size_t base, text::TextLocator* locator,
                                game::Game& game, const PlayOptions& options, notation::System system,
                                bool mainline_only);
// Of `systems`, the one that plays the main line furthest (the first that
// plays it all), with its plies and whether it played it all.
notation::System best_system(std::string_view source, const game::Game& game, const PlayOptions& options,
                             std::initializer_list<notation::System> systems, int& plies, bool& full);

// The letter languages that should be tried for a game, given the letters
// it uses (English first, then `preference`, then the rest).
std::vector<int> candidate_languages(const pgn::MovetextParse& parse, const PlayOptions& options);

}  // namespace notera::pgn
