// Real games written as scoresheets with slips drawn at the HCS rates: the
// generator behind the reconstruction corpus tests
// (tests/scoresheet_reconstruct_corpus_test.cpp, issue 6's test) and the
// ask-curve benchmark (bench/ask_curve.cpp), so that both see the same
// sheets.
//
// The first games of ../shared/corpus/big.pgn.xz are written out in
// Norwegian, German, French and English letters, and slips are drawn box
// by box at the rates the reconstruction prices them with (slips.cpp):
// files and ranks written for one another per pair, wrong and missing piece
// letters, missing capture marks, pawn captures without the rank, boxes
// missing, forgotten moves, extra boxes and garbled text.
#pragma once

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "notera/core/movegen.hpp"
#include "notera/core/san.hpp"
#include "notera/notation/letters.hpp"
#include "notera/pgn/play.hpp"
#include "notera/reconstruct/evidence.hpp"
#include "notera/reconstruct/reconstruct.hpp"

namespace notera::bench {

// The main lines of the first `count` games that start from the standard
// position (a local reading of the movetext: tag lines are skipped).
inline std::vector<std::vector<Move>> first_games(const std::filesystem::path& xz, std::size_t count) {
  std::vector<std::vector<Move>> games;
  const std::string command = "xz -dc '" + xz.string() + "' 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return games;
  std::string movetext;
  bool custom_start = false;
  char buffer[4096];
  const auto flush = [&] {
    if (!movetext.empty() && !custom_start) {
      pgn::PlayOptions options;
      options.language = notation::LetterTable::english;
      const game::Game g = read_movetext_game(movetext, options);
      if (g.status == game::GameStatus::complete && g.mainline.moves.size() >= 20) {
        std::vector<Move> moves;
        for (const game::GameMove& m : g.mainline.moves) moves.push_back(m.move);
        games.push_back(std::move(moves));
      }
    }
    movetext.clear();
    custom_start = false;
  };
  while (games.size() < count && fgets(buffer, sizeof buffer, pipe)) {
    const std::string line(buffer);
    if (line.rfind("[", 0) == 0) {
      if (!movetext.empty()) flush();
      if (line.rfind("[FEN", 0) == 0 || line.rfind("[SetUp", 0) == 0) custom_start = true;
      continue;
    }
    if (line.find_first_not_of(" \t\r\n") == std::string::npos) continue;
    movetext += line;
  }
  flush();
  pclose(pipe);
  if (games.size() > count) games.resize(count);
  return games;
}

// How careless one writer is, against the average HCS writer: factors on
// the rates of the cost model for slips of the pen, boxes missing, moves
// forgotten and boxes that are not moves of the game.
struct Writer {
  double slips = 1.0, boxes_missing = 1.0, moves_forgotten = 1.0, boxes_passed_over = 1.0;
};

// The writers of the HCS pages (`path`: tests/data/reconstruct/hcs-writers.txt, from
// bench/hcs_confusions --writers): each page's rate of each kind of
// departure per ply, divided by the mean of those rates over the pages, so
// that a writer drawn at random departs at the HCS rates on average. The
// rates differ widely: half the pages have no box missing, a few have six
// or more.
inline std::vector<Writer> hcs_writers(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::array<double, 4>> rates;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string page;
    double plies = 0;
    std::array<double, 4> r{};
    fields >> page >> plies >> r[0] >> r[1] >> r[2] >> r[3];
    if (!fields || plies <= 0) continue;
    for (double& x : r) x /= plies;
    rates.push_back(r);
  }
  std::array<double, 4> mean{};
  for (const auto& r : rates)
    for (std::size_t k = 0; k < 4; ++k) mean[k] += r[k] / static_cast<double>(rates.size());
  std::vector<Writer> writers;
  for (const auto& r : rates) {
    const auto factor = [&](std::size_t k) { return mean[k] > 0 ? r[k] / mean[k] : 1.0; };
    writers.push_back(Writer{factor(0), factor(1), factor(2), factor(3)});
  }
  return writers;
}

