#include "notera/reconstruct/cell_match.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <initializer_list>
#include <limits>
#include <utility>

#include "notera/core/movegen.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/read_move.hpp"
#include "notera/text/normalize.hpp"

namespace notera::reconstruct {

namespace {

// The edit distance reads at most this many characters of each text.
constexpr std::size_t edit_cap = 24;

// One character of the edit distance: `written` where `meant` was meant.
float substitution_price(char written, char meant, const SlipCosts& costs) {
  return written == '?' ? costs.unreadable_char : costs.substitute(written, meant);
}

// More '?' than this in one reading are not expanded (the alphabet to the
// power of their number would be tried); the edit distance takes over.
constexpr int max_expanded_unknowns = 2;

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

// The piece letter notera writes for `type` in `language` ("" for pawns).
std::string_view letter_of(PieceType type, int language) {
  if (type == PieceType::pawn || type == PieceType::none) return {};
  return notation::LetterTable::instance().language(language).written[static_cast<std::size_t>(index(type))];
}

char first_ascii(std::string_view s) {
  return s.size() == 1 && static_cast<unsigned char>(s[0]) < 0x80 ? s[0] : '\0';
}

// The text without marks after the move, for the edit distance, and the
// check the writer marked: a + or # after the move only. A mark inside the
// text ("Dxa+5") is a stray character, priced once by the edit distance,
// not also as a check claimed on a move that gives none.
std::string plain_text(std::string_view text, notation::WrittenCheck& check) {
  std::string s(text);
  check = notation::WrittenCheck::none;
  for (const char* suffix : {"(=)", "e.p.", "ep"}) {
    const std::size_t at = s.rfind(suffix);
    if (at != std::string::npos && at > 0 && at + std::char_traits<char>::length(suffix) == s.size())
      s.erase(at);
  }
  std::string marks;
  while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == ' ')) {
    marks += s.back();
    s.pop_back();
  }
  if (marks.find('#') != std::string::npos || marks.find("++") != std::string::npos)
    check = notation::WrittenCheck::mate;
  else if (marks.find('+') != std::string::npos)
    check = notation::WrittenCheck::check;
  return s;
}

// The price of reading a letter as English: cheap where the letter means
// nothing in the sheet's language, dear where it means another piece there.
float foreign_cost(const SlipCosts& costs, PieceType meaning_here) {
  return meaning_here == PieceType::none ? costs.foreign_letter : costs.foreign_letter_clash;
}

void fill_meanings(CellReading& r, int language) {
  const notation::LetterTable& letters = notation::LetterTable::instance();
  const notation::WrittenMove& w = r.move;
  if (w.piece.present()) {
    // "BxL": in a capture that names the pieces, B (bonde) is the pawn on
    // Norwegian, Danish and Swedish sheets, as it is the pawn taken in "TxB".
    r.piece = w.captured.present() ? letters.taken_meaning(w.piece.letter, language)
                                   : letters.meaning(w.piece.letter, language);
    r.piece_english = letters.meaning(w.piece.letter, notation::LetterTable::english);
    r.letter = std::string(letters.text(w.piece.letter));
  }
  if (w.captured.present()) {
    r.captured = letters.taken_meaning(w.captured.letter, language);
    r.captured_english = letters.meaning(w.captured.letter, notation::LetterTable::english);
  }
  if (w.promotion.present()) {
    r.promotion = letters.meaning(w.promotion.letter, language);
    r.promotion_english = letters.meaning(w.promotion.letter, notation::LetterTable::english);
  }
}

bool try_parse(const std::string& text, int language, CellReading& r) {
  const notation::ReadMoveResult read =
      notation::read_written_move(text, notation::reading_languages(language));
  if (!read.ok) return false;
  // A null move "--" is no evidence for any move.
  if (read.move.kind == notation::WrittenKind::null_move || read.move.kind == notation::WrittenKind::none)
    return false;
  r.parsed = true;
  r.move = read.move;
  r.check = read.move.check;
  fill_meanings(r, language);
  return true;
}

// Characters a '?' may stand for: squares, capture marks, castling, and the
// piece letters of the language and of English.
std::string unknown_alphabet(int language) {
  std::string alphabet = "abcdefgh12345678x-O";
  for (int t = index(PieceType::knight); t <= index(PieceType::king); ++t) {
    for (int lang : {language, static_cast<int>(notation::LetterTable::english)}) {
      const char c = first_ascii(letter_of(static_cast<PieceType>(t), lang));
      if (c && alphabet.find(c) == std::string::npos) alphabet += c;
    }
  }
  return alphabet;
}

