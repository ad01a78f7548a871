// More sheets like ../shared/corpus/sheets-dev, for finding failure modes:
// the dev set has 80 cases, too few to show a mode that misses one sheet in
// thirty. This writes corpus games (by default index 100,000 on, away from
// the games the tests use and from the dev set's 200,000-299,999) as .sheet
// files the way the dev set's README describes them: nb, sv, da, de, en or
// fr, a writing style per sheet (short or long form, capture mark x, : or
// none and how often left out, castling 0 or O, check marks left out, mate
// # or ++), a layout (aligned, tabs, compact, running text), about one slip
// per 12 plies (1-8 a sheet, none in the last four plies) of the dev set's
// kinds in its proportions (and, within them, its runs of one to four '-'
// boxes and its boxes left empty against moves not written), and a third
// of the games with both copies.
//
// Only cases that a plain model decides are counted: every slip costs one
// unit (a spelling such as exd, BxN or an English letter half a unit), and
// where notera's game is not the game played, the game played must be
// cheaper than notera's by 0.8 units or more under those costs (each game
// priced alone; a search with flat costs drowns in ties). That is weaker
// than the dev set's reference solver, which compares with every game.
//
//   build/bench/notera_bench_sheets_synth [--games N] [--from INDEX] [--seed S] [--case K] [-v] [--dump DIR]
//                                          [--watch] [--trace] [--widen-from N]
//
// Prints each miss with its cause, as bench/sheets_dev.cpp does, and the
// figures; -v also the plies around each miss, and for each case the
// plain model leaves undecided what notera's own costs make of it (the
// game played against the game found: "search" when the search lost the
// cheaper game played, "model" when notera's costs prefer the other). --dump writes the kept cases as case
// folders (sheet1.sheet, sheet2.sheet, truth.txt) for a closer look. --watch (with --case) follows the game
// played through the search and says on stderr where it is lost.
// --trace: for each miss, the boxes the game found and the game played
// read where they differ, with their prices (bench/trace.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "notera/core/movegen.hpp"
#include "notera/core/san.hpp"
#include "notera/core/uci.hpp"
#include "notera/notation/letters.hpp"
#include "notera/pgn/play.hpp"
#include "notera/reconstruct/evidence.hpp"
#include "notera/reconstruct/move_prior.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "sheets_dev.hpp"
#include "trace.hpp"

using namespace notera;
using namespace notera::reconstruct;
using notera::notation::LanguageInfo;
using notera::notation::LetterTable;

