#include "notera/arbiter/claim.hpp"

#include <algorithm>

#include "notera/core/san.hpp"
#include "notera/notation/judge.hpp"
#include "notera/notation/read_move.hpp"
#include "notera/notation/write_move.hpp"

namespace notera::arbiter {

namespace {

// The paragraphs of §5, §9.2, §9.3, §9.5 and §9.6 as each edition numbers
// them (docs/fide-rules.md lists the editions: 2005 Danish, 2009 Norwegian,
// 2018 Swedish, 2023 Danish).
struct Paragraphs {
  std::string_view threefold_intended;  // the position is about to arise (intended move)
  std::string_view threefold_now;       // it has just arisen, claimant to move
  std::string_view same_position;       // when positions are the same
  std::string_view fifty_intended;
  std::string_view fifty_now;
  std::string_view wrong_claim;  // consequences of an incorrect claim
  std::string_view fivefold;     // automatic draws, from 2014
  std::string_view seventy_five;
  std::string_view checkmate;
  std::string_view stalemate;
  std::string_view dead_position;
  int extra_minutes;           // added to the opponent's time after a wrong claim
  bool claimant_time_reduced;  // 2005: the claimant's time is cut too
};

const Paragraphs& paragraphs_of(notation::Laws laws) {
  // 2005 (Danish): "9.5 ... skal turneringslederen tillægge 3 minutter til
  // modstanderens tid. Herudover skal turneringslederen reducere
  // kravstillerens tid"; the same-position rule is the paragraph after 9.2 b.
  static constexpr Paragraphs fide2005{"9.2 a", "9.2 b", "9.2",   "9.3 a", "9.3 b", "9.5", "",
                                       "",      "5.1 a", "5.2 a", "5.2 b", 3,       true};
  // 2009 (Norwegian): "9.5 b) ... tildele motstanderen tre minutters tillegg".
  static constexpr Paragraphs fide2009{"9.2 a", "9.2 b", "9.2",   "9.3 a", "9.3 b", "9.5 b", "",
                                       "",      "5.1 a", "5.2 a", "5.2 b", 3,       false};
  // 2018 (Swedish): "9.5.3 ... lägga till två minuter till motståndarens".
  static constexpr Paragraphs fide2018{"9.2.1.1", "9.2.1.2", "9.2.2", "9.3.1", "9.3.2", "9.5.3", "9.6.1",
                                       "9.6.2",   "5.1.1",   "5.2.1", "5.2.2", 2,       false};
  // 2023 (Danish): 9.2.1 / 9.2.2 for the claim, 9.2.3 for the same position
  // (the translation flattens the English 9.2.1.1 / 9.2.1.2 / 9.2.2).
  static constexpr Paragraphs fide2023{"9.2.1", "9.2.2", "9.2.3", "9.3.1", "9.3.2", "9.5.3", "9.6.1",
                                       "9.6.2", "5.1.1", "5.2.1", "5.2.2", 2,       false};
  switch (laws) {
    case notation::Laws::fide2005: return fide2005;
    case notation::Laws::fide2009: return fide2009;
    case notation::Laws::fide2018: return fide2018;
    case notation::Laws::fide2023: break;
  }
  return fide2023;
}

std::string_view side_name(Color c) { return c == Color::white ? "white" : "black"; }

bool same_placement(const Position& a, const Position& b) {
  if (a.side_to_move() != b.side_to_move()) return false;
  for (Color c : {Color::white, Color::black})
    for (int t = index(PieceType::pawn); t <= index(PieceType::king); ++t)
      if (a.pieces(c, static_cast<PieceType>(t)) != b.pieces(c, static_cast<PieceType>(t))) return false;
  return true;
}

// The game's main line replayed: the position at every ply and the
// repetition history up to the last one.
struct Replay {
  std::vector<Position> positions;  // [0] = start, [p] = after p plies
  std::vector<Move> moves;          // moves[p - 1] led to positions[p]
  PositionHistory history;
  // The first ply at which the game ended by the position alone.
  GameEnd end = GameEnd::none;
  int end_ply = -1;
  std::vector<int> end_occurrences;  // for a fivefold repetition

  Replay(const game::Game& game, bool automatic_draws) : history(game.start) {
    positions.push_back(game.start);
    note_end(0, automatic_draws);
    for (const game::GameMove& gm : game.mainline.moves) {
      Position next = positions.back().after(gm.move);
      positions.push_back(next);
      moves.push_back(gm.move);
      history.push(next);
      note_end(static_cast<int>(positions.size()) - 1, automatic_draws);
    }
  }

