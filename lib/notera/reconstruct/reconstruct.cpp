// reconstruct_game(): choose each sheet's notation language, run the search
// (search.cpp), and turn the best path into plies with their evidence,
// statuses, alternatives and dropped boxes.
#include "notera/reconstruct/reconstruct.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "notera/core/fen.hpp"
#include "notera/core/movegen.hpp"
#include "notera/core/san.hpp"
#include "notera/core/uci.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/read_move.hpp"
#include "notera/reconstruct/doubts.hpp"
#include "notera/reconstruct/evidence.hpp"
#include "notera/reconstruct/search.hpp"
#include "notera/scoresheet/sheet_locale.hpp"

namespace notera::reconstruct {

std::string_view to_string(PlyStatus s) {
  switch (s) {
    case PlyStatus::exact: return "exact";
    case PlyStatus::normalised: return "normalised";
    case PlyStatus::corrected: return "corrected";
    case PlyStatus::inserted: return "inserted";
    case PlyStatus::uncertain: return "uncertain";
  }
  return "exact";
}

std::string_view to_string(DropReason r) {
  switch (r) {
    case DropReason::crossed_out: return "crossed_out";
    case DropReason::not_played: return "not_played";
    case DropReason::unrecorded_after: return "unrecorded_after";
    case DropReason::cancelled_game: return "cancelled_game";
    case DropReason::not_reached: return "not_reached";
  }
  return "not_played";
}

namespace {

using search::PreparedSheet;

// Languages to prefer, in order, when several read a sheet the same way
// (nb, sv, da, de and nn share K D T L S).
// Boxes read from one sheet at most (a game of 1500 moves).
constexpr int max_boxes = 3000;

const std::vector<std::string> preferred_languages = {"en", "nb", "sv", "da", "de",
                                                      "nn", "fr", "es", "it", "nl"};

std::string tag_value(const EvidenceSheet& sheet, std::string_view name) {
  for (const Tag& t : sheet.tags)
    if (t.name == name) return t.value;
  return {};
}

// ----------------------------------------------------------------- languages

// How a sheet reads in a language, as a fingerprint: languages with the same
// fingerprint read every box the same way, so one search decides for all.
struct LanguageReading {
  int language = 0;
  std::uint64_t fingerprint = 0;
  int parsed = 0;   // readings that are moves in this language (or English)
  int foreign = 0;  // letters read only through English
};

LanguageReading read_in(const EvidenceSheet& sheet, int language) {
  const notation::LetterTable& letters = notation::LetterTable::instance();
  LanguageReading lr;
  lr.language = language;
  std::uint64_t h = 1469598103934665603ull;
  const auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ull; };
  for (const EvidenceCell& c : sheet.cells) {
    if (c.kind == EvidenceKind::unrecorded) continue;
    std::vector<std::string> readings = c.readings;
    if (readings.empty()) {
      std::size_t start = 0;
      for (;;) {
        const std::size_t bar = c.text.find('|', start);
        readings.push_back(c.text.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
        if (bar == std::string::npos) break;
        start = bar + 1;
      }
    }
    for (const std::string& text : readings) {
      const notation::ReadMoveResult read =
          notation::read_written_move(text, notation::reading_languages(language));
      if (!read.ok) {
        mix(0xFF);
        continue;
      }
      const notation::WrittenMove& w = read.move;
      PieceType piece = PieceType::none;
      if (w.piece.present()) {
        piece = letters.meaning(w.piece.letter, language);
        if (piece == PieceType::none) {
          piece = letters.meaning(w.piece.letter, notation::LetterTable::english);
          ++lr.foreign;
        }
        if (piece == PieceType::none) continue;
      }
      ++lr.parsed;
      mix(static_cast<std::uint64_t>(w.kind) | static_cast<std::uint64_t>(index(piece)) << 8 |
          static_cast<std::uint64_t>(w.to_file + 1) << 16 | static_cast<std::uint64_t>(w.to_rank + 1) << 24 |
          static_cast<std::uint64_t>(w.from_file + 1) << 32 |
          static_cast<std::uint64_t>(w.from_rank + 1) << 40);
      if (w.promotion.present())
        mix(static_cast<std::uint64_t>(index(letters.meaning(w.promotion.letter, language))));
      if (w.captured.present())
        mix(static_cast<std::uint64_t>(index(letters.meaning(w.captured.letter, language))) + 16);
    }
  }
  lr.fingerprint = h;
  return lr;
}

int preference_rank(int language) {
  const std::string& code = notation::LetterTable::instance().language(language).code;
  const auto it = std::find(preferred_languages.begin(), preferred_languages.end(), code);
  return static_cast<int>(it - preferred_languages.begin());
}

// Whether a search found no game that reads the sheets to their end: none
// at all, or only the best state reached, ended where the search gave up.
bool no_whole_game(const search::Output& out) { return out.finished.empty() || out.finished.front().forced; }

float finished_cost(const search::Output& out) {
  if (out.finished.empty()) return std::numeric_limits<float>::max();
  return out.finished.front().cost + (out.finished.front().forced ? 1000.0f : 0.0f);
}

// Whether the game found (`path`) reads a '-' box at most two plies before
// a ply where the search was short of room.
bool blank_read_where_limited(const search::Output& out, const std::vector<PreparedSheet>& sheets,
                              const std::vector<int>& path) {
  const auto limited_near = [&out](int ply) {
    for (int p = ply; p <= ply + 2; ++p)
      if (p >= 0 && static_cast<std::size_t>(p) < out.limited.size() && out.limited[static_cast<std::size_t>(p)])
        return true;
    return false;
  };
  for (int n : path) {
    const search::Node& node = out.nodes[static_cast<std::size_t>(n)];
    for (std::size_t j = 0; j < sheets.size(); ++j)
      if (node.cell[j] >= 0 && sheets[j].blank(node.cell[j]) && limited_near(node.ply)) return true;
  }
  return false;
}

// Whether the game found has departures that a lost better game would
// explain otherwise: a move without a box, a written box passed over, or a
// box read at the price of two slips or more; or a '-' box read where the
// beam was short of room (every move reads it alike, and the crowd of
// them may have pushed out the game the boxes after it confirm).
bool rough(const search::Output& out, const std::vector<PreparedSheet>& sheets) {
  if (no_whole_game(out)) return true;
  const std::vector<int> path = search::path_of(out, out.finished.front().node);
  if (blank_read_where_limited(out, sheets, path)) return true;
  bool new_game = false;  // the boxes of a cancelled game before it are not passed over
  for (std::size_t j = 0; j < sheets.size(); ++j) {
    const int start = search::new_game_start(sheets[j], j, out, path);
    new_game |= start > 0;
    int last = -1;
    std::vector<bool> used(static_cast<std::size_t>(sheets[j].size()), false);
    for (int n : path) {
      const int cell = out.nodes[static_cast<std::size_t>(n)].cell[j];
      if (cell >= 0) {
        used[static_cast<std::size_t>(cell)] = true;
        last = cell;
      }
    }
    for (int i = start; i < last; ++i)
      if (!used[static_cast<std::size_t>(i)] && sheets[j].cell(i).kind == EvidenceKind::move) return true;
    bool seen_box = false;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      const int cell = out.nodes[static_cast<std::size_t>(*it)].cell[j];
      if (cell >= 0)
        seen_box = true;
      else if (seen_box)
        return true;
    }
  }
  // A new game's price is in its first move's cost.
  float previous = new_game && !path.empty() ? out.nodes[static_cast<std::size_t>(path.front())].cost : 0.0f;
  for (int n : path) {
    const float cost = out.nodes[static_cast<std::size_t>(n)].cost;
    if (cost - previous > 7.0f) return true;
    previous = cost;
  }
  return false;
}

// Whether a first search's game is worth a wider search at all: not after
// a search short of room at fewer plies than widen_from_limited_plies
// where none of the states dropped ranked within widen_near of the best
// and the game reads no '-' box there (the HCS pages, where the rule was
// measured, have none; around one every move reads the box alike, and a
// crowd of them pushes out the game the boxes after it confirm), unless
// it found no whole game or a person has answered some box (the HCS
// pages have no answers; on the ask curve's sheets answered the rule
// skipped a widening that found a cheaper game).
bool worth_widening(const search::Output& first, const std::vector<PreparedSheet>& sheets,
                    const ReconstructOptions& options) {
  if (no_whole_game(first)) return true;
  for (const PreparedSheet& sheet : sheets)
    if (std::any_of(sheet.cells.begin(), sheet.cells.end(), [](const PreparedCell& c) { return c.certain; }))
      return true;
  const auto limited_plies = std::count(first.limited.begin(), first.limited.end(), std::uint8_t{1});
  if (limited_plies >= options.widen_from_limited_plies) return true;
  for (std::size_t p = 0; p < first.limited.size(); ++p)
    if (first.limited[p] && first.limited_gap[p] < options.widen_near) return true;
  return blank_read_where_limited(first, sheets, search::path_of(first, first.finished.front().node));
}

// The search whose game stands after search_widening(): its width, and
// how wide it was at each ply (width 0: the first search's game stands).
struct Stood {
  int width = 0;
  search::Widths widths;
};

// The search, run wider while a wider beam finds a cheaper game: sheets
// with many slips need a wide beam, clean ones do not. `paid`, when given:
// the width of the search whose game stands, when a wider one was run
// after it and found no cheaper game (else 0); `stood`: the widths of the
// search whose game stands.
search::Output search_widening(const std::vector<PreparedSheet>& sheets, const Position& start,
                               const ReconstructOptions& options, const SlipCosts& costs,
                               search::Budget& budget, search::Output first, int& runs, int* paid = nullptr,
                               Stood* stood = nullptr) {
  if (paid) *paid = 0;
  if (stood) *stood = Stood{};
  search::Output best = std::move(first);
  if (!worth_widening(best, sheets, options)) return best;
  if (!options.widen) {
    if (best.stats.width_limited && rough(best, sheets) && options.beam_width < options.max_beam_width)
      budget.wider_skipped = true;
    return best;
  }
  // Wider only around the plies where some search so far was limited and
  // over the first plies (ReconstructOptions::wide_opening), as wide as
  // the search before elsewhere (where the first, at its width throughout,
  // was not limited, the second takes over its beam).
  search::Widths widths{options.beam_width, {}, best.restarts};
  const auto widen_where_limited = [&widths](const std::vector<std::uint8_t>& limited) {
    for (std::size_t p = 0; p < limited.size(); ++p)
      if (limited[p]) search::widen_around(widths, static_cast<int>(p));
  };
  widen_where_limited(best.limited);
  search::widen_opening(widths, options.wide_opening);
  ReconstructOptions wider = options;
  int gave_at = options.beam_width;  // the width of the search whose game stands
  while (best.stats.width_limited && rough(best, sheets) && wider.beam_width < options.max_beam_width &&
         budget.left()) {
    widths.narrow = wider.beam_width;
    wider.beam_width = std::min(wider.beam_width * 4, options.max_beam_width);
    const std::vector<std::uint8_t> wide_before_run = stood ? widths.wide : std::vector<std::uint8_t>{};
    search::Output out = search::run(sheets, start, wider, costs, budget, widths);
    ++runs;
    if (search::cut_short(out.stats)) break;
    widen_where_limited(out.limited);
    // A wider search that finds no cheaper game may still have been too
    // narrow (the cheaper game lies behind a wider crowd of near-equal
    // states): go on widening while it was.
    const bool cheaper = finished_cost(out) < finished_cost(best) - 0.01f;
    const bool same = !cheaper && finished_cost(out) <= finished_cost(best) + 0.01f;
    const bool limited = out.stats.width_limited;
    // The widest search only where this one's game fills a '-' box at a
    // ply where it was short of room (or it found no whole game).
    const bool widest_next = wider.beam_width * 4 >= options.max_beam_width;
    const bool widest_worth =
        !options.widest_at_blanks_only || !widest_next || no_whole_game(out) ||
        blank_read_where_limited(out, sheets, search::path_of(out, out.finished.front().node));
    if (same && limited && !out.stats.beam_full) {
      // The same game from a wider search that kept every near tie: what
      // the narrower search could not keep did not hide another game.
      best.stats.beam_full = false;
    }
    if (cheaper || (same && !limited)) {
      best = std::move(out);
      gave_at = wider.beam_width;
      if (stood) *stood = Stood{wider.beam_width, search::Widths{widths.narrow, wide_before_run, {}}};
    }
    if (paid) *paid = cheaper ? 0 : gave_at;
    if ((!cheaper && !limited) || !widest_worth) break;
  }
  return best;
}

// Two sheets: the search over both at once keeps a beam of pairs of
// alignments, and on sheets with rough spots (rows repeated on one sheet,
// missing on the other) the pair that gives the cheapest game can fall out
// of it. Each sheet's own game is then priced on both sheets; when one is
// cheaper than the game found, it is the game.
search::Output try_single_games(const std::vector<PreparedSheet>& sheets, const Position& start,
                                const ReconstructOptions& options, const SlipCosts& costs,
                                search::Budget& budget, search::Output joint, int& runs) {
  if (!rough(joint, sheets)) return joint;
  for (const PreparedSheet& sheet : sheets) {
    if (!budget.left()) break;
    const std::vector<PreparedSheet> one{sheet};
    search::Output alone = search::run(one, start, options, costs, budget);
    ++runs;
    alone = search_widening(one, start, options, costs, budget, std::move(alone), runs);
    if (no_whole_game(alone) || search::cut_short(alone.stats)) continue;
    ReconstructOptions priced = options;
    for (int n : search::path_of(alone, alone.finished.front().node))
      priced.line.push_back(alone.nodes[static_cast<std::size_t>(n)].move);
    search::Output out = search::run(sheets, start, priced, costs, budget);
    ++runs;
    if (search::cut_short(out.stats) || finished_cost(out) >= finished_cost(joint) - 0.01f) continue;
    // What the wider joint search knew about its beam still holds.
    out.stats.width_limited = joint.stats.width_limited;
    joint = std::move(out);
  }
  return joint;
}

// ----------------------------------------------------------------- report

std::vector<Tag> merged_tags(const std::vector<EvidenceSheet>& sheets, Reconstruction& r) {
  std::vector<Tag> tags;
  for (const EvidenceSheet& sheet : sheets) {
    for (const Tag& t : sheet.tags) {
      auto it = std::find_if(tags.begin(), tags.end(), [&](const Tag& x) { return x.name == t.name; });
      if (it == tags.end())
        tags.push_back(t);
      else if (it->value.empty() || it->value == "?")
        it->value = t.value;
    }
  }
  if (sheets.size() > 1) {
    std::vector<std::string> names;
    for (const EvidenceSheet& sheet : sheets)
      for (const Tag& t : sheet.tags)
        if (std::find(names.begin(), names.end(), t.name) == names.end()) names.push_back(t.name);
    for (const std::string& name : names) {
      HeaderDisagreement d;
      d.tag = name;
      // A field one copy leaves blank is not a disagreement: the other
      // copy's value is the game's. Nor are case, blanks and a closing
      // full stop ("Bergen sjakklubb." and "Bergen Sjakklubb").
      std::set<std::string> distinct;
      for (const EvidenceSheet& sheet : sheets) {
        d.values.push_back(tag_value(sheet, name));
        std::string value = scoresheet::sheet_locale::fold_word(d.values.back());
        while (!value.empty() && value.back() == '.') value.pop_back();
        if (!value.empty() && value != "?") distinct.insert(value);
      }
      if (distinct.size() > 1) r.disagreements.push_back(std::move(d));
    }
    if (sheets[0].copy_of && sheets[1].copy_of && *sheets[0].copy_of == *sheets[1].copy_of)
      r.notes.push_back(Message("reconstruct.note.same_copy")
                            .with("side", *sheets[0].copy_of == Color::white ? "white" : "black"));
  }
  return tags;
}

// Whether reading `r` spells `m` as the language writes it; notes an origin
// given without need or a needed one left out.
void compare_with_canonical(const search::PreparedSheet& sheet, const CellReading& r, const Position& pos,
                            Move m, SlipList& slips) {
  SanText canonical;
  write_san_body(pos, m, canonical, notation::LetterTable::instance().style(sheet.language));
  const notation::ReadMoveResult canon =
      notation::read_written_move(canonical.view(), notation::reading_languages(sheet.language));
  if (!canon.ok || r.move.is_castling()) return;
  const notation::WrittenMove& w = r.move;
  const notation::WrittenMove& c = canon.move;
  const bool written_more = (w.from_file >= 0 && c.from_file < 0) || (w.from_rank >= 0 && c.from_rank < 0);
  const bool written_less = (w.from_file < 0 && c.from_file >= 0) || (w.from_rank < 0 && c.from_rank >= 0);
  // A pawn capture's departure file is part of the move, not a disambiguation.
  if (written_more && !(type_of(pos.piece_on(m.from())) == PieceType::pawn && w.from_rank < 0))
    slips.push_back(Slip{SlipKind::origin_given, r.text, std::string(canonical.view())});
  else if (written_less && w.kind == notation::WrittenKind::piece)
    slips.push_back(Slip{SlipKind::disambiguation_missing, r.text, std::string(canonical.view())});
}

PlyStatus status_of(const SlipList& slips) {
  PlyStatus s = PlyStatus::exact;
  for (const Slip& slip : slips) {
    if (is_correction(slip.kind)) return PlyStatus::corrected;
    s = PlyStatus::normalised;
  }
  return s;
}

int severity(PlyStatus s) {
  switch (s) {
    case PlyStatus::exact: return 0;
    case PlyStatus::normalised: return 1;
    case PlyStatus::corrected: return 2;
    case PlyStatus::inserted: return -1;
    case PlyStatus::uncertain: return 3;
  }
  return 0;
}

struct Alternative {
  int divergence = 0;  // index into the path (ply - 1)
  std::vector<Move> line;
  float delta = 0.0f;
};

class ReportBuilder {
 public:
  ReportBuilder(const std::vector<PreparedSheet>& sheets, const search::Output& out, const Position& start,
                const ReconstructOptions& options)
      : sheets_(sheets), out_(out), start_(start), options_(options) {}