namespace {

// ---------------------------------------------------------------- games

std::vector<std::vector<Move>> corpus_games(std::size_t from, std::size_t count) {
  std::vector<std::vector<Move>> games;
  const std::string command = std::string("xz -dc '") + NOTERA_SHARED + "/corpus/big.pgn.xz' 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return games;
  std::string movetext;
  bool custom = false;
  std::size_t index = 0;  // of the game being read, counting [Event lines
  bool started = false;
  char buffer[4096];
  const auto flush = [&] {
    if (started && index >= from && !custom && !movetext.empty()) {
      pgn::PlayOptions options;
      options.language = LetterTable::english;
      const bool decided = movetext.find("1-0") != std::string::npos ||
                           movetext.find("0-1") != std::string::npos ||
                           movetext.find("1/2-1/2") != std::string::npos;
      const game::Game g = pgn::read_movetext_game(movetext, options);
      const std::size_t n = g.mainline.moves.size();
      if (decided && g.status == game::GameStatus::complete && n >= 32 && n <= 120) {
        std::vector<Move> moves;
        for (const game::GameMove& m : g.mainline.moves) moves.push_back(m.move);
        if (std::find(games.begin(), games.end(), moves) == games.end()) games.push_back(std::move(moves));
      }
    }
    movetext.clear();
    custom = false;
  };
  while (games.size() < count && fgets(buffer, sizeof buffer, pipe)) {
    if (buffer[0] == '[') {
      if (std::strncmp(buffer, "[Event ", 7) == 0) {
        flush();
        if (started) ++index;
        started = true;
      }
      if (std::strncmp(buffer, "[FEN", 4) == 0 || std::strncmp(buffer, "[SetUp", 6) == 0) custom = true;
      continue;
    }
    if (index >= from) movetext += buffer;
  }
  flush();
  pclose(pipe);
  return games;
}

// ---------------------------------------------------------------- writing

struct Style {
  enum Form { short_form, long_form, long_dash } form = short_form;
  double x_omit = 0.0;  // how often the capture mark is left out
  char capture = 'x';
  char castle = '0';
  double check_omit = 0.0;
  std::string mate = "#";
  enum Layout { aligned, tabs, compact, running } layout = aligned;
};

class Writer {
 public:
  explicit Writer(std::uint64_t seed) : rng_(seed) {}
  double uniform() { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_); }
  int below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  template <typename T> const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(below(static_cast<int>(v.size())))];
  }

  Style style() {
    Style s;
    const double f = uniform();
    s.form = f < 0.6 ? Style::short_form : f < 0.8 ? Style::long_form : Style::long_dash;
    const double x = uniform();
    s.x_omit = x < 0.6 ? 0.0 : x < 0.85 ? 0.2 : 1.0;
    s.capture = uniform() < 0.85 ? 'x' : ':';
    s.castle = uniform() < 0.8 ? '0' : 'O';
    const double c = uniform();
    s.check_omit = c < 0.4 ? 0.0 : c < 0.75 ? 0.3 : 1.0;
    const double m = uniform();
    s.mate = m < 0.55 ? "#" : m < 0.9 ? "++" : "+";
    const double l = uniform();
    s.layout = l < 0.55 ? Style::aligned : l < 0.7 ? Style::tabs : l < 0.85 ? Style::compact : Style::running;
    return s;
  }

 private:
  std::mt19937_64 rng_;
};

std::string letter(int language, PieceType t) {
  if (t == PieceType::pawn) {
    const std::string code = LetterTable::instance().language(language).code;
    return code == "en" || code == "fr" ? "P" : "B";
  }
  return LetterTable::instance().language(language).written[static_cast<std::size_t>(index(t))];
}

std::string square_text(Square s) { return std::string{file_char(file_of(s)), rank_char(rank_of(s))}; }

// The move as the style writes it, without marks; `x` whether the capture
// mark is written.
std::string write_move(const Position& pos, Move m, int language, const Style& st, bool x) {
  const LanguageInfo& info = LetterTable::instance().language(language);
  if (m.is_castling()) {
    const bool king_side = Position::castling_side_of(m) == CastlingSide::king_side;
    std::string s = king_side ? "0-0" : "0-0-0";
    if (st.castle == 'O') std::replace(s.begin(), s.end(), '0', 'O');
    return s;
  }
  const PieceType moved = type_of(pos.piece_on(m.from()));
  const bool capture = pos.is_capture(m);
  std::string promo;
  if (m.promotion() != PieceType::none) promo = info.written[static_cast<std::size_t>(index(m.promotion()))];
  const std::string mark = capture && x ? std::string(1, st.capture) : "";
  if (st.form != Style::short_form) {
    const std::string l =
        moved == PieceType::pawn ? "" : info.written[static_cast<std::size_t>(index(moved))];
    const std::string sep = !mark.empty() ? mark : st.form == Style::long_dash ? "-" : "";
    return l + square_text(m.from()) + sep + square_text(m.to()) + promo;
  }
  SanText san;
  write_san_body(pos, m, san, LetterTable::instance().style(language));
  std::string s(san.view());
  // Our own capture mark and promotion form.
  const std::size_t at = s.find('x');
  if (at != std::string::npos) s = s.substr(0, at) + mark + s.substr(at + 1);
  const std::size_t eq = s.find('=');
  if (eq != std::string::npos) s.erase(eq, 1);
  return s;
}

// ---------------------------------------------------------------- slips

struct SlipDone {
  int sheet = 1;
  int ply = 0;
  std::string kind;
  std::string written;
};

