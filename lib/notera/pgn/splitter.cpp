#include "notera/pgn/splitter.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <stdexcept>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "notera/base/utf8.hpp"
#include "notera/pgn/lexicon.hpp"

namespace notera::pgn {
namespace {

constexpr bool is_blank(char c) { return lexicon::is(c, lexicon::blank); }
constexpr bool is_digit(char c) { return lexicon::is(c, lexicon::digit); }
constexpr bool is_name_start(char c) { return lexicon::is(c, lexicon::name_start); }
constexpr bool is_name_char(char c) { return lexicon::is(c, lexicon::name_char); }

// Bytes the movetext scan must look at; everything else is skipped fast.
// Comments and variations, and the bytes a result is found by.
constexpr std::array<bool, 256> movetext_specials = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {'{', ';', '(', ')'}) t[c] = true;
  for (int c = 0; c < 256; ++c)
    if (lexicon::is(static_cast<char>(c), lexicon::result_special)) t[static_cast<std::size_t>(c)] = true;
  return t;
}();

#if defined(__SSE2__)
// The bytes of movetext_specials, for comparing 16 input bytes at a time.
constexpr std::array<unsigned char, 8> special_bytes = {'{', ';', '(', ')', '*', '-', ':', 0xC2};
static_assert([] {
  std::size_t listed = 0;
  for (unsigned char c : special_bytes) listed += movetext_specials[c];
  std::size_t all = 0;
  for (bool special : movetext_specials) all += special;
  return listed == special_bytes.size() && all == special_bytes.size();
}());

// Bit k set when byte k of the 16 is special.
unsigned special_bits(__m128i bytes) {
  __m128i hits = _mm_setzero_si128();
  for (unsigned char c : special_bytes)
    hits = _mm_or_si128(hits, _mm_cmpeq_epi8(bytes, _mm_set1_epi8(static_cast<char>(c))));
  return static_cast<unsigned>(_mm_movemask_epi8(hits));
}
#endif

// The first byte at or after i that the movetext scan must look at, or
// end. Sixteen bytes per step (SSE2), the last up to sixteen in one step
// too, overlapping bytes already seen (most movetext lines are longer than
// sixteen bytes, and their last bytes one by one cost more than the rest);
// without SSE2, four while none of them is special, then byte by byte.
std::size_t next_special(const char* data, std::size_t i, std::size_t end) {
#if defined(__SSE2__)
  const auto bits_at = [data](std::size_t k) {
    return special_bits(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + k)));
  };
  for (; i + 16 <= end; i += 16)
    if (const unsigned bits = bits_at(i)) return i + static_cast<std::size_t>(std::countr_zero(bits));
  if (i < end && end >= 16) {
    const unsigned bits = bits_at(end - 16) >> (i - (end - 16));
    return bits ? i + static_cast<std::size_t>(std::countr_zero(bits)) : end;
  }
#endif
  const auto special = [data](std::size_t k) {
    return movetext_specials[static_cast<unsigned char>(data[k])];
  };
  while (i + 4 <= end && !(special(i) | special(i + 1) | special(i + 2) | special(i + 3))) i += 4;
  while (i < end && !special(i)) ++i;
  return i;
}

// The end of the tag name that starts at data[j] (name characters up to
// `end`), and its hash (FNV-1a), found in the same pass: every tag line
// of every game is classified by its name.
std::size_t scan_name(const char* data, std::size_t j, std::size_t end, std::uint64_t& hash) {
  std::uint64_t h = 1469598103934665603ull;
  for (; j < end && is_name_char(data[j]); ++j) {
    h ^= static_cast<unsigned char>(data[j]);
    h *= 1099511628211ull;
  }
  hash = h;
  return j;
}

}  // namespace

Splitter::Splitter(text::ByteSource& source, SplitterOptions options) : source_(source), options_(options) {
  options_.chunk_size = std::max<std::size_t>(options_.chunk_size, 1);
  options_.max_line_length = std::max<std::size_t>(options_.max_line_length, 16);
  options_.max_game_size = std::max(options_.max_game_size, options_.max_line_length);
  // A segment holds at most max_game_size + max_line_length bytes before it
  // is cut; the rest is room for the unprocessed data and one more chunk.
  capacity_ = options_.max_game_size + options_.max_line_length + 2 * options_.chunk_size + 16;
  buffer_ = std::make_unique_for_overwrite<char[]>(capacity_);
}

Splitter::~Splitter() = default;