// Draws slips at the rates of the cost model: a slip that costs c nats
// happens with probability exp(-c), times the writer's factor.
class SlipSampler {
 public:
  // `scale` multiplies every slip rate (1 = the HCS rates).
  SlipSampler(std::uint64_t seed, const reconstruct::SlipCosts& costs, double scale = 1.0)
      : rng_(seed), costs_(costs), scale_(scale) {}

  bool chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < p; }
  int below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  // The character actually written where `meant` is needed, from `alphabet`
  // and the pair costs `cost(written, meant)`.
  template <typename Cost> char write(char meant, const std::string& alphabet, Cost cost) {
    double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng_);
    for (char w : alphabet) {
      if (w == meant) continue;
      u -= scale_ * writer.slips * std::exp(-static_cast<double>(cost(w, meant)));
      if (u < 0) {
        ++slips;
        return w;
      }
    }
    return meant;
  }
  char file(char f) {
    return write(f, "abcdefgh", [this](char w, char m) { return costs_.file_cost(w - 'a', m - 'a'); });
  }
  char rank(char r) {
    return write(r, "12345678", [this](char w, char m) { return costs_.rank_cost(w - '1', m - '1'); });
  }
  char letter(char l, const std::string& letters) {
    return write(l, letters, [this](char w, char m) { return costs_.letter_slip(w, m); });
  }
  // The chance of a slip that costs `cost`, for this writer (`factor`: one
  // of the writer's factors).
  double p(float cost, double factor) const { return scale_ * factor * std::exp(-static_cast<double>(cost)); }
  double p(float cost) const { return p(cost, writer.slips); }

  int slips = 0;
  Writer writer;  // of the sheet being written

 private:
  std::mt19937_64 rng_;
  const reconstruct::SlipCosts& costs_;
  double scale_ = 1.0;
};

