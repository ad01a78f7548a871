#include "notera/notation/judge.hpp"

#include "notera/core/san.hpp"
#include "notera/notation/letters.hpp"

namespace notera::notation {

namespace {

bool only_blanks(std::string_view rest) {
  for (char c : rest)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
  return true;
}

// The text read in the first of `systems` that reads all of it (a legal
// reading first), or nothing read.
MoveJudgement judge_in_systems(const Position& pos, std::string_view text,
                               std::initializer_list<System> systems, Laws laws) {
  MoveJudgement best;
  bool have = false;
  for (System system : systems) {
    for (int alternative = 0; alternative < 2; ++alternative) {
      SystemMove read;
      const std::size_t length = read_system_move(text, system, read, alternative);
      if (length == 0 || !only_blanks(text.substr(length))) continue;
      MoveJudgement j;
      j.system = system;
      j.reading.read.ok = true;
      j.reading.read.move = written_form(pos, read);
      j.reading.resolution = resolve_system_move(pos, read, nullptr);
      const Resolution& r = j.reading.resolution;
      j.verdict = r.verdict;
      if (r.is_legal()) {
        j.after = pos.after(r.move);
        j.warnings = judge_marks(j.after, j.reading.read.move, r.warnings, laws, r.move);
        return j;
      }
      if (!have) {
        best = std::move(j);
        have = true;
      }
    }
  }
  if (!have) best.reading.read.problem = Message("notation.not_a_move").with("text", text);
  return best;
}

}  // namespace

MoveJudgement judge_written_move(const Position& pos, std::string_view text, const ResolveOptions& options,
                                 Laws laws) {
  if (options.language == descriptive_language)
    return judge_in_systems(pos, text, {System::descriptive_en, System::descriptive_es}, laws);
  if (options.language == descriptive_es_language)
    return judge_in_systems(pos, text, {System::descriptive_es}, laws);
  if (options.language == announced_language) return judge_in_systems(pos, text, {System::announced}, laws);
  MoveJudgement j;
  j.reading = read_and_resolve(pos, text, options);
  if (!j.reading.read.ok) {
    if (options.language != ResolveOptions::any_language) return j;
    // Not algebraic: perhaps a book's descriptive move or an announced one.
    MoveJudgement other = judge_in_systems(
        pos, text, {System::descriptive_en, System::descriptive_es, System::announced}, laws);
    return other.reading.read.ok ? other : j;
  }
  const Resolution& r = j.reading.resolution;
  j.verdict = r.verdict;
  if (r.verdict == Verdict::legal) {
    j.after = pos.after(r.move);
    j.warnings = judge_marks(j.after, j.reading.read.move, r.warnings, laws);
  }
  return j;
}

std::uint32_t judge_marks(const Position& after, const WrittenMove& written,
                          std::uint32_t resolution_warnings, Laws laws, Move played) {
  return relevant_warnings(resolution_warnings | judge_check_marks(after, written, played), laws);
}

std::string readings_list(const Position& pos, const MoveList& moves, int language) {
  // People read their own letters best; English SAN stays in the JSON.
  const SanStyle style = language >= 0 ? LetterTable::instance().style(language) : SanStyle{};
  std::string out;
  for (Move m : moves) {
    if (!out.empty()) out += ", ";
    out += to_san(pos, m, style);
  }
  return out;
}

std::string language_codes(LanguageMask languages) {
  const LetterTable& letters = LetterTable::instance();
  std::string out;
  for (int lang = 0; lang < letters.language_count(); ++lang) {
    if (!(languages & letters.mask_of(lang))) continue;
    if (!out.empty()) out += ", ";
    out += letters.language(lang).code;
  }
  return out;
}

std::string language_readings_list(const Position& pos, const std::vector<LanguageReading>& readings,
                                   int language) {
  std::string out;
  for (const LanguageReading& reading : readings) {
    if (reading.moves.empty()) continue;
    if (!out.empty()) out += ", ";
    out += readings_list(pos, reading.moves, language) + " (" + language_codes(reading.languages) + ')';
  }
  return out;
}

Message notation_note(const Position& pos, std::string_view text, const MoveReading& reading, int language) {
  if (!reading.legal_in_one_notation()) return {};
  LanguageMask read_so = 0, others = 0;
  for (const LanguageReading& r : reading.by_language) (r.moves.empty() ? others : read_so) |= r.languages;
  const SanStyle style = language >= 0 ? LetterTable::instance().style(language) : SanStyle{};
  return Message("move.read_in_one_notation")
      .with("text", text)
      .with("san", to_san(pos, reading.resolution.move, style))
      .with("languages", language_codes(read_so))
      .with("others", language_codes(others));
}

}  // namespace notera::notation
