// Line and column (in characters) of a byte offset in a text, for reports.
// Queries in increasing order are cheap: the locator walks on from the
// last answer instead of starting over.
#pragma once

#include <cstddef>
#include <string_view>

#include "notera/base/diagnostic.hpp"

namespace notera::text {

class TextLocator {
 public:
  // `text` starts at the beginning of line `first_line`.
  explicit TextLocator(std::string_view text, int first_line = 1) : text_(text), line_(first_line) {}
  SourceLocation at(std::size_t offset);

 private:
  bool is_line_end(std::size_t i) const;
  std::string_view text_;
  std::size_t offset_ = 0;      // where the walk stands
  std::size_t line_start_ = 0;  // byte where its line begins
  int line_;
  std::size_t column_at_ = 0;  // where the column count stands (a character start)
  int column_ = 1;             // column of the character at column_at_
};

}  // namespace notera::text
