#include "notera/notation/read_move.hpp"

#include <tao/pegtl.hpp>

#include "notera/base/utf8.hpp"
#include "notera/notation/move_actions.hpp"
#include "notera/text/normalize.hpp"

namespace notera::notation {

namespace pegtl = tao::pegtl;

LanguageMask reading_languages(int language) {
  const LetterTable& letters = LetterTable::instance();
  if (language < 0) return all_languages;
  return letters.mask_of(language) | letters.mask_of(LetterTable::english);
}

ReadMoveResult read_written_move(std::string_view text, LanguageMask languages) {
  ReadMoveResult result;
  text::NormalizedText normal;
  std::string_view input = text;
  const bool normalise = text::needs_normalization(text);
  if (normalise) {
    normalize_notation(text, normal);
    input = normal.text;
  }
  detail::MoveParseState state(LetterTable::instance(), languages);
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(input.data(), input.size(), "move");
  bool matched = false;
  try {
    matched = pegtl::parse<grammar::move::single_move, detail::move_action>(in, state);
  } catch (const pegtl::parse_error&) {
    matched = false;
  }
  if (matched && !state.descriptive && state.move.kind != WrittenKind::none) {
    result.ok = true;
    result.move = state.move;
    return result;
  }
  // Not a move. Say why as precisely as we can.
  const std::size_t stop = static_cast<std::size_t>(in.current() - input.data());
  const std::size_t source = normalise ? normal.source(stop) : stop;
  result.column = utf8::char_column(text, source);
  if (state.descriptive) {
    result.problem = Message("notation.descriptive").with("text", text);
  } else {
    // Try the move alone to tell "junk after a move" from "no move at all".
    detail::MoveParseState probe(LetterTable::instance(), languages);
    pegtl::memory_input<pegtl::tracking_mode::lazy> again(input.data(), input.size(), "move");
    bool prefix = false;
    try {
      prefix = pegtl::parse<pegtl::seq<grammar::move::trailing_blanks, grammar::move::written_move>,
                            detail::move_action>(again, probe);
    } catch (const pegtl::parse_error&) {
      prefix = false;
    }
    if (probe.descriptive) {
      result.problem = Message("notation.descriptive").with("text", text);
    } else if (prefix && probe.move.kind != WrittenKind::none) {
      const std::size_t end = static_cast<std::size_t>(again.current() - input.data());
      const std::size_t source_end = normalise ? normal.source(end) : end;
      result.column = utf8::char_column(text, source_end);
      result.problem =
          Message("notation.trailing_text").with("text", text).with("rest", text.substr(source_end));
    } else {
      result.problem = Message("notation.not_a_move").with("text", text);
    }
  }
  return result;
}

MoveReading read_and_resolve(const Position& pos, std::string_view text, const ResolveOptions& options) {
  MoveReading reading;
  reading.read = read_written_move(text, reading_languages(options.language));
  if (!reading.read.ok) return reading;
  reading.resolution = resolve(pos, reading.read.move, options);
  return reading;
}

}  // namespace notera::notation
