#include "notera/text/encoding.hpp"

#include <unicode/normalizer2.h>
#include <unicode/translit.h>
#include <unicode/uchar.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucnv_err.h>
#include <unicode/ucsdet.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <string>

#include "notera/base/utf8.hpp"

namespace notera::text {
namespace {

// ICU reports failure through UErrorCode; warnings (negative codes) are not
// errors. A failure here means broken ICU data, not bad input: bad input is
// handled by the substitution callback below.
void check(UErrorCode status, const char* what) {
  if (U_FAILURE(status)) throw std::runtime_error(std::string(what) + ": " + u_errorName(status));
}

std::string normalised_name(std::string_view name) {
  std::string s;
  for (char c : name) {
    if (c == '-' || c == '_' || c == ' ') continue;
    s += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return s;
}

bool is_single_byte(Encoding e) {
  return e != Encoding::utf8 && e != Encoding::utf16le && e != Encoding::utf16be;
}

// ISO-8859-1 and CP1252 decode every byte outside 0x80-0x9F alike; the
// scorer treats them as one candidate and names the result by the bytes.
bool same_family(Encoding a, Encoding b) {
  const auto western = [](Encoding e) { return e == Encoding::latin1 || e == Encoding::windows1252; };
  return a == b || (western(a) && western(b));
}

// --- chess-aware scoring of single-byte candidates

enum class Kind : std::uint8_t {
  invalid,  // unmapped in this code page
  control,
  space,
  latin,  // a Latin letter (é, ö, ñ, ß)
  cyrillic,
  greek,  // CP437's α, Γ, π, Σ: unlikely in chess files
  other_letter,
  symbol,       // box drawing, currency, ¯, ®, modifier letters, ...
  half,         // ½ as in "½-½"
  times,        // × as a capture sign
  dash,         // – and — as in "1–0" or "0–0"
  open_quote,   // “ „ ‚ « : they open, so never right after a letter
  close_quote,  // ” » : they close, so never right before a letter
  apostrophe,   // ’ : also inside names (D’Amico)
};

constexpr std::array<Encoding, 4> candidates = {Encoding::windows1252, Encoding::cp437, Encoding::cp866,
                                                Encoding::windows1251};

struct CodePageTable {
  std::array<std::array<char32_t, 128>, candidates.size()> code_point{};
  std::array<std::array<Kind, 128>, candidates.size()> kind{};
};

Kind classify(char32_t c) {
  if (c == 0xFFFD) return Kind::invalid;
  if (c == 0xBD) return Kind::half;
  if (c == 0xD7) return Kind::times;
  if (c == 0x2013 || c == 0x2014) return Kind::dash;
  const auto uc = static_cast<UChar32>(c);
  switch (u_charType(uc)) {
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_UNASSIGNED: return Kind::control;
    case U_SPACE_SEPARATOR: return Kind::space;
    case U_INITIAL_PUNCTUATION: return Kind::open_quote;
    case U_FINAL_PUNCTUATION: return c == 0x2019 ? Kind::apostrophe : Kind::close_quote;
    case U_UPPERCASE_LETTER:
    case U_LOWERCASE_LETTER:
    case U_TITLECASE_LETTER:
    case U_OTHER_LETTER: {
      UErrorCode status = U_ZERO_ERROR;
      const UScriptCode script = uscript_getScript(uc, &status);
      if (script == USCRIPT_LATIN || script == USCRIPT_COMMON) return Kind::latin;
      if (script == USCRIPT_CYRILLIC) return Kind::cyrillic;
      if (script == USCRIPT_GREEK) return Kind::greek;
      return Kind::other_letter;
    }
    default: break;
  }
  // „ and ‚ are "open punctuation" in Unicode but used as quotes.
  if (c == 0x201A || c == 0x201E) return Kind::open_quote;
  return Kind::symbol;
}

void U_CALLCONV count_and_substitute(const void* context, UConverterToUnicodeArgs* args, const char*, int32_t,
                                     UConverterCallbackReason reason, UErrorCode* status) {
  if (reason > UCNV_IRREGULAR) return;  // reset, close, clone: nothing to substitute
  auto* counter = static_cast<std::uint64_t*>(const_cast<void*>(context));
  ++*counter;
  *status = U_ZERO_ERROR;
  static const UChar replacement = 0xFFFD;
  ucnv_cbToUWriteUChars(args, &replacement, 1, 0, status);
}

icu::LocalUConverterPointer open_converter(Encoding encoding, std::uint64_t* counter) {
  UErrorCode status = U_ZERO_ERROR;
  const std::string name(icu_name(encoding));
  icu::LocalUConverterPointer converter(ucnv_open(name.c_str(), &status));
  check(status, "ucnv_open");
  status = U_ZERO_ERROR;
  ucnv_setToUCallBack(converter.getAlias(), count_and_substitute, counter, nullptr, nullptr, &status);
  check(status, "ucnv_setToUCallBack");
  return converter;
}

const CodePageTable& code_page_table() {
  static const CodePageTable table = [] {
    CodePageTable t;
    for (std::size_t k = 0; k < candidates.size(); ++k) {
      std::uint64_t unused = 0;
      icu::LocalUConverterPointer converter = open_converter(candidates[k], &unused);
      for (int b = 0x80; b <= 0xFF; ++b) {
        const char byte = static_cast<char>(b);
        UChar out[4];
        UErrorCode status = U_ZERO_ERROR;
        ucnv_reset(converter.getAlias());
        const int32_t n = ucnv_toUChars(converter.getAlias(), out, 4, &byte, 1, &status);
        char32_t c = 0xFFFD;
        if (U_SUCCESS(status) && n >= 1) c = out[0];
        t.code_point[k][static_cast<std::size_t>(b - 0x80)] = c;
        t.kind[k][static_cast<std::size_t>(b - 0x80)] = classify(c);
      }
    }
    return t;
  }();
  return table;
}

bool is_letter(Kind k) {
  return k == Kind::latin || k == Kind::cyrillic || k == Kind::greek || k == Kind::other_letter;
}

// What is next to a high byte, as the score needs it.
struct Neighbour {
  bool ascii_letter = false;
  bool ascii_digit = false;  // also the castling letter O
  bool result_mark = false;  // '-' or '/' as in ½-½, 1/2
  bool high = false;
  Kind kind = Kind::space;  // when high
  bool letter() const { return ascii_letter || (high && is_letter(kind)); }
};

Neighbour neighbour_at(std::string_view text, std::size_t i, std::size_t k, bool exists) {
  Neighbour n;
  if (!exists) return n;
  const auto b = static_cast<unsigned char>(text[i]);
  if (b >= 0x80) {
    n.high = true;
    n.kind = code_page_table().kind[k][b - 0x80];
    n.result_mark = n.kind == Kind::half;
    return n;
  }
  n.ascii_letter = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
  n.ascii_digit = (b >= '0' && b <= '9') || b == 'O';
  n.result_mark = b == '-' || b == '/';
  return n;
}

int score_byte(Kind kind, const Neighbour& prev, const Neighbour& next) {
  const bool letter_side = prev.letter() || next.letter();
  const bool letters_both = prev.letter() && next.letter();
  switch (kind) {
    case Kind::invalid:
    case Kind::control: return -12;
    case Kind::space: return 0;
    case Kind::latin: {
      if ((prev.high && prev.kind == Kind::cyrillic) || (next.high && next.kind == Kind::cyrillic)) return -2;
      // Inside a word (Gy|ö|rgy) a letter is strong evidence; at the edge
      // of one (André, or a stray byte after a name) weaker.
      if (prev.ascii_letter && next.ascii_letter) return 4;
      if (prev.ascii_letter || next.ascii_letter) return 2;
      // A run of accented letters with no ASCII letter beside it ("Êàðïîâ")
      // is how Cyrillic looks when read as Latin-1.
      if (prev.high && next.high && is_letter(prev.kind) && is_letter(next.kind)) return 0;
      return 1;
    }
    case Kind::cyrillic:
      if ((prev.high && prev.kind == Kind::cyrillic) || (next.high && next.kind == Kind::cyrillic)) return 3;
      if (prev.ascii_letter || next.ascii_letter) return -4;
      return 1;
    case Kind::greek: return -3;
    case Kind::other_letter: return -2;
    case Kind::half: return (prev.result_mark || next.result_mark) ? 4 : -1;
    case Kind::times: return ((prev.ascii_letter || prev.ascii_digit) && next.ascii_letter) ? 3 : -1;
    case Kind::dash:
      if (prev.ascii_digit || next.ascii_digit) return 3;
      return letters_both ? -3 : 0;
    case Kind::open_quote:
      if (letters_both) return -6;
      return prev.letter() ? -4 : 0;
    case Kind::close_quote:
      if (letters_both) return -6;
      return next.letter() ? -4 : 0;
    case Kind::apostrophe: return letters_both ? 1 : 0;
    case Kind::symbol: return letters_both ? -6 : (letter_side ? -3 : -2);
  }
  return 0;
}

// Scores of every candidate for a text.
std::array<long, candidates.size()> score_candidates(std::string_view text) {
  std::array<long, candidates.size()> scores{};
  bool line_start = true;
  bool tag_line = false;
  bool in_value = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {
      if (b == '\n' || b == '\r') {
        line_start = true;
        tag_line = false;
        in_value = false;
        continue;
      }
      if (line_start && b == '[') tag_line = true;
      if (tag_line && b == '"' && (i == 0 || text[i - 1] != '\\')) in_value = !in_value;
      if (b != ' ' && b != '\t') line_start = false;
      continue;
    }
    // Names and events are where 8-bit text lives; they weigh double.
    const int weight = in_value ? 2 : 1;
    for (std::size_t k = 0; k < candidates.size(); ++k) {
      const Kind kind = code_page_table().kind[k][b - 0x80];
      const Neighbour prev = neighbour_at(text, i - 1, k, i > 0);
      const Neighbour next = neighbour_at(text, i + 1, k, i + 1 < text.size());
      scores[k] += weight * score_byte(kind, prev, next);
    }
  }
  return scores;
}

bool has_c1_range_byte(std::string_view text) {
  for (char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b >= 0x80 && b <= 0x9F) return true;
  }
  return false;
}

// ICU's statistical detector as a second opinion (it knows the Windows and
// ISO code pages, not the DOS ones): a bonus of up to 5 for the candidate
// it names.
void add_charset_detector_opinion(std::string_view text, std::array<long, candidates.size()>& scores) {
  // Only lines with 8-bit bytes tell anything; ASCII lines would dilute.
  std::string sample;
  std::size_t line_begin = 0;
  while (line_begin < text.size() && sample.size() < 16384) {
    std::size_t line_end = text.find('\n', line_begin);
    if (line_end == std::string_view::npos) line_end = text.size();
    const std::string_view line = text.substr(line_begin, line_end - line_begin);
    if (!is_ascii(line)) {
      sample.append(line);
      sample += '\n';
    }
    line_begin = line_end + 1;
  }
  if (sample.empty()) return;
  UErrorCode status = U_ZERO_ERROR;
  icu::LocalUCharsetDetectorPointer detector(ucsdet_open(&status));
  check(status, "ucsdet_open");
  ucsdet_setText(detector.getAlias(), sample.data(), static_cast<int32_t>(sample.size()), &status);
  check(status, "ucsdet_setText");
  int32_t count = 0;
  const UCharsetMatch** matches = ucsdet_detectAll(detector.getAlias(), &count, &status);
  if (U_FAILURE(status) || count == 0) return;
  const char* name = ucsdet_getName(matches[0], &status);
  const int32_t confidence = ucsdet_getConfidence(matches[0], &status);
  if (U_FAILURE(status) || name == nullptr) return;
  const std::string n = normalised_name(name);
  std::size_t k = candidates.size();
  if (n == "iso88591" || n == "windows1252") k = 0;
  if (n == "ibm866") k = 2;
  if (n == "windows1251") k = 3;
  if (k < candidates.size()) scores[k] += confidence / 20;
}

Encoding pick(const std::array<long, candidates.size()>& scores, std::string_view text,
              std::optional<Encoding> prior) {
  std::size_t best = 0;
  for (std::size_t k = 1; k < candidates.size(); ++k)
    if (scores[k] > scores[best]) best = k;
  if (prior) {
    // The input's encoding was decided on much more text than one game:
    // keep it unless it reads something implausible here (a negative
    // score: an unmapped byte, a symbol inside a name) and another reads
    // better. A lone byte that is merely possible either way ("Bidjukov"
    // plus 0xA0: Latin-1 no-break space or CP437 á) stays with the input.
    for (std::size_t k = 0; k < candidates.size(); ++k) {
      if (same_family(candidates[k], *prior) && (scores[k] >= 0 || scores[best] <= scores[k])) {
        best = k;
        break;
      }
    }
  } else if (scores[0] + 4 >= scores[best]) {
    // Without a prior, CP1252/Latin-1 (by far the most common 8-bit
    // encoding of PGN files) wins unless another is clearly better.
    best = 0;
  }
  const Encoding e = candidates[best];
  if (e == Encoding::windows1252 && !has_c1_range_byte(text)) return Encoding::latin1;
  return e;
}

// UTF-16 without a byte order mark: PGN is mostly ASCII, so every other
// byte is zero.
std::optional<Encoding> sniff_utf16(std::string_view prefix) {
  const std::size_t n = std::min<std::size_t>(prefix.size(), 4096) & ~std::size_t{1};
  if (n < 16) return std::nullopt;
  std::size_t zero_even = 0, zero_odd = 0;
  for (std::size_t i = 0; i < n; i += 2) {
    zero_even += prefix[i] == 0;
    zero_odd += prefix[i + 1] == 0;
  }
  const std::size_t pairs = n / 2;
  if (zero_odd * 10 >= pairs * 7 && zero_even * 20 <= pairs) return Encoding::utf16le;
  if (zero_even * 10 >= pairs * 7 && zero_odd * 20 <= pairs) return Encoding::utf16be;
  return std::nullopt;
}

// --- UTF-8 with stray single-byte bytes

// Whether a character that a valid multibyte UTF-8 sequence spells is one
// chess text written in UTF-8 holds (a letter of a European script, a
// Latin-1 sign such as ½ or ×, a dash or a quote, a figurine), rather than
// what single-byte text spells by accident: CP866 "рпо" is E0 AF AE, a
// Tamil digit in UTF-8, and CP866 "тол" is E2 AE AB, an arrow.
bool plausible_in_chess_text(char32_t c) {
  if (c >= 0xA0 && c <= 0xBF) return true;      // no-break space, ½, «, », °
  if (c == 0xD7 || c == 0xF7) return true;      // × ÷
  if (c >= 0x2010 && c <= 0x205E) return true;  // dashes, quotes, ellipsis
  if (c == 0x20AC) return true;                 // €
  if (c >= 0x2654 && c <= 0x265F) return true;  // figurines
  const auto uc = static_cast<UChar32>(c);
  if (!u_isalpha(uc)) return false;
  UErrorCode status = U_ZERO_ERROR;
  const UScriptCode script = uscript_getScript(uc, &status);
  return U_SUCCESS(status) &&
         (script == USCRIPT_LATIN || script == USCRIPT_GREEK || script == USCRIPT_CYRILLIC);
}

// What the bytes 0x80-0xFF of a text are, read as UTF-8.
struct Utf8Census {
  std::size_t sequences = 0;    // valid multibyte sequences that spell chess text
  std::size_t implausible = 0;  // valid ones that spell something else
  std::size_t stray = 0;        // bytes that are part of no valid sequence
};

Utf8Census utf8_census(std::string_view text) {
  Utf8Census census;
  for (std::size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = 1;
    const char32_t c = utf8::decode(text, i, length);
    if (c == 0xFFFD && length == 1)
      ++census.stray;
    else if (plausible_in_chess_text(c))
      ++census.sequences;
    else
      ++census.implausible;
    i += length;
  }
  return census;
}

// A text that is UTF-8 but for a few bytes (a name pasted from a CP1252
// file into a UTF-8 one): every valid sequence reads as chess text. Text
// in a single-byte encoding makes valid sequences only by accident, and
// rarely only plausible ones.
bool is_utf8_with_stray_bytes(const Utf8Census& census) {
  return census.stray > 0 && census.sequences > 0 && census.implausible == 0;
}

// A game's text that needs no conversion: the raw text itself.
DecodedText passed_through(std::string_view raw, Encoding e) {
  DecodedText result;
  result.text = raw;
  result.encoding = e;
  return result;
}

Message detection_message(const char* key, Encoding e) {
  return Message(key).with("encoding", display_name(e));
}

}  // namespace