  void build(Reconstruction& r) {
    const search::Finished& best = out_.finished.front();
    r.cost = best.cost;
    path_ = search::path_of(out_, best.node);
    used_.assign(sheets_.size(), {});
    for (std::size_t j = 0; j < sheets_.size(); ++j)
      used_[j].assign(static_cast<std::size_t>(sheets_[j].size()), -1);

    Position pos = start_;
    PositionHistory history(start_);
    for (std::size_t k = 0; k < path_.size(); ++k) {
      const search::Node& node = out_.nodes[static_cast<std::size_t>(path_[k])];
      ReconstructedPly rp;
      rp.ply = static_cast<int>(k) + 1;
      rp.move = node.move;
      rp.san = to_san(pos, node.move);
      rp.uci = to_uci(pos, node.move);
      const Position after = pos.after(node.move);
      bool any_written = false;
      int worst = -1;
      for (std::size_t j = 0; j < sheets_.size(); ++j) {
        PlyEvidence e = evidence(j, node, pos, after, rp.ply);
        if (e.cell >= 0) {
          used_[j][static_cast<std::size_t>(e.cell)] = static_cast<int>(k);
          rp.draw_offer |= sheets_[j].cell(e.cell).draw_offer;
          if (rp.time_used < 0) rp.time_used = sheets_[j].cell(e.cell).time_used;
        }
        if (e.status != PlyStatus::inserted) {
          any_written = true;
          worst = std::max(worst, severity(e.status));
        }
        rp.evidence.push_back(std::move(e));
      }
      rp.status = !any_written ? PlyStatus::inserted
                  : worst >= 2 ? PlyStatus::corrected
                  : worst == 1 ? PlyStatus::normalised
                               : PlyStatus::exact;
      r.plies.push_back(std::move(rp));
      pos = after;
      history.push(pos);
    }
    alternatives(r);
    questions(r);
    dropped(r);
    kept_answers(r);
    r.by_position = game_end(pos, history, true);
    r.complete = !best.forced && !search::cut_short(out_.stats) && !out_.stats.ply_limit;
    // '-' boxes after a mate or a stalemate (a printed sheet's rows run on)
    // hold no move that could have been played: the game is whole.
    const bool over = r.by_position != GameEnd::none;
    for (const DroppedCell& d : r.dropped)
      if (d.reason == DropReason::not_reached || (d.reason == DropReason::unrecorded_after && !over))
        r.complete = false;
  }

