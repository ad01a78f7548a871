#include "notera/notation/systems.hpp"

#include <algorithm>
#include <vector>

#include "notera/core/game_state.hpp"
#include "notera/locale/bundle.hpp"
#include "notera/notation/letters.hpp"

namespace notera::notation {

namespace {

constexpr PieceType word_types[6] = {PieceType::king,   PieceType::queen,  PieceType::rook,
                                     PieceType::bishop, PieceType::knight, PieceType::pawn};

// The files of the pieces' start squares: the file names of descriptive.
std::uint8_t files_of(PieceType t) {
  switch (t) {
    case PieceType::king: return 1u << 4;
    case PieceType::queen: return 1u << 3;
    case PieceType::bishop: return (1u << 2) | (1u << 5);
    case PieceType::knight: return (1u << 1) | (1u << 6);
    case PieceType::rook: return (1u << 0) | (1u << 7);
    default: return 0;
  }
}
constexpr std::uint8_t king_half = 0xF0;
constexpr std::uint8_t queen_half = 0x0F;

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         static_cast<unsigned char>(c) >= 0x80;
}
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

struct Word {
  std::string text;
  int value;
};

void sort_longest_first(std::vector<Word>& words) {
  std::stable_sort(words.begin(), words.end(),
                   [](const Word& a, const Word& b) { return a.text.size() > b.text.size(); });
}

// The words of one descriptive language (from its bundle).
struct DescriptiveWords {
  std::vector<Word> letters;  // value: PieceType
  std::string written[7];     // by PieceType: the letter notera writes
  std::string side_king, side_queen;
  bool rank_first = false;    // Spanish P4R
  std::vector<Word> castles;  // value: 0 short, 1 long, 2 either
  std::vector<Word> checks;   // value: 1 check, 2 mate
  std::vector<Word> en_passant;
  std::vector<Word> results;  // value: 0 resigns, 1 drawn
  std::string check_word, mate_word, en_passant_word;
  std::string discovered_word, double_word;  // as books print them: dis ch, dbl ch
};

// Announced words (FIDE Appendix D.2.1).
struct AnnouncedWords {
  std::vector<Word> files, ranks, pieces, castles, captures, checks;
  std::string file_written[8], rank_written[8], piece_written[7], castle_written[2];
};

DescriptiveWords load_descriptive(const char* bundle_name) {
  const locale::Bundle bundle(bundle_name);
  DescriptiveWords w;
  for (int i = 0; i < 6; ++i) {
    const auto letters = bundle.strings("descriptive." + std::string(name_of(word_types[i])));
    for (const std::string& l : letters) w.letters.push_back({l, static_cast<int>(word_types[i])});
    if (!letters.empty()) w.written[index(word_types[i])] = letters.front();
  }
  w.side_king = w.written[index(PieceType::king)];
  w.side_queen = w.written[index(PieceType::queen)];
  w.rank_first = bundle.string("descriptive.order").value_or("dash") == "rank-file";
  const char* castle_keys[3] = {"descriptive.castle_short", "descriptive.castle_long",
                                "descriptive.castle_either"};
  for (int i = 0; i < 3; ++i)
    for (const std::string& s : bundle.strings(castle_keys[i])) w.castles.push_back({s, i});
  for (const std::string& s : bundle.strings("descriptive.check")) w.checks.push_back({s, 1});
  for (const std::string& s : bundle.strings("descriptive.mate")) w.checks.push_back({s, 2});
  for (const std::string& s : bundle.strings("descriptive.discovered_check")) w.checks.push_back({s, 3});
  for (const std::string& s : bundle.strings("descriptive.double_check")) w.checks.push_back({s, 4});
  for (const std::string& s : bundle.strings("descriptive.en_passant")) w.en_passant.push_back({s, 0});
  for (const std::string& s : bundle.strings("descriptive.resigns")) w.results.push_back({s, 0});
  for (const std::string& s : bundle.strings("descriptive.drawn")) w.results.push_back({s, 1});
  for (const std::string& s : bundle.strings("descriptive.white_resigns")) w.results.push_back({s, 2});
  for (const std::string& s : bundle.strings("descriptive.black_resigns")) w.results.push_back({s, 3});
  auto first = [&bundle](const char* key, const char* otherwise) {
    const auto list = bundle.strings(key);
    return list.empty() ? std::string(otherwise) : list.front();
  };
  w.check_word = first("descriptive.check", "ch");
  w.discovered_word = first("descriptive.discovered_check", w.check_word.c_str());
  w.double_word = first("descriptive.double_check", w.check_word.c_str());
  w.mate_word = first("descriptive.mate", "mate");
  w.en_passant_word = first("descriptive.en_passant", "e.p.");
  sort_longest_first(w.letters);
  sort_longest_first(w.castles);
  sort_longest_first(w.checks);
  sort_longest_first(w.en_passant);
  sort_longest_first(w.results);
  return w;
}

// One bundle's announced words, added to `w` (the first words written are
// those of the first bundle added).
void add_announced(const locale::Bundle& bundle, AnnouncedWords& w) {
  for (int f = 0; f < 8; ++f) {
    const auto files = bundle.strings(std::string("announced.file.") + static_cast<char>('a' + f));
    for (const std::string& s : files) w.files.push_back({s, f});
    if (!files.empty() && w.file_written[f].empty()) w.file_written[f] = files.front();
    const auto ranks = bundle.strings(std::string("announced.rank.") + static_cast<char>('1' + f));
    for (const std::string& s : ranks) w.ranks.push_back({s, f});
    if (!ranks.empty() && w.rank_written[f].empty()) w.rank_written[f] = ranks.front();
  }
  for (int i = 0; i < 6; ++i) {
    const auto words = bundle.strings("announced." + std::string(name_of(word_types[i])));
    for (const std::string& s : words) w.pieces.push_back({s, static_cast<int>(word_types[i])});
    if (!words.empty() && w.piece_written[index(word_types[i])].empty())
      w.piece_written[index(word_types[i])] = words.front();
  }
  const auto short_words = bundle.strings("announced.castle_short");
  const auto long_words = bundle.strings("announced.castle_long");
  for (const std::string& s : short_words) w.castles.push_back({s, 0});
  for (const std::string& s : long_words) w.castles.push_back({s, 1});
  if (!short_words.empty() && w.castle_written[0].empty()) w.castle_written[0] = short_words.front();
  if (!long_words.empty() && w.castle_written[1].empty()) w.castle_written[1] = long_words.front();
  for (const std::string& s : bundle.strings("announced.capture")) w.captures.push_back({s, 0});
  for (const std::string& s : bundle.strings("announced.check")) w.checks.push_back({s, 1});
  for (const std::string& s : bundle.strings("announced.mate")) w.checks.push_back({s, 2});
  for (auto* list : {&w.files, &w.ranks, &w.pieces, &w.castles, &w.captures, &w.checks})
    sort_longest_first(*list);
}

// Every bundle that has its own announced words (Appendix D.2.1 lets
// federations use theirs, e.g. the Danish Bodil, Cecilie, et, to, tre).
std::vector<std::string> announced_languages() {
  std::vector<std::string> codes;
  for (const std::string& code : locale::available_languages())
    if (code != "root" && !locale::Bundle(code).own_strings("announced.file.a").empty())
      codes.push_back(code);
  return codes;
}

// What is read: the Laws' words and every national list.
AnnouncedWords load_announced() {
  AnnouncedWords w;
  add_announced(locale::Bundle("root"), w);
  for (const std::string& code : announced_languages()) add_announced(locale::Bundle(code), w);
  return w;
}

// What is written in `language`: its own list where it has one, else the Laws'.
AnnouncedWords load_announced(const std::string& language) {
  AnnouncedWords w;
  const locale::Bundle bundle(language);
  if (!bundle.own_strings("announced.file.a").empty()) add_announced(bundle, w);
  add_announced(locale::Bundle("root"), w);
  return w;
}

const DescriptiveWords& english_words() {
  static const DescriptiveWords words = load_descriptive("root");
  return words;
}
const DescriptiveWords& spanish_words() {
  static const DescriptiveWords words = load_descriptive("es");
  return words;
}
const AnnouncedWords& announced_words() {
  static const AnnouncedWords words = load_announced();
  return words;
}
const AnnouncedWords& laws_announced_words() {
  static const AnnouncedWords words = load_announced(std::string("root"));
  return words;
}
const DescriptiveWords& descriptive_words(System s) {
  return s == System::descriptive_es ? spanish_words() : english_words();
}

// A cursor over the text that lets blanks separate the parts of a move.
struct Cursor {
  std::string_view text;
  std::size_t pos = 0;

