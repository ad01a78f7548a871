// Character encodings of input files and of the PGN notera writes.
//
// Input: a byte order mark decides (UTF-8, UTF-16LE/BE); else valid UTF-8
// is UTF-8, and so is UTF-8 with a few stray bytes (see TextDecoder); else
// the bytes are single-byte text from the DOS/Windows era, and we decide
// among CP1252 (ISO-8859-1 when no byte 0x80-0x9F occurs), CP437, CP866
// and CP1251 with a chess-aware score (see guess_single_byte) and ICU's
// charset detector as a second opinion. The decision is made on a prefix
// of the input (detection_prefix_size), and again for every game that is
// not valid UTF-8, because real collections mix encodings game by game (a
// CP437 simul game next to a Latin-1 tournament).
//
// Conversion uses ICU converters with an explicit policy: a byte sequence
// that is invalid or unmapped becomes U+FFFD and is counted, never dropped.
// ASCII and valid UTF-8 pass through without a copy.
//
// Output: UTF-8, or ISO-8859-1 with the characters Latin-1 lacks
// transliterated (ICU: Any-Latin, then Latin-ASCII, only for those
// characters), so that "ø" stays ø, "ł" becomes l and Cyrillic becomes
// Latin letters; what even that cannot spell is written as U+XXXX, so no
// text is ever dropped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "notera/base/message.hpp"
#include "notera/text/source.hpp"

namespace notera::text {

enum class Encoding : std::uint8_t {
  utf8,
  utf16le,
  utf16be,
  windows1252,  // Western European, Windows; a superset of ISO-8859-1's printable part
  latin1,       // ISO-8859-1
  cp437,        // the IBM PC / DOS code page (0x82 = é, 0x94 = ö, 0x81 = ü)
  cp866,        // DOS Cyrillic
  windows1251,  // Windows Cyrillic
};

// The name ICU's converters know ("windows-1252", "ibm-437").
std::string_view icu_name(Encoding encoding);
// The name shown to users ("UTF-8", "CP1252", "ISO-8859-1", "CP437").
std::string_view display_name(Encoding encoding);
// A user's --encoding value: utf8/utf-8, utf16le, utf16be, latin1/iso-8859-1,
// cp1252/windows-1252, cp437/ibm437/dos, cp866, cp1251/windows-1251
// (case and '-'/'_' are ignored). nullopt for anything else.
std::optional<Encoding> parse_encoding(std::string_view name);
// Whether ASCII bytes mean ASCII characters (everything but UTF-16), so that
// the game splitter can work on the raw bytes.
bool is_ascii_compatible(Encoding encoding);

inline constexpr std::size_t detection_prefix_size = 64 * 1024;

struct Detection {
  Encoding encoding = Encoding::utf8;
  std::size_t bom_length = 0;  // bytes of the byte order mark at the start
  bool guessed = false;        // chosen by statistics, not by BOM, validity or the user
  bool forced = false;         // given by the user (--encoding)
  Message message;             // what was assumed ("encoding.guessed", {encoding})
  // Where the input stops being UTF-8, when that made it guessed: the first
  // byte that is not valid UTF-8 (1-based line, column in characters; 0
  // when it does not apply).
  std::int64_t line = 0;
  int column = 0;
};

// Decides the encoding of an input from its first bytes. `complete` says
// that `prefix` is the whole input (else a multibyte sequence cut at the
// end of the prefix is not held against UTF-8).
Detection detect_encoding(std::string_view prefix, bool complete);
// The detection result for an encoding the user chose.
Detection forced_encoding(Encoding encoding);

// The most plausible single-byte encoding for text that is not UTF-8.
// Every byte 0x80-0xFF is decoded in each candidate and scored: letters
// next to letters of the same script score, controls, unmapped bytes and
// symbols inside words cost, and chess adds its own evidence (½ in
// "½-½", × between squares, an en dash in "1–0" or "0–0"). Bytes inside
// tag values (player names, events) count double. With `prior` (the
// input's encoding) another candidate wins only where the prior reads
// something implausible (its score is negative) and the other reads better.
Encoding guess_single_byte(std::string_view text, std::optional<Encoding> prior = std::nullopt);

// Whether the text is valid UTF-8 (ASCII is); fast on ASCII.
bool is_valid_utf8(std::string_view text);
// The offset of the first byte that is not valid UTF-8 (text.size() when
// it all is).
std::size_t first_invalid_utf8(std::string_view text);
bool is_ascii(std::string_view text);

// Converts text in one encoding to UTF-8, chunk by chunk: a multibyte
// sequence cut at the end of one chunk is completed by the next.
class Decoder {
 public:
  explicit Decoder(Encoding from);
  ~Decoder();
  Decoder(Decoder&&) noexcept;
  Decoder& operator=(Decoder&&) noexcept;

