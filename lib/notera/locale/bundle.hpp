// Access to notera's locale bundles (locales/*.txt, built into the library).
//
// A Bundle is one language with ICU's fallback chain behind it (nb_NO -> nb
// -> root, where root holds English), so a key missing in a language comes
// from English. Keys are flat ("msg.sealed.ambiguous", "piece.knight") for
// exactly that reason: ICU falls back per top-level key only.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notera/locale/messages.hpp"  // available_languages()

namespace notera::locale {

class Bundle {
 public:
  // `language` is a BCP 47 or ICU locale id ("nb", "nb-NO", "sv_SE"); an
  // unknown one gives the root bundle (English).
  explicit Bundle(std::string_view language);
  ~Bundle();
  Bundle(Bundle&&) noexcept;
  Bundle& operator=(Bundle&&) noexcept;

  // The locale actually found ("nb" for "nb_NO"; "root" when none matched).
  const std::string& resolved() const { return resolved_; }
  // Whether the bundle for exactly this language (not a fallback) exists.
  bool is_exact() const { return exact_; }

  // A string value, with fallback to root.
  std::optional<std::string> string(std::string_view key) const;
  // An array of strings (a single string counts as an array of one), with
  // fallback to root. Empty when the key is absent everywhere.
  std::vector<std::string> strings(std::string_view key) const;
  // The same key, but only from this language's own file (no fallback):
  // used to tell the words of a language from the English defaults.
  std::vector<std::string> own_strings(std::string_view key) const;
  // The top-level keys that start with `prefix` ("msg." for every message),
  // of this language's own file and of root, sorted and without repeats.
  std::vector<std::string> keys(std::string_view prefix) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::string resolved_;
  bool exact_ = false;
};

// Normalises "nb-NO", "NB_no" or "nb_NO.UTF-8" to ICU's "nb_NO".
std::string canonical_language(std::string_view language);

}  // namespace notera::locale
