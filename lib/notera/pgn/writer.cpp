#include "notera/pgn/writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "notera/core/fen.hpp"
#include "notera/core/san.hpp"
#include "notera/pgn/lexicon.hpp"
#include "notera/text/encoding.hpp"

namespace notera::pgn {
namespace {

using lexicon::seven_tag_roster;

// §8.1.1: the value of an unknown roster tag.
std::string_view unknown_value(std::string_view name) { return name == "Date" ? "????.??.??" : "?"; }

// The place of a tag in the seven tag roster, or -1.
int roster_index(std::string_view name) {
  const auto it = std::find(seven_tag_roster.begin(), seven_tag_roster.end(), name);
  return it == seven_tag_roster.end() ? -1 : static_cast<int>(it - seven_tag_roster.begin());
}

// How a byte of a tag value is written: as it is, escaped with a backslash,
// or as a space (§8.1: no tabs or line breaks in a tag value). One table
// lookup per byte of every tag of every game.
enum class TagByte : std::uint8_t { plain, escaped, space };
constexpr std::array<TagByte, 256> tag_bytes = [] {
  std::array<TagByte, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[static_cast<std::size_t>(c)] = TagByte::space;
  t[0x7F] = TagByte::space;
  t[static_cast<unsigned char>('\\')] = t[static_cast<unsigned char>('"')] = TagByte::escaped;
  return t;
}();

#if defined(__SSE2__)
// Whether any of the eight bytes of x is not TagByte::plain (a quote, a
// backslash, DEL or a control character): the exact tests for a zero byte
// and for a byte below 0x20, one word at a time.
bool has_tag_special_word(std::uint64_t x) {
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  const auto has_zero = [](std::uint64_t v) { return (v - ones) & ~v & highs; };
  return (has_zero(x ^ (ones * '"')) | has_zero(x ^ (ones * '\\')) | has_zero(x ^ (ones * 0x7F)) |
          ((x - ones * 0x20) & ~x & highs)) != 0;
}

// The same for fewer than sixteen bytes, reading only those.
bool has_tag_special_short(const char* p, std::size_t n) {
  std::uint64_t a = 0, b = 0;
  if (n >= 8) {
    std::memcpy(&a, p, 8);
    std::memcpy(&b, p + n - 8, 8);
    return has_tag_special_word(a) || has_tag_special_word(b);
  }
  std::uint64_t x = 0x6161616161616161ull;  // 'a', plain, where no byte is
  if (n >= 4) {
    std::uint32_t lo = 0, hi = 0;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);
    x = lo | std::uint64_t{hi} << 32;
  } else {
    for (std::size_t i = 0; i < n; ++i) x = x << 8 | static_cast<unsigned char>(p[i]);
  }
  return has_tag_special_word(x);
}

// Whether any of the n bytes at p is not TagByte::plain, sixteen at a time,
// reading only those bytes.
bool has_tag_special(const char* p, std::size_t n) {
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i del = _mm_set1_epi8(0x7F);
  const __m128i below_space = _mm_set1_epi8(0x1F);
  std::size_t k = 0;
  for (; k + 16 <= n; k += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k));
    // Unsigned byte <= 0x1F where max(byte, 0x1F) is 0x1F.
    const __m128i hits = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)),
        _mm_or_si128(_mm_cmpeq_epi8(bytes, del), _mm_cmpeq_epi8(_mm_max_epu8(bytes, below_space), below_space)));
    if (_mm_movemask_epi8(hits) != 0) return true;
  }
  return has_tag_special_short(p + k, n - k);
}
#endif

// Blanks between the words of a comment: spaces, line ends and every other
// control character (written as spaces, so a word never starts with one,
// and the check on how a line starts sees the word's first real character).
bool is_space(char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7F; }