  // Appends the UTF-8 form of `input` to `out`. `flush` at the end of the
  // input: a sequence still incomplete then is invalid (one U+FFFD).
  void decode(std::string_view input, std::string& out, bool flush);
  // Byte sequences replaced by U+FFFD (invalid, or unmapped in the
  // encoding) since construction or reset().
  std::uint64_t replaced() const;
  void reset();
  Encoding encoding() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A ByteSource that converts another one to UTF-8 (used for UTF-16 input,
// which the splitter cannot read as bytes).
class DecodingSource final : public ByteSource {
 public:
  DecodingSource(std::unique_ptr<ByteSource> raw, Encoding from);
  std::size_t read(char* buffer, std::size_t size) override;
  std::uint64_t replaced() const { return decoder_.replaced(); }

 private:
  std::unique_ptr<ByteSource> raw_;
  Decoder decoder_;
  std::string in_;
  std::string out_;
  std::size_t out_pos_ = 0;
  bool eof_ = false;
};

// An input ready for the game splitter: its encoding, and a source of
// bytes in an ASCII-compatible form (the original bytes, BOM included, for
// UTF-8 and the single-byte encodings; UTF-8 converted from UTF-16).
struct OpenedInput {
  Detection detection;
  std::unique_ptr<ByteSource> source;
};
// Reads up to detection_prefix_size bytes of `raw` to detect the encoding
// (unless `forced`), then gives them back through the returned source.
// `raw` must outlive the result.
OpenedInput open_input(ByteSource& raw, std::optional<Encoding> forced = std::nullopt);

// A game's text as UTF-8.
struct DecodedText {
  std::string_view text;               // UTF-8: the raw text itself, or the scratch string
  Encoding encoding = Encoding::utf8;  // how the bytes were read
  bool converted = false;              // the text had to be converted
  std::uint64_t replaced = 0;          // byte sequences replaced by U+FFFD
  std::size_t first_replaced = 0;      // where the first of them starts in the raw text
  std::uint64_t stray_bytes = 0;       // UTF-8 with stray bytes: those read in `encoding`
  Message note;                        // set when this game was read differently from the input's
                                       // encoding ("encoding.game_guessed", {encoding}), or is UTF-8
                                       // with stray bytes ("encoding.stray_bytes", {count, encoding})
};

// Decodes game after game of one input. A game that is valid UTF-8 is
// passed through (unless the user forced another encoding). A game that is
// UTF-8 but for stray bytes (every valid multibyte sequence in it spells
// chess text: a letter of a European script, ½, a dash, a quote) keeps its
// UTF-8, and only the stray bytes are read in a single-byte encoding
// (guessed on them, as below; CP1252 unless another is clearly better).
// Any other game is read in the input's single-byte encoding, or in the
// one that guess_single_byte finds clearly better for this game.
class TextDecoder {
 public:
  explicit TextDecoder(const Detection& input);
  ~TextDecoder();
  TextDecoder(TextDecoder&&) noexcept;
  TextDecoder& operator=(TextDecoder&&) noexcept;

  DecodedText decode(std::string_view raw, std::string& scratch);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// --- output

enum class OutputEncoding : std::uint8_t { utf8, latin1 };
// "utf8"/"utf-8" or "latin1"/"iso-8859-1" (case and '-'/'_' ignored).
std::optional<OutputEncoding> parse_output_encoding(std::string_view name);

// Whether every character of the UTF-8 text is in ISO-8859-1 (U+0000-U+00FF).
bool fits_latin1(std::string_view utf8);

// What folding changed, summed over the texts folded: the characters
// outside Latin-1 (counted after NFC, so that e + combining acute, which
// is é, is no change), and the first of them.
struct FoldedCharacters {
  std::int64_t count = 0;
  char32_t first = 0;
  void add(const FoldedCharacters& other) {
    if (count == 0) first = other.first;
    count += other.count;
  }
};

// Rewrites the characters of a UTF-8 text that ISO-8859-1 lacks (see the
// header comment). Owns an ICU transliterator: create one per thread.
class Latin1Folder {
 public:
  Latin1Folder();
  ~Latin1Folder();
  Latin1Folder(Latin1Folder&&) noexcept;
  Latin1Folder& operator=(Latin1Folder&&) noexcept;

  // When `utf8` has characters outside Latin-1, writes the folded text
  // (still UTF-8) to `out`, adds them to `changed` (when given) and returns
  // true; else returns false and leaves `out` alone.
  bool fold(std::string_view utf8, std::string& out, FoldedCharacters* changed = nullptr);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Appends UTF-8 text as ISO-8859-1 bytes. Characters outside Latin-1 (when
// the caller did not fold) and invalid UTF-8 become '?'; returns how many.
std::size_t append_latin1(std::string_view utf8, std::string& out);

// Turns finished UTF-8 output into the requested encoding.
class OutputEncoder {
 public:
  explicit OutputEncoder(OutputEncoding encoding);
  ~OutputEncoder();
  OutputEncoder(OutputEncoder&&) noexcept;
  OutputEncoder& operator=(OutputEncoder&&) noexcept;

  // The bytes to write: `utf8` itself for UTF-8 output, else `scratch`
  // holding the text folded and converted to ISO-8859-1.
  std::string_view encode(std::string_view utf8, std::string& scratch);
  OutputEncoding encoding() const { return encoding_; }

 private:
  OutputEncoding encoding_;
  std::unique_ptr<Latin1Folder> folder_;
  std::string folded_;
};

}  // namespace notera::text
