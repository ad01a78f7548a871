#include "serve_api.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>

#include "notera/core/fen.hpp"
#include "notera/core/game_state.hpp"
#include "notera/core/movegen.hpp"
#include "notera/core/san.hpp"
#include "notera/core/uci.hpp"
#include "notera/locale/messages.hpp"
#include "notera/notation/judge.hpp"
#include "notera/notation/laws.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/resolve.hpp"
#include "notera/report/json.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "notera/scoresheet/sheet_locale.hpp"
#include "sheet_reconstruction.hpp"

namespace notera::cli::serve {

using nlohmann::json;

namespace {

// A request never needs more than a few levels ({"names": [["a", "b"]]});
// a deeper body is refused before it is parsed, whatever the parser does
// with depth.
constexpr int max_json_depth = 32;
constexpr std::size_t max_move_text = 1000;
constexpr std::size_t max_line_moves = 2000;
constexpr std::size_t max_export_games = 1000;

bool nested_too_deep(std::string_view body) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char c : body) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"')
      in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > max_json_depth) return true;
    } else if (c == ']' || c == '}')
      --depth;
  }
  return false;
}

ApiError missing(std::string_view field) {
  return ApiError(400, Message("serve.error.missing_field").with("field", field));
}
ApiError wrong_type(std::string_view field, std::string_view type) {
  return ApiError(400, Message("serve.error.bad_field").with("field", field).with("type", type));
}

std::string required_string(const json& j, std::string_view field) {
  const auto it = j.find(field);
  if (it == j.end() || it->is_null()) throw missing(field);
  if (!it->is_string()) throw wrong_type(field, "string");
  return it->get<std::string>();
}

std::string optional_string(const json& j, std::string_view field, std::string fallback) {
  const auto it = j.find(field);
  if (it == j.end() || it->is_null()) return fallback;
  if (!it->is_string()) throw wrong_type(field, "string");
  return it->get<std::string>();
}

bool optional_bool(const json& j, std::string_view field, bool fallback) {
  const auto it = j.find(field);
  if (it == j.end() || it->is_null()) return fallback;
  if (!it->is_boolean()) throw wrong_type(field, "boolean");
  return it->get<bool>();
}

const json& required_array(const json& j, std::string_view field) {
  const auto it = j.find(field);
  if (it == j.end() || it->is_null()) throw missing(field);
  if (!it->is_array()) throw wrong_type(field, "array");
  return *it;
}

Position request_position(const json& request) {
  const std::string fen = optional_string(request, "fen", std::string(start_fen));
  const bool chess960 = optional_bool(request, "chess960", false);
  FenResult read = read_fen(fen, chess960);
  if (!read)
    throw ApiError(
        400, Message("cli.bad_fen").with("column", read.error.column).with("reason", read.error.message));
  return *read.position;
}

// "lang": a notation language code, or "auto" / absent for any language.
int request_language(const json& request) {
  const std::string code = optional_string(request, "lang", "auto");
  if (code.empty() || code == "auto") return notation::ResolveOptions::any_language;
  const int index = notation::LetterTable::instance().language_index(code);
  if (index < 0) throw ApiError(400, Message("cli.unknown_language").with("language", code));
  return index;
}

// "to": how the moves are spelt in the reconstruction's sentences, its
// alternatives and questions (`spelt`) and its PGN: "sheet" (the first
// sheet's letters, as the page shows the game), a language code,
// "figurine", or PGN SAN ("san", "pgn", absent).
MoveSpelling request_spelling(const json& request) {
  const std::string name = optional_string(request, "to", "san");
  const std::optional<MoveSpelling> spelling = move_spelling(name);
  if (!spelling) throw ApiError(400, Message("cli.unknown_notation").with("notation", name));
  return *spelling;
}

// "places": how the messages name a box: "lines" (absent; the line and
// column of the .sheet text, as `notera reconstruct` says them) or "boxes"
// (the move alone, for a page that shows the boxes, not the text).
Places request_places(const json& request) {
  const std::string name = optional_string(request, "places", "lines");
  if (name == "lines") return Places::lines;
  if (name == "boxes") return Places::boxes;
  throw ApiError(400, Message("serve.error.bad_field")
                          .with("field", "places")
                          .with("type", "choice")
                          .with("choices", R"("lines", "boxes")"));
}

