#include "notera/reconstruct/search.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <span>
#include <utility>

#include "notera/core/exchange.hpp"
#include "notera/core/movegen.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/resolve.hpp"
#include "notera/reconstruct/move_prior.hpp"
#include "notera/reconstruct/opening_book.hpp"

namespace notera::reconstruct::search {

std::vector<std::uint8_t> repeated_boxes(const EvidenceSheet& sheet) {
  std::vector<std::uint8_t> repeats(sheet.cells.size(), 0);
  for (std::size_t i = 0; i < sheet.cells.size(); ++i) {
    const EvidenceCell& c = sheet.cells[i];
    if (c.kind != EvidenceKind::move || c.ply <= 0 || c.text.empty()) continue;
    for (std::size_t k = i >= 8 ? i - 8 : 0; k < i; ++k) {
      const EvidenceCell& earlier = sheet.cells[k];
      const int rows = (c.ply - earlier.ply) / 2;
      if (earlier.kind == EvidenceKind::move && (c.ply - earlier.ply) % 2 == 0 && (rows == 1 || rows == 2) &&
          earlier.text == c.text)
        repeats[i] = 1;
    }
  }
  return repeats;
}

namespace {

// The moves boxes `first`.. of `sheet` write, as a move that fills the
// blank box before `first` sees them (UnwrittenPrior::Later), into `out`:
// the next later_plies boxes, and beyond them the side's boxes in long
// form up to later_from_plies on (a few): 'Kf8xg7' sixteen plies after a
// blank box says where the king went in it (synthetic misses 20 -> 19, a
// sheet in long form). A crossed-out box holds no ply.
void later_boxes(const PreparedSheet& sheet, int first, std::vector<UnwrittenPrior::Later>& out) {
  int distance = 1;
  int far = 0;  // boxes in long form read beyond later_plies
  for (int i = first;
       i < sheet.size() && distance <= UnwrittenPrior::later_from_plies && far < UnwrittenPrior::later_far;
       ++i) {
    const EvidenceCell& c = sheet.cell(i);
    if (c.kind == EvidenceKind::crossed_out) continue;
    const auto& readings = sheet.cells[static_cast<std::size_t>(i)].readings;
    const auto r =
        std::find_if(readings.begin(), readings.end(), [](const CellReading& x) { return x.parsed; });
    if (c.kind == EvidenceKind::move && r != readings.end() && !r->move.is_castling() &&
        r->move.has_to_square()) {
      const PieceType type = r->move.kind == notation::WrittenKind::no_letter ? PieceType::pawn : r->piece;
      const Square from = r->move.has_from_square() ? r->move.from_square() : no_square;
      const bool near = distance <= UnwrittenPrior::later_plies;
      if (type != PieceType::none && (near || (from != no_square && distance % 2 == 0))) {
        out.push_back(UnwrittenPrior::Later{type, r->move.to_square(), distance, from});
        if (!near) ++far;
      }
    }
    ++distance;
  }
}

// Boxes where the sheet may start the game again (a game cancelled and
// played anew, Laws 7.1 and 7.3): a box of White's after the first,
// numbered on or from 1 again, from which the next new_game_plies boxes,
// numbered one after the other, read as written (for less than a guessed
// character) as legal moves from the start position.
std::vector<int> new_game_boxes(const PreparedSheet& p) {
  constexpr int new_game_plies = 8;
  constexpr float as_written = 0.5f;
  const EvidenceSheet& sheet = *p.sheet;
  const auto reads_from_start = [&](int i) {
    Position pos = Position::start();
    for (int k = 0; k < new_game_plies; ++k) {
      const EvidenceCell& c = sheet.cells[static_cast<std::size_t>(i + k)];
      const PreparedCell& cell = p.cells[static_cast<std::size_t>(i + k)];
      if (c.kind != EvidenceKind::move || cell.readings.empty() ||
          c.ply != sheet.cells[static_cast<std::size_t>(i)].ply + k)
        return false;
      MoveList moves;
      MoveFilter filter;  // the moves within reach of the reading, a superset
      if (budget_filter(cell, as_written, p.costs, filter))
        generate_legal(pos, moves, filter);
      else
        generate_legal(pos, moves);
      const auto read = std::find_if(moves.begin(), moves.end(), [&](Move m) {
        return price_cell(cell, pos, m, p.language, p.costs, false).cost < as_written;
      });
      if (read == moves.end()) return false;
      pos.play(*read);
    }
    return true;
  };
  std::vector<int> at;
  if (!sheet.start_fen.empty() || sheet.chess960) return at;
  // Not after a box a person has read: it holds a move of the game.
  for (int i = 1; i + new_game_plies <= p.size() && !sheet.cells[static_cast<std::size_t>(i - 1)].certain;
       ++i) {
    const int ply = sheet.cells[static_cast<std::size_t>(i)].ply;
    if (ply % 2 == 1 && reads_from_start(i)) at.push_back(i);
  }
  return at;
}

}  // namespace

PreparedSheet prepare_sheet(const EvidenceSheet& sheet, int language, const SlipCosts& costs) {
  PreparedSheet p;
  p.sheet = &sheet;
  p.language = language;
  p.cells.resize(sheet.cells.size());
  for (std::size_t i = 0; i < sheet.cells.size(); ++i) {
    const EvidenceCell& c = sheet.cells[i];
    if (c.kind != EvidenceKind::unrecorded) p.cells[i] = prepare_cell(c.text, c.readings, language, costs);
    p.cells[i].certain = c.certain;
  }
  p.repeats = repeated_boxes(sheet);
  p.tail_free.assign(sheet.cells.size() + 1, 1);
  for (std::size_t i = sheet.cells.size(); i-- > 0;) {
    const bool written =
        sheet.cells[i].kind == EvidenceKind::move && !p.cells[i].readings.empty() && !sheet.cells[i].no_move;
    p.tail_free[i] = p.tail_free[i + 1] && !written;
  }
  p.later_at.reserve(sheet.cells.size() + 2);
  for (int i = 0; i <= p.size(); ++i) {
    p.later_at.push_back(static_cast<std::uint32_t>(p.later.size()));
    later_boxes(p, i, p.later);
  }
  p.later_at.push_back(static_cast<std::uint32_t>(p.later.size()));
  p.costs = writer_habits(p, costs);
  p.new_game_at = new_game_boxes(p);
  return p;
}

SlipCosts writer_habits(const PreparedSheet& sheet, const SlipCosts& costs) {
  SlipCosts adapted = costs;
  // The capture mark. About 22% of the moves of a game capture (1307 of
  // the 5937 plies of sheets-dev); a writer who writes x (or :) on far
  // fewer boxes leaves it out by habit. The rate of leaving it out is
  // estimated from the marks missing against that share, shrunk towards
  // the measured rate by a prior worth 20 captures, so that one short
  // sheet with few captures says little. On six of eleven hidden-set
  // misses the writer wrote no x at all, and four were a last-move
  // capture read as a quiet move.
  constexpr double capture_share = 0.22;
  constexpr double prior = 20.0;
  int boxes = 0, marked = 0;
  for (int i = 0; i < sheet.size(); ++i) {
    if (sheet.cell(i).kind != EvidenceKind::move) continue;
    const auto& readings = sheet.cells[static_cast<std::size_t>(i)].readings;
    const auto first =
        std::find_if(readings.begin(), readings.end(), [](const CellReading& r) { return r.parsed; });
    if (first == readings.end() || first->move.is_castling()) continue;
    ++boxes;
    marked += first->move.capture || first->move.captured.present();
  }
  const double captures = capture_share * boxes;
  const double measured = std::exp(-static_cast<double>(costs.capture_mark_missing));
  const double rate = (std::max(captures - marked, 0.0) + measured * prior) / (captures + prior);
  adapted.capture_mark_missing = std::min(costs.capture_mark_missing, static_cast<float>(-std::log(rate)));
  return adapted;
}

std::vector<int> path_of(const Output& out, int node) {
  std::vector<int> path;
  for (int n = node; n >= 0; n = out.nodes[static_cast<std::size_t>(n)].parent) path.push_back(n);
  std::reverse(path.begin(), path.end());
  return path;
}

int new_game_start(const PreparedSheet& sheet, std::size_t j, const Output& out,
                   const std::vector<int>& path) {
  for (const int n : path) {
    const int cell = out.nodes[static_cast<std::size_t>(n)].cell[j];
    if (cell < 0) continue;
    return std::find(sheet.new_game_at.begin(), sheet.new_game_at.end(), cell) != sheet.new_game_at.end()
               ? cell
               : 0;
  }
  return 0;
}

std::vector<Departures> count_departures(const std::vector<PreparedSheet>& sheets, const Output& out,
                                         int node, const Position& start) {
  std::vector<Departures> result(sheets.size());
  const std::vector<int> path = path_of(out, node);
  // The first box not yet used, per sheet (the boxes of a cancelled game
  // before a new one are not the writer's departures).
  std::vector<int> next(sheets.size(), 0);
  const auto written = [&](std::size_t j, int i) {
    const PreparedSheet& sheet = sheets[j];
    return sheet.cell(i).kind == EvidenceKind::move &&
           !sheet.cells[static_cast<std::size_t>(i)].readings.empty();
  };
  for (std::size_t j = 0; j < sheets.size(); ++j) {
    next[j] = new_game_start(sheets[j], j, out, path);
    for (int i = next[j]; i < sheets[j].size(); ++i) result[j].boxes += written(j, i);
  }
  Position pos = start;
  for (const int n : path) {
    const Node& nd = out.nodes[static_cast<std::size_t>(n)];
    for (std::size_t j = 0; j < sheets.size(); ++j) {
      const PreparedSheet& sheet = sheets[j];
      const int cell = nd.cell[j];
      if (cell < 0) {
        // A move this sheet does not record, with boxes still to come.
        if (!sheet.tail_free[static_cast<std::size_t>(next[j])]) ++result[j].departures;
        continue;
      }
      for (int i = next[j]; i < cell; ++i) result[j].departures += written(j, i);
      next[j] = cell + 1;
      if (nd.reading[j] < 0) continue;
      // A box a person has answered departs as its writer wrote it: the
      // answer says what the move was, not that the writer wrote it well.
      if (sheet.cell(cell).certain) {
        result[j].departures +=
            answer_departs(sheet.cell(cell), false, pos, nd.move, sheet.language, sheet.costs);
        continue;
      }
      // A reading dearer than a guessed character is a slip (or several:
      // counted once, as the box is one departure from what was meant).
      const CellPrice price = price_cell(sheet.cells[static_cast<std::size_t>(cell)], pos, nd.move,
                                         sheet.language, sheet.costs, nd.by_spelling[j]);
      if (price.cost >= 1.0f) ++result[j].departures;
    }
    pos.play(nd.move);
  }
  for (std::size_t j = 0; j < sheets.size(); ++j)
    for (int i = next[j]; i < sheets[j].size(); ++i) result[j].departures += written(j, i);
  return result;
}

namespace {
// The chance of `k` or more of `n` events of probability `p` each.
double binomial_tail(int n, int k, double p) {
  double below = 0.0;
  double term = std::pow(1.0 - p, n);  // exactly 0 of n
  for (int i = 0; i < k && i <= n; ++i) {
    below += term;
    term *= (static_cast<double>(n - i) / (i + 1)) * (p / (1.0 - p));
  }
  return std::max(0.0, 1.0 - below);
}

// 0 for "A" ... 25 for "Z"; -1 for any other letter (two letters, Cyrillic).
int letter_index(std::string_view text) {
  return text.size() == 1 && text[0] >= 'A' && text[0] <= 'Z' ? text[0] - 'A' : -1;
}

// Calls visit(reading, position, move) for every box of sheet `j` that the
// game of the path ending at `node` reads as a piece move written with a
// piece letter (A-Z), in the position before the move.
template <typename Visit>
void for_each_letter_box(const PreparedSheet& sheet, std::size_t j, const Output& out, int node,
                         const Position& start, Visit visit) {
  Position pos = start;
  for (const int n : path_of(out, node)) {
    const Node& nd = out.nodes[static_cast<std::size_t>(n)];
    if (nd.cell[j] >= 0 && nd.reading[j] >= 0 && !nd.by_spelling[j]) {
      const CellReading& r = sheet.cells[static_cast<std::size_t>(nd.cell[j])]
                                 .readings[static_cast<std::size_t>(nd.reading[j])];
      if (r.parsed && r.move.kind == notation::WrittenKind::piece && letter_index(r.letter) >= 0)
        visit(r, pos, nd.move);
    }
    pos.play(nd.move);
  }
}

}  // namespace

LetterHabits letter_habits(const PreparedSheet& sheet, std::size_t j, const Output& out, int node,
                           const Position& start, const SlipCosts& costs) {
  // Over the boxes the game reads as written moves: how often each piece
  // letter is written, and how often for another piece's letter.
  constexpr std::size_t letters = 26;
  std::array<int, letters> written{};
  std::array<std::array<int, letters>, letters> confused{};
  for_each_letter_box(sheet, j, out, node, start, [&](const CellReading& r, const Position& pos, Move move) {
    const int w = letter_index(r.letter);
    ++written[static_cast<std::size_t>(w)];
    SlipList why;
    structural_cost(r, pos, move, sheet.language, sheet.costs, &why);
    for (const Slip& slip : why)
      if (const int m = letter_index(slip.meant); slip.kind == SlipKind::piece_letter && m >= 0)
        ++confused[static_cast<std::size_t>(w)][static_cast<std::size_t>(m)];
  });
  // A confusion made more often than a writer who slips at the measured
  // rate would make it by chance (at most a 1% chance of as many) is the
  // writer's habit, priced by its rate on this sheet, shrunk towards the
  // measured price by a prior worth `prior` boxes of the letter (as the
  // capture mark in writer_habits()). Twice in 30 K boxes is chance for K
  // for R (a 10% chance); made a habit, on sheets slipping at the HCS
  // rates (bench/ask_curve), it read real king moves as rook moves.
  constexpr double chance = 0.01;
  constexpr double prior = 20.0;
  LetterHabits habits{{}, costs};
  for (std::size_t w = 0; w < letters; ++w)
    for (std::size_t m = 0; m < letters; ++m) {
      if (confused[w][m] < 2) continue;
      const double measured = std::exp(-static_cast<double>(costs.letter_pair[w][m]));
      if (binomial_tail(written[w], confused[w][m], measured) > chance) continue;
      const double rate = (confused[w][m] + measured * prior) / (written[w] + prior);
      const float price = static_cast<float>(-std::log(rate));
      if (price < habits.costs.letter_pair[w][m] - 0.01f) {
        habits.costs.letter_pair[w][m] = price;
        habits.found.push_back(LetterHabit{static_cast<char>('A' + w), static_cast<char>('A' + m)});
      }
    }
  return habits;
}

LetterUse letter_use(const PreparedSheet& sheet, std::size_t j, const Output& out, int node,
                     const Position& start, char written, char meant) {
  LetterUse use;
  const auto& letters = notation::LetterTable::instance().language(sheet.language).written;
  for_each_letter_box(sheet, j, out, node, start, [&](const CellReading& r, const Position& pos, Move move) {
    if (move == Move::null()) return;
    const PieceType moved = type_of(pos.piece_on(move.from()));
    if (moved == PieceType::pawn || moved == PieceType::none) return;
    const std::string& letter = letters[static_cast<std::size_t>(index(moved))];
    if (letter.size() != 1 || letter[0] != meant) return;
    ++use.boxes;
    if (r.letter[0] == written) ++use.count;
  });
  return use;
}

float writer_weight(const Departures& d) {
  // Departures per written box of the average writer: about 0.14 on the
  // 36 pages of the two-page HCS games (339 in about 2,470 boxes, counted
  // as above on the game of both pages; bench/hcs_confusions prints them
  // per game), taken as 0.15. A writer is taken to be average until the
  // sheet shows otherwise, as if `prior_boxes` average boxes had been seen
  // before it. On the corrupted-sheet test 20 and 40 gave the same: two
  // copies written as the HCS writers write gave the game for 87% of 100
  // games (83% with equal weights); copies of equally careful writers lose
  // a game or two of 200 to chance differences between the estimates.
  constexpr double average = 0.15;
  constexpr double prior_boxes = 40.0;
  const double factor = (d.departures + average * prior_boxes) / (average * (d.boxes + prior_boxes));
  // A departure costs about 4.75 nats (slips.cpp); a writer who departs
  // `factor` times as often makes each one ln(factor) nats cheaper.
  constexpr double typical = 4.75;
  return static_cast<float>(std::clamp(1.0 - std::log(factor) / typical, 0.5, 1.5));
}

namespace {

constexpr float infinite = std::numeric_limits<float>::max();
constexpr int near_slots = 3;
// Costs closer than this are a tie.
constexpr float tie_epsilon = 0.01f;
// How much of the move model's score a spelt-out move pays (tie_break()):
// enough to order readings of equal cost, too little to outweigh any slip.
// On sheets at a quarter of the HCS rates (the corpus test) two copies
// gave the true game for 98.5% of 200 games, not 97.5% (before the
// writers of the copies were weighed); 0.05 gave the
// same, 0.15 lost games. On one copy it gains nothing (80.5% against 81%)
// and costs a fifth of the time (bench/reconstruct: 47.8 against 39.1 ms a
// sheet), but one page alone must break ties as both pages together do:
// without it single HCS pages agree with the joint game on 97.2% of
// plies (27 of 36 pages at 97% or more), with it 97.4% (29 of 36).
constexpr float tie_break_weight = 0.01f;
// Ties this close to the best state of a ply extend the beam.
constexpr float tie_span = 1.0f;
// How much of the move model's score orders the moves that may fill a
// blank box (Search::order_blank). On the three synthetic sets (one copy,
// misses of about 495 decided games): 0.01 (the tie-break's hair) 23,
// 0.05 22, 0.1 20, 0.2 20, 0.5 76 (the model then outweighs the boxes).
constexpr float blank_order_weight = 0.1f;
// And how much of what the boxes after a blank one say of its move (the
// foresight features' score, below the best of the position's moves) is
// added to its price: the move that readies the next written one is
// otherwise priced as every move at least as likely as a random one, at 0.
// Synthetic one-copy misses (three sets, about 490 decided games): 0 gives
// 19, 0.15 16, 0.3 15, 0.5 15 (before the book's share below); games
// that the sheets do not decide (the plain model prices another filling of
// the blank boxes the same) are then more often filled otherwise than
// played, 482 -> 474 decided exact of 501 -> 489. In the opening book's
// positions it weighs as the model does in the mixture (else the book's
// 2...c6 in the opening-gaps test lost to 2...e6).
constexpr float blank_foresight_weight = 0.3f;
// What the lookahead charges for a next box that reads as no legal move: the
// cheapest slips cost about four nats (slips.cpp); a little less, so the
// estimate stays below what the box will cost.
constexpr float lookahead_miss = 3.0f;
// How many games of a book position weigh as much as the model
// (unwritten_costs()): 20 games, half and half; 200, the book 91%.
constexpr double book_trust_games = 20.0;
// States dropped for want of room this close to the best of their ply make
// a wider search worth it (about one slip).
constexpr float widen_span = 6.0f;
// When the beam overflows, each alignment (the boxes used, the numbering)
// keeps its best states up to 1/alignment_share of the beam, and the
// states kept so take up to 1/rescue_share of the beam beyond it
// (rescue()). On the synthetic sheets (bench/sheets_synth) the game of
// case 29, which passes over one of four '-' boxes in a row, is found so:
// its state, 3 nats behind the crowd that reads every box as a move, was
// dropped at ply 23 even at beam 16,384. Shares of 1/8 and 1/4 missed no
// fewer games there and priced 15% more moves on the HCS pages, two-page
// games and sheets-dev cases (bench/reconstruct_work); these 5% more in
// all, 3% by the median reconstruction.
constexpr std::size_t alignment_share = 32;
constexpr std::size_t rescue_share = 16;

struct State {
  Position pos;
  float cost = 0.0f;
  int node = -1;
  std::array<std::uint16_t, max_sheets> cursor{0, 0};
  std::array<std::int16_t, max_sheets> shift{0, 0};
  std::uint16_t insertions = 0;
  std::uint8_t consecutive_insertions = 0;
  float rank = 0.0f;  // cost plus lookahead, when the beam overflows
  // Paths merged into this one that were nearly as cheap: (node, cost).
  std::array<std::pair<int, float>, near_slots> near{};
  std::uint8_t near_count = 0;

