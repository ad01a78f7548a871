// notera move --fen FEN [--lang L] [--laws Y] [--json] TEXT
// What one written move means in a position: legal (with the move),
// ambiguous (with every legal reading), illegal (with the reason) or
// unclear (not a move). Exit 0 only for legal.
#include <iostream>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "notera/core/fen.hpp"
#include "notera/notation/judge.hpp"
#include "notera/notation/write_move.hpp"
#include "notera/report/json.hpp"

namespace notera::cli {

namespace {

struct MoveOptions {
  std::string fen{start_fen};
  std::string language = "auto";
  std::string laws = "2023";
  bool json = false;
  bool chess960 = false;
  std::string to;  // also write the move in this notation
  std::vector<std::string> text;
};

int run_move(Context& context, const MoveOptions& options) {
  const auto pos = position_option(context, options.fen, options.chess960);
  if (!pos) return exit_usage;
  const auto language = language_option(context, options.language, true);
  if (!language) return exit_usage;
  const auto laws = laws_option(context, options.laws);
  if (!laws) return exit_usage;

  std::string text;
  for (const std::string& part : options.text) text += (text.empty() ? "" : " ") + part;
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    // An empty argument is a slip of the command line, not a written move.
    context.error(Message("cli.no_move").with("what", "TEXT"));
    return exit_usage;
  }
  std::optional<notation::OutputNotation> notation;
  if (!options.to.empty()) {
    notation = notation::output_notation(options.to);
    if (!notation) {
      context.error(Message("cli.unknown_notation").with("notation", options.to));
      return exit_usage;
    }
    notation->words_language = context.messages().language();
  }
  notation::ResolveOptions resolve_options;
  resolve_options.language = *language;
  resolve_options.preferred = reader_languages(context);
  const notation::MoveJudgement judgement = judge_written_move(*pos, text, resolve_options, *laws);
  report::MoveReport report = report::move_report(*pos, text, judgement, context.messages());
  const notation::Resolution& r = judgement.reading.resolution;
  if (notation && judgement.is_legal()) {
    const std::string written = move_text(*pos, r.move, *notation);
    report.json["written"] = written;
    if (!options.json) report.summary = written;
  }
  if (options.json)
    std::cout << report.json.dump() << '\n';
  else
    std::cout << report.summary << '\n';
  return judgement.is_legal() ? exit_ok : exit_problems;
}

}  // namespace

Command add_move_command(CLI::App& app, Context& context) {
  auto options = std::make_shared<MoveOptions>();
  CLI::App* command = app.add_subcommand("move", context.text("cli.move.description"));
  command->add_option("--fen", options->fen, context.text("cli.option.fen"));
  command->add_option("--lang", options->language, context.text("cli.option.lang"));
  command->add_option("--laws", options->laws, context.text("cli.option.laws"));
  command->add_flag("--json", options->json, context.text("cli.option.json"));
  command->add_flag("--chess960", options->chess960, context.text("cli.option.chess960"));
  command->add_option("--to", options->to, context.text("cli.move.to"));
  command->add_option("text", options->text, context.text("cli.move.text"))->required();
  add_messages_option(*command, context);
  return {command, [&context, options] { return run_move(context, *options); }};
}

}  // namespace notera::cli
