// One written move: read_written_move, then resolve in a few fixed
// positions (start, Kiwipete, promotions, en passant, Chess960 castling, two
// knights that reach one square, a pin).
//
// Invariants: a text that is not a move gets a reason and a column inside
// the text; a legal verdict is one of the position's legal moves, and its
// SAN reads back to the same move; an ambiguous one lists two or more legal
// candidates; an illegal one has a message; make/unmake restores the position.
// The first byte chooses the notation language (or every language).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "notera/base/utf8.hpp"
#include "notera/core/san.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/read_move.hpp"

using namespace notera;
using namespace notera::fuzz;

namespace {

const std::vector<Position>& positions() {
  static const std::vector<Position> all = [] {
    std::vector<Position> v;
    for (const char* fen : {
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
             "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
             "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
             "4k3/pp3ppp/8/8/8/8/PP3PPP/1K2N1N1 w - - 0 30",
             "3r2k1/pp3pp1/8/7p/3N4/8/PP3P1N/3K4 w - - 0 30",
             "8/8/8/8/8/5k2/8/5K1q w - - 0 60",
         }) {
      const FenResult r = read_fen(fen);
      if (!r) std::abort();
      v.push_back(*r.position);
    }
    const FenResult c960 =
        read_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true);
    if (!c960) std::abort();
    v.push_back(*c960.position);
    return v;
  }();
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const notation::LetterTable& letters = notation::LetterTable::instance();
  const int language = static_cast<int>(data[0] % (letters.language_count() + 1)) - 1;  // -1: any
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  const notation::ReadMoveResult read =
      notation::read_written_move(text, notation::reading_languages(language));
  if (!read.ok) {
    NOTERA_FUZZ_CHECK(!read.problem.empty(), text);
    NOTERA_FUZZ_CHECK(read.column >= 1, text);
    NOTERA_FUZZ_CHECK(static_cast<std::size_t>(read.column) <= utf8::char_column(text, text.size()) + 1u,
                      text);
    return 0;
  }
  NOTERA_FUZZ_CHECK(read.move.kind != notation::WrittenKind::none, text);

  notation::ResolveOptions options;
  options.language = language;
  for (const Position& pos : positions()) {
    const notation::Resolution r = resolve(pos, read.move, options);
    MoveList legal;
    generate_legal(pos, legal);
    switch (r.verdict) {
      case notation::Verdict::legal: {
        NOTERA_FUZZ_CHECK(r.move == Move::null() || legal.contains(r.move), text);
        if (r.move == Move::null()) break;
        // Its SAN names the same move.
        const std::string san = to_san(pos, r.move);
        const notation::ReadMoveResult again =
            notation::read_written_move(san, notation::reading_languages(notation::LetterTable::english));
        NOTERA_FUZZ_CHECK(again.ok, san);
        const notation::Resolution back = resolve(pos, again.move, notation::ResolveOptions{});
        NOTERA_FUZZ_CHECK(back.is_legal() && back.move == r.move, san);
        // Made and unmade in place: the position comes back.
        Position after = pos;
        Undo undo;
        after.do_move(r.move, undo);
        (void)notation::judge_check_marks(after, read.move);
        after.undo_move(r.move, undo);
        NOTERA_FUZZ_CHECK(after == pos, text);
        NOTERA_FUZZ_CHECK(after.key() == pos.key(), text);
        break;
      }
      case notation::Verdict::ambiguous:
        NOTERA_FUZZ_CHECK(r.candidates.size() >= 2, text);
        for (Move m : r.candidates) NOTERA_FUZZ_CHECK(legal.contains(m), text);
        break;
      case notation::Verdict::illegal:
        NOTERA_FUZZ_CHECK(!illegal_message(pos, read.move, r).empty(), text);
        break;
      case notation::Verdict::unclear: break;
    }
  }
  return 0;
}
