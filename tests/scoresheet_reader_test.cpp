// The .sheet reader (docs/scoresheet-format.md): the grammar, headers in
// several languages, cells and their marks, numbering, running text, clock
// notes, and every diagnostic with its exact line and column.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze.hpp>
#include <vector>

#include "notera/grammar/scoresheet.hpp"
#include "notera/locale/messages.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "notera/scoresheet/sheet_line.hpp"
#include "support/cli.hpp"

using namespace notera;

namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar::scoresheet;

scoresheet::Scoresheet read(const std::string& text) {
  return scoresheet::read_scoresheet(text, "test.sheet");
}

// The moves of the cells, "-" for unrecorded and "." for empty ones.
std::string moves_of(const scoresheet::Scoresheet& sheet) {
  std::string out;
  for (const scoresheet::SheetCell& cell : sheet.cells) {
    if (!out.empty()) out += ' ';
    out += cell.kind == scoresheet::CellKind::move         ? cell.move
           : cell.kind == scoresheet::CellKind::unrecorded ? "-"
                                                           : ".";
  }
  return out;
}

std::vector<std::string> keys_of(const scoresheet::Scoresheet& sheet) {
  std::vector<std::string> keys;
  for (const Diagnostic& d : sheet.diagnostics) keys.push_back(d.message.key);
  return keys;
}

const Diagnostic& diagnostic(const scoresheet::Scoresheet& sheet, const std::string& key) {
  const auto it = std::find_if(sheet.diagnostics.begin(), sheet.diagnostics.end(),
                               [&](const Diagnostic& d) { return d.message.key == key; });
  REQUIRE_MESSAGE(it != sheet.diagnostics.end(), key);
  return *it;
}

std::string arg(const Diagnostic& d, const std::string& name) {
  for (const auto& [n, value] : d.message.args) {
    if (n != name) continue;
    return value.is_number ? std::to_string(value.number) : value.text;
  }
  return "<no " + name + ">";
}

const scoresheet::SheetCell& cell_at(const scoresheet::Scoresheet& sheet, int number, Color side) {
  const auto it = std::find_if(sheet.cells.begin(), sheet.cells.end(), [&](const scoresheet::SheetCell& c) {
    return c.number == number && c.side == side;
  });
  REQUIRE_MESSAGE(it != sheet.cells.end(), number);
  return *it;
}

bool where_is(SourceLocation where, int line, int column) {
  return where.line == line && where.column == column;
}

template <typename Rule> bool matches(std::string_view text) {
  pegtl::memory_input in(text.data(), text.size(), "test");
  return pegtl::parse<pegtl::seq<Rule, pegtl::eof>>(in);
}

// Every character of the sheet outside comments and blanks must be in some
// piece of the model, in order: each line's non-blank characters are the
// concatenation of the pieces found on that line (a header's colon is
// implied by the header).
void check_lossless(const std::string& text, const scoresheet::Scoresheet& sheet) {
  std::map<int, std::vector<std::pair<int, std::string>>> pieces;
  const auto add = [&](SourceLocation where, const std::string& piece) {
    pieces[where.line].push_back({where.column, piece});
  };
  for (const scoresheet::SheetHeader& h : sheet.headers) {
    add(h.where, h.raw_key + ":");
    if (!h.value.empty()) add(h.value_where, h.value);
  }
  for (const scoresheet::SheetRow& row : sheet.rows) {
    if (!row.number_text.empty()) add(row.where, row.number_text);
    for (const auto* note : {&row.white_clock, &row.black_clock})
      if (*note) add((*note)->where, (*note)->text);
    for (const scoresheet::ClockNote& note : row.extra_clock_notes) add(note.where, note.text);
  }
  for (const auto* cells : {&sheet.cells, &sheet.surplus})
    for (const scoresheet::SheetCell& c : *cells)
      if (!c.text.empty()) add(c.where, c.text);
  if (sheet.result_in_moves) add(sheet.result_in_moves->where, sheet.result_in_moves->text);
  for (const scoresheet::SheetText& note : sheet.notes) add(note.where, note.text);

  const auto strip = [](std::string s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') continue;
      if (s.compare(i, 2, "\xC2\xA0") == 0) {
        ++i;
        continue;
      }
      out += s[i];
    }
    return out;
  };
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    std::string content = line;
    // Comments: '#' at the start of a token (the mate sign is glued or
    // stands alone at the end of a row, see the grammar).
    for (std::size_t i = 0; i < content.size(); ++i) {
      if (content[i] != '#' || (i > 0 && content[i - 1] != ' ' && content[i - 1] != '\t')) continue;
      if (content.find_first_not_of(" \t", i + 1) == std::string::npos && i > 0) break;  // mate
      content.resize(i);
      break;
    }
    auto& found = pieces[number];
    std::sort(found.begin(), found.end());
    std::string joined;
    for (const auto& [column, piece] : found) joined += piece;
    CHECK_MESSAGE(strip(joined) == strip(content), "line " << number << ": " << line);
  }
}

}  // namespace

// ---------------------------------------------------------------- grammar

TEST_CASE("sheet grammar: no rule can loop without consuming input") {
  CHECK(pegtl::analyze<g::line>(-1) == 0);
  CHECK(pegtl::analyze<g::text_line>(-1) == 0);
}

TEST_CASE("sheet grammar: clock notes, castling zeros and move numbers") {
  CHECK(matches<g::clock_note>("0:05"));
  CHECK(matches<g::clock_note>("1:21:30"));
  CHECK(matches<g::clock_note>("45"));         // bare minutes: the rest of the line is clock notes
  CHECK_FALSE(matches<g::clock_note>("00"));   // short castling
  CHECK_FALSE(matches<g::clock_note>("000"));  // long castling
  CHECK_FALSE(matches<g::clock_note>("1:5"));
  CHECK(matches<g::row_number>("12"));
  CHECK(matches<g::row_number>("12."));
  CHECK(matches<g::row_number>("12..."));
  CHECK(matches<g::row_number>("12\xE2\x80\xA6"));  // "12…"
  CHECK_FALSE(matches<g::running_number>("12"));    // inside a line the dot is needed
  CHECK(matches<g::unrecorded>("-"));
  CHECK(matches<g::unrecorded>("\xE2\x80\x93"));  // en dash
  CHECK(matches<g::separated_mark>("e. p."));
  CHECK(matches<g::separated_mark>("{sealed}"));
  CHECK(matches<g::cell>("~~Lb7 Sc5~~ Sbd7 (=)"));
  CHECK_FALSE(matches<g::header_line>("21.11.2026"));
  CHECK(matches<g::header_line>("Time control: 90+30 # FIDE"));
}