bool Splitter::fill() {
  if (eof_) return false;
  if (capacity_ - end_ < options_.chunk_size && begin_ > 0) {
    // Move the current segment to the front; the previous segment's text
    // (given out before this call) is no longer valid.
    const std::size_t keep = begin_;
    std::memmove(buffer_.get(), buffer_.get() + keep, end_ - keep);
    begin_ -= keep;
    pos_ -= keep;
    end_ -= keep;
    cr_from_ -= keep;
    nul_limit_ = nul_limit_ > keep ? nul_limit_ - keep : 0;
    no_newline_until_ = no_newline_until_ > keep ? no_newline_until_ - keep : 0;
    base_ += keep;
  }
  const std::size_t room = std::min(options_.chunk_size, capacity_ - end_);
  if (room == 0) throw std::logic_error("pgn splitter: buffer full");  // limits prevent this
  const std::size_t n = source_.read(buffer_.get() + end_, room);
  if (n == 0) {
    eof_ = true;
    normalise_line_ends(cr_from_);
    return false;
  }
  // NUL bytes are rare: one scan per chunk spares a scan per line.
  if (std::memchr(buffer_.get() + end_, '\0', n) != nullptr) nul_limit_ = end_ + n;
  end_ += n;
  normalise_line_ends(cr_from_);
  return true;
}

// A lone CR is an old Mac line end: make it LF so that every line ends in
// LF (and CRLF keeps its CR, which readers skip as white space).
void Splitter::normalise_line_ends(std::size_t from) {
  char* const data = buffer_.get();
  std::size_t i = from;
  for (;;) {
    const void* p = i < end_ ? std::memchr(data + i, '\r', end_ - i) : nullptr;
    if (p == nullptr) {
      cr_from_ = end_;
      return;
    }
    const std::size_t j = static_cast<std::size_t>(static_cast<const char*>(p) - data);
    if (j + 1 < end_) {
      if (data[j + 1] != '\n') data[j] = '\n';
      i = j + 1;
    } else if (eof_) {
      data[j] = '\n';
      cr_from_ = end_;
      return;
    } else {
      cr_from_ = j;  // decide when the next byte is here
      return;
    }
  }
}

// The line at pos_: complete (up to and including LF, or to the end of
// the input), or the first max_line_length bytes of a longer line.
//
// This and the other steps next() takes for every line (prepare_line,
// classify with is_tag_line, decide, consume) are inlined into it: as
// calls they cost a sixth of the splitter's instructions.
[[gnu::always_inline]] inline bool Splitter::find_line(Line& line) {
  for (;;) {
    const char* data = buffer_.get();
    const std::size_t available = end_ - pos_;
    const std::size_t limit = std::min(available, options_.max_line_length);
    // Games that follow each other on one line (after a split) search on
    // from where the last search stopped, not from pos_ again: a long
    // line of them costs one pass, not one per game.
    const std::size_t from = std::max(pos_, no_newline_until_);
    const void* p = from < pos_ + limit ? std::memchr(data + from, '\n', pos_ + limit - from) : nullptr;
    // Up to here no LF, and none will come: a CR not yet decided (the
    // last byte of the data) might still become one.
    no_newline_until_ = std::min(
        p != nullptr ? static_cast<std::size_t>(static_cast<const char*>(p) - data) : pos_ + limit, cr_from_);
    if (p != nullptr) {
      const std::size_t nl = static_cast<std::size_t>(static_cast<const char*>(p) - data);
      line.begin = pos_;
      line.end = nl;
      line.next = nl + 1;
      line.complete = true;
      break;
    }
    if (available >= options_.max_line_length) {
      line.begin = pos_;
      line.end = line.next = pos_ + options_.max_line_length;
      line.complete = false;
      break;
    }
    if (eof_) {
      if (available == 0) return false;
      line.begin = pos_;
      line.end = line.next = end_;
      line.complete = true;
      break;
    }
    fill();
  }
  if (line.complete && line.end > line.begin && buffer_[line.end - 1] == '\r') --line.end;
  line.content = line.begin;
  return true;
}

