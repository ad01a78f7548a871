// Which slips real players make: the measurement behind the costs in
// lib/notera/scoresheet/slips.cpp.
//
//   build/bench/notera_bench_hcs_confusions [LABELS] [--passes N] [--beam W] [--built-in] [-v]
//                                           [--writers FILE] [--equal-writers]
//
// LABELS defaults to ../shared/corpus/hcs/labels-even-games.txt. Every page
// is reconstructed on its own; the corrections the reconstruction makes are
// counted by kind over the boxes where that kind could happen (files
// written, captures played, ...), and the costs are set to -ln of those
// frequencies. The counts change the reconstructions, so this is repeated
// (hard EM: reconstruct, count, re-price) until the costs settle. Pages
// whose reconstruction is not complete or costs more than 3 nats per box
// (columns shifted, labels of another game) are left out of the counts.
// Then the games with two pages are reconstructed from each page alone and
// from both together, and the games compared. --writers writes each counted
// page's departures (tests/data/reconstruct/hcs-writers.txt, which the
// corrupted-sheet test draws its writers from). --equal-writers prices the
// departures of both pages alike in the joint game, as before writers were
// weighed by how often each departs (ReconstructOptions::slip_weights).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <string>

#include "hcs.hpp"
#include "notera/core/san.hpp"
#include "notera/reconstruct/reconstruct.hpp"
#include "notera/reconstruct/search.hpp"  // repeated_boxes: which boxes repeat a row up

using namespace notera;