// --- names

std::string_view icu_name(Encoding encoding) {
  switch (encoding) {
    case Encoding::utf8: return "UTF-8";
    case Encoding::utf16le: return "UTF-16LE";
    case Encoding::utf16be: return "UTF-16BE";
    case Encoding::windows1252: return "windows-1252";
    case Encoding::latin1: return "ISO-8859-1";
    case Encoding::cp437: return "ibm-437";
    case Encoding::cp866: return "ibm-866";
    case Encoding::windows1251: return "windows-1251";
  }
  return "UTF-8";
}

std::string_view display_name(Encoding encoding) {
  switch (encoding) {
    case Encoding::utf8: return "UTF-8";
    case Encoding::utf16le: return "UTF-16LE";
    case Encoding::utf16be: return "UTF-16BE";
    case Encoding::windows1252: return "CP1252";
    case Encoding::latin1: return "ISO-8859-1";
    case Encoding::cp437: return "CP437";
    case Encoding::cp866: return "CP866";
    case Encoding::windows1251: return "CP1251";
  }
  return "UTF-8";
}

std::optional<Encoding> parse_encoding(std::string_view name) {
  const std::string n = normalised_name(name);
  if (n == "utf8") return Encoding::utf8;
  if (n == "utf16le") return Encoding::utf16le;
  if (n == "utf16be") return Encoding::utf16be;
  if (n == "latin1" || n == "iso88591" || n == "l1") return Encoding::latin1;
  if (n == "cp1252" || n == "windows1252" || n == "win1252") return Encoding::windows1252;
  if (n == "cp437" || n == "ibm437" || n == "dos" || n == "437") return Encoding::cp437;
  if (n == "cp866" || n == "ibm866" || n == "866") return Encoding::cp866;
  if (n == "cp1251" || n == "windows1251" || n == "win1251") return Encoding::windows1251;
  return std::nullopt;
}