  void remember(int node_id, float c) {
    if (node_id == node) return;
    if (near_count < near_slots) {
      near[near_count++] = {node_id, c};
      return;
    }
    auto worst =
        std::max_element(near.begin(), near.end(), [](auto& a, auto& b) { return a.second < b.second; });
    if (c < worst->second) *worst = {node_id, c};
  }
};

// States are merged when nothing they can still do differs: the position,
// the boxes used and how each sheet's numbering lines up with the plies
// (the shift prices the boxes to come: a state that has paid for a missing
// box reads the rows after it in place, one that has not pays again).
// The key is the position's Zobrist key with the cursors and shifts mixed
// in by a multiplication by an odd constant (one to one): two states of the
// same position never share a key, two of different positions as rarely as
// two positions share a Zobrist key.
using Key = std::uint64_t;

// The boxes a state has used and how the sheets' numbering lines up, in
// one number.
std::uint64_t alignment_of(const std::array<std::uint16_t, max_sheets>& cursor,
                           const std::array<std::int16_t, max_sheets>& shift) {
  return static_cast<std::uint64_t>(cursor[0]) | static_cast<std::uint64_t>(cursor[1]) << 16 |
         static_cast<std::uint64_t>(static_cast<std::uint16_t>(shift[0])) << 32 |
         static_cast<std::uint64_t>(static_cast<std::uint16_t>(shift[1])) << 48;
}

Key key_of(std::uint64_t position, const std::array<std::uint16_t, max_sheets>& cursor,
           const std::array<std::int16_t, max_sheets>& shift) {
  return position ^ (alignment_of(cursor, shift) * 0x9E3779B97F4A7C15ull);
}

Key key_of(const State& s) { return key_of(s.pos.key(), s.cursor, s.shift); }

// Where each state of a layer stands, by its Key (add_state() looks up
// every new state): open addressing with linear probing in a table of a
// power of two slots, at most half full. A node-based map spent a third of
// add_state() in the bucket division and the node chase. The table grows
// to the widest layer's size and stays so: most lookups miss the cache,
// so slots are small (16 bytes) and the layer's builder asks for a slot
// ahead of using it (prefetch()).
class StateIndex {
 public:
  // Empties the table in constant time: a slot is used only when it was
  // filled since the last clear (its epoch), so the table, as large as the
  // widest layer needs, is not swept twice a ply.
  void clear() {
    if (count_ == 0) return;
    count_ = 0;
    if (++epoch_ == 0) {  // the epochs went round: sweep once
      std::fill(slots_.begin(), slots_.end(), Slot{});
      epoch_ = 1;
    }
  }
  bool empty() const { return count_ == 0; }
  // Room for `n` states without growing.
  void reserve(std::size_t n) {
    if (2 * n > slots_.size()) rehash(2 * n);
  }
  // Brings the slot where `key` is looked up into the cache.
  void prefetch(Key key) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[slot_of(key)]);
  }
  // The index stored under `key`, and false; or `index`, stored now, and true.
  std::pair<int, bool> insert(Key key, int index) {
    if (2 * (count_ + 1) > slots_.size()) rehash(2 * (count_ + 1));
    for (std::size_t i = slot_of(key);; i = (i + 1) & mask_) {
      Slot& slot = slots_[i];
      if (slot.epoch != epoch_) {
        slot = Slot{key, index, epoch_};
        ++count_;
        return {index, true};
      }
      if (slot.key == key) return {slot.index, false};
    }
  }

