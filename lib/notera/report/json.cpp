#include "notera/report/json.hpp"

#include "notera/core/san.hpp"
#include "notera/core/uci.hpp"
#include "notera/notation/letters.hpp"

namespace notera::report {

namespace {

nlohmann::json move_json(const Position& pos, Move m) {
  return {{"san", to_san(pos, m)}, {"uci", to_uci(pos, m)}};
}

// A box of a sheet: where it is in the file, what it holds, and the place
// as messages name it ("line 20, column 4 (move 9)", or as the caller's
// renames have it): what a message about the box starts with.
nlohmann::json location_json(int sheet, const SourceLocation& where, const reconstruct::SheetBox& box,
                             const std::string& text, std::size_t sheet_count,
                             const locale::Messages& messages) {
  return {{"sheet", sheet + 1},
          {"line", where.line},
          {"column", where.column},
          {"text", text},
          {"where", messages.format(reconstruct::where_message(sheet, where, box, sheet_count))}};
}

}  // namespace

std::string_view to_string(Severity severity) {
  switch (severity) {
    case Severity::error: return "error";
    case Severity::warning: return "warning";
    case Severity::note: return "note";
  }
  return "error";
}

nlohmann::json diagnostic_json(const Diagnostic& d, const locale::Messages& messages) {
  return {{"severity", std::string(to_string(d.severity))},
          {"line", d.where.line},
          {"column", d.where.column},
          {"ply", d.ply},
          {"code", d.message.key},
          {"message", messages.format(d.message)}};
}

MoveReport move_report(const Position& pos, std::string_view text, const notation::MoveJudgement& judgement,
                       const locale::Messages& messages) {
  using notation::Verdict;
  MoveReport report;
  const notation::MoveReading& reading = judgement.reading;
  const notation::Resolution& r = reading.resolution;
  nlohmann::json& j = report.json;

  if (!reading.read.ok) {
    report.message = messages.format(reading.read.problem);
    j["column"] = reading.read.column;
  }
  j["verdict"] = std::string(notation::to_string(judgement.verdict));
  j["candidates"] = nlohmann::json::array();
  for (Move m : r.candidates) j["candidates"].push_back(move_json(pos, m));
  j["warnings"] = nlohmann::json::array();
  j["warning_codes"] = nlohmann::json::array();
  // Facts about how the move was read that are no inaccuracy.
  j["notes"] = nlohmann::json::array();
  const notation::LetterTable& table = notation::LetterTable::instance();
  const int reader_letters = table.language_index(messages.language());

  switch (judgement.verdict) {
    case notation::Verdict::legal: {
      const nlohmann::json mj = move_json(pos, r.move);
      j["san"] = mj["san"];
      j["uci"] = mj["uci"];
      for (int bit = 0; bit < notation::warning_count; ++bit) {
        const auto flag = static_cast<notation::WrittenWarning>(1u << bit);
        if (!(judgement.warnings & flag)) continue;
        const std::string_view key = warning_key(flag);
        j["warning_codes"].push_back(std::string(key.substr(key.find('.') + 1)));
        j["warnings"].push_back(messages.format(Message(std::string(key)).with("text", text)));
      }
      // In the letters it was read in, as the readings of an ambiguous
      // move are (notation::readings_list): "Tc1: lovlig, Tc1", not Rc1 in
      // a Norwegian sentence; the JSON keeps PGN SAN.
      const SanStyle own = r.language >= 0 ? notation::LetterTable::instance().style(r.language) : SanStyle{};
      report.message = messages.format(Message("move.legal")
                                           .with("text", text)
                                           .with("san", to_san(pos, r.move, own))
                                           .with("uci", mj["uci"].get<std::string>()));
      if (const Message note = notation::notation_note(pos, text, reading, reader_letters); !note.empty())
        j["notes"].push_back(messages.format(note));
      // "Lc4 (=)", "Lc4=": the offer stands, whatever the move (FIDE §9.1.2.2).
      if (reading.read.move.draw_offer) j["notes"].push_back(messages.format(Message("move.draw_offer")));
      break;
    }
    case notation::Verdict::ambiguous:
      if (reading.depends_on_language()) {
        // The moves in the reader's letters, each with the notations that read it so.
        report.message =
            messages.format(Message("move.depends_on_language")
                                .with("text", text)
                                .with("readings", notation::language_readings_list(pos, reading.by_language,
                                                                                   reader_letters)));
        break;
      }
      report.message =
          messages.format(Message("move.ambiguous")
                              .with("text", text)
                              .with("count", r.candidates.size())
                              .with("candidates", notation::readings_list(pos, r.candidates, r.language)));
      break;
    case notation::Verdict::illegal:
      j["reason"] = std::string(notation::to_string(r.reason));
      report.message = messages.format(
          Message("move.illegal")
              .with("text", text)
              .with("reason", messages.format(notation::illegal_message(pos, reading.read.move, r))));
      break;
    case notation::Verdict::unclear:
      report.message =
          messages.format(Message("move.unclear").with("text", text).with("reason", report.message));
      break;
  }
  if (reading.read.ok && reading.read.move.draw_offer) j["draw_offer"] = true;
  if (!reading.by_language.empty()) {
    // What the letter means in each notation, and the legal moves it allows there.
    j["by_language"] = nlohmann::json::array();
    for (const notation::LanguageReading& l : reading.by_language) {
      nlohmann::json e = {{"piece", std::string(name_of(l.piece))},
                          {"languages", nlohmann::json::array()},
                          {"candidates", nlohmann::json::array()}};
      for (int lang = 0; lang < table.language_count(); ++lang)
        if (l.languages & table.mask_of(lang)) e["languages"].push_back(table.language(lang).code);
      for (Move m : l.moves) e["candidates"].push_back(move_json(pos, m));
      j["by_language"].push_back(std::move(e));
    }
  }
  if (judgement.system != notation::System::algebraic)
    j["language"] = std::string(notation::system_code(judgement.system));
  else if (r.language >= 0 && judgement.verdict != notation::Verdict::unclear &&
           !reading.depends_on_language())
    j["language"] = notation::LetterTable::instance().language(r.language).code;
  j["message"] = report.message;
  report.summary = report.message;
  for (const auto& w : j["warnings"]) report.summary += "\n  " + w.get<std::string>();
  for (const auto& n : j["notes"]) report.summary += "\n  " + n.get<std::string>();
  return report;
}

nlohmann::json reconstruction_json(const reconstruct::Reconstruction& r, std::size_t sheet_count,
                                   const std::string& pgn, const locale::Messages& messages,
                                   const reconstruct::Reconstruction* spelt) {
  const notation::LetterTable& letters = notation::LetterTable::instance();
  // What the sentences say: the moves as spelt, when they are.
  const reconstruct::Reconstruction& said = spelt ? *spelt : r;
  nlohmann::json moves = nlohmann::json::array();
  for (std::size_t k = 0; k < r.plies.size(); ++k) {
    const reconstruct::ReconstructedPly& p = r.plies[k];
    nlohmann::json written = nlohmann::json::array();
    nlohmann::json explanation = nlohmann::json::array();
    for (const reconstruct::PlyEvidence& e : p.evidence) {
      if (e.status != reconstruct::PlyStatus::exact)
        explanation.push_back(messages.format(explain(said, said.plies[k], e, sheet_count)));
      if (e.cell < 0) continue;
      nlohmann::json w = location_json(e.sheet, e.where, e.box, e.text, sheet_count, messages);
      w["status"] = std::string(to_string(e.status));
      if (!e.reading.empty() && e.reading != e.text) w["reading"] = e.reading;
      nlohmann::json slips = nlohmann::json::array();
      for (const reconstruct::Slip& s : e.slips)
        slips.push_back({{"kind", std::string(to_string(s.kind))},
                         {"written", s.written},
                         {"meant", s.meant},
                         {"correction", is_correction(s.kind)}});
      w["slips"] = std::move(slips);
      w["cost"] = e.cost;
      written.push_back(std::move(w));
    }
    nlohmann::json alternatives = nlohmann::json::array();
    for (std::size_t a = 0; a < p.alternatives.size(); ++a) {
      const reconstruct::PlyAlternative& alternative = p.alternatives[a];
      alternatives.push_back(
          {{"san", alternative.san}, {"uci", alternative.uci}, {"cost", alternative.cost_delta}});
      if (spelt) alternatives.back()["spelt"] = spelt->plies[k].alternatives[a].san;
    }
    nlohmann::json move = {{"ply", p.ply},
                           {"san", p.san},
                           {"uci", p.uci},
                           {"status", std::string(to_string(p.status))},
                           {"written", std::move(written)},
                           {"alternatives", std::move(alternatives)},
                           {"explanation", std::move(explanation)}};
    if (spelt) move["spelt"] = spelt->plies[k].san;
    // Margin in nats to the cheapest other game found that differs here;
    // null when the search found none.
    move["confidence"] = p.confidence ? nlohmann::json(*p.confidence) : nlohmann::json(nullptr);
    if (p.draw_offer) move["draw_offer"] = true;
    if (p.time_used >= 0) move["time_used"] = p.time_used;
    moves.push_back(std::move(move));
  }
  nlohmann::json dropped = nlohmann::json::array();
  for (const reconstruct::DroppedCell& d : r.dropped) {
    nlohmann::json j = location_json(d.sheet, d.where, d.box, d.text, sheet_count, messages);
    j["reason"] = std::string(to_string(d.reason));
    j["message"] = messages.format(explain(d, sheet_count));
    j["after_ply"] = d.after_ply;
    dropped.push_back(std::move(j));
  }
  nlohmann::json languages = nlohmann::json::array();
  for (std::size_t j = 0; j < r.languages.size(); ++j) {
    const reconstruct::SheetLanguage& l = r.languages[j];
    nlohmann::json also = nlohmann::json::array();
    for (int other : l.also_fit) also.push_back(letters.language(other).code);
    nlohmann::json entry = {{"sheet", static_cast<int>(j) + 1},
                            {"language", letters.language(l.language).code},
                            {"given", l.given},
                            {"also_fit", std::move(also)}};
    if (!l.requested.empty()) entry["requested"] = l.requested;
    languages.push_back(std::move(entry));
  }
  // How carefully each sheet was written: the game's departures from it,
  // and the weight its departures were priced with (two sheets).
  nlohmann::json care = nlohmann::json::array();
  for (std::size_t j = 0; j < r.care.size(); ++j)
    care.push_back({{"sheet", static_cast<int>(j) + 1},
                    {"boxes", r.care[j].boxes},
                    {"departures", r.care[j].departures},
                    {"weight", r.care[j].weight}});
  nlohmann::json disagreements = nlohmann::json::array();
  for (const reconstruct::HeaderDisagreement& d : r.disagreements)
    disagreements.push_back({{"tag", d.tag}, {"values", d.values}});
  // The boxes to check against the paper, most telling first.
  nlohmann::json ask = nlohmann::json::array();
  for (std::size_t i = 0; i < r.ask.size(); ++i) {
    const reconstruct::Ask& q = r.ask[i];
    nlohmann::json candidates = nlohmann::json::array();
    for (std::size_t c = 0; c < q.candidates.size(); ++c) {
      const reconstruct::AskCandidate& candidate = q.candidates[c];
      const auto move_or_null = [&](const std::string& text) {
        return candidate.ends ? nlohmann::json(nullptr) : nlohmann::json(text);
      };
      candidates.push_back({{"san", move_or_null(candidate.san)},
                            {"uci", move_or_null(candidate.uci)},
                            {"ends", candidate.ends},
                            {"cost", candidate.cost},
                            {"probability", candidate.probability},
                            {"changes", candidate.changes}});
      if (spelt) candidates.back()["spelt"] = move_or_null(spelt->ask[i].candidates[c].san);
    }
    ask.push_back(
        {{"ply", q.ply},
         {"sheet", q.sheet >= 0 ? nlohmann::json(q.sheet + 1) : nlohmann::json(nullptr)},
         {"box", q.sheet >= 0
                     ? nlohmann::json({{"index", q.cell}, {"line", q.where.line}, {"column", q.where.column}})
                     : nlohmann::json(nullptr)},
         {"written", q.written},
         {"passed_over", q.passed_over},
         {"margin", q.margin},
         {"score", q.score},
         {"candidates", std::move(candidates)}});
  }
  nlohmann::json notes = nlohmann::json::array();
  for (const Message& m : r.notes) notes.push_back(messages.format(m));
  nlohmann::json problems = nlohmann::json::array();
  for (std::size_t i = 0; i < r.problems.size(); ++i) {
    const reconstruct::SheetProblem& p = r.problems[i];
    // The message names moves as the game's moves are spelt.
    problems.push_back({{"severity", std::string(to_string(p.severity))},
                        {"sheet", p.sheet + 1},
                        {"line", p.where.line},
                        {"column", p.where.column},
                        {"code", p.message.key},
                        {"message", messages.format(spelt ? spelt->problems[i].message : p.message)}});
    // The box's place as the message says it, when it names one: a nested
    // place, or the box's move that a problem found in reading the sheet
    // starts with ("move 3...: the answer ..."), as reconstruct.where_box
    // says it for one sheet.
    Message box("reconstruct.where_box");
    box.with("many", "no");
    for (const auto& [name, value] : p.message.args) {
      if (name == "where" && value.message) {
        problems.back()["where"] = messages.format(*value.message);
        break;
      }
      if ((name == "move" && value.is_number && value.number > 0) || name == "black" || name == "extra")
        box.args.emplace_back(name, value);
    }
    if (!problems.back().contains("where") && box.args.size() == 4)
      problems.back()["where"] = messages.format(box);
  }

  nlohmann::json j;
  j["moves"] = std::move(moves);
  j["dropped"] = std::move(dropped);
  j["complete"] = r.complete;
  j["result"] = {{"written", r.written_result},
                 {"by_position", r.by_position == GameEnd::none
                                     ? nlohmann::json(nullptr)
                                     : nlohmann::json(std::string(to_string(r.by_position)))}};
  j["pgn"] = pgn;
  j["languages"] = std::move(languages);
  j["care"] = std::move(care);
  j["disagreements"] = std::move(disagreements);
  j["notes"] = std::move(notes);
  j["problems"] = std::move(problems);
  j["ask"] = std::move(ask);
  j["cost"] = r.cost;
  j["margin"] = r.margin ? nlohmann::json(*r.margin) : nlohmann::json(nullptr);
  j["confidence"] = r.confidence;
  j["stats"] = {{"milliseconds", r.stats.milliseconds},
                {"plies", r.stats.plies},
                {"states", r.stats.states},
                {"moves_priced", r.stats.candidates},
                {"widest_ply", r.stats.widest},
                {"searches", r.stats.runs},
                {"beam_full", r.stats.beam_full},
                {"work", r.stats.work},
                {"work_limit", r.stats.work_limit},
                {"time_limit", r.stats.time_limit},
                {"wider_skipped", r.stats.wider_skipped}};
  return j;
}

}  // namespace notera::report