// The letters moves are written in for a language (English for "auto").
SanStyle written_style(int language) {
  const notation::LetterTable& letters = notation::LetterTable::instance();
  return letters.style(language >= 0 ? language : notation::LetterTable::english);
}

std::string side_name(Color c) { return c == Color::white ? "white" : "black"; }

nlohmann::json location(const SourceLocation& where) {
  return {{"line", where.line}, {"column", where.column}};
}

std::string clock_text(const std::optional<scoresheet::ClockNote>& note) {
  return note ? note->text : std::string();
}

const char* cell_kind(scoresheet::CellKind kind) {
  switch (kind) {
    case scoresheet::CellKind::move: return "move";
    case scoresheet::CellKind::unrecorded: return "unrecorded";
    case scoresheet::CellKind::empty: return "empty";
  }
  return "empty";
}

json cell_json(const scoresheet::SheetCell& c) {
  json crossed = json::array();
  for (const scoresheet::SheetText& t : c.crossed_out) crossed.push_back(t.text);
  json j = {{"number", c.number},
            {"side", side_name(c.side)},
            {"ply", c.ply},
            {"row", c.row},
            {"kind", cell_kind(c.kind)},
            {"text", c.text},
            {"move", c.move},
            {"crossed_out", std::move(crossed)},
            {"inferred", c.number_source == scoresheet::NumberSource::inferred},
            {"draw_offer", c.draw_offer()}};
  j.update(location(c.where));
  return j;
}

// The tags of a sheet as read, for the list of sheets.
json sheet_summary(const scoresheet::Scoresheet& sheet) {
  json tags = json::object();
  for (const Tag& t : sheet.tags) tags[t.name] = t.value;
  return {{"tags", std::move(tags)},
          {"copy", sheet.copy_of ? json(side_name(*sheet.copy_of)) : json(nullptr)},
          {"language", sheet.language},
          {"moves", sheet.cells.size()}};
}

// Every language's name, letters and sheet words, built once.
const json& languages_json() {
  static const json table = [] {
    json out = json::array();
    const notation::LetterTable& letters = notation::LetterTable::instance();
    const scoresheet::sheet_locale::SheetWords& words = scoresheet::sheet_locale::SheetWords::get();
    for (const std::string& code : locale::available_languages()) {
      const int language = letters.language_index(code);
      if (language < 0) continue;
      const notation::LanguageInfo& info = letters.language(language);
      const auto piece = [&info](PieceType type) {
        return info.written[static_cast<std::size_t>(index(type))];
      };
      json header = json::object();
      for (const std::string& key : words.header_keys()) header[key] = words.header_word(key, code);
      out.push_back({{"code", code},
                     {"name", info.name},
                     {"pieces",
                      {{"king", piece(PieceType::king)},
                       {"queen", piece(PieceType::queen)},
                       {"rook", piece(PieceType::rook)},
                       {"bishop", piece(PieceType::bishop)},
                       {"knight", piece(PieceType::knight)}}},
                     {"castle_short", info.castle_short},
                     {"castle_long", info.castle_long},
                     {"header", std::move(header)},
                     {"copy",
                      {{"white", words.owner_word(Color::white, code)},
                       {"black", words.owner_word(Color::black, code)}}}});
    }
    return out;
  }();
  return table;
}

struct SlotGuard {
  FairSlots& slots;
  ~SlotGuard() { slots.release(); }
};

// The name of an exported PGN: the game's (UTF-8, as the sheet's name is),
// or notera.pgn for a round.
std::string pgn_file_name(const std::vector<std::vector<std::string>>& games) {
  if (games.size() != 1) return "notera.pgn";
  std::string name = games.front().front();
  name = name.substr(0, name.size() - 6);  // ".sheet"
  for (const char* copy : {"-white", "-black"})
    if (games.front().size() == 2 && name.size() > 6 && name.ends_with(copy)) name.resize(name.size() - 6);
  return name + ".pgn";
}

