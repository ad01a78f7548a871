#include "command.hpp"

#include "notera/notation/systems.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include "game_file.hpp"

#include "notera/core/fen.hpp"
#include "notera/input/load.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/resolve.hpp"

namespace notera::cli {

const locale::Messages& Context::messages() {
  if (!messages_) {
    const std::string language =
        options_.messages_language.empty() ? locale::language_from_environment() : options_.messages_language;
    messages_ = std::make_unique<locale::Messages>(language, options_.renames);
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

int reader_letters(Context& context) {
  return notation::LetterTable::instance().language_index(context.messages().language());
}

notation::LanguageMask reader_languages(Context& context) {
  const int letters = reader_letters(context);
  return letters >= 0 ? notation::LetterTable::instance().mask_of(letters) : 0;
}

namespace {

// The notation the moves of `game` (read from `path` in any language)
// decided, for a move written into it: a language other than English
// (English did not read the game); English when the game has piece moves
// and the reader's language (the first tier besides English) does not
// read them as the same moves, its letters meaning nothing there or other
// pieces ("Nf3", "Bc4" to a German reader); else none: a game of pawn
// moves, or one whose letters read the same in the reader's language
// ("Ke2"), gives no evidence, and the move is read as any move is.
int decided_language(Context& context, const std::string& path, const game::Game& game,
                     const pgn::PlayOptions& read) {
  const notation::LetterTable& letters = notation::LetterTable::instance();
  const int language = letters.language_index(game.language);
  if (language < 0) return notation::ResolveOptions::any_language;  // descriptive, announced
  if (language != notation::LetterTable::english) return language;
  Position pos = game.start;
  bool piece_moves = false;
  for (const game::GameMove& m : game.mainline.moves) {
    piece_moves =
        piece_moves || (!m.move.is_castling() && type_of(pos.piece_on(m.move.from())) != PieceType::pawn);
    pos.play(m.move);
  }
  if (!piece_moves) return notation::ResolveOptions::any_language;
  const int reader = reader_letters(context);
  if (reader < 0 || reader == notation::LetterTable::english) return language;
  // Read in the reader's language, an English letter there is a foreign
  // one (a warning); a clashing one reads otherwise.
  pgn::PlayOptions strict = read;
  strict.language = reader;
  strict.foreign_letters = false;
  strict.warnings = true;
  std::vector<Diagnostic> problems;
  const std::optional<game::Game> again = input::load_game_file(path, strict, problems);
  const auto same_reading = [&] {
    if (!again || again->mainline.moves.size() != game.mainline.moves.size()) return false;
    for (std::size_t i = 0; i < game.mainline.moves.size(); ++i)
      if (again->mainline.moves[i].move != game.mainline.moves[i].move) return false;
    return std::none_of(problems.begin(), problems.end(),
                        [](const Diagnostic& d) { return d.message.key == "warning.foreign_letter"; });
  };
  return same_reading() ? notation::ResolveOptions::any_language : language;
}

}  // namespace

std::optional<LoadedGame> load_game_option(Context& context, const std::string& path, int language,
                                           notation::Laws laws, bool json, const Message& why,
                                           int& exit_code) {
  pgn::PlayOptions options;
  options.language = language;
  options.laws = laws;
  // Of the languages that read the game alike (nb, sv, da and de share
  // K D T L S), the reader's.
  if (const int reader = reader_letters(context); reader >= 0) options.preference.push_back(reader);
  std::optional<game::Game> game = load_game_and_report(context, path, options, json, why, exit_code);
  if (!game) return std::nullopt;
  LoadedGame loaded{*game, game->start, PositionHistory(game->start)};
  for (const game::GameMove& m : game->mainline.moves) {
    loaded.position.play(m.move);
    loaded.history.push(loaded.position);
  }
  if (language == notation::ResolveOptions::any_language) {
    loaded.move_language = decided_language(context, path, loaded.game, options);
    loaded.other_languages = loaded.move_language != notation::ResolveOptions::any_language;
  } else {
    loaded.move_language = language;
  }
  return loaded;
}

}  // namespace notera::cli
