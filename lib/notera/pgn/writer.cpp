#include "notera/pgn/writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <string_view>
#include <vector>

#include "notera/core/fen.hpp"
#include "notera/core/san.hpp"
#include "notera/text/encoding.hpp"

namespace notera::pgn {
namespace {

constexpr std::array<std::string_view, 7> seven_tag_roster = {"Event", "Site",  "Date",  "Round",
                                                              "White", "Black", "Result"};

// §8.1.1: the value of an unknown roster tag.
std::string_view unknown_value(std::string_view name) {
  return name == "Date" ? "????.??.??" : "?";
}

bool is_roster_tag(std::string_view name) {
  return std::find(seven_tag_roster.begin(), seven_tag_roster.end(), name) !=
         seven_tag_roster.end();
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Characters, as the line limit counts them: UTF-8 lead bytes and ASCII.
int char_count(std::string_view s) {
  int n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// Places movetext tokens on lines of at most max_width characters, one
// space apart, with "(" glued to the next token and ")" to the previous.
class TokenWriter {
 public:
  TokenWriter(std::string& out, int max_width)
      : out_(out), line_start_(out.size()), max_(max_width) {}

  // Moves, move numbers, NAGs and results: ASCII, one byte per character.
  void ascii_token(std::string_view text) { place(text, static_cast<int>(text.size())); }
  void token(std::string_view text) { place(text, char_count(text)); }

  void open_variation() { ++pending_open_; }

  void close_variation() {
    if (width_ + 1 > max_ && space_before_last_ != std::string::npos) {
      // The ")" does not fit: the last token goes to a new line with it.
      out_[space_before_last_] = '\n';
      line_start_ = space_before_last_ + 1;
      width_ = char_count(std::string_view(out_).substr(line_start_));
      space_before_last_ = std::string::npos;
    }
    out_ += ')';
    ++width_;
  }

  void finish() { out_ += '\n'; }

 private:
  void place(std::string_view text, int width) {
    const int w = width + pending_open_;
    space_before_last_ = std::string::npos;
    if (width_ > 0) {
      if (width_ + 1 + w > max_) {
        out_ += '\n';
        line_start_ = out_.size();
        width_ = 0;
      } else {
        space_before_last_ = out_.size();
        out_ += ' ';
        ++width_;
      }
    }
    if (pending_open_ != 0) {
      out_.append(static_cast<std::size_t>(pending_open_), '(');
      pending_open_ = 0;
    }
    out_ += text;
    width_ += w;
  }

  std::string& out_;
  std::size_t line_start_;
  std::size_t space_before_last_ = std::string::npos;  // the space before the last token
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
  std::unique_ptr<text::Latin1Folder> folder;
  std::string folded;         // scratch for transliterated text
  std::string comment_text;   // scratch for a comment being written
  std::vector<Tag> computed;  // SetUp, FEN, Variant of the current game
  std::vector<const Tag*> others;

  // Text that Latin-1 cannot hold, transliterated (when asked for).
  std::string_view repertoire(std::string_view text) {
    if (!options.latin1_repertoire) return text;
    if (!folder) folder = std::make_unique<text::Latin1Folder>();
    if (folder->fold(text, folded)) return folded;
    return text;
  }

  void write_tag(std::string_view name, std::string_view value, std::string& out) {
    value = repertoire(value);
    out += '[';
    out += name;
    out += " \"";
    for (char c : value) {
      if (c == '\\' || c == '"') {
        out += '\\';
        out += c;
      } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
        out += ' ';  // §8.1: no tabs or line breaks in a tag value
      } else {
        out += c;
      }
    }
    out += "\"]\n";
  }

  void write_tags(const Game& game, std::string_view result, std::string& out) {
    for (std::string_view name : seven_tag_roster) {
      if (name == "Result") {
        write_tag(name, result, out);
        continue;
      }
      const std::optional<std::string_view> value = game.tag(name);
      write_tag(name, value && !value->empty() ? *value : unknown_value(name), out);
    }
    const bool chess960 = game.start.is_chess960();
    const bool setup = chess960 || game.custom_start || !(game.start == Position::start());
    computed.clear();
    if (setup) {
      computed.push_back({"SetUp", "1"});
      computed.push_back({"FEN", write_fen(game.start)});
    }
    if (chess960) computed.push_back({"Variant", "Chess960"});
    others.clear();
    for (const Tag& t : game.tags) {
      if (is_roster_tag(t.name)) continue;
      if (setup && (t.name == "SetUp" || t.name == "FEN")) continue;
      if (chess960 && t.name == "Variant") continue;
      others.push_back(&t);
    }
    for (const Tag& t : computed) others.push_back(&t);
    if (options.tag_order == TagOrder::standard) {
      std::stable_sort(others.begin(), others.end(),
                       [](const Tag* a, const Tag* b) { return a->name < b->name; });
    }
    for (const Tag* t : others) write_tag(t->name, t->value, out);
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
    bool first = true;
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
      if (!first) comment_text.clear();
      for (char c : word) comment_text += comment_char(c);
      if (last) comment_text += '}';
      tokens.token(comment_text);
      first = false;
    }
    return true;
  }

  // Where a line stands: the position (to spell moves without hints), or
  // only the move number and side to move (enough when every move carries
  // its SAN hint, which games read by notera do: no replay needed).
  struct Cursor {
    Position pos;
    bool use_position = true;
    int fullmove = 1;
    Color side = Color::white;

    void advance(Move m) {
      if (use_position) {
        Undo undo;
        if (m == Move::null())
          pos.do_null_move(undo);
        else
          pos.do_move(m, undo);
      }
      if (side == Color::black) ++fullmove;
      side = ~side;
    }
  };

  static bool all_hinted(const Line& line) {
    for (const GameMove& m : line.moves) {
      if (!m.san.valid()) return false;
      for (const Line& v : m.variations)
        if (!all_hinted(v)) return false;
    }
    return true;
  }

  void write_line(const Line& line, Cursor& cursor, TokenWriter& tokens) {
    bool need_number = true;  // §8.2.2.2: first move of the movetext or a variation
    if (!line.comment_before.empty()) write_comment(line.comment_before, tokens);
    SanText san;
    char number[24];
    for (const GameMove& m : line.moves) {
      const Color side = cursor.side;
      if (side == Color::white || need_number) {
        const auto r = std::to_chars(number, number + 16, cursor.fullmove);
        char* end = r.ptr;
        *end++ = '.';
        if (side == Color::black) {
          *end++ = '.';
          *end++ = '.';
        }
        tokens.ascii_token(std::string_view(number, static_cast<std::size_t>(end - number)));
      }
      need_number = false;
      // A variation replaces this move: it starts where this move starts.
      std::optional<Cursor> before;
      if (!m.variations.empty()) before = cursor;
      if (cursor.use_position) {
        write_san_body(cursor.pos, m.move, san, options.san_style);
        cursor.advance(m.move);
        if (m.move != Move::null()) san.append(check_mark(cursor.pos));
      } else {
        write_san(m.move, m.san, san, options.san_style);
        cursor.advance(m.move);
      }
      tokens.ascii_token(san.view());
      for (std::uint8_t nag : m.nags) {
        number[0] = '$';
        const auto r = std::to_chars(number + 1, number + 8, static_cast<int>(nag));
        tokens.ascii_token(std::string_view(number, static_cast<std::size_t>(r.ptr - number)));
      }
      if (m.draw_offer && write_comment(draw_offer_comment, tokens)) need_number = true;
      for (const std::string& c : m.comments)
        if (write_comment(c, tokens)) need_number = true;
      for (const Line& variation : m.variations) {
        if (variation.moves.empty() && variation.comment_before.empty()) continue;
        Cursor branch = *before;
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
  if (impl_->options.max_line_length < 2) impl_->options.max_line_length = 2;
}
Writer::~Writer() = default;
Writer::Writer(Writer&&) noexcept = default;
Writer& Writer::operator=(Writer&&) noexcept = default;

void Writer::write(const Game& game, std::string& out) {
  Impl& w = *impl_;
  const std::string_view result = termination_marker(game.result);
  w.write_tags(game, result, out);
  TokenWriter tokens(out, w.options.max_line_length);
  Impl::Cursor cursor;
  cursor.use_position = !Impl::all_hinted(game.mainline);
  if (cursor.use_position) cursor.pos = game.start;
  cursor.fullmove = game.start.fullmove_number();
  cursor.side = game.start.side_to_move();
  w.write_line(game.mainline, cursor, tokens);
  tokens.ascii_token(result);
  tokens.finish();
  out += '\n';
}

}  // namespace notera::pgn
