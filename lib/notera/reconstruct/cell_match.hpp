// One box of a scoresheet against the legal moves of a position.
//
// A box is read once per notation language into its readings: the text as
// written, each side of the transcriber's "a|b", and for every '?' (an
// unreadable character) each character that makes the text a move. A
// candidate move is then priced against a reading *structurally*, field by
// field (piece letter, destination file and rank, origin, capture mark,
// promotion, castling side), with the costs of slips.hpp: no move is ever
// written out as text on this path, which runs for every legal move of
// every state the reconstruction keeps.
//
// Text that does not read as a move at all ("N4", "e5x", "gxRQ", "Rxf+"
// with a '+' inside) keeps a weaker use: a weighted edit distance against a
// few spellings of the candidate in the sheet's letters and in English.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "notera/core/movegen.hpp"
#include "notera/core/position.hpp"
#include "notera/notation/written_move.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/reconstruct/slips.hpp"

namespace notera::reconstruct {

// Values already worked out, by a key of what they depend on (the search
// asks for the same few again and again): open addressing with linear
// probing in a table of a power of two slots, at most half full (a
// node-based map spent half of the time of a lookup in hashing and
// allocation). Also a set of keys: find_or_add() says whether the key is new.
template <class Value> class FlatCache {
 public:
  // The value stored under `key` (any but ~0), and false; or a new slot
  // for it, and true.
  std::pair<Value*, bool> find_or_add(std::uint64_t key) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = home(key);; i = (i + 1) & mask) {
      auto& slot = slots_[i];
      if (slot.first == key) return {&slot.second, false};
      if (slot.first == unused) {
        slot.first = key;
        ++count_;
        return {&slot.second, true};
      }
    }
  }

  // The value stored under `key`, or nullptr.
  const Value* find(std::uint64_t key) const {
    if (slots_.empty()) return nullptr;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = home(key);; i = (i + 1) & mask) {
      if (slots_[i].first == key) return &slots_[i].second;
      if (slots_[i].first == unused) return nullptr;
    }
  }

  // Brings the slot where `key` is looked up first into the cache (a
  // caller with many keys to look up asks for them all ahead).
  void prefetch(std::uint64_t key) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[home(key)]);
  }

  // Forgets every key, keeping the room.
  void clear() {
    std::fill(slots_.begin(), slots_.end(), std::pair<std::uint64_t, Value>{unused, Value{}});
    count_ = 0;
  }

 private:
  static constexpr std::uint64_t unused = ~std::uint64_t{0};
  // The slot where the probe for `key` starts.
  std::size_t home(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_);
  }
  void grow() {
    std::vector<std::pair<std::uint64_t, Value>> old =
        std::exchange(slots_, std::vector<std::pair<std::uint64_t, Value>>(
                                  std::max<std::size_t>(16, 2 * slots_.size()), {unused, Value{}}));
    shift_ = 64 - std::countr_zero(slots_.size());
    count_ = 0;
    for (const auto& [k, v] : old)
      if (k != unused) *find_or_add(k).first = v;
  }
  std::vector<std::pair<std::uint64_t, Value>> slots_;
  std::size_t count_ = 0;
  int shift_ = 0;
};

// One way to read a box.
struct CellReading {
  std::string text;   // the reading ("Sc5" for "S?5", "Sg3" for "Sg3|Se3")
  float cost = 0.0f;  // of choosing this reading (guessed characters)
  // '?' characters that were guessed: (byte index in `text`, character).
  std::vector<std::pair<int, char>> guesses;
  bool one_of_several = false;  // the transcriber gave "a|b"
  bool parsed = false;          // `move` holds the syntax; else only the edit distance applies
  notation::WrittenMove move;
  // What the letters mean in the sheet's language and in English
  // (PieceType::none when the letter has no meaning there).
  PieceType piece = PieceType::none;
  PieceType piece_english = PieceType::none;
  PieceType captured = PieceType::none;
  PieceType captured_english = PieceType::none;
  PieceType promotion = PieceType::none;
  PieceType promotion_english = PieceType::none;
  std::string letter;  // the piece letter as written ("S", "Кр"), empty for pawns
  std::string plain;   // the text without check marks and glyphs, for the edit distance
  bool scrawl = false;  // `plain` names nothing and is read as illegible ("T??" for "Txx")
  notation::WrittenCheck check = notation::WrittenCheck::none;  // for unparsed text too
  // What budget_filter() asks of a parsed reading, worked out once by
  // prepare_cell() from its costs (the prices of letters, files and ranks,
  // which a sheet's own habits do not change): per piece type (index()),
  // the price of reading the letter, or its absence, as that type; and the
  // destinations and origins within reach, as ascending prices each with
  // every square read for at most that much.
  std::array<float, 8> type_cost{};
  std::vector<std::pair<float, Bitboard>> to_reach, from_reach;
  // For the edit distance, worked out by prepare_cell() from its costs
  // (which a sheet's habits do not change either): substitution[i][c], the
  // price of plain[i] written for the ASCII character c.
  std::vector<std::array<float, 128>> substitution;
};

// What a box costs read as a move (price_cell()).
struct CellPrice {
  float cost = 0.0f;
  std::int16_t reading = -1;
  bool by_spelling = false;
  // Named so that a copy is one 8-byte move: with a hole, the compiler
  // copies the 7 bytes as two overlapping 4-byte stores, and reading the
  // cost back at once waits for both (a failed store forward, a third of
  // price_moves()' time on the 60-move sheets).
  std::uint8_t unused = 0;
};
static_assert(sizeof(CellPrice) == 8);

using PriceCache = FlatCache<CellPrice>;