bool is_ascii_compatible(Encoding encoding) {
  return encoding != Encoding::utf16le && encoding != Encoding::utf16be;
}

// --- validity

bool is_ascii(std::string_view text) {
  const char* p = text.data();
  std::size_t n = text.size();
  while (n >= 8) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    if (word & 0x8080808080808080ull) return false;
    p += 8;
    n -= 8;
  }
  while (n--)
    if (static_cast<unsigned char>(*p++) >= 0x80) return false;
  return true;
}

bool is_valid_utf8(std::string_view text) {
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n) {
    // Skip ASCII 32 bytes at a time (one test for four words: every game
    // is checked, and nearly all of it is ASCII), then eight.
    while (i + 32 <= n) {
      std::uint64_t words[4];
      std::memcpy(words, text.data() + i, 32);
      if ((words[0] | words[1] | words[2] | words[3]) & 0x8080808080808080ull) break;
      i += 32;
    }
    while (i + 8 <= n) {
      std::uint64_t word;
      std::memcpy(&word, text.data() + i, 8);
      if (word & 0x8080808080808080ull) break;
      i += 8;
    }
    if (i >= n) break;
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = 1;
    if (utf8::decode(text, i, length) == 0xFFFD && length == 1) return false;
    i += length;
  }
  return true;
}

