// The piece letters of every language notera knows, in one table.
//
// Loaded once from the locale bundles (locales/*.txt: notation.king ...
// notation.pawn), plus the figurines U+2654-265F, which mean the same in
// every language. The grammar matches "a piece abbreviation" against this
// table at run time (longest match, so Russian "Кр" wins over "К"), limited
// to the languages in play; resolution then asks what the letter means in
// the game's language.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "notera/core/san.hpp"
#include "notera/core/types.hpp"

namespace notera::notation {

// A set of languages, one bit per language index (at most 64 languages).
using LanguageMask = std::uint64_t;
inline constexpr LanguageMask all_languages = ~LanguageMask{0};

struct LanguageInfo {
  std::string code;  // "nb", "de", "ru", ...
  std::string name;  // in the language itself
  // Letters notera writes for each piece type (pawn empty), UTF-8.
  std::array<std::string, piece_type_count> written;
  std::string castle_short = "O-O";
  std::string castle_long = "O-O-O";
  std::string promotion_mark = "=";
  // Letters typed from the wrong alphabet, replaced before reading (pairs).
  std::vector<std::pair<std::string, std::string>> lookalikes;
  // Whether the language's own letters contain letters of another script
  // than Latin (Cyrillic languages).
  bool cyrillic = false;
  // Letters that name a pawn only as the piece a capture takes, in a
  // language with no pawn letter in moves: Norwegian, Danish and Swedish
  // "TxB" (rook takes pawn, B for bonde).
  std::vector<std::string> pawn_taken;
};

class LetterTable {
 public:
  // The table built from the built-in locale bundles (created on first use).
  // Inline: the resolver asks for it at every move.
  static const LetterTable& instance() {
    static const LetterTable table;
    return table;
  }

  int language_count() const { return static_cast<int>(language_count_); }
  // Index of a language code ("nb", "nb-NO" and "nb_NO" all give nb), -1 if unknown.
  int language_index(std::string_view code) const;
  const LanguageInfo& language(int index) const { return languages_[static_cast<std::size_t>(index)]; }
  // English is always index 0: its letters are understood everywhere (FIDE's
  // international form) unless the game's language gives them a meaning.
  static constexpr int english = 0;
  LanguageMask mask_of(int language) const { return LanguageMask{1} << language; }

  // Longest letter or figurine starting at `text` that belongs to one of the
  // languages in `languages` (figurines belong to all). Returns the letter
  // id and its length in bytes, or -1.
  // Inline for the one-byte letters and the bytes that start no letter (what
  // the grammar meets almost every time); longer letters are searched.
  int match(std::string_view text, LanguageMask languages, std::size_t& length) const {
    if (text.empty()) return -1;
    const auto first = static_cast<unsigned char>(text[0]);
    const int single = single_id_[first];
    if (single >= 0) {
      if (!(single_languages_[first] & languages)) return -1;
      length = 1;
      return single;
    }
    if (by_first_byte_[first].empty()) return -1;
    // "K" where "Kp", "KP" and "Kt" are letters too: when the next byte
    // cannot make it one of those (as in "Kf1"), it is the one-byte letter.
    const int shorter = shorter_id_[first];
    if (shorter >= 0 && (text.size() == 1 || !lengthened_by_[first][static_cast<unsigned char>(text[1])])) {
      if (!(single_languages_[first] & languages)) return -1;
      length = 1;
      return shorter;
    }
    return match_longer(text, languages, length);
  }

  // What match() finds at a text whose first byte is `first` and whose
  // second byte is one of `seconds`, when that is the same for all of
  // them: the one-byte letter `first` (its id) or no letter (-1). -2 when
  // a longer letter may start so (then ask match()). For a reader that
  // looks a byte up once and meets it at every move.
  int one_byte_letter(unsigned char first, const std::bitset<256>& seconds, LanguageMask languages) const;

  // What letter `id` means in a language: PieceType::none when the letter is
  // not one of that language's letters. Figurines mean their piece anywhere.
  // One table lookup (the resolver asks at every move).
  PieceType meaning(int id, int language) const {
    if (static_cast<std::size_t>(static_cast<unsigned>(language)) < language_count_)
      return meanings_[static_cast<std::size_t>(id) * language_count_ + static_cast<std::size_t>(language)];
    return entries_[static_cast<std::size_t>(id)].figurine_type;  // none for letters
  }
  // What letter `id` means as the piece a capture takes ("TxB"):
  // meaning(), or a pawn where the language names one so there only
  // (LanguageInfo::pawn_taken).
  PieceType taken_meaning(int id, int language) const;
  bool is_figurine(int id) const { return entries_[static_cast<std::size_t>(id)].figurine; }
  // Languages in which the letter means something.
  LanguageMask languages_of(int id) const { return entries_[static_cast<std::size_t>(id)].languages; }
  std::string_view text(int id) const { return entries_[static_cast<std::size_t>(id)].text; }

  // A SanStyle that writes this language's letters (FIDE form), or the
  // figurines when `figurines` is set.
  SanStyle style(int language) const;
  static SanStyle figurine_style();

 private:
  LetterTable();
  int add_letter(std::string_view text, int language, PieceType type);
  int match_longer(std::string_view text, LanguageMask languages, std::size_t& length) const;

  struct Entry {
    std::string text;
    LanguageMask languages = 0;
    std::vector<std::pair<int, PieceType>> meanings;  // (language, type); few per letter
    PieceType figurine_type = PieceType::none;
    bool figurine = false;
  };
  std::vector<LanguageInfo> languages_;
  std::vector<Entry> entries_;
  // Entries by first byte, longest text first, for fast matching.
  std::array<std::vector<int>, 256> by_first_byte_;
  // The one-byte letter for each byte (most letters), when no longer letter
  // starts with that byte: matched without the search.
  std::array<std::int16_t, 256> single_id_{};
  std::array<LanguageMask, 256> single_languages_{};  // also for shorter_id_
  // The one-byte letter for each byte that also starts longer letters, and
  // the second bytes of those longer letters.
  std::array<std::int16_t, 256> shorter_id_{};
  std::array<std::bitset<256>, 256> lengthened_by_{};
  // meaning(id, language) for every letter and language, row by letter.
  std::vector<PieceType> meanings_;
  // languages_.size(), kept apart: the vector's size is a division by the
  // size of LanguageInfo, and meaning() needs it at every move.
  std::size_t language_count_ = 0;
};

}  // namespace notera::notation