 private:
  struct Slot {
    Key key = 0;
    int index = -1;
    std::uint32_t epoch = 0;  // in use when equal to the table's epoch
  };
  std::size_t slot_of(Key key) const { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_); }
  void rehash(std::size_t at_least) {
    std::size_t size = 64;
    int bits = 6;
    while (size < at_least) size <<= 1, ++bits;
    std::vector<Slot> old = std::exchange(slots_, std::vector<Slot>(size));
    const std::uint32_t old_epoch = std::exchange(epoch_, 1);
    mask_ = size - 1;
    shift_ = 64 - bits;
    count_ = 0;
    for (const Slot& slot : old)
      if (slot.epoch == old_epoch) insert(slot.key, slot.index);
  }
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  int shift_ = 64;
  std::size_t count_ = 0;
  std::uint32_t epoch_ = 1;
};

// What the layer and its candidates are sorted by: a float's order as an
// unsigned integer's (-0 as +0), above an index that breaks ties. Sorting
// these plain integers gives the order of (value, index) without reading
// the large states or candidates they stand for at every comparison.
std::uint64_t sort_key(float value, std::uint32_t index) {
  const auto bits = std::bit_cast<std::uint32_t>(value + 0.0f);
  const std::uint32_t ordered = (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
  return static_cast<std::uint64_t>(ordered) << 32 | index;
}

// Sorts sort_key()s (distinct: the index is part of each) by their bytes,
// least significant first, with `scratch` as the second buffer; a byte
// that is the same in every key is passed over. A layer's keys share most
// of the cost's exponent and the index's high bytes, and a comparison sort
// of tens of thousands of them a ply was a sixteenth of the search's time.
// With `in_index_order` (the keys were made in ascending order of their
// indices, as of candidates), only the value's bytes are sorted: each pass
// is stable, so equal values keep the order of their indices, and the
// index bytes' passes (two of the usual four or five) are not needed.
void sort_keys(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch,
               bool in_index_order = false) {
  if (keys.size() < 64) {
    std::sort(keys.begin(), keys.end());
    return;
  }
  const std::size_t first = in_index_order ? 4 : 0;
  std::array<std::array<std::uint32_t, 256>, 8> counts{};
  for (const std::uint64_t k : keys)
    for (std::size_t b = first; b < 8; ++b) ++counts[b][(k >> (8 * b)) & 0xFF];
  scratch.resize(keys.size());
  for (std::size_t b = first; b < 8; ++b) {
    std::array<std::uint32_t, 256>& count = counts[b];
    if (count[(keys.front() >> (8 * b)) & 0xFF] == keys.size()) continue;
    std::uint32_t sum = 0;
    for (std::uint32_t& c : count) sum += std::exchange(c, sum);
    for (const std::uint64_t k : keys) scratch[count[(k >> (8 * b)) & 0xFF]++] = k;
    keys.swap(scratch);
  }
}

struct Candidate {
  float cost;
  int state;
  Move move;
  std::uint8_t consume;   // bit j: sheet j uses its next box
  std::uint8_t spelling;  // bit j: priced by edit distance
  std::array<std::int16_t, max_sheets> reading;
};

// How one sheet can take part in the next ply of one state.
struct SheetStep {
  bool ended = false;         // no boxes left
  bool blank = false;         // the next box is '-' or empty
  bool written = false;       // the next box holds text (a move or a crossed-out move)
  float consume_base = 0.0f;  // misplacement, crossed-out, unrecorded
  std::int16_t consume_shift = 0;
  std::int16_t misplaced = 0;  // plies between the box's claim and the ply it is used for
  bool may_insert = false;
  bool gap = false;  // the numbering leaves room for a move here
  float insert_cost = 0.0f;
  std::int16_t insert_shift = 0;
};

}  // namespace

// A search's beam after one ply, with what it had found and counted by
// then (its nodes and merges up to then are a prefix of its own).
struct Restart {
  int ply = 0;
  std::vector<State> layer;
  std::vector<Finished> finished;
  std::size_t nodes = 0;
  std::size_t merges = 0;
  SearchStats stats;
  State last_best;
};

struct Restarts {
  int width = 0;            // of the search that kept them
  std::vector<Restart> at;  // the plies before the first limited one, oldest first
  std::vector<Node> nodes;  // that search's nodes and merges up to the last of them
  std::vector<Merge> merges;
};

namespace {

// How many plies before a ply where states near the best were dropped a
// wider search is already wide, and how many after (a state is dropped
// when it has fallen behind over a few plies, and its game may take a few
// more to catch up). On the HCS pages, two-page games and sheets-dev cases
// (bench/reconstruct_work --digest) the games are those of searches wide
// throughout.
constexpr int wide_before = 10;
constexpr int wide_after = 10;

class Search {
 public:
  Search(const std::vector<PreparedSheet>& sheets, const ReconstructOptions& options, const SlipCosts& costs,
         Budget& budget, const Widths& widths)
      : widths_(widths),
        sheets_(sheets),
        options_(options),
        costs_(costs),
        prior_(options.prior ? *options.prior : MovePrior::measured()),
        budget_(budget) {
    alt_margin_ = std::max(options.uncertain_margin, 6.0f);
    stop_margin_ = std::max(options.uncertain_margin, options.ask_margin);
    priors_only_add_ = std::all_of(prior_.cost.begin(), prior_.cost.end(), [](float c) { return c >= 0.0f; });
  }

  Output run(const Position& start) {
    const auto began = std::chrono::steady_clock::now();
    if (!options_.watch.empty()) watch_positions(start);
    int ply_limit = 0;
    for (const PreparedSheet& s : sheets_) {
      int claimed = 0;
      for (const EvidenceCell& c : s.sheet->cells) claimed = std::max(claimed, c.ply);
      ply_limit = std::max({ply_limit, claimed, s.size()});
    }
    ply_limit = std::min(options_.max_plies, ply_limit + 40);

    std::vector<State> layer;
    int ply = 0;
    if (!resume(layer, ply)) {
      State init;
      init.pos = start;
      layer.push_back(init);
      add_new_games(layer);
      close_layer(layer, 0);
    }
    std::vector<State> next;
    while (!layer.empty()) {
      // Every game within the ask margin of the best finished one is carried
      // to its end: a longer game left open has no margin to show (the ask
      // list and the confidence count only games the search finished).
      if (!out_.finished.empty() && layer.front().cost > best_finished() + stop_margin_) break;
      if (ply >= ply_limit) {
        out_.stats.ply_limit = true;
        break;
      }
      if (gives_up()) break;
      ++ply;
      expand_layer(layer, ply, next);
      if (next.empty()) break;
      close_layer(next, ply);
      if (!options_.watch.empty()) report_watch(next, ply);
      last_layer_best_ = next.empty() ? last_layer_best_ : next.front();
      layer.swap(next);
      out_.stats.plies = ply;
      keep_restart(layer, ply);
    }
    seal_restarts();
    if (out_.finished.empty() || cut_short(out_.stats) || out_.stats.ply_limit) {
      // Give up on the rest: the best state reached ends the game.
      const State& s = layer.empty() ? last_layer_best_ : layer.front();
      out_.finished.push_back(Finished{s.node, s.cost + 1000.0f, true});
    }
    std::stable_sort(out_.finished.begin(), out_.finished.end(),
                     [](const Finished& a, const Finished& b) { return a.cost < b.cost; });
    out_.stats.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    out_.stats.runs = 1;
    out_.stats.beam_width = options_.beam_width;
    return std::move(out_);
  }

 private:
  // Beside the state at the start (the last of `layer`), states that start
  // the game again at a box of new_game_at, on one sheet or on both: every
  // combination, each paying for one new game (on both sheets it is one
  // event of the game), weighed as the dearer sheet's departures.
  void add_new_games(std::vector<State>& layer) const {
    if (costs_.new_game <= 0.0f || !(layer.back().pos == Position::start())) return;
    const std::size_t first = layer.size() - 1;
    for (std::size_t j = 0; j < sheets_.size(); ++j) {
      const PreparedSheet& sheet = sheets_[j];
      const std::size_t before = layer.size();
      for (std::size_t k = first; k < before; ++k)
        for (const int i : sheet.new_game_at) {
          State again = layer[k];
          again.cursor[j] = static_cast<std::uint16_t>(i);
          again.shift[j] = static_cast<std::int16_t>(1 - sheet.cell(i).ply);
          layer.push_back(again);
        }
    }
    for (std::size_t k = first + 1; k < layer.size(); ++k) {
      float weight = 0.0f;
      for (std::size_t j = 0; j < sheets_.size(); ++j)
        if (layer[k].cursor[j] != layer[first].cursor[j]) weight = std::max(weight, sheets_[j].weight);
      layer[k].cost += costs_.new_game * weight;
    }
  }

  // Whether the search must give up now: the work budget is spent (what
  // decides), or the time is up (the safety net; the clock is read only
  // when `read_clock`). Said in the stats and the budget.
  bool gives_up(bool read_clock = true) {
    if (budget_.work_spent()) {
      out_.stats.work_limit = budget_.work_cut = true;
      return true;
    }
    if (read_clock && budget_.out_of_time()) {
      out_.stats.time_limit = budget_.time_cut = true;
      return true;
    }
    return false;
  }

  // A search widened around the limited plies of a narrower one takes
  // over that search's beam before the first wide ply; false when there is
  // none to take over (a search wide throughout, or wide from the start).
  bool resume(std::vector<State>& layer, int& ply) {
    const Restarts* r = widths_.restarts.get();
    if (!r || r->width != widths_.narrow || !options_.watch.empty()) return false;
    const auto first_wide = std::find(widths_.wide.begin(), widths_.wide.end(), std::uint8_t{1});
    const int before = static_cast<int>(first_wide - widths_.wide.begin()) - 1;
    const auto at =
        std::find_if(r->at.begin(), r->at.end(), [before](const Restart& x) { return x.ply == before; });
    if (at == r->at.end()) return false;
    layer = at->layer;
    ply = at->ply;
    out_.nodes.assign(r->nodes.begin(), r->nodes.begin() + static_cast<std::ptrdiff_t>(at->nodes));
    out_.merges.assign(r->merges.begin(), r->merges.begin() + static_cast<std::ptrdiff_t>(at->merges));
    out_.finished = at->finished;
    out_.stats = at->stats;
    last_layer_best_ = at->last_best;
    return true;
  }

  // A search at one width throughout keeps its beams of the last plies
  // until one is limited (the plies a wider search takes over), as long as
  // they stay about that wide (ties can make a beam many times as wide:
  // then nothing is kept).
  void keep_restart(const std::vector<State>& layer, int ply) {
    if (!keeping_ || out_.stats.width_limited) return;
    if (!widths_.wide.empty() || !options_.watch.empty() || !options_.line.empty() ||
        options_.beam_width >= options_.max_beam_width ||
        layer.size() > 2 * static_cast<std::size_t>(options_.beam_width)) {
      keeping_ = false;
      restarts_.reset();
      return;
    }
    if (!restarts_) {
      restarts_ = std::make_shared<Restarts>();
      restarts_->width = options_.beam_width;
    }
    std::vector<Restart>& at = restarts_->at;
    if (at.size() == static_cast<std::size_t>(wide_before + 1)) at.erase(at.begin());
    at.push_back(Restart{ply, layer, out_.finished, out_.nodes.size(), out_.merges.size(), out_.stats,
                         last_layer_best_});
  }