// --- detection

Detection forced_encoding(Encoding encoding) {
  Detection d;
  d.encoding = encoding;
  d.forced = true;
  d.message = detection_message("encoding.forced", encoding);
  return d;
}

Detection detect_encoding(std::string_view prefix, bool complete) {
  Detection d;
  const auto starts = [&](std::string_view bom) { return prefix.substr(0, bom.size()) == bom; };
  if (starts("\xEF\xBB\xBF")) {
    d.encoding = Encoding::utf8;
    d.bom_length = 3;
  } else if (starts("\xFF\xFE")) {
    d.encoding = Encoding::utf16le;
    d.bom_length = 2;
  } else if (starts("\xFE\xFF")) {
    d.encoding = Encoding::utf16be;
    d.bom_length = 2;
  }
  if (d.bom_length != 0) {
    d.message = detection_message("encoding.bom", d.encoding);
    return d;
  }
  if (const auto utf16 = sniff_utf16(prefix)) {
    d.encoding = *utf16;
    d.guessed = true;
    d.message = detection_message("encoding.guessed", d.encoding);
    return d;
  }
  std::string_view checked = prefix;
  if (!complete) {
    // A multibyte sequence may be cut by the end of the prefix.
    std::size_t cut = 0;
    while (cut < 3 && cut < checked.size() &&
           (static_cast<unsigned char>(checked[checked.size() - 1 - cut]) & 0xC0) == 0x80)
      ++cut;
    if (cut < checked.size() && static_cast<unsigned char>(checked[checked.size() - 1 - cut]) >= 0xC0)
      checked.remove_suffix(cut + 1);
  }
  if (is_valid_utf8(checked)) {
    d.encoding = Encoding::utf8;
    d.message = detection_message(is_ascii(checked) ? "encoding.ascii" : "encoding.utf8", d.encoding);
    return d;
  }
  if (is_utf8_with_stray_bytes(utf8_census(checked))) {
    // UTF-8 with a few stray bytes: the games that hold them say so, each
    // where its first stray byte is (TextDecoder).
    d.encoding = Encoding::utf8;
    d.message = detection_message("encoding.utf8", d.encoding);
    return d;
  }
  std::array<long, candidates.size()> scores = score_candidates(prefix);
  add_charset_detector_opinion(prefix, scores);
  d.encoding = pick(scores, prefix, std::nullopt);
  d.guessed = true;
  d.message = detection_message("encoding.guessed", d.encoding);
  // Where: so that a user can look at the bytes that made it a guess.
  const std::string_view before = prefix.substr(0, first_invalid_utf8(checked));
  const std::size_t newline = before.rfind('\n');
  const std::size_t line_start = newline == std::string_view::npos ? 0 : newline + 1;
  d.line = 1 + std::count(before.begin(), before.end(), '\n');
  d.column = utf8::char_column(before.substr(line_start), before.size() - line_start);
  return d;
}