// Whether unparsed text names no square and no castling: no file letter,
// no rank, no O, o or 0 ("xyz", "Txx", a scrawl typed as it looks). Its
// letters are chance likenesses: by the edit distance "xyz" reads as a
// capture (the x) and ranks the moves by them, where the box says nothing
// of which move it is.
bool names_nothing(std::string_view plain) {
  bool any_unknown = false;
  for (const char c : plain) {
    if ((c >= 'a' && c <= 'h') || (c >= '0' && c <= '8') || c == 'O' || c == 'o') return false;
    any_unknown |= c == '?';
  }
  return !any_unknown && !plain.empty();
}

// Such text read as an illegible box of its length: every ASCII character
// a '?' but the piece letters (the T of "Txx" still says a rook).
std::string as_illegible(std::string_view plain, std::string_view alphabet) {
  std::string out(plain);
  for (char& c : out) {
    const auto u = static_cast<unsigned char>(c);
    const bool piece_letter = c >= 'A' && c <= 'Z' && alphabet.find(c) != std::string_view::npos;
    if (u < 0x80 && !piece_letter) c = '?';
  }
  return out;
}

void add_reading(PreparedCell& cell, CellReading r) {
  // Keep one reading per distinct syntax (two guesses that read the same).
  for (CellReading& other : cell.readings) {
    if (other.parsed && r.parsed && other.move == r.move && other.piece == r.piece) {
      if (r.cost < other.cost) other = std::move(r);
      return;
    }
  }
  cell.any_parsed |= r.parsed;
  cell.readings.push_back(std::move(r));
}

void read_one(PreparedCell& cell, const std::string& raw, bool one_of_several, int language,
              const SlipCosts& costs) {
  const std::string text = text::normalized(raw);
  CellReading r;
  r.text = text;
  r.one_of_several = one_of_several;
  if (try_parse(text, language, r)) {
    add_reading(cell, std::move(r));
    return;
  }
  std::vector<int> unknowns;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '?') unknowns.push_back(static_cast<int>(i));
  bool found = false;
  if (!unknowns.empty() && unknowns.size() <= static_cast<std::size_t>(max_expanded_unknowns)) {
    const std::string alphabet = unknown_alphabet(language);
    std::array<std::size_t, max_expanded_unknowns> pick{};
    for (;;) {
      CellReading guess;
      guess.text = text;
      guess.one_of_several = one_of_several;
      for (std::size_t k = 0; k < unknowns.size(); ++k) {
        const char c = alphabet[pick[k]];
        guess.text[static_cast<std::size_t>(unknowns[k])] = c;
        guess.guesses.emplace_back(unknowns[k], c);
      }
      guess.cost = costs.unreadable_char * static_cast<float>(unknowns.size());
      if (try_parse(guess.text, language, guess)) {
        guess.plain = plain_text(guess.text, guess.check);
        guess.check = guess.move.check;
        add_reading(cell, std::move(guess));
        found = true;
      }
      std::size_t k = 0;
      while (k < unknowns.size() && ++pick[k] == alphabet.size()) pick[k++] = 0;
      if (k == unknowns.size()) break;
    }
  }
  if (!found) {
    // Not a move: keep the text for the edit distance.
    r.parsed = false;
    r.plain = plain_text(text, r.check);
    if (!unknowns.empty()) r.cost = 0.0f;  // the '?' are priced inside the distance
    if (names_nothing(r.plain)) {
      r.plain = as_illegible(r.plain, unknown_alphabet(language));
      r.scrawl = true;
    }
    if (!r.plain.empty()) add_reading(cell, std::move(r));
  }
}

}  // namespace