  // Hands the beams kept to the output when some ply was limited.
  void seal_restarts() {
    if (!restarts_ || !out_.stats.width_limited || restarts_->at.empty()) return;
    const Restart& last = restarts_->at.back();
    restarts_->nodes.assign(out_.nodes.begin(), out_.nodes.begin() + static_cast<std::ptrdiff_t>(last.nodes));
    restarts_->merges.assign(out_.merges.begin(),
                             out_.merges.begin() + static_cast<std::ptrdiff_t>(last.merges));
    out_.restarts = std::move(restarts_);
  }

  int width_at(int ply) const {
    const auto p = static_cast<std::size_t>(ply);
    if (widths_.wide.empty() || (p < widths_.wide.size() && widths_.wide[p])) return options_.beam_width;
    return widths_.narrow;
  }

  float best_finished() const {
    float best = infinite;
    for (const Finished& f : out_.finished) best = std::min(best, f.cost);
    return best;
  }

  float misplacement(int d) const {
    if (d == 0) return 0.0f;
    const int n = std::min(std::abs(d), 10);
    return costs_.misplaced + costs_.misplaced_per_ply * static_cast<float>(n - 1);
  }

  // Passing over box `i` of sheet `j` before ply `next_ply`: the price, and
  // the alignment after it. A box whose ply is still to come took the slot
  // of a move, so the boxes after it move up one ply (a crossed-out move
  // beside its replacement takes no slot: both claim the same ply).
  struct Skip {
    float cost;
    std::int16_t shift;
  };
  Skip skip(int j, int i, int next_ply, int shift) const {
    const PreparedSheet& sheet = sheets_[static_cast<std::size_t>(j)];
    const EvidenceCell& c = sheet.cell(i);
    const bool behind = c.ply > 0 && c.ply + shift < next_ply;
    int new_shift = shift;
    if (!behind && c.ply > 0 && i + 1 < sheet.size() && sheet.cell(i + 1).ply > 0)
      new_shift -= std::clamp(sheet.cell(i + 1).ply - c.ply, 0, 1);
    const auto result = [&](float cost) {
      return Skip{cost * sheet.weight, static_cast<std::int16_t>(new_shift)};
    };
    // A box a person has read holds a move of the game, unless the answer
    // is that it holds none.
    if (c.certain) return result(c.no_move ? 0.0f : certain_miss);
    if (sheet.tail_free[static_cast<std::size_t>(i)]) return result(0.0f);
    if (c.kind == EvidenceKind::crossed_out) return result(0.0f);
    if (c.kind == EvidenceKind::unrecorded || sheet.cells[static_cast<std::size_t>(i)].readings.empty())
      return result(costs_.unrecorded_skipped);
    if (behind) return result(costs_.skip_behind);
    // A repeated row after which nothing more is written is priced as any
    // written box: at the end of a game it is the repetition that drew it
    // (Law 9.2), not a row written twice. At skip_repeated a drawn game's
    // last box was asked as "or was the game over before it?" (sheets-dev:
    // 7 of 80 games, at a margin of 1.6; every time it was played).
    const bool repeated =
        sheet.repeats[static_cast<std::size_t>(i)] && !sheet.tail_free[static_cast<std::size_t>(i) + 1];
    return result(repeated ? costs_.skip_repeated : costs_.skip);
  }

  SheetStep step_for(const State& s, int j, int ply) const {
    SheetStep step;
    fill_step(s, j, ply, step);
    return step;
  }
  // step_for() into `step`: where the step goes into a larger struct
  // (Expansion), a step made aside and copied in is read back in wide
  // words before its one-byte fields are stored (a failed store forward,
  // a tenth of expand_layer()'s time).
  void fill_step(const State& s, int j, int ply, SheetStep& step) const {
    step = SheetStep{};
    const PreparedSheet& sheet = sheets_[static_cast<std::size_t>(j)];
    const int i = s.cursor[static_cast<std::size_t>(j)];
    const int shift = s.shift[static_cast<std::size_t>(j)];
    if (i >= sheet.size()) {
      step.ended = true;
      step.may_insert = true;
      step.insert_cost = costs_.insert_after_end * sheet.weight;
      step.insert_shift = static_cast<std::int16_t>(shift);
      return;
    }
    const EvidenceCell& c = sheet.cell(i);
    step.blank =
        c.kind == EvidenceKind::unrecorded || sheet.cells[static_cast<std::size_t>(i)].readings.empty();
    step.written = !step.blank;
    if (c.ply > 0) {
      step.misplaced = static_cast<std::int16_t>(ply - c.ply - shift);
      step.consume_base = misplacement(ply - c.ply - shift);
      step.consume_shift = static_cast<std::int16_t>(ply - c.ply);
      step.gap = c.ply + shift > ply;
    } else {
      step.consume_shift = static_cast<std::int16_t>(shift);
    }
    if (step.blank) step.consume_base += costs_.unrecorded_played;
    if (c.kind == EvidenceKind::crossed_out) step.consume_base += costs_.crossed_out_played;
    if (step.gap) {
      step.may_insert = true;
      step.insert_cost = costs_.insert_gap;
      step.insert_shift = static_cast<std::int16_t>(shift);
    } else if (!step.blank) {
      step.may_insert = true;
      step.insert_cost = costs_.insert;
      step.insert_shift = static_cast<std::int16_t>(c.ply > 0 ? shift + 1 : shift);
    }
    step.consume_base *= sheet.weight;
    step.insert_cost *= sheet.weight;
  }

  using Later = UnwrittenPrior::Later;
  using LaterMoves = std::array<Later, max_sheets*(UnwrittenPrior::later_plies + UnwrittenPrior::later_far)>;

  // What one state of the layer may do at the next ply (expand_layer()).
  struct Expansion {
    std::array<SheetStep, max_sheets> steps;
    bool all_gap = true;  // no sheet has a box for this ply (the numbering leaves room)
    bool may_shift = false;
    bool may_spawn = false;
    bool insertions_left = false;
    float room = infinite;  // how much dearer than the state a move may be and stay within the margin
    bool filtered = false;  // only the moves `filter` lets through are generated
    MoveFilter filter;
  };

  // The next layer: every move of every state of `layer` within the margin
  // of the best, each with the sheets that record it, the cheapest kept
  // and played.
  void expand_layer(const std::vector<State>& layer, int ply, std::vector<State>& next) {
    candidates_.clear();
    float best = infinite;
    int expanded = 0;
    const bool best_fits = layer.empty() || next_boxes_fit(layer.front());
    for (std::size_t si = 0; si < layer.size(); ++si) {
      const State& s = layer[si];
      if (s.cost > best + options_.prune_margin) break;
      if (gives_up((++expanded & 63) == 0)) break;  // the clock is read every 64 states
      const Expansion e = expansion_of(layer, si, ply, best, best_fits);
      if (!generate_moves(s, ply, e)) continue;
      price_written(s, e);
      add_candidates(s, static_cast<int>(si), e, best);
    }
    keep_cheapest(layer, ply, best);
    play_candidates(layer, ply, next);
  }

  // How state `si` of the layer takes part in ply `ply`, with `best` the
  // cheapest candidate of the ply so far.
  Expansion expansion_of(const std::vector<State>& layer, std::size_t si, int ply, float best,
                         bool best_fits) const {
    const State& s = layer[si];
    Expansion e;
    for (std::size_t j = 0; j < sheets_.size(); ++j) {
      fill_step(s, static_cast<int>(j), ply, e.steps[j]);
      if (!e.steps[j].ended && !e.steps[j].gap) e.all_gap = false;
    }
    // Moves the numbering has no room for are tried from the states near
    // the best of the ply: many of them when even the best state cannot
    // read its box (boxes are missing here), a few otherwise.
    const bool near_best =
        static_cast<int>(si) < (best_fits ? options_.insertion_spawners / 8 : options_.insertion_spawners) &&
        s.cost <= layer.front().cost + (best_fits ? options_.insertion_span_fits : options_.insertion_span);
    // Where the next box reads as written, it may still be the other
    // side's move written in this side's column, this side's move
    // forgotten (HCS 080_1: Bd2 left out, black's Re8 written in white's
    // column): from the same states, the moves after which the box reads
    // as the other side's move (shifts()).
    e.may_shift = !e.all_gap && near_best && next_boxes_fit(s);
    e.may_spawn = e.all_gap || near_best;
    e.insertions_left = s.insertions < options_.max_insertions &&
                        s.consecutive_insertions < options_.max_consecutive_insertions;
    // Only the moves that can still fit within the margin are generated.
    e.room = best == infinite ? infinite : best + options_.prune_margin - s.cost;
    // A given game is priced whatever it costs: no filter.
    e.filtered = options_.line.empty() && !(e.may_spawn && e.insertions_left) && e.room < infinite &&
                 move_filter(s, e.steps, e.room, e.filter);
    return e;
  }

  // The moves of `s` worth pricing, in moves_; false when there are none
  // (the game is over there, or the given game goes no further).
  bool generate_moves(const State& s, int ply, const Expansion& e) {
    moves_.clear();
    static const MoveFilter every_move{};
    generate_legal(s.pos, moves_, e.filtered ? e.filter : every_move);  // both lvalues: no copy
    only_ = Move::none();
    if (!options_.line.empty()) {
      // Only the given game: its next move, if it is among them. The
      // others stay in moves_ and are priced, not played: a box is read by
      // its edit distance only where no legal move reads well
      // (price_moves()), and the game must be priced as the search prices
      // it. Priced alone, a box such as 'hf3' (HCS 096_0, h for N) was
      // read by spelling for Nf3 at 9.25 instead of 10.75, and a page's
      // own game looked dearer than the game of both pages on it.
      const std::size_t k = static_cast<std::size_t>(ply - 1);
      if (k >= options_.line.size()) {
        finish_by_skipping(s, ply);
        return false;
      }
      if (!moves_.contains(options_.line[k])) return false;
      only_ = options_.line[k];
    }
    if (moves_.empty() && (!e.filtered || !has_legal_move(s.pos))) {
      // Mate or stalemate: the game is over, the boxes left are passed over.
      finish_by_skipping(s, ply, true);
      return false;
    }
    return true;
  }

  // Prices moves_ against the next box of each sheet that has one written.
  void price_written(const State& s, const Expansion& e) {
    for (std::size_t j = 0; j < sheets_.size(); ++j)
      if (e.steps[j].written &&
          !price_moves(s, static_cast<int>(j), moves_, prices_[j], e.filtered ? e.room : infinite)) {
        // The box needs the edit distance over every move: generate them all.
        moves_.clear();
        generate_legal(s.pos, moves_);
        for (std::size_t k = 0; k <= j; ++k)
          if (e.steps[k].written) price_moves(s, static_cast<int>(k), moves_, prices_[k], infinite);
      }
  }