// The dev set's kinds in its proportions (README counts over 80 cases).
const std::vector<std::pair<const char*, int>> kind_weights = {
    {"file", 166},       {"rank", 123},      {"descriptive", 61}, {"piece", 59},   {"missing", 57},
    {"crossed_out", 36}, {"pawn_piece", 26}, {"shifted", 24},     {"rankless", 17}};

// Look-alike pairs, meant -> written, as the dev set's slips show them.
const std::vector<std::pair<char, char>> file_pairs = {
    {'e', 'c'}, {'f', 'h'}, {'c', 'e'}, {'d', 'c'}, {'d', 'a'}, {'g', 'a'}, {'b', 'h'},
    {'d', 'e'}, {'e', 'd'}, {'c', 'd'}, {'a', 'g'}, {'h', 'f'}, {'h', 'b'}};
const std::vector<std::pair<char, char>> rank_pairs = {{'4', '5'}, {'5', '3'}, {'6', '3'}, {'5', '4'},
                                                       {'2', '7'}, {'8', '1'}, {'1', '8'}, {'7', '2'},
                                                       {'3', '6'}, {'6', '7'}, {'7', '6'}, {'3', '5'}};

struct Box {
  std::string text;  // without marks
  std::string marks;
  bool dash = false;
};

// Replaces the destination's file or rank character (the last one of its
// kind before any promotion letter); false when the pair does not apply.
bool swap_destination(std::string& text, bool rank, Writer& w) {
  for (int tries = 0; tries < 8; ++tries) {
    const auto& pair = w.pick(rank ? rank_pairs : file_pairs);
    for (std::size_t i = text.size(); i-- > 0;) {
      const char c = text[i];
      const bool is = rank ? (c >= '1' && c <= '8') : (c >= 'a' && c <= 'h');
      if (!is) continue;
      if (c != pair.first) break;
      text[i] = pair.second;
      return true;
    }
  }
  return false;
}

struct Sheet {
  std::string text;
  std::vector<SlipDone> slips;
};

