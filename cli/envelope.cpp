// notera envelope --game FILE [--white NAME] [--black NAME] [--white-time H:MM]
//                 [--black-time H:MM] [--draw-offer [SIDE]] [--resume-date D]
//                 [--resume-time T] [--resume-place P] [--event E] [--round R]
//                 [--board B] [--json] [--html FILE] [--svg FILE] [--ascii]
// notera envelope --check RECORD.json --game FILE
//
// The sealed-move envelope of an adjourned game (FIDE 2023 Guidelines I.2,
// 2018 Appendix E.2, 2009 Guidelines point 2, 2005 Appendix A2): built from
// the game so far, written as text, JSON, or a printable A4 page; or a
// filled-in record checked against the game, every disagreement reported.
// Exit 0: record written / record agrees; 1: the record disagrees with the
// game; 2: usage, a game or record that cannot be read, a file not written.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "game_file.hpp"
#include "notera/arbiter/diagram.hpp"
#include "notera/arbiter/envelope.hpp"
#include "notera/arbiter/envelope_page.hpp"

namespace notera::cli {

namespace {

struct EnvelopeOptions {
  std::string game;
  std::string white, black, white_time, black_time;
  std::string draw_offer;  // "white", "black", or "" with the flag alone
  bool no_draw_offer = false;
  std::string resume_date, resume_time, resume_place;
  std::string event, site, round, board;
  std::string language = "auto";
  std::string laws = "2023";
  bool json = false;
  bool ascii = false;
  std::string html, svg, check;
  CLI::Option* draw_offer_option = nullptr;
};

std::string_view side_name(Color c) { return c == Color::white ? "white" : "black"; }

nlohmann::json or_null(const std::string& s) {
  return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s);
}

nlohmann::json record_json(const arbiter::EnvelopeRecord& r) {
  nlohmann::json j;
  j["laws"] = std::string(to_string(r.laws));
  j["paragraph"] = std::string(arbiter::envelope_section(r.laws));
  j["event"] = or_null(r.event);
  j["site"] = or_null(r.site);
  j["round"] = or_null(r.round);
  j["board"] = or_null(r.board);
  j["white"] = or_null(r.white);
  j["black"] = or_null(r.black);
  j["fen"] = r.fen;
  j["side_to_move"] = side_name(r.position.side_to_move());
  j["sealed_by"] = side_name(r.sealed_by);
  j["sealed_by_name"] = or_null(r.name_of(r.sealed_by));
  j["sealed_move_number"] = r.sealed_move_number;
  j["sealed_move"] = std::to_string(r.sealed_move_number) + (r.sealed_by == Color::white ? "." : "...");
  j["time_used"] = {
      {"white", r.white_seconds_used ? nlohmann::json(arbiter::format_time_used(*r.white_seconds_used))
                                     : nlohmann::json(nullptr)},
      {"black", r.black_seconds_used ? nlohmann::json(arbiter::format_time_used(*r.black_seconds_used))
                                     : nlohmann::json(nullptr)}};
  j["draw_offer"] =
      r.draw_offer_by ? nlohmann::json{{"by", side_name(*r.draw_offer_by)}} : nlohmann::json(nullptr);
  j["resumption"] = {
      {"date", or_null(r.resume_date)}, {"time", or_null(r.resume_time)}, {"place", or_null(r.resume_place)}};
  std::string diagram = arbiter::text_diagram(r.position, false);
  j["diagram"] = nlohmann::json::array();
  for (std::size_t at = 0; at < diagram.size();) {
    const std::size_t end = diagram.find('\n', at);
    j["diagram"].push_back(diagram.substr(at, end - at));
    at = end + 1;
  }
  return j;
}

// A string field of the record: absent and null both mean "not filled in";
// a number is taken as written (a round or board number).
std::optional<std::string> text_field(const nlohmann::json& j, const char* name) {
  if (!j.contains(name) || j[name].is_null()) return std::nullopt;
  if (j[name].is_string()) return j[name].get<std::string>();
  return j[name].dump();
}

arbiter::FilledEnvelope read_record(const nlohmann::json& j) {
  arbiter::FilledEnvelope f;
  f.white = text_field(j, "white");
  f.black = text_field(j, "black");
  f.fen = text_field(j, "fen");
  f.sealed_by = text_field(j, "sealed_by");
  f.sealed_by_name = text_field(j, "sealed_by_name");
  if (j.contains("sealed_move_number")) {
    const auto& n = j["sealed_move_number"];
    if (n.is_number_integer()) {
      f.sealed_move_number = n.get<long long>();
    } else if (n.is_string()) {
      // "41" or "41..." as people write it.
      const std::string s = n.get<std::string>();
      if (s.empty()) return f;
      try {
        std::size_t used = 0;
        f.sealed_move_number = std::stoll(s, &used);
      } catch (const std::exception&) {
        f.sealed_move_number = -1;  // present but not a number: reported as wrong
      }
    } else if (!n.is_null()) {
      f.sealed_move_number = -1;
    }
  }
  if (j.contains("time_used") && j["time_used"].is_object()) {
    f.white_time_used = text_field(j["time_used"], "white");
    f.black_time_used = text_field(j["time_used"], "black");
  }
  if (j.contains("draw_offer") && j["draw_offer"].is_object())
    f.draw_offer_by = text_field(j["draw_offer"], "by");
  if (j.contains("resumption") && j["resumption"].is_object()) {
    f.resume_date = text_field(j["resumption"], "date");
    f.resume_time = text_field(j["resumption"], "time");
    f.resume_place = text_field(j["resumption"], "place");
  }
  return f;
}

bool write_file(Context& context, const std::string& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary);
  out << content;
  out.close();
  if (!out) {
    context.error(Message("cli.cannot_write").with("path", path));
    return false;
  }
  return true;
}