namespace {

// The squares of `reach` (ascending prices, each with every square within
// it; empty: every square) read for at most `t`.
Bitboard within(const std::vector<std::pair<float, Bitboard>>& reach, float t) {
  if (reach.empty()) return ~Bitboard{0};
  const auto past =
      std::upper_bound(reach.begin(), reach.end(), t,
                       [](float x, const std::pair<float, Bitboard>& step) { return x < step.first; });
  return past == reach.begin() ? Bitboard{0} : std::prev(past)->second;
}

// Every square with its price, as ascending prices with the squares within
// each (CellReading::to_reach).
std::vector<std::pair<float, Bitboard>> reach_of(const std::array<float, 64>& price) {
  std::array<int, 64> order{};
  for (int sq = 0; sq < 64; ++sq) order[static_cast<std::size_t>(sq)] = sq;
  std::sort(order.begin(), order.end(), [&price](int a, int b) {
    return price[static_cast<std::size_t>(a)] < price[static_cast<std::size_t>(b)];
  });
  std::vector<std::pair<float, Bitboard>> reach;
  Bitboard squares = 0;
  for (const int sq : order) {
    const float c = price[static_cast<std::size_t>(sq)];
    squares |= bb(static_cast<Square>(sq));
    if (!reach.empty() && reach.back().first == c)
      reach.back().second = squares;
    else
      reach.emplace_back(c, squares);
  }
  return reach;
}

// The price of letter `r.letter` read as a piece of type `meant` that it
// does not name (in the sheet's language or in English): the look-alike
// letter slips, each way, or any other wrong letter.
float wrong_letter_cost(const CellReading& r, PieceType meant, int language, const SlipCosts& costs) {
  float value = costs.piece_letter_other;
  const char wc = first_ascii(r.letter);
  if (!wc) return value;
  const char mc = first_ascii(letter_of(meant, language));
  const char ec = first_ascii(letter_of(meant, notation::LetterTable::english));
  if (mc) value = std::min(value, costs.letter_slip(wc, mc));
  if (ec && language != notation::LetterTable::english)
    value = std::min(value, costs.letter_slip(wc, ec) + foreign_cost(costs, r.piece));
  return value;
}

// CellReading's bounds for budget_filter().
void compute_bounds(CellReading& r, int language, const SlipCosts& costs) {
  const notation::WrittenMove& w = r.move;
  constexpr float never = std::numeric_limits<float>::max();
  r.type_cost.fill(never);
  if (w.is_castling()) return;
  // Which pieces can be read from the letter (or its absence).
  const float letter_missing = std::min(costs.piece_letter_missing, costs.letter_case);
  if (w.kind == notation::WrittenKind::piece) {
    for (int ti = index(PieceType::knight); ti <= index(PieceType::king); ++ti) {
      const auto type = static_cast<PieceType>(ti);
      r.type_cost[static_cast<std::size_t>(ti)] = r.piece == type ? 0.0f
                                                  : r.piece_english == type
                                                      ? foreign_cost(costs, r.piece)
                                                      : wrong_letter_cost(r, type, language, costs);
    }
    r.type_cost[static_cast<std::size_t>(index(PieceType::pawn))] =
        r.piece == PieceType::pawn || r.piece_english == PieceType::pawn ? 0.0f : letter_missing;
  } else {
    for (int ti = index(PieceType::knight); ti <= index(PieceType::king); ++ti)
      r.type_cost[static_cast<std::size_t>(ti)] = letter_missing;
    r.type_cost[static_cast<std::size_t>(index(PieceType::pawn))] = 0.0f;
  }
  // Destinations within reach of what is written.
  std::array<float, 64> price{};
  if (w.to_file >= 0) {
    const float omitted = std::min(costs.rank_omitted_pawn, costs.rank_omitted_piece);
    for (int sq = 0; sq < 64; ++sq) {
      const Square square = static_cast<Square>(sq);
      price[static_cast<std::size_t>(sq)] =
          costs.file_cost(w.to_file, file_of(square)) +
          (w.to_rank >= 0 ? costs.rank_cost(w.to_rank, rank_of(square)) : omitted);
    }
    r.to_reach = reach_of(price);
  }
  // Origins, for piece moves with a written departure square (a pawn's
  // departure file may be a small piece letter, so pawns are not bounded).
  if (w.kind == notation::WrittenKind::piece && (w.from_file >= 0 || w.from_rank >= 0)) {
    for (int sq = 0; sq < 64; ++sq) {
      const Square square = static_cast<Square>(sq);
      price[static_cast<std::size_t>(sq)] =
          (w.from_file >= 0 ? costs.file_cost(w.from_file, file_of(square)) : 0.0f) +
          (w.from_rank >= 0 ? costs.rank_cost(w.from_rank, rank_of(square)) : 0.0f);
    }
    r.from_reach = reach_of(price);
  }
}

}  // namespace

PreparedCell prepare_cell(std::string_view text, std::span<const std::string> alternatives, int language,
                          const SlipCosts& costs) {
  PreparedCell cell;
  std::vector<std::string> readings;
  if (!alternatives.empty()) {
    for (const std::string& a : alternatives) readings.push_back(trim(a));
  } else {
    std::size_t start = 0;
    for (;;) {
      const std::size_t bar = text.find('|', start);
      readings.push_back(
          trim(text.substr(start, bar == std::string_view::npos ? std::string_view::npos : bar - start)));
      if (bar == std::string_view::npos) break;
      start = bar + 1;
    }
  }
  std::erase_if(readings, [](const std::string& s) { return s.empty(); });
  const bool several = readings.size() > 1;
  for (const std::string& reading : readings) read_one(cell, reading, several, language, costs);
  for (CellReading& r : cell.readings) {
    if (r.parsed && r.plain.empty()) {
      notation::WrittenCheck ignored;
      r.plain = plain_text(r.text, ignored);
    }
    if (r.parsed) compute_bounds(r, language, costs);
    r.substitution.resize(std::min(r.plain.size(), edit_cap));
    for (std::size_t i = 0; i < r.substitution.size(); ++i)
      for (std::size_t c = 0; c < 128; ++c)
        r.substitution[i][c] = substitution_price(r.plain[i], static_cast<char>(c), costs);
  }
  return cell;
}

