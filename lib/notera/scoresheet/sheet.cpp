// GCC 12 at -O3 warns falsely that a Message argument (a std::variant) "may
// be used uninitialized" when the argument vector grows; message.hpp is
// included first so that the pragma covers it.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include "notera/base/message.hpp"
#pragma GCC diagnostic pop

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>

#include "notera/base/utf8.hpp"
#include "notera/core/fen.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "notera/scoresheet/sheet_line.hpp"
#include "notera/scoresheet/sheet_locale.hpp"

namespace notera::scoresheet {

bool SheetCell::has(MarkKind mark) const {
  return std::any_of(marks.begin(), marks.end(), [mark](const SheetMark& m) { return m.kind == mark; });
}

std::string SheetMark::answer_text() const {
  if (text.size() < 3) return {};
  std::string_view inner = std::string_view(text).substr(2, text.size() - 3);
  while (!inner.empty() && (inner.front() == ' ' || inner.front() == '\t')) inner.remove_prefix(1);
  while (!inner.empty() && (inner.back() == ' ' || inner.back() == '\t')) inner.remove_suffix(1);
  return std::string(inner);
}

std::string SheetCell::answer() const {
  for (const SheetMark& m : marks)
    if (m.kind == MarkKind::answer) return m.answer_text();
  return {};
}

std::optional<std::string_view> Scoresheet::tag(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return t.value;
  return std::nullopt;
}

const SheetHeader* Scoresheet::header(std::string_view key) const {
  for (const SheetHeader& h : headers)
    if (h.key == key) return &h;
  return nullptr;
}

bool Scoresheet::has_errors() const {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::error; });
}

