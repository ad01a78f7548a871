// Shared plumbing of the notera subcommands: the options every command has,
// message rendering, and exit codes (docs: README "Exit codes").
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "notera/base/message.hpp"
#include "notera/core/game_state.hpp"
#include "notera/core/position.hpp"
#include "notera/game/game.hpp"
#include "notera/locale/messages.hpp"
#include "notera/notation/laws.hpp"
#include "notera/notation/resolve.hpp"

namespace notera::cli {

// Exit codes, as documented in the README and docs/cli.md.
enum ExitCode : int {
  exit_ok = 0,        // success, everything valid
  exit_problems = 1,  // the input had problems (illegal, ambiguous, rejected, ...)
  exit_usage = 2,     // bad usage or an I/O error
};

// Options shared by all subcommands, filled by CLI11 before a command runs.
struct GlobalOptions {
  std::string messages_language;  // --messages; empty = from the environment
  std::vector<locale::Messages::Rename> renames;  // keys rendered as others (locale::Messages)
};

// What a subcommand file registers: its CLI11 subcommand and the function
// that runs it (called after parsing succeeded), returning the exit code.
struct Command {
  CLI::App* app;
  std::function<int()> run;
};

class Context {
 public:
  explicit Context(GlobalOptions& options) : options_(options) {}
  // Messages in the --messages language (created on first use).
  const locale::Messages& messages();
  std::string text(std::string_view key) { return messages().text(key); }
  std::string format(const Message& m) { return messages().format(m); }
  // Prints "notera: <message>" on stderr.
  void error(const Message& m);
  GlobalOptions& options() { return options_; }

 private:
  GlobalOptions& options_;
  std::unique_ptr<locale::Messages> messages_;
};

// Adds `--messages CODE` to a subcommand (shared by all of them).
void add_messages_option(CLI::App& command, Context& context);

// --lang CODE|auto -> a LetterTable language index or
// ResolveOptions::any_language; prints an error and returns nullopt when the
// language is unknown.
// `systems`: the command also reads other notation systems ("descriptive",
// "descriptive-es", "announced"), given as pseudo language indices.
std::optional<int> language_option(Context& context, std::string_view code, bool systems = false);
// --fen -> a position; prints the FEN error (with column) when it is bad.
std::optional<Position> position_option(Context& context, std::string_view fen, bool chess960 = false);
// --laws YEAR
std::optional<notation::Laws> laws_option(Context& context, std::string_view year);

// The reader's languages, for a move whose notation is not known: the
// message language when it has piece letters (ResolveOptions::preferred),
// and its LetterTable index (-1 when it has none: English letters).
notation::LanguageMask reader_languages(Context& context);
int reader_letters(Context& context);

// --game FILE: the game so far, its final position and the positions it
// went through (for repetition counts); prints the problems when the file
// cannot be read or its moves cannot be replayed in full.
struct LoadedGame {
  game::Game game;
  Position position;
  PositionHistory history{Position::start()};
  // The notation a move written into this game (a sealed move, an intended
  // move) is read in: `language` when given, else the game's when its
  // moves decided it, else ResolveOptions::any_language (see
  // docs/cli.md, "A move of a game").
  int move_language = notation::ResolveOptions::any_language;
  // The game's moves decided move_language (the user did not give it): a
  // letter it does not know is read in the other languages.
  bool other_languages = false;
};
// On failure nullopt, with `exit_code` and the output of
// load_game_and_report() (game_file.hpp); `why` says what the command
// cannot do without the game.
std::optional<LoadedGame> load_game_option(Context& context, const std::string& path, int language,
                                           notation::Laws laws, bool json, const Message& why,
                                           int& exit_code);

// Each subcommand lives in its own file and is registered here.
Command add_perft_command(CLI::App& app, Context& context);
Command add_move_command(CLI::App& app, Context& context);
Command add_sealed_command(CLI::App& app, Context& context);
Command add_convert_command(CLI::App& app, Context& context);
Command add_check_command(CLI::App& app, Context& context);
Command add_claim_command(CLI::App& app, Context& context);
Command add_envelope_command(CLI::App& app, Context& context);
Command add_reconstruct_command(CLI::App& app, Context& context);
Command add_serve_command(CLI::App& app, Context& context);

}  // namespace notera::cli
