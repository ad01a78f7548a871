// notera - chess notation as people really write it.
//
// The command line only: every subcommand is a thin layer over the library
// (lib/notera), registered from its own file in this folder.
#include <iostream>
#include <vector>

#include "command.hpp"
#include "notera/base/memory.hpp"
#include "usage_error.hpp"

int main(int argc, char** argv) {
  using namespace notera::cli;
  GlobalOptions options;
  Context context(options);

  // Help texts are localised too: pick the message language before parsing.
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string_view(argv[i]) == "--messages") options.messages_language = argv[i + 1];

  CLI::App app{context.text("cli.description"), "notera"};
  app.set_version_flag("--version", std::string("notera ") + NOTERA_VERSION);
  app.require_subcommand(1);
  app.fallthrough();
  // Also before the command ("notera --messages nb convert ..."), as
  // docs/cli.md lists it among the common options.
  add_messages_option(app, context);

  const std::vector<Command> commands = {
      add_convert_command(app, context),  add_check_command(app, context),
      add_move_command(app, context),     add_perft_command(app, context),
      add_sealed_command(app, context),   add_claim_command(app, context),
      add_envelope_command(app, context), add_reconstruct_command(app, context),
      add_serve_command(app, context),
  };

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // In the message language, as every other error (CLI11's own are
    // English), with the hint to the --help of the command it was for.
    std::vector<std::string> names;
    std::string parsing;
    for (const Command& command : commands) {
      names.push_back(command.app->get_name());
      if (command.app->parsed()) parsing = command.app->get_name();
    }
    context.error(usage_error_message(e, names, parsing, app.remaining()));
    std::cerr << context.format(usage_help_hint(parsing)) << '\n';
    return exit_usage;
  }
  // --messages names a language notera has messages in, as --lang names
  // one it has letters for ("nb_NO", "sv-SE", "pt-BR" are nb, sv, pt).
  if (!options.messages_language.empty() &&
      notera::locale::bundle_language(options.messages_language).empty()) {
    std::string known;
    for (const std::string& code : notera::locale::available_languages())
      known += (known.empty() ? "" : ", ") + code;
    context.error(notera::Message("cli.unknown_messages_language")
                      .with("language", options.messages_language)
                      .with("languages", known));
    return exit_usage;
  }
  for (const Command& command : commands) {
    if (command.app->parsed()) {
      // Freed memory kept for the next search or game
      // (include/notera/base/memory.hpp), except by the page's server: with
      // 200 clients at once it held 421 MiB at the end instead of 249 for
      // 3% more answers a second (docs/speed.md, forty-first session).
      if (command.app->get_name() != "serve") notera::memory::keep_freed_memory();
      try {
        return command.run();
      } catch (const std::exception& e) {
        context.error(notera::Message("cli.internal_error").with("what", e.what()));
        return exit_usage;
      }
    }
  }
  return exit_usage;
}