// Characters, as the line limit counts them: UTF-8 lead bytes and ASCII.
int char_count(std::string_view s) {
  int n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// A move number's digits at p (room for 13 bytes); returns their end.
// Numbers below 100 (nearly all) by hand: std::to_chars is a call and a
// loop, and a number is written at every other move of every game.
[[gnu::always_inline]] inline char* write_move_number(char* p, int n) {
  if (static_cast<unsigned>(n) >= 100) return std::to_chars(p, p + 13, n).ptr;
  if (n >= 10) {
    const int tens = n / 10;
    *p++ = static_cast<char>('0' + tens);
    n -= 10 * tens;
  }
  *p++ = static_cast<char>('0' + n);
  return p;
}

// The move's SAN at out (room for a SanText); returns its end. Copied
// from `source` (the game's text) when it was written there exactly so,
// eight bytes at once (a move is at most seven), else spelled from its
// hint: a copy is a fraction of the spelling, at every move of every game.
[[gnu::always_inline]] inline char* put_pgn_san(const game::GameMove& m, std::string_view source, char* out) {
  if (m.source_length != 0 && m.source_offset + std::size_t{8} <= source.size()) {
    std::memcpy(out, source.data() + m.source_offset, 8);
    return out + m.source_length;
  }
  return write_pgn_san(m.move, m.san, out);
}

// Places movetext tokens on lines of at most max_width characters, one
// space apart, with "(" glued to the next token and ")" to the previous.
// Writes into a reused buffer with plain stores (one capacity check per
// token) and appends the whole movetext to the output at the end.
class TokenWriter {
 public:
  TokenWriter(std::string& out, std::string& buffer, int max_width)
      : out_(out), buffer_(buffer), max_(max_width) {
    if (buffer_.size() < 4096) buffer_.resize(4096);
    data_ = buffer_.data();
    capacity_ = buffer_.size();
  }

  // Moves, move numbers, NAGs and results: ASCII, one byte per character.
  void ascii_token(std::string_view text) { place(text, static_cast<int>(text.size())); }
  // A short ASCII token written in place, with no copy: begin_short_token
  // says where it goes (with room for `room` bytes), the caller writes it
  // there, and end_short_token places it. What comes before a token is one
  // byte (a space or a line break) or nothing, then its pending "(", so
  // where it goes is known before its width is. (Writing a move into a
  // small buffer and copying it was slower than it looks: one 16-byte load
  // of bytes stored one by one a moment before waits for the stores to
  // drain, a store-forwarding stall at every move.)
  char* begin_short_token(std::size_t room) {
    reserve(room + static_cast<std::size_t>(pending_open_) + 1);
    return data_ + size_ + (width_ > 0 ? 1 : 0) + pending_open_;
  }
  void end_short_token(std::size_t size) {
    separate(static_cast<int>(size) + pending_open_);
    size_ += size;
  }
  void token(std::string_view text) { place(text, char_count(text)); }

  // The moves of moves[0..count) up to the first one with something
  // written around it (comments, NAGs, a draw offer or variations), each
  // spelled from its hint in PGN's letters, with their move numbers where
  // due; returns how many. The same bytes as one begin_short_token/
  // end_short_token per number and per move, in one loop with one capacity
  // check, and the writer's state in locals (every byte stored through a
  // char pointer may alias a member, so the members would be loaded again
  // after each).
  std::size_t plain_moves(const game::GameMove* moves, std::size_t count, int& fullmove, Color& side,
                          bool need_number, std::string_view source) {
    std::size_t i = 0;
    if (pending_open_ > 0) {
      // A variation's first move, glued to its "(": the way of every other
      // token, which writes the "(". The loop below has none to wait for.
      if (count == 0 || moves[0].notes != 0 || moves[0].draw_offer) return 0;
      if (side == Color::white || need_number) {
        char* const begin = begin_short_token(16);
        char* end = write_move_number(begin, fullmove);
        *end++ = '.';
        if (side == Color::black) {
          *end++ = '.';
          *end++ = '.';
        }
        end_short_token(static_cast<std::size_t>(end - begin));
      }
      char* const begin = begin_short_token(sizeof(SanText::data));
      end_short_token(static_cast<std::size_t>(put_pgn_san(moves[0], source, begin) - begin));
      if (side == Color::black) ++fullmove;
      side = ~side;
      need_number = false;
      i = 1;
    }
    // A number is at most 13 digits and "...", a move 7 bytes, each with
    // one separator: 64 bytes a move is room enough.
    reserve(64 * (count - i) + 16);
    char* const data = data_;
    std::size_t size = size_;
    std::size_t space = space_before_last_;
    std::size_t line_start = line_start_;
    int width = width_;
    const int max = max_;
    int number = fullmove;
    bool white = side == Color::white;
    // Places the token written at `begin` (= data + size + (width > 0)) up
    // to `end`: as separate() and end_short_token() with no "(" pending.
    const auto place = [&](char* begin, char* end) {
      const std::size_t bytes = static_cast<std::size_t>(end - begin);
      const int w = static_cast<int>(bytes);
      space = npos;
      if (width > 0) {
        if (width + 1 + w > max) {
          data[size] = '\n';
          line_start = size + 1;
          width = 0;
        } else {
          space = size;
          data[size] = ' ';
          ++width;
        }
        ++size;
      }
      size += bytes;
      width += w;
    };
    const auto token_start = [&] { return data + size + (width > 0 ? 1 : 0); };
    for (; i < count; ++i) {
      if (moves[i].notes != 0 || moves[i].draw_offer) break;
      if (white || need_number) {
        char* const begin = token_start();
        char* end = write_move_number(begin, number);
        *end++ = '.';
        if (!white) {
          *end++ = '.';
          *end++ = '.';
        }
        place(begin, end);
      }
      need_number = false;
      char* const begin = token_start();
      place(begin, put_pgn_san(moves[i], source, begin));
      if (!white) ++number;
      white = !white;
    }
    size_ = size;
    space_before_last_ = space;
    line_start_ = line_start;
    width_ = width;
    fullmove = number;
    side = white ? Color::white : Color::black;
    return i;
  }

  void open_variation() { ++pending_open_; }

  void close_variation() {
    if (width_ + 1 > max_ && space_before_last_ != npos) {
      // The ")" does not fit: the last token goes to a new line with it.
      data_[space_before_last_] = '\n';
      line_start_ = space_before_last_ + 1;
      width_ = char_count(std::string_view(data_ + line_start_, size_ - line_start_));
      space_before_last_ = npos;
    }
    reserve(1);
    data_[size_++] = ')';
    ++width_;
  }

  void finish() {
    reserve(1);
    data_[size_++] = '\n';
    out_.append(data_, size_);
  }

 private:
  static constexpr std::size_t npos = std::string::npos;

  void reserve(std::size_t n) {
    if (size_ + n <= capacity_) return;
    buffer_.resize(std::max(2 * capacity_, size_ + n));
    data_ = buffer_.data();
    capacity_ = buffer_.size();
  }

  void place(std::string_view text, int width) {
    reserve(text.size() + static_cast<std::size_t>(pending_open_) + 1);
    separate(width + pending_open_);
    std::memcpy(data_ + size_, text.data(), text.size());
    size_ += text.size();
  }

  // The space or line break before a token of width w (with its pending
  // "(", which it writes), counted in the line's width.
  void separate(int w) {
    space_before_last_ = npos;
    if (width_ > 0) {
      if (width_ + 1 + w > max_) {
        data_[size_++] = '\n';
        line_start_ = size_;
        width_ = 0;
      } else {
        space_before_last_ = size_;
        data_[size_++] = ' ';
        ++width_;
      }
    }
    for (; pending_open_ > 0; --pending_open_) data_[size_++] = '(';
    width_ += w;
  }

  std::string& out_;
  std::string& buffer_;
  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  std::size_t line_start_ = 0;
  std::size_t space_before_last_ = npos;  // the space before the last token
  int width_ = 0;
  int max_;
  int pending_open_ = 0;
};

// Inside a comment: no braces (§8.2.5), no line breaks of its own.
char comment_char(char c) {
  if (c == '}') return ')';
  if (c == '{') return '(';
  if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return ' ';  // line breaks, tabs, controls
  return c;
}

}  // namespace