// NULs become spaces (counted for the note), [pgn] wrappers become spaces,
// and leading blanks are skipped.
[[gnu::always_inline]] inline void Splitter::prepare_line(Line& line, bool continuation) {
  char* const data = buffer_.get();
  line_nuls_ = 0;
  std::size_t i = line.begin;
  while (i < line.end && i < nul_limit_) {
    void* p = std::memchr(data + i, '\0', line.end - i);
    if (p == nullptr) break;
    const std::size_t j = static_cast<std::size_t>(static_cast<char*>(p) - data);
    if (line_nuls_ == 0) line_nul_column_ = column(line.begin, j);
    data[j] = ' ';
    ++line_nuls_;
    i = j + 1;
  }
  if (continuation) {
    line.content = line.end;  // never classified or scanned
    return;
  }
  const auto skip_blanks = [&] {
    line.content = line.begin;
    while (line.content < line.end && is_blank(data[line.content])) ++line.content;
  };
  skip_blanks();
  const auto at_start = [&](std::string_view s) {
    return line.end - line.content >= s.size() && std::memcmp(data + line.content, s.data(), s.size()) == 0;
  };
  if (line.content + 1 < line.end && data[line.content] == '[' &&
      (data[line.content + 1] == 'p' || data[line.content + 1] == '/')) {
    bool wrapper = false;
    for (std::string_view w : {std::string_view("[pgn]"), std::string_view("[/pgn]")}) {
      if (at_start(w)) {
        std::memset(data + line.content, ' ', w.size());
        wrapper = true;
      }
    }
    if (wrapper) skip_blanks();
  }
  std::size_t last = line.end;
  while (last > line.content && is_blank(data[last - 1])) --last;
  constexpr std::string_view close = "[/pgn]";
  if (last - line.content >= close.size() && data[last - 2] == 'n' &&
      std::memcmp(data + last - close.size(), close.data(), close.size()) == 0) {
    std::memset(data + last - close.size(), ' ', close.size());
    skip_blanks();
  }
}

// The lines nearly every game is made of, taken in one step: a blank
// line, a tag pair alone on its line in the tag section ([Name "value"],
// the name new to the game), a line of movetext outside a comment that
// starts and ends with neither a blank nor '[', ']' or '%'. The general
// steps (prepare_line, classify, decide, consume) would do to them no more
// than this does: no NUL to replace, no [pgn] wrapper to blank, no game to
// end, no limit reached. False, having done nothing, for any other line,
// or in any other state.
[[gnu::always_inline]] inline bool Splitter::take_usual_line(const Line& line) {
  if (!open_ || kind_ != SegmentKind::game || resync_ || in_comment_ || open_tag_string_ || mid_line_ ||
      line_prepared_ || options_.game_per_line || line.begin < nul_limit_ || line.next == line.end ||
      line.next - begin_ >= options_.max_game_size)
    return false;
  const char* data = buffer_.get();
  if (line.begin == line.end) {
    // a blank line
  } else if (phase_ == Phase::tags && data[line.begin] == '[') {
    std::uint64_t hash = 0;
    if (!is_tag_pair_line(line.begin, line.end, hash) || seen_tag(hash)) return false;
    add_tag(hash);
  } else {
    const char first = data[line.begin];
    const char last = data[line.end - 1];
    if (phase_ == Phase::after_result || is_blank(first) || first == '[' || first == '%' || is_blank(last) ||
        last == ']' || (first == 'p' && is_position_line(line.begin, line.end)))
      return false;
    comment_line_begin_ = line.begin - begin_;
    scan_movetext(line.begin, line.end);
    if (split_) {
      stop_at_split(line);
      return true;
    }
  }
  pos_ = line.next;
  ++line_;
  return true;
}

// The game ends at split_at_, on this line, where the next one starts
// with its tag: the rest of the line is read as a line of its own (it is
// prepared already). Its column is kept for the next game's reports.
void Splitter::stop_at_split(const Line& line) {
  const int base = line.begin == begin_ ? first_column_ : 1;
  next_column_ = base + column(line.begin, split_at_) - 1;
  pos_ = split_at_;
  line_prepared_ = true;
}

// Emits the game that ended at a split; the next call starts the game
// whose tag stands there.
bool Splitter::emit_at_split(Segment& segment) {
  split_ = false;
  pending_start_ = true;
  pending_decided_ = true;
  pending_kind_ = SegmentKind::game;
  pending_reason_ = SkipReason::none;
  emit(segment);
  return true;
}

// Whether data[begin, end) is one tag pair and nothing else, [Name "value"]
// with the value closed on the line; its name's hash.
bool Splitter::is_tag_pair_line(std::size_t begin, std::size_t end, std::uint64_t& hash) const {
  const char* data = buffer_.get();
  if (end - begin < 2 || data[begin] != '[' || !is_name_start(data[begin + 1])) return false;
  std::size_t j = scan_name(data, begin + 1, end, hash);
  while (j < end && is_blank(data[j])) ++j;
  if (j >= end || data[j] != '"') return false;
  ++j;
  return skip_tag_string(j, end) && j + 1 == end && data[j] == ']';
}