  bool done() const { return pos >= text.size(); }
  char peek(std::size_t ahead = 0) const { return pos + ahead < text.size() ? text[pos + ahead] : '\0'; }
  void skip_blanks() {
    while (!done() && is_blank(text[pos])) ++pos;
  }
  // After blanks (without moving).
  std::size_t after_blanks() const {
    std::size_t p = pos;
    while (p < text.size() && is_blank(text[p])) ++p;
    return p;
  }
  bool at_boundary() const { return done() || !is_alnum(text[pos]); }
  // A dash: '-', en dash, em dash, minus sign.
  bool dash() {
    if (peek() == '-') return ++pos, true;
    const std::string_view rest = text.substr(pos);
    for (std::string_view d : {"\u2013", "\u2014", "\u2212", "\u2010", "\u2011"})
      if (rest.substr(0, d.size()) == d) return pos += d.size(), true;
    return false;
  }
  // A capture mark: x, X between pieces, ':', the multiplication sign.
  bool capture_mark() {
    if (peek() == 'x' || peek() == ':') return ++pos, true;
    if (text.substr(pos, 2) == "\u00D7") return pos += 2, true;
    return false;
  }
  bool one(char c) {
    if (peek() != c) return false;
    ++pos;
    return true;
  }
  // A word of the list (longest first), case-sensitive or not; a word that
  // ends in a letter must end there (not "Kt" in "Ktx"? yes: next is x).
  // Blanks and dashes inside a listed word match blanks and any dash.
  const Word* word(const std::vector<Word>& words, bool fold_case, bool whole) {
    for (const Word& w : words) {
      Cursor c = *this;
      bool ok = true;
      for (std::size_t i = 0; i < w.text.size() && ok; ++i) {
        const char want = w.text[i];
        if (want == ' ') {
          if (c.done() || !is_blank(c.peek())) ok = false;
          c.skip_blanks();
        } else if (want == '-') {
          c.skip_blanks();
          ok = c.dash();
          c.skip_blanks();
        } else if (c.done()) {
          ok = false;
        } else if (fold_case ? lower(c.peek()) == lower(want) : c.peek() == want) {
          ++c.pos;
        } else {
          ok = false;
        }
      }
      if (!ok) continue;
      if (whole && is_alnum(w.text.back()) && !c.at_boundary()) continue;
      pos = c.pos;
      return &w;
    }
    return nullptr;
  }
  bool digit(int& value) {
    const char c = peek();
    if (c < '1' || c > '8') return false;
    if (pos + 1 < text.size() && text[pos + 1] >= '0' && text[pos + 1] <= '9') return false;
    value = c - '1';
    ++pos;
    return true;
  }
};

// A descriptive designator: up to three letters ("QKtP", "KR", "B").
struct Designator {
  PieceType type = PieceType::none;
  std::int8_t side = -1;      // pieces: 1 king's side, 0 queen's side
  std::uint8_t files = 0xFF;  // pawns: the file(s) named; file names: the file(s)
};

// Reads letters (blanks between them allowed when `blanks`) and keeps the
// longest prefix that `accept` takes; the cursor ends after it.
template <typename Accept>
bool read_letters(Cursor& c, const DescriptiveWords& w, bool blanks, int max_letters, Accept accept,
                  Designator& out) {
  PieceType letters[3];
  std::size_t ends[3];
  int n = 0;
  Cursor probe = c;
  while (n < max_letters) {
    Cursor next = probe;
    if (n > 0 && blanks) next.skip_blanks();
    const Word* word = next.word(w.letters, false, false);
    if (!word) break;
    letters[n] = static_cast<PieceType>(word->value);
    ends[n] = next.pos;
    ++n;
    probe = next;
  }
  for (int k = n; k > 0; --k) {
    if (accept(letters, k, out)) {
      c.pos = ends[k - 1];
      return true;
    }
  }
  return false;
}

std::int8_t side_of(PieceType t) {
  if (t == PieceType::king) return 1;
  if (t == PieceType::queen) return 0;
  return -1;
}

// A file name: K, Q, KB, B (English); R, D, AR, A (Spanish).
bool file_name(const PieceType* l, int n, bool side_first, Designator& out) {
  if (n == 1) {
    const std::uint8_t f = files_of(l[0]);
    if (!f) return false;
    out.files = f;
    return true;
  }
  if (n == 2) {
    const PieceType side = side_first ? l[0] : l[1];
    const PieceType piece = side_first ? l[1] : l[0];
    const std::int8_t s = side_of(side);
    if (s < 0 || side_of(piece) >= 0 || !files_of(piece)) return false;
    out.files = files_of(piece) & (s ? king_half : queen_half);
    return true;
  }
  return false;
}

// A piece as named in a move: "P", "QBP", "BP", "KR", "Kt", "Q".
bool piece_name(const PieceType* l, int n, bool side_first, Designator& out) {
  out = Designator{};
  if (l[n - 1] == PieceType::pawn && side_first) {
    out.type = PieceType::pawn;
    if (n == 1) return true;
    Designator file;
    if (!file_name(l, n - 1, side_first, file)) return false;
    out.files = file.files;
    return true;
  }
  if (!side_first && l[0] == PieceType::pawn) {
    out.type = PieceType::pawn;
    if (n == 1) return true;
    Designator file;
    if (!file_name(l + 1, n - 1, side_first, file)) return false;
    out.files = file.files;
    return true;
  }
  if (n == 1) {
    out.type = l[0];
    return true;
  }
  if (n == 2) {
    const PieceType side = side_first ? l[0] : l[1];
    const PieceType piece = side_first ? l[1] : l[0];
    const std::int8_t s = side_of(side);
    if (s < 0 || side_of(piece) >= 0 || piece == PieceType::pawn) return false;
    out.type = piece;
    out.side = s;
    return true;
  }
  return false;
}

// Blanks may separate the letters of the moving piece ("K R - Kt 1"), not
// of the piece taken: "BxN P-Q4" is a capture of a knight, then a move.
bool read_piece(Cursor& c, const DescriptiveWords& w, Designator& out, bool blanks = true) {
  const bool side_first = !w.rank_first;
  return read_letters(
      c, w, side_first && blanks, 3,
      [side_first](const PieceType* l, int n, Designator& d) { return piece_name(l, n, side_first, d); },
      out);
}

bool read_file(Cursor& c, const DescriptiveWords& w, Designator& out) {
  const bool side_first = !w.rank_first;
  return read_letters(
      c, w, side_first, 2,
      [side_first](const PieceType* l, int n, Designator& d) { return file_name(l, n, side_first, d); }, out);
}

// A square: "KB3", "Q B 4" (English); "3AR" (Spanish). Either part may be
// missing when `partial` ("(2)", "(K)").
bool read_square(Cursor& c, const DescriptiveWords& w, std::uint8_t& files, std::int8_t& rank, bool partial) {
  Cursor t = c;
  Designator f;
  int r = -1;
  bool has_file = false, has_rank = false;
  if (w.rank_first) {
    has_rank = t.digit(r);
    has_file = read_file(t, w, f);
  } else {
    has_file = read_file(t, w, f);
    if (has_file) t.skip_blanks();
    has_rank = t.digit(r);
  }
  if (!(has_file && has_rank) && !(partial && (has_file || has_rank))) return false;
  if (has_file) files = f.files;
  if (has_rank) rank = static_cast<std::int8_t>(r);
  c = t;
  return true;
}

// "(Q2)", "(2)", "/2", "/Q2" after a piece.
bool read_origin(Cursor& c, const DescriptiveWords& w, std::uint8_t& files, std::int8_t& rank) {
  Cursor t = c;
  t.skip_blanks();
  if (t.one('(')) {
    t.skip_blanks();
    if (!read_square(t, w, files, rank, true)) return false;
    t.skip_blanks();
    if (!t.one(')')) return false;
  } else if (t.one('/')) {
    t.skip_blanks();
    if (!read_square(t, w, files, rank, true)) return false;
  } else {
    return false;
  }
  c = t;
  return true;
}

// "(Q)", "=Q", "/Q", or a letter right after the square ("P-K8Q").
bool read_promotion(Cursor& c, const DescriptiveWords& w, PieceType& out) {
  auto letter = [&](Cursor& t) {
    const Word* word = t.word(w.letters, false, false);
    if (!word) return false;
    const auto type = static_cast<PieceType>(word->value);
    if (type == PieceType::pawn || type == PieceType::king) return false;
    out = type;
    return true;
  };
  Cursor t = c;
  if (letter(t) && t.at_boundary() && t.peek() != '-') {
    c = t;
    return true;
  }
  t = c;
  t.skip_blanks();
  if (t.one('(')) {
    t.skip_blanks();
    if (!letter(t)) return false;
    t.skip_blanks();
    if (!t.one(')')) return false;
  } else if (t.one('=') || t.one('/')) {
    t.skip_blanks();
    if (!letter(t)) return false;
  } else {
    return false;
  }
  c = t;
  return true;
}

// Check and mate words, e.p., glyphs, each after optional blanks.
template <typename Words>
void read_suffix(Cursor& c, const Words& check_words, const std::vector<Word>* en_passant, SystemMove& m) {
  for (;;) {
    Cursor t = c;
    t.skip_blanks();
    if (const Word* w = t.word(check_words, true, true)) {
      m.check = w->value == 2 ? WrittenCheck::mate : WrittenCheck::check;
      m.check_kind = w->value == 3   ? CheckKind::discovered
                     : w->value == 4 ? CheckKind::double_check
                                     : CheckKind::any;
      c = t;
      continue;
    }
    if (en_passant && t.word(*en_passant, true, true)) {
      m.en_passant = true;
      c = t;
      continue;
    }
    static const std::vector<Word> glyphs = {{"!!", 3}, {"??", 4}, {"!?", 5}, {"?!", 6}, {"!", 1}, {"?", 2}};
    if (const Word* g = t.word(glyphs, false, false)) {
      m.glyph = static_cast<Nag>(g->value);
      c = t;
      continue;
    }
    return;
  }
}

std::size_t read_descriptive(std::string_view text, System system, SystemMove& m) {
  const DescriptiveWords& w = descriptive_words(system);
  m = SystemMove{};
  m.system = system;
  Cursor c{text, 0};
  if (const Word* castle = c.word(w.castles, true, true)) {
    m.kind = castle->value == 0   ? SystemMove::Kind::castle_short
             : castle->value == 1 ? SystemMove::Kind::castle_long
                                  : SystemMove::Kind::castle_any;
    read_suffix(c, w.checks, nullptr, m);
    return c.pos;
  }
  Designator piece;
  if (!read_piece(c, w, piece)) return 0;
  m.kind = SystemMove::Kind::move;
  m.piece = piece.type;
  m.piece_side = piece.side;
  m.from_files = piece.files;
  read_origin(c, w, m.from_files, m.from_rank);
  // Spanish writes a piece letter and the square with nothing between.
  Cursor t = c;
  t.skip_blanks();
  if (t.capture_mark()) {
    m.capture = true;
    t.skip_blanks();
    // The piece taken may be spaced ("Kt x K P") unless that swallows the
    // next move's piece ("BxN P-Q4", "NxQ R - K 1"): then it is one letter run.
    Designator taken;
    Cursor spaced = t;
    bool read_taken = read_piece(spaced, w, taken, true);
    if (read_taken) {
      Cursor after = spaced;
      after.skip_blanks();
      Cursor probe = after;
      if (probe.dash() || probe.capture_mark())
        read_taken = false;
      else
        t = spaced;
    }
    if (!read_taken) read_taken = read_piece(t, w, taken, false);
    if (!read_taken) {
      // "PxK4" (a square, as some sheets write): a capture to a square.
      if (!read_square(t, w, m.to_files, m.to_rank, false)) return 0;
    } else {
      m.captured = taken.type;
      m.captured_side = taken.side;
      m.captured_files = taken.files;
      // "RxP/7", "PxP(Q4)", "NxP/QB5": where the piece taken stands.
      Cursor u = t;
      u.skip_blanks();
      if (u.one('/')) {
        u.skip_blanks();
        std::uint8_t files = 0xFF;
        std::int8_t rank = -1;
        if (read_square(u, w, files, rank, true) && rank >= 0) {
          m.to_files &= files;
          m.to_rank = rank;
          t = u;
        }
      } else if (u.one('(')) {
        u.skip_blanks();
        std::uint8_t files = 0xFF;
        std::int8_t rank = -1;
        if (read_square(u, w, files, rank, true) && rank >= 0 && (u.skip_blanks(), u.one(')'))) {
          m.to_files &= files;
          m.to_rank = rank;
          t = u;
        }
      }
    }
  } else {
    const bool dashed = t.dash();
    if (!dashed && !w.rank_first) return 0;
    if (dashed) t.skip_blanks();
    // "R-(B5)B7": the origin written after the dash.
    read_origin(t, w, m.from_files, m.from_rank);
    t.skip_blanks();
    if (!dashed) {  // Spanish: the square right after the piece
      t = c;
      t.skip_blanks();
    }
    if (!read_square(t, w, m.to_files, m.to_rank, false)) return 0;
  }
  c = t;
  if (m.piece == PieceType::pawn && (m.capture || m.to_rank == 7)) read_promotion(c, w, m.promotion);
  read_suffix(c, w.checks, &w.en_passant, m);
  return c.pos;
}

std::size_t read_announced(std::string_view text, SystemMove& m, int alternative) {
  const AnnouncedWords& w = announced_words();
  m = SystemMove{};
  m.system = System::announced;
  m.relative = false;
  Cursor c{text, 0};
  if (const Word* castle = c.word(w.castles, true, true)) {
    m.kind = castle->value == 0 ? SystemMove::Kind::castle_short : SystemMove::Kind::castle_long;
    read_suffix(c, w.checks, nullptr, m);
    return alternative == 0 ? c.pos : 0;
  }
  auto square = [&](Cursor& t, int& file, int& rank) {
    Cursor u = t;
    const Word* f = u.word(w.files, true, true);
    if (!f) return false;
    u.skip_blanks();
    const Word* r = u.word(w.ranks, true, true);
    if (!r) return false;
    file = f->value;
    rank = r->value;
    t = u;
    return true;
  };
  m.kind = SystemMove::Kind::move;
  m.piece = PieceType::pawn;
  if (const Word* p = c.word(w.pieces, true, true)) {
    m.piece = static_cast<PieceType>(p->value);
    c.skip_blanks();
  }
  int f1 = -1, r1 = -1;
  if (!square(c, f1, r1)) return 0;
  int f2 = -1, r2 = -1;
  Cursor t = c;
  t.skip_blanks();
  const bool capture = t.word(w.captures, true, true) != nullptr;
  if (capture) t.skip_blanks();
  bool two = false;
  if (square(t, f2, r2)) {
    two = true;
    if (alternative == 0) c = t;
  } else if (capture) {
    return 0;
  }
  if (alternative > 0 && !two) return 0;
  if (two && alternative == 0) {
    m.from_files = static_cast<std::uint8_t>(1u << f1);
    m.from_rank = static_cast<std::int8_t>(r1);
    m.to_files = static_cast<std::uint8_t>(1u << f2);
    m.to_rank = static_cast<std::int8_t>(r2);
    m.capture = capture;
  } else {
    m.to_files = static_cast<std::uint8_t>(1u << f1);
    m.to_rank = static_cast<std::int8_t>(r1);
  }
  if (m.piece == PieceType::pawn && (m.to_rank == 7 || m.to_rank == 0)) {
    Cursor u = c;
    u.skip_blanks();
    if (const Word* p = u.word(w.pieces, true, true)) {
      const auto type = static_cast<PieceType>(p->value);
      if (type != PieceType::pawn && type != PieceType::king) {
        m.promotion = type;
        c = u;
      }
    }
  }
  read_suffix(c, w.checks, nullptr, m);
  return c.pos;
}

int absolute_rank(const SystemMove& m, int rank, Color us) {
  return m.relative ? relative_rank(us, rank) : rank;
}

Bitboard squares_of(std::uint8_t files, int rank) {
  Bitboard b = 0;
  for (int f = 0; f < 8; ++f)
    if (files & (1u << f)) b |= file_bb(f);
  if (rank >= 0) b &= rank_bb(rank);
  return b;
}

// "KR": the rook that started on the king's side, or the one nearer to it.
bool side_fits(const Position& pos, Square s, Color colour, std::int8_t side, const PieceOrigins* origins) {
  if (side < 0) return true;
  if (origins && (*origins)[s] != no_square && ((file_of((*origins)[s]) >= 4) == (side == 1))) return true;
  const PieceType t = type_of(pos.piece_on(s));
  for (Bitboard others = pos.pieces(colour, t) & ~bb(s); others;) {
    const Square o = pop_lsb(others);
    if (side == 1 ? file_of(o) >= file_of(s) : file_of(o) <= file_of(s)) return false;
  }
  return true;
}

struct Masks {
  Bitboard from = ~Bitboard{0};
  Bitboard to = ~Bitboard{0};
  Bitboard taken = ~Bitboard{0};  // where the piece named as taken may stand
};

Masks masks_of(const Position& pos, const SystemMove& m) {
  const Color us = pos.side_to_move();
  Masks k;
  k.from = squares_of(m.from_files, m.from_rank >= 0 ? absolute_rank(m, m.from_rank, us) : -1);
  k.to = squares_of(m.to_files, m.to_rank >= 0 ? absolute_rank(m, m.to_rank, us) : -1);
  if (m.captured != PieceType::none) {
    const Bitboard written = k.to;  // where the piece taken stands, as far as written
    k.taken = pos.pieces(~us, m.captured) & squares_of(m.captured_files, -1) & written;
    k.to = k.taken;
    if (m.captured == PieceType::pawn && pos.ep_capturable()) {
      // En passant: the pawn taken stands behind the square the pawn goes to.
      const Square ep = pos.ep_square();
      const Square victim = make_square(file_of(ep), rank_of(ep) + (us == Color::white ? -1 : 1));
      if ((bb(ep) | bb(victim)) & written & squares_of(m.captured_files, -1)) k.to |= bb(ep);
    }
  }
  return k;
}

bool fits(const Position& pos, Move mv, const SystemMove& m, const Masks& k, const PieceOrigins* origins,
          bool strict_capture) {
  const Color us = pos.side_to_move();
  if (mv.is_castling()) return false;
  const Square from = mv.from();
  const PieceType type = type_of(pos.piece_on(from));
  if (m.piece != PieceType::none && type != m.piece) return false;
  if (!(k.from & bb(from))) return false;
  if (!side_fits(pos, from, us, m.piece_side, origins)) return false;
  if (mv.is_en_passant()) {
    if (!(k.to & bb(mv.to()))) return false;
  } else if (!(k.to & bb(mv.to()))) {
    return false;
  }
  const bool capture = pos.is_capture(mv);
  if (m.captured != PieceType::none) {
    if (!capture) return false;
    const Square victim = mv.is_en_passant() ? make_square(file_of(mv.to()), rank_of(from)) : mv.to();
    if (!mv.is_en_passant() && !(k.taken & bb(victim))) return false;
    if (m.captured_side >= 0 && !side_fits(pos, victim, ~us, m.captured_side, origins)) return false;
  }
  if (strict_capture && capture != m.capture) return false;
  if (m.promotion != PieceType::none && mv.promotion() != m.promotion) return false;
  return true;
}

WrittenCheck check_of(const Position& pos, Move mv) {
  const Position after = pos.after(mv);
  if (!after.in_check()) return WrittenCheck::none;
  return has_legal_move(after) ? WrittenCheck::check : WrittenCheck::mate;
}

int language_of(System s) {
  static const int spanish = LetterTable::instance().language_index("es");
  return s == System::descriptive_es ? spanish : LetterTable::english;
}

}  // namespace