std::string_view termination_marker(std::string_view result) {
  if (result == "1-0" || result == "0-1" || result == "1/2-1/2") return result;
  return "*";
}

struct Writer::Impl {
  WriterOptions options;
  bool pgn_letters = false;  // options.san_style is PGN's: moves spelled by write_pgn_san
  std::unique_ptr<text::Latin1Folder> folder;
  std::string folded;        // scratch for transliterated text
  std::string comment_text;  // scratch for a comment being written
  std::string movetext;      // scratch: the movetext being laid out
  std::string tag_text;      // scratch: the tag section being written (its first tag_size bytes)
  std::size_t tag_size = 0;
  std::vector<Tag> computed;  // SetUp, FEN, Variant of the current game
  std::string_view source;    // the current game's text (Writer::write)
  std::vector<const Tag*> others;
  text::FoldedCharacters changed;  // by repertoire() in the current game

  // Text that Latin-1 cannot hold, transliterated (when asked for).
  std::string_view repertoire(std::string_view text) {
    if (!options.latin1_repertoire) return text;
    if (!folder) folder = std::make_unique<text::Latin1Folder>();
    if (folder->fold(text, folded, &changed)) return folded;
    return text;
  }

  // Appends the tag to tag_text[0..tag_size), which has room for the
  // worst case (every character escaped) first: plain stores into a
  // scratch that only ever grows, and one append of the whole section to
  // the output (resizing the output for each tag, and cutting it back,
  // cost more than writing the tag).
  void write_tag(std::string_view name, std::string_view value) {
    value = repertoire(value);
    const std::size_t room = tag_size + name.size() + 2 * value.size() + 6;
    if (tag_text.size() < room) tag_text.resize(std::max(2 * tag_text.size(), room));
    char* p = tag_text.data() + tag_size;
    *p++ = '[';
    std::memcpy(p, name.data(), name.size());
    p += name.size();
    *p++ = ' ';
    *p++ = '"';
#if defined(__SSE2__)
    // Nearly every value has nothing to escape or blank out: copied whole,
    // and checked sixteen bytes at a time where it was read from (the copy,
    // read back at once, would wait for the copy's stores).
    std::memcpy(p, value.data(), value.size());
    if (!has_tag_special(value.data(), value.size())) {
      p += value.size();
      value = {};
    }
#endif
    for (const char c : value) {
      const TagByte kind = tag_bytes[static_cast<unsigned char>(c)];
      if (kind == TagByte::plain) {
        *p++ = c;
      } else if (kind == TagByte::escaped) {
        *p++ = '\\';
        *p++ = c;
      } else {
        *p++ = ' ';
      }
    }
    *p++ = '"';
    *p++ = ']';
    *p++ = '\n';
    tag_size = static_cast<std::size_t>(p - tag_text.data());
  }

