// Rendering notera::Message values in a user's language.
//
// Every message key "x.y" has the ICU MessageFormat pattern "msg.x.y" in the
// locale bundles, with named arguments ({square}, {count, plural, ...}).
// English (root) is the fallback for a missing key; a key missing even
// there is printed with its arguments, so no diagnostic is ever lost.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "notera/base/message.hpp"

namespace notera::locale {

class Messages {
 public:
  explicit Messages(std::string_view language = "en");
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

// The message language from the environment (LC_ALL, LC_MESSAGES, LANG,
// LANGUAGE in POSIX order); "en" when unset, "C" or "POSIX".
std::string language_from_environment();

}  // namespace notera::locale