// Content-Disposition for a download of that name (RFC 6266): filename= is
// ASCII, every other character '_' (header values are not UTF-8; a
// browser would read the bytes as Latin-1: "Ã_rÃ¸"), and filename*= the
// name itself, percent-encoded UTF-8 (RFC 8187), which browsers prefer.
std::string attachment(std::string_view name) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string ascii, encoded;
  for (const char ch : name) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x80) {
      if (c >= 0xC0) ascii += '_';  // one for each character, not for each byte
    } else {
      ascii += (c < 0x20 || c == 0x7F || c == '"' || c == '\\') ? '_' : ch;
    }
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       (c < 0x80 && std::string_view("!#$&+-.^_`|~").find(ch) != std::string_view::npos);
    if (plain) {
      encoded += ch;
    } else {
      encoded += '%';
      encoded += hex[c >> 4];
      encoded += hex[c & 0xF];
    }
  }
  return "attachment; filename=\"" + ascii + "\"; filename*=UTF-8''" + encoded;
}

// A sheet's version for ETag and If-Match: a hash of its bytes as the
// workspace reads them (64-bit FNV-1a), quoted as an entity tag.
std::string sheet_etag(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  char text[19];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return "\"" + std::string(text) + "\"";
}

}  // namespace

// ---------------------------------------------------------------- plumbing

bool FairSlots::acquire(std::chrono::milliseconds limit, std::size_t max_waiting) {
  std::unique_lock lock(mutex_);
  if (free_ > 0 && queue_.empty()) {
    --free_;
    return true;
  }
  if (queue_.size() >= max_waiting) return false;
  const auto me = queue_.insert(queue_.end(), Waiter{});
  const bool granted = turn_.wait_for(lock, limit, [&] { return me->granted; });
  queue_.erase(me);
  return granted;
}

void FairSlots::release() {
  std::lock_guard lock(mutex_);
  for (Waiter& w : queue_) {
    if (w.granted) continue;
    w.granted = true;  // its turn: the slot passes to it directly
    turn_.notify_all();
    return;
  }
  ++free_;
}

std::string first_accept_language(std::string_view header) {
  const std::size_t end = header.find_first_of(",;");
  std::string_view first = header.substr(0, end);
  while (!first.empty() && first.front() == ' ') first.remove_prefix(1);
  while (!first.empty() && first.back() == ' ') first.remove_suffix(1);
  return std::string(first);
}

std::string message_language(std::string_view requested) {
  std::string primary;
  for (char c : requested) {
    if (c == '-' || c == '_' || c == '.') break;
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c < 'a' || c > 'z' || primary.size() >= 3) return "en";
    primary += c;
  }
  if (primary == "no") primary = "nb";  // Norwegian without a written standard: bokmål
  const std::vector<std::string>& known = locale::available_languages();
  return std::find(known.begin(), known.end(), primary) != known.end() ? primary : "en";
}

Context& context_for(const std::string& language, Places places) {
  struct Entry {
    GlobalOptions options;
    std::unique_ptr<Context> context;
  };
  // ICU formatters are cheap to share within a thread, not across threads.
  thread_local std::map<std::pair<std::string, Places>, std::unique_ptr<Entry>> cache;
  auto& entry = cache[{language, places}];
  if (!entry) {
    entry = std::make_unique<Entry>();
    entry->options.messages_language = language;
    if (places == Places::boxes) entry->options.renames = places_by_box();
    entry->context = std::make_unique<Context>(entry->options);
  }
  return *entry->context;
}

json parse_body(std::string_view body) {
  if (nested_too_deep(body))
    throw ApiError(400, Message("serve.error.too_deep").with("depth", max_json_depth));
  json j;
  try {
    j = json::parse(body);
  } catch (const json::parse_error& e) {
    throw ApiError(400, Message("serve.error.bad_json").with("byte", static_cast<std::int64_t>(e.byte)));
  }
  if (!j.is_object()) throw ApiError(400, Message("serve.error.not_object"));
  return j;
}

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