  // The candidates of state `si`: each of moves_, with each set of sheets
  // (`mask`) that may use their next box for it, within the margin of
  // `best` (lowered as cheaper ones are found).
  void add_candidates(const State& s, int si, const Expansion& e, float& best) {
    const unsigned full = (1u << sheets_.size()) - 1;
    bool unwritten_ready = false;
    tie_for_ = -1;
    tie_squares_.known = 0;
    for (int mi = 0; mi < moves_.size(); ++mi) {
      if (only_ != Move::none() && moves_[mi] != only_) continue;
      out_.stats.candidates++;
      budget_.work++;
      float prior = 0.0f;  // prior_() of the move, once some mask needs it
      bool prior_ready = false;
      int gain = exchange_unknown;  // its static exchange, for both priors
      for (unsigned mask = 0; mask <= full; ++mask) {
        Candidate cand{};
        cand.state = si;
        cand.move = moves_[mi];
        cand.consume = static_cast<std::uint8_t>(mask);
        float cost = s.cost;
        bool spelt = false;  // some sheet's box spells the move out
        if (!take_boxes(e, mi, cand, cost, spelt)) continue;
        if (mask == 0 && (!e.may_spawn || !e.insertions_left)) continue;
        // What follows only adds to the cost (when the move model charges
        // nothing negative): a candidate already beyond the margin is
        // dropped before the move model is asked, which costs an exchange
        // evaluation per move (a sixth of the time, most of it on moves
        // whose box reads as another move).
        if (priors_only_add_ && cost > best + options_.prune_margin) continue;
        if (spelt || !prior_.unwritten) {
          if (!prior_ready) {
            gain = static_exchange(s.pos, moves_[mi]);
            prior = prior_(s.pos, moves_[mi], gain);
            prior_ready = true;
          }
          cost += prior;
          if (prior_.unwritten && cost <= best + options_.prune_margin)
            cost += tie_break(s, moves_, mi, gain);
        } else {
          // Nothing written says which move: what players play most.
          if (!unwritten_ready) {
            unwritten_costs(s, e, moves_, unwritten_);
            unwritten_ready = true;
          }
          cost += unwritten_[static_cast<std::size_t>(mi)];
        }
        if (cost > best + options_.prune_margin) continue;
        // A move that no sheet records where the numbering has no room for
        // it must explain the box that follows (see explains()).
        if (mask == 0 && !e.all_gap && !explains(s, moves_[mi], !e.may_shift)) continue;
        best = std::min(best, cost);
        cand.cost = cost;
        candidates_.push_back(cand);
      }
    }
  }

  // What the sheets say of candidate `cand` (moves_[mi]; cand.consume: the
  // sheets that use their next box for it, the others do not record it):
  // adds their prices to `cost`, the readings to `cand`; false when a sheet
  // can do neither (no box left, or no room for a move it does not record).
  bool take_boxes(const Expansion& e, int mi, Candidate& cand, float& cost, bool& spelt) const {
    for (std::size_t j = 0; j < sheets_.size(); ++j) {
      const SheetStep& st = e.steps[j];
      cand.reading[j] = -1;
      if (!(cand.consume & (1u << j))) {
        if (!st.may_insert) return false;
        cost += st.insert_cost;
      } else if (st.ended) {
        return false;
      } else if (st.blank) {
        cost += st.consume_base;
      } else {
        const CellPrice& p = prices_[j][static_cast<std::size_t>(mi)];
        spelt = true;
        cost += st.consume_base + p.cost * sheets_[j].weight;
        cand.reading[j] = p.reading;
        if (p.by_spelling) cand.spelling = static_cast<std::uint8_t>(cand.spelling | (1u << j));
      }
    }
    return true;
  }

  // Keeps the cheapest candidates within the margin of `best`, in order of
  // cost.
  void keep_cheapest(const std::vector<State>& layer, int ply, float best) {
    if (!options_.watch.empty()) watch_candidates(layer, ply, best, "generated");
    std::erase_if(candidates_, [&](const Candidate& c) { return c.cost > best + options_.prune_margin; });
    if (!options_.watch.empty()) watch_candidates(layer, ply, best, "within the margin");
    const std::size_t cap = static_cast<std::size_t>(std::max(width_at(ply), options_.beam_ties)) * 2;
    const auto cheaper = [](const Candidate& a, const Candidate& b) { return a.cost < b.cost; };
    if (candidates_.size() > cap) {
      std::nth_element(candidates_.begin(), candidates_.begin() + static_cast<std::ptrdiff_t>(cap),
                       candidates_.end(), cheaper);
      const float first_dropped = candidates_[cap].cost;
      rescue_candidates(layer, ply, cap);
      candidates_.resize(cap);
      // Only a loss if what was dropped ties with what the beam keeps.
      const std::size_t soft = std::min(cap, static_cast<std::size_t>(width_at(ply)));
      std::nth_element(candidates_.begin(), candidates_.begin() + static_cast<std::ptrdiff_t>(soft - 1),
                       candidates_.end(), cheaper);
      if (first_dropped <= candidates_[soft - 1].cost + tie_epsilon) note_beam_full(ply);
      candidates_.insert(candidates_.end(), rescued_candidates_.begin(), rescued_candidates_.end());
    }
    // In order of cost, ties in the order they came (a stable sort).
    keys_.clear();
    for (std::size_t i = 0; i < candidates_.size(); ++i)
      keys_.push_back(sort_key(candidates_[i].cost, static_cast<std::uint32_t>(i)));
    sort_keys(keys_, key_scratch_, true);
    sorted_candidates_.clear();
    for (const std::uint64_t k : keys_)
      sorted_candidates_.push_back(candidates_[static_cast<std::uint32_t>(k)]);
    candidates_.swap(sorted_candidates_);
    if (!options_.watch.empty()) watch_candidates(layer, ply, best, "among the cheapest candidates");
  }

  // Where a sheet stands after a move that used its next box (`consumed`)
  // or that it does not record: the rule of child_of() and child_alignment().
  static void step_sheet(const SheetStep& st, bool consumed, std::uint16_t& cursor, std::int16_t& shift) {
    if (consumed) ++cursor;
    shift = consumed ? st.consume_shift : st.insert_shift;
  }

  // The alignment of the state that candidate `c` of `layer` makes.
  std::uint64_t child_alignment(const std::vector<State>& layer, const Candidate& c, int ply) const {
    const State& parent = layer[static_cast<std::size_t>(c.state)];
    std::array<std::uint16_t, max_sheets> cursor = parent.cursor;
    std::array<std::int16_t, max_sheets> shift = parent.shift;
    for (std::size_t j = 0; j < sheets_.size(); ++j)
      step_sheet(step_for(parent, static_cast<int>(j), ply), (c.consume & (1u << j)) != 0, cursor[j], shift[j]);
    return alignment_of(cursor, shift);
  }

  // The candidates [cap, end) are about to be dropped, before their
  // states are made and ranked (close_layer()): the cheapest of each
  // alignment that has fewer than its share among the first `cap` go to
  // rescued_candidates_, as rescue() keeps states. Beams of 4,096 and more
  // have more candidates than the cap around a '-' box, and the crowd
  // would take every place first.
  void rescue_candidates(const std::vector<State>& layer, int ply, std::size_t cap) {
    rescued_candidates_.clear();
    const auto width = static_cast<std::size_t>(width_at(ply));
    const std::size_t share = std::max<std::size_t>(1, width / alignment_share);
    const std::size_t most = std::max<std::size_t>(1, width / rescue_share);
    // A state's candidates that use the same boxes make states of one
    // alignment: worked out once per state and set of boxes.
    constexpr std::size_t masks = 1u << max_sheets;
    state_alignments_.resize(layer.size() * masks);
    state_alignments_known_.assign(layer.size(), 0);
    candidate_alignments_.resize(candidates_.size());
    for (std::size_t i = 0; i < candidates_.size(); ++i) {
      const Candidate& c = candidates_[i];
      const auto si = static_cast<std::size_t>(c.state);
      std::uint64_t& alignment = state_alignments_[si * masks + c.consume];
      if (!(state_alignments_known_[si] & (1u << c.consume))) {
        alignment = child_alignment(layer, c, ply);
        state_alignments_known_[si] =
            static_cast<std::uint8_t>(state_alignments_known_[si] | (1u << c.consume));
      }
      candidate_alignments_[i] = alignment;
    }
    alignments_.clear();
    for (std::size_t i = 0; i < cap; ++i) ++*alignments_.find_or_add(candidate_alignments_[i]).first;
    keys_.clear();
    for (std::size_t i = cap; i < candidates_.size(); ++i)
      if (*alignments_.find_or_add(candidate_alignments_[i]).first < share)
        keys_.push_back(sort_key(candidates_[i].cost, static_cast<std::uint32_t>(i)));
    sort_keys(keys_, key_scratch_, true);
    for (const std::uint64_t k : keys_) {
      if (rescued_candidates_.size() >= most) break;
      const auto i = static_cast<std::uint32_t>(k);
      std::uint32_t& count = *alignments_.find_or_add(candidate_alignments_[i]).first;
      if (count >= share) continue;
      ++count;
      rescued_candidates_.push_back(candidates_[i]);
    }
  }

  // Plays the candidates kept: the states of the next layer (merged where
  // they meet) and their nodes.
  void play_candidates(const std::vector<State>& layer, int ply, std::vector<State>& next) {
    next.clear();
    index_.clear();
    // No reallocation while the layer fills (states are large).
    next.reserve(candidates_.size());
    index_.reserve(candidates_.size());
    // A child is added to the layer once `ahead` - 1 more are made, while
    // the index brings in its slot (in the same order: the same merges).
    constexpr std::size_t ahead = 4;
    std::array<State, ahead> made;
    std::array<Key, ahead> keys{};
    const std::size_t n = candidates_.size();
    for (std::size_t k = 0; k < n; ++k) {
      const Candidate& cand = candidates_[k];
      const State& parent = layer[static_cast<std::size_t>(cand.state)];
      // The node made in place: built aside and copied in, its bytes
      // stored one field at a time would be read back in wider words
      // before the stores are done (a failed store forward).
      State& child = made[k % ahead];
      const int made_node = static_cast<int>(out_.nodes.size());
      Node& node = out_.nodes.emplace_back();
      child_of(parent, cand, ply, node, child);
      node.cost = child.cost;
      child.node = made_node;
      keys[k % ahead] = key_of(child);
      index_.prefetch(keys[k % ahead]);
      if (k + 1 >= ahead) add_made(next, made[(k + 1) % ahead], keys[(k + 1) % ahead]);
    }
    for (std::size_t k = n - std::min(n, ahead - 1); k < n; ++k) add_made(next, made[k % ahead], keys[k % ahead]);
  }
  void add_made(std::vector<State>& next, const State& child, Key key) {
    add_state(next, key, child.cost, child, [](State&) {});
  }

  // `child` made the state after candidate `cand` of `parent`, and `node`
  // its node (all but the cost and its index).
  void child_of(const State& parent, const Candidate& cand, int ply, Node& node, State& child) const {
    // A copy of the parent (cursors, shifts, position), not a default
    // State assigned to: that would clear a whole board first.
    child = parent;
    child.near_count = 0;
    child.rank = 0.0f;
    child.pos.play(cand.move);
    child.cost = cand.cost;
    child.insertions = static_cast<std::uint16_t>(parent.insertions + (cand.consume == 0 ? 1 : 0));
    child.consecutive_insertions =
        static_cast<std::uint8_t>(cand.consume == 0 ? parent.consecutive_insertions + 1 : 0);
    node.parent = parent.node;
    node.move = cand.move;
    node.ply = static_cast<std::int16_t>(ply);
    for (std::size_t j = 0; j < sheets_.size(); ++j) {
      const SheetStep st = step_for(parent, static_cast<int>(j), ply);
      const bool consumed = (cand.consume & (1u << j)) != 0;
      step_sheet(st, consumed, child.cursor[j], child.shift[j]);
      if (!consumed) continue;
      const int i = parent.cursor[j];
      node.cell[j] = static_cast<std::int16_t>(i);
      node.reading[j] = cand.reading[j];
      node.by_spelling[j] = (cand.spelling & (1u << j)) != 0;
      node.misplaced[j] = st.misplaced;
      if (cand.reading[j] >= 0) {
        const PreparedCell& cell = sheets_[j].cells[static_cast<std::size_t>(i)];
        child.cost += check_mark_cost(cell.readings[static_cast<std::size_t>(cand.reading[j])], child.pos,
                                      sheets_[j].costs) *
                      sheets_[j].weight;
      }
    }
  }

