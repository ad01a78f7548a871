#include "notera/notation/read_move.hpp"

#include <algorithm>

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

namespace {

// The readings of a move's letter in the languages it was read in (the
// first tier when it knows the letter, else the others) when they disagree
// about the piece: each piece with its languages and the legal moves it
// allows (none, for some). Empty when the letter is a figurine, is read
// in one language or means the same piece in all of them.
std::vector<LanguageReading> readings_by_language(const Position& pos, const WrittenMove& w,
                                                  const ResolveOptions& options) {
  const LetterTable& letters = LetterTable::instance();
  std::vector<LanguageReading> out;
  if (w.kind != WrittenKind::piece || letters.is_figurine(w.piece.letter)) return out;
  const LanguageMask first_tier = options.first_tier();
  for (const LanguageMask tier : {first_tier, ~first_tier}) {
    for (int lang = 0; lang < letters.language_count(); ++lang) {
      const PieceType piece = letters.meaning(w.piece.letter, lang);
      if (!(tier & letters.mask_of(lang)) || piece == PieceType::none) continue;
      auto same =
          std::find_if(out.begin(), out.end(), [piece](const LanguageReading& r) { return r.piece == piece; });
      if (same == out.end()) {
        ResolveOptions one;
        one.language = lang;
        one.foreign_letters = false;
        one.warnings = false;
        one.reasons = false;
        LanguageReading reading;
        reading.piece = piece;
        reading.moves = resolve(pos, w, one).candidates;
        same = out.insert(out.end(), std::move(reading));
      }
      same->languages |= letters.mask_of(lang);
    }
    if (!out.empty()) break;
  }
  if (out.size() < 2) out.clear();
  return out;
}

}  // namespace

bool MoveReading::depends_on_language() const {
  if (resolution.verdict != Verdict::ambiguous) return false;
  int with_moves = 0;
  bool one_move = false;
  for (const LanguageReading& r : by_language) {
    with_moves += r.moves.empty() ? 0 : 1;
    one_move = one_move || r.moves.size() == 1;
  }
  return with_moves >= 2 && one_move;
}

MoveReading read_and_resolve(const Position& pos, std::string_view text, const ResolveOptions& options) {
  MoveReading reading;
  reading.read = read_written_move(
      text, options.other_languages ? all_languages : reading_languages(options.language));
  if (!reading.read.ok) return reading;
  const Resolution& r = reading.resolution = resolve(pos, reading.read.move, options);
  // Readings in several notations: an ambiguous move, or a legal one that
  // only a language outside the first tier reads so.
  const bool several = options.language == ResolveOptions::any_language || options.other_languages;
  if (several && (r.verdict == Verdict::ambiguous ||
                  (r.is_legal() && r.language >= 0 &&
                   !(options.first_tier() & LetterTable::instance().mask_of(r.language)))))
    reading.by_language = readings_by_language(pos, reading.read.move, options);
  return reading;
}

}  // namespace notera::notation