ApiResponse json_response(const json& j, int status) {
  ApiResponse r;
  r.status = status;
  r.body = dump(j);
  return r;
}

ApiResponse error_response(int status, const Message& message, Context& context) {
  return json_response({{"error", context.format(message)}}, status);
}

void Api::check_name(std::string_view name) {
  const NameProblem problem = check_sheet_name(name);
  if (problem == NameProblem::none) return;
  // A name with NUL or other control characters is not echoed as it is.
  std::string shown;
  for (char c : name.substr(0, max_name_bytes)) shown += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
  throw ApiError(400, Message("serve.error.bad_name")
                          .with("name", shown)
                          .with("problem", to_string(problem))
                          .with("limit", static_cast<std::int64_t>(max_name_bytes)));
}

// ---------------------------------------------------------------- endpoints

ApiResponse Api::version() const {
  return json_response({{"name", "notera"}, {"version", NOTERA_VERSION}, {"api", 1}});
}

ApiResponse Api::messages(std::string_view language) const {
  const std::string code = message_language(language);
  return json_response({{"language", code}, {"messages", locale::bundle_strings(code, "web.")}});
}

ApiResponse Api::languages() const { return json_response({{"languages", languages_json()}}); }

ApiResponse Api::move(const json& request, Context& context) const {
  const std::string text = required_string(request, "text");
  if (text.size() > max_move_text)
    throw ApiError(400, Message("serve.error.too_long")
                            .with("field", "text")
                            .with("limit", static_cast<std::int64_t>(max_move_text)));
  const Position pos = request_position(request);
  notation::ResolveOptions options;
  options.language = request_language(request);
  notation::Laws laws = notation::default_laws;
  if (const auto it = request.find("laws"); it != request.end() && !it->is_null()) {
    const std::string year = it->is_number_integer() ? std::to_string(it->get<int>())
                             : it->is_string()       ? it->get<std::string>()
                                                     : throw wrong_type("laws", "string");
    const auto parsed = notation::parse_laws(year);
    if (!parsed) throw ApiError(400, Message("cli.unknown_laws").with("laws", year));
    laws = *parsed;
  }
  // The object `notera move --json` prints.
  const notation::MoveJudgement judgement = notation::judge_written_move(pos, text, options, laws);
  return json_response(report::move_report(pos, text, judgement, context.messages()).json);
}

ApiResponse Api::position(const json& request, Context&) const {
  const Position pos = request_position(request);
  const SanStyle style = written_style(request_language(request));
  MoveList legal;
  generate_legal(pos, legal);
  json moves = json::array();
  for (Move m : legal) {
    Position after = pos;
    Undo undo;
    after.do_move(m, undo);
    moves.push_back({{"uci", to_uci(pos, m)},
                     {"san", to_san(pos, m)},
                     {"written", to_san(pos, m, style)},
                     {"fen_after", write_fen(after)}});
  }
  const GameEnd end = game_end(pos, PositionHistory(pos), true);
  return json_response({{"fen", write_fen(pos)},
                        {"turn", side_name(pos.side_to_move())},
                        {"check", pos.in_check()},
                        {"end", end == GameEnd::none ? json(nullptr) : json(std::string(to_string(end)))},
                        {"moves", std::move(moves)}});
}

ApiResponse Api::line(const json& request, Context&) const {
  Position pos = request_position(request);
  const SanStyle style = written_style(request_language(request));
  const json& moves = required_array(request, "moves");
  if (moves.size() > max_line_moves)
    throw ApiError(400, Message("serve.error.too_long")
                            .with("field", "moves")
                            .with("limit", static_cast<std::int64_t>(max_line_moves)));
  json positions = json::array({write_fen(pos)});
  json san = json::array(), written = json::array();
  int ply = 0;
  for (const json& m : moves) {
    ++ply;
    if (!m.is_string()) throw wrong_type("moves", "array");
    const Move move = parse_uci(pos, m.get<std::string>());
    if (move == Move::none())
      throw ApiError(400,
                     Message("serve.error.bad_move").with("move", m.get<std::string>()).with("ply", ply));
    san.push_back(to_san(pos, move));
    written.push_back(to_san(pos, move, style));
    Undo undo;
    pos.do_move(move, undo);
    positions.push_back(write_fen(pos));
  }
  return json_response(
      {{"positions", std::move(positions)}, {"san", std::move(san)}, {"written", std::move(written)}});
}

