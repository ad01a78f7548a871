// Playing the events of read movetext into a Game (game/play.hpp has the
// options and the public entry points). Private to the library: the events
// and the locator are the readers' working data, not part of the API.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "notera/game/game.hpp"
#include "notera/pgn/movetext.hpp"
#include "notera/pgn/play.hpp"
#include "notera/text/locate.hpp"

namespace notera::pgn {

// Plays `parse` (events of `source`, which starts `base` bytes into the
// text the locator knows) from game.start. Fills game.mainline, result,
// language, status and diagnostics.
LanguageChoice play_movetext(const pgn::MovetextParse& parse, std::string_view source, std::size_t base,
                             text::TextLocator& locator, game::Game& game, const PlayOptions& options);

// The letter languages that should be tried for a game, given the letters
// it uses (English first, then `preference`, then the rest).
std::vector<int> candidate_languages(const pgn::MovetextParse& parse, const PlayOptions& options);

}  // namespace notera::pgn