  void note_end(int ply, bool automatic_draws) {
    if (end != GameEnd::none) return;
    const GameEnd e = game_end(positions[static_cast<std::size_t>(ply)], history, automatic_draws);
    if (e == GameEnd::none) return;
    end = e;
    end_ply = ply;
    if (e == GameEnd::fivefold_repetition) end_occurrences = history.occurrences();
  }

  int last_ply() const { return static_cast<int>(positions.size()) - 1; }
};

// Everything a ruling needs to write moves and places.
class Writer {
 public:
  Writer(const Replay& replay, std::string_view notation) : replay_(replay), notation_(notation) {}

  static PositionAt at(int ply, const Position& pos) {
    return {ply, pos.fullmove_number(), pos.side_to_move()};
  }
  PositionAt at(int ply) const { return at(ply, replay_.positions[static_cast<std::size_t>(ply)]); }

  // "after 2...Sg8" / "in the starting position"; the ply after the last
  // one is the intended move (see set_intended).
  Message place(int ply) const {
    if (ply == 0) return Message("claim.occ.start");
    return Message("claim.occ.move").with("move", move_at(ply));
  }

  // "in the starting position, after 2...Sg8 and after 4...Sg8"
  Message places(const std::vector<int>& plies, std::size_t from = 0) const {
    const int ply = plies[from];
    const std::size_t left = plies.size() - from - 1;
    if (left == 0) return place(ply);
    const char* key = ply == 0 ? (left == 1 ? "claim.occ.start_and" : "claim.occ.start_more")
                               : (left == 1 ? "claim.occ.move_and" : "claim.occ.move_more");
    Message m(key);
    if (ply != 0) m.with("move", move_at(ply));
    m.with("rest", places(plies, from + 1));
    return m;
  }

  void set_intended(const Position& before, Move m) {
    intended_text_ = numbered_move_text(before, m, notation_);
  }
  const std::string& intended_text() const { return intended_text_; }

 private:
  std::string move_at(int ply) const {
    if (ply > replay_.last_ply()) return intended_text_;
    return numbered_move_text(replay_.positions[static_cast<std::size_t>(ply - 1)],
                              replay_.moves[static_cast<std::size_t>(ply - 1)], notation_);
  }