// One copy of the game, with its slips on the plies `slip_plies`.
Sheet write_sheet(const std::vector<Move>& game, int language, const Style& st, Writer& w, int sheet_no,
                  const std::vector<int>& slip_plies, bool header_language) {
  Sheet out;
  std::vector<Box> boxes;
  Position pos = Position::start();
  std::vector<Position> before;
  for (std::size_t k = 0; k < game.size(); ++k) {
    const Move m = game[k];
    before.push_back(pos);
    const bool x = w.uniform() >= st.x_omit;
    Box b;
    b.text = write_move(pos, m, language, st, x);
    Position after = pos;
    Undo undo;
    after.do_move(m, undo);
    if (after.in_check() && w.uniform() >= st.check_omit) b.marks = has_legal_move(after) ? "+" : st.mate;
    boxes.push_back(b);
    pos = after;
  }
  // The slips, latest first so that shifts do not move the plies of the others.
  std::vector<int> plies = slip_plies;
  std::sort(plies.rbegin(), plies.rend());
  int total = 0;
  for (const auto& [k, n] : kind_weights) total += n;
  for (const int ply : plies) {
    const std::size_t k = static_cast<std::size_t>(ply - 1);
    const Position& p = before[k];
    const Move m = game[k];
    const PieceType moved = type_of(p.piece_on(m.from()));
    const bool capture = p.is_capture(m);
    for (int attempt = 0; attempt < 20; ++attempt) {
      int r = w.below(total);
      std::string kind;
      for (const auto& [kk, n] : kind_weights) {
        if (r < n) {
          kind = kk;
          break;
        }
        r -= n;
      }
      Box& b = boxes[k];
      const std::string was = b.text;
      bool done = false;
      if (m.is_castling() && kind != "missing" && kind != "shifted" && kind != "crossed_out") continue;
      if (kind == "file" || kind == "rank") {
        done = swap_destination(b.text, kind == "rank", w);
      } else if (kind == "descriptive") {
        if (capture && !m.is_en_passant()) {
          const PieceType taken = type_of(p.piece_on(m.to()));
          b.text = letter(language, moved) + "x" + letter(language, taken);
          done = true;
        }
      } else if (kind == "piece") {
        if (moved != PieceType::pawn && st.form == Style::short_form && !b.text.empty()) {
          const std::string local = letter(language, moved);
          const std::string english = letter(LetterTable::english, moved);
          std::string repl;
          if (local != english && w.uniform() < 0.7)
            repl = english;
          else if (local == "K" || local == "R")
            repl = local == "K" ? (LetterTable::instance().language(language).code == "en" ? "R" : "T") : "K";
          else if (local == "T")
            repl = "K";
          else if (local == english)
            repl = w.pick(std::vector<std::string>{"K", "R", "B", "Q"});
          if (!repl.empty() && repl != local && b.text.rfind(local, 0) == 0) {
            b.text = repl + b.text.substr(local.size());
            done = true;
          }
        }
      } else if (kind == "pawn_piece") {
        if (moved != PieceType::pawn) {
          const std::string local = letter(language, moved);
          if (b.text.rfind(local, 0) == 0) {
            b.text = b.text.substr(local.size());
            done = true;
          }
        }
      } else if (kind == "rankless") {
        if (moved == PieceType::pawn && capture && st.form == Style::short_form &&
            m.promotion() == PieceType::none) {
          b.text.pop_back();
          done = true;
        }
      } else if (kind == "missing") {
        // Boxes in a row, as the dev set's 57 have them: 25 of one, 22 of
        // two, 3 of three, 7 of four (two rows left empty).
        const double u = w.uniform();
        const int span = u < 25.0 / 57 ? 1 : u < 47.0 / 57 ? 2 : u < 50.0 / 57 ? 3 : 4;
        for (int s = 0; s < span && k + static_cast<std::size_t>(s) + 4 < boxes.size(); ++s) {
          boxes[k + static_cast<std::size_t>(s)] = Box{"-", "", true};
          done = true;
        }
      } else if (kind == "crossed_out") {
        MoveList legal;
        generate_legal(p, legal);
        if (legal.size() > 1) {
          Move other = m;
          while (other == m) other = legal[w.below(legal.size())];
          b.text = "~~" + write_move(p, other, language, st, true) + "~~ " + b.text;
          done = true;
        }
      } else if (kind == "shifted") {
        // Late (a box left empty) or early (a move not written), as the
        // dev set's 24: 17 and 7.
        if (w.uniform() < 17.0 / 24) {
          boxes.insert(boxes.begin() + static_cast<std::ptrdiff_t>(k), Box{"-", "", true});
          kind = "shifted_late";
        } else {
          boxes.erase(boxes.begin() + static_cast<std::ptrdiff_t>(k));
          kind = "shifted_early";
        }
        done = true;
      }
      if (!done) {
        b.text = was;
        continue;
      }
      out.slips.push_back(SlipDone{sheet_no, ply, kind, b.dash ? "-" : b.text});
      break;
    }
  }
  // The text.
  const LanguageInfo& info = LetterTable::instance().language(language);
  std::string& t = out.text;
  t += "# synthetic sheet\n";
  if (header_language) t += "Notation: " + info.code + "\n";
  t += sheet_no == 1 ? "Sheet: white\n" : "Sheet: black\n";
  t += "\n";
  const auto cell = [&](std::size_t i) { return i < boxes.size() ? boxes[i].text + boxes[i].marks : ""; };
  std::string line;
  for (std::size_t i = 0; i < boxes.size(); i += 2) {
    const int number = static_cast<int>(i / 2) + 1;
    const std::string a = cell(i), b = cell(i + 1);
    char buf[128];
    switch (st.layout) {
      case Style::aligned:
        // At least one space after White's box: a crossed-out move beside
        // its replacement is longer than the column, and written flush
        // against Black's box it made one token of two moves
        // ('~~a2a3~~ f2f4d7d5'), which no sheet of the dev set does.
        std::snprintf(buf, sizeof buf, "%-4d%-11s %s\n", number, a.c_str(), b.c_str());
        t += buf;
        break;
      case Style::tabs: t += std::to_string(number) + ".\t" + a + (b.empty() ? "" : "\t" + b) + "\n"; break;
      case Style::compact: t += std::to_string(number) + ". " + a + (b.empty() ? "" : " " + b) + "\n"; break;
      case Style::running: {
        const std::string piece = std::to_string(number) + ". " + a + (b.empty() ? "" : " " + b);
        if (line.size() + piece.size() > 64) {
          t += line + "\n";
          line.clear();
        }
        line += (line.empty() ? "" : " ") + piece;
        break;
      }
    }
  }
  if (!line.empty()) t += line + "\n";
  return out;
}

