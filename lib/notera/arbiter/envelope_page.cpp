#include "notera/arbiter/envelope_page.hpp"

#include <cstdio>
#include <utility>
#include <vector>

#include "notera/arbiter/diagram.hpp"

namespace notera::arbiter {

namespace {

std::string_view side_name(Color c) { return c == Color::white ? "white" : "black"; }

// One labelled line of the record, as every output shows it.
struct Field {
  std::string label;
  std::string value;      // empty: to be filled in by hand
  std::string paragraph;  // "I.2.3"
};

// The labels and values of the record, in the order of the Laws' list.
class Labels {
 public:
  Labels(const EnvelopeRecord& r, const locale::Messages& m) : r_(r), m_(m) {}

  std::string text(std::string_view key) const { return m_.text(key); }
  std::string format(const Message& message) const { return m_.format(message); }

  std::string title() const { return text("envelope.title"); }
  std::string basis() const { return format(Message("envelope.basis").with("laws", to_string(r_.laws))); }
  std::string to_move() const {
    return format(Message("envelope.to_move").with("side", side_name(r_.position.side_to_move())));
  }
  std::string draw_offer() const {
    if (!r_.draw_offer_by) return text("envelope.draw_offer_none");
    return format(Message("envelope.draw_offer_by").with("side", side_name(*r_.draw_offer_by)));
  }
  std::string sealer() const {
    const std::string& name = r_.name_of(r_.sealed_by);
    if (name.empty()) return format(Message("envelope.sealer_side").with("side", side_name(r_.sealed_by)));
    return format(Message("envelope.sealer_value").with("name", name).with("side", side_name(r_.sealed_by)));
  }
  std::string move_number() const {
    return format(Message("envelope.move_value")
                      .with("number", r_.sealed_move_number)
                      .with("side", side_name(r_.sealed_by)));
  }
  static std::string time(std::optional<int> seconds) { return seconds ? format_time_used(*seconds) : ""; }

  // Event, site, round, board: what identifies the game.
  std::vector<Field> game_fields() const {
    return {{text("envelope.event"), r_.event, ""},
            {text("envelope.site"), r_.site, ""},
            {text("envelope.round"), r_.round, ""},
            {text("envelope.board"), r_.board, ""}};
  }
  // Items 1 and 3: the players and their time used.
  std::vector<Field> player_fields() const {
    return {{text("envelope.white"), r_.white, paragraph(1)},
            {text("envelope.black"), r_.black, paragraph(1)}};
  }
  std::vector<Field> time_fields() const {
    return {{text("envelope.white"), time(r_.white_seconds_used), paragraph(3)},
            {text("envelope.black"), time(r_.black_seconds_used), paragraph(3)}};
  }
  // Items 4 to 7.
  std::vector<Field> sealing_fields() const {
    return {{text("envelope.sealed_by"), sealer(), paragraph(4)},
            {text("envelope.sealed_move"), move_number(), paragraph(5)},
            {text("envelope.draw_offer"), draw_offer(), paragraph(6)}};
  }
  std::vector<Field> resumption_fields() const {
    return {{text("envelope.resume_date"), r_.resume_date, paragraph(7)},
            {text("envelope.resume_time"), r_.resume_time, paragraph(7)},
            {text("envelope.resume_place"), r_.resume_place, paragraph(7)}};
  }
  std::string paragraph(int item) const { return envelope_paragraph(r_.laws, item); }
  std::string checked() const {
    return format(Message("envelope.checked").with("paragraph", section_paragraph(3)));
  }
  std::string inside() const {
    return format(Message("envelope.inside").with("paragraph", section_paragraph(7)));
  }
  std::string signature(std::string_view role) const {
    return format(Message("envelope.signature").with("role", role));
  }

 private:
  // "I.3", "E.7", "3" (2009), "A7" (2005): other points of the same section.
  std::string section_paragraph(int point) const {
    switch (r_.laws) {
      case notation::Laws::fide2005: return "A" + std::to_string(point);
      case notation::Laws::fide2009: return std::to_string(point);
      case notation::Laws::fide2018: return "E." + std::to_string(point);
      case notation::Laws::fide2023: break;
    }
    return "I." + std::to_string(point);
  }