  void write_tags(const game::Game& game, std::string_view result, std::string& out) {
    tag_size = 0;
    // One pass over the tags: the roster's (the first of each name, as
    // Game::tag finds it) and the others.
    const bool chess960 = game.start.is_chess960();
    const bool setup = chess960 || game.custom_start || !(game.start == Position::start());
    std::array<const Tag*, seven_tag_roster.size()> roster{};
    others.clear();
    for (const Tag& t : game.tags) {
      if (const int i = roster_index(t.name); i >= 0) {
        if (!roster[static_cast<std::size_t>(i)]) roster[static_cast<std::size_t>(i)] = &t;
        continue;
      }
      // Without a position of its own, the game says nothing of a set-up
      // (a SetUp "1" without a FEN tag would have readers look for one).
      if (t.name == "SetUp" || (setup && t.name == "FEN")) continue;
      if (chess960 && t.name == "Variant") continue;
      others.push_back(&t);
    }
    for (std::size_t i = 0; i < seven_tag_roster.size(); ++i) {
      const std::string_view name = seven_tag_roster[i];
      if (name == "Result") {
        write_tag(name, result);
        continue;
      }
      const Tag* t = roster[i];
      write_tag(name, t && !t->value.empty() ? std::string_view(t->value) : unknown_value(name));
    }
    computed.clear();
    if (setup) {
      computed.push_back({"SetUp", "1"});
      computed.push_back({"FEN", write_fen(game.start)});
    }
    if (chess960) computed.push_back({"Variant", "Chess960"});
    for (const Tag& t : computed) others.push_back(&t);
    if (options.tag_order == TagOrder::standard) {
      const auto by_name = [](const Tag* a, const Tag* b) { return a->name < b->name; };
      // A few tags (nearly every game) by insertion, stable as stable_sort
      // is, which asks for a scratch buffer from the heap at every call.
      if (others.size() <= 16) {
        for (std::size_t i = 1; i < others.size(); ++i)
          for (std::size_t j = i; j > 0 && by_name(others[j], others[j - 1]); --j)
            std::swap(others[j], others[j - 1]);
      } else {
        std::stable_sort(others.begin(), others.end(), by_name);
      }
    }
    for (const Tag* t : others) write_tag(t->name, t->value);
    out.append(tag_text.data(), tag_size);
    out += '\n';
  }

