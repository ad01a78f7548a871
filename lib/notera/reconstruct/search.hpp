// The beam search behind reconstruct_game() (see reconstruct.hpp for the idea).
// Internal to the scoresheet component: reconstruct.cpp prepares the
// sheets, runs the search once per language to try and once for the game,
// and turns the best path into the report.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "notera/core/position.hpp"
#include "notera/reconstruct/cell_match.hpp"
#include "notera/reconstruct/reconstruct.hpp"

namespace notera::reconstruct::search {

inline constexpr int max_sheets = 2;

// A sheet read in one language, ready for pricing.
struct PreparedSheet {
  const EvidenceSheet* sheet = nullptr;
  int language = 0;
  std::vector<PreparedCell> cells;  // readings of move and crossed-out boxes (empty for blanks)
  // tail_free[i]: boxes i.. hold no written move (blanks, crossed out,
  // answered as no move), so
  // passing them over at the end costs nothing. Size cells + 1.
  std::vector<std::uint8_t> tail_free;
  // repeats[i]: box i says what its side's box one or two rows up says (a
  // row written twice, when the writer lost the place). Size cells.
  std::vector<std::uint8_t> repeats;
  // Factor on the price of every departure from this sheet (slips, boxes
  // missing or passed over): below 1 for a writer who departs more often
  // than the average HCS writer, above 1 for one who departs less
  // (writer_weight()).
  float weight = 1.0f;
  // The prices for this sheet's boxes: the measured ones, with what the
  // sheet shows of its writer's habits (writer_habits()).
  SlipCosts costs;

  // What the boxes from i on write, as a move that fills the blank box
  // before box i sees them (UnwrittenPrior::Later, distance 1 for box i):
  // later[later_at[i]] to later[later_at[i + 1]], for i from 0 to the
  // number of boxes. Worked out once here, not at every state the search
  // expands at a blank box (later_boxes()).
  std::vector<UnwrittenPrior::Later> later;
  std::vector<std::uint32_t> later_at;
  // Boxes where a new game may begin (new_game_boxes()).
  std::vector<int> new_game_at;

  int size() const { return static_cast<int>(cells.size()); }
  const EvidenceCell& cell(int i) const { return sheet->cells[static_cast<std::size_t>(i)]; }
  bool blank(int i) const { return cell(i).kind == EvidenceKind::unrecorded; }
  std::span<const UnwrittenPrior::Later> later_from(int i) const {
    const auto k = static_cast<std::size_t>(i);
    return std::span(later).subspan(later_at[k], later_at[k + 1] - later_at[k]);
  }
};

// Which boxes repeat their side's box one or two rows up, as written.
std::vector<std::uint8_t> repeated_boxes(const EvidenceSheet& sheet);

PreparedSheet prepare_sheet(const EvidenceSheet& sheet, int language, const SlipCosts& costs);

// The prices of `costs` adapted to what a sheet's own boxes show of its
// writer (a writer who never writes the capture mark makes a capture
// written without it no slip). Only ever cheaper than `costs`.
SlipCosts writer_habits(const PreparedSheet& sheet, const SlipCosts& costs);

// One move of a path. Paths share their beginnings: each node points to the
// node before it (-1 = the start position).
struct Node {
  int parent = -1;
  Move move;
  std::array<std::int16_t, max_sheets> cell{-1, -1};     // box used per sheet, -1 = none
  std::array<std::int16_t, max_sheets> reading{-1, -1};  // reading of that box
  std::array<bool, max_sheets> by_spelling{false, false};
  std::array<std::int16_t, max_sheets> misplaced{0, 0};  // box used this many plies off its claim
  float cost = 0.0f;                                     // of the path up to and including this move
  std::int16_t ply = 0;
};

// A near-equal path that was merged into another (same position, same
// boxes used): the winner's node, the loser's node and how much dearer.
struct Merge {
  int winner = -1;
  int loser = -1;
  float delta = 0.0f;
};

struct Finished {
  int node = -1;
  float cost = 0.0f;
  bool forced = false;  // finished by giving up on the rest of the sheets
};

// The beams of a search at the plies before the first where it dropped
// states near the best for want of room (search.cpp): where a wider search
// that is narrow up to there takes over (Widths).
struct Restarts;

struct Output {
  std::vector<Node> nodes;
  std::vector<Finished> finished;  // cheapest first
  std::vector<Merge> merges;
  SearchStats stats;
  // Per ply: states near the best were dropped there for want of room,
  // and how far behind the best the first of them ranked (where limited).
  std::vector<std::uint8_t> limited;
  std::vector<float> limited_gap;
  std::shared_ptr<const Restarts> restarts;  // set when some ply was so
};

// How wide a search runs at each ply: options.beam_width where `wide` says
// so, `narrow` elsewhere (empty `wide`: everywhere). A search widened only
// around the plies where a narrower one dropped states near the best
// (search_widening()) is that narrower search up to the first wide ply:
// with its `restarts`, it takes over its beam there instead of searching
// those plies again.
struct Widths {
  int narrow = 0;
  std::vector<std::uint8_t> wide;
  std::shared_ptr<const Restarts> restarts;
};
// Makes `widths` wide around `ply`, a ply where a search was limited.
void widen_around(Widths& widths, int ply);
// Makes `widths` wide over the first `plies` plies.
void widen_opening(Widths& widths, int plies);

// What one reconstruction may spend, over all its searches (the languages
// tried, wider beams, each copy's own game, the search with the writers
// weighed). The work, moves priced (SearchStats::candidates) counted over
// them all, is what decides when a search gives up with the best game so
// far and when no further search is started: it is the same on any
// machine, so the same sheets give the same game on a slow or busy one and
// under the sanitizers. The deadline is only a safety net against a
// machine far slower than any normal one (ReconstructOptions::time_limit).
// The prices of the moves no sheet spells out (Search::unwritten_costs()),
// per position and the move that led to it: they depend on nothing else,
// and a wider search expands many of a narrower one's states again (a
// third of the positions priced over the HCS pages had been priced by an
// earlier search of the same reconstruction).
struct UnwrittenMemo {
  struct Span {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
  };
  FlatCache<Span> index;                        // by unwritten_key()
  std::vector<std::pair<Move, float>> entries;  // each position's legal moves, in generator order
  // Past this many entries (8 MB) positions are priced without the memo.
  static constexpr std::size_t max_entries = std::size_t{1} << 20;
};

struct Budget {
  std::int64_t work_limit = 0;
  std::chrono::steady_clock::time_point deadline;
  std::int64_t work = 0;       // moves priced so far
  bool work_cut = false;       // some search gave up for want of work
  bool time_cut = false;       // ... or of time
  bool wider_skipped = false;  // a wider search not run (ReconstructOptions::widen false)
  // Not spent but shared: what every search of the reconstruction may reuse.
  UnwrittenMemo unwritten{};