[[gnu::always_inline]] inline void Splitter::classify(Line& line) const {
  line.name = {};
  line.tag = is_tag_line(line.content, line.end, line.name, line.name_hash);
  if (!line.tag) line.name_hash = 0;
}

[[gnu::always_inline]] inline bool Splitter::is_tag_line(std::size_t content, std::size_t end,
                                                         std::string_view& name, std::uint64_t& hash) const {
  const char* data = buffer_.get();
  if (content >= end || data[content] != '[') return false;
  std::size_t j = content + 1;
  while (j < end && is_blank(data[j])) ++j;  // [ Event "x" ]: PGN allows blanks between a tag's tokens
  if (j >= end || !is_name_start(data[j])) return false;
  const std::size_t name_begin = j;
  j = scan_name(data, j, end, hash);
  name = std::string_view(data + name_begin, j - name_begin);
  std::size_t k = j;
  while (k < end && is_blank(data[k])) ++k;
  if (k < end && data[k] == '"') return true;
  // An unquoted value: [Event Hastings] (tolerated, the tag reader warns).
  std::size_t last = end;
  while (last > k && is_blank(data[last - 1])) --last;
  return k > j && last > k && data[last - 1] == ']';
}

bool Splitter::looks_like_moves(std::size_t content, std::size_t end) const {
  const char* data = buffer_.get();
  const auto at = [&](std::size_t i) { return i < end ? data[i] : '\0'; };
  const char c = at(content);
  if (is_digit(c)) {
    std::size_t i = content;
    while (is_digit(at(i))) ++i;
    if (at(i) == '.') return true;
    // Castling written with zeros.
    return c == '0' && at(content + 1) == '-' && at(content + 2) == '0';
  }
  const char d = at(content + 1);
  if (c >= 'a' && c <= 'h') return (d >= '1' && d <= '8') || d == 'x' || d == ':';
  if (c == 'O' && d == '-' && at(content + 2) == 'O') return true;
  if (c >= 'A' && c <= 'Z')  // a piece letter of any language: Nf3, Sf3, Cxd4
    return (d >= 'a' && d <= 'h' && at(content + 2) >= '1' && at(content + 2) <= '8') || d == 'x';
  // Figurines U+2654-U+265F are E2 99 94..9F in UTF-8.
  return static_cast<unsigned char>(c) == 0xE2 && static_cast<unsigned char>(d) == 0x99;
}

// UCI's `position startpos ...` or `position fen ...`: a game of its own
// (one a line, as `--to uci` writes a set-up game and engines log them).
bool Splitter::is_position_line(std::size_t content, std::size_t end) const {
  const std::string_view line(buffer_.get() + content, end - content);
  constexpr std::string_view command = "position";
  if (line.size() <= command.size() || line.compare(0, command.size(), command) != 0 ||
      !is_blank(line[command.size()]))
    return false;
  std::size_t i = command.size();
  while (i < line.size() && is_blank(line[i])) ++i;
  for (std::string_view start : {std::string_view("startpos"), std::string_view("fen")})
    if (line.compare(i, start.size(), start) == 0 &&
        (i + start.size() == line.size() || is_blank(line[i + start.size()])))
      return true;
  return false;
}

bool Splitter::closes_tag_string(const Line& line) const {
  std::size_t j = line.begin;
  if (!skip_tag_string(j, line.end)) return false;
  while (j < line.end && is_blank(buffer_[j])) ++j;
  return j < line.end && buffer_[j] == ']';
}

// A bit per kept hash (its top six bits) says at once that most names
// are new; the list is looked through only when the bit is set.
bool Splitter::seen_tag(std::uint64_t h) const {
  if (!(tag_hash_bits_ & (std::uint64_t{1} << (h >> 58)))) return false;
  for (int i = 0; i < tag_count_; ++i)
    if (tag_hashes_[i] == h) return true;
  return false;
}

void Splitter::add_tag(std::uint64_t h) {
  if (tag_count_ == static_cast<int>(std::size(tag_hashes_))) return;
  tag_hashes_[tag_count_++] = h;
  tag_hash_bits_ |= std::uint64_t{1} << (h >> 58);
}

bool Splitter::remember_tag(std::uint64_t h) {
  if (seen_tag(h)) return false;
  add_tag(h);
  return true;
}