  const EnvelopeRecord& r_;
  const locale::Messages& m_;
};

std::string or_blank(const std::string& value) { return value.empty() ? "—" : value; }

}  // namespace

std::string envelope_text(const EnvelopeRecord& record, const locale::Messages& messages, bool figurines) {
  const Labels l(record, messages);
  std::string out = l.title() + "\n" + l.basis() + "\n\n";
  auto line = [&out](const Field& f) {
    out += f.label + ": " + or_blank(f.value);
    if (!f.paragraph.empty()) out += "  (" + f.paragraph + ")";
    out += '\n';
  };
  for (const Field& f : l.game_fields())
    if (!f.value.empty()) line(f);
  out += l.text("envelope.players") + ":\n";
  for (Field f : l.player_fields()) {
    f.label = "  " + f.label;
    line(f);
  }
  out += l.text("envelope.time_used") + ":\n";
  for (Field f : l.time_fields()) {
    f.label = "  " + f.label;
    line(f);
  }
  for (const Field& f : l.sealing_fields()) line(f);
  out += l.text("envelope.resumption") + ":\n";
  for (Field f : l.resumption_fields()) {
    f.label = "  " + f.label;
    line(f);
  }
  out += l.text("envelope.position") + "  (" + l.paragraph(2) + "): " + l.to_move() + "\n";
  out += "FEN: " + record.fen + "\n";
  out += text_diagram(record.position, figurines);
  return out;
}

namespace {

std::string html_field(const Field& f) {
  std::string out = "<tr><th>" + xml_escape(f.label);
  if (!f.paragraph.empty()) out += " <span class=\"para\">" + xml_escape(f.paragraph) + "</span>";
  out += "</th><td>" + xml_escape(f.value) + "</td></tr>\n";
  return out;
}

}  // namespace

std::string envelope_html(const EnvelopeRecord& record, const locale::Messages& messages) {
  const Labels l(record, messages);
  std::string out;
  out += "<!DOCTYPE html>\n<html lang=\"" + xml_escape(messages.language()) +
         "\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<title>" + xml_escape(l.title()) + "</title>\n";
  out += R"(<style>
@page { size: A4; margin: 14mm; }
html { background: #fff; }
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #000; width: 182mm; margin: 8mm auto; font-size: 10.5pt; }
h1 { font-size: 17pt; margin: 0 0 1mm 0; }
p.basis { margin: 0 0 4mm 0; font-size: 9.5pt; }
h2 { font-size: 11.5pt; margin: 4mm 0 1.5mm 0; border-bottom: 0.4mm solid #000; }
table.fields { width: 100%; border-collapse: collapse; }
table.fields th { text-align: left; font-weight: normal; width: 52mm; padding: 1.2mm 2mm 1.2mm 0; vertical-align: bottom; }
table.fields td { border-bottom: 0.25mm solid #000; padding: 1.2mm 1mm; height: 5mm; vertical-align: bottom; font-weight: bold; }
span.para { color: #555; font-size: 8pt; }
div.columns { display: flex; gap: 8mm; }
div.columns > div { flex: 1; }
div.position { display: flex; gap: 6mm; align-items: flex-start; }
div.position svg { width: 96mm; height: 72mm; flex: none; }
p.fen { font-family: "DejaVu Sans Mono", monospace; font-size: 8.5pt; }
p.note { font-size: 9pt; }
div.signatures { display: flex; gap: 8mm; margin-top: 12mm; }
div.signatures div { flex: 1; border-top: 0.3mm solid #000; padding-top: 1mm; font-size: 9pt; }
</style>
</head>
<body>
)";
  out += "<h1>" + xml_escape(l.title()) + "</h1>\n";
  out += "<p class=\"basis\">" + xml_escape(l.basis()) + "</p>\n";
  out += "<table class=\"fields\">\n";
  for (const Field& f : l.game_fields()) out += html_field(f);
  out += "</table>\n";

  out += "<div class=\"columns\">\n<div>\n<h2>" + xml_escape(l.text("envelope.players")) +
         "</h2>\n<table class=\"fields\">\n";
  for (const Field& f : l.player_fields()) out += html_field(f);
  out += "</table>\n</div>\n<div>\n<h2>" + xml_escape(l.text("envelope.time_used")) +
         "</h2>\n<table class=\"fields\">\n";
  for (const Field& f : l.time_fields()) out += html_field(f);
  out += "</table>\n</div>\n</div>\n";

  out += "<h2>" + xml_escape(l.text("envelope.position")) + " <span class=\"para\">" +
         xml_escape(l.paragraph(2)) + "</span></h2>\n";
  out += "<div class=\"position\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 96 72\">\n" +
         svg_diagram(record.position, 2, 1, 64) + "</svg>\n<div>\n";
  out += "<p><strong>" + xml_escape(l.to_move()) + "</strong></p>\n";
  // Break the FEN only between ranks.
  std::string fen;
  for (char c : xml_escape(record.fen)) fen += c == '/' ? std::string("/<wbr>") : std::string(1, c);
  out += "<p class=\"fen\">FEN: " + fen + "</p>\n";
  out += "<p class=\"note\">" + xml_escape(l.inside()) + "</p>\n</div>\n</div>\n";

  out += "<h2>" + xml_escape(l.text("envelope.sealing")) + "</h2>\n<table class=\"fields\">\n";
  for (const Field& f : l.sealing_fields()) out += html_field(f);
  out += "</table>\n";
  out += "<h2>" + xml_escape(l.text("envelope.resumption")) + "</h2>\n<table class=\"fields\">\n";
  for (const Field& f : l.resumption_fields()) out += html_field(f);
  out += "</table>\n";

  out += "<p class=\"note\">" + xml_escape(l.checked()) + "</p>\n";
  out += "<div class=\"signatures\">\n";
  for (const char* role : {"arbiter", "white", "black"})
    out += "<div>" + xml_escape(l.signature(role)) + "</div>\n";
  out += "</div>\n</body>\n</html>\n";
  return out;
}

namespace {

// Breaks text into lines of at most `width` characters (code points) at spaces.
std::vector<std::string> wrap(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t line_length = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(at, end - at);
    std::size_t length = 0;
    for (unsigned char c : word) length += (c & 0xC0) != 0x80 ? 1 : 0;
    if (line_length > 0 && line_length + 1 + length > width) {
      lines.push_back(line);
      line.clear();
      line_length = 0;
    }
    if (line_length > 0) {
      line += ' ';
      ++line_length;
    }
    line += word;
    line_length += length;
    at = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// Writes an SVG page in millimetres, as a paper form: small labels above
// the lines on which the values stand.
class SvgPage {
 public:
  std::string out;

  void text(double x, double y, double size, const std::string& s, const char* extra = "") {
    out += "<text x=\"" + mm(x) + "\" y=\"" + mm(y) + "\" font-size=\"" + mm(size) + "\"" + extra + ">" +
           xml_escape(s) + "</text>\n";
  }
  void line(double x0, double y0, double x1, double y1, double width) {
    out += "<line x1=\"" + mm(x0) + "\" y1=\"" + mm(y0) + "\" x2=\"" + mm(x1) + "\" y2=\"" + mm(y1) +
           "\" stroke=\"#000\" stroke-width=\"" + mm(width) + "\"/>\n";
  }
  // A field from x0 to x1 whose line is at `y`: label and paragraph above it.
  void field(const Field& f, double x0, double x1, double y) {
    std::string label = f.label;
    text(x0, y - 6, 3, label, " fill=\"#222\"");
    if (!f.paragraph.empty()) text(x1, y - 6, 2.5, f.paragraph, " fill=\"#555\" text-anchor=\"end\"");
    text(x0 + 1, y - 1.2, 4, f.value, " font-weight=\"bold\"");
    line(x0, y, x1, y, 0.25);
  }
  void heading(double x0, double x1, double y, const std::string& s) {
    text(x0, y, 4.4, s, " font-weight=\"bold\"");
    line(x0, y + 1.5, x1, y + 1.5, 0.4);
  }
  // Wrapped lines from `y`, each `step` lower; returns the y after the last.
  double paragraph(double x, double y, double size, const std::string& s, std::size_t width, double step) {
    for (const std::string& l : wrap(s, width)) {
      text(x, y, size, l);
      y += step;
    }
    return y;
  }

 private:
  static std::string mm(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", v);
    return buffer;
  }
};

}  // namespace

std::string envelope_svg(const EnvelopeRecord& record, const locale::Messages& messages) {
  const Labels l(record, messages);
  const double left = 16, right = 194;
  SvgPage page;
  page.out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\" height=\"297mm\" viewBox=\"0 0 210 297\" "
      "font-family=\"DejaVu Sans, Arial, sans-serif\">\n<rect width=\"210\" height=\"297\" fill=\"#fff\"/>\n";
  page.text(left, 20, 7, l.title(), " font-weight=\"bold\"");
  page.text(left, 27, 3.3, l.basis());

  // The game: event, site, round, board side by side.
  const auto game = l.game_fields();
  const double widths[] = {72, 58, 22, 22};
  double x = left;
  for (std::size_t i = 0; i < game.size(); ++i) {
    page.field(game[i], x, x + widths[i] - 3, 42);
    x += widths[i] + 1.33;
  }

  // 1 and 3: the players and the time each has used.
  page.heading(left, right, 53, l.text("envelope.players") + " / " + l.text("envelope.time_used"));
  const auto players = l.player_fields();
  const auto times = l.time_fields();
  for (std::size_t i = 0; i < players.size(); ++i) {
    const double y = 66 + 12.0 * static_cast<double>(i);
    page.field(players[i], left, 136, y);
    Field time = times[i];
    time.label = l.text("envelope.time_used") + " (" + time.label + ")";
    page.field(time, 142, right, y);
  }

  // 2: the position, with the diagram.
  page.heading(left, right, 91, l.text("envelope.position") + "  " + l.paragraph(2));
  page.out += svg_diagram(record.position, left, 96, 84);
  const double info = left + 102;
  page.text(info, 103, 4.4, l.to_move(), " font-weight=\"bold\"");
  // The FEN on three lines: ranks 8-5, ranks 4-1, the other fields.
  const std::size_t fourth_slash = [&] {
    std::size_t at = 0;
    for (int i = 0; i < 4 && at != std::string::npos; ++i) at = record.fen.find('/', at + 1);
    return at;
  }();
  const std::size_t space = record.fen.find(' ');
  double y = 111;
  for (const std::string& part :
       {"FEN: " + record.fen.substr(0, fourth_slash + 1),
        record.fen.substr(fourth_slash + 1, space - fourth_slash - 1), record.fen.substr(space + 1)}) {
    page.text(info, y, 3, part, " font-family=\"DejaVu Sans Mono, monospace\"");
    y += 4.3;
  }
  page.paragraph(info, y + 4, 3, l.inside(), 46, 4.3);

  // 4 to 6: who sealed, the number, a draw offer.
  page.heading(left, right, 196, l.text("envelope.sealing"));
  y = 209;
  for (const Field& f : l.sealing_fields()) {
    page.field(f, left, right, y);
    y += 11.5;
  }

  // 7: resumption: date, time and place side by side.
  page.heading(left, right, 244, l.text("envelope.resumption"));
  const auto resumption = l.resumption_fields();
  page.field(resumption[0], left, 66, 257);
  page.field(resumption[1], 70, 100, 257);
  page.field(resumption[2], 104, right, 257);

  page.paragraph(left, 266, 3, l.checked(), 100, 4.2);
  const double width = (right - left - 16) / 3;
  int i = 0;
  for (const char* role : {"arbiter", "white", "black"}) {
    const double x0 = left + i++ * (width + 8);
    page.line(x0, 283, x0 + width, 283, 0.3);
    page.text(x0, 287.5, 3, l.signature(role));
  }
  page.out += "</svg>\n";
  return page.out;
}

}  // namespace notera::arbiter