// ---------------------------------------------------------------- the plain model

SlipCosts plain_costs() {
  SlipCosts c = SlipCosts::measured();
  for (auto& row : c.file_slip) row.fill(1.0f);
  for (auto& row : c.rank_slip) row.fill(1.0f);
  for (int i = 0; i < 8; ++i)
    c.file_slip[static_cast<std::size_t>(i)][static_cast<std::size_t>(i)] =
        c.rank_slip[static_cast<std::size_t>(i)][static_cast<std::size_t>(i)] = 0.0f;
  for (auto& row : c.letter_pair) row.fill(1.0f);
  for (int i = 0; i < 26; ++i) c.letter_pair[static_cast<std::size_t>(i)][static_cast<std::size_t>(i)] = 0.0f;
  c.piece_letter_other = 1.0f;
  c.capture_mark_missing = 0.5f;
  c.capture_mark_extra = 1.0f;
  c.check_mark_wrong = 1.0f;
  c.rank_omitted_pawn = 0.5f;
  c.rank_omitted_piece = 1.0f;
  c.foreign_letter = 0.5f;
  c.foreign_letter_clash = 1.0f;
  c.pawn_letter = 1.0f;
  c.descriptive_capture = 0.5f;
  c.piece_letter_missing = 1.0f;
  c.letter_case = 1.0f;
  c.captured_piece = 1.0f;
  c.castling_side = c.castling_for_king_move = 1.0f;
  c.castling_other = 2.0f;
  c.unparsed_base = 1.0f;
  c.edit_mark = 0.25f;
  c.edit_char = 1.0f;
  c.edit_substitute = 1.0f;
  c.edit_case = 1.0f;
  c.fallback_threshold = 1.5f;
  c.unrecorded_played = 0.5f;
  c.unrecorded_skipped = 1.0f;
  c.skip = 1.0f;
  c.skip_behind = 1.0f;
  c.skip_repeated = 1.0f;
  c.crossed_out_played = 1.0f;
  c.insert = 1.0f;
  c.insert_gap = 1.0f;
  c.insert_after_end = 0.25f;
  c.misplaced = 1.0f;
  c.misplaced_per_ply = 0.0f;
  return c;
}

bool same(const Reconstruction& r, const std::vector<Move>& game) {
  if (r.plies.size() != game.size()) return false;
  for (std::size_t k = 0; k < game.size(); ++k)
    if (r.plies[k].move != game[k]) return false;
  return true;
}