  // A comment as tokens: "{first", "words", "last}"; false when it is empty.
  bool write_comment(std::string_view text, TokenWriter& tokens) {
    text = repertoire(text);
    std::size_t i = 0;
    const auto skip_space = [&] {
      while (i < text.size() && is_space(text[i])) ++i;
    };
    skip_space();
    if (i == text.size()) return false;
    // Copy: the folded scratch may be reused below, and "{" / "}" are
    // glued to the first and last word.
    comment_text.assign(1, '{');
    bool has_word = false;   // comment_text holds a word not yet placed
    bool glue_next = false;  // the word before must not end a line
    while (i < text.size()) {
      std::size_t end = i;
      if (text.compare(i, 2, "[%") == 0) {
        // A command such as [%clk 0:01:00] is never broken.
        const std::size_t close = text.find(']', i);
        if (close != std::string_view::npos) end = close + 1;
      }
      while (end < text.size() && !is_space(text[end])) ++end;
      const std::string_view word = text.substr(i, end - i);
      i = end;
      skip_space();
      const bool last = i == text.size();
      // A word that must not start a line stays with the word before it
      // (one token, never broken): on a line of its own, '%' would make
      // the line an escape line (PGN §6, ignored), and "[Event ..." or
      // "[pgn]" would end the game or be blanked by a reader.
      if (has_word && (glue_next || starts_line_badly(word))) {
        comment_text += ' ';
      } else if (has_word) {
        tokens.token(comment_text);
        comment_text.clear();
      }
      for (char c : word) comment_text += comment_char(c);
      has_word = true;
      glue_next = word.size() >= 6 && word.substr(word.size() - 6) == "[/pgn]";  // blanked at a line end
      if (last) comment_text += '}';
    }
    tokens.token(comment_text);
    return true;
  }

  static bool starts_line_badly(std::string_view word) {
    return word.front() == '%' || (word.front() == '[' && word.compare(0, 2, "[%") != 0);
  }

  // Where a line stands: the move number and side to move, and the
  // position when moves are spelled from it (games without SAN hints);
  // games read by notera carry a hint on every move, so no replay.
  struct Cursor {
    Position* pos = nullptr;
    int fullmove = 1;
    Color side = Color::white;

    void advance(Move m) {
      if (pos) pos->play(m);
      if (side == Color::black) ++fullmove;
      side = ~side;
    }
  };

  static bool all_hinted(const game::Line& line) {
    // Four moves a test (every move of every game is asked).
    const game::GameMove* m = line.moves.data();
    const game::GameMove* const end = m + line.moves.size();
    for (; end - m >= 4; m += 4)
      if (!(m[0].san.valid() & m[1].san.valid() & m[2].san.valid() & m[3].san.valid())) return false;
    for (; m != end; ++m)
      if (!m->san.valid()) return false;
    for (const game::MoveNotes& n : line.notes)
      for (const game::Line& v : n.variations)
        if (!all_hinted(v)) return false;
    return true;
  }

  // The move itself: number (if due), SAN, NAGs, draw offer and comments
  // (`notes`: null when nothing was written around the move). Inlined into
  // write_line (every move of every game): as a call, saving and restoring
  // registers and passing five arguments cost a sixth of its work.
  [[gnu::always_inline]] void write_move(const game::GameMove& m, const game::MoveNotes* notes,
                                         Cursor& cursor, TokenWriter& tokens, bool& need_number) {
    if (cursor.side == Color::white || need_number) {
      char* const begin = tokens.begin_short_token(16);
      char* end = write_move_number(begin, cursor.fullmove);
      *end++ = '.';
      if (cursor.side == Color::black) {
        *end++ = '.';
        *end++ = '.';
      }
      tokens.end_short_token(static_cast<std::size_t>(end - begin));
    }
    need_number = false;
    if (cursor.pos) {
      SanText san;
      write_san_body(*cursor.pos, m.move, san, options.san_style);
      cursor.advance(m.move);
      if (m.move != Move::null()) san.append(check_mark(*cursor.pos));
      tokens.ascii_token(san.view());
    } else {
      char* const begin = tokens.begin_short_token(sizeof(SanText::data));
      tokens.end_short_token(
          static_cast<std::size_t>(write_san(m.move, m.san, begin, options.san_style) - begin));
      cursor.advance(m.move);
    }
    if (notes) {
      char number[24];
      for (std::uint8_t nag : notes->nags) {
        number[0] = '$';
        const auto r = std::to_chars(number + 1, number + 8, static_cast<int>(nag));
        tokens.ascii_token(std::string_view(number, static_cast<std::size_t>(r.ptr - number)));
      }
    }
    if (m.draw_offer && write_comment(draw_offer_comment, tokens)) need_number = true;
    if (notes) {
      for (const std::string& c : notes->comments)
        if (write_comment(c, tokens)) need_number = true;
    }
  }

