#include "notera/notation/read_move.hpp"

#include <algorithm>
#include <array>

#include <unicode/unistr.h>

#include <tao/pegtl.hpp>

#include "notera/base/utf8.hpp"
#include "notera/locale/bundle.hpp"
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

// A word as compared: normalised, case-folded, split at blanks.
using Word = std::vector<std::string>;

std::vector<std::string> split_at_blanks(std::string_view text) {
  std::vector<std::string> parts;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) parts.emplace_back(text.substr(start, i - start));
  }
  return parts;
}

std::string folded(std::string_view text) {
  icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<std::int32_t>(text.size())));
  u.foldCase();
  std::string out;
  u.toUTF8String(out);
  return out;
}

Word word_of(std::string_view text) {
  Word word = split_at_blanks(text::normalized(text));
  for (std::string& part : word) part = folded(part);
  return word;
}

// What the words of one language say (locales: words.*).
struct MoveWords {
  enum Kind { castle_short, castle_long, mate, check, en_passant, draw_offer, kinds };
  std::array<std::vector<Word>, kinds> words;
};

// The words of every language, by LetterTable index (English's are root's).
const std::vector<MoveWords>& move_words() {
  static const std::vector<MoveWords> table = [] {
    static constexpr const char* keys[MoveWords::kinds] = {"words.castle_short", "words.castle_long",
                                                           "words.mate",         "words.check",
                                                           "words.en_passant",   "words.draw_offer"};
    const LetterTable& letters = LetterTable::instance();
    std::vector<MoveWords> out(static_cast<std::size_t>(letters.language_count()));
    for (int lang = 0; lang < letters.language_count(); ++lang) {
      const std::string& code = letters.language(lang).code;
      const locale::Bundle bundle(code == "en" ? "root" : code);
      for (int kind = 0; kind < MoveWords::kinds; ++kind)
        for (const std::string& text : bundle.strings(keys[kind]))
          if (Word word = word_of(text); !word.empty())
            out[static_cast<std::size_t>(lang)].words[static_cast<std::size_t>(kind)].push_back(
                std::move(word));
    }
    return out;
  }();
  return table;
}

// Whether `parts` ends with `word` (folded), leaving at least `keep` parts before it.
bool ends_with(const std::vector<std::string>& parts, const Word& word, std::size_t keep) {
  if (parts.size() < word.size() + keep) return false;
  const std::size_t first = parts.size() - word.size();
  for (std::size_t i = 0; i < word.size(); ++i)
    if (folded(parts[first + i]) != word[i]) return false;
  return true;
}

// `text` with the words of `language` (and English's; every language's for
// any_language) turned into the marks the grammar reads: "kort rokade" ->
// "0-0", "Sxe5 sjakk" -> "Sxe5+", "exd6 en passant" -> "exd6 e.p.",
// "Lc4 remistilbud", "Lc4=", "Lc4 =" -> "Lc4 (=)". Empty when no word was
// found.
std::string marks_for_words(std::string_view text, int language) {
  std::vector<std::string> parts = split_at_blanks(text::normalized(text));
  const std::vector<MoveWords>& table = move_words();
  const auto in_reading = [language](std::size_t lang) {
    return language < 0 || lang == static_cast<std::size_t>(language) || lang == LetterTable::english;
  };
  bool kind_found[MoveWords::kinds] = {};
  bool found = false;
  // Marks after the move, in any order, each after a blank.
  for (bool again = true; again && parts.size() > 1;) {
    again = false;
    if (parts.back() == "=" || (parts.back().size() > 1 && parts.back().back() == '=')) {
      if (parts.back() == "=")
        parts.pop_back();
      else
        parts.back().pop_back();
      kind_found[MoveWords::draw_offer] = found = again = true;
      continue;
    }
    for (std::size_t lang = 0; lang < table.size() && !again; ++lang) {
      if (!in_reading(lang)) continue;
      for (int kind = MoveWords::mate; kind < MoveWords::kinds && !again; ++kind)
        for (const Word& word : table[lang].words[static_cast<std::size_t>(kind)])
          if (ends_with(parts, word, 1)) {
            parts.resize(parts.size() - word.size());
            kind_found[kind] = found = again = true;
            break;
          }
    }
  }
  if (parts.size() == 1 && parts.back().size() > 1 && parts.back().back() == '=') {
    // "Lc4=": a draw offer; "d8=" is no promotion without its piece.
    parts.back().pop_back();
    kind_found[MoveWords::draw_offer] = found = true;
  }
  // Castling in words, the whole move.
  for (std::size_t lang = 0; lang < table.size(); ++lang) {
    if (!in_reading(lang)) continue;
    for (int kind : {MoveWords::castle_short, MoveWords::castle_long})
      for (const Word& word : table[lang].words[static_cast<std::size_t>(kind)])
        if (ends_with(parts, word, 0) && parts.size() == word.size()) {
          parts = {kind == MoveWords::castle_short ? "0-0" : "0-0-0"};
          found = true;
        }
  }
  if (!found || parts.empty()) return {};
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : " ") + part;
  const bool marked = out.back() == '+' || out.back() == '#';
  if (kind_found[MoveWords::mate] && !marked)
    out += '#';
  else if (kind_found[MoveWords::check] && !marked)
    out += '+';
  if (kind_found[MoveWords::en_passant]) out += " e.p.";
  if (kind_found[MoveWords::draw_offer]) out += " (=)";
  return out;
}

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
      auto same = std::find_if(out.begin(), out.end(),
                               [piece](const LanguageReading& r) { return r.piece == piece; });
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

ReadMoveResult read_player_move(std::string_view text, int language) {
  const LanguageMask languages = reading_languages(language);
  ReadMoveResult result = read_written_move(text, languages);
  if (result.ok) return result;
  const std::string marked = marks_for_words(text, language);
  if (marked.empty()) return result;
  ReadMoveResult with_words = read_written_move(marked, languages);
  return with_words.ok ? with_words : result;
}

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
  reading.read =
      read_player_move(text, options.other_languages ? ResolveOptions::any_language : options.language);
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
