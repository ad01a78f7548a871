// A game as notera holds it between reading and writing: tags, the start
// position, the main line with comments, NAGs and variations, and every
// problem found on the way (with where it was in the source).
//
// The same model serves PGN, plain movetext and reconstructed scoresheets;
// writers (PGN export, UCI, JSON, localised text) read only this.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "notera/base/diagnostic.hpp"
#include "notera/base/message.hpp"
#include "notera/base/tag.hpp"
#include "notera/core/position.hpp"
#include "notera/core/san.hpp"

namespace notera::game {

struct Line;

// What was written around a move besides the move itself. Most moves have
// none of it, so it is kept apart from the moves (see Line::notes).
struct MoveNotes {
  std::vector<std::uint8_t> nags;     // $1 = "!", ... ; glyphs are stored as NAGs
  std::vector<std::string> comments;  // comments after the move, in order
  std::vector<Line> variations;       // alternatives to this move
};

// One move as played. Trivially destructible on purpose: a game's moves
// are cleared and refilled for every game of a batch, and a record that
// owned vectors would have to be visited move by move to be cleared.
struct GameMove {
  Move move;
  bool draw_offer = false;  // FIDE "(=)" after the move
  // When not 0: the move text at source_offset is its SAN exactly, in
  // PGN's letters with its check mark, and this long (a writer given the
  // source may copy it instead of spelling the move).
  std::uint8_t source_length = 0;
  std::uint32_t source_offset = 0;  // byte offset of the move text in its game's source
  // SAN facts worked out when the move was played (core/san.hpp), so that
  // writers need not replay the game; an invalid hint means "compute".
  SanHint san;
  // 1 + the index of its notes in its line's `notes`; 0 when it has none.
  std::uint32_t notes = 0;
};
static_assert(std::is_trivially_destructible_v<GameMove>);

// A sequence of moves from some position (the main line, or a variation
// starting at the position before the move it is attached to).
struct Line {
  std::string comment_before;  // a comment before the first move
  std::vector<GameMove> moves;
  std::vector<MoveNotes> notes;  // of the moves that have any (GameMove::notes)

  // What was written around moves[i] (an empty record when nothing was).
  const MoveNotes& notes_of(std::size_t i) const;
  // The same, to add to: made on first use.
  MoveNotes& edit_notes(std::size_t i);
  void clear();
};

enum class GameStatus : std::uint8_t {
  complete,    // every move read and legal
  incomplete,  // read up to a bad move or a limit (size, plies, variation depth,
               // comment length); what came before is kept
  rejected,    // nothing usable (e.g. an unsupported variant, a bad FEN)
};
std::string_view to_string(GameStatus status);

struct Game {
  std::vector<Tag> tags;  // in input order; writers put the seven-tag roster first
  Position start = Position::start();
  bool custom_start = false;  // a FEN/SetUp tag gave the start position
  Line mainline;
  std::string result = "*";  // the game termination marker as read (PGN spelling)
  std::string language;      // notation language used to read the moves
  std::vector<Diagnostic> diagnostics;
  GameStatus status = GameStatus::complete;
  SourceLocation where;  // first line of the game in its source

  // Tag value by name (case-sensitive as in PGN), or nullopt.
  std::optional<std::string_view> tag(std::string_view name) const;
  void set_tag(std::string_view name, std::string_view value);
  bool has_errors() const;
  // Reset for reuse; keeps allocated capacity (the batch path reuses games).
  void clear();
  // The position after the main line.
  Position final_position() const;
};

}  // namespace notera::game