  const Replay& replay_;
  std::string notation_;
  std::string intended_text_;
};

Message cite(Message m, notation::Laws laws, std::string_view paragraph) {
  return m.with("laws", to_string(laws)).with("paragraph", paragraph);
}

}  // namespace

std::string_view to_string(ClaimGround ground) {
  switch (ground) {
    case ClaimGround::either: return "threefold_or_fifty_moves";
    case ClaimGround::threefold: return "threefold";
    case ClaimGround::fifty_moves: return "fifty_moves";
  }
  return "threefold_or_fifty_moves";
}

std::optional<ClaimGround> parse_claim_ground(std::string_view text) {
  if (text == "either" || text == "any" || text.empty()) return ClaimGround::either;
  if (text == "threefold" || text == "repetition") return ClaimGround::threefold;
  if (text == "fifty-moves" || text == "fifty_moves" || text == "fifty" || text == "50")
    return ClaimGround::fifty_moves;
  return std::nullopt;
}

std::string_view to_string(ClaimVerdict verdict) {
  switch (verdict) {
    case ClaimVerdict::correct: return "correct";
    case ClaimVerdict::incorrect: return "incorrect";
    case ClaimVerdict::undecided: return "undecided";
  }
  return "incorrect";
}

std::string_view to_string(ClaimReason reason) {
  switch (reason) {
    case ClaimReason::none: return "none";
    case ClaimReason::not_repeated: return "not_repeated";
    case ClaimReason::too_few_moves: return "too_few_moves";
    case ClaimReason::neither: return "neither";
    case ClaimReason::game_over: return "game_over";
    case ClaimReason::intended_illegal: return "intended_move_illegal";
    case ClaimReason::intended_ambiguous: return "intended_move_ambiguous";
    case ClaimReason::intended_unclear: return "intended_move_unclear";
    case ClaimReason::intended_depends_on_language: return "intended_move_depends_on_language";
  }
  return "none";
}

std::string numbered_move_text(const Position& before, Move m, std::string_view notation) {
  std::string out = std::to_string(before.fullmove_number());
  out += before.side_to_move() == Color::white ? "." : "...";
  const auto written = notation::output_notation(notation);
  out += notation::move_text(before, m, written ? *written : notation::OutputNotation{});
  return out;
}

namespace {

// The steps of judge_draw_claim, each given the ruling so far.
struct ClaimContext {
  const DrawClaim& claim;
  const Paragraphs& para;
  Replay& replay;
  Writer& writer;
};

// The game had already ended by the position alone: there is nothing to
// claim; the draw (or the mate) stands.
void rule_game_over(ClaimRuling& r, const ClaimContext& c, bool automatic_draws) {
  const Paragraphs& para = c.para;
  const Replay& replay = c.replay;
  const notation::Laws laws = c.claim.laws;
  r.game_over = replay.end;
  r.game_over_at = c.writer.at(replay.end_ply);
  r.reason = ClaimReason::game_over;
  r.verdict = replay.end == GameEnd::checkmate ? ClaimVerdict::incorrect : ClaimVerdict::correct;
  const bool now = replay.end_ply == replay.last_ply();
  const Message at = c.writer.place(replay.end_ply);
  const Position& ended = replay.positions[static_cast<std::size_t>(replay.end_ply)];
  switch (replay.end) {
    case GameEnd::fivefold_repetition:
      r.paragraphs = {std::string(para.fivefold)};
      r.ruling.push_back(
          cite(Message(now ? "claim.automatic.fivefold_now" : "claim.automatic.fivefold_before")
                   .with("at", at)
                   .with("occurrences", c.writer.places(replay.end_occurrences)),
               laws, para.fivefold));
      break;
    case GameEnd::seventy_five_moves:
      r.paragraphs = {std::string(para.seventy_five)};
      r.ruling.push_back(
          cite(Message(now ? "claim.automatic.seventy_five_now" : "claim.automatic.seventy_five_before")
                   .with("at", at),
               laws, para.seventy_five));
      break;
    case GameEnd::checkmate:
      // FIDE §9.6.2: mate on the move that completes the 75 moves wins.
      if (automatic_draws && ended.halfmove_clock() >= 150) {
        r.paragraphs = {std::string(para.checkmate), std::string(para.seventy_five)};
        r.ruling.push_back(cite(Message("claim.game_over.checkmate_75").with("at", at), laws, para.checkmate)
                               .with("paragraph2", para.seventy_five));
      } else {
        r.paragraphs = {std::string(para.checkmate)};
        r.ruling.push_back(cite(Message("claim.game_over.checkmate").with("at", at), laws, para.checkmate));
      }
      break;
    case GameEnd::stalemate:
      r.paragraphs = {std::string(para.stalemate)};
      r.ruling.push_back(cite(Message("claim.game_over.stalemate").with("at", at), laws, para.stalemate));
      break;
    case GameEnd::dead_position:
      r.paragraphs = {std::string(para.dead_position)};
      r.ruling.push_back(
          cite(Message("claim.game_over.dead_position").with("at", at), laws, para.dead_position));
      break;
    case GameEnd::none: break;
  }
}

void add_penalty(ClaimRuling& r, const ClaimContext& c, bool with_move);

// The intended move: written by the claimant, read in the position on the
// board, and it must be one legal move. False, with the ruling made, when
// it is not; otherwise the claimed position is the one after it.
bool take_intended_move(ClaimRuling& r, const ClaimContext& c) {
  const DrawClaim& claim = c.claim;
  const notation::MoveReading reading = read_and_resolve(r.before, claim.intended_move, claim.reading);
  const notation::Resolution& res = reading.resolution;
  if (reading.read.ok && res.is_legal()) {
    r.intended = res.move;
    c.writer.set_intended(r.before, res.move);
    r.claimed.play(res.move);
    c.replay.history.push(r.claimed);
    r.halfmove_clock = r.claimed.halfmove_clock();
    r.occurrences.clear();
    const int claim_ply = c.replay.last_ply() + 1;
    for (int ply : c.replay.history.occurrences())
      r.occurrences.push_back(ply == claim_ply ? c.writer.at(ply, r.claimed) : c.writer.at(ply));
    return true;
  }
  const std::string_view paragraph =
      claim.ground == ClaimGround::fifty_moves ? c.para.fifty_intended : c.para.threefold_intended;
  r.paragraphs = {std::string(paragraph)};
  if (reading.depends_on_language()) {
    // Each notation reads one legal move: which one was declared is for the
    // arbiter to establish, and only then can the claim be ruled on.
    r.verdict = ClaimVerdict::undecided;
    r.reason = ClaimReason::intended_depends_on_language;
    r.intended_candidates = res.candidates;
    const int letters = notation::LetterTable::instance().language_index(claim.move_language);
    r.ruling.push_back(
        cite(Message("claim.intended.depends_on_language")
                 .with("text", claim.intended_move)
                 .with("readings", notation::language_readings_list(r.before, reading.by_language, letters)),
             claim.laws, paragraph));
    return false;
  }
  Message problem;
  if (!reading.read.ok) {
    r.reason = ClaimReason::intended_unclear;
    problem = Message("move.unclear").with("text", claim.intended_move).with("reason", reading.read.problem);
  } else if (res.verdict == notation::Verdict::ambiguous) {
    r.reason = ClaimReason::intended_ambiguous;
    r.intended_candidates = res.candidates;
    problem =
        Message("move.ambiguous")
            .with("text", claim.intended_move)
            .with("count", static_cast<int>(res.candidates.size()))
            .with("candidates", notation::readings_list(
                                    r.before, res.candidates,
                                    notation::LetterTable::instance().language_index(claim.move_language)));
  } else {
    r.reason = ClaimReason::intended_illegal;
    problem = Message("move.illegal")
                  .with("text", claim.intended_move)
                  .with("reason", illegal_message(r.before, reading.read.move, res));
  }
  r.verdict = ClaimVerdict::incorrect;
  r.ruling.push_back(
      cite(Message("claim.intended.not_legal").with("problem", problem), claim.laws, paragraph));
  // The claim is incorrect, and §9.5.3 (2005/2009: 9.5 b) gives the
  // opponent time for any incorrect claim; the declared move cannot be
  // made, not being one legal move.
  add_penalty(r, c, false);
  r.ruling.push_back(Message("claim.intended.cannot_be_played").with("paragraph", c.para.wrong_claim));
  return false;
}

// §9.2.2: the same pieces on the same squares, but not the same position
// (other castling rights, or an en-passant capture possible in one).
void note_not_same_positions(ClaimRuling& r, const ClaimContext& c, bool with_move) {
  const Replay& replay = c.replay;
  std::vector<int> castling, en_passant;
  // Only positions since the last pawn move or capture can have the same
  // pieces on the same squares.
  const int claim_ply = replay.last_ply() + (with_move ? 1 : 0);
  for (int ply = std::max(0, claim_ply - r.claimed.halfmove_clock()); ply <= replay.last_ply(); ++ply) {
    const Position& p = replay.positions[static_cast<std::size_t>(ply)];
    if (p.key() == r.claimed.key() || !same_placement(p, r.claimed)) continue;
    const bool rights_differ = p.castling_rights() != r.claimed.castling_rights();
    (rights_differ ? castling : en_passant).push_back(ply);
    r.not_same.push_back({c.writer.at(ply), rights_differ ? NotSamePosition::Why::castling_rights
                                                          : NotSamePosition::Why::en_passant});
  }
  for (const auto& [plies, key] : {std::pair{&castling, "claim.not_same.castling"},
                                   std::pair{&en_passant, "claim.not_same.en_passant"}}) {
    if (plies->empty()) continue;
    r.ruling.push_back(cite(Message(key)
                                .with("side", side_name(r.claimed.side_to_move()))
                                .with("occurrences", c.writer.places(*plies)),
                            c.claim.laws, c.para.same_position));
  }
  if (!castling.empty() || !en_passant.empty()) r.paragraphs.push_back(std::string(c.para.same_position));
}

// What follows an incorrect claim (§9.5): time to the opponent, and the
// intended move must be played.
void add_penalty(ClaimRuling& r, const ClaimContext& c, bool with_move) {
  const Paragraphs& para = c.para;
  r.must_play = with_move;
  r.opponent_extra_minutes = para.extra_minutes;
  r.claimant_time_reduced = para.claimant_time_reduced;
  r.paragraphs.push_back(std::string(para.wrong_claim));
  const Color opponent = ~r.claimant;
  Message penalty(para.claimant_time_reduced ? "claim.penalty_2005" : "claim.penalty");
  penalty.with("minutes", para.extra_minutes).with("opponent", side_name(opponent));
  if (para.claimant_time_reduced) penalty.with("claimant", side_name(r.claimant));
  r.ruling.push_back(std::move(penalty.with("paragraph", para.wrong_claim)));
  if (r.must_play)
    r.ruling.push_back(Message("claim.must_play")
                           .with("move", c.writer.intended_text())
                           .with("paragraph", para.wrong_claim));
}

// The claimed position against the grounds asked: correct on the first
// ground that holds, otherwise incorrect with the reason.
void rule_on_grounds(ClaimRuling& r, const ClaimContext& c, bool with_move) {
  const DrawClaim& claim = c.claim;
  const Paragraphs& para = c.para;
  Writer& writer = c.writer;
  std::vector<int> occurrence_plies;
  for (const PositionAt& at : r.occurrences) occurrence_plies.push_back(at.ply);
  const int count = static_cast<int>(r.occurrences.size());
  const std::string_view threefold_paragraph = with_move ? para.threefold_intended : para.threefold_now;
  const std::string_view fifty_paragraph = with_move ? para.fifty_intended : para.fifty_now;
  const Message position = with_move
                               ? Message("claim.position_intended").with("move", writer.intended_text())
                               : Message("claim.position").with("side", side_name(r.claimed.side_to_move()));
  const bool ask_threefold = claim.ground != ClaimGround::fifty_moves;
  const bool ask_fifty = claim.ground != ClaimGround::threefold;
  if (ask_threefold && count >= 3) {
    r.ground = ClaimGround::threefold;
    r.verdict = ClaimVerdict::correct;
    r.paragraphs = {std::string(threefold_paragraph), std::string(para.same_position)};
    r.ruling.push_back(
        cite(Message(with_move ? "claim.correct.threefold_intended" : "claim.correct.threefold")
                 .with("position", position)
                 .with("count", count)
                 .with("occurrences", writer.places(occurrence_plies)),
             claim.laws, threefold_paragraph));
    return;
  }
  if (ask_fifty && r.halfmove_clock >= 100) {
    r.ground = ClaimGround::fifty_moves;
    r.verdict = ClaimVerdict::correct;
    r.paragraphs = {std::string(fifty_paragraph)};
    Message m(with_move ? "claim.correct.fifty_intended" : "claim.correct.fifty");
    if (with_move) m.with("move", writer.intended_text());
    m.with("moves", r.halfmove_clock / 2);
    r.ruling.push_back(cite(std::move(m), claim.laws, fifty_paragraph));
    return;
  }
  r.verdict = ClaimVerdict::incorrect;
  if (ask_threefold && ask_fifty) {
    r.reason = ClaimReason::neither;
    r.paragraphs = {std::string(threefold_paragraph), std::string(fifty_paragraph)};
    r.ruling.push_back(cite(Message(with_move ? "claim.incorrect.either_intended" : "claim.incorrect.either")
                                .with("position", position)
                                .with("count", count)
                                .with("occurrences", writer.places(occurrence_plies))
                                .with("halfmoves", r.halfmove_clock),
                            claim.laws, threefold_paragraph)
                           .with("paragraph2", fifty_paragraph));
  } else if (ask_threefold) {
    r.reason = ClaimReason::not_repeated;
    r.paragraphs = {std::string(threefold_paragraph)};
    r.ruling.push_back(
        cite(Message(with_move ? "claim.incorrect.threefold_intended" : "claim.incorrect.threefold")
                 .with("position", position)
                 .with("count", count)
                 .with("occurrences", writer.places(occurrence_plies)),
             claim.laws, threefold_paragraph));
  } else {
    r.reason = ClaimReason::too_few_moves;
    r.paragraphs = {std::string(fifty_paragraph)};
    Message m(with_move ? "claim.incorrect.fifty_intended" : "claim.incorrect.fifty");
    if (with_move) m.with("move", writer.intended_text());
    m.with("halfmoves", r.halfmove_clock);
    r.ruling.push_back(cite(std::move(m), claim.laws, fifty_paragraph));
  }
  if (ask_threefold) note_not_same_positions(r, c, with_move);
  add_penalty(r, c, with_move);
}

}  // namespace

ClaimRuling judge_draw_claim(const game::Game& game, const DrawClaim& claim) {
  const bool automatic_draws = has_automatic_draws(claim.laws);
  Replay replay(game, automatic_draws);
  Writer writer(replay, claim.move_language);
  const ClaimContext context{claim, paragraphs_of(claim.laws), replay, writer};

  ClaimRuling r;
  r.laws = claim.laws;
  r.ground = claim.ground;
  r.before = replay.positions.back();
  r.claimant = r.before.side_to_move();
  r.claimed = r.before;
  r.halfmove_clock = r.before.halfmove_clock();
  for (int ply : replay.history.occurrences()) r.occurrences.push_back(writer.at(ply));

  if (replay.end != GameEnd::none) {
    rule_game_over(r, context, automatic_draws);
    return r;
  }
  const bool with_move = !claim.intended_move.empty();
  if (with_move && !take_intended_move(r, context)) return r;
  rule_on_grounds(r, context, with_move);
  return r;
}

}  // namespace notera::arbiter