TEST_CASE("sheet grammar: one line into spans, a line that is not UTF-8 has no shape") {
  const scoresheet::sheet_line::ParsedLine row =
      scoresheet::sheet_line::parse_line("12. Sf3|Sd3 ~~Lb7~~ Sbd7 (=)  0:05");
  REQUIRE_FALSE(row.error.has_value());
  CHECK(row.syntax.kind == scoresheet::sheet_line::LineKind::moves);
  REQUIRE(row.syntax.groups.size() == 1);
  const auto& items = row.syntax.groups[0].items;
  REQUIRE(items.size() == 3);
  CHECK(items[0].cell.readings.size() == 2);
  CHECK(items[1].cell.crossed.size() == 1);
  CHECK(items[1].cell.separated_marks.size() == 1);
  CHECK(items[2].is_clock);

  const scoresheet::sheet_line::ParsedLine bad = scoresheet::sheet_line::parse_line("12 Sf3 \xFF");
  REQUIRE(bad.error.has_value());
  CHECK(bad.error->key == "sheet.unreadable_line");
}

// ------------------------------------------------------------ whole sheets

TEST_CASE("sheet: the Norwegian example of the format description") {
  const std::string text = test::read_file(test::data_path("sheets/nb-oslo-hvit.sheet"));
  const scoresheet::Scoresheet sheet = scoresheet::read_scoresheet(text, "nb-oslo-hvit.sheet");
  CHECK(sheet.diagnostics.empty());
  CHECK(sheet.source == "nb-oslo-hvit.sheet");
  CHECK(sheet.language == "nb");
  CHECK(sheet.header_language == "nb");
  REQUIRE(sheet.copy_of.has_value());
  CHECK(*sheet.copy_of == Color::white);
  CHECK(sheet.tag("Event") == "Oslo Open");
  CHECK(sheet.tag("Date") == "2026.11.21");
  CHECK(sheet.tag("Round") == "3");
  CHECK(sheet.tag("White") == "Hansen, Per");
  CHECK(sheet.tag("Black") == "Olsen, Kari");
  CHECK(sheet.tag("Result") == "1-0");
  CHECK_FALSE(sheet.tag("FEN").has_value());
  REQUIRE(sheet.headers.size() == 8);
  CHECK(sheet.headers[0].key == "event");
  CHECK(sheet.headers[0].raw_key == "Turnering");
  CHECK(sheet.headers[0].language == "nb");
  CHECK(where_is(sheet.headers[0].value_where, 2, 12));
  REQUIRE(sheet.comments.size() == 1);
  CHECK(sheet.comments[0].text == "Oslo Open 2026, bord 4 — hvits skjema");

  REQUIRE(sheet.rows.size() == 40);
  REQUIRE(sheet.cells.size() == 80);
  CHECK(sheet.cells.front().ply == 1);
  CHECK(sheet.cells.back().ply == 80);
  CHECK(sheet.cells.back().move == "Kh8");

  const scoresheet::SheetRow& row4 = sheet.rows[3];
  REQUIRE(row4.white_clock.has_value());
  REQUIRE(row4.black_clock.has_value());
  CHECK(row4.white_clock->seconds == 5 * 60);
  CHECK(row4.black_clock->seconds == 7 * 60);
  CHECK(where_is(row4.white_clock->where, 14, 21));
  CHECK(where_is(row4.black_clock->where, 14, 27));

  const scoresheet::SheetCell& b5 = cell_at(sheet, 6, Color::black);
  CHECK(b5.text == "b5 (=)");
  CHECK(b5.move == "b5");
  CHECK(b5.draw_offer());
  CHECK(where_is(b5.where, 16, 12));
  CHECK(where_is(b5.marks.at(0).where, 16, 15));
  CHECK_FALSE(b5.marks.at(0).glued);

  const scoresheet::SheetCell& unreadable = cell_at(sheet, 9, Color::black);
  CHECK(unreadable.move == "S?5");
  CHECK(unreadable.unreadable == std::vector<int>{1});

  const scoresheet::SheetCell& crossed = cell_at(sheet, 10, Color::black);
  CHECK(crossed.text == "~~Lb7~~ Sd7");
  CHECK(crossed.move == "Sd7");
  CHECK(where_is(crossed.move_where, 20, 20));
  REQUIRE(crossed.crossed_out.size() == 1);
  CHECK(crossed.crossed_out[0].text == "Lb7");
  CHECK(where_is(crossed.crossed_out[0].where, 20, 14));

  for (int number : {38, 39})
    for (Color side : {Color::white, Color::black})
      CHECK(cell_at(sheet, number, side).kind == scoresheet::CellKind::unrecorded);

  const scoresheet::SheetCell& mate = cell_at(sheet, 40, Color::white);
  CHECK(mate.move == "Dxf7");
  CHECK(mate.has(scoresheet::MarkKind::check));
  CHECK(mate.marks.at(0).glued);
  check_lossless(text, sheet);
}

TEST_CASE("sheet: Danish, crossed-out moves with and without blanks, a month name") {
  const std::string text = test::read_file(test::data_path("sheets/da-noergaard-sort.sheet"));
  const scoresheet::Scoresheet sheet = scoresheet::read_scoresheet(text, "x");
  CHECK(sheet.diagnostics.empty());
  CHECK(sheet.language == "da");
  CHECK(sheet.header_language == "da");
  CHECK(sheet.copy_of == Color::black);
  CHECK(sheet.tag("Date") == "2026.11.21");  // "21. nov. 2026"
  CHECK(sheet.tag("Result") == "1/2-1/2");   // "½-½"
  CHECK(sheet.tag("Black") == "Nørgaard, Søren");
  CHECK(sheet.tag("TimeControl") == "90 min + 30 sek");
  CHECK(sheet.cells.size() == 40);

  // What the reconstruction reports as "dropped": sheet line 21, "Lb7".
  const scoresheet::SheetCell& sbd7 = cell_at(sheet, 10, Color::black);
  CHECK(sbd7.move == "Sbd7");
  REQUIRE(sbd7.crossed_out.size() == 1);
  CHECK(sbd7.crossed_out[0].text == "Lb7");
  CHECK(sbd7.crossed_out[0].where.line == 21);

  const scoresheet::SheetCell& lg5 = cell_at(sheet, 17, Color::white);
  CHECK(lg5.text == "~~Le3 Sc5~~ Lg5");
  CHECK(lg5.move == "Lg5");
  REQUIRE(lg5.crossed_out.size() == 1);
  CHECK(lg5.crossed_out[0].text == "Le3 Sc5");
  CHECK(cell_at(sheet, 17, Color::black).move == "h6");
  CHECK(cell_at(sheet, 20, Color::black).draw_offer());
  CHECK(sheet.rows[13].white_clock->seconds == 31 * 60);
  check_lossless(text, sheet);
}