namespace {

// Counts of a character (file, rank or piece letter) meant and written.
struct PairCounts {
  std::map<char, int> meant;                   // how often each character was needed
  std::map<std::pair<char, char>, int> slips;  // (meant, written) -> count
};

struct Tally {
  // opportunities
  int pages = 0, used_pages = 0, complete_pages = 0;
  int boxes = 0, plies = 0, written = 0;
  int captures = 0, non_captures = 0, non_checks = 0, pawn_captures = 0, piece_moves = 0, pawn_moves = 0;
  int castlings = 0, promotions = 0;
  // events
  std::map<reconstruct::SlipKind, int> kinds;
  PairCounts files, ranks, letters;
  int rank_omitted_pawn = 0, rank_omitted_piece = 0;
  int repeated = 0, repeated_skipped = 0;  // boxes that repeat their side's box a row or two up
  int skipped = 0, inserted_blank = 0, inserted_gap = 0, inserted_no_room = 0, misplaced = 0;
  // Per counted page: how its writer's departures spread (writers differ
  // far more than chance would make them).
  struct Writer {
    std::string page;
    int plies = 0, corrections = 0, boxes_missing = 0, moves_forgotten = 0, boxes_passed_over = 0;
  };
  std::vector<Writer> writers;
};

void count(const reconstruct::EvidenceSheet& sheet, const reconstruct::Reconstruction& r, Tally& t) {
  Position pos = r.start;
  for (std::size_t k = 0; k < r.plies.size(); ++k) {
    const reconstruct::ReconstructedPly& p = r.plies[k];
    const Position after = pos.after(p.move);
    ++t.plies;
    const PieceType moved = type_of(pos.piece_on(p.move.from()));
    const bool capture = pos.is_capture(p.move);
    for (const reconstruct::PlyEvidence& e : p.evidence) {
      if (e.cell < 0) {
        // Not on the sheet: did the numbering leave room for it (a box
        // missing) or not (a move forgotten)?
        int claimed = 0;
        for (std::size_t n = k + 1; n < r.plies.size() && !claimed; ++n)
          for (const reconstruct::PlyEvidence& later : r.plies[n].evidence)
            if (later.sheet == e.sheet && later.cell >= 0)
              claimed = sheet.cells[static_cast<std::size_t>(later.cell)].ply;
        (claimed > p.ply ? t.inserted_gap : t.inserted_no_room)++;
        continue;
      }
      if (e.status == reconstruct::PlyStatus::inserted) {
        ++t.inserted_blank;
        continue;
      }
      ++t.written;
      capture ? ++t.captures : ++t.non_captures;
      if (!after.in_check()) ++t.non_checks;
      if (p.move.is_castling()) ++t.castlings;
      if (p.move.promotion() != PieceType::none) ++t.promotions;
      if (moved == PieceType::pawn) {
        ++t.pawn_moves;
        if (capture) ++t.pawn_captures;
      } else {
        ++t.piece_moves;
        t.letters.meant[to_san(pos, p.move)[0]]++;
      }
      if (!p.move.is_castling()) {
        t.files.meant[static_cast<char>('a' + file_of(p.move.to()))]++;
        t.ranks.meant[static_cast<char>('1' + rank_of(p.move.to()))]++;
        if (moved == PieceType::pawn && capture)
          t.files.meant[static_cast<char>('a' + file_of(p.move.from()))]++;
      }
      for (const reconstruct::Slip& s : e.slips) {
        t.kinds[s.kind]++;
        const bool one_char = s.written.size() == 1 && s.meant.size() == 1;
        switch (s.kind) {
          case reconstruct::SlipKind::file:
          case reconstruct::SlipKind::origin_file:
            if (one_char) t.files.slips[{s.meant[0], s.written[0]}]++;
            break;
          case reconstruct::SlipKind::rank:
          case reconstruct::SlipKind::rank_mirrored:
          case reconstruct::SlipKind::origin_rank:
            if (one_char) t.ranks.slips[{s.meant[0], s.written[0]}]++;
            break;
          case reconstruct::SlipKind::piece_letter:
            if (one_char) t.letters.slips[{s.meant[0], s.written[0]}]++;
            break;
          case reconstruct::SlipKind::rank_omitted:
            (moved == PieceType::pawn && capture ? t.rank_omitted_pawn : t.rank_omitted_piece)++;
            break;
          case reconstruct::SlipKind::misplaced: ++t.misplaced; break;
          default: break;
        }
      }
    }
    pos = after;
  }
  const std::vector<std::uint8_t> repeats = reconstruct::search::repeated_boxes(sheet);
  for (const std::uint8_t rep : repeats) t.repeated += rep;
  for (const reconstruct::DroppedCell& d : r.dropped)
    if (d.reason == reconstruct::DropReason::not_played) {
      ++t.skipped;
      if (repeats[static_cast<std::size_t>(d.cell)]) ++t.repeated_skipped;
    }
}

double rounded(double v) { return std::round(std::clamp(v, 0.0, 12.0) * 4.0) / 4.0; }

// -ln(events / opportunities), rounded to a quarter nat; `fallback` when
// there is nothing to count.
float nats(double events, double opportunities, float fallback) {
  if (events <= 0 || opportunities <= 0) return fallback;
  return static_cast<float>(rounded(-std::log(events / opportunities)));
}

// Per pair of characters, symmetric: a pair seen at least three times gets
// -ln(slips of the pair / times either character was needed); the pairs
// seen less often share one pooled cost ("other").
struct PairCost {
  char a, b;
  int seen;
  float cost;
};
struct PairCosts {
  std::vector<PairCost> pairs;  // the pairs seen often enough
  float other = 0.0f;
  int other_seen = 0;
};

PairCosts pair_costs(const PairCounts& c, const std::string& alphabet) {
  PairCosts out;
  double rare_events = 0, rare_opportunities = 0;
  for (std::size_t i = 0; i < alphabet.size(); ++i)
    for (std::size_t j = i + 1; j < alphabet.size(); ++j) {
      const char a = alphabet[i], b = alphabet[j];
      const auto get = [&c](char m, char w) {
        const auto it = c.slips.find({m, w});
        return it == c.slips.end() ? 0 : it->second;
      };
      const auto occ = [&c](char m) {
        const auto it = c.meant.find(m);
        return it == c.meant.end() ? 0 : it->second;
      };
      const int seen = get(a, b) + get(b, a);
      const double opportunities = occ(a) + occ(b);
      if (seen >= 3 && opportunities > 0) {
        out.pairs.push_back(
            PairCost{a, b, seen, static_cast<float>(rounded(-std::log(seen / opportunities)))});
      } else {
        rare_events += seen;
        rare_opportunities += opportunities;
        out.other_seen += seen;
      }
    }
  out.other = static_cast<float>(rounded(-std::log((rare_events + 1) / std::max(1.0, rare_opportunities))));
  for (PairCost& p : out.pairs) p.cost = std::min(p.cost, out.other);
  return out;
}

const std::string file_alphabet = "abcdefgh";
const std::string rank_alphabet = "12345678";
const std::string letter_alphabet = "BKNQR";

reconstruct::SlipCosts derive(const Tally& t, const reconstruct::SlipCosts& base) {
  reconstruct::SlipCosts c = base;
  const auto kind = [&t](reconstruct::SlipKind k) {
    const auto it = t.kinds.find(k);
    return it == t.kinds.end() ? 0 : it->second;
  };
  c.capture_mark_missing =
      nats(kind(reconstruct::SlipKind::capture_mark_missing), t.captures, base.capture_mark_missing);
  c.capture_mark_extra =
      nats(kind(reconstruct::SlipKind::capture_mark_extra), t.non_captures, base.capture_mark_extra);
  c.check_mark_wrong =
      nats(kind(reconstruct::SlipKind::check_mark_wrong), t.non_checks, base.check_mark_wrong);
  c.rank_omitted_pawn = nats(t.rank_omitted_pawn, t.pawn_captures, base.rank_omitted_pawn);
  c.rank_omitted_piece = nats(t.rank_omitted_piece, t.piece_moves, base.rank_omitted_piece);
  c.descriptive_capture =
      nats(kind(reconstruct::SlipKind::descriptive_capture), t.captures, base.descriptive_capture);
  c.pawn_letter = nats(kind(reconstruct::SlipKind::pawn_letter), t.pawn_moves, base.pawn_letter);
  const PairCosts files = pair_costs(t.files, file_alphabet);
  const PairCosts ranks = pair_costs(t.ranks, rank_alphabet);
  const PairCosts letters = pair_costs(t.letters, letter_alphabet);
  for (std::size_t w = 0; w < 8; ++w)
    for (std::size_t m = 0; m < 8; ++m) {
      c.file_slip[w][m] = w == m ? 0.0f : files.other;
      c.rank_slip[w][m] = w == m ? 0.0f : ranks.other;
    }
  for (const PairCost& p : files.pairs) {
    c.file_slip[static_cast<std::size_t>(p.a - 'a')][static_cast<std::size_t>(p.b - 'a')] = p.cost;
    c.file_slip[static_cast<std::size_t>(p.b - 'a')][static_cast<std::size_t>(p.a - 'a')] = p.cost;
  }
  for (const PairCost& p : ranks.pairs) {
    c.rank_slip[static_cast<std::size_t>(p.a - '1')][static_cast<std::size_t>(p.b - '1')] = p.cost;
    c.rank_slip[static_cast<std::size_t>(p.b - '1')][static_cast<std::size_t>(p.a - '1')] = p.cost;
  }
  c.piece_letter_other = letters.other;
  for (auto& row : c.letter_pair) row.fill(letters.other);
  for (const PairCost& p : letters.pairs) {
    c.letter_pair[static_cast<std::size_t>(p.a - 'A')][static_cast<std::size_t>(p.b - 'A')] = p.cost;
    c.letter_pair[static_cast<std::size_t>(p.b - 'A')][static_cast<std::size_t>(p.a - 'A')] = p.cost;
  }
  c.piece_letter_missing =
      nats(kind(reconstruct::SlipKind::piece_letter_missing), t.piece_moves, base.piece_letter_missing);
  c.letter_case =
      nats(kind(reconstruct::SlipKind::letter_case), t.piece_moves + t.pawn_moves, base.letter_case);
  c.promotion_wrong = nats(kind(reconstruct::SlipKind::promotion_piece), t.promotions, base.promotion_wrong);
  c.promotion_missing_queen =
      nats(kind(reconstruct::SlipKind::promotion_missing), t.promotions, base.promotion_missing_queen);
  c.castling_side = nats(kind(reconstruct::SlipKind::castling_side), t.castlings, base.castling_side);
  c.unparsed_base = nats(kind(reconstruct::SlipKind::misspelt), t.written, base.unparsed_base);
  c.skip = nats(t.skipped, t.written + t.skipped, base.skip);
  c.skip_repeated = nats(t.repeated_skipped, t.repeated, base.skip_repeated);
  c.insert_gap = nats(t.inserted_gap, t.plies, base.insert_gap);
  c.insert = nats(t.inserted_no_room, t.plies, base.insert);
  c.misplaced = nats(t.misplaced, t.written, base.misplaced);
  return c;
}

void print_pairs(const char* title, const PairCosts& p, const reconstruct::SlipCosts& built_in,
                 bool letters) {
  std::printf("%s (pairs seen 3 times or more; others pooled):", title);
  for (const PairCost& x : p.pairs) {
    const float b = letters ? built_in.letter_slip(x.a, x.b)
                            : (x.a >= 'a' ? built_in.file_cost(x.a - 'a', x.b - 'a')
                                          : built_in.rank_cost(x.a - '1', x.b - '1'));
    std::printf(" %c/%c %d -> %.2f (built-in %.2f);", x.a, x.b, x.seen, static_cast<double>(x.cost),
                static_cast<double>(b));
  }
  std::printf(" other %d -> %.2f\n", p.other_seen, static_cast<double>(p.other));
}

void print_table(const Tally& t, const reconstruct::SlipCosts& built_in,
                 const reconstruct::SlipCosts& measured) {
  const auto kind = [&t](reconstruct::SlipKind k) {
    const auto it = t.kinds.find(k);
    return it == t.kinds.end() ? 0 : it->second;
  };
  std::printf("\n%-34s %7s %9s %9s %9s\n", "departure", "count", "out of", "measured", "built-in");
  const auto row = [](const char* name, int n, double of, float m, float b) {
    std::printf("%-34s %7d %9.0f %9.2f %9.2f\n", name, n, of, static_cast<double>(m), static_cast<double>(b));
  };
  row("capture mark missing", kind(reconstruct::SlipKind::capture_mark_missing), t.captures,
      measured.capture_mark_missing, built_in.capture_mark_missing);
  row("capture mark extra", kind(reconstruct::SlipKind::capture_mark_extra), t.non_captures,
      measured.capture_mark_extra, built_in.capture_mark_extra);
  row("check mark wrong", kind(reconstruct::SlipKind::check_mark_wrong), t.non_checks,
      measured.check_mark_wrong, built_in.check_mark_wrong);
  row("rank omitted (pawn capture)", t.rank_omitted_pawn, t.pawn_captures, measured.rank_omitted_pawn,
      built_in.rank_omitted_pawn);
  row("rank omitted (piece)", t.rank_omitted_piece, t.piece_moves, measured.rank_omitted_piece,
      built_in.rank_omitted_piece);
  row("descriptive capture (BxN)", kind(reconstruct::SlipKind::descriptive_capture), t.captures,
      measured.descriptive_capture, built_in.descriptive_capture);
  row("pawn letter (Pe4)", kind(reconstruct::SlipKind::pawn_letter), t.pawn_moves, measured.pawn_letter,
      built_in.pawn_letter);
  row("piece letter missing", kind(reconstruct::SlipKind::piece_letter_missing), t.piece_moves,
      measured.piece_letter_missing, built_in.piece_letter_missing);
  row("letter small (bxc5 for Bxc5)", kind(reconstruct::SlipKind::letter_case), t.piece_moves + t.pawn_moves,
      measured.letter_case, built_in.letter_case);
  row("promotion piece wrong", kind(reconstruct::SlipKind::promotion_piece), t.promotions,
      measured.promotion_wrong, built_in.promotion_wrong);
  row("promotion piece missing", kind(reconstruct::SlipKind::promotion_missing), t.promotions,
      measured.promotion_missing_queen, built_in.promotion_missing_queen);
  row("castling side", kind(reconstruct::SlipKind::castling_side), t.castlings, measured.castling_side,
      built_in.castling_side);
  row("text not a move (edit distance)", kind(reconstruct::SlipKind::misspelt), t.written,
      measured.unparsed_base, built_in.unparsed_base);
  row("box not a move of the game", t.skipped, t.written + t.skipped, measured.skip, built_in.skip);
  row("box repeating a row up, not a move", t.repeated_skipped, t.repeated, measured.skip_repeated,
      built_in.skip_repeated);
  row("move without a box, rows missing", t.inserted_gap, t.plies, measured.insert_gap, built_in.insert_gap);
  row("move without a box, no room", t.inserted_no_room, t.plies, measured.insert, built_in.insert);
  row("box in another row/column", t.misplaced, t.written, measured.misplaced, built_in.misplaced);
  std::printf("%-34s %7d %9d\n", "unreadable '?' guessed", kind(reconstruct::SlipKind::unreadable),
              t.written);
  std::printf("\n");
  print_pairs("files", pair_costs(t.files, file_alphabet), built_in, false);
  print_pairs("ranks", pair_costs(t.ranks, rank_alphabet), built_in, false);
  print_pairs("letters", pair_costs(t.letters, letter_alphabet), built_in, true);
}

Tally measure(const std::vector<bench::HcsPage>& pages, const reconstruct::SlipCosts& costs, int beam,
              bool verbose) {
  Tally t;
  reconstruct::ReconstructOptions options;
  options.beam_width = beam;
  options.costs = &costs;
  options.time_limit = std::chrono::milliseconds(20000);
  for (const bench::HcsPage& page : pages) {
    ++t.pages;
    const reconstruct::Reconstruction r = reconstruct_game({page.sheet}, options);
    int boxes = 0;
    for (const reconstruct::EvidenceCell& c : page.sheet.cells)
      if (c.kind == reconstruct::EvidenceKind::move) ++boxes;
    t.boxes += boxes;
    if (r.complete) ++t.complete_pages;
    const double per_box = boxes ? static_cast<double>(r.cost) / boxes : 0.0;
    const bool used = r.complete && per_box <= 3.0;
    if (verbose)
      std::printf("  %-10s %3d boxes %3zu plies cost %6.1f (%.2f/box) %s%s\n", page.sheet.name.c_str(), boxes,
                  r.plies.size(), static_cast<double>(r.cost), per_box,
                  r.complete ? "complete" : "incomplete", used ? "" : "  (not counted)");
    if (!used) continue;
    ++t.used_pages;
    const Tally before = t;
    count(page.sheet, r, t);
    Tally::Writer w;
    w.page = page.sheet.name.substr(page.sheet.name.rfind(' ') + 1);
    w.plies = static_cast<int>(r.plies.size());
    for (const auto& [k, n] : t.kinds) {
      const auto was = before.kinds.find(k);
      w.corrections += n - (was == before.kinds.end() ? 0 : was->second);
    }
    w.boxes_missing = t.inserted_gap - before.inserted_gap;
    w.moves_forgotten = t.inserted_no_room - before.inserted_no_room;
    w.boxes_passed_over = t.skipped - before.skipped;
    if (verbose)
      std::printf(
          "  %-10s %3d plies, %2d corrections, %2d boxes missing, %2d moves forgotten, %d boxes passed "
          "over\n",
          w.page.c_str(), w.plies, w.corrections, w.boxes_missing, w.moves_forgotten, w.boxes_passed_over);
    t.writers.push_back(std::move(w));
  }
  return t;
}

// The design's guesses (docs: design.md "Reconstruction"), where the
// measurement starts: look-alike files c/e, a/g, b/h, d/e and ranks 3/5,
// 1/8, 6/7, 2/7 and mirrored ranks cheaper than other slips.
reconstruct::SlipCosts design_guesses() {
  reconstruct::SlipCosts c = reconstruct::SlipCosts::measured();
  c.capture_mark_missing = 0.5f;
  c.capture_mark_extra = 2.0f;
  c.check_mark_wrong = 1.5f;
  c.rank_omitted_pawn = 1.0f;
  c.rank_omitted_piece = 2.5f;
  c.pawn_letter = 1.0f;
  c.descriptive_capture = 1.0f;
  for (std::size_t w = 0; w < 8; ++w)
    for (std::size_t m = 0; m < 8; ++m) {
      c.file_slip[w][m] = w == m ? 0.0f : 5.5f;
      c.rank_slip[w][m] = w == m ? 0.0f : (w == 7 - m ? 4.0f : 5.5f);
    }
  for (const char* p : {"ce", "ag", "bh", "de"}) {
    c.file_slip[static_cast<std::size_t>(p[0] - 'a')][static_cast<std::size_t>(p[1] - 'a')] = 3.5f;
    c.file_slip[static_cast<std::size_t>(p[1] - 'a')][static_cast<std::size_t>(p[0] - 'a')] = 3.5f;
  }
  for (const char* p : {"35", "18", "67", "27"}) {
    c.rank_slip[static_cast<std::size_t>(p[0] - '1')][static_cast<std::size_t>(p[1] - '1')] = 3.5f;
    c.rank_slip[static_cast<std::size_t>(p[1] - '1')][static_cast<std::size_t>(p[0] - '1')] = 3.5f;
  }
  c.piece_letter_other = 5.0f;
  for (auto& row : c.letter_pair) row.fill(5.0f);
  c.letter_pair['K' - 'A']['R' - 'A'] = c.letter_pair['R' - 'A']['K' - 'A'] = 3.5f;
  c.piece_letter_missing = 4.0f;
  c.letter_case = 2.0f;
  c.castling_side = 4.0f;
  c.unparsed_base = 1.0f;
  c.skip = 5.0f;
  c.insert = 6.0f;
  c.insert_gap = 1.5f;
  c.misplaced = 2.0f;
  return c;
}

std::vector<Move> moves_of(const reconstruct::Reconstruction& r) {
  std::vector<Move> v;
  for (const reconstruct::ReconstructedPly& p : r.plies) v.push_back(p.move);
  return v;
}

int agreement(const std::vector<Move>& single, const std::vector<Move>& joint) {
  int same = 0;
  for (std::size_t k = 0; k < joint.size() && k < single.size(); ++k) same += single[k] == joint[k];
  return same;
}

}  // namespace