int run_check(Context& context, const EnvelopeOptions& options, const game::Game& game, notation::Laws laws) {
  std::ifstream in(options.check, std::ios::binary);
  if (!in) {
    context.error(Message("load.cannot_open").with("path", options.check));
    return exit_usage;
  }
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    context.error(Message("cli.envelope.bad_record").with("path", options.check));
    return exit_usage;
  }
  const auto problems = check_envelope(read_record(j), game, laws);
  const Position final = game.final_position();
  if (options.json) {
    nlohmann::json out;
    out["consistent"] = problems.empty();
    out["problems"] = nlohmann::json::array();
    for (const arbiter::EnvelopeProblem& p : problems)
      out["problems"].push_back({{"field", p.field}, {"message", context.format(p.message)}});
    std::cout << out.dump() << '\n';
  } else if (problems.empty()) {
    std::cout << context.format(Message("envelope.check.ok")
                                    .with("number", final.fullmove_number())
                                    .with("side", side_name(final.side_to_move())))
              << '\n';
  } else {
    for (const arbiter::EnvelopeProblem& p : problems)
      std::cout << p.field << ": " << context.format(p.message) << '\n';
  }
  return problems.empty() ? exit_ok : exit_problems;
}

int run_envelope(Context& context, const EnvelopeOptions& options) {
  const auto language = language_option(context, options.language);
  if (!language) return exit_usage;
  const auto laws = laws_option(context, options.laws);
  if (!laws) return exit_usage;

  arbiter::EnvelopeInput input;
  input.laws = *laws;
  input.white = options.white;
  input.black = options.black;
  input.event = options.event;
  input.site = options.site;
  input.round = options.round;
  input.board = options.board;
  input.resume_date = options.resume_date;
  input.resume_time = options.resume_time;
  input.resume_place = options.resume_place;
  input.no_draw_offer = options.no_draw_offer;
  for (auto [text, seconds] : {std::pair{&options.white_time, &input.white_seconds_used},
                               std::pair{&options.black_time, &input.black_seconds_used}}) {
    if (text->empty()) continue;
    *seconds = arbiter::parse_time_used(*text);
    if (!*seconds) {
      context.error(Message("envelope.check.bad_time").with("value", *text));
      return exit_usage;
    }
  }

  pgn::PlayOptions play;
  play.language = *language;
  play.laws = *laws;
  int failed = exit_usage;
  const auto game =
      load_game_and_report(context, options.game, play, options.json,
                           Message("cli.envelope.game_incomplete").with("file", options.game), failed);
  if (!game) return failed;
  if (!options.check.empty()) return run_check(context, options, *game, *laws);

  if (options.draw_offer_option && options.draw_offer_option->count() > 0) {
    if (options.draw_offer == "white" || options.draw_offer == "w") {
      input.draw_offer_by = Color::white;
    } else if (options.draw_offer == "black" || options.draw_offer == "b") {
      input.draw_offer_by = Color::black;
    } else if (options.draw_offer.empty()) {
      // The flag alone: the usual case, the player who moved last offered.
      input.draw_offer_by = ~game->final_position().side_to_move();
    } else {
      context.error(Message("envelope.check.bad_side").with("value", options.draw_offer));
      return exit_usage;
    }
  }

  const arbiter::EnvelopeRecord record = make_envelope(*game, input);
  if (!options.html.empty() && !write_file(context, options.html, envelope_html(record, context.messages())))
    return exit_usage;
  if (!options.svg.empty() && !write_file(context, options.svg, envelope_svg(record, context.messages())))
    return exit_usage;
  if (options.json)
    std::cout << record_json(record).dump() << '\n';
  else
    std::cout << envelope_text(record, context.messages(), !options.ascii);
  return exit_ok;
}

}  // namespace