// One player's copy of the game, written in `language` with slips.
// `true_plies`, when given, gets for each box the 0-based ply of the game
// it records, -1 for a box that is no move of the game: what a person
// reading the paper would say the box means.
inline reconstruct::EvidenceSheet corrupted_sheet(const std::vector<Move>& game, int language, SlipSampler& s,
                                                  std::vector<int>* true_plies = nullptr) {
  const reconstruct::SlipCosts& c = reconstruct::SlipCosts::measured();
  const notation::LetterTable& table = notation::LetterTable::instance();
  const SanStyle style = table.style(language);
  const SanStyle english = table.style(notation::LetterTable::english);
  std::string letters;
  for (int t = index(PieceType::knight); t <= index(PieceType::king); ++t)
    letters += style.pieces[static_cast<std::size_t>(t)];

  reconstruct::EvidenceSheet sheet;
  sheet.name = "synthetic";
  sheet.language = table.language(language).code;
  Position pos = Position::start();
  int shift = 0;  // forgotten moves: the boxes after them claim earlier plies
  for (std::size_t k = 0; k < game.size(); ++k) {
    const Move m = game[k];
    const int ply = static_cast<int>(k) + 1;
    const Position after = pos.after(m);
    const PieceType moved = type_of(pos.piece_on(m.from()));
    const bool capture = pos.is_capture(m);

    SanText san;
    const bool foreign =
        language != notation::LetterTable::english && moved != PieceType::pawn && s.chance(0.02);
    write_san_body(pos, m, san, foreign ? english : style);
    std::string text(san.view());
    if (!m.is_castling()) {
      // Take the text apart: letter, disambiguation, x, square, promotion.
      std::string letter;
      std::size_t at = 0;
      if (moved != PieceType::pawn) letter = text.substr(0, at = 1);
      std::string promo;
      if (m.promotion() != PieceType::none) {
        promo = text.substr(text.size() - 1);
        text.pop_back();
        if (!text.empty() && text.back() == '=') text.pop_back();
      }
      std::string square = text.substr(text.size() - 2);
      std::string middle = text.substr(at, text.size() - 2 - at);
      const bool x = !middle.empty() && middle.back() == 'x';
      if (x) middle.pop_back();
      // Slips, each at its measured rate.
      if (!letter.empty()) {
        if (s.chance(s.p(c.piece_letter_missing))) {
          letter.clear();
          ++s.slips;
        } else if (letter.size() == 1 && letters.find(letter[0]) != std::string::npos) {
          letter[0] = s.letter(letter[0], letters);
        }
      }
      for (char& ch : middle)
        ch = ch >= 'a' && ch <= 'h' ? s.file(ch) : ch >= '1' && ch <= '8' ? s.rank(ch) : ch;
      square[0] = s.file(square[0]);
      square[1] = s.rank(square[1]);
      if (moved == PieceType::pawn && capture && s.chance(s.p(c.rank_omitted_pawn))) square.pop_back();
      const bool keep_x = x && !s.chance(s.p(c.capture_mark_missing));
      text = letter + middle + (keep_x ? "x" : "") + square + promo;
    } else if (s.chance(s.p(c.castling_side))) {
      text = text.size() > 3 ? "0-0" : "0-0-0";
      ++s.slips;
    }
    if (after.in_check() && s.chance(0.6)) text += has_legal_move(after) ? "+" : "#";
    if (s.chance(s.p(c.unparsed_base))) {
      // Garbled: a character lost or one too many.
      const std::string extra = "x+-?";
      if (text.size() > 2 && s.chance(0.5))
        text.erase(static_cast<std::size_t>(s.below(static_cast<int>(text.size()))), 1);
      else
        text.insert(static_cast<std::size_t>(s.below(static_cast<int>(text.size()) + 1)), 1,
                    extra[static_cast<std::size_t>(s.below(static_cast<int>(extra.size())))]);
      ++s.slips;
    }

    if (s.chance(s.p(c.insert, s.writer.moves_forgotten))) {
      // Forgotten: the boxes after it move up one ply.
      ++shift;
      ++s.slips;
    } else if (s.chance(s.p(c.insert_gap, s.writer.boxes_missing))) {
      ++s.slips;  // its box is missing, the numbering goes on
    } else {
      if (s.chance(s.p(c.skip, s.writer.boxes_passed_over))) {
        // A box that is not a move of the game: another move of the position.
        MoveList legal;
        generate_legal(pos, legal);
        reconstruct::EvidenceCell extra;
        extra.text = to_san(pos, legal[s.below(legal.size())], style);
        extra.ply = ply - shift;
        sheet.cells.push_back(extra);
        if (true_plies) true_plies->push_back(-1);
        ++s.slips;
      }
      reconstruct::EvidenceCell cell;
      cell.text = text;
      cell.ply = ply - shift;
      cell.where = SourceLocation{(ply - shift + 1) / 2 + 10, ply % 2 ? 4 : 14};
      sheet.cells.push_back(cell);
      if (true_plies) true_plies->push_back(static_cast<int>(k));
    }
    pos = after;
  }
  return sheet;
}

inline bool same_game(const reconstruct::Reconstruction& r, const std::vector<Move>& game) {
  if (r.plies.size() != game.size()) return false;
  for (std::size_t k = 0; k < game.size(); ++k)
    if (r.plies[k].move != game[k]) return false;
  return true;
}

// The position of `game` before its ply `index` (0-based).
inline Position position_before(const std::vector<Move>& game, std::size_t index) {
  Position pos = Position::start();
  for (std::size_t k = 0; k < index; ++k) pos = pos.after(game[k]);
  return pos;
}

// The oracle's answer in box `cell` of `sheet`, drawn by corrupted_sheet()
// with `true_ply` the ply that box records (-1: none): the move the writer
// meant, in the sheet's letters, or "--" for a box that is no move.
inline void answer_true_move(reconstruct::EvidenceSheet& sheet, int cell, int true_ply,
                             const std::vector<Move>& game) {
  reconstruct::EvidenceCell& box = sheet.cells[static_cast<std::size_t>(cell)];
  if (true_ply < 0) {
    reconstruct::answer_box(box, "--");
    return;
  }
  const Position pos = position_before(game, static_cast<std::size_t>(true_ply));
  const notation::LetterTable& table = notation::LetterTable::instance();
  const int language = table.language_index(sheet.language);
  box.text = box.text.empty() ? "-" : box.text;
  reconstruct::answer_box(box, to_san(pos, game[static_cast<std::size_t>(true_ply)],
                                      table.style(language < 0 ? notation::LetterTable::english : language)));
}

}  // namespace notera::bench