  // The price of each of `moves` (legal moves of `s`) as a move that no
  // sheet spells out: -ln of its probability under UnwrittenPrior against
  // a random legal move's. As with MovePrior, only moves less likely than a
  // random one are charged: rewarding the likely ones (a check that wins
  // material would cost 4 nats less) made insertions so cheap that chains
  // of them crowded the beam, and single HCS pages agreed with the game of
  // both pages on 88.7% of plies, not 97.4%. Charged from the likeliest
  // move instead, 94.7%.
  // The move that led to state `s` (Move::none() at the start).
  Move last_move(const State& s) const {
    return s.node >= 0 ? out_.nodes[static_cast<std::size_t>(s.node)].move : Move::none();
  }

  // The prices of `moves` (legal moves of `s`, all or some, in generator
  // order), from the memo when an earlier search priced the position.
  void unwritten_costs(const State& s, const Expansion& e, const MoveList& moves, std::vector<float>& out) {
    const Move last = last_move(s);
    UnwrittenMemo& memo = budget_.unwritten;
    out.resize(static_cast<std::size_t>(moves.size()));
    const std::span<const Later> later(later_.data(), static_cast<std::size_t>(later_moves(s, e, later_)));
    // The position's key with the last move and the later moves mixed in
    // (the key is random in every bit, so the sum is as unlikely to
    // collide), made even: never ~0, FlatCache's empty slot (the last bit
    // costs a collision one time in 2^63).
    std::uint64_t seen = 0;
    for (const Later& l : later)
      seen = (seen +
              (static_cast<std::uint64_t>(l.from) << 24 | static_cast<std::uint64_t>(l.distance) << 16 |
               static_cast<std::uint64_t>(l.to) << 8 | static_cast<std::uint64_t>(l.type)) +
              1) *
             0xBF58476D1CE4E5B9ull;
    const std::uint64_t key =
        (s.pos.key() + (std::uint64_t{last.raw()} + 1) * 0x9E3779B97F4A7C15ull + seen) & ~std::uint64_t{1};
    const UnwrittenMemo::Span* span = nullptr;
    if (memo.entries.size() < UnwrittenMemo::max_entries) {
      auto [slot, fresh] = memo.index.find_or_add(key);
      if (fresh) {
        MoveList all;
        generate_legal(s.pos, all);
        *slot = {static_cast<std::uint32_t>(memo.entries.size()), static_cast<std::uint32_t>(all.size())};
        memo.entries.resize(memo.entries.size() + static_cast<std::size_t>(all.size()));
        price_unwritten(s.pos, last, later, all, &memo.entries[slot->first]);
      }
      span = slot;
    } else {
      span = memo.index.find(key);
    }
    if (!span) {
      MoveList all;
      generate_legal(s.pos, all);
      std::array<std::pair<Move, float>, MoveList::capacity> priced;
      price_unwritten(s.pos, last, later, all, priced.data());
      pick_unwritten(priced.data(), all.size(), moves, out);
      return;
    }
    pick_unwritten(&memo.entries[span->first], static_cast<int>(span->count), moves, out);
  }

  // `moves`' prices out of the `count` of all legal moves in `priced`
  // (the generator gives them in the same order, `moves` perhaps with some
  // left out).
  static void pick_unwritten(const std::pair<Move, float>* priced, int count, const MoveList& moves,
                             std::vector<float>& out) {
    int k = 0;
    for (int i = 0; i < moves.size(); ++i) {
      int looked = 0;
      while (priced[k].first != moves[i] && looked++ < count) k = k + 1 == count ? 0 : k + 1;
      out[static_cast<std::size_t>(i)] = priced[k].second;
    }
  }

  // The moves the sheets write in the plies after a move that fills a
  // blank box (UnwrittenPrior::Later), where the state's alignment places
  // them: the box after the blank one holds the next ply
  // (PreparedSheet::later_from()). None where no sheet's next box is
  // blank: for a move no box records between two written ones (a
  // forgotten move) the boxes after it already choose (explains()), and
  // there the foresight made the HCS pages worse (97.21% of plies by
  // index to 96.93%) and the synthetic sheets no better. Into `out`;
  // returns how many.
  int later_moves(const State& s, const Expansion& e, LaterMoves& out) const {
    const auto steps = std::span(e.steps).first(sheets_.size());
    if (std::none_of(steps.begin(), steps.end(), [](const SheetStep& st) { return st.blank; })) return 0;
    std::size_t n = 0;
    for (std::size_t j = 0; j < sheets_.size(); ++j) {
      if (e.steps[j].ended) continue;
      const auto boxes =
          sheets_[j].later_from(std::min(s.cursor[j] + (e.steps[j].blank ? 1 : 0), sheets_[j].size()));
      std::copy(boxes.begin(), boxes.end(), out.begin() + static_cast<std::ptrdiff_t>(n));
      n += boxes.size();
    }
    return static_cast<int>(n);
  }

  // Each of `all` (every legal move of `pos`) with its price as a move no
  // sheet spells out, the sheets writing `later` after it, into `priced`.
  void price_unwritten(const Position& pos, Move last, std::span<const Later> later, const MoveList& all,
                       std::pair<Move, float>* priced) const {
    const UnwrittenPrior& prior = *prior_.unwritten;
    std::array<float, MoveList::capacity> score{};
    std::array<float, MoveList::capacity> fore{};
    float best_fore = 0.0f;
    UnwrittenPrior::Squares squares;
    double z = 0.0;
    for (int i = 0; i < all.size(); ++i) {
      const std::uint32_t fb = UnwrittenPrior::foresight_of(pos, all[i], later);
      fore[static_cast<std::size_t>(i)] = prior.score(fb);
      best_fore = std::max(best_fore, fore[static_cast<std::size_t>(i)]);
      score[static_cast<std::size_t>(i)] =
          prior.score(UnwrittenPrior::features_of(pos, all[i], last, exchange_unknown, &squares) | fb);
      z += std::exp(static_cast<double>(score[static_cast<std::size_t>(i)]));
    }
    const float log_mean = all.size() ? static_cast<float>(std::log(z / all.size())) : 0.0f;
    // In a position of the opening book, what players chose there, mixed
    // with the model by how many games reached it (the model alone for a
    // few, the book for many); a move the book never saw keeps the
    // model's share of the mixture.
    const std::span<const BookMove> book = book_moves(pos.key());
    double games = 0.0;
    for (const BookMove& b : book) games += b.count;
    const double trust = games / (games + book_trust_games);
    const auto book_share = [&](Move m) {
      for (const BookMove& b : book)
        if (b.move == m.raw()) return b.count / games;
      return 0.0;
    };
    for (int i = 0; i < all.size(); ++i) {
      const float sc = score[static_cast<std::size_t>(i)];
      priced[i].first = all[i];
      // What the boxes after it say, below the best they say of a move here.
      const float extra = blank_foresight_weight * (best_fore - fore[static_cast<std::size_t>(i)]);
      if (book.empty()) {
        priced[i].second = std::max(0.0f, log_mean - sc) + order_blank(sc, later) + extra;
        continue;
      }
      // -ln of the mixture's probability against a random legal move's.
      const double p = trust * book_share(all[i]) + (1.0 - trust) * std::exp(static_cast<double>(sc)) / z;
      // Ordered by the mixture too: its probability as a score of the model.
      // What the boxes after it say weighs as the model does in the mixture.
      priced[i].second = std::max(0.0f, static_cast<float>(-std::log(p * static_cast<double>(all.size())))) +
                         order_blank(static_cast<float>(std::log(p * z)), later) +
                         extra * static_cast<float>(1.0 - trust);
    }
  }

  // A share of the move model's score (below its largest) on the moves
  // that may fill a blank box (`later` known), where every move at least
  // as likely as a random one would cost 0, to order them: a run
  // of blank boxes is then filled first with the moves that ready what is
  // written after it, not in the generator's order, which crowded the
  // game played out of the beam on synthetic sheets with two rows left
  // blank (blank_order_weight).
  float order_blank(float score, std::span<const Later> later) const {
    return later.empty() ? 0.0f : blank_order_weight * std::max(0.0f, unwritten_max_score_ - score);
  }

  // A hair of the move model on moves that a box spells out, to break ties
  // between readings that cost the same: two copies that disagree (Qe3 on
  // one, Qe5 on the other, each a rank slip from the other), a slip that
  // reads as two legal moves. UnwrittenPrior's score below its largest,
  // times tie_break_weight. The same move of the same state is scored
  // once (the masks of two sheets try it several times).
  float tie_break(const State& s, const MoveList& moves, int mi, int gain) {
    if (tie_for_ != mi) {
      const UnwrittenPrior& prior = *prior_.unwritten;
      tie_cost_ = tie_break_weight *
                  (unwritten_max_score_ - prior.score(UnwrittenPrior::features_of(
                                              s.pos, moves[mi], last_move(s), gain, &tie_squares_)));
      tie_for_ = mi;
    }
    return tie_cost_;
  }

  // --------------------------------------------------------- watching a game

  // The watched game is followed by its positions, not by nodes: a state
  // that reaches the game's position by another path (a transposition,
  // merged with the game's own state) stands for it, as its future is the
  // same. Only its alignment (the boxes used) may differ, and the report
  // says which alignments hold the position.
  void watch_positions(const Position& start) {
    watch_keys_.clear();
    Position pos = start;
    watch_keys_.push_back(pos.key());
    for (const Move m : options_.watch) {
      Undo undo;
      pos.do_move(m, undo);
      watch_keys_.push_back(pos.key());
    }
  }

  // Whether state `s` stands at the watched game's position after `plies`.
  bool at_watched(const State& s, int plies) const {
    return plies >= 0 && plies < static_cast<int>(watch_keys_.size()) &&
           s.pos.key() == watch_keys_[static_cast<std::size_t>(plies)];
  }

  // Whether state `s` of the layer before `ply` stands where the watched
  // game plays its move `ply`.
  bool watched(const State& s, int ply) const {
    return ply <= static_cast<int>(options_.watch.size()) && at_watched(s, ply - 1);
  }

  // Whether the candidates still hold the watched game's move `ply`; says
  // so on stderr when it is lost at `stage`.
  void watch_candidates(const std::vector<State>& layer, int ply, float best, const char* stage) {
    if (watch_lost_) return;
    float cheapest = infinite;
    for (const Candidate& c : candidates_)
      if (watched(layer[static_cast<std::size_t>(c.state)], ply) &&
          c.move == options_.watch[static_cast<std::size_t>(ply - 1)])
        cheapest = std::min(cheapest, c.cost);
    if (cheapest < infinite) return;
    watch_lost_ = true;
    std::fprintf(stderr,
                 "watch (beam %d): ply %d: the game's move is not %s (best candidate %.2f, margin %.2f)\n",
                 options_.beam_width, ply, stage, static_cast<double>(best),
                 static_cast<double>(options_.prune_margin));
  }