std::size_t first_invalid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = 1;
    if (utf8::decode(text, i, length) == 0xFFFD && length == 1) return i;
    i += length;
  }
  return text.size();
}

Encoding guess_single_byte(std::string_view text, std::optional<Encoding> prior) {
  if (prior && !is_single_byte(*prior)) prior.reset();
  return pick(score_candidates(text), text, prior);
}

// --- Decoder

struct Decoder::Impl {
  Encoding encoding;
  std::uint64_t replaced = 0;  // the ICU callback counts here (stable address)
  icu::LocalUConverterPointer converter;
  char16_t pending_lead = 0;  // a lead surrogate waiting for its trail
  std::array<UChar, 8192> buffer{};

  explicit Impl(Encoding e) : encoding(e), converter(open_converter(e, &replaced)) {}

  void append_utf16(const UChar* p, const UChar* end, std::string& out) {
    for (; p != end; ++p) {
      const char16_t u = *p;
      if (pending_lead != 0) {
        if (u >= 0xDC00 && u <= 0xDFFF) {
          utf8::append(out, 0x10000 + ((static_cast<char32_t>(pending_lead) - 0xD800) << 10) +
                                (static_cast<char32_t>(u) - 0xDC00));
          pending_lead = 0;
          continue;
        }
        utf8::append(out, 0xFFFD);  // cannot happen with ICU output; be safe
        ++replaced;
        pending_lead = 0;
      }
      if (u >= 0xD800 && u <= 0xDBFF) {
        pending_lead = u;
      } else if (u >= 0xDC00 && u <= 0xDFFF) {
        utf8::append(out, 0xFFFD);
        ++replaced;
      } else if (encoding == Encoding::windows1252 && u >= 0x80 && u <= 0x9F) {
        // ICU maps the five bytes CP1252 leaves undefined (0x81, 0x8D,
        // 0x8F, 0x90, 0x9D) to C1 controls; they are not text.
        utf8::append(out, 0xFFFD);
        ++replaced;
      } else {
        utf8::append(out, u);
      }
    }
  }
};