float structural_cost(const CellReading& r, const Position& pos, Move m, int language, const SlipCosts& costs,
                      SlipList* why) {
  const notation::WrittenMove& w = r.move;
  const PieceType moved = type_of(pos.piece_on(m.from()));
  const bool capture = pos.is_capture(m);
  float cost = 0.0f;
  // The texts of a slip (what is written, what is meant) are only made when
  // they are asked for (`why`): the search prices millions of moves and
  // asks for none.
  using Texts = std::pair<std::string, std::string>;
  const auto slip = [&](SlipKind kind, float value, auto texts) {
    cost += value;
    if (why) {
      auto [written, meant] = texts();
      why->push_back(Slip{kind, std::string(written), std::string(meant)});
    }
  };
  const auto file_text = [](int f) { return std::string(1, file_char(f)); };
  const auto rank_text = [](int rk) { return std::string(1, rank_char(rk)); };

  // Castling, written or played.
  if (w.is_castling() || m.is_castling()) {
    const auto castle_text = [&](CastlingSide side) {
      const notation::LanguageInfo& info = notation::LetterTable::instance().language(language);
      return side == CastlingSide::king_side ? info.castle_short : info.castle_long;
    };
    if (w.is_castling() && m.is_castling()) {
      const CastlingSide written =
          w.kind == notation::WrittenKind::castle_short ? CastlingSide::king_side : CastlingSide::queen_side;
      const CastlingSide played = Position::castling_side_of(m);
      if (written != played)
        slip(SlipKind::castling_side, costs.castling_side,
             [&] { return Texts(castle_text(written), castle_text(played)); });
      return cost;
    }
    if (w.is_castling()) {
      // 0-0 written for another move: a king move is the likely confusion.
      std::string meant;
      if (why) {
        SanText san;
        write_san_body(pos, m, san, notation::LetterTable::instance().style(language));
        meant = std::string(san.view());
      }
      slip(SlipKind::castling_written,
           moved == PieceType::king ? costs.castling_for_king_move : costs.castling_other,
           [&] { return Texts(r.text, meant); });
      return cost;
    }
    // Castling played, another move written: "Kg1" for 0-0 is a king move to the king's square.
    const Square king_to = pos.king_destination(m);
    const bool king_written = w.kind == notation::WrittenKind::piece &&
                              (r.piece == PieceType::king || r.piece_english == PieceType::king);
    const bool same_square =
        w.to_file == file_of(king_to) && (w.to_rank < 0 || w.to_rank == rank_of(king_to));
    slip(SlipKind::castling_written,
         king_written && same_square ? costs.castling_for_king_move : costs.castling_other,
         [&] { return Texts(r.text, castle_text(Position::castling_side_of(m))); });
    return cost;
  }

  // The piece.
  bool letter_as_file = false;
  if (w.kind == notation::WrittenKind::piece) {
    if (r.piece == moved) {
      // PxP names the pawns on purpose (descriptive capture, priced below).
      if (moved == PieceType::pawn && !w.captured.present())
        slip(SlipKind::pawn_letter, costs.pawn_letter, [&] { return Texts(r.letter, ""); });
    } else if (r.piece_english == moved && language != notation::LetterTable::english) {
      if (moved != PieceType::pawn)
        slip(SlipKind::foreign_letter, foreign_cost(costs, r.piece),
             [&] { return Texts(r.letter, letter_of(moved, language)); });
      else if (!w.captured.present())
        slip(SlipKind::pawn_letter, costs.pawn_letter, [&] { return Texts(r.letter, ""); });
    } else {
      const std::string_view meant = letter_of(moved, language);
      const char wc = first_ascii(r.letter);
      if (moved == PieceType::pawn) {
        // A letter on a pawn move: "Bxc5" for bxc5 is the letter-case slip.
        const bool small_letter =
            wc && std::tolower(static_cast<unsigned char>(wc)) == file_char(file_of(m.from())) &&
            w.from_file < 0;
        slip(small_letter ? SlipKind::letter_case : SlipKind::letter_for_pawn,
             small_letter ? costs.letter_case : costs.piece_letter_missing,
             [&] { return Texts(r.letter, small_letter ? file_text(file_of(m.from())) : ""); });
      } else {
        slip(SlipKind::piece_letter, wrong_letter_cost(r, moved, language, costs),
             [&] { return Texts(r.letter, meant); });
      }
    }
  } else if (moved != PieceType::pawn) {
    // No letter for a piece move. "bxc5" for Bxc5: the letter written small
    // and read as the departure file.
    const char local = first_ascii(letter_of(moved, language));
    const char english = first_ascii(letter_of(moved, notation::LetterTable::english));
    const char from = w.from_file >= 0 ? file_char(w.from_file) : '\0';
    const auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
    if (from && w.from_rank < 0 && ((local && lower(local) == from) || (english && lower(english) == from))) {
      letter_as_file = true;
      slip(SlipKind::letter_case, costs.letter_case,
           [&] { return Texts(std::string(1, from), letter_of(moved, language)); });
    } else {
      slip(SlipKind::piece_letter_missing, costs.piece_letter_missing,
           [&] { return Texts("", letter_of(moved, language)); });
    }
  }

  // The destination.
  const Square to = m.to();
  if (w.to_file >= 0) {
    if (w.to_file != file_of(to))
      slip(SlipKind::file, costs.file_cost(w.to_file, file_of(to)),
           [&] { return Texts(file_text(w.to_file), file_text(file_of(to))); });
    if (w.to_rank >= 0) {
      if (w.to_rank != rank_of(to))
        slip(w.to_rank == 7 - rank_of(to) ? SlipKind::rank_mirrored : SlipKind::rank,
             costs.rank_cost(w.to_rank, rank_of(to)),
             [&] { return Texts(rank_text(w.to_rank), rank_text(rank_of(to))); });
    } else {
      slip(SlipKind::rank_omitted,
           moved == PieceType::pawn && capture ? costs.rank_omitted_pawn : costs.rank_omitted_piece,
           [&] { return Texts("", rank_text(rank_of(to))); });
    }
  } else if (w.captured.present()) {
    // BxN: the piece taken instead of the square.
    const PieceType taken = m.is_en_passant() ? PieceType::pawn : type_of(pos.piece_on(to));
    if (!capture) {
      slip(SlipKind::captured_piece, costs.captured_piece + costs.capture_mark_extra,
           [&] { return Texts(notation::LetterTable::instance().text(w.captured.letter), "nothing"); });
    } else if (r.captured == taken || r.captured_english == taken) {
      slip(SlipKind::descriptive_capture, costs.descriptive_capture, [&] { return Texts(r.text, ""); });
    } else {
      slip(SlipKind::captured_piece, costs.captured_piece, [&] {
        return Texts(notation::LetterTable::instance().text(w.captured.letter), letter_of(taken, language));
      });
    }
  }

  // The origin, as far as written.
  if (w.from_file >= 0 && !letter_as_file && w.from_file != file_of(m.from()))
    slip(SlipKind::origin_file, costs.file_cost(w.from_file, file_of(m.from())) + costs.origin_extra,
         [&] { return Texts(file_text(w.from_file), file_text(file_of(m.from()))); });
  if (w.from_rank >= 0 && w.from_rank != rank_of(m.from()))
    slip(SlipKind::origin_rank, costs.rank_cost(w.from_rank, rank_of(m.from())) + costs.origin_extra,
         [&] { return Texts(rank_text(w.from_rank), rank_text(rank_of(m.from()))); });

  // The capture mark (a descriptive capture has its own).
  if (!w.captured.present()) {
    if (w.capture && !capture)
      slip(SlipKind::capture_mark_extra, costs.capture_mark_extra, [&] { return Texts("x", ""); });
    else if (!w.capture && capture)
      slip(SlipKind::capture_mark_missing, costs.capture_mark_missing, [&] { return Texts("", "x"); });
  }

  // Promotion.
  const PieceType promoted = m.promotion();
  if (promoted != PieceType::none) {
    if (w.promotion.present()) {
      if (r.promotion == promoted) {
      } else if (r.promotion_english == promoted && language != notation::LetterTable::english) {
        slip(SlipKind::foreign_letter, foreign_cost(costs, r.promotion), [&] {
          return Texts(notation::LetterTable::instance().text(w.promotion.letter),
                       letter_of(promoted, language));
        });
      } else {
        slip(SlipKind::promotion_piece, costs.promotion_wrong, [&] {
          return Texts(notation::LetterTable::instance().text(w.promotion.letter),
                       letter_of(promoted, language));
        });
      }
    } else {
      slip(SlipKind::promotion_missing,
           promoted == PieceType::queen ? costs.promotion_missing_queen : costs.promotion_missing_other,
           [&] { return Texts("", letter_of(promoted, language)); });
    }
  } else if (w.promotion.present()) {
    slip(SlipKind::promotion_extra, costs.promotion_extra,
         [&] { return Texts(notation::LetterTable::instance().text(w.promotion.letter), ""); });
  }

  if (w.en_passant && !m.is_en_passant())
    slip(SlipKind::en_passant_mark, costs.en_passant_mark_wrong, [&] { return Texts("e.p.", ""); });
  return cost;
}

