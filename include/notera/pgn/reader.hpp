// Reading one PGN game (a segment cut by the splitter) into a Game: tags,
// start position (FEN/SetUp, Chess960 from the Variant tag), movetext in
// any notation, result - and every problem with its line, column and ply.
//
// One GameReader per worker: it keeps its buffers between games, so the
// batch path allocates nothing per move and little per game.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "notera/game/game.hpp"
#include "notera/pgn/play.hpp"
#include "notera/pgn/tags.hpp"

namespace notera::text {
struct Detection;
}

namespace notera::pgn {

struct ReadOptions {
  pgn::PlayOptions play;
  TagLimits tags;  // a game over these limits is rejected
};

class GameReader {
 public:
  // `input` is the encoding decided for the whole input (text/encoding.hpp);
  // a game that is not valid UTF-8 is decoded with it as the prior.
  explicit GameReader(ReadOptions options, const text::Detection* input = nullptr);
  ~GameReader();
  GameReader(GameReader&&) noexcept;
  GameReader& operator=(GameReader&&) noexcept;

  // Reads the game in `text` (which starts on line `first_line` of its
  // input) into `game` (cleared first). Never throws on bad input: the
  // outcome is game.status and game.diagnostics.
  void read(std::string_view text, std::int64_t first_line, game::Game& game);

  // The chosen language of the last game, with the others that also fit.
  const pgn::LanguageChoice& language() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Variants notera plays: standard chess and Chess960. From a Variant tag:
// nullopt for another variant (crazyhouse, atomic, ...), which is rejected
// rather than misread.
enum class Variant { standard, chess960 };
std::optional<Variant> variant_of(std::string_view tag);

}  // namespace notera::pgn