Decoder::Decoder(Encoding from) : impl_(std::make_unique<Impl>(from)) {}
Decoder::~Decoder() = default;
Decoder::Decoder(Decoder&&) noexcept = default;
Decoder& Decoder::operator=(Decoder&&) noexcept = default;

void Decoder::decode(std::string_view input, std::string& out, bool flush) {
  Impl& d = *impl_;
  out.reserve(out.size() + input.size() + input.size() / 2);
  const char* source = input.data();
  const char* const source_end = input.data() + input.size();
  for (;;) {
    UChar* target = d.buffer.data();
    UErrorCode status = U_ZERO_ERROR;
    ucnv_toUnicode(d.converter.getAlias(), &target, d.buffer.data() + d.buffer.size(), &source, source_end,
                   nullptr, flush, &status);
    d.append_utf16(d.buffer.data(), target, out);
    if (status == U_BUFFER_OVERFLOW_ERROR) continue;
    check(status, "ucnv_toUnicode");
    break;
  }
  if (flush && d.pending_lead != 0) {
    utf8::append(out, 0xFFFD);
    ++d.replaced;
    d.pending_lead = 0;
  }
}

std::uint64_t Decoder::replaced() const { return impl_->replaced; }

void Decoder::reset() {
  ucnv_reset(impl_->converter.getAlias());
  impl_->replaced = 0;
  impl_->pending_lead = 0;
}

Encoding Decoder::encoding() const { return impl_->encoding; }

// --- DecodingSource

DecodingSource::DecodingSource(std::unique_ptr<ByteSource> raw, Encoding from)
    : raw_(std::move(raw)), decoder_(from) {}

std::size_t DecodingSource::read(char* buffer, std::size_t size) {
  while (out_pos_ == out_.size() && !eof_) {
    out_.clear();
    out_pos_ = 0;
    in_.resize(1 << 16);
    const std::size_t n = raw_->read(in_.data(), in_.size());
    eof_ = n == 0;
    decoder_.decode(std::string_view(in_.data(), n), out_, eof_);
  }
  const std::size_t n = std::min(size, out_.size() - out_pos_);
  std::memcpy(buffer, out_.data() + out_pos_, n);
  out_pos_ += n;
  return n;
}

// --- opening an input

OpenedInput open_input(ByteSource& raw, std::optional<Encoding> forced) {
  OpenedInput input;
  std::string prefix;
  if (forced) {
    input.detection = forced_encoding(*forced);
  } else {
    prefix.resize(detection_prefix_size);
    prefix.resize(read_fully(raw, prefix.data(), prefix.size()));
    input.detection = detect_encoding(prefix, prefix.size() < detection_prefix_size);
  }
  std::unique_ptr<ByteSource> source = std::make_unique<PrefixedSource>(std::move(prefix), raw);
  if (!is_ascii_compatible(input.detection.encoding))
    source = std::make_unique<DecodingSource>(std::move(source), input.detection.encoding);
  input.source = std::move(source);
  return input;
}

// --- TextDecoder