TEST_CASE("sheet: Nynorsk running text across lines, header keys in any case") {
  const std::string text = test::read_file(test::data_path("sheets/nn-kvit-lopande.sheet"));
  const scoresheet::Scoresheet sheet = scoresheet::read_scoresheet(text, "x");
  CHECK(sheet.diagnostics.empty());
  CHECK(sheet.running_text);
  CHECK(sheet.language == "nn");
  CHECK(sheet.header_language == "nn");
  CHECK(sheet.copy_of == Color::white);  // "Kvit"
  CHECK(sheet.headers[0].raw_key == "TURNERING");
  CHECK(sheet.headers[0].key == "event");
  CHECK(sheet.headers[2].key == "date");  // "dato"
  CHECK(sheet.tag("Date") == "2026.11.21");
  CHECK(sheet.tag("Result") == "1/2-1/2");  // "remis"
  REQUIRE(sheet.result_in_moves.has_value());
  CHECK(sheet.result_in_moves->text == "½-½");
  CHECK(sheet.cells.size() == 44);
  // "7. Sb3" ends line 12; Black's answer opens line 13.
  const scoresheet::SheetCell& le7 = cell_at(sheet, 7, Color::black);
  CHECK(le7.move == "Le7");
  CHECK(where_is(le7.where, 13, 1));
  CHECK(le7.number_source == scoresheet::NumberSource::written);
  CHECK(le7.ply == 14);
  check_lossless(text, sheet);
}

TEST_CASE("sheet: Swedish running text with 5... and clock notes between the moves") {
  const std::string text = test::read_file(test::data_path("sheets/sv-sjoberg-lopande.sheet"));
  const scoresheet::Scoresheet sheet = scoresheet::read_scoresheet(text, "x");
  CHECK(sheet.diagnostics.empty());
  CHECK(sheet.language == "sv");
  CHECK(sheet.copy_of == Color::black);   // "Protokoll: svart"
  CHECK(sheet.tag("Round") == "9");       // "Omgång"
  CHECK(sheet.tag("Site") == "Uppsala");  // "Plats"
  CHECK(sheet.cells.size() == 44);
  CHECK(moves_of(sheet).substr(0, 40) == "d4 d5 c4 e6 Sc3 Sf6 cxd5 exd5 Lg5 Le7 e3");
  // "5. Lg5 0:04" and "5... Le7 0:06": two rows for move 5.
  REQUIRE(sheet.rows.size() == 23);
  CHECK(sheet.rows[4].number_text == "5.");
  CHECK(sheet.rows[4].white_clock->seconds == 4 * 60);
  CHECK(sheet.rows[5].number_text == "5...");
  CHECK(sheet.rows[5].black_first);
  CHECK_FALSE(sheet.rows[5].white_clock.has_value());
  CHECK(sheet.rows[5].black_clock->seconds == 6 * 60);
  const scoresheet::SheetCell& le7 = cell_at(sheet, 5, Color::black);
  CHECK(le7.row == 5);
  CHECK(le7.ply == 10);
  CHECK(where_is(le7.where, 12, 6));
  REQUIRE(sheet.result_in_moves.has_value());
  CHECK(sheet.result_in_moves->text == "remi");
  CHECK(sheet.tag("Result") == "1/2-1/2");
  check_lossless(text, sheet);
}

TEST_CASE("sheet: German, pasted from a spreadsheet with tabs and no-break spaces") {
  const std::string text = test::read_file(test::data_path("sheets/de-tabs-schwarz.sheet"));
  const scoresheet::Scoresheet sheet = scoresheet::read_scoresheet(text, "x");
  CHECK(sheet.diagnostics.empty());
  CHECK(sheet.language == "de");
  CHECK(sheet.copy_of == Color::black);
  CHECK(sheet.tag("White") == "Schröder, Jürgen");  // "Weiß"
  CHECK(sheet.tag("Result") == "1-0");              // "1:0"
  CHECK(sheet.tag("Board") == "3");                 // "Brett"
  CHECK(sheet.tag("TimeControl") == "40/90+30");
  // 22 full rows, then a row with only White's move: no empty cell after it.
  REQUIRE(sheet.cells.size() == 45);
  CHECK(sheet.cells.back().move == "dxc5");
  CHECK(sheet.cells.back().side == Color::white);
  const scoresheet::SheetCell& c5 = cell_at(sheet, 22, Color::black);
  CHECK(c5.move == "c5");
  CHECK(where_is(c5.where, 34, 8));  // a tab and a no-break space are one character each
  CHECK(where_is(sheet.rows[21].white_clock->where, 34, 11));
  CHECK(sheet.rows[21].black_clock->seconds == 100 * 60);
  check_lossless(text, sheet);
}

TEST_CASE("sheet: English, a FEN with Black to move, a sealed move and the result after the moves") {
  const std::string text = test::read_file(test::data_path("sheets/en-fen-sealed.sheet"));
  const scoresheet::Scoresheet sheet = scoresheet::read_scoresheet(text, "x");
  CHECK(sheet.diagnostics.empty());
  CHECK(sheet.language == "en");  // "Notation: English"
  CHECK(sheet.header_language == "en");
  CHECK(sheet.copy_of == Color::black);
  CHECK(sheet.start_fen == "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 41");
  CHECK(sheet.start_number == 41);
  CHECK(sheet.start_side == Color::black);
  CHECK(sheet.tag("SetUp") == "1");
  CHECK(sheet.tag("FEN") == "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 41");
  CHECK(sheet.tag("Date") == "2026.11.21");  // "21 November 2026"
  CHECK(sheet.tag("Result") == "0-1");       // from "0-1" after the moves
  CHECK(sheet.tag("TimeControl") == "40/7200:20/3600");
  REQUIRE(sheet.cells.size() == 12);
  CHECK(sheet.rows[0].black_first);
  CHECK(sheet.cells[0].move == "Kf8");
  CHECK(sheet.cells[0].side == Color::black);
  CHECK(sheet.cells[0].ply == 1);
  CHECK(sheet.cells[1].ply == 2);  // 42. Rd7
  const scoresheet::SheetCell& sealed = cell_at(sheet, 44, Color::black);
  CHECK(sealed.sealed());
  CHECK(sealed.move == "Kd8");
  CHECK(sealed.ply == 7);
  CHECK(sheet.cells.back().move == "Ke3");
  REQUIRE(sheet.result_in_moves.has_value());
  CHECK(where_is(sheet.result_in_moves->where, 20, 15));
  check_lossless(text, sheet);
}

// ----------------------------------------------------------------- headers

