// Rendering notera::Message values in a user's language.
//
// Every message key "x.y" has the ICU MessageFormat pattern "msg.x.y" in the
// locale bundles, with named arguments ({square}, {count, plural, ...}).
// English (root) is the fallback for a missing key; a key missing even
// there is printed with its arguments, so no diagnostic is ever lost.
// A text argument is shown with its control characters as their pictures
// (U+2400..U+241F) and cut after 240 characters ("…"): a message quotes
// what it is about, not a megabyte of junk.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "notera/base/message.hpp"

namespace notera::locale {

class Messages {
 public:
  // A key renamed: a message with key `first` is rendered with the
  // pattern of `second` (its arguments as they are), wherever it stands,
  // also inside another message. The transcription page renders
  // "reconstruct.where" as "reconstruct.where_box": the box by its move,
  // not by the line and column of a .sheet file the volunteer never sees.
  using Rename = std::pair<std::string, std::string>;

  explicit Messages(std::string_view language = "en", std::vector<Rename> renames = {});
  ~Messages();
  Messages(Messages&&) noexcept;
  Messages& operator=(Messages&&) noexcept;

  std::string format(const Message& message) const;
  // A pattern without arguments, e.g. a CLI help text ("cli.perft.depth").
  std::string text(std::string_view key) const;
  const std::string& language() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The message language from the environment, as gettext reads it: the
// locale for messages is the first of LC_ALL, LC_MESSAGES and LANG that is
// set; unless it is exactly "C" or "POSIX", LANGUAGE, a list in order of
// preference ("nn:nb:en"), comes first and its first language with a
// bundle wins (so LANGUAGE=sv works with LANG=C.UTF-8, as in glibc);
// else the locale's language. "en" when nothing is set, or only "C",
// "POSIX" or "C.UTF-8".
std::string language_from_environment();

// The language code whose bundle messages in `code` come from ("nb" for
// "nb_NO", "nb-NO" or "no"; "sv" for "sv_SE.UTF-8"; "pt" for "pt-BR"), or
// "" when notera has no bundle for that language ("xx").
std::string bundle_language(std::string_view code);

// The language codes that have a bundle of their own, sorted ("bg", "ca",
// ..., "en", ...).
const std::vector<std::string>& available_languages();

// The strings of `language`'s bundle whose keys start with `prefix`, as the
// bundle writes them (key -> text; English for a key the language lacks):
// texts that are not messages, such as the transcription page's ("web.").
std::map<std::string, std::string> bundle_strings(std::string_view language, std::string_view prefix);

}  // namespace notera::locale