[[gnu::always_inline]] inline Splitter::Decision Splitter::decide(const Line& line, SkipReason& reason) {
  const char* data = buffer_.get();
  const bool game = open_ && kind_ == SegmentKind::game;
  if (line.content >= line.end) {  // blank
    if (open_) return Decision::continue_segment;
    reason = SkipReason::blank;
    return Decision::new_skipped;
  }
  if (options_.game_per_line && data[line.begin] != '%') return Decision::new_game;
  const std::string_view name = line.name;
  const bool tag_line = line.tag;
  if (resync_ && open_) return tag_line ? Decision::new_game : Decision::continue_segment;
  if (game && in_comment_) {
    // A complete [Event "..."] line: the comment was never closed.
    std::size_t last = line.end;
    while (last > line.content && is_blank(data[last - 1])) --last;
    if (tag_line && name == "Event" && data[last - 1] == ']') return Decision::new_game;
    return Decision::continue_segment;
  }
  if (game && phase_ == Phase::tags && open_tag_string_ && closes_tag_string(line))
    return Decision::continue_segment;
  if (data[line.begin] == '%') {
    if (game && phase_ != Phase::after_result) return Decision::continue_segment;
    if (open_ && kind_ == SegmentKind::skipped && reason_ == SkipReason::escape_line)
      return Decision::continue_segment;
    reason = SkipReason::escape_line;
    return Decision::new_skipped;
  }
  if (tag_line) {
    if (game && phase_ == Phase::tags) {
      // A second Event, White, ...
      return seen_tag(line.name_hash) ? Decision::new_game : Decision::continue_segment;
    }
    return Decision::new_game;
  }
  if (data[line.content] == 'p' && is_position_line(line.content, line.end)) return Decision::new_game;
  if (game && phase_ != Phase::after_result) return Decision::continue_segment;
  const bool after_result = game || last_game_had_result_;
  if (!after_result || looks_like_moves(line.content, line.end)) return Decision::new_game;
  if (open_ && kind_ == SegmentKind::skipped && reason_ == SkipReason::between_games)
    return Decision::continue_segment;
  reason = SkipReason::between_games;
  return Decision::new_skipped;
}

void Splitter::start_segment(SegmentKind kind, SkipReason reason) {
  open_ = true;
  kind_ = kind;
  reason_ = kind == SegmentKind::game ? SkipReason::none : reason;
  begin_ = pos_;
  first_line_ = line_;
  first_column_ = next_column_;
  next_column_ = 1;
  phase_ = Phase::tags;
  in_comment_ = false;
  depth_ = 0;
  truncated_ = false;
  tag_count_ = 0;
  tag_hash_bits_ = 0;
  open_tag_string_ = false;
  segment_nuls_ = 0;
  notes_.clear();
  if (kind == SegmentKind::game) resync_ = false;
}

[[gnu::always_inline]] inline void Splitter::consume(const Line& line) {
  if (line_nuls_ != 0) {
    if (segment_nuls_ == 0) {
      segment_nul_line_ = line_;
      segment_nul_column_ = line_nul_column_;
    }
    segment_nuls_ += line_nuls_;
    line_nuls_ = 0;
  }
  if (kind_ == SegmentKind::game && !resync_) {
    char* const data = buffer_.get();
    comment_line_begin_ = line.begin - begin_;
    if (in_comment_) {
      scan_movetext(line.begin, line.end);
    } else if (open_tag_string_ && phase_ == Phase::tags && continue_tag_string(line.begin, line.end)) {
      // the rest of a tag value broken over two lines
    } else if (data[line.begin] == '%' && phase_ != Phase::after_result) {
      // PGN §6: the whole line is ignored.
      note(Message("pgn.split.escape_line"), line_, line.begin, line.begin);
      std::memset(data + line.begin, ' ', line.end - line.begin);
    } else if (line.content < line.end) {
      if (phase_ == Phase::tags && line.tag)
        scan_tag_line(line.content, line.end, &line);
      else
        scan_movetext(line.content, line.end);
    }
  }
  if (split_) {
    stop_at_split(line);
    return;
  }
  pos_ = line.next;
  if (line.complete && line.next > line.end) ++line_;
  line_prepared_ = false;
}

// Moves j past the closing quote of a tag value; false when the line ends
// first.
bool Splitter::skip_tag_string(std::size_t& j, std::size_t end) const {
  const char* data = buffer_.get();
  while (j < end) {
    // Bytes that are neither a quote nor a backslash, many at a time: up
    // to the end of the data rather than of the line (the value is short,
    // the line ends soon after it, and its line break stops the search).
    j = static_cast<std::size_t>(lexicon::skip_value_plain(data + j, data + end_) - data);
    if (j >= end) {
      j = end;
      return false;
    }
    if (data[j] == '\\' && j + 1 < end) {
      j += 2;
      continue;
    }
    if (data[j++] == '"') return true;
  }
  return false;
}