TEST_CASE("sheet headers: words of several languages, any case, blanks and dashes ignored") {
  const scoresheet::Scoresheet sheet = read(
      "WEISS: Schröder, Jürgen\n"  // German "Weiß", ICU case folding: ß = ss
      "svart: Olsen, Kari\n"
      "Time control: 90+30\n"
      "Hvid: Jensen\n"
      "Arbiter: Nils\n"
      "1 e4 e5\n");
  REQUIRE(sheet.headers.size() == 5);
  CHECK(sheet.headers[0].key == "white");
  CHECK(sheet.headers[0].language == "de");
  CHECK(sheet.headers[1].key == "black");
  CHECK(sheet.headers[2].key == "time_control");
  CHECK(sheet.headers[3].key == "white");
  CHECK(sheet.headers[4].key.empty());
  CHECK(sheet.tag("White") == "Schröder, Jürgen");  // the first one wins
  CHECK(sheet.tag("TimeControl") == "90+30");
  CHECK(keys_of(sheet) == std::vector<std::string>{"sheet.duplicate_header", "sheet.unknown_header"});
  const Diagnostic& duplicate = diagnostic(sheet, "sheet.duplicate_header");
  CHECK(where_is(duplicate.where, 4, 1));
  CHECK(arg(duplicate, "first_line") == "1");
  CHECK(duplicate.severity == Severity::warning);
  const Diagnostic& unknown = diagnostic(sheet, "sheet.unknown_header");
  CHECK(where_is(unknown.where, 5, 1));
  CHECK(arg(unknown, "key") == "Arbiter");
}

TEST_CASE("sheet headers: dates written the local way") {
  const auto date_of = [](const std::string& headers) {
    const scoresheet::Scoresheet sheet = read(headers + "\n1 e4 e5\n");
    return std::string(sheet.tag("Date").value_or("<none>"));
  };
  CHECK(date_of("Dato: 21.11.2026") == "2026.11.21");
  CHECK(date_of("Dato: 21. nov. 2026") == "2026.11.21");
  CHECK(date_of("Dato: 21. NOV 2026") == "2026.11.21");
  CHECK(date_of("Dato: 2026-11-21") == "2026.11.21");
  CHECK(date_of("Dato: 21.11.26\nNotasjon: nb") == "2026.11.21");
  CHECK(date_of("Notasjon: nb\nDato: 21. november 2026") == "2026.11.21");
  CHECK(date_of("Datum: 21 nov. 2026") == "2026.11.21");
  CHECK(date_of("Datum: 21. November 2026") == "2026.11.21");
  CHECK(date_of("Date: November 2026") == "2026.11.??");
  CHECK(date_of("Date: 2026") == "2026.??.??");
  CHECK(date_of("Date: 2026.11.21") == "2026.11.21");  // already PGN

  // The 31st of November: the calendar is strict even where the parsing is lenient.
  const scoresheet::Scoresheet bad = read("Sted: Oslo\nDato: 31.11.2026\n\n1 e4 e5\n");
  CHECK(bad.tag("Date") == "????.??.??");
  const Diagnostic& d = diagnostic(bad, "sheet.bad_date");
  CHECK(where_is(d.where, 2, 7));
  CHECK(arg(d, "value") == "31.11.2026");
}

TEST_CASE("sheet headers: a round or board is its number") {
  const auto tag_of = [](const std::string& header, const char* tag) {
    return std::string(read(header + "\n1 e4 e5\n").tag(tag).value_or("<none>"));
  };
  CHECK(tag_of("Runde: 3", "Round") == "3");
  CHECK(tag_of("Runde: 3.", "Round") == "3");
  CHECK(tag_of("Runde: runde 3", "Round") == "3");
  CHECK(tag_of("Round: Rd. 12", "Round") == "12");
  CHECK(tag_of("Runde: 3.1", "Round") == "3.1");  // PGN: round 3, game 1
  CHECK(tag_of("Runde: 3a", "Round") == "3a");    // not a number: as written
  CHECK(tag_of("Runde: finale", "Round") == "finale");
  CHECK(tag_of("Bord: 4.", "Board") == "4");
}

TEST_CASE("sheet headers: results, whose copy, notation language") {
  const auto result_of = [](const std::string& value) {
    return std::string(read("Resultat: " + value + "\n1 e4 e5\n").tag("Result").value_or("<none>"));
  };
  CHECK(result_of("½-½") == "1/2-1/2");
  CHECK(result_of("remis") == "1/2-1/2");
  CHECK(result_of("REMIS") == "1/2-1/2");
  CHECK(result_of("remi") == "1/2-1/2");
  CHECK(result_of("1:0") == "1-0");
  CHECK(result_of("0 - 1") == "0-1");
  CHECK(result_of("1/2-1/2") == "1/2-1/2");
  CHECK(result_of("*") == "*");
  // Who won, in words (hvit vant, svart vant: what a player writes).
  CHECK(result_of("hvit vant") == "1-0");
  CHECK(result_of("Svart  vant") == "0-1");
  CHECK(result_of("sort vandt") == "0-1");
  CHECK(result_of("vit vann") == "1-0");
  CHECK(result_of("Schwarz gewinnt") == "0-1");
  CHECK(result_of("White wins") == "1-0");
  const scoresheet::Scoresheet bad = read("Resultat: vant\n1 e4 e5\n");
  CHECK(bad.tag("Result") == "*");
  CHECK(where_is(diagnostic(bad, "sheet.bad_result").where, 1, 11));

  const auto owner_of = [](const std::string& header) { return read(header + "\n1 e4 e5\n").copy_of; };
  CHECK(owner_of("Skjema: svart") == Color::black);
  CHECK(owner_of("Sheet: WHITE") == Color::white);
  CHECK(owner_of("Noteringsliste: hvid") == Color::white);
  CHECK(owner_of("Protokoll: Vit") == Color::white);
  CHECK(owner_of("Partieformular: schwarz") == Color::black);
  const scoresheet::Scoresheet both = read("Skjema: begge\n1 e4 e5\n");
  CHECK_FALSE(both.copy_of.has_value());
  CHECK(arg(diagnostic(both, "sheet.bad_sheet_owner"), "value") == "begge");

  const auto language_of = [](const std::string& value) {
    return read("Notation: " + value + "\n1 e4 e5\n").language;
  };
  CHECK(language_of("nb") == "nb");
  CHECK(language_of("NB-no") == "nb");
  CHECK(language_of("norsk bokmål") == "nb");
  CHECK(language_of("sv_SE") == "sv");
  CHECK(language_of("auto").empty());
  const scoresheet::Scoresheet unknown = read("Notation: klingon\n1 e4 e5\n");
  CHECK(unknown.language.empty());
  CHECK(where_is(diagnostic(unknown, "sheet.bad_notation").where, 1, 11));
}