  bool work_spent() const { return work >= work_limit; }
  bool out_of_time() const { return std::chrono::steady_clock::now() > deadline; }
  // Whether another search may be started.
  bool left() const { return !work_spent() && !out_of_time(); }
};

// Whether a search gave up before it was done (work or time).
inline bool cut_short(const SearchStats& s) { return s.work_limit || s.time_limit; }

Output run(const std::vector<PreparedSheet>& sheets, const Position& start, const ReconstructOptions& options,
           const SlipCosts& costs, Budget& budget, const Widths& widths = {});

// The moves of the path ending at `node`, first move first.
std::vector<int> path_of(const Output& out, int node);

// Where the game of `path` starts sheet `j` again (PreparedSheet::
// new_game_at): the first box the path uses, when it is one of those;
// else 0. The boxes before it are a cancelled game.
int new_game_start(const PreparedSheet& sheet, std::size_t j, const Output& out,
                   const std::vector<int>& path);

// How often the game of the path ending at `node` departs from each sheet:
// boxes read with a slip, moves the sheet does not record while it has
// boxes to come, written boxes passed over. `boxes`: the written boxes.
struct Departures {
  int boxes = 0;
  int departures = 0;
};
std::vector<Departures> count_departures(const std::vector<PreparedSheet>& sheets, const Output& out,
                                         int node, const Position& start);

// A piece letter that a sheet's writer writes for another by habit.
struct LetterHabit {
  char written = 0;
  char meant = 0;
};
// The piece-letter confusions that sheet `j` makes by habit on the game
// `out` reaches at `node` (a writer who writes K for R once is slipping,
// one who does it again and again writes so), and the prices of `costs`
// with those made cheaper for that sheet (letter_pair).
struct LetterHabits {
  std::vector<LetterHabit> found;
  SlipCosts costs;
};
LetterHabits letter_habits(const PreparedSheet& sheet, std::size_t j, const Output& out, int node,
                           const Position& start, const SlipCosts& costs);

// How sheet `j` writes the piece whose letter is `meant` (in the sheet's
// language) on the game of the path ending at `node`: in `boxes` boxes that
// game reads as that piece's moves written with a piece letter, in `count`
// of them with `written` (the numbers of the note on a letter habit).
struct LetterUse {
  int count = 0;
  int boxes = 0;
};
LetterUse letter_use(const PreparedSheet& sheet, std::size_t j, const Output& out, int node,
                     const Position& start, char written, char meant);

// The weight of a sheet's departures (PreparedSheet::weight) for a writer
// who departed `d` times in `boxes` written boxes.
float writer_weight(const Departures& d);

}  // namespace notera::reconstruct::search
