// Rebuilding the game actually played from one or both players' scoresheets.
//
// What is written on a scoresheet is evidence, not the game: players write
// "exd5" for cxd5, leave boxes empty in time trouble (FIDE §8.4), cross out
// an illegal move and write the replacement (§7.5), use an English letter on
// a Norwegian sheet. reconstruct_game() finds the legal game that needs the
// fewest (cheapest) departures from what is written, and explains each one.
//
// The search is a beam search by plies over states (position, next unused
// box on each sheet). From a state, any legal move m may be played, and
// each sheet either
//   - uses its next box as evidence for m, at the price of reading that
//     box as m (cell_match.hpp: structurally, field by field), or
//   - does not record m (a move missing on that sheet), at an insertion price,
// and a box may be passed over without a move (an extra, illegal or
// crossed-out move) at a skip price, less for a box that repeats its side's
// box a row or two up (a row written twice). A "-" or empty box stands for any
// move at a small price. Box numbers and columns count too: a box that
// claims a later ply than the one played makes a missing move cheap (rows
// left out), a box whose ply was already played makes passing it over cheap,
// and using a box for another ply than it claims costs a little. The prices
// are -ln of how often each departure happens on real sheets (slips.hpp).
// A sheet may also start the game again from move 1 on a later row (a game
// cancelled and played anew, Laws 7.1 and 7.3): where the boxes from a row
// on read as written from the start position, the search may start there,
// at the price of a new game; the boxes before it are then a cancelled
// game (DropReason::cancelled_game), not moves of the game.
//
// States that reach the same position with the same boxes used and the
// same alignment of each sheet's numbering with the plies are merged (the
// cheaper one is kept, a near-equal one remembered as an alternative).
// A ply keeps the states within a cost margin of its best, at most a beam
// width of them (more when they tie at the top: the positions behind a gap
// of '-' boxes); when more fit the margin, they are ranked by cost plus a
// look at whether the next box reads as a legal move, and the best state of
// each alignment (boxes used, numbering) keeps its place, so that many
// copies of one state that differ in a move no sheet records cannot crowd
// out the state that passed over a box and reads on in place. States far behind
// generate only the moves their remaining budget can still pay for. When
// the beam was too narrow on a sheet with rough spots (moves without a box,
// boxes passed over, double slips), the search runs again four times wider
// while that finds a cheaper game or was still too narrow: wider around the
// plies where states near the best were dropped (ten plies either side),
// as before elsewhere, and taking over the first search's beam up to there
// instead of searching those plies again. With two sheets
// whose game has rough spots, each sheet's own game is also priced on both
// sheets, and wins when it is cheaper than the game the joint search found
// (the joint beam holds pairs of alignments, and the right pair can fall
// out of it). Work and time are bounded (options).
//
// The input is a plain list of boxes per sheet (EvidenceSheet), so that the
// engine does not depend on how a sheet was read; scoresheet/sheet_evidence
// turns a read .sheet file into one.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "notera/base/diagnostic.hpp"
#include "notera/base/message.hpp"
#include "notera/core/game_state.hpp"
#include "notera/core/position.hpp"
#include "notera/game/game.hpp"
#include "notera/reconstruct/move_prior.hpp"
#include "notera/reconstruct/slips.hpp"