TEST_CASE("sheet headers: an empty value, a header after the moves, a line that is no header") {
  const scoresheet::Scoresheet sheet = read(
      "Oslo Open 2026, runde 3\n"
      "Runde:\n"
      "Hvit: Hansen, Per   # the organiser's spelling\n"
      "\n"
      "1 e4 e5\n"
      "Resultat: 1-0\n");
  CHECK(keys_of(sheet) ==
        std::vector<std::string>{"sheet.not_a_header", "sheet.empty_header", "sheet.header_after_moves"});
  CHECK(diagnostic(sheet, "sheet.not_a_header").severity == Severity::error);
  CHECK(where_is(diagnostic(sheet, "sheet.not_a_header").where, 1, 1));
  CHECK(diagnostic(sheet, "sheet.header_after_moves").severity == Severity::note);
  CHECK(sheet.tag("White") == "Hansen, Per");
  CHECK(sheet.tag("Result") == "1-0");
  CHECK_FALSE(sheet.tag("Round").has_value());
  REQUIRE(sheet.notes.size() == 1);
  CHECK(sheet.notes[0].text == "Oslo Open 2026, runde 3");
  REQUIRE(sheet.comments.size() == 1);
  CHECK(sheet.comments[0].text == "the organiser's spelling");
  CHECK(where_is(sheet.comments[0].where, 3, 21));
}

TEST_CASE("sheet headers: a Chess960 start position") {
  const scoresheet::Scoresheet sheet = read(
      "FEN: bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n"
      "9 Sd3 Sd7\n");
  CHECK(sheet.diagnostics.empty());
  CHECK(sheet.tag("Variant") == "Chess960");
  CHECK(sheet.tag("SetUp") == "1");
  CHECK(sheet.start_number == 9);
  CHECK(sheet.cells.at(1).ply == 2);
}

TEST_CASE("sheet headers: a bad FEN is reported at its column, in characters") {
  // "Ställning" has a two-byte character; the castling field is at column 34.
  const scoresheet::Scoresheet sheet = read("Ställning: 4k3/8/8/8/8/8/8/4K3 w X - 0 1\n1 e4 e5\n");
  CHECK(sheet.start_fen.empty());
  CHECK_FALSE(sheet.tag("FEN").has_value());
  const Diagnostic& d = diagnostic(sheet, "fen.castling");
  CHECK(d.severity == Severity::error);
  CHECK(where_is(d.where, 1, 34));
}

// ------------------------------------------------------------------- cells

TEST_CASE("sheet cells: marks glued to the move and separated by a blank") {
  const scoresheet::Scoresheet sheet = read(
      "1 e4! e5 ?\n"
      "2 Sf3!? Sc6 ?!\n"
      "3 exd6 e.p. Sf?\n"
      "4 exd6 ep Kxd6 e. p.\n"
      "5 Tc2(=) Se5 {sealed}\n"
      "6 Dxf7++ Kh8 {forseglet}\n"
      "7 Dg5 #\n");
  CHECK(sheet.diagnostics.empty());
  CHECK(moves_of(sheet) == "e4 e5 Sf3 Sc6 exd6 Sf? exd6 Kxd6 Tc2 Se5 Dxf7 Kh8 Dg5");
  const auto mark = [&](int number, Color side) {
    const scoresheet::SheetCell& c = cell_at(sheet, number, side);
    REQUIRE(c.marks.size() == 1);
    return c.marks[0];
  };
  CHECK(mark(1, Color::white).kind == scoresheet::MarkKind::annotation);
  CHECK(mark(1, Color::white).glued);
  CHECK(mark(1, Color::black).kind == scoresheet::MarkKind::annotation);
  CHECK(mark(1, Color::black).text == "?");
  CHECK_FALSE(mark(1, Color::black).glued);
  CHECK(mark(2, Color::white).text == "!?");
  CHECK(mark(2, Color::black).text == "?!");
  CHECK(mark(3, Color::white).kind == scoresheet::MarkKind::en_passant);
  CHECK(cell_at(sheet, 3, Color::white).text == "exd6 e.p.");
  CHECK(cell_at(sheet, 3, Color::black).marks.empty());  // a glued '?' is unreadable
  CHECK(cell_at(sheet, 3, Color::black).unreadable == std::vector<int>{2});
  CHECK(mark(4, Color::white).text == "ep");
  CHECK(mark(4, Color::black).text == "e. p.");
  CHECK(mark(4, Color::black).kind == scoresheet::MarkKind::en_passant);
  CHECK(mark(5, Color::white).kind == scoresheet::MarkKind::draw_offer);
  CHECK(mark(5, Color::white).glued);
  CHECK(where_is(mark(5, Color::white).where, 5, 6));
  CHECK(mark(5, Color::black).kind == scoresheet::MarkKind::sealed);
  CHECK(mark(6, Color::white).kind == scoresheet::MarkKind::mate);
  CHECK(mark(6, Color::black).kind == scoresheet::MarkKind::note);
  CHECK(mark(7, Color::white).kind == scoresheet::MarkKind::mate);
  CHECK(sheet.comments.empty());  // "Dg5 #": the mate sign, not a comment
}

TEST_CASE("sheet cells: '#' after a blank and followed by text starts a comment") {
  const scoresheet::Scoresheet sheet = read("40 Dxf7 # svart ga opp\n");
  CHECK(moves_of(sheet) == "Dxf7");
  CHECK(sheet.cells[0].marks.empty());
  REQUIRE(sheet.comments.size() == 1);
  CHECK(sheet.comments[0].text == "svart ga opp");
}

TEST_CASE("sheet cells: alternatives, unreadable characters, crossed-out text") {
  const scoresheet::Scoresheet sheet = read(
      "14 Sg3|Se3   S?5|Sh5\n"
      "15 ?xe5      ~~Lb7~~ ~~Lc8~~ Sbd7\n"
      "16 ~~Sd2~~ -   Lb7\n"
      "17 Lc2       ~~Te8~~\n"
      "18 Sf1       Lf8\n");
  CHECK(keys_of(sheet) == std::vector<std::string>{"sheet.number_out_of_sequence"});  // 14, not 1
  const scoresheet::SheetCell& sg3 = cell_at(sheet, 14, Color::white);
  REQUIRE(sg3.alternatives.size() == 2);
  CHECK(sg3.alternatives[0].text == "Sg3");
  CHECK(sg3.alternatives[1].text == "Se3");
  CHECK(where_is(sg3.alternatives[1].where, 1, 8));
  CHECK(sg3.unreadable.empty());
  const scoresheet::SheetCell& s5 = cell_at(sheet, 14, Color::black);
  CHECK(s5.move == "S?5|Sh5");
  CHECK(s5.unreadable == std::vector<int>{1});
  CHECK(s5.alternatives.at(0).text == "S?5");
  CHECK(cell_at(sheet, 15, Color::white).unreadable == std::vector<int>{0});

  const scoresheet::SheetCell& sbd7 = cell_at(sheet, 15, Color::black);
  CHECK(sbd7.move == "Sbd7");
  REQUIRE(sbd7.crossed_out.size() == 2);
  CHECK(sbd7.crossed_out[0].text == "Lb7");
  CHECK(sbd7.crossed_out[1].text == "Lc8");
  CHECK(where_is(sbd7.crossed_out[1].where, 2, 24));

  // "~~Sd2~~ -": crossed out, then marked as not recorded; Lb7 is Black's.
  const scoresheet::SheetCell& sd2 = cell_at(sheet, 16, Color::white);
  CHECK(sd2.kind == scoresheet::CellKind::unrecorded);
  CHECK(sd2.crossed_out.at(0).text == "Sd2");
  CHECK(cell_at(sheet, 16, Color::black).move == "Lb7");

  // Crossed out and nothing written instead: an empty cell that keeps the evidence.
  const scoresheet::SheetCell& te8 = cell_at(sheet, 17, Color::black);
  CHECK(te8.kind == scoresheet::CellKind::empty);
  CHECK(te8.move.empty());
  CHECK(te8.crossed_out.at(0).text == "Te8");
}

