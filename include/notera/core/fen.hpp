// Reading and writing FEN, X-FEN and Shredder-FEN.
//
// The reader accepts all three castling notations (KQkq, the X-FEN rule that
// K/Q mean the outermost rook, and Shredder's rook files such as HAha), and
// missing move counters. Every bad field gives a precise error (a message
// key such as "fen.castling" and the column), never an exception or a crash.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notera/base/message.hpp"
#include "notera/core/position.hpp"

namespace notera {

inline constexpr std::string_view start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct FenError {
  Message message;
  int column = 0;  // 1-based, in characters of the FEN text
};

// A castling right the position cannot have: its king is not on its first
// rank, or there is no rook on that side ("KQkq" with no rook on h1).
enum class ImpossibleCastling {
  reject,  // the FEN is not valid (a FEN given on its own: `notera move --fen`)
  drop,    // the right is left out and said (a game's FEN tag: the game is kept)
};

// A right left out under ImpossibleCastling::drop, and why
// ("fen.castling_no_king", "fen.castling_no_rook").
struct DroppedCastling {
  char right = 0;
  Message reason;
};

struct FenResult {
  std::optional<Position> position;
  FenError error;                        // meaningful when !position
  std::vector<DroppedCastling> dropped;  // in the order written
  explicit operator bool() const { return position.has_value(); }
};

// `chess960`: treat the position as Chess960 even when the castling rooks
// stand on the standard squares (e.g. from a PGN Variant tag).
FenResult read_fen(std::string_view text, bool chess960 = false,
                   ImpossibleCastling impossible = ImpossibleCastling::reject);

enum class CastlingNotation {
  automatic,  // KQkq where it is unambiguous (X-FEN), rook files otherwise
  shredder,   // always rook files: HAha
};

std::string write_fen(const Position& pos, CastlingNotation castling = CastlingNotation::automatic);

}  // namespace notera