 private:
  PlyEvidence evidence(std::size_t j, const search::Node& node, const Position& pos, const Position& after,
                       int ply) const {
    const PreparedSheet& sheet = sheets_[j];
    PlyEvidence e;
    e.sheet = static_cast<int>(j);
    e.cell = node.cell[j];
    if (e.cell < 0) {
      e.status = PlyStatus::inserted;
      return e;
    }
    const EvidenceCell& c = sheet.cell(e.cell);
    e.text = c.text;
    e.where = c.where;
    e.box = box_of(c);
    const int misplaced = node.misplaced[j];
    if (node.reading[j] < 0) {
      e.status = PlyStatus::inserted;
      return e;
    }
    const CellReading& reading =
        sheet.cells[static_cast<std::size_t>(e.cell)].readings[static_cast<std::size_t>(node.reading[j])];
    e.reading = reading.text;
    SlipList& slips = e.slips;
    if (c.kind == EvidenceKind::crossed_out) slips.push_back(Slip{SlipKind::crossed_out_played, c.text, ""});
    for (const auto& [at, ch] : reading.guesses)
      slips.push_back(Slip{SlipKind::unreadable, "?", std::string(1, ch)});
    if (reading.one_of_several) slips.push_back(Slip{SlipKind::reading_chosen, c.text, reading.text});
    if (node.by_spelling[j]) {
      e.cost = reading.cost + spelling_cost(reading, pos, node.move, sheet.language, sheet.costs, &slips);
    } else {
      e.cost = reading.cost + structural_cost(reading, pos, node.move, sheet.language, sheet.costs, &slips);
      if (slips.empty()) compare_with_canonical(sheet, reading, pos, node.move, slips);
    }
    e.cost += check_mark_cost(reading, after, sheet.costs, &slips);
    // A person's answer: what was written stays the evidence the report names.
    // An answer in other letters than the box ('Dc1' answered '{=Qc1}'):
    // the box speaks for itself.
    if (c.certain && !c.no_move && !c.readings.empty() && c.text != c.readings.front())
      if (const auto w = written_spelling(c, pos, node.move, sheet.language, sheet.costs)) {
        slips.clear();
        e.reading = w->text;
        structural_cost(*w, pos, node.move, sheet.language, sheet.costs, &slips);
        if (slips.empty()) compare_with_canonical(sheet, *w, pos, node.move, slips);
        check_mark_cost(*w, after, sheet.costs, &slips);
      }
    if (answer_departs(c, true, pos, node.move, sheet.language, sheet.costs))
      slips.push_back(Slip{SlipKind::answered, c.text, reading.text});
    if (misplaced != 0) {
      slips.push_back(Slip{SlipKind::misplaced, std::to_string((c.ply + 1) / 2) + (c.ply % 2 ? "" : "..."),
                           std::to_string((ply + 1) / 2) + (ply % 2 ? "" : "...")});
    }
    e.status = status_of(slips);
    return e;
  }

  void alternatives(Reconstruction& r) {
    std::vector<std::pair<int, float>> candidates;  // (node, delta)
    const float best_cost = out_.finished.front().cost;
    for (std::size_t i = 1; i < out_.finished.size(); ++i)
      if (!out_.finished[i].forced)
        candidates.emplace_back(out_.finished[i].node, out_.finished[i].cost - best_cost);
    std::set<int> on_path(path_.begin(), path_.end());
    for (const search::Merge& m : out_.merges)
      if (on_path.count(m.winner)) candidates.emplace_back(m.loser, m.delta);

    std::map<std::pair<int, std::uint16_t>, float> seen;  // (ply index, move) -> delta
    float likelihood = 1.0f;
    for (const auto& [node, delta] : candidates) {
      const std::vector<int> chain = search::path_of(out_, node);
      std::size_t d = 0;
      while (d < chain.size() && d < path_.size() &&
             out_.nodes[static_cast<std::size_t>(chain[d])].move ==
                 out_.nodes[static_cast<std::size_t>(path_[d])].move)
        ++d;
      if (d >= chain.size() || d >= path_.size()) continue;  // the same game, or only longer or shorter
      const Move move = out_.nodes[static_cast<std::size_t>(chain[d])].move;
      const auto key = std::make_pair(static_cast<int>(d), move.raw());
      const auto it = seen.find(key);
      if (it != seen.end() && it->second <= delta) continue;
      if (it == seen.end()) likelihood += std::exp(-std::max(delta, 0.0f));
      seen[key] = delta;
      if (delta >= breaks_answer) continue;  // not a game that keeps the answers
      if (!r.margin || delta < *r.margin) r.margin = std::max(delta, 0.0f);
      if (delta > options_.uncertain_margin) continue;
      ReconstructedPly& rp = r.plies[d];
      auto existing = std::find_if(rp.alternatives.begin(), rp.alternatives.end(),
                                   [&](const PlyAlternative& a) { return a.move == move; });
      if (existing != rp.alternatives.end() && existing->cost_delta <= delta) continue;
      PlyAlternative alt;
      alt.move = move;
      alt.cost_delta = std::max(delta, 0.0f);
      const Position before = position_before(d);
      alt.san = to_san(before, move);
      alt.uci = to_uci(before, move);
      for (std::size_t n = d; n < chain.size() && static_cast<int>(n - d) < options_.max_variation_plies; ++n)
        alt.line.push_back(out_.nodes[static_cast<std::size_t>(chain[n])].move);
      if (existing != rp.alternatives.end())
        *existing = std::move(alt);
      else
        rp.alternatives.push_back(std::move(alt));
    }
    for (ReconstructedPly& rp : r.plies) {
      std::stable_sort(
          rp.alternatives.begin(), rp.alternatives.end(),
          [](const PlyAlternative& a, const PlyAlternative& b) { return a.cost_delta < b.cost_delta; });
      if (rp.alternatives.size() > static_cast<std::size_t>(options_.max_alternatives))
        rp.alternatives.resize(static_cast<std::size_t>(options_.max_alternatives));
      if (!rp.alternatives.empty()) rp.status = PlyStatus::uncertain;
    }
    r.confidence = 1.0f / likelihood;
  }

  // Each ply's confidence, and the plies worth asking about (doubts.hpp),
  // ranked by how many plies an answer is expected to change.
  void questions(Reconstruction& r) const {
    const search::Doubts d = search::doubts_of(out_, path_, out_.finished.front().cost);
    for (std::size_t k = 0; k < r.plies.size() && k < d.margin.size(); ++k)
      if (d.margin[k] < std::min(search::no_doubt, breaks_answer)) r.plies[k].confidence = d.margin[k];
    if (out_.finished.front().forced) return;
    for (const search::Branch& b : d.branches) {
      const auto k = static_cast<std::size_t>(b.ply) - 1;
      if (k >= r.plies.size()) {
        Ask q = question_after_end(b);
        if (q.candidates.size() > 1) r.ask.push_back(std::move(q));
        continue;
      }
      const std::optional<float> margin = r.plies[k].confidence;
      if (!margin || *margin > options_.ask_margin) continue;
      Ask q = question(r.plies, b, *margin);
      if (q.candidates.size() > 1) r.ask.push_back(std::move(q));
    }
    passed_over_questions(r);
    std::stable_sort(r.ask.begin(), r.ask.end(),
                     [](const Ask& a, const Ask& b) { return a.score > b.score; });
  }

  // The written boxes the game found passes over between boxes it reads,
  // that no entry names yet. The game found says the writer wrote there a
  // move that is none of the game's, and the margins say little of that:
  // the games that read the box instead are seldom kept to the end. On
  // issue 6's sheets (bench/ask_curve -v) the game played reads 54 of the
  // 123 such boxes of the first runs, and it matters how the box reads
  // where it stands (at the ply of the next box the game found reads): of
  // the 68 that spell a move of that position as written, the game played
  // reads 10; of the 26 read there at a price below 3 nats, 15; of the 29
  // dearer, all. A box a writer adds is a move the writer had in mind, a
  // move of the position: one that spells none was meant as another ply.
  // So a box that spells a move there as written (the move the game found
  // plays there too) is left to the margins, and one read at a least price
  // p is asked with odds 1 - exp(-p), at most even, that it is read: the move the game
  // found plays there against the moves that read the box, weighed among
  // themselves by their price. An answer that reads the box changes, by
  // index, every ply from there on: no game was searched with it, so
  // `changes` is that bound and the candidates' costs are those odds, not
  // a game's price. Of a run of boxes passed over, the first.
  void passed_over_questions(Reconstruction& r) const {
    for (std::size_t j = 0; j < sheets_.size(); ++j) {
      const PreparedSheet& sheet = sheets_[j];
      const auto unread_move = [&](int i) {
        const EvidenceCell& c = sheet.cell(i);
        return used_[j][static_cast<std::size_t>(i)] < 0 && c.kind == EvidenceKind::move && !c.certain &&
               !c.text.empty();
      };
      int next_ply = 0;  // 1-based ply of the next box read after box i; 0: none
      for (int i = sheet.size() - 1; i >= 0; --i) {
        if (used_[j][static_cast<std::size_t>(i)] >= 0) {
          next_ply = used_[j][static_cast<std::size_t>(i)] + 1;
          continue;
        }
        if (next_ply == 0 || !unread_move(i) || (i > 0 && unread_move(i - 1))) continue;
        // A ply is asked once (the page and the PGN key the entries by
        // ply): not where an entry asks the ply already or names the box.
        const bool named = std::any_of(r.ask.begin(), r.ask.end(), [&](const Ask& a) {
          return (a.sheet == static_cast<int>(j) && a.cell == i) || a.ply == next_ply;
        });
        if (named) continue;
        Ask q = passed_over_question(r, j, i, next_ply);
        if (q.candidates.size() > 1) r.ask.push_back(std::move(q));
      }
    }
  }