int system_language(std::string_view name) {
  if (name == "descriptive" || name == "desc") return descriptive_language;
  if (name == "descriptive-en") return descriptive_language;
  if (name == "descriptive-es") return descriptive_es_language;
  if (name == "announced") return announced_language;
  return 0;
}

std::string_view system_code(System system) {
  switch (system) {
    case System::algebraic: return "algebraic";
    case System::descriptive_en: return "descriptive";
    case System::descriptive_es: return "descriptive-es";
    case System::announced: return "announced";
  }
  return "algebraic";
}

PieceOrigins initial_origins(const Position& pos) {
  PieceOrigins o;
  for (int s = 0; s < 64; ++s)
    o[static_cast<std::size_t>(s)] = pos.empty(static_cast<Square>(s)) ? no_square : static_cast<Square>(s);
  return o;
}

void track_origins(PieceOrigins& o, const Position& before, Move m) {
  if (m == Move::null() || m == Move::none()) return;
  const Square from = m.from(), to = m.to();
  if (m.is_castling()) {
    const Color us = before.side_to_move();
    const CastlingSide side = Position::castling_side_of(m);
    const Square king = o[static_cast<std::size_t>(from)], rook = o[static_cast<std::size_t>(to)];
    o[static_cast<std::size_t>(from)] = no_square;
    o[static_cast<std::size_t>(to)] = no_square;
    o[static_cast<std::size_t>(Position::castling_king_target(us, side))] = king;
    o[static_cast<std::size_t>(Position::castling_rook_target(us, side))] = rook;
    return;
  }
  if (m.is_en_passant()) o[static_cast<std::size_t>(make_square(file_of(to), rank_of(from)))] = no_square;
  o[static_cast<std::size_t>(to)] =
      m.promotion() != PieceType::none ? no_square : o[static_cast<std::size_t>(from)];
  o[static_cast<std::size_t>(from)] = no_square;
}

