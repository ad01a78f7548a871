// A scoresheet transcription (.sheet, docs/scoresheet-format.md) as read:
// headers, the cells of the move rows with every mark the transcriber typed,
// clock notes, and problems with their place on the sheet.
//
// Nothing here interprets a move: a cell keeps the move as written ("S?5",
// "Sg3|Se3", "exd"), for the move reader and the reconstruction to judge.
// Nothing is thrown away either: every character of the sheet outside
// comments ends up in a header, a cell (or a surplus cell), a row's number or
// clock notes, the written result, a note (a line that is neither) or a
// diagnostic; comments are kept too.
//
// Numbering. Each cell claims one ply of the game: the move number of its
// row and a side (White's column, then Black's). A cell's `number` is the
// number written on its row, or, for cells on a line without a number,
// the number after the previous row (`number_source` says which). Rows are
// never renumbered: a skipped number (10, 12), a repeated one (10, 10) or a
// number out of order is reported as a warning and the cells keep what the
// sheet says, so that the reconstruction can weigh a wrong number against a
// missing row. `ply` turns (number, side) into a ply of the game (1 = the
// first move from the start position, so a FEN header moves it).
//
// Gaps. A row that holds fewer cells than it has columns gets `empty` cells
// for the missing ones ("11" alone, or "9 h3" followed by "10 d4 ..."),
// except on the last row, where a missing Black move means that the game
// (or the transcription) ended after White's move. `-` is an `unrecorded`
// cell (FIDE §8.4: no need to record in time trouble). Cells that do not fit
// a row (a third move on a tabular row) are kept in `surplus` and claim no ply.
//
// Running text ("1. e4 e5 2. Sf3 Sc6 ...", numbers need their dot) is read
// into the same rows and cells as a table. A line without a number goes on
// with the open row when that row has room (Black's move on a line of its
// own) or when the line before was running text; there, more cells than the
// row has room for start a row numbered one more (`inferred`, warned). Any
// other line without a number is a note: "line without a number" between
// the moves, "text after the moves" after them. A result word ("½-½",
// "remis") as the very last cell, or alone on a line after the moves, is not
// a cell but `result_in_moves`.
//
// What a cell, a mark, a comment and a clock note look like (crossed-out
// text may contain blanks; a glued '?' is unreadable, a separated one an
// annotation; '#' after a blank starts a comment unless it ends the row):
// see the grammar, grammars/notera/grammar/scoresheet.hpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notera/core/types.hpp"
#include "notera/game/game.hpp"

namespace notera::scoresheet {

// A piece of text with its place on the sheet (1-based line and column,
// columns in characters).
struct SheetText {
  std::string text;
  SourceLocation where;
};

// One header line "Key: value".
struct SheetHeader {
  std::string key;             // canonical ("event", "white", "time_control", ...); empty if unknown
  std::string raw_key;         // as written ("Turnering")
  std::string value;           // as written, without surrounding blanks or a trailing comment
  std::string language;        // a language whose word the key is ("nb"; "en" for English), or empty
  SourceLocation where;        // of the key
  SourceLocation value_where;  // of the value
};

enum class CellKind : std::uint8_t {
  move,        // something was written (it may still be unreadable or illegal)
  unrecorded,  // "-": the writer marked the move as not recorded
  empty,       // nothing written: an empty column, or only crossed-out text
};

enum class MarkKind : std::uint8_t {
  check,       // "+"
  mate,        // "#", "++"
  annotation,  // "!", "?", "!!", "??", "!?", "?!"
  en_passant,  // "e.p.", "ep", "e. p." after the move
  draw_offer,  // "(=)" (FIDE §9.1.2.2, Appendix C.13: the offer is recorded with the move)
  sealed,      // "{sealed}": the move sealed in the envelope at adjournment
  answer,      // "{=Txb7}": a person's reading of the box, taken as certain
  note,        // any other "{...}"
};

struct SheetMark {
  MarkKind kind = MarkKind::note;
  std::string text;  // as written ("+", "e. p.", "{sealed}")
  SourceLocation where;
  bool glued = false;  // written without a blank after the move ("Dxf7+")
  // What an answer mark ("{= Txb7 }") says: "Txb7".
  std::string answer_text() const;
};

enum class NumberSource : std::uint8_t {
  written,   // the row's number is on the sheet
  inferred,  // cells on a line without a number: the number after the previous row
};

struct SheetCell {
  int number = 0;  // the move number this cell claims
  Color side = Color::white;
  NumberSource number_source = NumberSource::written;
  int ply = 0;  // the ply it claims: 1 = first move from the start position; <= 0 before it
  int row = 0;  // index into Scoresheet::rows
  CellKind kind = CellKind::empty;
  std::string text;      // the whole cell as written: "~~Lb7~~ Sbd7", "exd6 e.p.", "Tc2 (=)"
  SourceLocation where;  // of the cell's first character (of the row, for an empty cell)