ApiResponse Api::read(const json& request, Context& context) const {
  const std::string text = required_string(request, "text");
  const scoresheet::Scoresheet sheet =
      scoresheet::read_scoresheet(text, optional_string(request, "name", "sheet"));
  json headers = json::array();
  for (const scoresheet::SheetHeader& h : sheet.headers) {
    json j = {{"key", h.key}, {"raw_key", h.raw_key}, {"value", h.value}, {"language", h.language}};
    j.update(location(h.where));
    headers.push_back(std::move(j));
  }
  json tags = json::object();
  for (const Tag& t : sheet.tags) tags[t.name] = t.value;
  json rows = json::array();
  for (const scoresheet::SheetRow& r : sheet.rows) {
    json j = {{"number", r.number},
              {"number_text", r.number_text},
              {"inferred", r.number_source == scoresheet::NumberSource::inferred},
              {"black_first", r.black_first},
              {"white_clock", clock_text(r.white_clock)},
              {"black_clock", clock_text(r.black_clock)}};
    j.update(location(r.where));
    rows.push_back(std::move(j));
  }
  json cells = json::array(), surplus = json::array();
  for (const scoresheet::SheetCell& c : sheet.cells) cells.push_back(cell_json(c));
  for (const scoresheet::SheetCell& c : sheet.surplus) surplus.push_back(cell_json(c));
  const auto texts = [](const std::vector<scoresheet::SheetText>& list) {
    json out = json::array();
    for (const scoresheet::SheetText& t : list) {
      json j = {{"text", t.text}};
      j.update(location(t.where));
      out.push_back(std::move(j));
    }
    return out;
  };
  json diagnostics = json::array();
  for (const Diagnostic& d : sheet.diagnostics)
    diagnostics.push_back(report::diagnostic_json(d, context.messages()));
  return json_response(
      {{"headers", std::move(headers)},
       {"tags", std::move(tags)},
       {"language", sheet.language},
       {"header_language", sheet.header_language},
       {"copy", sheet.copy_of ? json(side_name(*sheet.copy_of)) : json(nullptr)},
       {"start_fen", sheet.start_fen},
       {"start_number", sheet.start_number},
       {"start_side", side_name(sheet.start_side)},
       {"rows", std::move(rows)},
       {"cells", std::move(cells)},
       {"surplus", std::move(surplus)},
       {"running_text", sheet.running_text},
       {"result_in_moves", sheet.result_in_moves ? json(sheet.result_in_moves->text) : json(nullptr)},
       {"notes", texts(sheet.notes)},
       {"comments", texts(sheet.comments)},
       {"diagnostics", std::move(diagnostics)}});
}

ApiResponse Api::reconstruct(const json& request, Context& context) {
  const json& sheets = required_array(request, "sheets");
  if (sheets.empty() || sheets.size() > 2)
    throw ApiError(
        400, Message("serve.error.sheet_count").with("count", static_cast<std::int64_t>(sheets.size())));
  std::vector<scoresheet::Scoresheet> scoresheets;
  for (const json& s : sheets) {
    if (!s.is_string()) throw wrong_type("sheets", "array");
    scoresheets.push_back(
        scoresheet::read_scoresheet(s.get<std::string>(), "sheet " + std::to_string(scoresheets.size() + 1)));
  }
  reconstruct::ReconstructOptions options = reconstruct_options(request);
  if (const auto it = request.find("time_limit"); it != request.end() && !it->is_null()) {
    if (!it->is_number()) throw wrong_type("time_limit", "number");
    const double ms = it->get<double>();
    if (ms >= 1 && ms < static_cast<double>(options_.time_limit.count()))
      options.time_limit = std::chrono::milliseconds(static_cast<std::int64_t>(ms));
  }
  // A first answer for a person waiting (the page asks for the whole
  // search after it when stats.wider_skipped says a wider one would run).
  options.widen = !optional_bool(request, "quick", false);
  Context& said = request_places(request) == Places::boxes
                      ? context_for(context.messages().language(), Places::boxes)
                      : context;
  const SheetReconstruction run = reconstruct_in_turn(scoresheets, options, said, request_spelling(request));
  // The object `notera reconstruct --json` prints for these sheets (with
  // `--to` for "to").
  return json_response(reconstruction_json(run, scoresheets.size(), said.messages()));
}