std::size_t read_system_move(std::string_view text, System system, SystemMove& out, int alternative) {
  if (system == System::announced) return read_announced(text, out, alternative);
  if (system == System::algebraic || alternative > 0) return 0;
  return read_descriptive(text, system, out);
}

Resolution resolve_system_move(const Position& pos, const SystemMove& m, const PieceOrigins* origins,
                               bool warnings) {
  Resolution r;
  r.language = language_of(m.system);
  if (m.kind == SystemMove::Kind::none) return r;
  if (!has_legal_move(pos)) {
    r.verdict = Verdict::illegal;
    r.reason = IllegalReason::no_legal_moves;
    r.piece = m.piece == PieceType::none ? PieceType::king : m.piece;
    return r;
  }
  if (m.kind != SystemMove::Kind::move) {
    r.piece = PieceType::king;
    const CastlingSide first =
        m.kind == SystemMove::Kind::castle_long ? CastlingSide::queen_side : CastlingSide::king_side;
    for (CastlingSide side :
         {first, m.kind == SystemMove::Kind::castle_any ? CastlingSide::queen_side : first}) {
      if (castling_is_legal(pos, side)) {
        r.verdict = Verdict::legal;
        r.move = pos.castling_move(pos.side_to_move(), side);
        r.candidates.push(r.move);
        return r;
      }
    }
    r.verdict = Verdict::illegal;
    r.reason = diagnose_illegal_castling(pos, first);
    return r;
  }

  MoveList all;
  MoveFilter filter;
  filter.castling = false;
  if (m.piece != PieceType::none) filter.piece_types = piece_type_bit(m.piece);
  const Masks k = masks_of(pos, m);
  filter.from = k.from;
  filter.to = k.to;
  generate_legal(pos, all, filter);
  MoveList& found = r.candidates;
  for (Move mv : all)
    if (fits(pos, mv, m, k, origins, true)) found.push(mv);
  bool lenient = false;
  if (found.empty()) {  // a capture not marked as one, or the reverse
    for (Move mv : all)
      if (fits(pos, mv, m, k, origins, false)) found.push(mv);
    lenient = !found.empty();
  }
  if (found.size() > 1) {
    // A book marks its checks: the mark, or its absence, decides.
    MoveList marked;
    for (Move mv : found) {
      const WrittenCheck given = check_of(pos, mv);
      const bool checks = given != WrittenCheck::none;
      if (checks == (m.check != WrittenCheck::none)) marked.push(mv);
    }
    if (!marked.empty()) found = marked;
    // ... and so does the kind of check it announces (dis ch, dbl ch).
    if (m.check_kind != CheckKind::any && found.size() > 1) {
      MoveList kind;
      for (Move mv : found)
        if (check_kind_fits(m.check_kind, check_kind_of(pos.after(mv), mv))) kind.push(mv);
      if (!kind.empty()) found = kind;
    }
  }
  r.piece = m.piece == PieceType::none ? PieceType::pawn : m.piece;
  if (found.empty()) {
    r.verdict = Verdict::illegal;
    r.reason = diagnose_illegal(pos, r.piece, k.from, k.to, m.promotion);
    return r;
  }
  if (found.size() > 1) {
    r.verdict = Verdict::ambiguous;
    return r;
  }
  r.verdict = Verdict::legal;
  r.move = found[0];
  r.piece = type_of(pos.piece_on(r.move.from()));
  if (r.piece != PieceType::pawn && r.piece != PieceType::king) {
    MoveList rivals;
    generate_to_square(pos, rivals, r.piece, r.move.to());
    for (Move mv : rivals)
      if (mv != r.move) r.rivals.push(mv);
  }
  if (warnings && lenient) {
    const bool capture = pos.is_capture(r.move);
    r.warnings |= capture ? warn_missing_capture_mark : warn_capture_mark_no_capture;
  }
  if (warnings && r.move.is_en_passant() != m.en_passant && m.en_passant)
    r.warnings |= warn_en_passant_no_capture;
  return r;
}