  // The move as written, without crossed-out text and marks ("Sbd7", "S?5",
  // "Sg3|Se3", "Dxf7" for "Dxf7+"); empty unless kind == move.
  std::string move;
  SourceLocation move_where;
  std::vector<SheetText> alternatives;  // "Sg3|Se3" -> "Sg3", "Se3"; empty without '|'
  std::vector<int> unreadable;          // 0-based character indices of '?' in `move`
  std::vector<SheetText> crossed_out;   // the text between "~~" and "~~", in order
  std::vector<SheetMark> marks;         // in order of writing

  bool has(MarkKind mark) const;
  bool draw_offer() const { return has(MarkKind::draw_offer); }
  bool sealed() const { return has(MarkKind::sealed); }
  // The reading given by a "{=...}" mark ("Txb7"), empty without one.
  std::string answer() const;
};

// Time used, written after a move ("0:05", "1:21", "45" for minutes).
struct ClockNote {
  std::string text;
  int seconds = 0;
  SourceLocation where;
};

// A move number with what follows it: one row of a table, or one number
// with its moves in running text.
struct SheetRow {
  int number = 0;
  NumberSource number_source = NumberSource::written;
  std::string number_text;                   // "12", "12.", "12...", "12 ..."; empty when inferred
  SourceLocation where;                      // of the number (of the first cell when inferred)
  bool black_first = false;                  // "12..." / "12 ...": the row starts with Black's move
  std::optional<ClockNote> white_clock;      // after White's move: the row's first note
  std::optional<ClockNote> black_clock;      // after Black's: the second (first if black_first)
  std::vector<ClockNote> extra_clock_notes;  // more than two (reported)
};

struct Scoresheet {
  std::string source;  // file name, for reports
  std::vector<SheetHeader> headers;
  std::string language;          // from the Notation header ("nb"); empty = decide from the moves
  std::string header_language;   // the language of most header words ("nb"; "en"), a hint
  std::optional<Color> copy_of;  // from the Sheet header: whose scoresheet this is
  std::vector<Tag> tags;         // PGN tags from the headers: Event, Site, Date (yyyy.mm.dd), Round,
                                 // White, Black, Result (1-0, 0-1, 1/2-1/2, *), Board, TimeControl,
                                 // WhiteElo, BlackElo, SetUp and FEN, Variant (Chess960)
  std::string start_fen;         // from the FEN header when it is valid; empty = the standard start
  int start_number = 1;          // move number and side of the first ply (from the FEN)
  Color start_side = Color::white;

  std::vector<SheetRow> rows;
  std::vector<SheetCell> cells;              // in the order of the sheet
  std::vector<SheetCell> surplus;            // cells that fit no column; they claim no ply
  bool running_text = false;                 // some moves were written as running text
  std::optional<SheetText> result_in_moves;  // "1-0" written after the last move
  std::vector<SheetText> notes;              // lines that are neither headers nor moves
  std::vector<SheetText> comments;           // "# ..." (the text after '#')
  std::vector<Diagnostic> diagnostics;

  std::optional<std::string_view> tag(std::string_view name) const;
  const SheetHeader* header(std::string_view key) const;  // the first with this canonical key
  bool has_errors() const;
};

// Reads a .sheet transcription. Never throws on bad input: every problem is
// a diagnostic (Message key + line + column). The text is UTF-8 (a BOM is
// skipped); text that is not valid UTF-8 is read as Windows-1252 (a superset
// of Latin-1), with a note. Header words, owner words, result words and date
// patterns are matched in every language notera has a bundle for.
Scoresheet read_scoresheet(std::string_view text, std::string source_name);

}  // namespace notera::scoresheet