  // The states of the layer after `ply` at the watched game's position:
  // how many, where the cheapest stands, and the boxes each has used.
  void report_watch(const std::vector<State>& layer, int ply) {
    if (watch_lost_) return;
    const auto count =
        std::count_if(layer.begin(), layer.end(), [&](const State& s) { return at_watched(s, ply); });
    if (count == 0) {
      watch_lost_ = true;
      std::fprintf(stderr, "watch (beam %d): ply %d: the game's position is crowded out of %zu states kept\n",
                   options_.beam_width, ply, layer.size());
      return;
    }
    std::fprintf(stderr, "watch (beam %d): ply %d: best %.2f; %td of %zu states at the game's position:",
                 options_.beam_width, ply, static_cast<double>(layer.front().cost), count, layer.size());
    int shown = 0;
    for (std::size_t i = 0; i < layer.size() && shown < 4; ++i) {
      if (!at_watched(layer[i], ply)) continue;
      ++shown;
      std::fprintf(stderr, " [%zu: %.2f, box", i, static_cast<double>(layer[i].cost));
      for (std::size_t j = 0; j < sheets_.size(); ++j)
        std::fprintf(stderr, " %d/%d", layer[i].cursor[j], layer[i].shift[j]);
      std::fprintf(stderr, "]");
    }
    std::fprintf(stderr, "\n");
  }

  // A lower estimate of what the next boxes will cost from this state: 0
  // when each reads as a legal move as written, else the price of the
  // cheapest departure.
  float lookahead(const State& s) const {
    float h = 0.0f;
    for (std::size_t j = 0; j < sheets_.size(); ++j) {
      const PreparedSheet& sheet = sheets_[j];
      const int i = s.cursor[j];
      if (i >= sheet.size() || sheet.blank(i) || sheet.cell(i).kind == EvidenceKind::crossed_out) continue;
      bool fits = false;
      for (const CellReading& r : sheet.cells[static_cast<std::size_t>(i)].readings) {
        if (!r.parsed) continue;
        notation::ResolveOptions options;
        options.language = sheet.language;
        options.warnings = options.reasons = false;  // only whether it fits
        const notation::Verdict v = resolve(s.pos, r.move, options).verdict;
        if (v == notation::Verdict::legal || v == notation::Verdict::ambiguous) {
          fits = true;
          break;
        }
      }
      if (!fits) h += lookahead_miss * sheet.weight;
    }
    return h;
  }

  // Whether some sheet's next box reads as a legal move as written.
  bool next_boxes_fit(const State& s) const { return next_box_reads(s, s.pos); }

  // Whether some sheet's next box (at the cursors of `s`) reads as a legal
  // or ambiguous move in `pos`, as written.
  bool next_box_reads(const State& s, const Position& pos) const {
    for (std::size_t j = 0; j < sheets_.size(); ++j) {
      const PreparedSheet& sheet = sheets_[j];
      const int i = s.cursor[j];
      if (i >= sheet.size()) continue;
      for (const CellReading& r : sheet.cells[static_cast<std::size_t>(i)].readings) {
        if (!r.parsed) continue;
        notation::ResolveOptions options;
        options.language = sheet.language;
        options.warnings = options.reasons = false;  // only whether it fits
        const notation::Verdict v = resolve(pos, r.move, options).verdict;
        if (v == notation::Verdict::legal || v == notation::Verdict::ambiguous) return true;
      }
    }
    return false;
  }

  // Whether playing `m` unrecorded makes a next box readable as written: a
  // box that fits no move now may fit once the forgotten move is played
  // (with `pair`, also after one more move of the other side if the box is
  // for the side that just moved: a forgotten pair). Where the box reads
  // already, only the first counts: the box is then the other side's move,
  // written in this side's column. Without this test every legal move could
  // be inserted everywhere, and forty equally cheap copies of every state
  // would crowd the beam.
  bool explains(const State& s, Move m, bool pair) const {
    Position after = s.pos.after(m);
    if (next_box_reads(s, after)) return true;
    if (!pair || after.in_check()) return false;
    // A forgotten pair: one more move of the other side, any move.
    Undo null_undo;
    after.do_null_move(null_undo);
    return next_box_reads(s, after);
  }

  // The union of what the sheets' next boxes allow within `budget`; false
  // when every move must be generated (a blank box fits any move).
  bool move_filter(const State& s, const std::array<SheetStep, max_sheets>& steps, float budget,
                   MoveFilter& filter) const {
    // The union in locals, stored once: a filter OR-ed into field by field
    // (one byte for castling) and then copied whole waits for each store.
    unsigned piece_types = 0;
    Bitboard from = 0, to = 0;
    bool castling = false;
    bool any = false;
    for (std::size_t j = 0; j < sheets_.size(); ++j) {
      const SheetStep& st = steps[j];
      if (st.ended) continue;
      if (st.blank) return false;
      MoveFilter one;
      const PreparedCell& cell = sheets_[j].cells[s.cursor[j]];
      // The filter takes prices as written, before the sheet's weight.
      if (!budget_filter(cell, (budget - st.consume_base) / sheets_[j].weight, sheets_[j].costs, one))
        return false;
      piece_types |= one.piece_types;
      from |= one.from;
      to |= one.to;
      castling |= one.castling;
      any = true;
    }
    filter.piece_types = piece_types;
    filter.from = from;
    filter.to = to;
    filter.castling = castling;
    return any;
  }

  // Prices the moves against sheet j's next box. False when the box reads
  // so badly that the edit distance must be tried over every legal move
  // and `moves` was filtered.
  bool price_moves(const State& s, int j, const MoveList& moves, std::vector<CellPrice>& prices,
                   float budget) const {
    const PreparedSheet& sheet = sheets_[static_cast<std::size_t>(j)];
    const PreparedCell& cell = sheet.cells[s.cursor[static_cast<std::size_t>(j)]];
    prices.resize(static_cast<std::size_t>(moves.size()));
    bool spelling = !cell.any_parsed;
    float least = infinite;
    // The keys first, their slots asked for ahead: most lookups find the
    // price worked out, in a table that is mostly not in the first-level
    // cache.
    std::array<std::uint32_t, MoveList::capacity> keys;
    for (int mi = 0; mi < moves.size(); ++mi) {
      keys[static_cast<std::size_t>(mi)] = price_key(s.pos, moves[mi], spelling);
      cell.prices.prefetch(keys[static_cast<std::size_t>(mi)]);
    }
    for (int mi = 0; mi < moves.size(); ++mi) {
      prices[static_cast<std::size_t>(mi)] = price_cell(cell, keys[static_cast<std::size_t>(mi)], s.pos,
                                                        moves[mi], sheet.language, sheet.costs, spelling);
      least = std::min(least, prices[static_cast<std::size_t>(mi)].cost);
    }
    // No legal move reads well: the parse may itself be a misreading.
    if (!spelling && least > sheet.costs.fallback_threshold) {
      if (budget < infinite) {
        // A price by the edit distance is unparsed_base at least: in a
        // room smaller than that none fits, and a move that fits keeps its
        // structural price (the cheaper of the two), so only a room as
        // large needs every move priced both ways.
        if (budget < sheet.costs.unparsed_base * sheet.weight) return true;
        return false;
      }
      for (int mi = 0; mi < moves.size(); ++mi)
        prices[static_cast<std::size_t>(mi)] =
            price_cell(cell, s.pos, moves[mi], sheet.language, sheet.costs, true);
    }
    return true;
  }

  // Adds `from` as `change` leaves it (at `cost`, under `key`, key_of()
  // of the changed state) to the layer, merging it with a state of the
  // same key. `from` may be a state of the layer (push_back copies it
  // before a reallocation frees it; it is not used after that), and
  // `change` works on the copy. Returns the index of the state added or
  // made cheaper, -1 when `from` was dearer than the state there.
  template <class Change>
  int add_state(std::vector<State>& layer, Key key, float cost, const State& from, Change change) {
    const auto [at, inserted] = index_.insert(key, static_cast<int>(layer.size()));
    if (inserted) {
      layer.push_back(from);
      change(layer.back());
      return at;
    }
    State& old = layer[static_cast<std::size_t>(at)];
    if (cost < old.cost) {
      const int old_node = old.node;
      const float old_cost = old.cost;
      const auto near = old.near;
      const auto near_count = old.near_count;
      old = from;
      change(old);
      for (int k = 0; k < near_count; ++k)
        old.remember(near[static_cast<std::size_t>(k)].first, near[static_cast<std::size_t>(k)].second);
      old.remember(old_node, old_cost);
      return at;
    }
    old.remember(from.node, cost);
    return -1;
  }