  void write_line(const game::Line& line, Cursor& cursor, TokenWriter& tokens) {
    bool need_number = true;  // §8.2.2.2: first move of the movetext or a variation
    if (!line.comment_before.empty()) write_comment(line.comment_before, tokens);
    const std::size_t count = line.moves.size();
    for (std::size_t i = 0; i < count; ++i) {
      if (pgn_letters && !cursor.pos) {
        // The moves up to the next one with something written around it,
        // in one go.
        if (const std::size_t written = tokens.plain_moves(line.moves.data() + i, count - i, cursor.fullmove,
                                                           cursor.side, need_number, source);
            written > 0) {
          need_number = false;
          i += written;
          if (i == count) break;
        }
      }
      const game::GameMove& m = line.moves[i];
      const game::MoveNotes* notes = m.notes != 0 ? &line.notes[m.notes - 1] : nullptr;
      if (!notes || notes->variations.empty()) {
        write_move(m, notes, cursor, tokens, need_number);
        continue;
      }
      // A variation replaces this move: it starts where this move starts.
      const Cursor before = cursor;
      std::optional<Position> before_pos;
      if (cursor.pos) before_pos = *cursor.pos;
      write_move(m, notes, cursor, tokens, need_number);
      for (const game::Line& variation : notes->variations) {
        if (variation.moves.empty()) {
          // "({only a comment})": a variation needs a move (PGN §8.2.5;
          // pgn-extract refuses "Missing move list in variation"), so its
          // comment is written as one after the move, where it stood.
          if (write_comment(variation.comment_before, tokens)) need_number = true;
          continue;
        }
        std::optional<Position> branch_pos = before_pos;
        Cursor branch = before;
        branch.pos = branch_pos ? &*branch_pos : nullptr;
        tokens.open_variation();
        write_line(variation, branch, tokens);
        tokens.close_variation();
        need_number = true;
      }
    }
  }
};

Writer::Writer(WriterOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
  const SanStyle& style = impl_->options.san_style;
  impl_->pgn_letters = style.pieces == pgn_san_style.pieces &&
                       style.castle_short == pgn_san_style.castle_short &&
                       style.castle_long == pgn_san_style.castle_long &&
                       style.promotion_mark == pgn_san_style.promotion_mark && !style.long_form;
  if (impl_->options.max_line_length < 2) impl_->options.max_line_length = 2;
}
Writer::~Writer() = default;
Writer::Writer(Writer&&) noexcept = default;
Writer& Writer::operator=(Writer&&) noexcept = default;

void Writer::write(const game::Game& game, std::string& out, std::string_view source) {
  Impl& w = *impl_;
  w.source = source;
  w.changed = {};
  const std::string_view result = termination_marker(game.result);
  w.write_tags(game, result, out);
  TokenWriter tokens(out, w.movetext, w.options.max_line_length);
  Impl::Cursor cursor;
  std::optional<Position> replay;
  if (!Impl::all_hinted(game.mainline)) {
    replay = game.start;
    cursor.pos = &*replay;
  }
  cursor.fullmove = game.start.fullmove_number();
  cursor.side = game.start.side_to_move();
  w.write_line(game.mainline, cursor, tokens);
  tokens.ascii_token(result);
  tokens.finish();
  out += '\n';
}

const text::FoldedCharacters& Writer::transliterated() const { return impl_->changed; }

}  // namespace notera::pgn
