#include "notera/text/locate.hpp"

#include "notera/core/utf8.hpp"

namespace notera {

// LF, CRLF (counted at the LF) and a lone CR (old Mac files) end lines.
bool TextLocator::is_line_end(std::size_t i) const {
  return text_[i] == '\n' || (text_[i] == '\r' && (i + 1 == text_.size() || text_[i + 1] != '\n'));
}

SourceLocation TextLocator::at(std::size_t offset) {
  if (offset > text_.size()) offset = text_.size();
  if (offset < offset_) {  // going back: start over
    int first = line_;
    for (std::size_t i = 0; i < offset_; ++i)
      if (is_line_end(i)) --first;
    offset_ = 0;
    line_start_ = 0;
    line_ = first;
  }
  for (; offset_ < offset; ++offset_) {
    if (is_line_end(offset_)) {
      ++line_;
      line_start_ = offset_ + 1;
    }
  }
  return {line_, utf8::char_column(text_.substr(line_start_), offset - line_start_)};
}

}  // namespace notera
