// Reconstruction from scoresheets (.sheet): read_scoresheet, evidence_of,
// reconstruct_game, to_game. The input is one sheet, or two copies
// separated by a line "====" (the game both players wrote).
//
// Invariants: the game replays legally from its start, ply by ply, each
// ply numbered in turn with the SAN and UCI of its move; every piece of
// evidence and every dropped box points at a box of a sheet given, no box
// is used twice, and a complete game used or explained every box; margins
// and confidences are finite and not negative; every ask entry is a ply of
// the game, its first candidate the move played, the others other moves
// whose lines replay from that ply or (once) the game over before it,
// their probabilities a distribution;
// the game as PGN (comments, alternatives as variations) reads back to the
// same moves. The beam and the work limit are small, so that a unit stays
// fast; hitting the limit must still give a legal game.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzz_check.hpp"
#include "notera/core/san.hpp"
#include "notera/core/uci.hpp"
#include "notera/locale/messages.hpp"
#include "notera/reconstruct/evidence.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/scoresheet/sheet.hpp"

using namespace notera;
using namespace notera::fuzz;

namespace {

bool finite_not_negative(float x) { return std::isfinite(x) && x >= -1e-3f; }

// The copies in the input: one, or two split at the first line that is
// exactly "====" (a reconstruction takes two sheets at most).
std::vector<std::string_view> copies(std::string_view text) {
  constexpr std::string_view separator = "\n====\n";
  const std::size_t at = text.find(separator);
  if (at == std::string_view::npos) return {text};
  return {text.substr(0, at + 1), text.substr(at + separator.size())};
}

// `line` replays legally from `pos`.
bool legal_line(Position pos, const std::vector<Move>& line) {
  for (const Move m : line) {
    MoveList legal;
    generate_legal(pos, legal);
    if (!legal.contains(m)) return false;
    Undo undo;
    pos.do_move(m, undo);
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<reconstruct::EvidenceSheet> sheets;
  for (const std::string_view copy : copies(text)) {
    const scoresheet::Scoresheet sheet = scoresheet::read_scoresheet(copy, "fuzz.sheet");
    sheets.push_back(reconstruct::evidence_of(sheet));
  }
  reconstruct::ReconstructOptions options;
  // Narrow and short: the same code at a fraction of the work (the
  // sanitizers make a search ten times slower), the work limit's own path
  // tested too.
  options.beam_width = 48;
  options.max_beam_width = 192;
  options.work_limit = 150'000;
  const reconstruct::Reconstruction r = reconstruct::reconstruct_game(sheets, options);

  // The game, ply by ply.
  Position pos = r.start;
  std::vector<Position> before;  // the position before each ply
  for (std::size_t i = 0; i < r.plies.size(); ++i) {
    const reconstruct::ReconstructedPly& ply = r.plies[i];
    NOTERA_FUZZ_CHECK(ply.ply == static_cast<int>(i) + 1, text);
    MoveList legal;
    generate_legal(pos, legal);
    NOTERA_FUZZ_CHECK(legal.contains(ply.move), text);
    NOTERA_FUZZ_CHECK(ply.san == to_san(pos, ply.move), text);
    NOTERA_FUZZ_CHECK(ply.uci == to_uci(pos, ply.move), text);
    NOTERA_FUZZ_CHECK(!ply.confidence || finite_not_negative(*ply.confidence), text);
    for (const reconstruct::PlyAlternative& a : ply.alternatives) {
      NOTERA_FUZZ_CHECK(a.move != ply.move, text);
      NOTERA_FUZZ_CHECK(legal.contains(a.move), text);
      NOTERA_FUZZ_CHECK(a.line.empty() || a.line.front() == a.move, text);
      NOTERA_FUZZ_CHECK(legal_line(pos, a.line), text);
    }
    before.push_back(pos);
    Undo undo;
    pos.do_move(ply.move, undo);
  }
  before.push_back(pos);  // after the last ply: an entry for a box after the game found's end
  NOTERA_FUZZ_CHECK(std::isfinite(r.cost), text);
  NOTERA_FUZZ_CHECK(!r.margin || finite_not_negative(*r.margin), text);
  NOTERA_FUZZ_CHECK(r.confidence >= 0.0f && r.confidence <= 1.0f + 1e-4f, text);
  NOTERA_FUZZ_CHECK(r.languages.size() == sheets.size(), text);

  // Every box is used by one ply, or dropped, never both nor twice; a
  // complete game accounts for every box.
  std::set<std::pair<int, int>> seen;
  auto take = [&](int sheet, int cell) {
    NOTERA_FUZZ_CHECK(sheet >= 0 && static_cast<std::size_t>(sheet) < sheets.size(), text);
    NOTERA_FUZZ_CHECK(cell >= 0 && static_cast<std::size_t>(cell) < sheets[sheet].cells.size(), text);
    NOTERA_FUZZ_CHECK(seen.emplace(sheet, cell).second, text);
  };
  for (const reconstruct::ReconstructedPly& ply : r.plies) {
    for (const reconstruct::PlyEvidence& e : ply.evidence) {
      NOTERA_FUZZ_CHECK(finite_not_negative(e.cost), text);
      if (e.cell >= 0) take(e.sheet, e.cell);
    }
  }
  for (const reconstruct::DroppedCell& d : r.dropped) {
    take(d.sheet, d.cell);
    NOTERA_FUZZ_CHECK(d.after_ply >= 0 && d.after_ply <= static_cast<int>(r.plies.size()), text);
  }
  if (r.complete) {
    std::size_t boxes = 0;
    for (const reconstruct::EvidenceSheet& s : sheets) boxes += s.cells.size();
    NOTERA_FUZZ_CHECK(seen.size() == boxes, text);
  }

  // The ask list: plies of the game, each once, the move played first;
  // or the ply after its end, a box it passes over, no move first.
  std::set<int> asked;
  for (const reconstruct::Ask& ask : r.ask) {
    NOTERA_FUZZ_CHECK(ask.ply >= 1 && ask.ply <= static_cast<int>(r.plies.size()) + 1, text);
    const bool after_end = ask.ply == static_cast<int>(r.plies.size()) + 1;
    NOTERA_FUZZ_CHECK(asked.insert(ask.ply).second, text);
    NOTERA_FUZZ_CHECK(ask.sheet >= -1 && ask.sheet < static_cast<int>(sheets.size()), text);
    NOTERA_FUZZ_CHECK(ask.sheet < 0 || (ask.cell >= 0 &&
                                        static_cast<std::size_t>(ask.cell) < sheets[ask.sheet].cells.size()),
                      text);
    NOTERA_FUZZ_CHECK(finite_not_negative(ask.margin) && finite_not_negative(ask.score), text);
    NOTERA_FUZZ_CHECK(ask.candidates.size() >= 2, text);
    const Position& at = before[ask.ply - 1];
    // After the end: a box passed over (named), or a move no box has before
    // one (no box, and the game found passes over a box after its end).
    const bool passed_after_end = std::any_of(
        r.dropped.begin(), r.dropped.end(),
        [&](const reconstruct::DroppedCell& d) { return d.after_ply == static_cast<int>(r.plies.size()); });
    NOTERA_FUZZ_CHECK(after_end ? (ask.sheet >= 0 ? ask.passed_over : !ask.passed_over && passed_after_end) &&
                                      ask.candidates.front().ends && ask.candidates.front().cost == 0.0f
                                : ask.candidates.front().move == r.plies[ask.ply - 1].move,
                      text);
    float total = 0.0f;
    std::set<std::uint32_t> moves;
    int ends = 0;
    for (const reconstruct::AskCandidate& c : ask.candidates) {
      NOTERA_FUZZ_CHECK(finite_not_negative(c.cost), text);
      NOTERA_FUZZ_CHECK(c.probability >= 0.0f && c.probability <= 1.0f + 1e-4f, text);
      total += c.probability;
      if (c.ends) {  // no move: the game over before the ply
        ++ends;
        NOTERA_FUZZ_CHECK(c.move == Move::none() && c.san.empty() && c.uci.empty() && c.line.empty(), text);
        NOTERA_FUZZ_CHECK(c.changes == static_cast<int>(r.plies.size()) - ask.ply + 1, text);
        continue;
      }
      NOTERA_FUZZ_CHECK(moves.insert(c.move.raw()).second, text);
      NOTERA_FUZZ_CHECK(c.san == to_san(at, c.move), text);
      NOTERA_FUZZ_CHECK(c.line.empty() || c.line.front() == c.move, text);
      NOTERA_FUZZ_CHECK(legal_line(at, c.line), text);
    }
    NOTERA_FUZZ_CHECK(ends <= 1 && ask.candidates.front().ends == after_end, text);
    NOTERA_FUZZ_CHECK(std::fabs(total - 1.0f) < 1e-2f, text);
  }

  // The game as PGN: a legal game that reads back the same.
  static const locale::Messages messages("en");  // comments quote what is written: '}' and all
  const game::Game game =
      reconstruct::to_game(r, sheets.size(), [](const Message& m) { return messages.format(m); });
  NOTERA_FUZZ_CHECK(game.start == r.start, text);
  NOTERA_FUZZ_CHECK(game.mainline.moves.size() == r.plies.size(), text);
  NOTERA_FUZZ_CHECK(replays(game.mainline, game.start), text);
  check_round_trip(game);
  return 0;
}