struct PreparedCell {
  std::vector<CellReading> readings;
  bool any_parsed = false;
  // A person's answer for the box (EvidenceCell::certain): a move its
  // readings spell costs nothing, any other cannot be (certain_miss).
  bool certain = false;
  // Prices already worked out (price_cell()), by what they depend on: the
  // move, the pieces moved and taken, whether it captures and whether the
  // edit distance was asked for. A cell is priced in one language with one
  // set of costs, its sheet's.
  mutable PriceCache prices;
};

// Reads a box in `language` (a LetterTable index; English letters are
// understood as well). `alternatives` are the transcriber's readings when
// the caller has split them already; else `text` is split at '|'.
PreparedCell prepare_cell(std::string_view text, std::span<const std::string> alternatives, int language,
                          const SlipCosts& costs);

// The price of reading `r` as move `m` of `pos` (before the move), without
// check marks. Appends the slips to `why` when given.
float structural_cost(const CellReading& r, const Position& pos, Move m, int language, const SlipCosts& costs,
                      SlipList* why = nullptr);

// The edit-distance price (text that is not a move, or a parse that may
// be a misreading). Appends one `misspelt` slip to `why` when given.
float spelling_cost(const CellReading& r, const Position& pos, Move m, int language, const SlipCosts& costs,
                    SlipList* why = nullptr);

// The price of the check and mate marks, given the position after the move.
float check_mark_cost(const CellReading& r, const Position& after, const SlipCosts& costs,
                      SlipList* why = nullptr);

// The price of a move that a box answered by a person does not spell: far
// beyond any prune margin, so that no game takes it.
inline constexpr float certain_miss = 1000.0f;

// Costs from this far up hold a move an answer rules out: a margin as wide
// is no game that keeps the answers.
inline constexpr float breaks_answer = certain_miss / 2;

// Whether a box a person has answered (EvidenceCell::certain) is written
// otherwise than the answer reads as move `m` of `pos`, spelling aside
// (capture and check marks, an English letter: 'Dc3' answered '{=Qc3}'):
// what the writer wrote departs from the move all the same. A box left '-' or empty
// counts only with `blank_too`.
bool answer_departs(const EvidenceCell& c, bool blank_too, const Position& pos, Move m, int language,
                    const SlipCosts& costs);
// The reading of what is written in an answered box that spells move `m`
// of `pos` without a correction (spelling aside), if one does.
std::optional<CellReading> written_spelling(const EvidenceCell& c, const Position& pos, Move m, int language,
                                            const SlipCosts& costs);

// price_cell() for a box answered by a person (PreparedCell::certain).
CellPrice price_certain_cell(const PreparedCell& cell, const Position& pos, Move m, int language,
                             const SlipCosts& costs);

// price_cell() worked out, not looked up.
CellPrice work_out_price(const PreparedCell& cell, const Position& pos, Move m, int language,
                         const SlipCosts& costs, bool use_spelling);

// The cheapest way to read a box as `m`: which reading, and whether by
// edit distance. `use_spelling` says whether the edit distance is tried
// for parsed readings too (the caller decides per position, see
// SlipCosts::fallback_threshold). Inline: the search asks it of every move
// of every state, and almost always finds the price already worked out.
// What price_cell() looks a price up by: the move, the pieces moved and
// taken, whether it captures (nothing else of the position counts: the
// same few moves come back in state after state) and whether the edit
// distance is tried.
inline std::uint32_t price_key(const Position& pos, Move m, bool use_spelling) {
  const PieceType moved = type_of(pos.piece_on(m.from()));
  const PieceType taken = m.is_en_passant() ? PieceType::pawn : type_of(pos.piece_on(m.to()));
  return static_cast<std::uint32_t>(m.raw()) | static_cast<std::uint32_t>(index(moved)) << 16 |
         static_cast<std::uint32_t>(index(taken)) << 19 | (pos.is_capture(m) ? 1u << 22 : 0u) |
         (use_spelling ? 1u << 23 : 0u);
}

// price_cell() with its key worked out already (price_key()).
inline CellPrice price_cell(const PreparedCell& cell, std::uint32_t key, const Position& pos, Move m,
                            int language, const SlipCosts& costs, bool use_spelling) {
  if (cell.certain) return price_certain_cell(cell, pos, m, language, costs);
  const auto [price, fresh] = cell.prices.find_or_add(key);
  if (fresh) *price = work_out_price(cell, pos, m, language, costs, use_spelling);
  return *price;
}

inline CellPrice price_cell(const PreparedCell& cell, const Position& pos, Move m, int language,
                            const SlipCosts& costs, bool use_spelling) {
  return price_cell(cell, price_key(pos, m, use_spelling), pos, m, language, costs, use_spelling);
}

// The moves that can be read from the box for at most `budget`, as a filter
// for the move generator: a superset (piece types, origins and destinations
// are bounded separately), so that states far behind the best generate only
// the few moves that still fit. False when no filter applies (a box that
// is not a move, where the edit distance may fit anything). The prices of
// letters, files and ranks are those the cell was prepared with
// (CellReading::type_cost, to_reach, from_reach); `costs` gives the rest.
// A look-up per reading, not a pass over 64 squares: it is asked for every
// state of every ply.
bool budget_filter(const PreparedCell& cell, float budget, const SlipCosts& costs, MoveFilter& out);

// A weighted Damerau-Levenshtein distance with the costs of `costs`
// ('?' in `written` matches any character at the unreadable cost).
float edit_distance(std::string_view written, std::string_view meant, const SlipCosts& costs);
// The same with the prices of substitutions looked up (CellReading::substitution),
// to whichever is nearer of `meant` and `meant` with its first character
// replaced by `first_or` ('\0': no alternative).
float edit_distance(std::string_view written, std::string_view meant, const SlipCosts& costs,
                    std::span<const std::array<float, 128>> substitution, char first_or = '\0');

}  // namespace notera::reconstruct