std::vector<int> draw_plies(Writer& w, int plies, int count, const std::vector<int>& avoid) {
  std::vector<int> out;
  for (int tries = 0; static_cast<int>(out.size()) < count && tries < 1000; ++tries) {
    const int p = 1 + w.below(std::max(1, plies - 4));
    bool near = false;
    for (int q : out) near |= std::abs(q - p) < 2;
    for (int q : avoid) near |= q == p;
    if (!near) out.push_back(p);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t count = 240, from = 100000;
  std::uint64_t seed = 2026;
  int only = -1;
  bool verbose = false, watch = false, trace = false;
  int widen_from = reconstruct::ReconstructOptions{}.widen_from_limited_plies;  // --widen-from N
  int beam = reconstruct::ReconstructOptions{}.beam_width;                      // --beam N
  std::string dump;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--games") == 0 && i + 1 < argc)
      count = static_cast<std::size_t>(std::atol(argv[++i]));
    else if (std::strcmp(argv[i], "--from") == 0 && i + 1 < argc)
      from = static_cast<std::size_t>(std::atol(argv[++i]));
    else if (std::strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
      seed = static_cast<std::uint64_t>(std::atoll(argv[++i]));
    else if (std::strcmp(argv[i], "--case") == 0 && i + 1 < argc)
      only = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--dump") == 0 && i + 1 < argc)
      dump = argv[++i];
    else if (std::strcmp(argv[i], "--widen-from") == 0 && i + 1 < argc)
      widen_from = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--beam") == 0 && i + 1 < argc)
      beam = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "-v") == 0)
      verbose = true;
    else if (std::strcmp(argv[i], "--watch") == 0)
      watch = true;
    else if (std::strcmp(argv[i], "--trace") == 0)
      trace = true;
  }
  const std::vector<std::vector<Move>> games = corpus_games(from, count);
  if (games.empty()) {
    std::printf("../shared/corpus/big.pgn.xz not found\n");
    return 0;
  }
  const std::vector<std::string> codes = {"nb", "sv", "da", "de", "en", "fr"};
  const SlipCosts plain = plain_costs();
  int kept = 0, undecided = 0, one_exact = 0, one_cases = 0, two_exact = 0, two_cases = 0;
  int plies = 0, plies_right = 0;
  std::vector<double> ms;
  std::vector<std::pair<double, std::string>> slowest;  // the three slowest cases
  std::map<std::string, std::pair<int, int>> by_kind;
  for (std::size_t g = 0; g < games.size(); ++g) {
    Writer w(seed * 1000003u + g);
    const std::vector<Move>& game = games[g];
    const int n = static_cast<int>(game.size());
    const bool two = w.uniform() < 0.34;
    bench::DevCase c;
    c.name = "synth-" + std::to_string(g);
    c.game = game;
    std::vector<int> used;
    std::vector<std::string> texts;
    for (int s = 1; s <= (two ? 2 : 1); ++s) {
      const int language = LetterTable::instance().language_index(w.pick(codes));
      const Style st = w.style();
      const int slips = std::clamp(static_cast<int>(std::lround(n / 12.0 + (w.uniform() - 0.5) * 3)), 1, 8);
      const std::vector<int> at = draw_plies(w, n, slips, used);
      used.insert(used.end(), at.begin(), at.end());
      const Sheet sheet = write_sheet(game, language, st, w, s, at, w.uniform() < 0.45);
      texts.push_back(sheet.text);
      for (const SlipDone& d : sheet.slips)
        c.slips.push_back(bench::DevSlip{d.sheet, d.ply, d.kind, d.written, ""});
      c.sheets.push_back(
          evidence_of(scoresheet::read_scoresheet(sheet.text, c.name + "/sheet" + std::to_string(s))));
    }
    if (only >= 0 && static_cast<int>(g) != only) continue;
    ReconstructOptions options;
    options.widen_from_limited_plies = widen_from;
    options.beam_width = beam;
    if (watch && only >= 0) options.watch = game;
    const Reconstruction r = reconstruct_game(c.sheets, options);
    if (!same(r, game)) {
      // Decided by the plain model? The game played against the game found,
      // each priced alone (a search with flat costs drowns in ties).
      ReconstructOptions plain_options;
      plain_options.costs = &plain;
      plain_options.prior = &MovePrior::none();
      plain_options.line = game;
      const Reconstruction truth = reconstruct_game(c.sheets, plain_options);
      for (const ReconstructedPly& p : r.plies) plain_options.line.push_back(p.move);
      plain_options.line.erase(plain_options.line.begin(),
                               plain_options.line.begin() + static_cast<std::ptrdiff_t>(game.size()));
      const Reconstruction found = reconstruct_game(c.sheets, plain_options);
      const float found_cost = found.complete ? found.cost : found.cost + 1000.0f;
      if (!truth.complete || truth.cost + 0.8f > found_cost) {
        ++undecided;
        if (verbose) {
          // And by notera's own costs: a search loss or the model's choice.
          const bench::DevOutcome o = bench::evaluate(c, c.sheets, r);
          std::printf(
              "%s: not decided by the plain model (the game played %.2f, the game found %.2f); "
              "notera's costs: played %.2f, found %.2f (%s)\n",
              c.name.c_str(), static_cast<double>(truth.cost), static_cast<double>(found_cost),
              static_cast<double>(o.true_cost), static_cast<double>(o.found_cost), o.search_miss ? "search" : "model");
        }
        continue;
      }
    }
    ++kept;
    if (!dump.empty()) {
      const std::filesystem::path d = std::filesystem::path(dump) / c.name;
      std::filesystem::create_directories(d);
      for (std::size_t s = 0; s < texts.size(); ++s)
        std::ofstream(d / ("sheet" + std::to_string(s + 1) + ".sheet")) << texts[s];
      std::ofstream truth(d / "truth.txt");
      Position pos = Position::start();
      for (Move m : game) {
        truth << to_uci(pos, m) << ' ';
        Undo undo;
        pos.do_move(m, undo);
      }
      truth << '\n';
      for (const auto& s : c.slips)
        truth << s.sheet << ' ' << s.ply << ' ' << s.kind << ' ' << s.written << '\n';
    }
    const bench::DevOutcome o = bench::evaluate(c, c.sheets, r);
    ms.push_back(o.milliseconds);
    slowest.emplace_back(o.milliseconds, c.name);
    std::sort(slowest.rbegin(), slowest.rend());
    if (slowest.size() > 3) slowest.pop_back();
    plies += o.plies;
    plies_right += o.plies_right;
    (two ? two_cases : one_cases)++;
    if (o.exact) {
      (two ? two_exact : one_exact)++;
      continue;
    }
    auto& k = by_kind[o.near ? o.near->kind : "(none)"];
    ++(o.search_miss ? k.first : k.second);
    std::printf("MISS %s %s ply %3d/%-3d right %3d  found %6.2f true %6.2f  %-6s", c.name.c_str(),
                two ? "two" : "one", o.first_wrong, o.plies, o.plies_right, static_cast<double>(o.found_cost),
                static_cast<double>(o.true_cost), o.search_miss ? "search" : "model");
    if (o.near)
      std::printf("  slip %s sheet %d ply %d '%s'", o.near->kind.c_str(), o.near->sheet, o.near->ply,
                  o.near->written.c_str());
    std::printf("  (%.0f ms%s)\n", o.milliseconds,
                r.stats.work_limit   ? ", WORK LIMIT"
                : r.stats.time_limit ? ", TIME LIMIT"
                                     : "");
    if (verbose) {
      for (int p = std::max(1, o.first_wrong - 2); p <= o.first_wrong + 2 && p <= o.plies; ++p) {
        const std::size_t k2 = static_cast<std::size_t>(p - 1);
        std::printf("      ply %3d found %-8s", p, k2 < r.plies.size() ? r.plies[k2].san.c_str() : "(end)");
        if (k2 < r.plies.size())
          for (const PlyEvidence& e : r.plies[k2].evidence)
            std::printf(" '%s'", e.cell < 0 ? "(none)" : e.text.c_str());
        std::printf("\n");
      }
      for (const auto& s : c.slips)
        std::printf("      slip sheet %d ply %d %s '%s'\n", s.sheet, s.ply, s.kind.c_str(),
                    s.written.c_str());
    }
    if (trace) {
      ReconstructOptions priced = options;
      priced.line = game;
      priced.watch.clear();
      bench::print_trace(r, "found", reconstruct_game(c.sheets, priced), "played");
    }
  }
  std::sort(ms.begin(), ms.end());
  std::printf("\nsynthetic: %zu games from index %zu; %d decided by the plain model, %d not\n", games.size(),
              from, kept, undecided);
  std::printf("one copy %d/%d exact, two copies %d/%d exact; plies right %d/%d (%.2f%%)\n", one_exact,
              one_cases, two_exact, two_cases, plies_right, plies, plies ? 100.0 * plies_right / plies : 0.0);
  if (!ms.empty()) {
    std::printf("ms median %.0f, worst %.0f (slowest:", ms[ms.size() / 2], ms.back());
    for (const auto& [t, name] : slowest) std::printf(" %s %.0f", name.c_str(), t);
    std::printf(")\n");
  }
  for (const auto& [kind, n] : by_kind) std::printf("  %-14s %d/%d\n", kind.c_str(), n.first, n.second);
  return 0;
}