void Splitter::scan_tag_line(std::size_t i, std::size_t end, const Line* first) {
  const char* data = buffer_.get();
  open_tag_string_ = false;
  while (i + 1 < end && data[i] == '[') {
    std::size_t j = i + 1;
    while (j < end && is_blank(data[j])) ++j;
    if (j >= end || !is_name_start(data[j])) break;
    if (first) {
      j += first->name.size();
      // decide() has just looked for this name among the game's (or the
      // game starts with this line): it is new, and only needs adding.
      add_tag(first->name_hash);
      first = nullptr;
    } else {
      std::uint64_t h = 0;
      j = scan_name(data, j, end, h);
      remember_tag(h);
    }
    while (j < end && is_blank(data[j])) ++j;
    if (j < end && data[j] == '"') {
      ++j;
      if (!skip_tag_string(j, end)) {
        open_tag_string_ = true;  // the value may go on on the next line
        return;
      }
    } else {
      while (j < end && data[j] != ']') ++j;
    }
    i = after_tag_value(j, end);
    if (i < end && data[i] != '[' && ends_tag(i, end)) return;  // an unescaped quote in the value
  }
  if (i < end) scan_movetext(i, end);  // moves on the tag line: [Variant "x"] 1. e4
}

// Whether the text from i to the end of the line is the rest of a tag
// value with an unescaped quote in it: [Site "Somewhere " else"]
bool Splitter::ends_tag(std::size_t i, std::size_t end) const {
  const char* data = buffer_.get();
  std::size_t last = end;
  while (last > i && is_blank(data[last - 1])) --last;
  if (last - i < 2 || data[last - 1] != ']') return false;
  // Another tag on the line is not the rest of this one's value: a game
  // after the result, "1. e4 e5 1-0 [Event "b"]".
  if (std::memchr(data + i, '[', last - i) != nullptr) return false;
  --last;
  while (last > i && is_blank(data[last - 1])) --last;
  return last > i && data[last - 1] == '"';
}

std::size_t Splitter::after_tag_value(std::size_t j, std::size_t end) const {
  const char* data = buffer_.get();
  while (j < end && is_blank(data[j])) ++j;
  if (j < end && data[j] != ']' && data[j] != '[') {
    // Something between the value and the ']' ([Event "E" junk],
    // [Event "E" ; c]): still the tag, which the tag reader reports; not
    // the game's first moves, after which a tag line would start a game.
    std::size_t k = j;
    while (k < end && data[k] != ']' && data[k] != '[' && data[k] != '"') ++k;
    if (k < end && data[k] == ']') j = k;
  }
  if (j < end && data[j] == ']') ++j;
  while (j < end && is_blank(data[j])) ++j;
  return j;
}

// The line after a tag value that did not end on its line: when it closes
// the value ("...on the Earth"]), it is still the tag (the tag reader
// reports the line break); else it is whatever it looks like.
bool Splitter::continue_tag_string(std::size_t begin, std::size_t end) {
  open_tag_string_ = false;
  std::size_t j = begin;
  if (!skip_tag_string(j, end)) return false;
  std::size_t k = j;
  while (k < end && is_blank(buffer_[k])) ++k;
  if (k >= end || buffer_[k] != ']') return false;
  scan_tag_line(after_tag_value(j, end), end);
  return true;
}

void Splitter::scan_movetext(std::size_t i, std::size_t end) {
  const char* data = buffer_.get();
  const std::size_t line_begin = begin_ + comment_line_begin_;
  while (i < end) {
    if (in_comment_) {
      const void* p = std::memchr(data + i, '}', end - i);
      if (p == nullptr) return;
      i = static_cast<std::size_t>(static_cast<const char*>(p) - data) + 1;
      in_comment_ = false;
      continue;
    }
    // A comment among the tags ([Event "x"] {note} [Site "y"], or a line
    // "; note" between them) or before them is the game's, and the tag
    // section goes on after it: the tag reader keeps it for the moves'
    // start (pgn_tags::comment_among_tags).
    if (phase_ == Phase::tags) {
      while (i < end && is_blank(data[i])) ++i;
      if (i >= end) return;
      if (data[i] == ';') return;  // the rest of the line is a comment
      if (data[i] != '{') phase_ = Phase::movetext;
    }
    i = next_special(data, i, end);
    if (i >= end) return;
    switch (data[i]) {
      case '{':
        in_comment_ = true;
        comment_line_ = line_;
        comment_offset_ = i - begin_;
        comment_line_offset_ = line_begin - begin_;
        break;
      case ';': return;  // the rest of the line is a comment
      case '(': ++depth_; break;
      case ')':
        if (depth_ > 0) --depth_;
        break;
      default:
        if (depth_ == 0) {
          check_result(i, line_begin, end);
          if (split_) return;  // the rest of the line is the next game's
        }
        break;
    }
    ++i;
  }
}