int main(int argc, char** argv) {
  std::string path = bench::default_hcs_labels();
  int passes = 2;
  bool verbose = false;
  int beam = reconstruct::ReconstructOptions{}.beam_width;
  bool from_built_in = false;
  std::string writers_path;  // --writers FILE: each page's departures, for the corrupted-sheet test
  bool equal_writers = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--passes") == 0 && i + 1 < argc)
      passes = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--beam") == 0 && i + 1 < argc)
      beam = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--built-in") == 0)
      from_built_in = true;
    else if (std::strcmp(argv[i], "--writers") == 0 && i + 1 < argc)
      writers_path = argv[++i];
    else if (std::strcmp(argv[i], "--equal-writers") == 0)
      equal_writers = true;
    else if (std::strcmp(argv[i], "-v") == 0)
      verbose = true;
    else
      path = argv[i];
  }
  const std::vector<bench::HcsPage> pages = bench::load_hcs_saying(path);
  if (pages.empty()) return 0;

  // Start from the design's guesses, or (--built-in) check the built-in
  // values: a second round should change them little.
  reconstruct::SlipCosts costs = from_built_in ? reconstruct::SlipCosts::measured() : design_guesses();
  Tally t;
  for (int pass = 1; pass <= passes; ++pass) {
    t = measure(pages, costs, beam, verbose && pass == passes);
    std::printf("pass %d: %d of %d pages complete, %d counted (%d plies, %d boxes used)\n", pass,
                t.complete_pages, t.pages, t.used_pages, t.plies, t.written);
    if (pass < passes) costs = derive(t, costs);
  }
  print_table(t, reconstruct::SlipCosts::measured(), derive(t, costs));
  if (!writers_path.empty()) {
    std::ofstream out(writers_path);
    out << "# How the writer of each counted HCS page departs from the game found\n"
           "# (bench/hcs_confusions --built-in --passes 1 --writers FILE).\n"
           "# page plies corrections boxes_missing moves_forgotten boxes_passed_over\n";
    for (const Tally::Writer& w : t.writers)
      out << w.page << ' ' << w.plies << ' ' << w.corrections << ' ' << w.boxes_missing << ' '
          << w.moves_forgotten << ' ' << w.boxes_passed_over << '\n';
    std::printf("%zu writers written to %s\n", t.writers.size(), writers_path.c_str());
  }

  std::printf("\ncorrections per counted page, by kind:");
  for (const auto& [k, n] : t.kinds)
    std::printf(" %s %.2f", std::string(to_string(k)).c_str(),
                static_cast<double>(n) / std::max(1, t.used_pages));
  std::printf("\n");

  // Two copies of one game: each alone, and both together.
  std::map<std::string, std::vector<const bench::HcsPage*>> games;
  for (const bench::HcsPage& p : pages) games[p.game].push_back(&p);
  int pairs = 0, same_games = 0, plies_compared = 0, plies_agree = 0, joint_complete = 0, pages_at_97 = 0;
  reconstruct::ReconstructOptions options;
  options.beam_width = beam;
  // Not cut short by a busy machine: the figures must not depend on load
  // (098_0 alone takes 3 s of the 8 s a real run allows).
  options.time_limit = std::chrono::milliseconds(60000);
  for (const auto& [game, copies] : games) {
    if (copies.size() < 2) continue;
    ++pairs;
    const reconstruct::Reconstruction a = reconstruct_game({copies[0]->sheet}, options);
    const reconstruct::Reconstruction b = reconstruct_game({copies[1]->sheet}, options);
    reconstruct::ReconstructOptions joint = options;
    if (equal_writers) joint.slip_weights = {1.0f, 1.0f};
    const reconstruct::Reconstruction both = reconstruct_game({copies[0]->sheet, copies[1]->sheet}, joint);
    if (both.complete) ++joint_complete;
    const std::vector<Move> ma = moves_of(a), mb = moves_of(b), mj = moves_of(both);
    const std::size_t n = mj.size();
    plies_compared += static_cast<int>(2 * n);
    plies_agree += agreement(ma, mj) + agreement(mb, mj);
    // The measure is per sheet: each page alone on 97% of the plies.
    for (const std::vector<Move>* m : {&ma, &mb})
      pages_at_97 += agreement(*m, mj) >= 0.97 * static_cast<double>(n) ? 1 : 0;
    if (ma == mj && mb == mj) ++same_games;
    std::printf(
        "  game %s: %zu plies together (%s), page 0 alone agrees on %d of them, page 1 on %d;"
        " departures %d and %d, weighed %.2f and %.2f\n",
        game.c_str(), n, both.complete ? "complete" : "incomplete", agreement(ma, mj), agreement(mb, mj),
        both.care[0].departures, both.care[1].departures, static_cast<double>(both.care[0].weight),
        static_cast<double>(both.care[1].weight));
  }
  std::printf(
      "two-page games: %d, complete together: %d, single pages agree with the joint game on %.1f%% of plies; "
      "both single pages give the joint game exactly: %d; pages agreeing on 97%% of plies or more: %d of "
      "%d\n",
      pairs, joint_complete, plies_compared ? 100.0 * plies_agree / plies_compared : 0.0, same_games,
      pages_at_97, 2 * pairs);
  return 0;
}
