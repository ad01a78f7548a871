// The shortcut past the tag grammar for the usual items of a tag section:
// line breaks and blanks (grammar::pgn_tags::space), and tag pairs
// [Name "value"] with nothing to unescape or excuse in them. The grammar
// would read such a pair with no issue, so the shortcut does what the
// grammar's actions would (tag_open, tag_name, quoted_value, tag_pair);
// anything else is the grammar's. See lexicon.hpp for why there are
// shortcuts and how they are checked against the grammar.
#include "notera/pgn/lexicon.hpp"
#include "notera/pgn/tag_state.hpp"

namespace notera::pgn::detail {

const char* plain_tag_item(const char* p, const char* end, TagState& s) {
  using lexicon::is;
  constexpr auto space = lexicon::blank | lexicon::line_break;
  if (p != end && is(*p, space)) {
    while (p != end && is(*p, space)) ++p;
    return p;
  }
  const char* const open = p;
  if (p == end || *p != '[') return nullptr;
  ++p;
  const char* const name = p;
  if (p == end || !is(*p, lexicon::name_start)) return nullptr;
  while (p != end && is(*p, lexicon::name_char)) ++p;
  const char* const name_end = p;
  while (p != end && is(*p, lexicon::blank)) ++p;
  if (p == end || *p != '"') return nullptr;
  const char* const value = ++p;
  p = lexicon::skip_value_plain(p, end);
  if (p == end || *p != '"') return nullptr;
  const char* const value_end = p++;
  while (p != end && is(*p, lexicon::blank)) ++p;
  if (p == end || *p != ']') return nullptr;
  s.tag_offset = static_cast<std::size_t>(open - s.text.data());
  s.name = std::string_view(name, static_cast<std::size_t>(name_end - name));
  s.issue_count = 0;
  s.bracket_in_value = false;
  s.commit(std::string_view(value, static_cast<std::size_t>(value_end - value)));
  // The line break and blanks after the pair too (the grammar's next item,
  // which does nothing): one round of the caller's loop less per tag.
  ++p;
  while (p != end && is(*p, space)) ++p;
  return p;
}

}  // namespace notera::pgn::detail
