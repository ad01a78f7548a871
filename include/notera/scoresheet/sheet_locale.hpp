// What the scoresheet reader needs from ICU and the locale bundles: the
// sheet's bytes as NFC UTF-8, and the words people write on sheets in every
// language notera has a bundle for (header keys, whose copy, results,
// language names) and their date formats.
//
// Words are compared after NFC and ICU case folding ("WEISS" = "Weiß"), and
// header keys also without blanks, '-', '_' and '.' ("Time control" =
// "TimeControl"), so a bundle lists each word once.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notera/core/types.hpp"

namespace notera::scoresheet::sheet_locale {

struct DecodedText {
  std::string text;      // valid UTF-8, NFC, without a byte order mark
  std::string encoding;  // the encoding assumed when the input was not UTF-8; empty if it was
};
DecodedText decode(std::string_view bytes);

std::string fold_key(std::string_view text);   // header keys
std::string fold_word(std::string_view text);  // values: owner words, results, language names

struct HeaderWord {
  std::string key;                     // canonical: "event", "white", "time_control", ...
  std::vector<std::string> languages;  // the languages that have the word ("en" for root)
};

class SheetWords {
 public:
  // All languages of the bundle list ("languages" in root.txt), read once.
  static const SheetWords& get();

  const HeaderWord* header(std::string_view key) const;
  std::optional<Color> owner(std::string_view value) const;
  // "1-0", "0-1" or "1/2-1/2" for a result as written ("1:0", "½-½", "remis");
  // "*" for "*".
  std::optional<std::string> result(std::string_view value) const;
  // The language code for "nb", "NB", "nb-NO", "norsk bokmål"; "en" for English.
  std::optional<std::string> language(std::string_view value) const;
  // A date as PGN writes it ("2026.11.21", "2026.11.??"), trying the date
  // patterns of `preferred` languages first, then of all others.
  std::optional<std::string> date(std::string_view value, const std::vector<std::string>& preferred) const;

  // The other way, for writing a sheet: the canonical header keys
  // ("event", "site", ..., "black_elo"), the languages ("en" for root), and
  // the words a sheet in `language` writes for a header key and for whose
  // copy it is (the first its bundle lists; English where it lists none).
  static const std::vector<std::string>& header_keys();
  const std::vector<std::string>& languages() const { return languages_; }
  std::string header_word(std::string_view key, std::string_view language) const;
  std::string owner_word(Color side, std::string_view language) const;

 private:
  SheetWords();
  std::map<std::string, HeaderWord, std::less<>> headers_;
  std::map<std::string, Color, std::less<>> owners_;
  std::map<std::string, std::string, std::less<>> results_;
  std::map<std::string, std::string, std::less<>> language_names_;
  std::vector<std::string> languages_;  // codes, "en" for root
  std::map<std::string, std::vector<std::string>, std::less<>> date_patterns_;
  // "<language>|<header key>" or "<language>|sheet.white" -> the word
  std::map<std::string, std::string, std::less<>> written_;
};

}  // namespace notera::scoresheet::sheet_locale
