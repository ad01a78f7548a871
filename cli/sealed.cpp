// notera sealed --fen FEN | --game FILE --move TEXT [--lang L] [--laws Y]
// The arbiter's ruling on the sealed move of an adjourned game. Exit 0
// only when the sealed move is legal.
#include <iostream>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "notera/arbiter/sealed.hpp"
#include "notera/core/fen.hpp"
#include "notera/report/json.hpp"

namespace notera::cli {

namespace {

struct SealedCliOptions {
  std::string fen;
  std::string game;
  std::string move;
  std::string language = "auto";
  std::string laws = "2023";
  bool json = false;
  bool chess960 = false;
};

nlohmann::json game_end_json(GameEnd end) {
  if (end == GameEnd::none) return nullptr;
  return std::string(to_string(end));
}

int run_sealed(Context& context, const SealedCliOptions& options) {
  const auto language = language_option(context, options.language);
  if (!language) return exit_usage;
  const auto laws = laws_option(context, options.laws);
  if (!laws) return exit_usage;

  // The position before the sealed move must be given (docs/cli.md): the
  // start position is no sealed move's.
  if (options.fen.empty() && options.game.empty()) {
    context.error(Message("cli.sealed.no_position"));
    return exit_usage;
  }
  if (options.move.find_first_not_of(" \t\r\n") == std::string::npos) {
    context.error(Message("cli.no_move").with("what", "--move"));
    return exit_usage;
  }
  std::optional<Position> before;
  std::optional<PositionHistory> history;
  arbiter::SealedOptions sealed_options;
  sealed_options.language = *language;
  if (!options.game.empty()) {
    int failed = exit_usage;
    const auto loaded = load_game_option(context, options.game, *language, *laws, options.json,
                                         Message("cli.game_incomplete").with("file", options.game), failed);
    if (!loaded) return failed;
    before = loaded->position;
    history = loaded->history;
    // The sealed move is the game's next move: in the game's notation.
    sealed_options.language = loaded->move_language;
    sealed_options.other_languages = loaded->other_languages;
  } else {
    before = position_option(context, options.fen, options.chess960);
    if (!before) return exit_usage;
    history.emplace(*before);
  }

  sealed_options.preferred = reader_languages(context);
  sealed_options.message_letters = reader_letters(context);
  sealed_options.laws = *laws;
  const arbiter::SealedRuling ruling = rule_on_sealed_move(*before, *history, options.move, sealed_options);
  report::MoveReport report = report::move_report(*before, options.move, ruling, context.messages());
  nlohmann::json& j = report.json;
  j["game_over"] = game_end_json(ruling.game_over);
  j["ends_game"] = game_end_json(ruling.ends_game);
  j["ruling"] = context.format(ruling.ruling);
  j["paragraph"] = context.format(ruling.paragraph);
  j["laws"] = std::string(to_string(*laws));
  j["sealer_loses"] = ruling.sealer_loses;
  j["fen"] = write_fen(*before);
  if (options.json) {
    std::cout << j.dump() << '\n';
  } else {
    std::cout << j["ruling"].get<std::string>() << '\n';
    for (const auto& w : j["warnings"]) std::cout << "  " << w.get<std::string>() << '\n';
    // The ruling on a move legal in one notation only says what its note says.
    if (ruling.ruling.key != "sealed.ruling.legal_in_one_notation")
      for (const auto& n : j["notes"]) std::cout << "  " << n.get<std::string>() << '\n';
  }
  // Legal in one notation only: legal, but the arbiter must establish the
  // player's notation before the move is made.
  const bool settled = !ruling.reading.legal_in_one_notation();
  return ruling.verdict == notation::Verdict::legal && ruling.game_over == GameEnd::none && settled
             ? exit_ok
             : exit_problems;
}

}  // namespace

Command add_sealed_command(CLI::App& app, Context& context) {
  auto options = std::make_shared<SealedCliOptions>();
  CLI::App* command = app.add_subcommand("sealed", context.text("cli.sealed.description"));
  auto* fen = command->add_option("--fen", options->fen, context.text("cli.sealed.fen"));
  auto* game = command->add_option("--game", options->game, context.text("cli.sealed.game"));
  fen->excludes(game);
  command->add_option("--move", options->move, context.text("cli.sealed.move"))->required();
  command->add_option("--lang", options->language, context.text("cli.option.lang"));
  command->add_option("--laws", options->laws, context.text("cli.option.laws"));
  command->add_flag("--json", options->json, context.text("cli.option.json"));
  command->add_flag("--chess960", options->chess960, context.text("cli.option.chess960"));
  add_messages_option(*command, context);
  return {command, [&context, options] { return run_sealed(context, *options); }};
}

}  // namespace notera::cli
