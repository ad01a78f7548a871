#include "notera/notation/letters.hpp"

#include <algorithm>

#include "notera/base/utf8.hpp"
#include "notera/locale/bundle.hpp"

namespace notera::notation {

namespace {

constexpr const char* piece_keys[piece_type_count] = {nullptr,           nullptr,         "notation.knight",
                                                      "notation.bishop", "notation.rook", "notation.queen",
                                                      "notation.king"};

bool has_non_ascii_letters(const std::string& s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

}  // namespace

// Builds the whole table from the bundles once, language by language: a
// long but flat list of the words each bundle gives (piece letters,
// figurines, castling, e.p., check, promotion), best read in one piece.
LetterTable::LetterTable() {
  // English first (index 0), then every other bundle language.
  std::vector<std::string> codes = {"en"};
  for (const std::string& code : locale::available_languages())
    if (code != "en" && code != "root") codes.push_back(code);

  for (const std::string& code : codes) {
    const locale::Bundle bundle(code == "en" ? "root" : code);
    LanguageInfo info;
    info.code = code;
    info.name = bundle.string("lang.name").value_or(code);
    const int lang = static_cast<int>(languages_.size());
    for (int t = index(PieceType::knight); t <= index(PieceType::king); ++t) {
      const auto letters = bundle.strings(piece_keys[t]);
      if (!letters.empty()) info.written[static_cast<std::size_t>(t)] = letters.front();
      for (const std::string& letter : letters) {
        add_letter(letter, lang, static_cast<PieceType>(t));
        info.cyrillic |= has_non_ascii_letters(letter);
      }
    }
    for (const std::string& letter : bundle.strings("notation.pawn"))
      add_letter(letter, lang, PieceType::pawn);
    info.pawn_taken = bundle.strings("notation.pawn_taken");
    info.castle_short = bundle.string("notation.castle_short").value_or("O-O");
    info.castle_long = bundle.string("notation.castle_long").value_or("O-O-O");
    info.promotion_mark = bundle.string("notation.promotion_mark").value_or("=");
    // Look-alikes ("Kp" typed for Russian "Кр") become letters of their own
    // with the meaning of the letter they imitate, in this language only, so
    // that nothing else in the text (castling "O-O", files) is touched.
    const auto pairs = bundle.strings("notation.lookalikes");
    for (std::size_t i = 0; i + 1 < pairs.size(); i += 2) {
      info.lookalikes.emplace_back(pairs[i], pairs[i + 1]);
      PieceType imitated = PieceType::none;
      for (const Entry& e : entries_)
        for (const auto& [l, type] : e.meanings)
          if (l == lang && e.text == pairs[i + 1]) imitated = type;
      if (imitated != PieceType::none) add_letter(pairs[i], lang, imitated);
    }
    languages_.push_back(std::move(info));
  }

  // Figurines: white U+2654-2659 and black U+265A-265F, king first.
  constexpr PieceType order[6] = {PieceType::king,   PieceType::queen,  PieceType::rook,
                                  PieceType::bishop, PieceType::knight, PieceType::pawn};
  for (int colour = 0; colour < 2; ++colour) {
    for (int i = 0; i < 6; ++i) {
      const char32_t cp = static_cast<char32_t>(0x2654 + colour * 6 + i);
      std::string text;
      utf8::append(text, cp);
      Entry e;
      e.text = text;
      e.languages = all_languages;
      e.figurine = true;
      e.figurine_type = order[i];
      entries_.push_back(std::move(e));
    }
  }

  for (std::size_t id = 0; id < entries_.size(); ++id)
    by_first_byte_[static_cast<unsigned char>(entries_[id].text[0])].push_back(static_cast<int>(id));
  for (auto& ids : by_first_byte_)
    std::stable_sort(ids.begin(), ids.end(), [this](int a, int b) {
      return entries_[static_cast<std::size_t>(a)].text.size() >
             entries_[static_cast<std::size_t>(b)].text.size();
    });
  for (std::size_t byte = 0; byte < 256; ++byte) {
    single_id_[byte] = -1;
    shorter_id_[byte] = -1;
    const auto& ids = by_first_byte_[byte];
    if (ids.empty()) continue;
    // Longest first: a one-byte letter is the last one.
    const Entry& last = entries_[static_cast<std::size_t>(ids.back())];
    if (last.text.size() != 1) continue;
    single_languages_[byte] = last.languages;
    if (ids.size() == 1) {
      single_id_[byte] = static_cast<std::int16_t>(ids.back());
      continue;
    }
    shorter_id_[byte] = static_cast<std::int16_t>(ids.back());
    for (int id : ids) {
      const std::string& text = entries_[static_cast<std::size_t>(id)].text;
      if (text.size() > 1) lengthened_by_[byte].set(static_cast<unsigned char>(text[1]));
    }
  }
  const std::size_t count = languages_.size();
  language_count_ = count;
  meanings_.assign(entries_.size() * count, PieceType::none);
  for (std::size_t id = 0; id < entries_.size(); ++id) {
    const Entry& e = entries_[id];
    for (std::size_t lang = 0; lang < count; ++lang) meanings_[id * count + lang] = e.figurine_type;
    if (e.figurine) continue;
    for (const auto& [lang, type] : e.meanings) meanings_[id * count + static_cast<std::size_t>(lang)] = type;
  }
}

int LetterTable::add_letter(std::string_view text, int language, PieceType type) {
  if (text.empty()) return -1;
  auto it = std::find_if(entries_.begin(), entries_.end(),
                         [&](const Entry& e) { return !e.figurine && e.text == text; });
  if (it == entries_.end()) {
    entries_.push_back(Entry{std::string(text), 0, {}, PieceType::none, false});
    it = entries_.end() - 1;
  }
  // A letter read twice in one language keeps its first meaning.
  if (!(it->languages & mask_of(language))) {
    it->languages |= mask_of(language);
    it->meanings.emplace_back(language, type);
  }
  return static_cast<int>(it - entries_.begin());
}

int LetterTable::language_index(std::string_view code) const {
  const std::string canonical = locale::canonical_language(code);
  const std::string base = canonical.substr(0, canonical.find('_'));
  for (std::size_t i = 0; i < languages_.size(); ++i)
    if (languages_[i].code == canonical || languages_[i].code == base) return static_cast<int>(i);
  // Norwegian without a written form: bokmål.
  if (base == "no") return language_index("nb");
  return -1;
}

int LetterTable::one_byte_letter(unsigned char first, const std::bitset<256>& seconds,
                                 LanguageMask languages) const {
  // match()'s steps, for every second byte of `seconds` at once.
  if (single_id_[first] >= 0) return (single_languages_[first] & languages) ? single_id_[first] : -1;
  if (by_first_byte_[first].empty()) return -1;
  if (shorter_id_[first] >= 0 && (lengthened_by_[first] & seconds).none())
    return (single_languages_[first] & languages) ? shorter_id_[first] : -1;
  return -2;
}

int LetterTable::match_longer(std::string_view text, LanguageMask languages, std::size_t& length) const {
  for (int id : by_first_byte_[static_cast<unsigned char>(text[0])]) {
    const Entry& e = entries_[static_cast<std::size_t>(id)];
    if (!(e.languages & languages)) continue;
    // The first byte already matched; the rest are a byte or three (an
    // inline loop, not a call to memcmp: "K" meets "Kt", "Kp" and "KP").
    const std::size_t n = e.text.size();
    if (n > text.size()) continue;
    std::size_t i = 1;
    while (i < n && text[i] == e.text[i]) ++i;
    if (i == n) {
      length = n;
      return id;
    }
  }
  return -1;
}

SanStyle LetterTable::style(int language) const {
  const LanguageInfo& info = languages_[static_cast<std::size_t>(language)];
  SanStyle s;
  for (int t = index(PieceType::knight); t <= index(PieceType::king); ++t)
    s.pieces[static_cast<std::size_t>(t)] = info.written[static_cast<std::size_t>(t)];
  s.castle_short = info.castle_short;
  s.castle_long = info.castle_long;
  s.promotion_mark = info.promotion_mark;
  return s;
}

SanStyle LetterTable::figurine_style() {
  SanStyle s;
  s.pieces = {"", "", "♘", "♗", "♖", "♕", "♔"};
  return s;
}

PieceType LetterTable::taken_meaning(int id, int language) const {
  const PieceType type = meaning(id, language);
  if (type != PieceType::none || language < 0 || language >= language_count()) return type;
  const std::vector<std::string>& pawn = languages_[static_cast<std::size_t>(language)].pawn_taken;
  return std::find(pawn.begin(), pawn.end(), text(id)) != pawn.end() ? PieceType::pawn : PieceType::none;
}

}  // namespace notera::notation
