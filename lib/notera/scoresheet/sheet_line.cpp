#include "notera/scoresheet/sheet_line.hpp"

#include <tao/pegtl.hpp>

#include "notera/grammar/scoresheet.hpp"

namespace notera::scoresheet::sheet_line {
namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar::scoresheet;

// The line being read: the syntax so far and the cell under construction.
// The grammar is written so that a cell's part-actions fire only on the way
// to a cell that matches (see the comments there), so `pending` never holds
// parts of a cell that was abandoned.
struct State {
  const char* base = nullptr;
  LineSyntax syntax;
  CellSyntax pending;

  template <typename ActionInput> Span span(const ActionInput& in) const {
    return {static_cast<std::size_t>(in.begin() - base), static_cast<std::size_t>(in.end() - base)};
  }
  // Items before the first number (text lines) go into an unnumbered group.
  GroupSyntax& group() {
    if (syntax.groups.empty()) syntax.groups.emplace_back();
    return syntax.groups.back();
  }
};

template <typename Rule> struct action : pegtl::nothing<Rule> {};

template <LineKind kind> struct set_kind {
  template <typename ActionInput> static void apply(const ActionInput&, State& s) { s.syntax.kind = kind; }
};

// clang-format off
template <> struct action<g::blank_line> : set_kind<LineKind::blank> {};
template <> struct action<g::comment_line> : set_kind<LineKind::comment> {};
template <> struct action<g::header_line> : set_kind<LineKind::header> {};
template <> struct action<g::move_line> : set_kind<LineKind::moves> {};
template <> struct action<g::text_line> : set_kind<LineKind::text> {};
// clang-format on

template <> struct action<g::comment> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.syntax.comment = s.span(in);
  }
};

template <> struct action<g::header_key> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.syntax.key = s.span(in);
  }
};

template <> struct action<g::header_value> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.syntax.value = s.span(in);
  }
};

// row_number and running_number: a new group. The number is followed by
// "...", ".." or "…" when the row starts with Black's move.
struct start_group {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    GroupSyntax group;
    group.numbered = true;
    group.number = s.span(in);
    const std::string_view text(in.begin(), in.size());
    std::size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
    group.digits = {group.number.begin, group.number.begin + digits};
    const std::string_view mark = text.substr(digits);
    group.black_first = mark.size() > 1;  // "..", "..." or "…" (3 bytes), not "."
    s.syntax.groups.push_back(std::move(group));
  }
};
// clang-format off
template <> struct action<g::row_number> : start_group {};
template <> struct action<g::running_number> : start_group {};
// clang-format on

template <> struct action<g::black_marker> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    GroupSyntax& group = s.group();
    group.black_first = true;
    group.number.end = s.span(in).end;
  }
};

template <> struct action<g::clock_note> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    ItemSyntax item;
    item.is_clock = true;
    item.whole = s.span(in);
    s.group().items.push_back(std::move(item));
  }
};

template <> struct action<g::crossed_out> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.pending.crossed.push_back(s.span(in));
  }
};

template <> struct action<g::unrecorded> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.pending.unrecorded = true;
    s.pending.move = s.span(in);
  }
};

template <> struct action<g::written_move> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.pending.move = s.span(in);
  }
};

template <> struct action<g::reading> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.pending.readings.push_back(s.span(in));
  }
};

template <> struct action<g::glued_mark> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.pending.glued_marks.push_back(s.span(in));
  }
};

template <> struct action<g::separated_mark> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    s.pending.separated_marks.push_back(s.span(in));
  }
};

template <> struct action<g::cell> {
  template <typename ActionInput> static void apply(const ActionInput& in, State& s) {
    ItemSyntax item;
    item.whole = s.span(in);
    item.cell = std::move(s.pending);
    s.pending = CellSyntax{};
    s.group().items.push_back(std::move(item));
  }
};

// Where to point for an unclosed "~~" or "{": at the opener, not at the end
// of the line where the grammar noticed.
std::size_t opener_offset(std::string_view line, const std::string& key, std::size_t offset) {
  const std::string_view before = line.substr(0, std::min(offset, line.size()));
  std::size_t found = std::string_view::npos;
  if (key == "sheet.unclosed_brace")
    found = before.rfind('{');
  else if (key == "sheet.unclosed_crossed_out" || key == "sheet.empty_crossed_out")
    found = before.size() >= 2 ? before.rfind("~~", before.size() - 2) : std::string_view::npos;
  return found == std::string_view::npos ? offset : found;
}

template <typename Top> ParsedLine parse_as(std::string_view line) {
  State state;
  state.base = line.data();
  ParsedLine result;
  try {
    pegtl::memory_input in(line.data(), line.size(), "line");
    if (pegtl::parse<Top, action, pegtl::must_if<g::errors>::template control>(in, state)) {
      result.syntax = std::move(state.syntax);
    } else {
      // Every line of valid UTF-8 has some shape (a text line at worst).
      result.error = LineError{"sheet.unreadable_line", 0};
    }
  } catch (const pegtl::parse_error& e) {
    const auto& position = e.positions().front();
    LineError error;
    error.key = e.message();
    error.offset = opener_offset(line, error.key, position.byte);
    result.error = std::move(error);
  }
  return result;
}

}  // namespace

ParsedLine parse_line(std::string_view line, bool as_text) {
  return as_text ? parse_as<g::text_line>(line) : parse_as<g::line>(line);
}

}  // namespace notera::scoresheet::sheet_line