Command add_envelope_command(CLI::App& app, Context& context) {
  auto options = std::make_shared<EnvelopeOptions>();
  CLI::App* command = app.add_subcommand("envelope", context.text("cli.envelope.description"));
  command->add_option("--game", options->game, context.text("cli.arbiter.game"))->required();
  command->add_option("--check", options->check, context.text("cli.envelope.check"));
  command->add_option("--white", options->white, context.text("cli.envelope.white"));
  command->add_option("--black", options->black, context.text("cli.envelope.black"));
  command->add_option("--white-time", options->white_time, context.text("cli.envelope.white_time"));
  command->add_option("--black-time", options->black_time, context.text("cli.envelope.black_time"));
  options->draw_offer_option =
      command->add_option("--draw-offer", options->draw_offer, context.text("cli.envelope.draw_offer"))
          ->expected(0, 1);
  command->add_flag("--no-draw-offer", options->no_draw_offer, context.text("cli.envelope.no_draw_offer"));
  command->add_option("--resume-date", options->resume_date, context.text("cli.envelope.resume_date"));
  command->add_option("--resume-time", options->resume_time, context.text("cli.envelope.resume_time"));
  command->add_option("--resume-place", options->resume_place, context.text("cli.envelope.resume_place"));
  command->add_option("--event", options->event, context.text("cli.envelope.event"));
  command->add_option("--site", options->site, context.text("cli.envelope.site"));
  command->add_option("--round", options->round, context.text("cli.envelope.round"));
  command->add_option("--board", options->board, context.text("cli.envelope.board"));
  command->add_option("--html", options->html, context.text("cli.envelope.html"));
  command->add_option("--svg", options->svg, context.text("cli.envelope.svg"));
  command->add_flag("--ascii", options->ascii, context.text("cli.envelope.ascii"));
  command->add_option("--lang", options->language, context.text("cli.option.lang"));
  command->add_option("--laws", options->laws, context.text("cli.option.laws"));
  command->add_flag("--json", options->json, context.text("cli.option.json"));
  add_messages_option(*command, context);
  return {command, [&context, options] { return run_envelope(context, *options); }};
}

}  // namespace notera::cli