  // Passing over boxes without a move (extra, crossed-out or repeated
  // moves): states of the same ply with later cursors.
  void close_layer(std::vector<State>& layer, int ply) {
    if (layer.empty()) return;
    if (index_.empty() || ply == 0) {
      index_.clear();
      for (std::size_t i = 0; i < layer.size(); ++i) index_.insert(key_of(layer[i]), static_cast<int>(i));
    }
    float best = infinite;
    for (const State& s : layer) best = std::min(best, s.cost);
    const int n_sheets = static_cast<int>(sheets_.size());
    // Each state may pass over a box of each sheet: no reallocation.
    layer.reserve(layer.size() * static_cast<std::size_t>(1 + n_sheets));
    index_.reserve(layer.capacity());
    // State `s` with its box of sheet `j` passed over, within the margin;
    // false when there is no box left or it costs too much.
    struct Passed {
      float cost;
      std::array<std::uint16_t, max_sheets> cursor;
      std::array<std::int16_t, max_sheets> shift;
      Key key;
    };
    const auto pass_over = [&](const State& s, std::size_t j, Passed& p) {
      const int cursor = s.cursor[j];
      if (cursor >= sheets_[j].size()) return false;
      const Skip step = skip(static_cast<int>(j), cursor, ply + 1, s.shift[j]);
      p.cost = s.cost + step.cost;
      if (p.cost > best + options_.prune_margin) return false;
      p.cursor = s.cursor;
      p.shift = s.shift;
      p.cursor[j] = static_cast<std::uint16_t>(cursor + 1);
      p.shift[j] = step.shift;
      p.key = key_of(s.pos.key(), p.cursor, p.shift);
      return true;
    };
    // The index brings in the slots of a state `ahead` on while this one's
    // are used (worked out again when its turn comes: a state passed over
    // before then may have been merged into it).
    constexpr std::size_t ahead = 2;
    Passed p;
    // A state made cheaper after its own boxes were passed over (a chain of
    // passes reaching a state that another way reached first, dearer)
    // passes them over again, or the states after it keep the dearer cost:
    // a game ending in rows of '-' boxes could not end at its last written
    // move (samples/nb/lie-bakke-black.sheet: one move made up in the '-'
    // rows, and 1.8 s of search for it).
    redo_.clear();
    const auto pass_from = [&](std::size_t i, bool in_order) {
      for (std::size_t j = 0; j < sheets_.size(); ++j) {
        if (!pass_over(layer[i], j, p)) continue;
        const int at = add_state(layer, p.key, p.cost, layer[i], [&p](State& skipped) {
          skipped.near_count = 0;
          skipped.cost = p.cost;
          skipped.cursor = p.cursor;
          skipped.shift = p.shift;
        });
        if (at >= 0 && (!in_order || static_cast<std::size_t>(at) < i)) redo_.push_back(at);
      }
    };
    for (std::size_t i = 0; i < layer.size(); ++i) {
      if (i + ahead < layer.size())
        for (std::size_t j = 0; j < sheets_.size(); ++j)
          if (pass_over(layer[i + ahead], j, p)) index_.prefetch(p.key);
      pass_from(i, true);
    }
    while (!redo_.empty()) {
      const auto i = static_cast<std::size_t>(redo_.back());
      redo_.pop_back();
      pass_from(i, false);
    }
    // Finished states leave the beam; the others are ordered through an
    // index (states are large: sorting them would move whole positions).
    // A state whose boxes left hold no written move is not expanded: the
    // state that passes them over (at no price) ends the game there, and
    // every move after it costs more (a '-' box filled, or a move no box
    // has), a guess at moves the sheets do not have. Not when a given game
    // must be priced to its end, nor under a move model that rewards some
    // moves (priors_only_add_).
    order_.clear();
    for (std::size_t i = 0; i < layer.size(); ++i) {
      State& s = layer[i];
      bool done = true, blank_tail = options_.line.empty() && priors_only_add_;
      for (int j = 0; j < n_sheets; ++j) {
        const auto& sheet = sheets_[static_cast<std::size_t>(j)];
        const auto cursor = s.cursor[static_cast<std::size_t>(j)];
        if (cursor < sheet.size()) done = false;
        if (!sheet.tail_free[cursor]) blank_tail = false;
      }
      record_merges(s);
      if (blank_tail && !done) continue;
      if (done && s.node >= 0) {
        out_.finished.push_back(Finished{s.node, s.cost, false});
        if (!options_.watch.empty() && !watch_lost_ && ply == static_cast<int>(options_.watch.size()) &&
            at_watched(s, ply))
          std::fprintf(stderr, "watch (beam %d): the game ends at ply %d, cost %.2f\n", options_.beam_width,
                       ply, static_cast<double>(s.cost));
      } else if (!done)
        order_.push_back(static_cast<std::uint32_t>(i));
    }
    // The first `count` of order_ by cost (or rank), ties by index.
    const auto by_cost = [&layer](std::uint32_t i) { return layer[i].cost; };
    const auto by_rank = [&layer](std::uint32_t i) { return layer[i].rank; };
    const auto sort_order = [this](std::size_t count, const auto& value_of) {
      keys_.clear();
      for (std::size_t i = 0; i < count; ++i) keys_.push_back(sort_key(value_of(order_[i]), order_[i]));
      sort_keys(keys_, key_scratch_);
      for (std::size_t i = 0; i < count; ++i) order_[i] = static_cast<std::uint32_t>(keys_[i]);
    };
    std::size_t n = 0;
    if (!order_.empty()) {
      // The states within the margin of the best, first; only they are
      // ordered (both orders are total: the same states come out whatever
      // the sort does with equal keys).
      float least = infinite;
      for (const std::uint32_t i : order_) least = std::min(least, layer[i].cost);
      const float limit = least + options_.prune_margin;
      n = static_cast<std::size_t>(
          std::partition(order_.begin(), order_.end(),
                         [&layer, limit](std::uint32_t i) { return layer[i].cost <= limit; }) -
          order_.begin());
      // The beam holds `beam_width` states, and more when they tie with the
      // last one kept: boxes marked '-' make every move equally likely, and
      // the boxes after the gap must choose among all of them. Ties are
      // kept only among the best states, not among the many near the end.
      const std::size_t soft = static_cast<std::size_t>(width_at(ply));
      const std::size_t hard = static_cast<std::size_t>(options_.beam_ties);
      if (n <= soft) {
        sort_order(n, by_cost);
      } else {
        // More states than the beam holds: rank them by their cost plus a
        // look at the next box, so that a state which has paid for a slip
        // and reads on cleanly is not crowded out by states that have not
        // paid yet but cannot read the next box at all.
        for (std::size_t i = 0; i < n; ++i)
          layer[order_[i]].rank = layer[order_[i]].cost + lookahead(layer[order_[i]]);
        sort_order(n, by_rank);
        const float best_rank = layer[order_.front()].rank;
        const float last_rank = layer[order_[soft - 1]].rank;
        std::size_t m = soft;
        if (last_rank <= best_rank + tie_span)
          while (m < n && m < hard && layer[order_[m]].rank <= last_rank + tie_epsilon) ++m;
        if (m < n && layer[order_[m]].rank <= best_rank + tie_span) note_beam_full(ply);
        // Dropping states about one slip behind the best: a wider beam may
        // find a cheaper game.
        if (m < n && layer[order_[m]].rank <= best_rank + widen_span) {
          out_.stats.width_limited = true;
          out_.limited.resize(std::max(out_.limited.size(), static_cast<std::size_t>(ply) + 1));
          out_.limited[static_cast<std::size_t>(ply)] = 1;
          out_.limited_gap.resize(out_.limited.size());
          out_.limited_gap[static_cast<std::size_t>(ply)] = layer[order_[m]].rank - best_rank;
        }
        n = m + rescue(layer, ply, m, n);
        sort_order(n, by_cost);
      }
    }
    // Into the spare layer (its memory kept from ply to ply: a new one
    // each ply is memory the system must clear first).
    kept_.clear();
    kept_.reserve(n);
    for (std::size_t i = 0; i < n; ++i) kept_.push_back(std::move(layer[order_[i]]));
    out_.stats.states += static_cast<std::int64_t>(kept_.size());
    out_.stats.widest = std::max(out_.stats.widest, static_cast<int>(kept_.size()));
    layer.swap(kept_);
    index_.clear();
  }

  // The states [kept, dropped) of order_ (by rank) are about to be
  // dropped. The best states of each alignment (boxes used, numbering) are
  // kept as well, up to a share of the beam per alignment (counting those
  // kept already), and up to a share of the beam in all: many states that
  // differ only in a move no sheet records (every move that makes the next
  // box legal, every move a '-' box may stand for) must not crowd out the
  // few that passed over a box and read on in place. Keeping only the
  // best state of an alignment that had none was not enough: the crowd's
  // own games pass over the box too, and fill the alignment with states
  // that a game which read some box with a slip earlier (the game played)
  // cannot outrank. Moved to order_[kept...]; returns how many.
  std::size_t rescue(const std::vector<State>& layer, int ply, std::size_t kept, std::size_t dropped) {
    const auto alignment = [](const State& s) { return alignment_of(s.cursor, s.shift); };
    const auto width = static_cast<std::size_t>(width_at(ply));
    const std::size_t share = std::max<std::size_t>(1, width / alignment_share);
    const std::size_t most = std::max<std::size_t>(1, width / rescue_share);
    alignments_.clear();
    for (std::size_t i = 0; i < kept; ++i) ++*alignments_.find_or_add(alignment(layer[order_[i]])).first;
    std::size_t rescued = 0;
    for (std::size_t i = kept; i < dropped && rescued < most; ++i) {
      std::uint32_t& count = *alignments_.find_or_add(alignment(layer[order_[i]])).first;
      if (count >= share) continue;
      ++count;
      std::swap(order_[kept + rescued++], order_[i]);
    }
    return rescued;
  }

  void record_merges(const State& s) {
    for (int k = 0; k < s.near_count; ++k) {
      const auto& [node, cost] = s.near[static_cast<std::size_t>(k)];
      const float delta = cost - s.cost;
      if (node >= 0 && s.node >= 0 && node != s.node && delta <= alt_margin_)
        out_.merges.push_back(Merge{s.node, node, delta});
    }
  }

  // The game ends at `s` with the boxes left passed over. When it ends by
  // mate or stalemate (`game_over`), a move written after that is dearer
  // than one passed over in the game: no later move explains why it was
  // written.
  void finish_by_skipping(const State& s, int ply, bool game_over = false) {
    if (s.node < 0) return;
    float cost = s.cost;
    for (int j = 0; j < static_cast<int>(sheets_.size()); ++j) {
      const PreparedSheet& sheet = sheets_[static_cast<std::size_t>(j)];
      for (int i = s.cursor[static_cast<std::size_t>(j)]; i < sheet.size(); ++i) {
        cost += skip(j, i, ply, s.shift[static_cast<std::size_t>(j)]).cost;
        if (game_over && !sheet.tail_free[static_cast<std::size_t>(i)] && written(sheet, i))
          cost += costs_.written_after_game_over * sheet.weight;
      }
    }
    out_.finished.push_back(Finished{s.node, cost, false});
  }

  static bool written(const PreparedSheet& sheet, int i) {
    const EvidenceCell& c = sheet.cell(i);
    return c.kind != EvidenceKind::unrecorded && c.kind != EvidenceKind::crossed_out && !c.no_move &&
           !sheet.cells[static_cast<std::size_t>(i)].readings.empty();
  }

  void note_beam_full(int ply) {
    if (!out_.stats.beam_full) out_.stats.beam_full_ply = ply;
    out_.stats.beam_full = true;
  }

  const Widths& widths_;
  const std::vector<PreparedSheet>& sheets_;
  const ReconstructOptions& options_;
  const SlipCosts& costs_;
  const MovePrior& prior_;
  std::vector<float> unwritten_;  // unwritten_costs() of the state being expanded
  LaterMoves later_{};            // later_moves() of the state being expanded
  const float unwritten_max_score_ = prior_.unwritten ? prior_.unwritten->max_score() : 0.0f;
  int tie_for_ = -1;                     // the move of the state being expanded that tie_cost_ is for
  UnwrittenPrior::Squares tie_squares_;  // tie_break()'s, for the moves of the state of tie_for_
  float tie_cost_ = 0.0f;
  // The watched game's positions: before its first move, after each.
  std::vector<std::uint64_t> watch_keys_;
  bool watch_lost_ = false;
  Budget& budget_;
  float alt_margin_ = 6.0f;
  float stop_margin_ = 1.0f;  // open states this far above the best finished game still go on
  // No class of the move model is rewarded (MovePrior::cost), and the
  // prices of moves no sheet spells out are never negative either
  // (unwritten_costs), so a candidate's cost only grows once its boxes are
  // priced.
  bool priors_only_add_ = true;
  Output out_;
  std::vector<Candidate> candidates_;
  std::vector<Candidate> rescued_candidates_;              // rescue_candidates()'s rescued,
  std::vector<std::uint64_t> candidate_alignments_;        // ... the alignment of each candidate,
  std::vector<std::uint64_t> state_alignments_;            // ... per state of the layer and boxes used,
  std::vector<std::uint8_t> state_alignments_known_;       // ... those worked out (bit: boxes used)
  std::vector<Candidate> sorted_candidates_;               // keep_cheapest()'s, kept for its capacity
  std::vector<std::uint64_t> keys_;                        // sort_key()s being sorted
  std::vector<std::uint64_t> key_scratch_;                 // sort_keys()' second buffer
  MoveList moves_;                                         // of the state being expanded
  Move only_ = Move::none();  // the given game's move (ReconstructOptions::line), the only one played
  std::array<std::vector<CellPrice>, max_sheets> prices_;  // of moves_, per sheet
  std::vector<std::uint32_t> order_;
  std::vector<int> redo_;    // close_layer(): states to pass over from again
  std::vector<State> kept_;  // close_layer()'s spare layer
  StateIndex index_;
  FlatCache<std::uint32_t> alignments_;  // rescue()'s and rescue_candidates()' count per alignment
  State last_layer_best_;
  std::shared_ptr<Restarts> restarts_;  // kept by a search at one width (keep_restart())
  bool keeping_ = true;
};

}  // namespace

namespace {

// Marks the plies [first, end) of `widths` wide.
void mark_wide(Widths& widths, int first, int end) {
  first = std::max(first, 0);
  if (end <= first) return;
  if (widths.wide.size() < static_cast<std::size_t>(end))
    widths.wide.resize(static_cast<std::size_t>(end), 0);
  std::fill(widths.wide.begin() + first, widths.wide.begin() + end, std::uint8_t{1});
}

}  // namespace

void widen_opening(Widths& widths, int plies) { mark_wide(widths, 0, plies); }

void widen_around(Widths& widths, int ply) { mark_wide(widths, ply - wide_before, ply + wide_after + 1); }

Output run(const std::vector<PreparedSheet>& sheets, const Position& start, const ReconstructOptions& options,
           const SlipCosts& costs, Budget& budget, const Widths& widths) {
  Search search(sheets, options, costs, budget, widths);
  return search.run(start);
}

}  // namespace notera::reconstruct::search