namespace {

using sheet_line::CellSyntax;
using sheet_line::GroupSyntax;
using sheet_line::ItemSyntax;
using sheet_line::LineKind;
using sheet_line::LineSyntax;
using sheet_line::Span;
using sheet_locale::SheetWords;

// Move numbers beyond this are typing slips, not games (and keep ply
// arithmetic far from overflow).
constexpr int max_move_number = 9999;

struct SheetLine {
  std::string_view text;
  int number = 0;  // 1-based
  sheet_line::ParsedLine parsed;
  bool has_numbers = false;  // a move number starts a row somewhere on the line
};

std::vector<SheetLine> split_lines(std::string_view text) {
  std::vector<SheetLine> lines;
  std::size_t start = 0;
  int number = 1;
  while (start < text.size()) {
    const std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) {
      lines.push_back({text.substr(start), number, {}, false});
      break;
    }
    lines.push_back({text.substr(start, end - start), number++, {}, false});
    start = end + (text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n' ? 2 : 1);
  }
  return lines;
}

std::string_view trim_blanks(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

MarkKind classify_mark(std::string_view text) {
  switch (text.front()) {
    case '(': return MarkKind::draw_offer;
    case '{': {
      const std::string inner = sheet_locale::fold_word(text.substr(1, text.size() - 2));
      if (text.size() > 3 && text[1] == '=') return MarkKind::answer;
      return inner == "sealed" ? MarkKind::sealed : MarkKind::note;
    }
    case 'e':
    case 'E': return MarkKind::en_passant;
    case '+': return text.size() == 1 ? MarkKind::check : MarkKind::mate;
    case '#': return MarkKind::mate;
    default: return MarkKind::annotation;
  }
}

// "0:05" -> 300, "1:21:30" -> 4890, "45" (bare minutes) -> 2700. Also
// returns the largest minute/second field, to flag "0:75".
std::pair<int, int> clock_seconds(std::string_view text) {
  int fields[3] = {0, 0, 0};
  int count = 0;
  for (std::size_t i = 0; i <= text.size() && count < 3; ++i) {
    if (i == text.size() || text[i] == ':') {
      ++count;
      continue;
    }
    fields[count] = fields[count] * 10 + (text[i] - '0');
  }
  if (count == 1) return {fields[0] * 60, 0};
  const int seconds = fields[0] * 3600 + fields[1] * 60 + (count > 2 ? fields[2] : 0);
  return {seconds, std::max(fields[1], count > 2 ? fields[2] : 0)};
}

class Reader {
 public:
  Reader(std::string_view text, std::string source) : words_(SheetWords::get()) {
    sheet_.source = std::move(source);
    decoded_ = sheet_locale::decode(text);
  }

  Scoresheet read() {
    if (!decoded_.encoding.empty())
      report(Severity::note, Message("sheet.encoding").with("encoding", decoded_.encoding), {1, 1});
    lines_ = split_lines(decoded_.text);
    int last_numbered = -1;
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      SheetLine& line = lines_[i];
      line.parsed = sheet_line::parse_line(line.text);
      for (const GroupSyntax& g : line.parsed.syntax.groups) line.has_numbers |= g.numbered;
      if (!line.parsed.error && line.has_numbers) last_numbered = static_cast<int>(i);
    }
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      after_last_numbered_ = static_cast<int>(i) > last_numbered;
      read_line(lines_[i]);
    }
    finish_moves();
    derive_tags();
    std::stable_sort(
        sheet_.diagnostics.begin(), sheet_.diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
          return std::pair(a.where.line, a.where.column) < std::pair(b.where.line, b.where.column);
        });
    return std::move(sheet_);
  }

 private:
  // ---------------------------------------------------------------- lines

  void read_line(const SheetLine& line) {
    const LineSyntax& syntax = line.parsed.syntax;
    if (line.parsed.error) {
      report_line_error(line, *line.parsed.error);
      return;
    }
    if (syntax.comment) {
      const Span c = *syntax.comment;
      const std::string_view text = trim_blanks(Span{c.begin + 1, c.end}.of(line.text));
      sheet_.comments.push_back({std::string(text), at(line, c.begin)});
    }
    switch (syntax.kind) {
      case LineKind::blank:
      case LineKind::comment: return;
      case LineKind::header: read_header(line); return;
      case LineKind::moves: read_moves(line, syntax, false); return;
      case LineKind::text: read_text(line, syntax); return;
    }
  }

  SourceLocation at(const SheetLine& line, std::size_t offset) const {
    return {line.number, utf8::char_column(line.text, offset)};
  }

  void report(Severity severity, Message message, SourceLocation where, int ply = 0) {
    sheet_.diagnostics.push_back({severity, std::move(message), where, ply});
  }

  // ---------------------------------------------------------------- boxes

  // A box of the sheet as a person with the paper finds it: the move
  // number it is written in and its column (number 0: no box).
  struct Box {
    int number = 0;
    Color side = Color::white;
  };

  // The box `plies` boxes after `box`.
  static Box box_after(Box box, int plies) {
    const int at = box.number * 2 + index(box.side) + plies;
    return {at / 2, at % 2 == 0 ? Color::white : Color::black};
  }

  // Messages about a box name it as "move 9" or "move 9..." (Black's), as
  // the reconstruction's messages do; and say which ply it claims.
  static Message& with_box(Message& m, Box box) {
    return m.with("move", box.number)
        .with("black", box.number > 0 && box.side == Color::black ? "yes" : "no");
  }

  int ply_of(Box box) const {
    if (box.number <= 0) return 0;
    return std::max(0,
                    (box.number - sheet_.start_number) * 2 + index(box.side) - index(sheet_.start_side) + 1);
  }

  void report_at_box(Severity severity, Message message, SourceLocation where, Box box) {
    report(severity, std::move(with_box(message, box)), where, ply_of(box));
  }

  // The box the next cell goes to: the open row's next one, else the one
  // after the last cell (at the start: the start position's).
  Box next_box() const {
    if (has_room()) {
      const SheetRow& row = sheet_.rows[static_cast<std::size_t>(open_.index)];
      return box_after({row.number, row.black_first ? Color::black : Color::white}, open_.filled);
    }
    if (sheet_.cells.empty()) return {sheet_.start_number, sheet_.start_side};
    const SheetCell& last = sheet_.cells.back();
    return box_after({last.number, last.side}, 1);
  }

  // The box of the last cell placed (number 0: none yet).
  Box last_box() const {
    if (sheet_.cells.empty()) return {};
    return {sheet_.cells.back().number, sheet_.cells.back().side};
  }

  // The box a line that cannot be read has its problem in: the line read
  // up to the problem, as move rows or cells that go on the open row
  // (number 0 when that part is no moves: a header line, text before the
  // moves).
  Box box_at(const SheetLine& line, std::size_t offset) const {
    const sheet_line::ParsedLine before = sheet_line::parse_line(line.text.substr(0, offset));
    if (before.error) return {};
    const LineSyntax& syntax = before.syntax;
    bool numbered = false;
    for (const GroupSyntax& g : syntax.groups) numbered |= g.numbered;
    const bool moves = syntax.kind == LineKind::moves ||
                       (syntax.kind == LineKind::text && (in_moves_ || numbered)) ||
                       (syntax.kind == LineKind::blank && in_moves_);
    if (!moves) return {};
    Box box = next_box();
    int cells = 0;
    for (const GroupSyntax& g : syntax.groups) {
      if (g.numbered) {
        const std::string_view digits = g.digits.of(line.text);
        int number = 0;
        std::from_chars(digits.data(), digits.data() + digits.size(), number);
        box = {number, g.black_first ? Color::black : Color::white};
        cells = 0;
      }
      cells += static_cast<int>(count_cells(g));
    }
    // A problem glued to a cell ("Sf6~~") is in that cell's box.
    if (cells > 0 && offset > 0 && line.text[offset - 1] != ' ' && line.text[offset - 1] != '\t') --cells;
    return box_after(box, cells);
  }

  // A line the grammar cannot read: the problem where it starts, in its
  // box; the line is kept as a note.
  void report_line_error(const SheetLine& line, const sheet_line::LineError& error) {
    report_at_box(Severity::error, Message(error.key), at(line, error.offset), box_at(line, error.offset));
    keep_note(line);
  }

  // The line without its comment, for notes and messages.
  static std::string_view content_of(const SheetLine& line) {
    const auto& comment = line.parsed.syntax.comment;
    return trim_blanks(comment ? line.text.substr(0, comment->begin) : line.text);
  }

  SourceLocation content_where(const SheetLine& line) const {
    return at(line, static_cast<std::size_t>(content_of(line).data() - line.text.data()));
  }

  void keep_note(const SheetLine& line) {
    const std::string_view content = content_of(line);
    if (!content.empty()) sheet_.notes.push_back({std::string(content), content_where(line)});
  }

  // -------------------------------------------------------------- headers

  void read_header(const SheetLine& line) {
    const LineSyntax& syntax = line.parsed.syntax;
    const std::string_view raw_key = syntax.key.of(line.text);
    const sheet_locale::HeaderWord* word = words_.header(raw_key);
    if (in_moves_ && !word) {
      // "e:d4 Sf6" among the moves has the shape of a header, but is moves.
      SheetLine as_text = line;
      as_text.parsed = sheet_line::parse_line(line.text, true);
      as_text.has_numbers = false;
      for (const GroupSyntax& g : as_text.parsed.syntax.groups) as_text.has_numbers |= g.numbered;
      if (as_text.parsed.error) {
        report_line_error(line, *as_text.parsed.error);
        return;
      }
      read_text(as_text, as_text.parsed.syntax);
      return;
    }
    SheetHeader header;
    header.raw_key = std::string(raw_key);
    header.value = std::string(syntax.value.of(line.text));
    header.where = at(line, syntax.key.begin);
    header.value_where = at(line, syntax.value.begin);
    if (word) {
      header.key = word->key;
      header.language = word->languages.front();
      for (const std::string& language : word->languages) ++header_votes_[language];
    }
    if (!word) {
      report(Severity::warning, Message("sheet.unknown_header").with("key", header.raw_key), header.where);
    } else if (const SheetHeader* first = sheet_.header(header.key)) {
      report(
          Severity::warning,
          Message("sheet.duplicate_header").with("key", header.raw_key).with("first_line", first->where.line),
          header.where);
    } else if (in_moves_) {
      report(Severity::note, Message("sheet.header_after_moves").with("key", header.raw_key), header.where);
    }
    if (header.value.empty())
      report(Severity::warning, Message("sheet.empty_header").with("key", header.raw_key), header.where);
    const bool first_of_key = word && !sheet_.header(header.key);
    sheet_.headers.push_back(std::move(header));
    // The start position decides which ply a move number is; read it now.
    if (first_of_key && sheet_.headers.back().key == "fen" && !sheet_.headers.back().value.empty())
      read_fen_header(sheet_.headers.back());
  }

  void read_fen_header(const SheetHeader& header) {
    const FenResult fen = read_fen(header.value);
    if (!fen) {
      SourceLocation where = header.value_where;
      where.column += fen.error.column - 1;
      report(Severity::error, fen.error.message, where);
      return;
    }
    sheet_.start_fen = write_fen(*fen.position);
    sheet_.start_number = fen.position->fullmove_number();
    sheet_.start_side = fen.position->side_to_move();
    chess960_ = fen.position->is_chess960();
  }

  // ---------------------------------------------------------------- moves

  struct OpenRow {
    int index = -1;
    int filled = 0;   // cells placed
    int columns = 2;  // 1 for a row that starts with Black's move
    int clock_notes = 0;
    SourceLocation after;  // just after the row's last item (for empty cells)
  };

  bool has_room() const { return open_.index >= 0 && open_.filled < open_.columns; }

  void read_text(const SheetLine& line, const LineSyntax& syntax) {
    if (!in_moves_) {
      if (line.has_numbers) {  // "e4 e5 2. Sf3 Sc6": moves whose first number is missing
        read_moves(line, syntax, true);
        return;
      }
      report(Severity::error, Message("sheet.not_a_header").with("text", content_of(line)),
             content_where(line));
      keep_note(line);
      return;
    }
    const std::size_t leading =
        syntax.groups.empty() || syntax.groups.front().numbered ? 0 : count_cells(syntax.groups.front());
    bool continuation = false;
    if (!after_last_numbered_) {
      continuation = has_room() || last_line_running_;
    } else if (last_line_running_ && !line.has_numbers) {
      // After the last number only what completes the open row (and maybe
      // a result) is moves; more is text about the game.
      const std::size_t room = has_room() ? static_cast<std::size_t>(open_.columns - open_.filled) : 0;
      const bool ends_with_result = ends_with_result_word(line, syntax.groups.front());
      continuation = leading > 0 && leading - (ends_with_result ? 1 : 0) <= room;
    }
    if (continuation) {
      read_moves(line, syntax, true);
      return;
    }
    if (after_last_numbered_) {
      if (!sheet_.result_in_moves && !pending_result_ && is_lone_result(line, syntax)) {
        const ItemSyntax& item = syntax.groups.front().items.front();
        sheet_.result_in_moves = SheetText{std::string(item.whole.of(line.text)), at(line, item.whole.begin)};
        return;
      }
      Message m("sheet.text_after_moves");
      report(Severity::warning, std::move(with_box(m, last_box()).with("text", content_of(line))),
             content_where(line));
    } else {
      Message m("sheet.line_without_number");
      report(Severity::warning, std::move(with_box(m, last_box()).with("text", content_of(line))),
             content_where(line));
    }
    keep_note(line);
  }

  static std::size_t count_cells(const GroupSyntax& group) {
    return static_cast<std::size_t>(std::count_if(group.items.begin(), group.items.end(),
                                                  [](const ItemSyntax& i) { return !i.is_clock; }));
  }

  // A cell that is nothing but one word such as "1-0" or "remis".
  bool is_result_word(const SheetLine& line, const ItemSyntax& item) const {
    const CellSyntax& c = item.cell;
    return !item.is_clock && !c.unrecorded && c.crossed.empty() && c.glued_marks.empty() &&
           c.separated_marks.empty() && c.readings.size() <= 1 &&
           words_.result(c.move.of(line.text)).has_value();
  }

  bool ends_with_result_word(const SheetLine& line, const GroupSyntax& group) const {
    for (auto it = group.items.rbegin(); it != group.items.rend(); ++it)
      if (!it->is_clock) return is_result_word(line, *it);
    return false;
  }

  bool is_lone_result(const SheetLine& line, const LineSyntax& syntax) const {
    return syntax.groups.size() == 1 && syntax.groups.front().items.size() == 1 &&
           is_result_word(line, syntax.groups.front().items.front());
  }

  void read_moves(const SheetLine& line, const LineSyntax& syntax, bool continuation) {
    in_moves_ = true;
    std::size_t numbered = 0;
    for (const GroupSyntax& g : syntax.groups) numbered += g.numbered ? 1 : 0;
    const bool running = continuation || numbered > 1;
    sheet_.running_text |= numbered > 1;
    for (const GroupSyntax& group : syntax.groups) {
      if (group.numbered) {
        begin_row(line, group);
        if (!running) leave_white_box_empty(line, group);
      } else if (!group.items.empty() && open_.index < 0) {
        const ItemSyntax& first = group.items.front();
        begin_inferred_row(at(line, first.whole.begin), sheet_.start_number);
      }
      for (const ItemSyntax& item : group.items) {
        if (item.is_clock)
          add_clock(line, item);
        else
          add_cell(line, item, running);
      }
      if (group.numbered && !running) learn_columns(line, group);
    }
    last_line_running_ = running;
  }

  // The boxes of a row, clock notes left out: the first two, and how many.
  struct RowBoxes {
    const ItemSyntax* first = nullptr;
    const ItemSyntax* second = nullptr;
    int count = 0;
  };
  static RowBoxes boxes_of(const GroupSyntax& group) {
    RowBoxes boxes;
    for (const ItemSyntax& item : group.items) {
      if (item.is_clock) continue;
      (boxes.count == 0 ? boxes.first : boxes.second) = boxes.count < 2 ? &item : nullptr;
      ++boxes.count;
    }
    return boxes;
  }
  static int tabs_between(const SheetLine& line, std::size_t from, std::size_t to) {
    return static_cast<int>(std::count(line.text.begin() + static_cast<std::ptrdiff_t>(from),
                                       line.text.begin() + static_cast<std::ptrdiff_t>(to), '\t'));
  }

  // Where a row with both boxes written puts them: the columns (in
  // characters, on lines aligned with blanks) and the tabs before White's
  // box (a pasted spreadsheet's).
  void learn_columns(const SheetLine& line, const GroupSyntax& group) {
    const RowBoxes boxes = boxes_of(group);
    if (group.black_first || boxes.count != 2) return;
    const int tabs = tabs_between(line, group.number.end, boxes.first->whole.begin);
    columns_.white_tabs = tabs;
    if (tabs == 0 && tabs_between(line, boxes.first->whole.end, boxes.second->whole.begin) == 0) {
      columns_.white = at(line, boxes.first->whole.begin).column;
      columns_.black = at(line, boxes.second->whole.begin).column;
    }
  }

  // A row whose one box stands in Black's column ("21            Ta7", or
  // "21<tab><tab>Ta7" from a spreadsheet): White's box is empty (not
  // recorded), and the move is Black's, as on the paper.
  void leave_white_box_empty(const SheetLine& line, const GroupSyntax& group) {
    const RowBoxes boxes = boxes_of(group);
    if (group.black_first || boxes.count != 1 || !has_room() || open_.filled != 0 ||
        is_result_word(line, *boxes.first))
      return;
    const int tabs = tabs_between(line, group.number.end, boxes.first->whole.begin);
    bool black = false;
    if (tabs > 0) {
      black = tabs > std::max(1, columns_.white_tabs);
    } else if (columns_.black - columns_.white >= 3) {
      black = 2 * at(line, boxes.first->whole.begin).column > columns_.white + columns_.black;
    }
    if (!black) return;
    SheetCell cell = new_cell();
    cell.kind = CellKind::empty;
    cell.where = at(line, group.number.end);
    cell.where.column += 1;
    cell.move_where = cell.where;
    sheet_.cells.push_back(std::move(cell));
  }

  // The number a new row should have, and whether a row "N..." continues
  // row N with Black's move.
  std::pair<int, bool> expected_number(bool black_first) const {
    if (open_.index < 0) return {sheet_.start_number, false};
    const SheetRow& previous = sheet_.rows[static_cast<std::size_t>(open_.index)];
    const bool continues = black_first && open_.columns == 2 && open_.filled == 1;
    return {continues ? previous.number : previous.number + 1, continues};
  }

  void begin_row(const SheetLine& line, const GroupSyntax& group) {
    flush_pending_result();
    const auto [expected, continues] = expected_number(group.black_first);
    const std::string_view digits = group.digits.of(line.text);
    const SourceLocation where = at(line, group.number.begin);
    int number = 0;
    const auto parsed = std::from_chars(digits.data(), digits.data() + digits.size(), number);
    if (parsed.ec != std::errc() || number < 1 || number > max_move_number) {
      number = expected;
      report(Severity::error, Message("sheet.bad_number").with("text", digits).with("number", number), where);
    } else if (number != expected) {
      const int previous = open_.index < 0 ? 0 : sheet_.rows[static_cast<std::size_t>(open_.index)].number;
      if (number == previous)
        report(Severity::warning, Message("sheet.number_repeated").with("number", number), where);
      else if (number > expected && open_.index >= 0)
        report(Severity::warning,
               Message("sheet.number_skipped")
                   .with("expected", expected)
                   .with("found", number)
                   .with("count", number - expected),
               where);
      else
        report(Severity::warning,
               Message("sheet.number_out_of_sequence").with("expected", expected).with("found", number),
               where);
    }
    close_row(!continues);
    SheetRow row;
    row.number = number;
    row.number_text = std::string(group.number.of(line.text));
    row.where = where;
    row.black_first = group.black_first;
    open_row(std::move(row), at(line, group.number.end));
  }

  void begin_inferred_row(SourceLocation where, int number) {
    report(Severity::warning, Message("sheet.missing_number").with("number", number), where);
    close_row(true);
    SheetRow row;
    row.number = number;
    row.number_source = NumberSource::inferred;
    row.where = where;
    open_row(std::move(row), where);
  }

  void open_row(SheetRow row, SourceLocation after) {
    open_ = OpenRow{};
    open_.index = static_cast<int>(sheet_.rows.size());
    open_.columns = row.black_first ? 1 : 2;
    open_.after = after;
    sheet_.rows.push_back(std::move(row));
  }

  // Closes the open row. `fill`: give it empty cells for what it lacks (not
  // for the last row, and not when "N..." goes on with Black's move).
  void close_row(bool fill) {
    if (open_.index < 0) return;
    if (fill) {
      while (open_.filled < open_.columns) {
        SheetCell cell = new_cell();
        cell.kind = CellKind::empty;
        cell.where = {open_.after.line, open_.after.column + 1};
        cell.move_where = cell.where;
        sheet_.cells.push_back(std::move(cell));
      }
    }
    open_ = OpenRow{};
  }

  // A cell for the next free column of the open row.
  SheetCell new_cell() {
    const SheetRow& row = sheet_.rows[static_cast<std::size_t>(open_.index)];
    SheetCell cell;
    cell.number = row.number;
    cell.number_source = row.number_source;
    cell.row = open_.index;
    cell.side = (row.black_first || open_.filled == 1) ? Color::black : Color::white;
    ++open_.filled;
    return cell;
  }

  void add_cell(const SheetLine& line, const ItemSyntax& item, bool running) {
    flush_pending_result();
    if (is_result_word(line, item)) {
      // Only a result if nothing follows it; decided by the next item.
      pending_result_ = PendingResult{SheetLine{line.text, line.number, {}, false}, item, running};
      return;
    }
    place_cell(line, item, running);
  }

  void place_cell(const SheetLine& line, const ItemSyntax& item, bool running) {
    if (!has_room()) {
      if (running && open_.index >= 0) {
        // Running text that has lost a number: "1. e4 e5 Sf3 Sc6 3. Lb5".
        begin_inferred_row(at(line, item.whole.begin),
                           sheet_.rows[static_cast<std::size_t>(open_.index)].number + 1);
      } else {
        SheetCell cell;
        fill_cell(cell, line, item);
        const int number = open_.index < 0 ? 0 : sheet_.rows[static_cast<std::size_t>(open_.index)].number;
        cell.number = number;
        cell.row = open_.index;
        cell.side = Color::black;
        report(Severity::error,
               Message("sheet.too_many_cells").with("number", number).with("text", cell.text), cell.where);
        sheet_.surplus.push_back(std::move(cell));
        return;
      }
    }
    SheetCell cell = new_cell();
    fill_cell(cell, line, item);
    open_.after = at(line, item.whole.end);
    sheet_.cells.push_back(std::move(cell));
  }

  void flush_pending_result() {
    if (!pending_result_) return;
    const PendingResult pending = *pending_result_;
    pending_result_.reset();
    place_cell(pending.line, pending.item, pending.running);
  }

  void fill_cell(SheetCell& cell, const SheetLine& line, const ItemSyntax& item) {
    const CellSyntax& syntax = item.cell;
    cell.text = std::string(item.whole.of(line.text));
    cell.where = at(line, item.whole.begin);
    for (const Span& crossed : syntax.crossed) {
      const Span inner{crossed.begin + 2, crossed.end - 2};
      cell.crossed_out.push_back({std::string(inner.of(line.text)), at(line, inner.begin)});
    }
    cell.move_where = at(line, syntax.move.begin);
    if (syntax.unrecorded) {
      cell.kind = CellKind::unrecorded;
    } else if (!syntax.move.empty()) {
      cell.kind = CellKind::move;
      cell.move = std::string(syntax.move.of(line.text));
      if (syntax.readings.size() > 1)
        for (const Span& reading : syntax.readings)
          cell.alternatives.push_back({std::string(reading.of(line.text)), at(line, reading.begin)});
      int index = 0;
      for (std::size_t i = 0; i < cell.move.size();) {
        std::size_t length = 1;
        const char32_t c = utf8::decode(cell.move, i, length);
        if (c == U'?') cell.unreadable.push_back(index);
        if (!utf8::is_zero_width(c)) ++index;
        i += length;
      }
    } else {
      cell.kind = CellKind::empty;
    }
    const auto add_marks = [&](const std::vector<Span>& spans, bool glued) {
      for (const Span& span : spans) {
        const std::string_view text = span.of(line.text);
        cell.marks.push_back({classify_mark(text), std::string(text), at(line, span.begin), glued});
      }
    };
    add_marks(syntax.glued_marks, true);
    add_marks(syntax.separated_marks, false);
  }

  void add_clock(const SheetLine& line, const ItemSyntax& item) {
    flush_pending_result();
    ClockNote note;
    note.text = std::string(item.whole.of(line.text));
    note.where = at(line, item.whole.begin);
    const auto [seconds, largest_field] = clock_seconds(note.text);
    note.seconds = seconds;
    if (open_.index < 0) begin_inferred_row(note.where, sheet_.start_number);
    SheetRow& row = sheet_.rows[static_cast<std::size_t>(open_.index)];
    open_.after = at(line, item.whole.end);
    const int slot = open_.clock_notes++ + (row.black_first ? 1 : 0);
    if (largest_field >= 60) {  // the time after White's move of the row, then after Black's
      Message m("sheet.bad_clock");
      report_at_box(Severity::warning, std::move(m.with("text", note.text).with("minutes", largest_field)),
                    note.where, slot < 2 ? Box{row.number, slot == 0 ? Color::white : Color::black} : Box{});
    }
    if (slot == 0) {
      row.white_clock = std::move(note);
    } else if (slot == 1) {
      row.black_clock = std::move(note);
    } else {
      report(Severity::warning,
             Message("sheet.too_many_clock_notes").with("number", row.number).with("text", note.text),
             note.where);
      row.extra_clock_notes.push_back(std::move(note));
    }
  }

  void finish_moves() {
    if (pending_result_) {
      const PendingResult& pending = *pending_result_;
      if (!sheet_.result_in_moves)
        sheet_.result_in_moves = SheetText{std::string(pending.item.whole.of(pending.line.text)),
                                           at(pending.line, pending.item.whole.begin)};
      pending_result_.reset();
    }
    if (open_.index >= 0 && open_.filled == 0) {
      const SheetRow& row = sheet_.rows[static_cast<std::size_t>(open_.index)];
      report(Severity::warning, Message("sheet.number_without_moves").with("number", row.number), row.where);
    }
    close_row(false);
    if (sheet_.rows.empty()) report(Severity::warning, Message("sheet.no_moves"), {1, 1});
    fix_number_slips();
    for (SheetCell& cell : sheet_.cells)
      cell.ply = (cell.number - sheet_.start_number) * 2 + index(cell.side) - index(sheet_.start_side) + 1;
  }

  // Whether rows a and b hold the same moves (a row written twice, which
  // the reconstruction reads as such: not a slip of the number).
  bool same_moves(std::size_t a, std::size_t b) const {
    std::vector<std::string_view> of_a, of_b;
    for (const SheetCell& cell : sheet_.cells) {
      if (cell.row == static_cast<int>(a)) of_a.push_back(cell.text);
      if (cell.row == static_cast<int>(b)) of_b.push_back(cell.text);
    }
    return of_a == of_b;
  }

  // A row's number between two rows in sequence that is not theirs ("51"
  // or "13" between 14 and 16) is a slip of the pen or the keyboard, not
  // 36 rows missing and a row out of place: the row is the move between,
  // said once instead of the two warnings its number and the next drew.
  void fix_number_slips() {
    std::vector<SheetRow>& rows = sheet_.rows;
    for (std::size_t i = 1; i + 1 < rows.size(); ++i) {
      SheetRow& row = rows[i];
      const SheetRow& before = rows[i - 1];
      const SheetRow& after = rows[i + 1];
      const int number = before.number + 1;
      if (row.number == number || after.number != number + 1 || row.number_source != NumberSource::written ||
          row.black_first || before.black_first || after.black_first || same_moves(i, i + 1))
        continue;
      const auto at_either = [&](const Diagnostic& d) {
        const std::string_view key = d.message.key;
        const bool numbering = key == "sheet.number_skipped" || key == "sheet.number_out_of_sequence" ||
                               key == "sheet.number_repeated";
        return numbering && (d.where == row.where || d.where == after.where);
      };
      const auto first = std::find_if(sheet_.diagnostics.begin(), sheet_.diagnostics.end(), at_either);
      const auto position = first - sheet_.diagnostics.begin();
      std::erase_if(sheet_.diagnostics, at_either);
      sheet_.diagnostics.insert(
          sheet_.diagnostics.begin() +
              std::min<std::ptrdiff_t>(position, static_cast<std::ptrdiff_t>(sheet_.diagnostics.size())),
          Diagnostic{Severity::warning,
                     Message("sheet.number_slip")
                         .with("found", row.number)
                         .with("number", number)
                         .with("before", before.number)
                         .with("after", after.number),
                     row.where, 0});
      for (SheetCell& cell : sheet_.cells)
        if (cell.row == static_cast<int>(i)) cell.number = number;
      row.number = number;
    }
  }

  // ----------------------------------------------------------------- tags

  void derive_tags() {
    std::string best;
    int best_votes = 0;
    for (const std::string& language : sheet_languages_order()) {
      const auto it = header_votes_.find(language);
      if (it != header_votes_.end() && it->second > best_votes) {
        best = language;
        best_votes = it->second;
      }
    }
    sheet_.header_language = best;
    // A word several languages share ("Resultat") counts as the sheet's language.
    for (SheetHeader& h : sheet_.headers)
      if (const auto* word = words_.header(h.raw_key);
          word && !h.key.empty() &&
          std::find(word->languages.begin(), word->languages.end(), best) != word->languages.end())
        h.language = best;

    if (const SheetHeader* h = value_header("notation")) {
      const std::string folded = sheet_locale::fold_word(h->value);
      if (folded != "auto") {
        if (auto language = words_.language(h->value))
          sheet_.language = *language;
        else
          report(Severity::warning, Message("sheet.bad_notation").with("value", h->value), h->value_where);
      }
    }
    if (const SheetHeader* h = value_header("sheet")) {
      sheet_.copy_of = words_.owner(h->value);
      if (!sheet_.copy_of)
        report(Severity::warning, Message("sheet.bad_sheet_owner").with("value", h->value), h->value_where);
    }

    copy_tag("event", "Event");
    copy_tag("site", "Site");
    if (const SheetHeader* h = value_header("date")) {
      auto date = words_.date(h->value, {sheet_.language, sheet_.header_language});
      if (!date) {
        report(Severity::warning, Message("sheet.bad_date").with("value", h->value), h->value_where);
        date = "????.??.??";
      }
      sheet_.tags.push_back({"Date", *date});
    }
    copy_number_tag("round", "Round");
    copy_tag("white", "White");
    copy_tag("black", "Black");

    std::optional<std::string> result;
    if (const SheetHeader* h = value_header("result")) {
      result = words_.result(h->value);
      if (!result) {
        report(Severity::warning, Message("sheet.bad_result").with("value", h->value), h->value_where);
        result.emplace(1, '*');  // not = "*": GCC 12 warns falsely (PR 105651)
      }
    }
    if (sheet_.result_in_moves) {
      const auto in_moves = words_.result(sheet_.result_in_moves->text);
      if (result && in_moves && *in_moves != *result && *result != "*")
        report(Severity::warning,
               Message("sheet.result_mismatch").with("moves", *in_moves).with("header", *result),
               sheet_.result_in_moves->where);
      if (!result || *result == "*") result = in_moves;
    }
    if (result) sheet_.tags.push_back({"Result", *result});

    copy_number_tag("board", "Board");
    copy_tag("time_control", "TimeControl");
    copy_tag("white_elo", "WhiteElo");
    copy_tag("black_elo", "BlackElo");
    if (!sheet_.start_fen.empty()) {
      if (chess960_) sheet_.tags.push_back({"Variant", "Chess960"});
      sheet_.tags.push_back({"SetUp", "1"});
      sheet_.tags.push_back({"FEN", sheet_.start_fen});
    }
  }

  std::vector<std::string> sheet_languages_order() const {
    std::vector<std::string> order;
    for (const SheetHeader& h : sheet_.headers)
      if (!h.key.empty())
        if (const auto* word = words_.header(h.raw_key))
          for (const std::string& language : word->languages)
            if (std::find(order.begin(), order.end(), language) == order.end()) order.push_back(language);
    return order;
  }

  // The first header with this key, if it has a value.
  const SheetHeader* value_header(std::string_view key) const {
    const SheetHeader* h = sheet_.header(key);
    return h && !h->value.empty() ? h : nullptr;
  }

  void copy_tag(std::string_view key, const char* tag) {
    if (const SheetHeader* h = value_header(key)) sheet_.tags.push_back({tag, h->value});
  }

  // A numbered field (Round, Board) as its number: "3.", "runde 3" and
  // "Rd. 3" are round 3, as PGN writes it ("3.1": round 3, game 1, stays).
  void copy_number_tag(std::string_view key, const char* tag) {
    const SheetHeader* h = value_header(key);
    if (!h) return;
    std::string_view v = trim_blanks(h->value);
    while (!v.empty() && v.back() == '.') v.remove_suffix(1);
    const std::size_t digits = v.find_first_of("0123456789");
    const auto word = [](char c) {
      return c == '.' || c == ' ' || c == '\t' || static_cast<unsigned char>(c) >= 0x80 ||
             std::isalpha(static_cast<unsigned char>(c));
    };
    const bool number = digits != std::string_view::npos &&
                        std::all_of(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(digits), word) &&
                        v.substr(digits).find_first_not_of("0123456789.") == std::string_view::npos &&
                        v.substr(digits).find("..") == std::string_view::npos;
    sheet_.tags.push_back({tag, number ? std::string(v.substr(digits)) : h->value});
  }

  // ---------------------------------------------------------------- state

  struct PendingResult {
    SheetLine line;  // text and number only
    ItemSyntax item;
    bool running = false;
  };

  const SheetWords& words_;
  sheet_locale::DecodedText decoded_;
  std::vector<SheetLine> lines_;
  Scoresheet sheet_;
  bool in_moves_ = false;
  bool after_last_numbered_ = false;
  bool last_line_running_ = false;
  bool chess960_ = false;
  OpenRow open_;
  struct Columns {
    int white = 0;  // 0: not seen yet
    int black = 0;
    int white_tabs = 0;
  } columns_;
  std::optional<PendingResult> pending_result_;
  std::map<std::string, int, std::less<>> header_votes_;
};

}  // namespace

Scoresheet read_scoresheet(std::string_view text, std::string source_name) {
  return Reader(text, std::move(source_name)).read();
}

}  // namespace notera::scoresheet
