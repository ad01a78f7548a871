// notera reconstruct SHEET [SHEET2] [--lang L] [--to FORMAT] [--json]
// The game actually played, rebuilt from one or both players' scoresheets:
// PGN with a comment at every correction (default), the moves in another
// notation (--to), or the full report as JSON (../shared/docs/cli.md).
// Exit 0 when a complete game was reconstructed, 1 when not, 2 for usage
// and I/O errors.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "command.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/write_move.hpp"
#include "notera/pgn/writer.hpp"
#include "notera/scoresheet/reconstruct.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "notera/scoresheet/sheet_evidence.hpp"

namespace notera::cli {

namespace {

struct ReconstructCliOptions {
  std::vector<std::string> sheets;
  std::string language = "auto";
  std::string to = "pgn";
  bool json = false;
  int time_limit = 8000;
};

std::optional<std::string> read_file(Context& context, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    context.error(Message("io.cannot_open").with("file", path));
    return std::nullopt;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

nlohmann::json location_json(int sheet, const SourceLocation& where, const std::string& text) {
  return {{"sheet", sheet + 1}, {"line", where.line}, {"column", where.column}, {"text", text}};
}

nlohmann::json report_json(Context& context, const Reconstruction& r, std::size_t sheet_count,
                           const std::string& pgn) {
  const LetterTable& letters = LetterTable::instance();
  nlohmann::json moves = nlohmann::json::array();
  for (const ReconstructedPly& p : r.plies) {
    nlohmann::json written = nlohmann::json::array();
    nlohmann::json explanation = nlohmann::json::array();
    for (const PlyEvidence& e : p.evidence) {
      if (e.status != PlyStatus::exact) explanation.push_back(context.format(explain(r, p, e, sheet_count)));
      if (e.cell < 0) continue;
      nlohmann::json w = location_json(e.sheet, e.where, e.text);
      w["status"] = std::string(to_string(e.status));
      if (!e.reading.empty() && e.reading != e.text) w["reading"] = e.reading;
      nlohmann::json slips = nlohmann::json::array();
      for (const Slip& s : e.slips)
        slips.push_back({{"kind", std::string(to_string(s.kind))},
                         {"written", s.written},
                         {"meant", s.meant},
                         {"correction", is_correction(s.kind)}});
      w["slips"] = std::move(slips);
      w["cost"] = e.cost;
      written.push_back(std::move(w));
    }
    nlohmann::json alternatives = nlohmann::json::array();
    for (const PlyAlternative& a : p.alternatives) {
      nlohmann::json line = nlohmann::json::array();
      alternatives.push_back({{"san", a.san}, {"uci", a.uci}, {"cost", a.cost_delta}});
    }
    nlohmann::json move = {{"ply", p.ply},
                           {"san", p.san},
                           {"uci", p.uci},
                           {"status", std::string(to_string(p.status))},
                           {"written", std::move(written)},
                           {"alternatives", std::move(alternatives)},
                           {"explanation", std::move(explanation)}};
    if (p.draw_offer) move["draw_offer"] = true;
    if (p.time_used >= 0) move["time_used"] = p.time_used;
    moves.push_back(std::move(move));
  }
  nlohmann::json dropped = nlohmann::json::array();
  for (const DroppedCell& d : r.dropped) {
    nlohmann::json j = location_json(d.sheet, d.where, d.text);
    j["reason"] = std::string(to_string(d.reason));
    j["message"] = context.format(explain(d, sheet_count));
    j["after_ply"] = d.after_ply;
    dropped.push_back(std::move(j));
  }
  nlohmann::json languages = nlohmann::json::array();
  for (std::size_t j = 0; j < r.languages.size(); ++j) {
    const SheetLanguage& l = r.languages[j];
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
  for (const HeaderDisagreement& d : r.disagreements)
    disagreements.push_back({{"tag", d.tag}, {"values", d.values}});
  nlohmann::json notes = nlohmann::json::array();
  for (const Message& m : r.notes) notes.push_back(context.format(m));

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
  j["cost"] = r.cost;
  j["margin"] = r.margin ? nlohmann::json(*r.margin) : nlohmann::json(nullptr);
  j["confidence"] = r.confidence;
  j["stats"] = {
      {"milliseconds", r.stats.milliseconds}, {"plies", r.stats.plies},          {"states", r.stats.states},
      {"moves_priced", r.stats.candidates},   {"widest_ply", r.stats.widest},    {"searches", r.stats.runs},
      {"beam_full", r.stats.beam_full},       {"time_limit", r.stats.time_limit}};
  return j;
}

int run_reconstruct(Context& context, const ReconstructCliOptions& options) {
  const auto language = language_option(context, options.language);
  if (!language) return exit_usage;
  std::optional<OutputNotation> notation;
  if (options.to != "pgn") {
    notation = output_notation(options.to);
    if (!notation) {
      context.error(Message("cli.unknown_notation").with("notation", options.to));
      return exit_usage;
    }
  }

  std::vector<EvidenceSheet> sheets;
  for (const std::string& path : options.sheets) {
    const std::optional<std::string> text = read_file(context, path);
    if (!text) return exit_usage;
    const Scoresheet sheet = read_scoresheet(*text, path);
    for (const Diagnostic& d : sheet.diagnostics)
      std::cerr << path << ':' << d.where.line << ':' << d.where.column << ": " << context.format(d.message)
                << '\n';
    sheets.push_back(evidence_of(sheet));
  }

  ReconstructOptions reconstruct_options;
  reconstruct_options.language = *language;
  reconstruct_options.time_limit = std::chrono::milliseconds(std::max(options.time_limit, 1));
  const Reconstruction r = reconstruct(sheets, reconstruct_options);

  const Game game = to_game(r, sheets.size(), [&context](const Message& m) { return context.format(m); });
  std::string pgn;
  pgn::Writer().write(game, pgn);
  if (options.json) {
    std::cout << report_json(context, r, sheets.size(), pgn).dump() << '\n';
  } else if (notation) {
    std::string line;
    Position pos = r.start;
    for (const ReconstructedPly& p : r.plies) {
      Position after = pos;
      Undo undo;
      after.do_move(p.move, undo);
      if (!line.empty()) line += ' ';
      append_move(pos, p.move, after, *notation, line);
      pos = after;
    }
    std::cout << line << '\n';
    for (const ReconstructedPly& p : r.plies)
      for (const PlyEvidence& e : p.evidence)
        if (e.status == PlyStatus::corrected || e.status == PlyStatus::inserted)
          std::cerr << context.format(explain(r, p, e, sheets.size())) << '\n';
  } else {
    std::cout << pgn;
  }
  return r.complete ? exit_ok : exit_problems;
}

}  // namespace

Command add_reconstruct_command(CLI::App& app, Context& context) {
  auto options = std::make_shared<ReconstructCliOptions>();
  CLI::App* command = app.add_subcommand("reconstruct", context.text("cli.reconstruct.description"));
  command->add_option("sheets", options->sheets, context.text("cli.reconstruct.sheets"))
      ->required()
      ->expected(1, 2);
  command->add_option("--lang", options->language, context.text("cli.option.lang"));
  command->add_option("--to", options->to, context.text("cli.reconstruct.to"));
  command->add_flag("--json", options->json, context.text("cli.option.json"));
  command->add_option("--time-limit", options->time_limit, context.text("cli.reconstruct.time_limit"));
  add_messages_option(*command, context);
  return {command, [&context, options] { return run_reconstruct(context, *options); }};
}

}  // namespace notera::cli
