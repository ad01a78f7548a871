#include "notera/text/locate.hpp"

#include "notera/base/utf8.hpp"

namespace notera::text {

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
    column_at_ = 0;
    column_ = 1;
  }
  for (; offset_ < offset; ++offset_) {
    if (is_line_end(offset_)) {
      ++line_;
      line_start_ = offset_ + 1;
      column_at_ = line_start_;
      column_ = 1;
    }
  }
  // The column goes on from the last answer on the same line, so that many
  // problems on one long line cost one pass over it, not one pass each.
  if (column_at_ < line_start_) {
    column_at_ = line_start_;
    column_ = 1;
  }
  while (column_at_ < offset) {
    std::size_t length = 1;
    if (!utf8::is_zero_width(utf8::decode(text_, column_at_, length))) ++column_;
    column_at_ += length;
  }
  return {line_, column_};
}

}  // namespace notera::text