// --------------------------------------------------------------- numbering

TEST_CASE("sheet numbering: skipped, repeated and backward numbers keep what the sheet says") {
  const scoresheet::Scoresheet sheet = read(
      "1 e4 e5\n"
      "2 Sf3 Sc6\n"
      "4 Lb5 a6\n"
      "4 Lb5 a6\n"
      "3 0-0 Le7\n");
  CHECK(keys_of(sheet) == std::vector<std::string>{"sheet.number_skipped", "sheet.number_repeated",
                                                   "sheet.number_out_of_sequence"});
  const Diagnostic& skipped = diagnostic(sheet, "sheet.number_skipped");
  CHECK(where_is(skipped.where, 3, 1));
  CHECK(arg(skipped, "expected") == "3");
  CHECK(arg(skipped, "found") == "4");
  CHECK(arg(skipped, "count") == "1");
  CHECK(arg(diagnostic(sheet, "sheet.number_repeated"), "number") == "4");
  const Diagnostic& backwards = diagnostic(sheet, "sheet.number_out_of_sequence");
  CHECK(arg(backwards, "expected") == "5");
  CHECK(arg(backwards, "found") == "3");
  std::vector<int> plies;
  for (const scoresheet::SheetCell& c : sheet.cells) plies.push_back(c.ply);
  CHECK(plies == std::vector<int>{1, 2, 3, 4, 7, 8, 7, 8, 5, 6});
}

TEST_CASE("sheet numbering: a number between two rows in sequence that is not theirs is a slip") {
  // "20" or "12" for 2, or the next row's "3": one warning, and the row is
  // the move between.
  for (const char* slip : {"20", "12", "3"}) {
    const scoresheet::Scoresheet sheet =
        read(std::string("1 e4 e5\n") + slip + " Sf3 Sc6\n3 Lb5 a6\n4 La4 Sf6\n");
    CAPTURE(slip);
    CHECK(keys_of(sheet) == std::vector<std::string>{"sheet.number_slip"});
    const Diagnostic& d = diagnostic(sheet, "sheet.number_slip");
    CHECK(where_is(d.where, 2, 1));
    CHECK(arg(d, "found") == slip);
    CHECK(arg(d, "number") == "2");
    CHECK(locale::Messages("en").format(d.message) ==
          std::string("the row numbered ") + slip + " stands between moves 1 and 3: read as move 2");
    CHECK(cell_at(sheet, 2, Color::white).move == "Sf3");
    CHECK(cell_at(sheet, 2, Color::black).ply == 4);
  }
  // Not between two rows in sequence, or the row written twice: as written.
  CHECK(keys_of(read("1 e4 e5\n20 Sf3 Sc6\n")) == std::vector<std::string>{"sheet.number_skipped"});
  CHECK(keys_of(read("1 e4 e5\n3 Sf3 Sc6\n3 Sf3 Sc6\n")) ==
        std::vector<std::string>{"sheet.number_skipped", "sheet.number_repeated"});
}

TEST_CASE("sheet numbering: gaps become empty cells, except after the last row") {
  const scoresheet::Scoresheet sheet = read(
      "9  h3\n"
      "10 d4   Sbd7\n"
      "11\n"
      "12 -    -\n"
      "13 Lc2\n");
  CHECK(moves_of(sheet) == "h3 . d4 Sbd7 . . - - Lc2");
  const scoresheet::SheetCell& gap = cell_at(sheet, 9, Color::black);
  CHECK(gap.kind == scoresheet::CellKind::empty);
  CHECK(gap.text.empty());
  CHECK(where_is(gap.where, 1, 7));  // one blank after the row's last character
  CHECK(cell_at(sheet, 11, Color::white).ply == 21);
  CHECK(sheet.cells.back().side == Color::white);

  const scoresheet::Scoresheet alone = read("1 e4 e5\n2\n");
  CHECK(alone.cells.size() == 2);
  CHECK(where_is(diagnostic(alone, "sheet.number_without_moves").where, 2, 1));
}

TEST_CASE("sheet numbering: a row whose one move stands in Black's column leaves White's box empty") {
  // Aligned with blanks: the column of the rows written whole decides.
  const scoresheet::Scoresheet aligned = read(
      "1  e4          e5\n"
      "2              Sc6\n"
      "3  Lb5         a6\n"
      "4  La4\n");
  CHECK(moves_of(aligned) == "e4 e5 . Sc6 Lb5 a6 La4");
  const scoresheet::SheetCell& empty = cell_at(aligned, 2, Color::white);
  CHECK(empty.kind == scoresheet::CellKind::empty);
  INFO(empty.where.line, " ", empty.where.column);
  CHECK(where_is(empty.where, 2, 3));
  CHECK(cell_at(aligned, 2, Color::black).move == "Sc6");
  CHECK(aligned.diagnostics.empty());
  // Pasted from a spreadsheet: two tabs where the rows have one.
  CHECK(moves_of(read("20\tSe5\tDd8\n21\t\tTa7\n22\th5\tTb7\n")) == "Se5 Dd8 . Ta7 h5 Tb7");
  CHECK(moves_of(read("1\t\te4\n21\t\tTa7\n")) == ". e4 . Ta7");
  // Before any row shows the columns, and with one blank between the
  // boxes, a lone move is White's.
  CHECK(moves_of(read("21             Ta7\n22 h5 Tb7\n")) == "Ta7 . h5 Tb7");
  CHECK(moves_of(read("20 Se5 Dd8\n21   Ta7\n")) == "Se5 Dd8 Ta7");  // half-way: White's
}