float check_mark_cost(const CellReading& r, const Position& after, const SlipCosts& costs, SlipList* why) {
  const bool check = after.in_check();
  switch (r.check) {
    case notation::WrittenCheck::none: return check ? costs.check_mark_missing : 0.0f;
    case notation::WrittenCheck::check:
      if (check) return 0.0f;
      if (why) why->push_back(Slip{SlipKind::check_mark_wrong, "+", "none"});
      return costs.check_mark_wrong;
    case notation::WrittenCheck::mate:
      if (check && !has_legal_move(after)) return 0.0f;
      if (why) why->push_back(Slip{SlipKind::check_mark_wrong, "#", check ? "check" : "none"});
      return check ? costs.check_mark_wrong * 0.5f : costs.check_mark_wrong;
  }
  return 0.0f;
}

namespace {

bool is_mark(char c) {
  return c == 'x' || c == ':' || c == '-' || c == '=' || c == '+' || c == '#' || c == '.' || c == ' ' ||
         c == '(' || c == ')' || c == '/';
}

// The spellings of one move, each put together in place from its parts:
// no allocation (the search spells every move it prices against text that
// is no move). A move has at most ten (five forms, in the sheet's letters
// and in English), well under `most`; a form is a few characters, and the
// edit distance reads at most edit_cap of them.
class Forms {
 public:
  static constexpr std::size_t most = 16, longest = 32;
  static_assert(longest >= edit_cap);