// Whether a game termination marker (lexicon::match_result) stands at
// data[i], a byte it is found by (lexicon::result_special: the '*', a
// separator inside it, the lead byte of a '½'), as a token of its own.
void Splitter::check_result(std::size_t i, std::size_t line_begin, std::size_t end) {
  const char* data = buffer_.get();
  if (lexicon::detail::is_result_separator(data[i]) &&
      (i == line_begin || !lexicon::ends_result_point(data[i - 1])))
    return;  // castling's "O-O", a hyphen: in no result
  // A result starts at most max_result_length bytes before any byte of it,
  // after a byte that ends tokens ('.' too: "0.5-0.5" has one inside).
  const std::size_t first = i - std::min(i - line_begin, lexicon::max_result_length);
  for (std::size_t start = first; start <= i; ++start) {
    if (start > line_begin && !lexicon::ends_token_before(data[start - 1])) continue;
    const lexicon::ResultMatch m = lexicon::match_result(std::string_view(data + start, end - start));
    if (m.result == lexicon::Result::none || start + m.length <= i) continue;
    const std::size_t after = start + m.length;
    if (after < end && !lexicon::ends_token_after(data[after])) continue;
    phase_ = Phase::after_result;
    // A tag after the marker on the same line ("... 1-0 [Event "x"] ..."):
    // the next game starts there, wherever on the line it is.
    std::size_t k = after;
    while (k < end && is_blank(data[k])) ++k;
    std::string_view name;
    std::uint64_t hash = 0;
    if (k < end && data[k] == '[' && is_tag_line(k, end, name, hash)) {
      split_ = true;
      split_at_ = k;
    }
    return;
  }
}

int Splitter::column(std::size_t line_begin, std::size_t offset) const {
  return utf8::char_column(std::string_view(buffer_.get() + line_begin, offset - line_begin),
                           offset - line_begin);
}

void Splitter::note(Message message, std::int64_t line, std::size_t line_begin, std::size_t offset) {
  notes_.push_back({std::move(message), line, column(line_begin, offset)});
}

void Splitter::emit(Segment& segment) {
  if (kind_ == SegmentKind::game && in_comment_) {
    notes_.push_back({Message("pgn.split.unterminated_comment").with("line", comment_line_), comment_line_,
                      column(begin_ + comment_line_offset_, begin_ + comment_offset_)});
  }
  if (segment_nuls_ != 0) {
    notes_.push_back({Message("pgn.split.nul_bytes").with("count", static_cast<std::int64_t>(segment_nuls_)),
                      segment_nul_line_, segment_nul_column_});
  }
  segment.kind = kind_;
  segment.reason = reason_;
  segment.text = std::string_view(buffer_.get() + begin_, pos_ - begin_);
  segment.first_line = first_line_;
  segment.first_column = first_column_;
  segment.byte_offset = base_ + begin_;
  segment.truncated = truncated_;
  emitted_notes_.swap(notes_);
  notes_.clear();
  segment.notes = emitted_notes_;
  if (kind_ == SegmentKind::game) {
    ++games_;
    last_game_had_result_ = phase_ == Phase::after_result;
  }
  open_ = false;
}

