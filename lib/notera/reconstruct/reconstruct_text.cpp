// Words for a reconstruction: the messages that explain each correction,
// and the game with those messages as PGN comments and the close
// alternatives as variations.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "notera/reconstruct/reconstruct.hpp"
#include "notera/scoresheet/sheet_game.hpp"

namespace notera::reconstruct {

Message& with_box(Message& m, const SheetBox& box) {
  return m.with("move", box.move)
      .with("black", box.move > 0 && box.black ? "yes" : "no")
      .with("extra", box.move > 0 && box.extra ? "yes" : "no");
}

// "line 20, column 5 (move 9)": the line and column (in characters) of the
// box in its .sheet file, and its number and column on the paper.
Message where_message(int sheet, const SourceLocation& where, const SheetBox& box, std::size_t sheet_count) {
  Message m("reconstruct.where");
  m.with("many", sheet_count > 1 ? "yes" : "no")
      .with("sheet", sheet + 1)
      .with("line", where.line)
      .with("column", where.column);
  return with_box(m, box);
}

std::int64_t times_less_likely(float nats) {
  return std::max<std::int64_t>(1, std::llround(std::exp(std::min(nats, 40.0f))));
}

namespace {

// All slips of a box as one message: "a; b; c".
Message reasons(const SlipList& slips, bool corrections_only) {
  Message combined;
  for (const Slip& s : slips) {
    if (corrections_only && !is_correction(s.kind)) continue;
    Message one = explain(s);
    if (combined.empty())
      combined = std::move(one);
    else
      combined =
          Message("reconstruct.reasons").with("first", std::move(combined)).with("next", std::move(one));
  }
  return combined;
}

// A variation of the PGN: another line from a ply, with how much less
// likely it is than the game.
game::Line variation(const std::vector<Move>& moves, float cost,
                     const std::function<std::string(const Message&)>& render) {
  game::Line line;
  line.comment_before = render(Message("reconstruct.variation").with("times", times_less_likely(cost)));
  for (Move m : moves) {
    game::GameMove gm;
    gm.move = m;
    line.moves.push_back(std::move(gm));
  }
  return line;
}

// An asked ply in the PGN: a comment that says which box to check and what
// else it may be, and the candidates that are not variations already.
void ask_notes(const Ask& q, const ReconstructedPly& p, std::size_t sheet_count,
               const std::function<std::string(const Message&)>& render, game::MoveNotes& notes) {
  std::string others;
  int count = 0;
  bool ends = false;  // the game over before the ply is one of them
  for (std::size_t c = 1; c < q.candidates.size(); ++c) {
    if (q.candidates[c].ends) {
      ends = true;
      continue;
    }
    others += (others.empty() ? "" : ", ") + q.candidates[c].san;
    ++count;
  }
  // A box with no move written ('-', empty) has nothing to check on the
  // paper: the question is which move was played there.
  const bool blank =
      q.sheet >= 0 && std::any_of(p.evidence.begin(), p.evidence.end(), [&](const PlyEvidence& e) {
        return e.sheet == q.sheet && e.cell >= 0 && e.status == PlyStatus::inserted;
      });
  // A box the game found passes over is asked whether it is the other
  // move (whether the game was over before it is no question there).
  Message m(q.passed_over ? std::string("reconstruct.ask_passed")
                          : std::string(q.sheet < 0 ? "reconstruct.ask_unwritten"
                                        : blank     ? "reconstruct.ask_blank"
                                                    : "reconstruct.ask") +
                                (ends ? "_end" : ""));
  m.with("san", p.san).with("alternatives", others).with("count", count);
  if (q.sheet >= 0)
    m.with("where", where_message(q.sheet, q.where, q.box, sheet_count)).with("written", q.written);
  notes.comments.push_back(render(m));
  for (std::size_t c = 1; c < q.candidates.size(); ++c) {
    const AskCandidate& a = q.candidates[c];
    const bool shown = std::any_of(p.alternatives.begin(), p.alternatives.end(),
                                   [&](const PlyAlternative& x) { return x.move == a.move; });
    if (shown || a.line.empty()) continue;
    notes.variations.push_back(variation(a.line, a.cost, render));
  }
}

// An entry after the game found's last ply (a box it passes over that a
// game close behind reads as a move, or reads after a move no box has): a
// comment after the last move. The second names the first box passed over
// after the end.
void after_end_notes(const Reconstruction& r, std::size_t sheet_count,
                     const std::function<std::string(const Message&)>& render, game::MoveNotes& notes) {
  const int end = static_cast<int>(r.plies.size());
  const auto after_end = std::find_if(r.dropped.begin(), r.dropped.end(),
                                      [end](const DroppedCell& d) { return d.after_ply == end; });
  for (const Ask& q : r.ask) {
    if (q.ply != end + 1 || (q.sheet < 0 && after_end == r.dropped.end())) continue;
    std::string others;
    int count = 0;
    for (const AskCandidate& c : q.candidates)
      if (!c.ends) {
        others += (others.empty() ? "" : ", ") + c.san;
        ++count;
      }
    Message m(q.sheet >= 0 ? "reconstruct.ask_after_end" : "reconstruct.ask_after_end_unwritten");
    if (q.sheet >= 0)
      m.with("where", where_message(q.sheet, q.where, q.box, sheet_count)).with("written", q.written);
    else
      m.with("where", where_message(after_end->sheet, after_end->where, after_end->box, sheet_count))
          .with("written", after_end->text);
    notes.comments.push_back(render(m.with("alternatives", others).with("count", count)));
  }
}

}  // namespace

Message explain(const Slip& slip) {
  // A pawn has no letter: the piece taken is then named by the message.
  const bool pawn_taken = slip.kind == SlipKind::captured_piece && slip.meant.empty();
  return Message("reconstruct.slip." + std::string(to_string(slip.kind)))
      .with("written", slip.written)
      .with("meant", pawn_taken ? std::string("pawn") : slip.meant);
}

Message explain(const Reconstruction& r, const ReconstructedPly& ply, const PlyEvidence& e,
                std::size_t sheet_count) {
  if (e.cell < 0) {
    // Where to look on the paper: the box written after it (its own move's
    // box holds the move after it, or the row is missing).
    for (std::size_t k = static_cast<std::size_t>(std::max(ply.ply, 0)); k < r.plies.size(); ++k)
      for (const PlyEvidence& later : r.plies[k].evidence)
        if (later.sheet == e.sheet && later.cell >= 0)
          return Message("reconstruct.not_written_before")
              .with("where", where_message(e.sheet, later.where, later.box, sheet_count))
              .with("san", ply.san)
              .with("next", later.text);
    return Message("reconstruct.not_written")
        .with("many", sheet_count > 1 ? "yes" : "no")
        .with("sheet", e.sheet + 1)
        .with("san", ply.san);
  }
  Message where = where_message(e.sheet, e.where, e.box, sheet_count);
  switch (e.status) {
    case PlyStatus::inserted:
      return Message("reconstruct.unrecorded").with("where", std::move(where)).with("san", ply.san);
    case PlyStatus::corrected:
      return Message("reconstruct.corrected")
          .with("where", std::move(where))
          .with("written", e.text)
          .with("san", ply.san)
          .with("reason", reasons(e.slips, true));
    case PlyStatus::normalised:
      return Message("reconstruct.normalised")
          .with("where", std::move(where))
          .with("written", e.text)
          .with("san", ply.san)
          .with("reason", reasons(e.slips, false));
    case PlyStatus::exact:
    case PlyStatus::uncertain: break;
  }
  return Message("reconstruct.exact")
      .with("where", std::move(where))
      .with("written", e.text)
      .with("san", ply.san);
}

Message explain(const DroppedCell& d, std::size_t sheet_count) {
  // A '-' passed over is a box the writer left for no move: the moves
  // after it stand a box later than their numbers.
  const bool blank =
      d.reason == DropReason::not_played && d.text.find_first_not_of("-\u2013\u2014 ") == std::string::npos;
  return Message("reconstruct.dropped." + std::string(blank ? "blank_not_played" : to_string(d.reason)))
      .with("where", where_message(d.sheet, d.where, d.box, sheet_count))
      .with("text", d.text);
}

game::Game to_game(const Reconstruction& r, std::size_t sheet_count,
                   const std::function<std::string(const Message&)>& render) {
  game::Game g;
  g.tags = r.tags;
  g.start = r.start;
  g.custom_start = !(r.start == Position::start());
  std::string time_control;
  for (const Tag& t : r.tags) {
    if (t.name == "Result") g.result = t.value;
    if (t.name == "TimeControl") time_control = t.value;
  }

  // Before the first move: how the sheets were read.
  std::vector<std::string> intro;
  for (const Message& note : r.notes) intro.push_back(render(note));
  for (const HeaderDisagreement& d : r.disagreements) {
    Message m("reconstruct.header_disagreement");
    m.with("tag", Message("tag_name").with("tag", d.tag))
        .with("first", d.values.size() > 0 ? d.values[0] : "")
        .with("second", d.values.size() > 1 ? d.values[1] : "");
    intro.push_back(render(m));
  }

  std::vector<std::vector<std::string>> dropped_after(r.plies.size() + 1);
  for (std::size_t k = 0; k < r.dropped.size(); ++k) {
    const DroppedCell& d = r.dropped[k];
    if (d.reason == DropReason::cancelled_game) continue;  // the note on the new game lists them
    // Blank boxes after a mate or stalemate are rows the game did not need.
    if (d.reason == DropReason::unrecorded_after && r.by_position != GameEnd::none) continue;
    auto& comments =
        dropped_after[static_cast<std::size_t>(std::clamp(d.after_ply, 0, static_cast<int>(r.plies.size())))];
    // The rows of '-' a sheet ends with (time trouble, §8.4): one comment,
    // not one per box.
    std::size_t last = k;
    const auto run_of = [&](auto in_run) {
      while (last + 1 < r.dropped.size() && in_run(r.dropped[last + 1].reason) &&
             r.dropped[last + 1].sheet == d.sheet)
        ++last;
    };
    // A search cut short (the work or time limit) never reached the boxes
    // after its game, written or '-': one comment says so, instead of one
    // per box saying each cannot be played.
    const auto unreached = [](DropReason why) {
      return why == DropReason::not_reached || why == DropReason::unrecorded_after;
    };
    if ((r.stats.work_limit || r.stats.time_limit) && d.reason == DropReason::not_reached) {
      run_of(unreached);
      comments.push_back(render(Message("reconstruct.dropped.not_searched")
                                    .with("where", where_message(d.sheet, d.where, d.box, sheet_count))
                                    .with("text", d.text)
                                    .with("last", r.dropped[last].where.line)
                                    .with("count", static_cast<int>(last - k))));
      k = last;
      continue;
    }
    if (d.reason == DropReason::unrecorded_after)
      run_of([](DropReason why) { return why == DropReason::unrecorded_after; });
    if (last == k) {
      comments.push_back(render(explain(d, sheet_count)));
      continue;
    }
    comments.push_back(render(Message("reconstruct.dropped.unrecorded_after_boxes")
                                  .with("where", where_message(d.sheet, d.where, d.box, sheet_count))
                                  .with("last", r.dropped[last].where.line)
                                  .with("count", static_cast<int>(last - k + 1))));
    k = last;
  }
  for (const std::string& s : dropped_after[0]) intro.push_back(s);
  // One comment before the first move (game::Line): the notes in it apart.
  for (const std::string& s : intro)
    g.mainline.comment_before += (g.mainline.comment_before.empty() ? "" : "; ") + s;

  std::vector<const Ask*> asked(r.plies.size(), nullptr);
  for (const Ask& q : r.ask)
    if (q.ply >= 1 && q.ply <= static_cast<int>(r.plies.size()))
      asked[static_cast<std::size_t>(q.ply) - 1] = &q;

  for (std::size_t k = 0; k < r.plies.size(); ++k) {
    const ReconstructedPly& p = r.plies[k];
    game::GameMove gm;
    gm.move = p.move;
    gm.draw_offer = p.draw_offer;
    game::MoveNotes notes;
    if (p.time_used >= 0) {
      // The mover's moves so far, this one included: plies k, k-2, ... 0 or 1.
      const int own_moves = static_cast<int>(k / 2) + 1;
      notes.comments.push_back(scoresheet::clock_comment(p.time_used, time_control, own_moves));
    }
    const bool has_written = std::any_of(p.evidence.begin(), p.evidence.end(), [](const PlyEvidence& e) {
      return e.status != PlyStatus::inserted;
    });
    for (const PlyEvidence& e : p.evidence) {
      // Corrections, and moves no sheet records; a move one copy lacks and
      // the other has is in the JSON report, not worth a comment.
      const bool worth =
          e.status == PlyStatus::corrected || (e.status == PlyStatus::inserted && !has_written);
      if (worth) notes.comments.push_back(render(explain(r, p, e, sheet_count)));
    }
    if (!p.alternatives.empty()) {
      // An asked ply's question names the alternatives already: one
      // comment, not two saying the same.
      if (!asked[k]) {
        std::string names;
        for (const PlyAlternative& a : p.alternatives) names += (names.empty() ? "" : ", ") + a.san;
        notes.comments.push_back(render(Message("reconstruct.uncertain")
                                            .with("san", p.san)
                                            .with("count", static_cast<int>(p.alternatives.size()))
                                            .with("alternatives", names)));
      }
      for (const PlyAlternative& a : p.alternatives) {
        notes.variations.push_back(variation(a.line, a.cost_delta, render));
      }
    }
    if (asked[k]) ask_notes(*asked[k], p, sheet_count, render, notes);
    for (const std::string& s : dropped_after[k + 1]) notes.comments.push_back(s);
    if (k + 1 == r.plies.size()) after_end_notes(r, sheet_count, render, notes);
    g.mainline.moves.push_back(gm);
    if (!notes.comments.empty() || !notes.variations.empty())
      g.mainline.edit_notes(g.mainline.moves.size() - 1) = std::move(notes);
  }
  g.status = r.complete ? game::GameStatus::complete : game::GameStatus::incomplete;
  return g;
}

}  // namespace notera::reconstruct