  void add(std::initializer_list<std::string_view> parts) {
    if (count_ == most) return;
    Form& form = forms_[count_++];
    form.size = 0;
    for (const std::string_view part : parts) {
      const std::size_t take = std::min(part.size(), longest - form.size);
      std::copy_n(part.data(), take, form.text.data() + form.size);
      form.size += take;
    }
  }
  std::size_t size() const { return count_; }
  std::string_view operator[](std::size_t i) const { return {forms_[i].text.data(), forms_[i].size}; }

 private:
  struct Form {
    std::array<char, longest> text;
    std::size_t size;
  };
  std::array<Form, most> forms_;
  std::size_t count_ = 0;
};

// A few spellings of `m`: with and without the capture mark and the origin,
// with `letter` for the piece ("" for pawns).
void spellings(const Position& pos, Move m, std::string_view letter, std::string_view promotion_letter,
               Forms& out) {
  const Square from = m.from();
  const Square to = m.is_castling() ? pos.king_destination(m) : m.to();
  const char dest_text[2] = {file_char(file_of(to)), rank_char(rank_of(to))};
  const char origin_text[2] = {file_char(file_of(from)), rank_char(rank_of(from))};
  const std::string_view dest(dest_text, 2), origin(origin_text, 2);
  const std::string_view origin_file = origin.substr(0, 1), origin_rank = origin.substr(1, 1);
  const bool capture = pos.is_capture(m);
  if (m.is_castling()) {
    const bool king_side = Position::castling_side_of(m) == CastlingSide::king_side;
    out.add({king_side ? "0-0" : "0-0-0"});
    out.add({king_side ? "O-O" : "O-O-O"});
    out.add({letter, dest});
    return;
  }
  const std::string_view x = capture ? "x" : "";
  if (!letter.empty()) {
    out.add({letter, dest});
    if (capture) out.add({letter, "x", dest});
    out.add({letter, origin_file, x, dest});
    out.add({letter, origin_rank, x, dest});
    out.add({letter, origin, capture ? "x" : "-", dest});
    return;
  }
  const std::string_view promo = m.promotion() != PieceType::none ? promotion_letter : std::string_view{};
  if (!capture) {
    out.add({dest, promo});
    out.add({origin, dest, promo});
    out.add({origin, "-", dest, promo});
  } else {
    out.add({origin_file, "x", dest, promo});
    out.add({origin_file, dest, promo});
    out.add({origin_file, "x", dest.substr(0, 1)});
    out.add({"x", dest, promo});
  }
}

}  // namespace