TEST_CASE("sheet numbering: lines without a number") {
  // Black's move on a line of its own fills the row; a full row cannot
  // take more, and a line that belongs nowhere is kept as a note.
  const scoresheet::Scoresheet sheet = read(
      "1 e4 e5\n"
      "2 d4\n"
      "e:d4\n"
      "3 Sf3 Sc6\n"
      "Hvit tilbød remis\n"
      "4 Lb5 a6\n");
  CHECK(moves_of(sheet) == "e4 e5 d4 e:d4 Sf3 Sc6 Lb5 a6");
  CHECK(keys_of(sheet) == std::vector<std::string>{"sheet.line_without_number"});
  CHECK(where_is(diagnostic(sheet, "sheet.line_without_number").where, 5, 1));
  REQUIRE(sheet.notes.size() == 1);
  CHECK(sheet.notes[0].text == "Hvit tilbød remis");

  // In running text a lost number is inferred.
  const scoresheet::Scoresheet running = read("1. e4 e5 Sf3 Sc6 3. Lb5 a6\n");
  CHECK(moves_of(running) == "e4 e5 Sf3 Sc6 Lb5 a6");
  const Diagnostic& missing = diagnostic(running, "sheet.missing_number");
  CHECK(where_is(missing.where, 1, 10));
  CHECK(arg(missing, "number") == "2");
  REQUIRE(running.rows.size() == 3);
  CHECK(running.rows[1].number_source == scoresheet::NumberSource::inferred);
  CHECK(cell_at(running, 2, Color::black).number_source == scoresheet::NumberSource::inferred);
  CHECK(running.rows[1].number_text.empty());

  // Moves without any number before them.
  const scoresheet::Scoresheet headless = read("e4 e5 2. Sf3 Sc6\n");
  CHECK(moves_of(headless) == "e4 e5 Sf3 Sc6");
  CHECK(headless.cells[0].number == 1);
  CHECK(arg(diagnostic(headless, "sheet.missing_number"), "number") == "1");
}

TEST_CASE("sheet numbering: glued running text and castling after the number") {
  const scoresheet::Scoresheet sheet = read("1.e4 e5 2.Sf3 Sc6 3.Lc4 Lc5 4.0-0 Sf6 5.d3 00\n");
  CHECK(sheet.diagnostics.empty());
  CHECK(moves_of(sheet) == "e4 e5 Sf3 Sc6 Lc4 Lc5 0-0 Sf6 d3 00");
  CHECK(sheet.running_text);
}

// ------------------------------------------------------------- clock notes

TEST_CASE("sheet clock notes: h:mm, h:mm:ss, bare minutes, castling zeros") {
  const scoresheet::Scoresheet sheet = read(
      "1 e4 e5 5 7\n"
      "2 0-0 00 0 1\n"
      "3 000 Sf6 1:05:30\n"
      "4 La4 0:05 Sf6 0:07\n"
      "5 Le2 0:75\n"
      "6 d4 d5 0:01 0:02 0:03\n"
      "7... Le7 0:09\n");
  CHECK(moves_of(sheet) == "e4 e5 0-0 00 000 Sf6 La4 Sf6 Le2 . d4 d5 Le7");
  const auto& rows = sheet.rows;
  CHECK(rows[0].white_clock->seconds == 300);
  CHECK(rows[0].black_clock->seconds == 420);
  CHECK(rows[1].white_clock->seconds == 0);
  CHECK(rows[1].black_clock->text == "1");
  CHECK(rows[2].white_clock->seconds == 3930);
  CHECK_FALSE(rows[2].black_clock.has_value());
  CHECK(rows[3].white_clock->text == "0:05");
  CHECK(rows[3].black_clock->text == "0:07");
  CHECK(rows[6].black_first);
  CHECK(rows[6].black_clock->text == "0:09");
  CHECK(rows[5].extra_clock_notes.size() == 1);
  CHECK(keys_of(sheet) == std::vector<std::string>{"sheet.bad_clock", "sheet.too_many_clock_notes"});
  CHECK(arg(diagnostic(sheet, "sheet.bad_clock"), "minutes") == "75");
  CHECK(where_is(diagnostic(sheet, "sheet.too_many_clock_notes").where, 6, 19));
}

// ----------------------------------------------------------- end of moves

TEST_CASE("sheet end: text after the moves, a result on its own line, a result that disagrees") {
  const std::string text =
      "Resultat: 1-0\n"
      "\n"
      "15 Dxg7+  Kh5\n"
      "16 Dg5#\n"
      "Svart ga opp\n"
      "½-½\n";
  const scoresheet::Scoresheet sheet = read(text);
  check_lossless(text, sheet);
  CHECK(moves_of(sheet) == "Dxg7 Kh5 Dg5");
  REQUIRE(sheet.result_in_moves.has_value());
  CHECK(sheet.result_in_moves->text == "½-½");
  CHECK(where_is(sheet.result_in_moves->where, 6, 1));
  CHECK(sheet.tag("Result") == "1-0");  // the written header stands
  const Diagnostic& after = diagnostic(sheet, "sheet.text_after_moves");
  CHECK(where_is(after.where, 5, 1));
  CHECK(arg(after, "text") == "Svart ga opp");
  const Diagnostic& mismatch = diagnostic(sheet, "sheet.result_mismatch");
  CHECK(arg(mismatch, "moves") == "1/2-1/2");
  CHECK(arg(mismatch, "header") == "1-0");
  REQUIRE(sheet.notes.size() == 1);
  CHECK(sheet.notes[0].text == "Svart ga opp");
}

TEST_CASE("sheet end: no moves at all") {
  const scoresheet::Scoresheet sheet = read("Hvit: Hansen\nSvart: Olsen\n");
  CHECK(sheet.cells.empty());
  CHECK(keys_of(sheet) == std::vector<std::string>{"sheet.no_moves"});
}

// ------------------------------------------------------------------ errors

TEST_CASE("sheet errors: unclosed crossed-out text and braces, at the opener's column") {
  // A figurine (three bytes) before the error: columns count characters.
  const std::string text =
      "9  h3 Sb8\n"
      "10 \xE2\x99\x98"
      "f3 ~~\xE2\x99\x97"
      "b7 Sbd7\n"
      "11 Sbd2 ~~~~ Lb7\n"
      "12 Lc2 Te8 {sealed\n"
      "13 Sf1 Lf8\n";
  const scoresheet::Scoresheet sheet = read(text);
  check_lossless(text, sheet);
  CHECK(keys_of(sheet) == std::vector<std::string>{"sheet.number_out_of_sequence",
                                                   "sheet.unclosed_crossed_out", "sheet.empty_crossed_out",
                                                   "sheet.unclosed_brace", "sheet.number_skipped"});
  CHECK(where_is(diagnostic(sheet, "sheet.unclosed_crossed_out").where, 2, 8));
  CHECK(where_is(diagnostic(sheet, "sheet.empty_crossed_out").where, 3, 9));
  CHECK(where_is(diagnostic(sheet, "sheet.unclosed_brace").where, 4, 12));
  CHECK(sheet.has_errors());
  // The lines are kept whole as notes; the next line is read as usual.
  REQUIRE(sheet.notes.size() == 3);
  CHECK(sheet.notes[0].text ==
        "10 \xE2\x99\x98"
        "f3 ~~\xE2\x99\x97"
        "b7 Sbd7");
  CHECK(moves_of(sheet) == "h3 Sb8 Sf1 Lf8");
}