// The splitter's main loop: one pass over the bytes, line by line, with
// the state machine's every transition in one place (about 100 lines).
// It is the batch reader's hottest loop; cut into functions, the state
// would travel through their arguments on every line.
bool Splitter::next(Segment& segment) {
  if (!started_) {
    started_ = true;
    while (end_ < 3 && fill()) {
    }
    if (end_ >= 3 && std::memcmp(buffer_.get(), "\xEF\xBB\xBF", 3) == 0) {
      start_segment(SegmentKind::skipped, SkipReason::byte_order_mark);
      pos_ = 3;
      emit(segment);
      return true;
    }
  }
  bool fresh = false;  // the line at pos_ starts the pending segment
  if (pending_start_) {
    pending_start_ = false;
    start_segment(pending_kind_, pending_reason_);
    // After a cut at a line end the next line is not decided yet: a tag
    // line there starts the next game rather than vanish into the overflow.
    fresh = pending_decided_;
  }
  for (;;) {
    Line line;
    if (!find_line(line)) {
      if (open_ && pos_ > begin_) {
        emit(segment);
        return true;
      }
      open_ = false;
      return false;
    }
    if (take_usual_line(line)) {
      if (split_) return emit_at_split(segment);
      continue;
    }
    if (!line_prepared_) {
      prepare_line(line, mid_line_);
      line_prepared_ = true;
    } else if (mid_line_) {
      line.content = line.end;
    } else {
      std::size_t c = line.begin;
      while (c < line.end && is_blank(buffer_[c])) ++c;
      line.content = c;
    }
    classify(line);
    if (mid_line_) {
      // The rest of a line cut at the length limit: it stays with the
      // segment that follows the cut (the overflow, or the same kind).
      consume(line);
      if (line.complete) mid_line_ = false;
      if (!line.complete || pos_ - begin_ >= options_.max_game_size) {
        pending_start_ = true;
        pending_decided_ = false;
        pending_kind_ = kind_;
        pending_reason_ = reason_;
        emit(segment);
        return true;
      }
      fresh = false;
      continue;
    }
    if (!fresh) {
      SkipReason reason = SkipReason::none;
      const Decision d = decide(line, reason);
      if (d != Decision::continue_segment) {
        const SegmentKind kind = d == Decision::new_game ? SegmentKind::game : SegmentKind::skipped;
        if (open_ && pos_ > begin_) {
          pending_start_ = true;
          pending_decided_ = true;
          pending_kind_ = kind;
          pending_reason_ = reason;
          emit(segment);
          return true;
        }
        start_segment(kind, reason);
      }
    }
    fresh = false;
    consume(line);
    if (split_) return emit_at_split(segment);
    const bool cut_line = !line.complete;
    if (cut_line || pos_ - begin_ >= options_.max_game_size) {
      if (cut_line) mid_line_ = true;
      if (kind_ == SegmentKind::game) {
        const std::int64_t limit =
            static_cast<std::int64_t>(cut_line ? options_.max_line_length : options_.max_game_size);
        notes_.push_back({Message(cut_line ? "pgn.split.line_too_long" : "pgn.split.game_too_large")
                              .with("limit", limit)
                              .with("at", options_.game_per_line ? "line" : "tag"),
                          line_, cut_line ? column(line.begin, line.end) : 1});
        truncated_ = true;
        resync_ = true;
        pending_kind_ = SegmentKind::skipped;
        pending_reason_ = SkipReason::overflow;
      } else {
        pending_kind_ = kind_;
        pending_reason_ = reason_;
      }
      pending_start_ = true;
      pending_decided_ = false;
      emit(segment);
      return true;
    }
  }
}

Message describe_skipped(const Segment& segment, bool game_per_line) {
  if (segment.kind != SegmentKind::skipped) return {};
  std::int64_t lines = 0;
  for (char c : segment.text) lines += c == '\n';
  if (!segment.text.empty() && segment.text.back() != '\n') ++lines;
  switch (segment.reason) {
    case SkipReason::escape_line: return Message("pgn.split.skip.escape_line").with("lines", lines);
    case SkipReason::between_games: {
      // The first line of the text, for the user to recognise it.
      std::string_view first = segment.text;
      while (!first.empty() && (first.front() == ' ' || first.front() == '\t')) first.remove_prefix(1);
      first = first.substr(0, first.find_first_of("\r\n"));
      // About 60 bytes, not cut inside a character; text that is not
      // UTF-8 (the encoding is decided per game, later) shows '?' for
      // every byte above ASCII.
      std::size_t size = std::min<std::size_t>(first.size(), 60);
      while (size > 0 && size < first.size() && (static_cast<unsigned char>(first[size]) & 0xC0) == 0x80)
        --size;
      std::string shown(first.substr(0, size));
      if (!utf8::is_valid(shown))
        for (char& c : shown)
          if (static_cast<unsigned char>(c) >= 0x80) c = '?';
      return Message("pgn.split.skip.between_games").with("text", shown).with("lines", lines);
    }
    case SkipReason::overflow:
      return Message("pgn.split.skip.overflow")
          .with("bytes", static_cast<std::int64_t>(segment.text.size()))
          .with("at", game_per_line ? "line" : "tag");
    case SkipReason::none:
    case SkipReason::blank:
    case SkipReason::byte_order_mark: break;
  }
  return {};
}

}  // namespace notera::pgn