namespace notera::reconstruct {

// ---------------------------------------------------------------- input

enum class EvidenceKind : std::uint8_t {
  move,         // something was written: a move, maybe with slips, '?' or "a|b"
  unrecorded,   // "-" or an empty box: a move was played but not written down
  crossed_out,  // ~~text~~: written, then struck through
};

// Where a box is on the paper, as a person with the sheet in hand finds it:
// the move number of its row and its column ("move 9..." is Black's box of
// move 9). `move` 0: not known.
struct SheetBox {
  int move = 0;
  bool black = false;
  bool extra = false;  // a box beyond Black's in its row (the row is full)
  bool operator==(const SheetBox&) const = default;
};

// One box of a scoresheet.
struct EvidenceCell {
  EvidenceKind kind = EvidenceKind::move;
  // As written, for reports and for reading: "S?5", "Sg3|Se3", "Lb7".
  std::string text;
  // The readings when the caller split "a|b" already; empty = split `text`.
  std::vector<std::string> readings;
  // The ply the box claims by its row number and column (1 = the first move
  // from the start position), 0 when unknown.
  int ply = 0;
  SourceLocation where;
  bool draw_offer = false;  // "(=)" after the move
  int time_used = -1;       // seconds of time used written after the move, -1 = none
  // A person's reading of the box ("{=Txb7}" in a .sheet): `readings` hold
  // the answer, `text` what the writer wrote. The search takes it as
  // certain: only a move the answer spells (up to spelling: capture and
  // check marks, an English letter) may be played for the box, and the box
  // may not be passed over.
  bool certain = false;
  // With `certain`: the answer is that the box is no move of the game
  // ("{=--}": written ahead, an extra move, a move after the game was
  // over). No move may be played for it; it is passed over at no price.
  bool no_move = false;
  // With `certain`: where the answer is written ("{=Txb7}"), for reports.
  SourceLocation answer_where{};
  // With `certain`: the box as read without the answer (answer_box()).
  EvidenceKind written_kind = EvidenceKind::move;
  std::vector<std::string> written_readings{};
  // An answer set aside (set_answer_aside()): no game the search found keeps
  // it, so the box is read as written and the report names the answer, at
  // `answer_where`, for the person to check.
  std::string set_aside{};
  // The box as numbered on the paper, for messages (a .sheet gives it;
  // when not known, messages name the box by `ply`).
  SheetBox box = {};
};

// Something a person wrote for the reconstruction that it cannot take as
// written: an answer that is no move, two answers to one box, an answer
// that cannot hold together with the rest of the sheet. Reported with the
// sheet's name, line and column; the game is still given.
struct SheetProblem {
  int sheet = 0;  // 0-based index into the sheets given
  SourceLocation where;
  Message message;
  // A warning: the answer is kept, but in another place than its box's own.
  Severity severity = Severity::error;
  // The game's ply the message names as {san} (1-based), so that a game
  // spelt in other letters names it in those too; 0: the message names none.
  int ply = 0;
  // An answer the game found does not keep (not kept, passed over, a box
  // answered as no move played): reconstruct_game sets it aside and
  // searches again.
  bool unkept = false;
};

// One scoresheet: boxes in the order of the sheet, and what its headers say.
struct EvidenceSheet {
  std::string name;  // for reports: usually the file name
  std::vector<EvidenceCell> cells;
  std::string language;          // from the Notation header ("nb"); empty = decide
  std::string header_language;   // the language of the header words, a hint
  std::vector<Tag> tags;         // PGN tags from the headers (Result included)
  std::optional<Color> copy_of;  // whose scoresheet it is
  std::string start_fen;         // empty = the standard start position
  bool chess960 = false;
  std::vector<SheetProblem> problems;  // answers it cannot take (sheet index 0: set by reconstruct_game)
};

struct ReconstructOptions {
  // Notation language for every sheet (LetterTable index), overriding the
  // sheets' headers; -1 = each sheet's header, else decided from the moves.
  int language = -1;
  const SlipCosts* costs = nullptr;  // nullptr = SlipCosts::measured()
  const MovePrior* prior = nullptr;  // nullptr = MovePrior::measured(); MovePrior::none() for none
  // Search bounds. Work per ply is at most about beam_width * 40 moves.
  int beam_width = 256;  // states kept per ply ...
  int beam_ties = 5000;  // ... and up to this many when they tie with the last one
  // When the beam was too narrow for the states within the margin, the
  // search is run again four times as wide (around the plies where it was
  // too narrow), up to this width, as long as that finds a cheaper game or
  // was still too narrow, and work is left.
  int max_beam_width = 16384;     // one HCS page (122_0) finds a cheaper game at 16384
  float prune_margin = 15.0f;     // states this much dearer than the best of their ply are dropped
                                  // (12 lost a cheaper game on an HCS page, 078_0; 18 triples the time)
  float uncertain_margin = 1.0f;  // runners-up within this are reported as alternatives
  // False: no wider search at all, whatever the first one met. A first
  // answer for a person waiting at the page: the search at beam_width
  // only, with SearchStats::wider_skipped set where a wider search would
  // have run (and might have found another game), so that the page can
  // show the game at once and ask for the whole search after it.
  bool widen = true;
  // No wider search after a first search limited (dropped states near
  // the best for want of room) at fewer plies than this, unless at one of
  // them a state dropped ranked within `widen_near` nats of the best (less
  // than the cheapest slip), or the game found reads a '-' box there, or a
  // box has an answer (EvidenceCell::certain); 0: widen wherever the first
  // search was limited (and its game is rough).
  // On the HCS pages (no '-' boxes, no answers) none of the 54 first
  // widenings after a search limited at 4 plies or fewer found a cheaper
  // game, and 44 of them had dropped nothing within 4 nats of the best;
  // every widening that found a cheaper game dropped a state within 3.41
  // nats. The median page goes from about 80 to 36 ms, every HCS game the
  // same but one (another game of the same cost), and the synthetic
  // sheets and the ask curve are unchanged (a rule on the plies alone
  // lost synthetic games found by widenings after drops 2.29 and 3.43
  // nats behind, and an ask-curve game after one 3.85 behind).
  // docs/speed.md, twenty-first and twenty-third sessions.
  int widen_from_limited_plies = 5;
  float widen_near = 4.0f;
  // The widest search (max_beam_width) runs only where the game of the
  // search before it fills a '-' box at a ply where that search was short
  // of room (a run of '-' boxes: every move reads them alike, and their
  // crowd can push out the game the boxes after confirm); false: whenever
  // the search before was still short of room. On the HCS pages, the
  // two-page games, sheets-dev, the synthetic sheets and the ask curve's
  // games, the widest searches without such a box changed no game (HCS
  // 122_0: one 0.05 nats cheaper) and priced 59 M moves: six after a
  // search that found nothing cheaper (098_0 14.2 -> 4.6 M), five after
  // one that did (082_0 12.6 -> 4.2 M, 092_0 12.2 -> 6.1 M, 096_0 13.2 ->
  // 5.1 M; both pages of 096 29.2 -> 11.4 M). docs/speed.md, twenty-fourth
  // and twenty-fifth sessions.
  bool widest_at_blanks_only = true;
  // Plies whose margin (ReconstructedPly::confidence) is at most this are
  // put on the ask list: another move there (or none, the game over before
  // it) is at least e^-3 (5%) as likely. The search carries every game
  // within this margin of the best finished one to its end (a longer game
  // left open has no margin: the ask curve's game 16, a game two plies
  // longer 3.8 nats dearer, had 12.3). docs/speed.md, forty-fourth session.
  float ask_margin = 3.0f;
  // Answers kept only at a price: when the sheets as written make the game
  // that keeps every answer more than this many nats less likely than the
  // game found without them (e^9: 8,100 times; three asked doubts at
  // ask_margin together), two copies' answers to one box played as two
  // plies are set aside, and an answer kept only by reading the boxes
  // before it otherwise is named (a warning). On the ask curve's 238 right
  // answers (bench/ask_curve --rounds) the dearest game was 8.2 nats above
  // the game without them (six above 3 nats, each with several answers or
  // a sheet that misleads); `{=O-O}` for Black after the sheet has Black
  // castle, kept by reading that castling as a6, 18 nats.
  float bend_margin = 9.0f;
  // A rerun with an answer that reads its box otherwise than it is
  // written is searched again this wide (when `widen`), and the cheaper
  // game stands. Such an answer prices the games that cannot keep it only
  // when the search reaches its box, often many plies after the box that
  // decides it (an answered Kh2 at ply 55 that needs h3, not the a3 written,
  // at ply 17): until then the game that keeps it is a slip behind a crowd
  // whose price comes later, and the beam, which ranks by the price so far
  // and the next box, drops it. On the ask curve in rounds (200 games) 3 of
  // 277 such reruns found a cheaper game, by index 99.49 -> 99.56%; on 300
  // games 99.13 -> 99.18%, at 72 ms more per rerun (median; 0.83 s at most).
  // A wider prune margin instead (25 nats) found none. docs/speed.md,
  // forty-ninth session. 0 or beam_width: no second search.
  int answered_beam_width = 4096;
  // States per ply that may insert a move the numbering has no room for,
  // and how far behind the best of the ply they may be; where the best
  // state reads its next box, an eighth of them within
  // `insertion_span_fits`. 2.5 or 3 would reach seed-11 synth-113's game
  // played (2.42 nats behind at a move no box records; 59 -> 73 plies
  // right, not exact) but find the ask curve's game 69 a cheaper wrong
  // game (41 plies by index): not changed (docs/speed.md, forty-second
  // session).
  int insertion_spawners = 64;
  float insertion_span = 6.0f;
  float insertion_span_fits = 2.0f;
  // A wider search is wide over the first `wide_opening` plies too,
  // wherever the search before it was short of room: a slip in the first
  // moves that spells another opening ('e4' for d4, 'Sh6' for Nf6) puts
  // the game played 5-10 nats behind a crowd of openings, and the boxes
  // that show it come 10-30 plies on (docs/speed.md, forty-second session).
  int wide_opening = 32;
  int max_plies = 1000;
  int max_insertions = 60;              // moves in the game that no sheet records
  int max_consecutive_insertions = 10;  // ... one after the other
  int max_alternatives = 4;             // per ply
  int max_variation_plies = 8;          // length of a variation in the PGN
  // What a reconstruction may spend (all sheets, all languages tried, all
  // searches), in moves priced: when it is spent the search gives up with
  // the best game found so far (SearchStats::work_limit). Counted in work,
  // not time, so that the same sheets give the same game on any machine.
  // The most any real or dev sheet needs (bench/reconstruct_work): both
  // pages of HCS game 022 32.4 million, one page (086_0) 7.4 million,
  // sheets-dev 25.0 million (case-080), the samples 9.8 million; the
  // median HCS page 0.18 million (twenty-fifth session). About three
  // times the most, so that a sheet a little harder than those still gets
  // its widest search.
  std::int64_t work_limit = 100'000'000;
  // A safety net only, not meant to decide any result: it stops a
  // reconstruction on a machine slowed beyond reason. The work limit takes
  // about 40 s on a busy 2-core machine of 2026 (2.4 million moves priced a
  // second), the hardest HCS game 19 s (SearchStats::time_limit).
  std::chrono::milliseconds time_limit{120000};
  // Per sheet, a factor on the price of its departures (SheetCare::weight).
  // Empty: 1 for one sheet; for two, estimated from how often each departs
  // from the game both give, and the game searched again with them.
  std::vector<float> slip_weights;
  // When not empty, only this game may be played: its price against the
  // sheets, to compare a known game with the one found (tests, reports).
  std::vector<Move> line;
  // When not empty, the search follows this game and says on stderr, ply by
  // ply, where it stands among the states kept, and where and why it is
  // lost (not generated, beyond the margin, crowded out). For diagnosis
  // (bench/hcs_diagnose --watch).
  std::vector<Move> watch;
};

// ---------------------------------------------------------------- output

enum class PlyStatus : std::uint8_t {
  exact,       // written as FIDE/PGN writes the move in the sheet's language
  normalised,  // the same move spelt otherwise (ed4, an English letter, exd)
  corrected,   // a slip of the pen fixed
  inserted,    // no written evidence: a '-' box, or no box at all
  uncertain,   // another reading fits almost as well (see alternatives)
};
std::string_view to_string(PlyStatus s);

// What one sheet says about one ply.
struct PlyEvidence {
  int sheet = 0;     // 0-based index into the sheets given
  int cell = -1;     // index into that sheet's cells; -1: no box used (not recorded)
  std::string text;  // the box as written
  SourceLocation where;
  SheetBox box;                         // its number and column on the paper: "move 9..." in messages
  PlyStatus status = PlyStatus::exact;  // exact, normalised, corrected or inserted
  std::string reading;                  // the reading that fits ("Sc5" for "S?5")
  SlipList slips;                       // what differs from the move (empty when exact)
  float cost = 0.0f;
};

struct PlyAlternative {
  Move move;
  std::string san;
  std::string uci;
  float cost_delta = 0.0f;  // how much less likely than the chosen move (nats)
  std::vector<Move> line;   // the alternative line from this ply (starts with `move`)
};

struct ReconstructedPly {
  int ply = 0;  // 1 = the first move from the start position
  Move move;
  std::string san;  // PGN SAN with + and #
  std::string uci;
  PlyStatus status = PlyStatus::exact;
  std::vector<PlyEvidence> evidence;  // one per sheet
  std::vector<PlyAlternative> alternatives;
  bool draw_offer = false;
  int time_used = -1;  // seconds, from the first sheet that has a clock note here
  // How sure the game is of this ply: the margin in nats from the game found
  // to the cheapest game the search found that differs here (another move,
  // or the game over before it). None: no such game was found.
  std::optional<float> confidence;
};

// One move a person could read in an asked box, or (`ends`) no move at
// all: the game was over before this ply, and the box is not a move of it.
struct AskCandidate {
  Move move;                 // Move::none() when `ends`
  std::string san;           // empty when `ends`
  std::string uci;           // empty when `ends`
  float cost = 0.0f;         // the cheapest game with it, less the game found (0: the move chosen)
  float probability = 0.0f;  // among the candidates, by their costs
  int changes = 0;           // plies of the game found that its game differs in
  std::vector<Move> line;    // that game from this ply (starts with `move`; empty for the move chosen)
  bool ends = false;         // the game over before this ply (`changes`: the plies it has no more)
};

// A box worth checking against the paper: the game found plays one move at
// this ply, and other games nearly as likely play another.
struct Ask {
  int ply = 0;     // 1-based ply of the game found (one past its last: a box after its end)
  int sheet = -1;  // 0-based sheet of the box; -1 when no sheet has a box for the ply
  int cell = -1;   // index into that sheet's cells
  std::string written;
  SourceLocation where;
  SheetBox box;         // its number and column on the paper
  // The box is one the game found passes over (no move of it), which the
  // cheapest other game reads as this ply: its answer settles the ply
  // where the box the game found reads here may record the same move in
  // both games, one box apart. The move chosen is then answered in the
  // box the game found reads as the ply (or as a move no box records).
  bool passed_over = false;
  // The cheapest other candidate's cost: at least the ply's confidence,
  // which may come from a game that left this one at an earlier ply.
  float margin = 0.0f;
  // Plies an answer is expected to change (the candidates' changes weighed
  // by their probability): the ranking of the list.
  float score = 0.0f;
  // The move chosen first, then the others, cheapest first; at least one
  // other (a ply whose doubt comes from a game that left the game found
  // earlier is asked where that game leaves it).
  std::vector<AskCandidate> candidates;
};

enum class DropReason : std::uint8_t {
  crossed_out,       // struck through on the sheet
  not_played,        // a written move that is not a move of the game (extra, illegal, repeated,
                     // written ahead after the last move)
  unrecorded_after,  // a '-' box after the last move that could be reconstructed
  not_reached,       // after the last move: text that reads as no move, or the search gave up
  cancelled_game,    // before the game started again from move 1 (a game cancelled, Laws 7.1, 7.3)
};
std::string_view to_string(DropReason r);

struct DroppedCell {
  int sheet = 0;
  int cell = 0;
  std::string text;
  SourceLocation where;
  SheetBox box;  // its number and column on the paper
  DropReason reason = DropReason::not_played;
  int after_ply = 0;  // the ply after which the box stood in the reconstructed game
};

struct SheetLanguage {
  int language = -1;          // LetterTable index used
  bool given = false;         // by the Notation header or --lang
  std::string requested;      // the code the sheet asked for, when it is unknown
  std::vector<int> also_fit;  // other languages that read the sheet as well (doubt)
};

// How carefully a sheet was written, as the game found shows it. Writers
// differ widely (on the HCS pages half leave no box empty, a few leave six
// or more): where two copies disagree, the one that departs from the game
// less often elsewhere is the likelier to be right.
struct SheetCare {
  int boxes = 0;        // written boxes
  int departures = 0;   // boxes read with a slip, moves not recorded, written boxes passed over
  float weight = 1.0f;  // the factor its departures were priced with
};

struct HeaderDisagreement {
  std::string tag;                  // PGN tag name ("White", "Date", ...)
  std::vector<std::string> values;  // per sheet ("" when the sheet has none)
};

struct SearchStats {
  int plies = 0;                // layers searched
  std::int64_t states = 0;      // states kept over all plies
  std::int64_t candidates = 0;  // moves priced
  int widest = 0;               // the largest ply layer
  bool beam_full = false;       // some ply had more near-equal states than the beam holds
  int beam_full_ply = 0;
  bool width_limited = false;  // some ply had more states within the margin than the beam holds
  int beam_width = 0;          // of the search that gave the game
  bool work_limit = false;     // a search gave up when the work limit was spent
  bool time_limit = false;     // ... or at the time limit (the safety net)
  bool wider_skipped = false;  // ReconstructOptions::widen was false and a wider search would have run
  bool ply_limit = false;
  std::int64_t work = 0;  // moves priced over all the searches of the reconstruction
  double milliseconds = 0.0;
  int runs = 0;  // searches (one per language tried, plus the final one)
};

struct Reconstruction {
  Position start;
  std::vector<ReconstructedPly> plies;
  std::vector<DroppedCell> dropped;
  // Every box was used or explained (a move written after the last one
  // played is explained as not a move of the game), the search was not cut
  // short, and no '-' box or unreadable text was left over at the end.
  bool complete = false;
  float cost = 0.0f;                 // of the whole game (nats)
  std::optional<float> margin;       // to the best different game found; none = no other game fits
  float confidence = 1.0f;           // share of the likelihood of the games found (0..1)
  std::string written_result = "*";  // PGN spelling of the sheets' result
  GameEnd by_position = GameEnd::none;
  std::vector<Tag> tags;                 // the PGN tags of the game (sheet 1 first, then sheet 2)
  std::vector<SheetLanguage> languages;  // per sheet
  std::vector<SheetCare> care;           // per sheet
  std::vector<HeaderDisagreement> disagreements;
  std::vector<Message> notes;  // limits hit, unknown languages, result vs. position, ...
  // Answers ("{=Txb7}") that are no move, given twice, or that the game
  // found cannot keep: the person must look at them again.
  std::vector<SheetProblem> problems;
  SearchStats stats;
  // The boxes to check against the paper, the most telling first: every
  // ply whose confidence is within ReconstructOptions::ask_margin and where
  // a game that close leaves the game found (another move from the same
  // position, or the game over before it).
  std::vector<Ask> ask;
};

Reconstruction reconstruct_game(const std::vector<EvidenceSheet>& sheets,
                                const ReconstructOptions& options = {});

// Where a box is, for a person with the paper and the file: "line 20,
// column 4 (move 9)", "sheet 2, line 45, column 12 (move 34...)", the
// column in characters (`box.move` 0: no move number).
Message where_message(int sheet, const SourceLocation& where, const SheetBox& box, std::size_t sheet_count);
// How many times less likely a game `nats` dearer is, as a reader takes it
// in ("about 5 times less likely", not "cost +1.6"): e^nats, rounded.
std::int64_t times_less_likely(float nats);
// The arguments that name a box in a message: `move` (0: none), `black`
// and `extra` ("yes"/"no"), as in "move 9...", "move 5, a box too many".
Message& with_box(Message& m, const SheetBox& box);

// What one piece of evidence says, as a message for a PGN comment or a
// report: "sheet 1, line 17: 'exd5' is cxd5: the file c written as e".
// `sheet_names` label the sheets when there are two.
Message explain(const Reconstruction& r, const ReconstructedPly& ply, const PlyEvidence& evidence,
                std::size_t sheet_count);
Message explain(const DroppedCell& dropped, std::size_t sheet_count);
Message explain(const Slip& slip);

// The game as notera's Game model: tags, the moves, a comment at every
// correction, insertion, dropped box and doubt (rendered by `render`, e.g.
// locale::Messages::format) and the close alternatives as variations.
game::Game to_game(const Reconstruction& r, std::size_t sheet_count,
                   const std::function<std::string(const Message&)>& render);

}  // namespace notera::reconstruct