WrittenMove written_form(const Position& pos, const SystemMove& m) {
  WrittenMove w;
  w.check = m.check;
  w.check_kind = m.check_kind;
  w.capture = m.capture || m.captured != PieceType::none;
  w.en_passant = m.en_passant;
  w.glyph = m.glyph;
  switch (m.kind) {
    case SystemMove::Kind::none: return w;
    case SystemMove::Kind::castle_short:
    case SystemMove::Kind::castle_any: w.kind = WrittenKind::castle_short; return w;
    case SystemMove::Kind::castle_long: w.kind = WrittenKind::castle_long; return w;
    case SystemMove::Kind::move: break;
  }
  w.kind = m.piece == PieceType::pawn ? WrittenKind::no_letter : WrittenKind::piece;
  const Masks k = masks_of(pos, m);
  if (k.to && !more_than_one(k.to)) {
    const Square s = lsb(k.to);
    w.to_file = static_cast<std::int8_t>(file_of(s));
    w.to_rank = static_cast<std::int8_t>(rank_of(s));
  }
  return w;
}

std::string_view result_words(std::string_view text, System system, Color mover, std::size_t& length) {
  if (system == System::announced || system == System::algebraic) return {};
  Cursor c{text, 0};
  const Word* w = c.word(descriptive_words(system).results, true, true);
  if (!w) return {};
  while (c.peek() == '.' || c.peek() == '!') ++c.pos;
  length = c.pos;
  switch (w->value) {
    case 1: return "1/2-1/2";
    case 2: return "0-1";  // White resigns
    case 3: return "1-0";  // Black resigns
    default: return mover == Color::white ? "0-1" : "1-0";
  }
}

