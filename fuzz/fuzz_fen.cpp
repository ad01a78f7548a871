// FEN, X-FEN and Shredder-FEN: read_fen, as standard chess and as Chess960.
//
// Invariants: a rejected FEN has a message and a column inside the text; an
// accepted one writes back (both castling notations) to a FEN that reads as
// the same position, and writing that again gives the same text; the
// position is sane for the move generator: every legal move made and taken
// back restores it exactly (board, rights, key).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "notera/base/utf8.hpp"

using namespace notera;
using namespace notera::fuzz;

namespace {

void check(std::string_view text, bool chess960) {
  const FenResult read = read_fen(text, chess960);
  if (!read) {
    NOTERA_FUZZ_CHECK(!read.error.message.empty(), text);
    NOTERA_FUZZ_CHECK(read.error.column >= 1, text);
    NOTERA_FUZZ_CHECK(read.error.column <= utf8::char_column(text, text.size()) + 1, text);
    return;
  }
  const Position& pos = *read.position;
  NOTERA_FUZZ_CHECK(pos.key() == pos.compute_key(), text);
  for (const CastlingNotation notation : {CastlingNotation::automatic, CastlingNotation::shredder}) {
    const std::string written = write_fen(pos, notation);
    const FenResult again = read_fen(written, pos.is_chess960());
    NOTERA_FUZZ_CHECK(again.position.has_value(), std::string(text) + " -> " + written);
    NOTERA_FUZZ_CHECK(*again.position == pos, std::string(text) + " -> " + written);
    NOTERA_FUZZ_CHECK(write_fen(*again.position, notation) == written, std::string(text) + " -> " + written);
  }
  MoveList legal;
  generate_legal(pos, legal);
  NOTERA_FUZZ_CHECK(has_legal_move(pos) == !legal.empty(), text);
  for (Move m : legal) {
    NOTERA_FUZZ_CHECK(pos.is_legal(m), text);
    // Made and unmade in place: the position and its key come back.
    Position p = pos;
    Undo undo;
    p.do_move(m, undo);
    NOTERA_FUZZ_CHECK(p.key() == p.compute_key(), text);
    p.undo_move(m, undo);
    NOTERA_FUZZ_CHECK(p == pos && p.key() == pos.key(), text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check(text, false);
  check(text, true);
  return 0;
}
