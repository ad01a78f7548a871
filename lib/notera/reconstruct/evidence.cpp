#include "notera/reconstruct/evidence.hpp"

#include <algorithm>

#include "notera/notation/letters.hpp"
#include "notera/notation/read_move.hpp"

namespace notera::reconstruct {

namespace {

// The answer that a box is no move of the game (PGN's null move).
constexpr std::string_view no_move_answer = "--";

// The move with the check and mate marks written after it ("Dxf7+").
std::string with_marks(std::string_view move, const scoresheet::SheetCell& cell) {
  std::string text(move);
  for (const scoresheet::SheetMark& mark : cell.marks)
    if (mark.kind == scoresheet::MarkKind::check || mark.kind == scoresheet::MarkKind::mate)
      text += mark.text;
  return text;
}

int time_used(const scoresheet::Scoresheet& sheet, const scoresheet::SheetCell& cell) {
  if (cell.row < 0 || static_cast<std::size_t>(cell.row) >= sheet.rows.size()) return -1;
  const scoresheet::SheetRow& row = sheet.rows[static_cast<std::size_t>(cell.row)];
  const auto& note = cell.side == Color::white ? row.white_clock : row.black_clock;
  return note ? note->seconds : -1;
}

// The box as numbered on the paper; a surplus box stands beyond Black's
// box of its row.
SheetBox box_of(const scoresheet::SheetCell& c, bool surplus) {
  if (c.number <= 0) return {};
  if (surplus) return {c.number, false, true};
  return {c.number, c.side == Color::black, false};
}

void add_cell(const scoresheet::Scoresheet& sheet, const scoresheet::SheetCell& c, int ply, bool surplus,
              notation::LanguageMask languages, std::vector<EvidenceCell>& out,
              std::vector<SheetProblem>& problems) {
  for (const scoresheet::SheetText& crossed : c.crossed_out) {
    EvidenceCell e;
    e.kind = EvidenceKind::crossed_out;
    e.text = crossed.text;
    e.ply = ply;
    e.where = crossed.where;
    e.box = box_of(c, surplus);
    out.push_back(std::move(e));
  }
  EvidenceCell e;
  e.ply = ply;
  e.box = box_of(c, surplus);
  e.draw_offer = c.draw_offer();
  e.time_used = time_used(sheet, c);
  switch (c.kind) {
    case scoresheet::CellKind::move:
      e.kind = EvidenceKind::move;
      e.text = with_marks(c.move, c);
      e.where = c.move_where;
      for (const scoresheet::SheetText& a : c.alternatives) e.readings.push_back(with_marks(a.text, c));
      break;
    case scoresheet::CellKind::unrecorded:
      e.kind = EvidenceKind::unrecorded;
      e.text.assign(1, '-');  // not = "-": GCC 12 warns falsely (PR 105651)
      e.where = c.where;
      break;
    case scoresheet::CellKind::empty:
      e.kind = EvidenceKind::unrecorded;
      e.where = c.where;
      // Only crossed-out text and nothing beside it: the crossed-out move
      // stands in the box of a move that was not written again.
      break;
  }
  // A person's reading of the box: the move the box stands for, certain.
  // Only the first answer is taken, and only one that reads as a move: a
  // box answered with text no notation reads would stand for no move at
  // all, and the rest of the game would bend around it.
  const scoresheet::SheetMark* answer = nullptr;
  const auto problem = [&](const scoresheet::SheetMark& m, Message message) {
    problems.push_back(SheetProblem{0, m.where, std::move(with_box(message, e.box))});
  };
  for (const scoresheet::SheetMark& m : c.marks) {
    const bool empty = m.kind == scoresheet::MarkKind::note && m.text.starts_with("{=");
    if (m.kind != scoresheet::MarkKind::answer && !empty) continue;
    const std::string inner = empty ? std::string() : m.answer_text();
    if (inner.empty()) {
      problem(m, Message("reconstruct.answer.empty"));
    } else if (answer) {
      problem(m,
              Message("reconstruct.answer.twice").with("answer", inner).with("first", answer->answer_text()));
    } else if (inner != no_move_answer && !notation::read_written_move(inner, languages).ok) {
      problem(m, Message("reconstruct.answer.not_a_move").with("answer", inner));
    } else {
      answer = &m;
    }
  }
  if (answer) {
    if (e.kind == EvidenceKind::unrecorded) e.where = c.where;
    answer_box(e, answer->answer_text());
    e.answer_where = answer->where;
  }
  out.push_back(std::move(e));
}

}  // namespace

void answer_box(EvidenceCell& box, std::string answer) {
  if (!box.certain) {
    box.written_kind = box.kind;
    box.written_readings = std::move(box.readings);
  }
  box.kind = EvidenceKind::move;
  box.certain = true;
  box.no_move = answer == no_move_answer;
  box.readings.assign(1, std::move(answer));
}

void set_answer_aside(EvidenceCell& box) {
  if (!box.certain) return;
  box.set_aside = box.readings.empty() ? std::string() : box.readings.front();
  box.kind = box.written_kind;
  box.readings = std::move(box.written_readings);
  box.written_readings.clear();
  box.certain = false;
  box.no_move = false;
}

EvidenceSheet evidence_of(const scoresheet::Scoresheet& sheet) {
  EvidenceSheet out;
  out.name = sheet.source;
  out.language = sheet.language;
  out.header_language = sheet.header_language;
  out.tags = sheet.tags;
  out.copy_of = sheet.copy_of;
  out.start_fen = sheet.start_fen;
  out.chess960 = sheet.tag("Variant").has_value();  // the reader adds the Result tag from the moves too

  // Answers are read in the sheet's notation, English and figurines (in
  // every notation when the sheet does not say).
  const int language =
      sheet.language.empty() ? -1 : notation::LetterTable::instance().language_index(sheet.language);
  const notation::LanguageMask languages = notation::reading_languages(language);

  // Surplus boxes go after the last box of their row, claiming no ply.
  std::vector<const scoresheet::SheetCell*> surplus;
  for (const scoresheet::SheetCell& s : sheet.surplus) surplus.push_back(&s);
  std::size_t next_surplus = 0;
  const auto before = [](const SourceLocation& a, const SourceLocation& b) {
    return a.line < b.line || (a.line == b.line && a.column < b.column);
  };
  std::stable_sort(surplus.begin(), surplus.end(),
                   [&](const scoresheet::SheetCell* a, const scoresheet::SheetCell* b) {
                     return before(a->where, b->where);
                   });
  for (const scoresheet::SheetCell& c : sheet.cells) {
    while (next_surplus < surplus.size() && before(surplus[next_surplus]->where, c.where))
      add_cell(sheet, *surplus[next_surplus++], 0, true, languages, out.cells, out.problems);
    add_cell(sheet, c, c.ply > 0 ? c.ply : 0, false, languages, out.cells, out.problems);
  }
  while (next_surplus < surplus.size())
    add_cell(sheet, *surplus[next_surplus++], 0, true, languages, out.cells, out.problems);
  return out;
}

}  // namespace notera::reconstruct