  // Box `cell` of sheet `j`, passed over, asked at ply `ply` (see
  // passed_over_questions()).
  Ask passed_over_question(const Reconstruction& r, std::size_t j, int cell, int ply) const {
    const PreparedSheet& sheet = sheets_[j];
    const ReconstructedPly& chosen = r.plies[static_cast<std::size_t>(ply) - 1];
    Ask q;
    q.ply = ply;
    name_box_passed_over(q, j, cell);
    q.candidates.push_back(AskCandidate{chosen.move, chosen.san, chosen.uci, 0.0f, 0.0f, 0, {}});
    const Position before = position_before(static_cast<std::size_t>(ply) - 1);
    constexpr float infinite_price = std::numeric_limits<float>::max();
    MoveList moves;
    generate_legal(before, moves);
    std::vector<std::pair<float, Move>> read;
    for (const Move m : moves)
      if (m != chosen.move)
        read.emplace_back(price_cell(sheet.cells[static_cast<std::size_t>(cell)], before, m, sheet.language,
                                     sheet.costs, true)
                              .cost,
                          m);
    std::stable_sort(read.begin(), read.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    if (read.size() > most_candidates - 1) read.resize(most_candidates - 1);
    const float least = std::min(read.empty() ? infinite_price : read.front().first,
                                 price_cell(sheet.cells[static_cast<std::size_t>(cell)], before, chosen.move,
                                            sheet.language, sheet.costs, true)
                                     .cost);
    if (read.empty() || least <= 0.0f) return q;
    // The moves that read it share odds 1 - exp(-least), at most even
    // (no candidate's cost below the move chosen's), against the move
    // chosen, in proportion to exp(-price).
    double total = 0.0;
    for (const auto& [price, m] : read) total += std::exp(-static_cast<double>(price - read.front().first));
    const double odds = std::min(0.0, std::log(std::expm1(static_cast<double>(least))));
    const int changes = static_cast<int>(r.plies.size()) - ply + 1;
    for (const auto& [price, m] : read) {
      const auto cost =
          static_cast<float>(static_cast<double>(price - read.front().first) + std::log(total) - odds);
      q.candidates.push_back(AskCandidate{m, to_san(before, m), to_uci(before, m), cost, 0.0f, changes, {}});
    }
    rank(q);
    return q;
  }

  // The ply after the game found's end, where a game close behind goes on
  // and reads a box the game found passes over: that box is asked, the
  // game found's reading of it (no move of the game) first. Where that game
  // goes on with a move no box records and reads the passed-over box after
  // it (Black's answer to a check forgotten in time trouble: "19 Dxe6+
  // Sxe5"), the ply is asked as a move no box has (no sheet, no box), the
  // game's end first. None (no candidates) where the game that goes on
  // reads no box the game found passes over.
  Ask question_after_end(const search::Branch& b) const {
    Ask q;
    if (!name_passed_over(q, b) && !reads_passed_over_later(b)) return q;
    q.ply = b.ply;
    q.candidates.push_back(AskCandidate{Move::none(), "", "", 0.0f, 0.0f, 0, {}, true});
    const Position before = position_before(static_cast<std::size_t>(b.ply) - 1);
    for (const search::BranchMove& m : b.moves) {
      if (m.delta > options_.ask_margin || q.candidates.size() >= most_candidates) break;
      q.candidates.push_back(AskCandidate{m.move, to_san(before, m.move), to_uci(before, m.move), m.delta,
                                          0.0f, m.changes, variation_of(m)});
    }
    rank(q);
    return q;
  }

  // Names in `q` the box the game found passes over that the cheapest
  // other game at `b` (within the ask margin) reads as the ply, if any.
  bool name_passed_over(Ask& q, const search::Branch& b) const {
    if (b.moves.empty() || b.moves.front().delta > options_.ask_margin) return false;
    const search::BranchMove& other = b.moves.front();
    for (std::size_t j = 0; j < sheets_.size(); ++j) {
      const int cell = other.cell[j];
      if (!passed_over(j, cell)) continue;
      name_box_passed_over(q, j, cell);
      return true;
    }
    return false;
  }

  // Names in `q` box `cell` of sheet `j`, one the game found passes over.
  void name_box_passed_over(Ask& q, std::size_t j, int cell) const {
    const EvidenceCell& c = sheets_[j].cell(cell);
    q.sheet = static_cast<int>(j);
    q.cell = cell;
    q.written = c.text;
    q.where = c.where;
    q.box = box_of(c);
    q.passed_over = true;
  }

  // Whether the cheapest other game at `b` (within the ask margin) plays
  // its first move from no box and reads, later, a box the game found
  // passes over.
  bool reads_passed_over_later(const search::Branch& b) const {
    if (b.moves.empty() || b.moves.front().delta > options_.ask_margin) return false;
    const search::BranchMove& other = b.moves.front();
    if (other.cells.empty()) return false;
    for (std::size_t j = 0; j < sheets_.size(); ++j)
      if (other.cells.front()[j] >= 0) return false;
    for (const auto& read : other.cells)
      for (std::size_t j = 0; j < sheets_.size(); ++j)
        if (passed_over(j, read[j])) return true;
    return false;
  }

  // Whether `cell` of sheet `j` is a box the game found passes over.
  bool passed_over(std::size_t j, int cell) const {
    return cell >= 0 && used_[j][static_cast<std::size_t>(cell)] < 0;
  }

  // At most this many candidates an entry, the move chosen included.
  static constexpr std::size_t most_candidates = 5;

  // The start of a candidate's game, as long as a variation is shown.
  std::vector<Move> variation_of(const search::BranchMove& m) const {
    return {m.line.begin(),
            m.line.begin() + std::min<std::ptrdiff_t>(static_cast<std::ptrdiff_t>(m.line.size()),
                                                      options_.max_variation_plies)};
  }

  // An entry's own margin (its cheapest other candidate), its candidates'
  // probabilities, and its score: how many plies an answer is expected to
  // change.
  static void rank(Ask& q) {
    for (std::size_t c = 1; c < q.candidates.size(); ++c)
      q.margin = c == 1 ? q.candidates[c].cost : std::min(q.margin, q.candidates[c].cost);
    double total = 0.0;
    for (const AskCandidate& c : q.candidates) total += std::exp(-static_cast<double>(c.cost));
    double expected = 0.0;
    for (AskCandidate& c : q.candidates) {
      c.probability = static_cast<float>(std::exp(-static_cast<double>(c.cost)) / total);
      expected += static_cast<double>(c.probability) * c.changes;
    }
    q.score = static_cast<float>(expected);
  }

  Ask question(const std::vector<ReconstructedPly>& plies, const search::Branch& b, float margin) const {
    const ReconstructedPly& chosen = plies[static_cast<std::size_t>(b.ply) - 1];
    Ask q;
    q.ply = b.ply;
    q.margin = margin;
    // The box to look at: the one read at the highest price.
    float dearest = -1.0f;
    for (const PlyEvidence& e : chosen.evidence)
      if (e.cell >= 0 && e.cost > dearest) {
        dearest = e.cost;
        q.sheet = e.sheet;
        q.cell = e.cell;
        q.written = e.text;
        q.where = e.where;
        q.box = e.box;
      }
    // A box the game found passes over that the cheapest other game reads
    // as this ply is the box to look at: the box the game found reads here
    // may record the same move in both games, one box apart, and its
    // answer would settle nothing.
    name_passed_over(q, b);
    q.candidates.push_back(AskCandidate{chosen.move, chosen.san, chosen.uci, 0.0f, 0.0f, 0, {}});
    const Position before = position_before(static_cast<std::size_t>(b.ply) - 1);
    constexpr std::size_t most = most_candidates;
    bool end_listed = b.end_delta > options_.ask_margin;
    auto list_end = [&] {
      const int gone = static_cast<int>(plies.size()) - (b.ply - 1);
      q.candidates.push_back(AskCandidate{Move::none(), "", "", b.end_delta, 0.0f, gone, {}, true});
      end_listed = true;
    };
    for (const search::BranchMove& m : b.moves) {
      if (m.delta > options_.ask_margin || q.candidates.size() >= most) break;
      if (!end_listed && b.end_delta <= m.delta) list_end();
      if (q.candidates.size() >= most) break;
      q.candidates.push_back(AskCandidate{m.move, to_san(before, m.move), to_uci(before, m.move), m.delta,
                                          0.0f, m.changes, variation_of(m)});
    }
    if (!end_listed && q.candidates.size() < most) list_end();
    // The question's own margin: its cheapest other candidate. The ply's
    // confidence may be lower, from a game that left this one earlier (and
    // is asked there), which is no candidate here.
    rank(q);
    return q;
  }

  // The box as numbered on the paper; a box that does not say (a caller's
  // evidence without it) by the ply it claims, counted from the start.
  SheetBox box_of(const EvidenceCell& c) const { return c.box.move > 0 ? c.box : ply_box(c.ply); }

  // Ply `ply` of the game (1: the first from the start position) as its
  // move number and side.
  SheetBox ply_box(int ply) const {
    if (ply <= 0) return {};
    const int from_start = ply - 1 + (start_.side_to_move() == Color::black ? 1 : 0);
    return {start_.fullmove_number() + from_start / 2, from_start % 2 == 1, false};
  }

  Position position_before(std::size_t d) const {
    Position pos = start_;
    for (std::size_t n = 0; n < d; ++n) pos.play(out_.nodes[static_cast<std::size_t>(path_[n])].move);
    return pos;
  }

  void dropped(Reconstruction& r) const {
    const bool gave_up =
        out_.finished.front().forced || search::cut_short(out_.stats) || out_.stats.ply_limit;
    for (std::size_t j = 0; j < sheets_.size(); ++j) {
      const PreparedSheet& sheet = sheets_[j];
      const int new_game = search::new_game_start(sheet, j, out_, path_);
      if (new_game > 0) {
        std::string written;
        for (int i = 0; i < new_game; ++i)
          if (!sheet.cell(i).text.empty()) written += (written.empty() ? "" : " ") + sheet.cell(i).text;
        r.notes.push_back(Message("reconstruct.note.new_game")
                              .with("sheet", static_cast<int>(j) + 1)
                              .with("line", sheet.cell(new_game).where.line)
                              .with("written", written));
      }
      int last_used = -1;
      for (int i = 0; i < sheet.size(); ++i)
        if (used_[j][static_cast<std::size_t>(i)] >= 0) last_used = i;
      int after_ply = 0;
      for (int i = 0; i < sheet.size(); ++i) {
        const int at = used_[j][static_cast<std::size_t>(i)];
        if (at >= 0) {
          after_ply = at + 1;
          continue;
        }
        const EvidenceCell& c = sheet.cell(i);
        DroppedCell d;
        d.sheet = static_cast<int>(j);
        d.cell = i;
        d.text = c.text;
        d.where = c.where;
        d.box = box_of(c);
        d.after_ply = after_ply;
        const bool blank =
            c.kind == EvidenceKind::unrecorded || sheet.cells[static_cast<std::size_t>(i)].readings.empty();
        // Boxes after the last one used: a move written there that the
        // search passed over is not a move of the game (written ahead and
        // not played, or written twice), priced as such. A '-' box or text
        // that reads as no move may stand for a move that cannot be known,
        // and boxes the search gave up before were never explained.
        if (i < new_game)
          d.reason = DropReason::cancelled_game;
        else if (c.kind == EvidenceKind::crossed_out)
          d.reason = DropReason::crossed_out;
        else if (c.no_move)  // so a person's answer says
          d.reason = DropReason::not_played;
        else if (i > last_used && blank)
          d.reason = DropReason::unrecorded_after;
        else if (i > last_used && (gave_up || !sheet.cells[static_cast<std::size_t>(i)].any_parsed))
          d.reason = DropReason::not_reached;
        else
          d.reason = DropReason::not_played;
        r.dropped.push_back(std::move(d));
      }
    }
  }

  // Every answer the game found does not keep, or that a first search did
  // not keep and was set aside (reconstruct_game()), as a problem: the
  // answers and the rest of the sheets cannot all hold (or the search lost
  // the game that keeps them), and the person must look at them again.
  void kept_answers(Reconstruction& r) const {
    for (std::size_t j = 0; j < sheets_.size(); ++j) {
      const PreparedSheet& sheet = sheets_[j];
      for (int i = 0; i < sheet.size(); ++i) {
        const EvidenceCell& c = sheet.cell(i);
        if (!c.certain && c.set_aside.empty()) continue;
        const int at = used_[j][static_cast<std::size_t>(i)];
        Message m;
        Severity severity = Severity::error;
        int named_ply = 0;
        bool unkept = false;
        if (!c.certain) {  // an answer set aside: the box read as written
          const auto [other_sheet, other] = contradicted_by(j, c);
          if (other) {
            m = Message("reconstruct.answer.set_aside_contradicts")
                    .with("answer", c.set_aside)
                    .with("other", other->set_aside)
                    .with("sheet", static_cast<int>(other_sheet) + 1)
                    .with("over", at < 0 ? "yes" : "no");
            if (at >= 0) {
              m.with("san", r.plies[static_cast<std::size_t>(at)].san);
              named_ply = r.plies[static_cast<std::size_t>(at)].ply;
            }
          } else if (at < 0) {
            m = Message("reconstruct.answer.set_aside_over").with("answer", c.set_aside);
          } else {
            m = Message("reconstruct.answer.set_aside")
                    .with("answer", c.set_aside)
                    .with("san", r.plies[static_cast<std::size_t>(at)].san);
            named_ply = r.plies[static_cast<std::size_t>(at)].ply;
          }
        } else if (c.no_move) {
          if (at < 0) {
            // Passed over, as the answer says; but a game that plays the
            // very move the box spells in its place, without a box, has
            // only renamed the box.
            int k = 0;  // the ply after the boxes before this one
            for (int before = 0; before < i; ++before)
              if (used_[j][static_cast<std::size_t>(before)] >= 0)
                k = used_[j][static_cast<std::size_t>(before)] + 1;
            const auto ply = static_cast<std::size_t>(k);
            if (ply >= r.plies.size()) continue;
            const ReconstructedPly& p = r.plies[ply];
            const bool no_box = std::any_of(p.evidence.begin(), p.evidence.end(), [&](const PlyEvidence& e) {
              return e.sheet == static_cast<int>(j) && e.cell < 0;
            });
            if (!no_box || !written_spelling(c, position_before(ply), p.move, sheet.language, sheet.costs))
              continue;
            severity = Severity::warning;
            m = Message("reconstruct.answer.played_unwritten").with("written", c.text).with("san", p.san);
            named_ply = p.ply;
          } else {
            m = Message("reconstruct.answer.played").with("san", r.plies[static_cast<std::size_t>(at)].san);
            named_ply = r.plies[static_cast<std::size_t>(at)].ply;
            unkept = true;
          }
        } else if (at < 0) {
          m = Message("reconstruct.answer.passed_over").with("answer", c.readings.front());
          unkept = true;
        } else {
          const ReconstructedPly& p = r.plies[static_cast<std::size_t>(at)];
          const Position before = position_before(static_cast<std::size_t>(at));
          if (price_certain_cell(sheet.cells[static_cast<std::size_t>(i)], before, p.move, sheet.language,
                                 sheet.costs)
                  .cost >= breaks_answer) {
            m = Message("reconstruct.answer.not_kept").with("answer", c.readings.front()).with("san", p.san);
            named_ply = p.ply;
            unkept = true;
          } else if (c.ply > 0 && p.ply != c.ply) {
            // Kept, but as another ply than its box names: the boxes around
            // it have moved with it. On a sheet one box late that is the
            // sheet; else it is the answer that moved them.
            severity = Severity::warning;
            const SheetBox played = ply_box(p.ply);
            m = Message("reconstruct.answer.moved")
                    .with("answer", c.readings.front())
                    .with("played", Message("reconstruct.move_number")
                                        .with("move", played.move)
                                        .with("black", played.black ? "yes" : "no"));
          } else {
            continue;
          }
        }
        r.problems.push_back(SheetProblem{
            static_cast<int>(j), c.answer_where,
            std::move(
                m.with("where", where_message(static_cast<int>(j), c.where, box_of(c), sheets_.size()))),
            severity, named_ply, unkept});
      }
    }
  }

  // Another copy's answer to the same box (number and column), set aside
  // with `c`'s (two answers that contradict: reconstruct_game()).
  std::pair<std::size_t, const EvidenceCell*> contradicted_by(std::size_t j, const EvidenceCell& c) const {
    if (c.box.move <= 0) return {0, nullptr};
    for (std::size_t k = 0; k < sheets_.size(); ++k) {
      if (k == j) continue;
      for (int i = 0; i < sheets_[k].size(); ++i) {
        const EvidenceCell& o = sheets_[k].cell(i);
        if (!o.certain && !o.set_aside.empty() && o.box.move == c.box.move && o.box.black == c.box.black &&
            o.box.extra == c.box.extra)
          return {k, &o};
      }
    }
    return {0, nullptr};
  }

  const std::vector<PreparedSheet>& sheets_;
  const search::Output& out_;
  const Position& start_;
  const ReconstructOptions& options_;
  std::vector<int> path_;
  std::vector<std::vector<int>> used_;  // per sheet, per box: the path index that used it, or -1
};

const char* result_of_end(GameEnd end, Color loser_to_move) {
  if (end == GameEnd::checkmate) return loser_to_move == Color::white ? "0-1" : "1-0";
  if (end == GameEnd::none) return nullptr;
  return "1/2-1/2";
}

// What one reconstruction works with: the sheets as taken (at most two,
// boxes capped), the costs, what it may spend.
struct Run {
  const ReconstructOptions& options;
  const SlipCosts& costs;
  search::Budget budget;
  std::vector<EvidenceSheet> input;
  // The width of the search that gave the game, when a wider one found no
  // cheaper game (search_widening()'s `paid`); 0: none was tried or it did.
  int paid_width = 0;
  // The widths of the search that gave the game (search_widening()'s `stood`).
  Stood stood;
};

// The sheets taken (at most two, each of at most max_boxes boxes) and the
// start position (the first sheet's FEN header); false when there is none.
bool take_sheets(const std::vector<EvidenceSheet>& sheets, Run& run, Reconstruction& r) {
  const auto taken = std::min(sheets.size(), static_cast<std::size_t>(search::max_sheets));
  run.input.assign(sheets.begin(), sheets.begin() + static_cast<std::ptrdiff_t>(taken));
  if (sheets.size() > static_cast<std::size_t>(search::max_sheets))
    r.notes.push_back(
        Message("reconstruct.note.too_many_sheets").with("count", static_cast<int>(sheets.size())));
  if (run.input.empty()) {
    r.notes.push_back(Message("reconstruct.note.no_sheets"));
    return false;
  }
  // Boxes are counted in 16 bits in the search; no real sheet comes near.
  for (std::size_t j = 0; j < run.input.size(); ++j) {
    if (run.input[j].cells.size() > static_cast<std::size_t>(max_boxes)) {
      r.notes.push_back(Message("reconstruct.note.too_many_boxes")
                            .with("sheet", static_cast<int>(j) + 1)
                            .with("count", static_cast<std::int64_t>(run.input[j].cells.size()))
                            .with("used", max_boxes));
      run.input[j].cells.resize(static_cast<std::size_t>(max_boxes));
    }
  }
  r.start = Position::start();
  if (!run.input[0].start_fen.empty()) {
    if (auto fen = read_fen(run.input[0].start_fen, run.input[0].chess960))
      r.start = *fen.position;
    else
      r.notes.push_back(Message("reconstruct.note.bad_fen").with("fen", run.input[0].start_fen));
  }
  return true;
}

// A language to try on a sheet: the first of a group that reads it alike.
struct Trial {
  int language;
  std::vector<int> group;
  int score;
};

// The languages worth a search on `sheet`: those that read the most boxes
// as moves (within two), one per group that reads every box alike, the
// header's language and the preferred ones first; at most four.
std::vector<Trial> language_trials(const EvidenceSheet& sheet) {
  const notation::LetterTable& letters = notation::LetterTable::instance();
  std::vector<LanguageReading> readings;
  for (int lang = 0; lang < letters.language_count(); ++lang) readings.push_back(read_in(sheet, lang));
  int most = 0;
  for (const LanguageReading& lr : readings) most = std::max(most, lr.parsed - lr.foreign);
  const int hint = sheet.header_language.empty() ? -1 : letters.language_index(sheet.header_language);
  std::map<std::uint64_t, std::vector<int>> groups;
  for (const LanguageReading& lr : readings)
    if (lr.parsed - lr.foreign >= most - 2) groups[lr.fingerprint].push_back(lr.language);
  std::vector<Trial> trials;
  for (auto& [fingerprint, group] : groups) {
    std::stable_sort(group.begin(), group.end(), [&](int a, int b) {
      if ((a == hint) != (b == hint)) return a == hint;
      return preference_rank(a) < preference_rank(b);
    });
    const LanguageReading& lr = readings[static_cast<std::size_t>(group.front())];
    trials.push_back(Trial{group.front(), group, lr.parsed - lr.foreign});
  }
  std::stable_sort(trials.begin(), trials.end(), [&](const Trial& a, const Trial& b) {
    if (a.score != b.score) return a.score > b.score;
    const bool ha = std::find(a.group.begin(), a.group.end(), hint) != a.group.end();
    const bool hb = std::find(b.group.begin(), b.group.end(), hint) != b.group.end();
    if (ha != hb) return ha;
    return preference_rank(a.language) < preference_rank(b.language);
  });
  if (trials.size() > 4) trials.resize(4);
  return trials;
}

// The notation language of sheet j: --lang, its Notation header, or the
// language whose search gives the cheapest game (that search is kept in
// `single_run`: for one sheet it is the game's first search).
SheetLanguage choose_language(std::size_t j, Run& run, Reconstruction& r, search::Output& single_run) {
  const EvidenceSheet& sheet = run.input[j];
  const notation::LetterTable& letters = notation::LetterTable::instance();
  SheetLanguage choice;
  if (run.options.language >= 0) {
    choice.language = run.options.language;
    choice.given = true;
  } else if (!sheet.language.empty()) {
    choice.language = letters.language_index(sheet.language);
    choice.given = choice.language >= 0;
    if (!choice.given) {
      choice.requested = sheet.language;
      r.notes.push_back(Message("reconstruct.note.unknown_language")
                            .with("sheet", static_cast<int>(j) + 1)
                            .with("language", sheet.language));
    }
  }
  if (choice.given) return choice;
  // Try the languages that read the sheet differently; the cheapest game
  // wins. The language of the sheet's header words ("Tävling", "Vit") is
  // its writer's: its reading is let off one letter that clashes with it
  // (an English 'Bd3' on a German sheet, where B is a pawn), and it wins a
  // tie (sheets-dev case-004: Swedish and German, which read its boxes
  // alike but for one 'B', gave the same game, and German was named).
  const std::vector<Trial> trials = language_trials(sheet);
  const int hint = sheet.header_language.empty() ? -1 : letters.language_index(sheet.header_language);
  const float header_prior = run.costs.foreign_letter_clash;
  float best = std::numeric_limits<float>::max();
  std::vector<std::pair<int, float>> tried;
  for (const Trial& t : trials) {
    std::vector<PreparedSheet> one{search::prepare_sheet(sheet, t.language, run.costs)};
    search::Output out = search::run(one, r.start, run.options, run.costs, run.budget);
    const bool header = std::find(t.group.begin(), t.group.end(), hint) != t.group.end();
    const float cost = finished_cost(out) - (header ? header_prior : 0.0f);
    r.stats.runs++;
    tried.emplace_back(t.language, cost);
    if (cost < best || (cost == best && header)) {
      best = cost;
      choice.language = t.language;  // the header's language leads its group
      choice.also_fit.assign(t.group.begin() + 1, t.group.end());
      single_run = std::move(out);
    }
  }
  for (const auto& [lang, cost] : tried)
    if (lang != choice.language && cost <= best + run.options.uncertain_margin) {
      for (const Trial& t : trials)
        if (t.language == lang) choice.also_fit.insert(choice.also_fit.end(), t.group.begin(), t.group.end());
    }
  if (choice.language < 0) choice.language = notation::LetterTable::english;
  return choice;
}

// With two sheets, each sheet's own game priced on both (try_single_games()).
search::Output single_games_too(const std::vector<PreparedSheet>& prepared, Run& run, Reconstruction& r,
                                search::Output out) {
  if (prepared.size() > 1)
    out =
        try_single_games(prepared, r.start, run.options, run.costs, run.budget, std::move(out), r.stats.runs);
  return out;
}

// The search for the game, widened while that pays, and with two sheets
// each sheet's own game priced on both.
search::Output search_game(const std::vector<PreparedSheet>& prepared, Run& run, Reconstruction& r,
                           search::Output out) {
  out = search_widening(prepared, r.start, run.options, run.costs, run.budget, std::move(out), r.stats.runs,
                        &run.paid_width, &run.stood);
  return single_games_too(prepared, run, r, std::move(out));
}

// The same sheets searched again with other prices (the writers weighed,
// their letter habits): the first search as wide as the one whose game
// stood, at the plies where it was wide, and widened from there no wider
// than the first searches found worth it. Where a wider beam found no
// cheaper game, the prices moved a little are not expected to change that
// (HCS 092_0 searched again at 16,384 for 0.7 s and found the game of
// 4,096); and a sheet that needed a wide beam needs it again (HCS 060_0,
// searched again with its writer's letter habits from 256, spent 2.5 M of
// its 16.5 M moves priced on two narrower searches before the one of 4,096
// that gave its game).
search::Output search_again(const std::vector<PreparedSheet>& prepared, Run& run, Reconstruction& r) {
  ReconstructOptions options = run.options;
  if (run.paid_width > 0) options.max_beam_width = std::min(options.max_beam_width, run.paid_width);
  search::Output out;
  if (run.stood.width > options.beam_width) {
    options.beam_width = std::min(run.stood.width, options.max_beam_width);
    out = search::run(prepared, r.start, options, run.costs, run.budget, run.stood.widths);
  } else {
    out = search::run(prepared, r.start, options, run.costs, run.budget);
  }
  r.stats.runs++;
  out = search_widening(prepared, r.start, options, run.costs, run.budget, std::move(out), r.stats.runs);
  return single_games_too(prepared, run, r, std::move(out));
}

// The departures the writers' weights are learned from: those of the game
// found first (`counts`), or, when boxes are answered, those of the game
// the sheets give without the answers. An answer says what one box is, not
// how carefully either sheet was kept; weights learned from another game
// would move plies no answer touches (a confirmed 23...Qc6 turned an
// unasked 20.Nh4 into Nd4 on two copies), and a rerun with answers is to
// change only what they imply. Costs one more search, only then.
std::vector<search::Departures> departures_to_weigh(const std::vector<PreparedSheet>& prepared, Run& run,
                                                    Reconstruction& r,
                                                    std::vector<search::Departures> counts) {
  const bool answered = std::any_of(run.input.begin(), run.input.end(), [](const EvidenceSheet& s) {
    return std::any_of(s.cells.begin(), s.cells.end(), [](const EvidenceCell& c) { return c.certain; });
  });
  if (!answered || !run.budget.left()) return counts;
  std::vector<EvidenceSheet> plain = run.input;
  for (EvidenceSheet& sheet : plain)
    for (EvidenceCell& c : sheet.cells) set_answer_aside(c);
  std::vector<PreparedSheet> sheets;
  for (std::size_t j = 0; j < plain.size(); ++j)
    sheets.push_back(search::prepare_sheet(plain[j], prepared[j].language, run.costs));
  // Searched as the run without answers searches it; only the budget spent
  // is the run's own.
  Run shadow{run.options, run.costs, run.budget, {}, 0, {}};
  search::Output out = search::run(sheets, r.start, run.options, run.costs, shadow.budget);
  r.stats.runs++;
  out = search_game(sheets, shadow, r, std::move(out));
  run.budget = shadow.budget;
  if (no_whole_game(out)) return counts;
  return search::count_departures(sheets, out, out.finished.front().node, r.start);
}

// The game. Two writers: each one's departures are weighed by how often
// the game both give departs from that sheet, and the game is searched
// again with those weights. Fills r.care.
search::Output search_with_writer_weights(std::vector<PreparedSheet>& prepared, Run& run, Reconstruction& r,
                                          search::Output first) {
  if (run.options.slip_weights.size() == prepared.size())
    for (std::size_t j = 0; j < prepared.size(); ++j) prepared[j].weight = run.options.slip_weights[j];
  search::Output out;
  if (first.finished.empty()) {
    first = search::run(prepared, r.start, run.options, run.costs, run.budget);
    r.stats.runs++;
  }
  out = search_game(prepared, run, r, std::move(first));
  std::vector<search::Departures> counts =
      search::count_departures(prepared, out, out.finished.front().node, r.start);
  if (prepared.size() > 1 && run.options.slip_weights.empty() && !out.finished.front().forced) {
    const std::vector<search::Departures> learned = departures_to_weigh(prepared, run, r, counts);
    bool differ = false;
    for (std::size_t j = 0; j < prepared.size(); ++j) {
      prepared[j].weight = search::writer_weight(learned[j]);
      differ |= std::abs(prepared[j].weight - 1.0f) > 0.02f;
    }
    search::Output again;
    if (differ) {
      again = search_again(prepared, run, r);
    }
    if (!differ || (search::cut_short(again.stats) && !search::cut_short(out.stats))) {
      // Alike, or the second search was cut short: the game found with
      // equal weights stands.
      for (PreparedSheet& p : prepared) p.weight = 1.0f;
    } else {
      out = std::move(again);
      counts = search::count_departures(prepared, out, out.finished.front().node, r.start);
    }
  }
  for (std::size_t j = 0; j < prepared.size(); ++j) {
    r.care.push_back(SheetCare{counts[j].boxes, counts[j].departures, prepared[j].weight});
    // Two copies of one game agree on most boxes, however carelessly kept;
    // a copy the game both give departs from in most of its boxes is likely
    // of another game (another board, another round).
    constexpr int few_boxes = 12;
    if (prepared.size() > 1 && counts[j].boxes >= few_boxes && 2 * counts[j].departures > counts[j].boxes)
      r.notes.push_back(Message("reconstruct.note.different_games")
                            .with("sheet", static_cast<int>(j) + 1)
                            .with("departures", counts[j].departures)
                            .with("boxes", counts[j].boxes));
  }
  return out;
}

// The game again where a sheet shows its writer's own letter confusions
// (K written for R again and again: letter_habits()), that sheet's boxes
// priced with them made cheaper. The game found first stands when no
// sheet shows one, or when the second search was cut short and the first
// was not.
search::Output search_with_letter_habits(std::vector<PreparedSheet>& prepared, Run& run, Reconstruction& r,
                                         search::Output out) {
  if (no_whole_game(out) || !run.budget.left()) return out;
  const int node = out.finished.front().node;
  std::vector<search::LetterHabits> habits_of;
  bool any = false;
  for (std::size_t j = 0; j < prepared.size(); ++j) {
    habits_of.push_back(search::letter_habits(prepared[j], j, out, node, r.start, run.costs));
    any |= !habits_of.back().found.empty();
  }
  if (!any) return out;
  // The sheets as they were, should the game found first stand.
  std::vector<PreparedSheet> before = prepared;
  for (std::size_t j = 0; j < prepared.size(); ++j) {
    const search::LetterHabits& habits = habits_of[j];
    if (habits.found.empty()) continue;
    const float weight = prepared[j].weight;
    prepared[j] = search::prepare_sheet(run.input[j], prepared[j].language, habits.costs);
    prepared[j].weight = weight;
  }
  search::Output again = search_again(prepared, run, r);
  if (again.finished.empty() || (search::cut_short(again.stats) && !search::cut_short(out.stats))) {
    prepared = std::move(before);
    return out;
  }
  // Said with the numbers of the game given: the boxes of the meant
  // piece's moves, and how many of them have the letter written for it
  // (the game found first read some of those boxes otherwise).
  const int found = again.finished.front().node;
  for (std::size_t j = 0; j < prepared.size(); ++j)
    for (const search::LetterHabit& h : habits_of[j].found) {
      const search::LetterUse use =
          search::letter_use(prepared[j], j, again, found, r.start, h.written, h.meant);
      if (use.count == 0) continue;  // the game given reads none of them so
      r.notes.push_back(Message("reconstruct.note.letter_habit")
                            .with("sheet", static_cast<int>(j) + 1)
                            .with("written", std::string(1, h.written))
                            .with("meant", std::string(1, h.meant))
                            .with("count", use.count)
                            .with("boxes", use.boxes)
                            .with("all", use.count == use.boxes ? "yes" : "no"));
    }
  return again;
}

// The tags, the result (written, or from the final position) and the notes
// on limits and languages.
void settle_result(const Run& run, Reconstruction& r) {
  r.tags = merged_tags(run.input, r);
  for (const EvidenceSheet& sheet : run.input) {
    const std::string result = tag_value(sheet, "Result");
    if (!result.empty() && result != "*") {
      r.written_result = result;
      break;
    }
  }
  Position final_position = r.start;
  for (const ReconstructedPly& p : r.plies) final_position.play(p.move);
  const char* by_position = result_of_end(r.by_position, final_position.side_to_move());
  if (by_position && r.written_result != "*" && r.written_result != by_position &&
      (r.by_position == GameEnd::checkmate || r.by_position == GameEnd::stalemate))
    r.notes.push_back(Message("reconstruct.note.result_contradicts")
                          .with("written", r.written_result)
                          .with("end", std::string(to_string(r.by_position))));
  std::string result = r.written_result;
  if (result == "*" && by_position && r.complete) {
    result = by_position;
    r.notes.push_back(Message("reconstruct.note.result_from_position").with("result", result));
  }
  auto result_tag =
      std::find_if(r.tags.begin(), r.tags.end(), [](const Tag& t) { return t.name == "Result"; });
  if (result_tag == r.tags.end())
    r.tags.push_back(Tag{"Result", result});
  else
    result_tag->value = result;

  if (r.stats.beam_full)
    r.notes.push_back(Message("reconstruct.note.beam_full").with("ply", r.stats.beam_full_ply));
  if (r.stats.work_limit)
    r.notes.push_back(Message("reconstruct.note.work_limit").with("moves", run.options.work_limit));
  if (r.stats.time_limit)
    r.notes.push_back(Message("reconstruct.note.time_limit")
                          .with("milliseconds", static_cast<std::int64_t>(run.options.time_limit.count())));
  if (r.stats.wider_skipped) r.notes.push_back(Message("reconstruct.note.wider_skipped"));
  if (r.stats.ply_limit) r.notes.push_back(Message("reconstruct.note.ply_limit"));
  const notation::LetterTable& letters = notation::LetterTable::instance();
  for (std::size_t j = 0; j < r.languages.size(); ++j) {
    const SheetLanguage& l = r.languages[j];
    if (!l.given)
      r.notes.push_back(
          Message("reconstruct.note.language_decided")
              .with("sheet", static_cast<int>(j) + 1)
              .with("language", Message("language_name").with("code", letters.language(l.language).code))
              .with("others", static_cast<int>(l.also_fit.size())));
  }
}

}  // namespace

namespace {

Reconstruction reconstruct_once(const std::vector<EvidenceSheet>& sheets, const ReconstructOptions& options) {
  Reconstruction r;
  const auto began = std::chrono::steady_clock::now();
  Run run{options,
          options.costs ? *options.costs : SlipCosts::measured(),
          search::Budget{.work_limit = options.work_limit, .deadline = began + options.time_limit},
          {},
          0,
          {}};
  if (!take_sheets(sheets, run, r)) return r;
  for (std::size_t j = 0; j < run.input.size(); ++j)
    for (SheetProblem p : run.input[j].problems) {
      p.sheet = static_cast<int>(j);
      r.problems.push_back(std::move(p));
    }

  std::vector<PreparedSheet> prepared;
  std::vector<search::Output> single_runs(run.input.size());
  for (std::size_t j = 0; j < run.input.size(); ++j) {
    r.languages.push_back(choose_language(j, run, r, single_runs[j]));
    prepared.push_back(search::prepare_sheet(run.input[j], r.languages.back().language, run.costs));
  }
  search::Output first = run.input.size() == 1 ? std::move(single_runs[0]) : search::Output{};
  const search::Output out = search_with_letter_habits(
      prepared, run, r, search_with_writer_weights(prepared, run, r, std::move(first)));

  const int runs = r.stats.runs;
  r.stats = out.stats;
  r.stats.runs = std::max(runs, 1);
  // Any search cut short makes the game the best found so far, even when
  // the game comes from one that was not (a wider search given up on).
  r.stats.work_limit = run.budget.work_cut;
  r.stats.time_limit = run.budget.time_cut;
  r.stats.wider_skipped = run.budget.wider_skipped;
  r.stats.work = run.budget.work;
  r.stats.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
  ReportBuilder(prepared, out, r.start, options).build(r);
  settle_result(run, r);
  return r;
}

}  // namespace

namespace {

// Each answered box the game plays, by its ply (0-based index), in game order.
struct PlayedAnswer {
  std::size_t ply;
  int sheet;
  int cell;
};
std::vector<PlayedAnswer> played_answers(const std::vector<EvidenceSheet>& sheets, const Reconstruction& r) {
  std::vector<PlayedAnswer> out;
  for (std::size_t k = 0; k < r.plies.size(); ++k)
    for (const PlyEvidence& e : r.plies[k].evidence) {
      if (e.cell < 0 || e.sheet < 0 || static_cast<std::size_t>(e.sheet) >= sheets.size()) continue;
      const auto& cells = sheets[static_cast<std::size_t>(e.sheet)].cells;
      if (static_cast<std::size_t>(e.cell) < cells.size() &&
          cells[static_cast<std::size_t>(e.cell)].certain && !cells[static_cast<std::size_t>(e.cell)].no_move)
        out.push_back({k, e.sheet, e.cell});
    }
  return out;
}

// An answer that reads its box otherwise than it is written (a slip
// `answered`), not one that confirms what the writer wrote.
bool corrects(const Reconstruction& r, const PlayedAnswer& a) {
  for (const PlyEvidence& e : r.plies[a.ply].evidence)
    if (e.sheet == a.sheet && e.cell == a.cell)
      return std::any_of(e.slips.begin(), e.slips.end(),
                         [](const Slip& s) { return s.kind == SlipKind::answered; });
  return false;
}

bool answered(const std::vector<EvidenceSheet>& sheets, const ReconstructedPly& p) {
  return std::any_of(p.evidence.begin(), p.evidence.end(), [&](const PlyEvidence& e) {
    return e.cell >= 0 && static_cast<std::size_t>(e.sheet) < sheets.size() &&
           sheets[static_cast<std::size_t>(e.sheet)].cells[static_cast<std::size_t>(e.cell)].certain;
  });
}

void add_stats(Reconstruction& to, const Reconstruction& from) {
  to.stats.milliseconds += from.stats.milliseconds;
  to.stats.work += from.stats.work;
  to.stats.runs += from.stats.runs;
}

// The ply (0-based) that plays box `cell` of sheet `sheet`, or -1.
long ply_of_box(const Reconstruction& r, int sheet, int cell) {
  for (std::size_t k = 0; k < r.plies.size(); ++k)
    for (const PlyEvidence& e : r.plies[k].evidence)
      if (e.sheet == sheet && e.cell == cell) return static_cast<long>(k);
  return -1;
}

// Sets aside the answers `unkept` names; false when there are none.
bool set_unkept_aside(std::vector<EvidenceSheet>& sheets, const Reconstruction& r) {
  bool any = false;
  for (const SheetProblem& p : r.problems) {
    if (!p.unkept || p.sheet < 0 || static_cast<std::size_t>(p.sheet) >= sheets.size()) continue;
    for (EvidenceCell& c : sheets[static_cast<std::size_t>(p.sheet)].cells)
      if (c.certain && c.answer_where == p.where) {
        set_answer_aside(c);
        any = true;
      }
  }
  return any;
}

// What the answers cost the game: how much less likely the sheets as
// written (every answer set aside) make the game found with the answers
// than the game found without them, in nats, and that game. The game
// without them comes from a first search (no widening): it may be dearer
// than the best, so the figure errs low.
struct AnswersPrice {
  float nats = 0.0f;
  Reconstruction without;
};
std::optional<AnswersPrice> price_of_answers(const std::vector<EvidenceSheet>& sheets,
                                             const ReconstructOptions& options, Reconstruction& r) {
  std::vector<EvidenceSheet> plain = sheets;
  for (EvidenceSheet& s : plain)
    for (EvidenceCell& c : s.cells) {
      set_answer_aside(c);
      c.set_aside.clear();
    }
  ReconstructOptions first = options;
  first.widen = false;
  first.line.clear();
  first.watch.clear();
  Reconstruction without = reconstruct_once(plain, first);
  ReconstructOptions priced = first;
  for (const ReconstructedPly& p : r.plies) priced.line.push_back(p.move);
  const Reconstruction as_written = reconstruct_once(plain, priced);
  add_stats(r, without);
  add_stats(r, as_written);
  if (!without.complete || !as_written.complete || as_written.plies.size() != r.plies.size())
    return std::nullopt;
  return AnswersPrice{as_written.cost - without.cost, std::move(without)};
}

// Two copies' answers to the same box (its number and column) that the game
// found plays as two plies: answers that contradict each other. Each is
// set aside (the report says so: `.set_aside_contradicts`); false: none.
bool set_contradicting_aside(std::vector<EvidenceSheet>& sheets, const Reconstruction& r) {
  const std::vector<PlayedAnswer> played = played_answers(sheets, r);
  bool any = false;
  for (const PlayedAnswer& a : played)
    for (const PlayedAnswer& b : played) {
      if (a.sheet >= b.sheet || a.ply == b.ply) continue;
      const EvidenceCell& ca =
          sheets[static_cast<std::size_t>(a.sheet)].cells[static_cast<std::size_t>(a.cell)];
      const EvidenceCell& cb =
          sheets[static_cast<std::size_t>(b.sheet)].cells[static_cast<std::size_t>(b.cell)];
      if (ca.box.move <= 0 || ca.box.move != cb.box.move || ca.box.black != cb.box.black ||
          ca.box.extra != cb.box.extra)
        continue;
      set_answer_aside(sheets[static_cast<std::size_t>(a.sheet)].cells[static_cast<std::size_t>(a.cell)]);
      set_answer_aside(sheets[static_cast<std::size_t>(b.sheet)].cells[static_cast<std::size_t>(b.cell)]);
      any = true;
    }
  return any;
}

// A warning for each answer kept only by reading boxes before it otherwise
// than the game without the answers reads them (`.bends`), when the sheets
// as written make the game with the answers far less likely
// (ReconstructOptions::bend_margin): an answer in the wrong box
// (`{=O-O}` for Black after the sheet has Black castle) is kept by reading
// the castling box as another move. An answer that changes only its own
// box and what follows from it is what it implies, and says nothing.
// An answer kept as another ply than its box names, where the game without
// the answers reads that box as the same ply: the sheet is a box early or
// late there (a box passed over, a move forgotten), and the answer moved
// nothing. `.moved` is for answers that move the boxes around them.
void drop_unmoved(const std::vector<EvidenceSheet>& sheets, const AnswersPrice& price, Reconstruction& r) {
  std::erase_if(r.problems, [&](const SheetProblem& p) {
    if (p.message.key != "reconstruct.answer.moved" || p.sheet < 0 ||
        static_cast<std::size_t>(p.sheet) >= sheets.size())
      return false;
    const auto& cells = sheets[static_cast<std::size_t>(p.sheet)].cells;
    const auto c = std::find_if(cells.begin(), cells.end(), [&](const EvidenceCell& e) {
      return e.certain && e.answer_where == p.where;
    });
    if (c == cells.end()) return false;
    const int cell = static_cast<int>(c - cells.begin());
    const long at = ply_of_box(r, p.sheet, cell);
    return at >= 0 && at == ply_of_box(price.without, p.sheet, cell);
  });
}

void bent_answers(const std::vector<EvidenceSheet>& sheets, const AnswersPrice& price, Reconstruction& r) {
  const std::vector<ReconstructedPly>& plain = price.without.plies;
  std::size_t after = 0;  // the first ply the answer may be blamed for
  for (const PlayedAnswer& a : played_answers(sheets, r)) {
    const std::size_t from = after;
    after = a.ply + 1;
    if (a.ply < plain.size() && plain[a.ply].move == r.plies[a.ply].move) continue;  // kept anyway
    if (!corrects(r, a)) continue;                                                   // the writer wrote it so
    std::vector<std::size_t> bent;
    for (std::size_t k = from; k < a.ply; ++k)
      if ((k >= plain.size() || plain[k].move != r.plies[k].move) && !answered(sheets, r.plies[k]))
        bent.push_back(k);
    if (bent.empty()) continue;
    const ReconstructedPly& first = r.plies[bent.front()];
    const auto box = std::find_if(first.evidence.begin(), first.evidence.end(),
                                  [](const PlyEvidence& e) { return e.cell >= 0; });
    Message m(box == first.evidence.end() ? "reconstruct.answer.bends_inserted" : "reconstruct.answer.bends");
    const EvidenceCell& c = sheets[static_cast<std::size_t>(a.sheet)].cells[static_cast<std::size_t>(a.cell)];
    m.with("where", where_message(a.sheet, c.where, c.box, sheets.size()))
        .with("answer", c.readings.front())
        .with("san", first.san)
        .with("others", static_cast<int>(bent.size()) - 1)
        .with("times", times_less_likely(price.nats));
    if (box != first.evidence.end())
      m.with("box", where_message(box->sheet, box->where, box->box, sheets.size()))
          .with("written", box->text);
    r.problems.push_back(
        SheetProblem{a.sheet, c.answer_where, std::move(m), Severity::warning, first.ply, false});
  }
}

// A rerun with an answer that corrects its box, searched again as wide as
// ReconstructOptions::answered_beam_width says: the cheaper game stands.
// Not for a quick answer (`widen` false), nor when the wider search was cut
// short.
void search_answered_wider(const std::vector<EvidenceSheet>& sheets, const ReconstructOptions& options,
                           Reconstruction& r) {
  if (!options.widen || options.answered_beam_width <= options.beam_width || !r.complete) return;
  const std::vector<PlayedAnswer> played = played_answers(sheets, r);
  if (std::none_of(played.begin(), played.end(), [&](const PlayedAnswer& a) { return corrects(r, a); }))
    return;
  ReconstructOptions wider = options;
  wider.beam_width =
      std::min(options.answered_beam_width, std::max(options.max_beam_width, options.beam_width));
  Reconstruction w = reconstruct_once(sheets, wider);
  if (w.complete && !w.stats.work_limit && !w.stats.time_limit && w.cost < r.cost - 0.01f) {
    add_stats(w, r);
    r = std::move(w);
  } else {
    add_stats(r, w);
  }
}

}  // namespace

// An answer the game found does not keep is set aside, and the game found
// again without it: an answer no game keeps implies nothing, so the rest of
// the sheet is read as if it were not there (a first search bends the game
// around it: moves put in, boxes passed over). The report names it.
// Answers kept at a price the sheets as written do not bear are weighed
// against the game without them: two copies' answers to one box that the
// game plays as two plies are set aside the same way, and an answer kept
// only by reading the boxes before it otherwise is named. A rerun whose
// answers correct a box is searched wider too (search_answered_wider()).
Reconstruction reconstruct_game(const std::vector<EvidenceSheet>& sheets, const ReconstructOptions& options) {
  Reconstruction r = reconstruct_once(sheets, options);
  if (!options.line.empty()) return r;
  std::vector<EvidenceSheet> current = sheets;
  const auto again = [&] {
    Reconstruction next = reconstruct_once(current, options);
    add_stats(next, r);
    r = std::move(next);
  };
  if (set_unkept_aside(current, r)) again();
  search_answered_wider(current, options, r);
  // Answers that only confirm what is written, none kept elsewhere: nothing
  // to weigh.
  const std::vector<PlayedAnswer> played = played_answers(current, r);
  if (std::none_of(played.begin(), played.end(), [&](const PlayedAnswer& a) { return corrects(r, a); }) &&
      std::none_of(r.problems.begin(), r.problems.end(),
                   [](const SheetProblem& p) { return p.message.key == "reconstruct.answer.moved"; }))
    return r;
  std::optional<AnswersPrice> price = price_of_answers(current, options, r);
  if (!price) return r;
  if (price->nats > options.bend_margin && set_contradicting_aside(current, r)) {
    again();
    if (played_answers(current, r).empty()) return r;
    price = price_of_answers(current, options, r);
    if (!price) return r;
  }
  drop_unmoved(current, *price, r);
  if (price->nats > options.bend_margin) bent_answers(current, *price, r);
  return r;
}

}  // namespace notera::reconstruct