reconstruct::ReconstructOptions Api::reconstruct_options(const json& request) const {
  reconstruct::ReconstructOptions options;
  options.language = request_language(request);
  options.time_limit = options_.time_limit;
  return options;
}

SheetReconstruction Api::reconstruct_in_turn(const std::vector<scoresheet::Scoresheet>& sheets,
                                             const reconstruct::ReconstructOptions& options, Context& context,
                                             const MoveSpelling& spelling) {
  if (!slots_.acquire(options_.queue_wait, options_.max_waiting))
    throw ApiError(503, Message("serve.error.busy"));
  SlotGuard guard{slots_};
  return reconstruct_sheets(sheets, options, context.messages(), spelling);
}

ApiResponse Api::list_sheets() const {
  json sheets = json::array();
  std::map<std::string, json> by_name;
  const std::vector<SheetFileInfo> files = workspace_.list();
  for (const SheetFileInfo& f : files) {
    json j = {{"name", f.name}, {"bytes", f.bytes}, {"modified", f.modified_ms}};
    if (const auto text = workspace_.read(f.name))
      j.update(sheet_summary(scoresheet::read_scoresheet(*text, f.name)));
    by_name[f.name] = j;
    sheets.push_back(std::move(j));
  }
  // Games: "<game>-white.sheet" with "<game>-black.sheet" are the two copies
  // of one game; any other sheet is a game of its own.
  json games = json::array();
  for (const SheetFileInfo& f : files) {
    const std::string stem = f.name.substr(0, f.name.size() - 6);
    const bool white = stem.ends_with("-white"), black = stem.ends_with("-black");
    const std::string base = (white || black) ? stem.substr(0, stem.size() - 6) : stem;
    const std::string partner = base + (white ? "-black.sheet" : "-white.sheet");
    json names = json::array();
    if ((white || black) && by_name.count(partner)) {
      if (black) continue;  // listed with White's copy
      names = {f.name, partner};
    } else {
      names = {f.name};
    }
    const json& first = by_name[f.name];
    json game = {{"name", names.size() == 2 ? base : stem},
                 {"sheets", names},
                 {"tags", first.value("tags", json::object())},
                 {"modified", f.modified_ms}};
    if (names.size() == 2)
      game["modified"] = std::max(f.modified_ms, by_name[partner].value("modified", std::int64_t{0}));
    games.push_back(std::move(game));
  }
  return json_response(
      {{"workspace", workspace_.dir().string()}, {"sheets", std::move(sheets)}, {"games", std::move(games)}});
}

ApiResponse Api::get_sheet(std::string_view name) const {
  check_name(name);
  std::optional<std::string> text = workspace_.read(name);
  if (!text) throw ApiError(404, Message("serve.error.no_sheet").with("name", name));
  // A sheet typed elsewhere may be Latin-1 or CP1252: it is served as the
  // reader reads it (UTF-8), so that the page edits the letters and not
  // replacement characters; X-Notera-Encoding says what the file is in (the
  // page saves UTF-8).
  scoresheet::sheet_locale::DecodedText decoded = scoresheet::sheet_locale::decode(*text);
  ApiResponse r;
  r.body = std::move(decoded.text);
  r.content_type = "text/plain; charset=utf-8";
  if (!decoded.encoding.empty()) r.headers.push_back({"X-Notera-Encoding", decoded.encoding});
  r.headers.push_back({"ETag", sheet_etag(*text)});
  return r;
}

