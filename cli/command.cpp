#include "command.hpp"

#include "notera/notation/systems.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include "game_file.hpp"

#include "notera/core/fen.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/resolve.hpp"

namespace notera::cli {

const locale::Messages& Context::messages() {
  if (!messages_) {
    const std::string language =
        options_.messages_language.empty() ? locale::language_from_environment() : options_.messages_language;
    messages_ = std::make_unique<locale::Messages>(language);
  }
  return *messages_;
}

void Context::error(const Message& m) { std::cerr << "notera: " << format(m) << '\n'; }

void add_messages_option(CLI::App& command, Context& context) {
  command.add_option("--messages", context.options().messages_language, context.text("cli.option.messages"));
}

std::optional<int> language_option(Context& context, std::string_view code, bool systems) {
  if (code.empty() || code == "auto") return notation::ResolveOptions::any_language;
  if (systems) {
    if (const int system = notation::system_language(code)) return system;
  }
  const int index = notation::LetterTable::instance().language_index(code);
  if (index < 0) {
    context.error(Message("cli.unknown_language").with("language", code));
    return std::nullopt;
  }
  return index;
}

std::optional<Position> position_option(Context& context, std::string_view fen, bool chess960) {
  FenResult read = read_fen(fen, chess960);
  if (!read) {
    context.error(Message("cli.bad_fen")
                      .with("column", read.error.column)
                      .with("reason", context.format(read.error.message)));
    return std::nullopt;
  }
  return read.position;
}

std::optional<notation::Laws> laws_option(Context& context, std::string_view year) {
  const auto laws = notation::parse_laws(year);
  if (!laws) context.error(Message("cli.unknown_laws").with("laws", year));
  return laws;
}

std::optional<LoadedGame> load_game_option(Context& context, const std::string& path, int language) {
  pgn::PlayOptions options;
  options.language = language;
  std::optional<game::Game> game = load_game_and_report(context, path, options);
  if (!game) {
    context.error(Message("cli.game_incomplete").with("file", path));
    return std::nullopt;
  }
  LoadedGame loaded{*game, game->start, PositionHistory(game->start)};
  for (const game::GameMove& m : game->mainline.moves) {
    loaded.position.play(m.move);
    loaded.history.push(loaded.position);
  }
  return loaded;
}

}  // namespace notera::cli
