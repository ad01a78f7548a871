// Writing one game in the format `convert --to` asks for: PGN export (with
// English, local or figurine letters), one line of SAN/LAN/UCI moves, or a
// JSON object. Renderers keep their buffers: one per worker.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "notera/game/game.hpp"
#include "notera/locale/messages.hpp"
#include "notera/notation/write_move.hpp"

namespace notera::batch {

// system: one line per game in descriptive or announced notation, with
// move numbers as books print them.
enum class Format { pgn, san, lan, uci, json, figurine, language, system };

struct OutputFormat {
  Format format = Format::pgn;
  notation::OutputNotation notation;  // letters for pgn/figurine/language, spelling for lines
  std::string name;                   // as given: "pgn", "uci", "nb", ...
};

// "pgn", "san", "lan", "uci", "json", "figurine" or a language code.
std::optional<OutputFormat> output_format(std::string_view name);

// What the renderer knows about where the game came from (for JSON).
struct GameSource {
  std::string_view file;
  std::int64_t line = 0;
  std::int64_t index = 0;  // game number in its input, from 1
  std::string_view text;   // the game's text as read (see pgn::Writer::write)
  int column = 1;          // where `text` starts in its first line
};

class Renderer {
 public:
  // `messages` renders the notes written into incomplete games.
  Renderer(const OutputFormat& format, const locale::Messages& messages, bool latin1_repertoire);
  ~Renderer();
  Renderer(Renderer&&) noexcept;
  Renderer& operator=(Renderer&&) noexcept;

  // Appends the game. An incomplete game first gets a comment after its
  // last good move saying where and why it stops (so `game` may change).
  // For Latin-1 output (`latin1_repertoire`) the text comes out with the
  // characters Latin-1 lacks transliterated, and the game gets a warning
  // saying how many and where the first one was read.
  void render(game::Game& game, const GameSource& source, std::string& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace notera::batch