struct TextDecoder::Impl {
  Detection input;
  std::array<std::unique_ptr<Decoder>, 8> decoders;

  Decoder& decoder(Encoding e) {
    auto& d = decoders[static_cast<std::size_t>(e)];
    if (!d) d = std::make_unique<Decoder>(e);
    d->reset();
    return *d;
  }

  DecodedText convert(std::string_view raw, Encoding e, std::string& scratch) {
    DecodedText result;
    Decoder& d = decoder(e);
    scratch.clear();
    d.decode(raw, scratch, true);
    result.text = scratch;
    result.encoding = e;
    result.converted = true;
    result.replaced = d.replaced();
    if (result.replaced > 0) result.first_replaced = first_replaced(raw, e);
    return result;
  }

  // Where the first byte sequence of `raw` that reading it in `e` replaced
  // starts (raw.size() when none was): for messages, so looked for only
  // when there was one.
  std::size_t first_replaced(std::string_view raw, Encoding e) {
    if (e == Encoding::utf8) return first_invalid_utf8(raw);
    if (!is_single_byte(e)) return raw.size();
    Decoder& d = decoder(e);
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (static_cast<unsigned char>(raw[i]) < 0x80) continue;
      d.decode(raw.substr(i, 1), out, true);
      if (d.replaced() > 0) return i;
    }
    return raw.size();
  }

  // UTF-8 with stray bytes: the valid sequences as they are, each run of
  // stray bytes read in `stray` (a single-byte encoding).
  DecodedText convert_mixed(std::string_view raw, Encoding stray, std::string& scratch) {
    DecodedText result;
    Decoder& d = decoder(stray);
    scratch.clear();
    scratch.reserve(raw.size() + raw.size() / 2);
    std::size_t copied = 0;
    std::string_view first_replaced_run;
    for (std::size_t i = 0; i < raw.size();) {
      if (static_cast<unsigned char>(raw[i]) < 0x80) {
        ++i;
        continue;
      }
      std::size_t length = 1;
      if (utf8::decode(raw, i, length) != 0xFFFD || length != 1) {
        i += length;
        continue;
      }
      std::size_t end = i + 1;
      while (end < raw.size() && static_cast<unsigned char>(raw[end]) >= 0x80 &&
             utf8::decode(raw, end, length) == 0xFFFD && length == 1)
        ++end;
      scratch.append(raw.substr(copied, i - copied));
      const std::uint64_t replaced_before = d.replaced();
      d.decode(raw.substr(i, end - i), scratch, true);
      if (d.replaced() > replaced_before && first_replaced_run.empty())
        first_replaced_run = raw.substr(i, end - i);
      result.stray_bytes += end - i;
      copied = i = end;
    }
    scratch.append(raw.substr(copied));
    result.text = scratch;
    result.encoding = stray;
    result.converted = true;
    result.replaced = d.replaced();
    if (result.replaced > 0)
      result.first_replaced = static_cast<std::size_t>(first_replaced_run.data() - raw.data()) +
                              first_replaced(first_replaced_run, stray);
    return result;
  }
};

TextDecoder::TextDecoder(const Detection& input) : impl_(std::make_unique<Impl>()) { impl_->input = input; }
TextDecoder::~TextDecoder() = default;
TextDecoder::TextDecoder(TextDecoder&&) noexcept = default;
TextDecoder& TextDecoder::operator=(TextDecoder&&) noexcept = default;

DecodedText TextDecoder::decode(std::string_view raw, std::string& scratch) {
  const Detection& input = impl_->input;
  // UTF-16 input reaches the splitter already converted to UTF-8.
  const Encoding file = is_ascii_compatible(input.encoding) ? input.encoding : Encoding::utf8;
  if (input.forced && file != Encoding::utf8) {
    if (is_ascii(raw)) return passed_through(raw, file);
    return impl_->convert(raw, file, scratch);
  }
  if (is_valid_utf8(raw)) return passed_through(raw, Encoding::utf8);
  if (input.forced) return impl_->convert(raw, Encoding::utf8, scratch);  // the user said UTF-8
  const std::optional<Encoding> prior = is_single_byte(file) ? std::optional<Encoding>(file) : std::nullopt;
  if (is_utf8_with_stray_bytes(utf8_census(raw))) {
    // The stray bytes are guessed as a game's bytes are, with the valid
    // sequences out of the way (as ASCII letters, so that a stray byte
    // beside one still stands in a word).
    std::string stray_only(raw);
    for (std::size_t i = 0; i < stray_only.size();) {
      std::size_t length = 1;
      if (static_cast<unsigned char>(stray_only[i]) >= 0x80 &&
          (utf8::decode(stray_only, i, length) != 0xFFFD || length != 1))
        std::fill_n(stray_only.begin() + static_cast<std::ptrdiff_t>(i), length, 'x');
      i += length;
    }
    const Encoding e = guess_single_byte(stray_only, prior);
    DecodedText result = impl_->convert_mixed(raw, e, scratch);
    result.note = detection_message("encoding.stray_bytes", e)
                      .with("count", static_cast<std::int64_t>(result.stray_bytes));
    return result;
  }
  const Encoding e = guess_single_byte(raw, prior);
  DecodedText result = impl_->convert(raw, e, scratch);
  if (!prior || !same_family(e, *prior)) result.note = detection_message("encoding.game_guessed", e);
  return result;
}