bool budget_filter(const PreparedCell& cell, float budget, const SlipCosts& costs, MoveFilter& out) {
  out = MoveFilter{};
  out.piece_types = 0;
  out.from = 0;
  out.to = 0;
  out.castling = false;
  if (cell.certain) return false;  // priced apart (price_cell): every move is tried
  for (const CellReading& r : cell.readings) {
    if (!r.parsed) return false;
    const float t = budget - r.cost;
    if (t < 0.0f) continue;
    const notation::WrittenMove& w = r.move;
    if (w.is_castling()) {
      if (t >= costs.castling_other) return false;
      out.castling = true;
      out.piece_types |= piece_type_bit(PieceType::king);
      out.from = ~Bitboard{0};
      const bool king_moves = t >= costs.castling_for_king_move;
      for (int side = 0; side < 2; ++side)
        for (int f : {2, 6}) out.to |= bb(make_square(f, side == 0 ? 0 : 7));
      if (king_moves) out.to = ~Bitboard{0};
      continue;
    }
    unsigned types = 0;
    for (int ti = index(PieceType::pawn); ti <= index(PieceType::king); ++ti)
      if (r.type_cost[static_cast<std::size_t>(ti)] <= t) types |= piece_type_bit(static_cast<PieceType>(ti));
    out.piece_types |= types;
    if ((types & piece_type_bit(PieceType::king)) &&
        std::min(costs.castling_for_king_move, costs.castling_other) <= t)
      out.castling = true;
    out.to |= within(r.to_reach, t);
    out.from |= within(r.from_reach, t);
  }
  return true;
}

float edit_distance(std::string_view written, std::string_view meant, const SlipCosts& costs) {
  return edit_distance(written, meant, costs, {});
}

float edit_distance(std::string_view written, std::string_view meant, const SlipCosts& costs,
                    std::span<const std::array<float, 128>> substitution, char first_or) {
  constexpr std::size_t cap = edit_cap;
  const std::size_t n = std::min(written.size(), cap), k = std::min(meant.size(), cap);
  const bool looked_up = substitution.size() >= n;
  const auto indel = [&costs](char c) {
    return c == '?' ? costs.unreadable_char : is_mark(c) ? costs.edit_mark : costs.edit_char;
  };
  // Only the (n + 1) x (k + 1) corner is used, each cell written before it
  // is read: no clearing of the whole table (the search asks this of every
  // move of many states).
  std::array<std::array<float, cap + 1>, cap + 1> d;
  std::array<float, cap> drop_meant;  // the price of leaving each character out
  for (std::size_t j = 0; j < k; ++j) drop_meant[j] = indel(meant[j]);
  // `first_or` may stand for meant[0]: every path enters the first column
  // once (by a substitution, an insertion, or a transposition from the
  // column before), so the cheaper of the two on each of those edges gives
  // the distance to the cheaper of the two texts.
  const bool alternative = first_or != '\0' && k > 0;
  if (alternative) drop_meant[0] = std::min(drop_meant[0], indel(first_or));
  d[0][0] = 0.0f;
  for (std::size_t j = 1; j <= k; ++j) d[0][j] = d[0][j - 1] + drop_meant[j - 1];
  if (k == 0) {
    for (std::size_t i = 1; i <= n; ++i) d[i][0] = d[i - 1][0] + indel(written[i - 1]);
    return d[n][0];
  }
  for (std::size_t i = 1; i <= n; ++i) {
    const char a = written[i - 1];
    const float drop_written = indel(a);
    const float* const row = looked_up ? substitution[i - 1].data() : nullptr;
    const auto sub = [&](char b) {
      const auto c = static_cast<unsigned char>(b);
      return row && c < 128 ? row[c] : substitution_price(a, b, costs);
    };
    const std::array<float, cap + 1>& above = d[i - 1];
    std::array<float, cap + 1>& here = d[i];
    // The cell to the left is carried in a register: read back from the
    // table, each cell would wait for the store of the one before.
    float left = above[0] + drop_written;
    here[0] = left;
    // The first column apart: only there may `first_or` stand in, and no
    // transposition ends there.
    float first = sub(meant[0]);
    if (alternative) first = std::min(first, sub(first_or));
    left = std::min(std::min(above[1] + drop_written, left + drop_meant[0]), above[0] + first);
    here[1] = left;
    // A transposition ends at (i, j) when written[i - 2] is meant[j - 1]
    // and `a` is meant[j - 2] (or `first_or` in its place): rare, so
    // tested last.
    const char before = i > 1 ? written[i - 2] : '\0';
    for (std::size_t j = 2; j <= k; ++j) {
      const char b = meant[j - 1];
      float best =
          std::min(std::min(above[j] + drop_written, left + drop_meant[j - 1]), above[j - 1] + sub(b));
      if (i > 1 && before == b && a != b && (a == meant[j - 2] || (j == 2 && alternative && a == first_or)))
        best = std::min(best, d[i - 2][j - 2] + costs.edit_char);
      here[j] = best;
      left = best;
    }
  }
  return d[n][k];
}

