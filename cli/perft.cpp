// notera perft --fen FEN --depth N [--divide]: count the leaves of the legal
// move tree, the standard check of a move generator.
#include <chrono>
#include <iostream>

#include "command.hpp"
#include "notera/core/fen.hpp"
#include "notera/core/movegen.hpp"
#include "notera/core/uci.hpp"

namespace notera::cli {

namespace {

struct PerftOptions {
  std::string fen{start_fen};
  int depth = 1;
  bool divide = false;
  bool chess960 = false;
};

int run_perft(Context& context, const PerftOptions& options) {
  const auto start = position_option(context, options.fen, options.chess960);
  if (!start) return exit_usage;
  Position pos = *start;
  const auto started = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  if (options.divide && options.depth >= 1) {
    MoveList moves;
    generate_legal(pos, moves);
    Undo undo;
    for (Move m : moves) {
      const std::string uci = to_uci(pos, m);
      pos.do_move(m, undo);
      const std::uint64_t nodes = perft(pos, options.depth - 1);
      pos.undo_move(m, undo);
      std::cout << uci << ": " << nodes << '\n';
      total += nodes;
    }
    std::cout << '\n';
  } else {
    total = perft(pos, options.depth);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << total << '\n';
  std::cerr << context.format(Message("cli.perft.summary")
                                  .with("nodes", static_cast<std::int64_t>(total))
                                  .with("milliseconds", static_cast<std::int64_t>(seconds * 1000))
                                  .with("nps", static_cast<std::int64_t>(
                                                   seconds > 0 ? static_cast<double>(total) / seconds : 0)))
            << '\n';
  return exit_ok;
}

}  // namespace

Command add_perft_command(CLI::App& app, Context& context) {
  auto options = std::make_shared<PerftOptions>();
  CLI::App* command = app.add_subcommand("perft", context.text("cli.perft.description"));
  command->add_option("--fen", options->fen, context.text("cli.option.fen"));
  command->add_option("--depth", options->depth, context.text("cli.perft.depth"))
      ->required()
      ->check(CLI::TypeValidator<int>().description(""))  // not a number is not "out of range"
      ->check(CLI::Range(0, 20));
  command->add_flag("--divide", options->divide, context.text("cli.perft.divide"));
  command->add_flag("--chess960", options->chess960, context.text("cli.option.chess960"));
  add_messages_option(*command, context);
  return {command, [&context, options] { return run_perft(context, *options); }};
}

}  // namespace notera::cli