// --- output

std::optional<OutputEncoding> parse_output_encoding(std::string_view name) {
  const std::string n = normalised_name(name);
  if (n == "utf8") return OutputEncoding::utf8;
  if (n == "latin1" || n == "iso88591" || n == "l1") return OutputEncoding::latin1;
  return std::nullopt;
}

bool fits_latin1(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) continue;
    // U+0080-U+00FF are exactly the two-byte sequences with lead C2 or C3.
    if ((b != 0xC2 && b != 0xC3) || i + 1 >= text.size() ||
        (static_cast<unsigned char>(text[i + 1]) & 0xC0) != 0x80)
      return false;
    ++i;
  }
  return true;
}

struct Latin1Folder::Impl {
  std::unique_ptr<icu::Transliterator> transliterator;
};

Latin1Folder::Latin1Folder() : impl_(std::make_unique<Impl>()) {
  // NFC first (e + combining acute is é, which Latin-1 has); then only the
  // characters outside Latin-1: other scripts to Latin letters, Latin
  // letters Latin-1 lacks to ASCII, and what is left as U+XXXX.
  UErrorCode status = U_ZERO_ERROR;
  UParseError parse_error;
  impl_->transliterator.reset(icu::Transliterator::createInstance(
      icu::UnicodeString::fromUTF8("Any-NFC; [^\\u0000-\\u00FF] Any-Latin; "
                                   "[^\\u0000-\\u00FF] Latin-ASCII; "
                                   "[^\\u0000-\\u00FF] Any-Hex/Unicode"),
      UTRANS_FORWARD, parse_error, status));
  check(status, "Transliterator::createInstance");
}
Latin1Folder::~Latin1Folder() = default;
Latin1Folder::Latin1Folder(Latin1Folder&&) noexcept = default;
Latin1Folder& Latin1Folder::operator=(Latin1Folder&&) noexcept = default;

bool Latin1Folder::fold(std::string_view text, std::string& out, FoldedCharacters* changed) {
  if (fits_latin1(text)) return false;
  icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  if (changed) {
    // Counted as the transliterator sees them: after its Any-NFC.
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    check(status, "Normalizer2::getNFCInstance");
    u = nfc->normalize(u, status);
    check(status, "Normalizer2::normalize");
    FoldedCharacters here;
    for (int32_t i = 0; i < u.length(); i = u.moveIndex32(i, 1)) {
      const UChar32 c = u.char32At(i);
      if (c <= 0xFF) continue;
      if (here.count++ == 0) here.first = static_cast<char32_t>(c);
    }
    changed->add(here);
  }
  impl_->transliterator->transliterate(u);
  out.clear();
  u.toUTF8String(out);
  return true;
}

std::size_t append_latin1(std::string_view text, std::string& out) {
  std::size_t unmappable = 0;
  out.reserve(out.size() + text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {
      out += static_cast<char>(b);
      ++i;
      continue;
    }
    std::size_t length = 1;
    const char32_t c = utf8::decode(text, i, length);
    if (c <= 0xFF) {
      out += static_cast<char>(static_cast<unsigned char>(c));
    } else {
      out += '?';
      ++unmappable;
    }
    i += length;
  }
  return unmappable;
}

OutputEncoder::OutputEncoder(OutputEncoding encoding) : encoding_(encoding) {
  if (encoding_ == OutputEncoding::latin1) folder_ = std::make_unique<Latin1Folder>();
}
OutputEncoder::~OutputEncoder() = default;
OutputEncoder::OutputEncoder(OutputEncoder&&) noexcept = default;
OutputEncoder& OutputEncoder::operator=(OutputEncoder&&) noexcept = default;

std::string_view OutputEncoder::encode(std::string_view text, std::string& scratch) {
  if (encoding_ == OutputEncoding::utf8) return text;
  scratch.clear();
  if (folder_->fold(text, folded_))
    append_latin1(folded_, scratch);
  else
    append_latin1(text, scratch);
  return scratch;
}

}  // namespace notera::text