// ---------------------------------------------------------------------------
// Writing

namespace {

struct FileNames {
  std::string full, shortest;
};

// The file's name: "KB" (full) and "B" (either side); "K" and "Q" are full.
FileNames file_names(const DescriptiveWords& w, int file) {
  static constexpr PieceType piece_on_file[8] = {PieceType::rook,   PieceType::knight, PieceType::bishop,
                                                 PieceType::queen,  PieceType::king,   PieceType::bishop,
                                                 PieceType::knight, PieceType::rook};
  const PieceType p = piece_on_file[file];
  const std::string& letter = w.written[index(p)];
  if (p == PieceType::king || p == PieceType::queen) return {letter, letter};
  const std::string& side = file >= 4 ? w.side_king : w.side_queen;
  return {w.rank_first ? letter + side : side + letter, letter};
}

std::string square_text(const DescriptiveWords& w, const std::string& file, int rank) {
  const char r = static_cast<char>('1' + rank);
  return w.rank_first ? std::string(1, r) + file : file + r;
}

void add_unique(std::vector<std::string>& list, std::string s) {
  if (std::find(list.begin(), list.end(), s) == list.end()) list.push_back(std::move(s));
}

void append_descriptive(const Position& pos, Move mv, const Position& after, System system,
                        const PieceOrigins* origins, std::string& out) {
  const DescriptiveWords& w = descriptive_words(system);
  std::string suffix;
  if (after.in_check()) {
    const CheckKind kind = check_kind_of(after, mv);
    suffix = !has_legal_move(after)            ? w.mate_word
             : kind == CheckKind::double_check ? w.double_word
             : kind == CheckKind::discovered   ? w.discovered_word
                                               : w.check_word;
    if (!suffix.empty() && is_alnum(suffix.front())) suffix.insert(suffix.begin(), ' ');
  }
  if (mv.is_castling()) {
    const bool short_side = Position::castling_side_of(mv) == CastlingSide::king_side;
    out += short_side ? "O-O" : "O-O-O";
    out += suffix;
    return;
  }
  const Color us = pos.side_to_move();
  const Square from = mv.from(), to = mv.to();
  const PieceType type = type_of(pos.piece_on(from));
  const std::string& letter = w.written[index(type)];
  const int from_rank = relative_rank(us, rank_of(from));
  const FileNames from_file = file_names(w, file_of(from));
  const std::string side_king = w.side_king, side_queen = w.side_queen;

  // Movers, shortest first: "N", "KN"/"QN" (or "BP", "QBP"), "N(2)", "N(Q2)".
  std::vector<std::string> movers;
  add_unique(movers, letter);
  if (type == PieceType::pawn) {
    if (w.rank_first) {
      add_unique(movers, letter + from_file.shortest);
      add_unique(movers, letter + from_file.full);
    } else {
      add_unique(movers, from_file.shortest + letter);
      add_unique(movers, from_file.full + letter);
    }
  } else if (type != PieceType::king && type != PieceType::queen) {
    for (const std::string& side : {side_king, side_queen})
      add_unique(movers, w.rank_first ? letter + side : side + letter);
  }
  add_unique(movers, letter + "(" + std::string(1, static_cast<char>('1' + from_rank)) + ")");
  add_unique(movers, letter + "(" + square_text(w, from_file.full, from_rank) + ")");

  std::vector<std::string> targets;
  const bool capture = pos.is_capture(mv);
  const int to_rank = relative_rank(us, rank_of(to));
  const FileNames to_file = file_names(w, file_of(to));
  if (capture) {
    const Square victim = mv.is_en_passant() ? make_square(file_of(to), rank_of(from)) : to;
    const PieceType taken = type_of(pos.piece_on(victim));
    const std::string& t = w.written[index(taken)];
    const std::string x = "x";
    add_unique(targets, x + t);
    const FileNames victim_file = file_names(w, file_of(victim));
    if (taken == PieceType::pawn) {
      add_unique(targets, x + (w.rank_first ? t + victim_file.shortest : victim_file.shortest + t));
      add_unique(targets, x + (w.rank_first ? t + victim_file.full : victim_file.full + t));
    } else if (taken != PieceType::king && taken != PieceType::queen) {
      for (const std::string& side : {side_king, side_queen})
        add_unique(targets, x + (w.rank_first ? t + side : side + t));
    }
    add_unique(targets, x + t + "/" + std::string(1, static_cast<char>('1' + to_rank)));
    add_unique(targets, x + t + "(" + square_text(w, to_file.full, to_rank) + ")");
  } else {
    const std::string dash = w.rank_first ? "" : "-";
    add_unique(targets, dash + square_text(w, to_file.shortest, to_rank));
    add_unique(targets, dash + square_text(w, to_file.full, to_rank));
  }
  std::string promotion;
  if (mv.promotion() != PieceType::none) promotion = "=" + w.written[index(mv.promotion())];
  std::string tail = promotion;
  if (mv.is_en_passant()) tail += " " + w.en_passant_word;
  tail += suffix;

  // Every combination, shortest first; the first that reads back as this
  // move alone is the one books print.
  std::vector<std::string> forms;
  for (const std::string& m : movers)
    for (const std::string& t : targets) forms.push_back(m + t + tail);
  std::stable_sort(forms.begin(), forms.end(),
                   [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
  for (const std::string& form : forms) {
    SystemMove read;
    if (read_descriptive(form, system, read) != form.size()) continue;
    const Resolution r = resolve_system_move(pos, read, origins, false);
    if (r.is_legal() && r.move == mv) {
      out += form;
      return;
    }
  }
  out += forms.back();  // the longest names origin and square: never reached
}

const AnnouncedWords& written_announced_words(std::string_view language) {
  if (language.empty() || language == "root" || language == "en") return laws_announced_words();
  static const std::vector<std::pair<std::string, AnnouncedWords>> national = [] {
    std::vector<std::pair<std::string, AnnouncedWords>> out;
    for (const std::string& code : announced_languages()) out.emplace_back(code, load_announced(code));
    return out;
  }();
  const std::string base(language.substr(0, language.find_first_of("-_")));
  for (const auto& [code, words] : national)
    if (code == base) return words;
  return laws_announced_words();
}

void append_announced(const Position& pos, Move mv, const Position& after, std::string_view language,
                      std::string& out) {
  const AnnouncedWords& w = written_announced_words(language);
  (void)after;
  if (mv.is_castling()) {
    out += w.castle_written[Position::castling_side_of(mv) == CastlingSide::king_side ? 0 : 1];
    return;
  }
  const PieceType type = type_of(pos.piece_on(mv.from()));
  out += w.piece_written[index(type)];
  for (Square s : {mv.from(), mv.to()}) {
    out += ' ';
    out += w.file_written[file_of(s)];
    out += ' ';
    out += w.rank_written[rank_of(s)];
  }
  if (mv.promotion() != PieceType::none) {
    out += ' ';
    out += w.piece_written[index(mv.promotion())];
  }
}

}  // namespace

void append_system_move(const Position& pos, Move m, const Position& after, System system,
                        const PieceOrigins* origins, std::string& out, std::string_view words_language) {
  if (system == System::announced)
    append_announced(pos, m, after, words_language, out);
  else
    append_descriptive(pos, m, after, system, origins, out);
}

}  // namespace notera::notation