ApiResponse Api::put_sheet(std::string_view name, std::string_view text, bool create_only,
                           const std::optional<std::string>& if_match) const {
  check_name(name);
  // A client that read the sheet says which version it changed: a save
  // from a stale copy (another tab saved meanwhile) must not overwrite
  // the newer one. The workspace compares and writes in one step, so that
  // of two saves over the same version at the same moment only one is
  // written.
  Workspace::VersionCheck unchanged;
  if (if_match && *if_match != "*")
    unchanged = [&if_match](const std::optional<std::string>& current) {
      return current && sheet_etag(*current) == *if_match;
    };
  const Workspace::WriteOutcome written = workspace_.write(name, text, create_only, unchanged);
  if (written.stale) throw ApiError(412, Message("serve.error.changed").with("name", name));
  if (written.existed) throw ApiError(412, Message("serve.error.exists").with("name", name));
  if (!written.ok)
    throw ApiError(500, Message("serve.error.io").with("name", name).with("reason", written.error));
  ApiResponse r = json_response({{"name", name}, {"bytes", text.size()}, {"created", written.created}},
                                written.created ? 201 : 200);
  r.headers.push_back({"ETag", sheet_etag(written.now ? *written.now : text)});
  return r;
}

ApiResponse Api::delete_sheet(std::string_view name) const {
  check_name(name);
  std::string error;
  if (!workspace_.remove(name, error)) {
    if (error.empty()) throw ApiError(404, Message("serve.error.no_sheet").with("name", name));
    throw ApiError(500, Message("serve.error.io").with("name", name).with("reason", error));
  }
  return json_response({{"deleted", name}});
}

ApiResponse Api::export_pgn(const json& request, Context& context) {
  const json& names = required_array(request, "names");
  if (names.empty()) throw missing("names");
  if (names.size() > max_export_games)
    throw ApiError(400, Message("serve.error.too_long")
                            .with("field", "names")
                            .with("limit", static_cast<std::int64_t>(max_export_games)));
  // A name is a game of one copy; an array of one or two names, the copies
  // of one game.
  std::vector<std::vector<std::string>> games;
  for (const json& entry : names) {
    std::vector<std::string> copies;
    if (entry.is_string()) {
      copies.push_back(entry.get<std::string>());
    } else if (entry.is_array() && !entry.empty() && entry.size() <= 2) {
      for (const json& n : entry) {
        if (!n.is_string()) throw wrong_type("names", "array");
        copies.push_back(n.get<std::string>());
      }
    } else {
      throw wrong_type("names", "array");
    }
    for (const std::string& n : copies) check_name(n);
    games.push_back(std::move(copies));
  }
  std::vector<std::vector<scoresheet::Scoresheet>> scoresheets;
  for (const auto& copies : games) {
    std::vector<scoresheet::Scoresheet> game;
    for (const std::string& n : copies) {
      const std::optional<std::string> text = workspace_.read(n);
      if (!text) throw ApiError(404, Message("serve.error.no_sheet").with("name", n));
      game.push_back(scoresheet::read_scoresheet(*text, n));
    }
    scoresheets.push_back(std::move(game));
  }
  const reconstruct::ReconstructOptions options = reconstruct_options(request);
  std::string pgn;
  int incomplete = 0;
  for (const auto& game : scoresheets) {
    // One game at a time takes its turn, so a whole round does not hold
    // up the others' reconstructions.
    const SheetReconstruction run = reconstruct_in_turn(game, options, context);
    if (!pgn.empty()) pgn += '\n';
    pgn += run.pgn;
    incomplete += !run.result.complete;
  }
  ApiResponse r;
  r.body = std::move(pgn);
  r.content_type = "application/x-chess-pgn; charset=utf-8";
  r.headers.push_back({"Content-Disposition", attachment(pgn_file_name(games))});
  r.headers.push_back({"X-Notera-Games", std::to_string(games.size())});
  r.headers.push_back({"X-Notera-Incomplete", std::to_string(incomplete)});
  return r;
}

}  // namespace notera::cli::serve