float spelling_cost(const CellReading& r, const Position& pos, Move m, int language, const SlipCosts& costs,
                    SlipList* why) {
  Forms forms;
  const PieceType moved = type_of(pos.piece_on(m.from()));
  const std::string_view local = letter_of(moved, language);
  const std::string_view english = letter_of(moved, notation::LetterTable::english);
  const PieceType promoted = m.promotion();
  spellings(pos, m, local, letter_of(promoted, language), forms);
  // A piece's forms all start with its letter: where the English one is
  // another single character, each form's distance is taken with either
  // letter first, at once (half the distances on a local sheet), unless
  // the form that won must be named.
  const bool english_differs = english != local || letter_of(promoted, language) !=
                                                       letter_of(promoted, notation::LetterTable::english);
  const char first_or = english != local && local.size() == 1 && english.size() == 1 && !why &&
                                !m.is_castling() && moved != PieceType::pawn
                            ? english[0]
                            : '\0';
  if (english_differs && first_or == '\0')
    spellings(pos, m, english, letter_of(promoted, notation::LetterTable::english), forms);
  float best = std::numeric_limits<float>::max();
  std::size_t best_form = 0;
  for (std::size_t i = 0; i < forms.size(); ++i) {
    const float d = edit_distance(r.plain, forms[i], costs, r.substitution, first_or);
    if (d < best) {
      best = d;
      best_form = i;
    }
  }
  if (why && forms.size() > 0)
    why->push_back(Slip{SlipKind::misspelt, r.scrawl ? r.text : r.plain, std::string(forms[best_form])});
  return costs.unparsed_base + best;
}

bool answer_departs(const EvidenceCell& c, bool blank_too, const Position& pos, Move m, int language,
                    const SlipCosts& costs) {
  if (!c.certain || c.no_move || c.readings.empty()) return false;
  const auto plain = [](std::string_view text) {
    std::string out;
    for (const char ch : text) {
      if (std::string_view(" \t+#!?x:").find(ch) != std::string_view::npos) continue;
      out += ch == '0' ? 'O' : ch;
    }
    return out;
  };
  const std::string written = plain(c.text);
  if (written.empty() || written == "-") return blank_too;
  if (written == plain(c.readings.front())) return false;
  return !written_spelling(c, pos, m, language, costs);
}

std::optional<CellReading> written_spelling(const EvidenceCell& c, const Position& pos, Move m, int language,
                                            const SlipCosts& costs) {
  PreparedCell as_written = prepare_cell(c.text, c.written_readings, language, costs);
  for (CellReading& r : as_written.readings) {
    if (!r.parsed) continue;
    SlipList why;
    structural_cost(r, pos, m, language, costs, &why);
    if (std::none_of(why.begin(), why.end(), [](const Slip& s) { return is_correction(s.kind); }))
      return std::move(r);
  }
  return std::nullopt;
}

CellPrice price_certain_cell(const PreparedCell& cell, const Position& pos, Move m, int language,
                             const SlipCosts& costs) {
  // Only the move the answer spells; spelling departures (capture and
  // check marks, an English letter, an origin given) are no doubt.
  for (std::size_t i = 0; i < cell.readings.size(); ++i) {
    SlipList why;
    if (!cell.readings[i].parsed) continue;
    structural_cost(cell.readings[i], pos, m, language, costs, &why);
    if (std::none_of(why.begin(), why.end(), [](const Slip& s) { return is_correction(s.kind); }))
      return CellPrice{0.0f, static_cast<std::int16_t>(i), false};
  }
  return CellPrice{certain_miss, -1, false};
}

CellPrice work_out_price(const PreparedCell& cell, const Position& pos, Move m, int language,
                         const SlipCosts& costs, bool use_spelling) {
  CellPrice best;
  best.cost = std::numeric_limits<float>::max();
  bool any_unparsed = false;
  for (std::size_t i = 0; i < cell.readings.size(); ++i) {
    const CellReading& r = cell.readings[i];
    if (r.parsed) {
      const float c = r.cost + structural_cost(r, pos, m, language, costs);
      if (c < best.cost) best = CellPrice{c, static_cast<std::int16_t>(i), false};
    }
    any_unparsed |= !r.parsed;
  }
  if (use_spelling || any_unparsed) {
    for (std::size_t i = 0; i < cell.readings.size(); ++i) {
      const CellReading& r = cell.readings[i];
      if (r.parsed && !use_spelling) continue;
      const float c = r.cost + spelling_cost(r, pos, m, language, costs);
      if (c < best.cost) best = CellPrice{c, static_cast<std::int16_t>(i), true};
    }
  }
  return best;
}

}  // namespace notera::reconstruct