TEST_CASE("sheet errors: too many cells in a row, after multi-byte characters") {
  const std::string text =
      "10 Кр1 Лb7 Кd7\n"
      "11 Сf4 Лc8\n";
  const scoresheet::Scoresheet sheet = read(text);
  CHECK(moves_of(sheet) == "Кр1 Лb7 Сf4 Лc8");
  REQUIRE(sheet.surplus.size() == 1);
  CHECK(sheet.surplus[0].move == "Кd7");
  CHECK(sheet.surplus[0].ply == 0);
  const Diagnostic& d = diagnostic(sheet, "sheet.too_many_cells");
  CHECK(d.severity == Severity::error);
  CHECK(where_is(d.where, 1, 12));
  CHECK(arg(d, "number") == "10");
  CHECK(arg(d, "text") == "Кd7");
  check_lossless(text, sheet);
}

TEST_CASE("sheet errors: a date line is neither a header nor a move row") {
  const scoresheet::Scoresheet sheet = read("Hvit: Hansen\n21.11.2026\n1 e4 e5\n");
  CHECK(keys_of(sheet) == std::vector<std::string>{"sheet.not_a_header"});
  CHECK(arg(diagnostic(sheet, "sheet.not_a_header"), "text") == "21.11.2026");
  CHECK(moves_of(sheet) == "e4 e5");
}

// ---------------------------------------------------------------- encoding

TEST_CASE("sheet encoding: BOM, CRLF, and Latin-1 bytes") {
  const scoresheet::Scoresheet crlf =
      read("\xEF\xBB\xBFHvit: Hansen\r\nSvart: Olsen\r\n\r\n1 e4 e5\r\n2 Sf3\r\n");
  CHECK(crlf.diagnostics.empty());
  CHECK(where_is(crlf.headers[0].where, 1, 1));
  CHECK(crlf.tag("White") == "Hansen");
  CHECK(moves_of(crlf) == "e4 e5 Sf3");
  CHECK(crlf.cells.back().where.line == 5);

  const scoresheet::Scoresheet latin1 = read("Sort: N\xF8rgaard, S\xF8ren\n1 e4 e5\n");
  CHECK(latin1.tag("Black") == "Nørgaard, Søren");
  const Diagnostic& d = diagnostic(latin1, "sheet.encoding");
  CHECK(d.severity == Severity::note);
  CHECK(arg(d, "encoding") == "windows-1252");
}

// -------------------------------------------------------- model invariants

TEST_CASE("sheet: every diagnostic has an English message") {
  const std::vector<std::string> sheets = {
      "Oslo Open\nTurnering: A\nTurnering: B\nArbiter: X\nDato: 31.11.2026\nResultat: vant\n"
      "Skjema: begge\nNotasjon: klingon\nRunde:\nFEN: 8/8 w\n"
      "3 e4 e5 0:75 0:01 0:02\n5 Sf3 Sc6 Lb5\n5 ~~x\n4 {y\n1. d4 d5 Sf3\n99999 a6\n2 b6 b5\n"
      "mellom\nSted: Oslo\n6 ~~~~\n8. e4 e5 Sf3 Sc6 10. Lb5\n11\n\xF8\n1-0\n",
      "Resultat: 1-0\n\n1 e4 e5\n0-1\n",
      "",
  };
  const locale::Messages messages("en");
  std::vector<std::string> keys;
  for (const std::string& text : sheets) {
    const scoresheet::Scoresheet sheet = read(text);
    for (const Diagnostic& d : sheet.diagnostics) {
      keys.push_back(d.message.key);
      const std::string english = messages.format(d.message);
      CHECK_MESSAGE(english.rfind(d.message.key, 0) != 0, d.message.key << " has no English pattern");
    }
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  // Every "sheet.*" key of the reader (27) but "sheet.unreadable_line" (only for
  // text that is not UTF-8, which the reader converts first), and one "fen.*".
  CHECK(keys.size() == 27);
}

TEST_CASE("sheet: lossless on every sample sheet") {
  for (const auto& entry : std::filesystem::directory_iterator(test::data_path("sheets"))) {
    const std::string text = test::read_file(entry.path());
    INFO(entry.path().filename().string());
    check_lossless(text, scoresheet::read_scoresheet(text, entry.path().filename().string()));
  }
}

// The acceptance cases' .sheet files, when the shared folder is there: no
// errors, the tags they expect, one cell per ply of the expected game, and
// the crossed-out text they expect as "dropped".
TEST_CASE("sheet: the acceptance cases' scoresheets") {
  const auto cases = std::filesystem::path(NOTERA_SHARED) / "acceptance" / "cases";
  if (!std::filesystem::exists(cases)) return;
  int sheets = 0;
  for (const auto& entry : std::filesystem::directory_iterator(cases)) {
    if (entry.path().extension() != ".json") continue;
    const auto json = nlohmann::json::parse(test::read_file(entry.path()));
    if (!json.contains("files")) continue;
    std::vector<scoresheet::Scoresheet> read_sheets;
    for (const auto& [name, content] : json["files"].items()) {
      if (name.size() < 6 || name.substr(name.size() - 6) != ".sheet") continue;
      read_sheets.push_back(scoresheet::read_scoresheet(content.get<std::string>(), name));
    }
    if (read_sheets.empty()) continue;
    INFO(entry.path().filename().string());
    const auto& expect = json["expect"];
    for (const scoresheet::Scoresheet& sheet : read_sheets) {
      ++sheets;
      CHECK(sheet.diagnostics.empty());
      if (expect.contains("san")) CHECK(sheet.cells.size() == expect["san"].size());
      if (expect.contains("tags"))
        for (const auto& [name, value] : expect["tags"].items())
          CHECK(sheet.tag(name) == value.get<std::string>());
    }
    if (expect.contains("json") && expect["json"].contains("dropped"))
      for (const auto& dropped : expect["json"]["dropped"]) {
        const scoresheet::Scoresheet& sheet = read_sheets.at(dropped["sheet"].get<std::size_t>() - 1);
        const bool found =
            std::any_of(sheet.cells.begin(), sheet.cells.end(), [&](const scoresheet::SheetCell& c) {
              return std::any_of(c.crossed_out.begin(), c.crossed_out.end(),
                                 [&](const scoresheet::SheetText& t) {
                                   return t.where.line == dropped["line"].get<int>() &&
                                          t.text == dropped["text"].get<std::string>();
                                 });
            });
        CHECK(found);
      }
  }
  CHECK(sheets > 0);
}
