// Encodings: detect_encoding, open_input over a MemorySource, the
// TextDecoder that reads game after game, the chunked Decoder, and the
// Latin-1 output encoder.
//
// Invariants: is_valid_utf8 agrees with a plain reference decoder;
// open_input gives back the input byte for byte for every ASCII-compatible
// encoding (the splitter works on raw bytes), and valid UTF-8 for UTF-16;
// TextDecoder's text is always valid UTF-8, and is the input itself when
// the input is valid UTF-8; decoding in chunks of any size gives the same
// text and count of replacements as decoding at once; the Latin-1 encoder
// leaves ASCII text as it is.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "notera/text/encoding.hpp"

using namespace notera;
using namespace notera::fuzz;

namespace {

// RFC 3629 validation, written plainly as the reference.
bool reference_valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    std::uint32_t c = 0;
    if (b < 0x80) {
      ++i;
      continue;
    }
    if (b >= 0xC2 && b <= 0xDF) {
      n = 1;
      c = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
      n = 2;
      c = b & 0x0F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      n = 3;
      c = b & 0x07;
    } else
      return false;
    if (i + n >= s.size()) return false;
    for (std::size_t k = 1; k <= n; ++k) {
      const auto t = static_cast<unsigned char>(s[i + k]);
      if ((t & 0xC0) != 0x80) return false;
      c = (c << 6) | (t & 0x3F);
    }
    if ((n == 2 && c < 0x800) || (n == 3 && c < 0x10000) || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
      return false;
    i += n + 1;
  }
  return true;
}

std::string read_all(text::ByteSource& source, std::size_t chunk) {
  std::string out;
  std::string buffer(chunk, '\0');
  for (std::size_t n; (n = source.read(buffer.data(), chunk)) > 0;) out.append(buffer.data(), n);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const bool valid = text::is_valid_utf8(bytes);
  NOTERA_FUZZ_CHECK(valid == reference_valid_utf8(bytes), bytes);

  const text::Detection detected = text::detect_encoding(bytes, true);
  (void)text::detect_encoding(bytes.substr(0, bytes.size() / 2), false);
  (void)text::guess_single_byte(bytes);

  // open_input: the splitter's view of the input.
  const std::size_t chunk = size == 0 ? 1 : 1 + data[0] % 61;
  text::MemorySource raw(bytes);
  text::OpenedInput opened = text::open_input(raw);
  NOTERA_FUZZ_CHECK(opened.detection.encoding == detected.encoding, bytes);
  const std::string through = read_all(*opened.source, chunk);
  if (text::is_ascii_compatible(opened.detection.encoding))
    NOTERA_FUZZ_CHECK(through == bytes, bytes);
  else
    NOTERA_FUZZ_CHECK(reference_valid_utf8(through), bytes);

  // Game by game: always UTF-8 out.
  text::TextDecoder games(opened.detection);
  std::string scratch;
  const text::DecodedText decoded = games.decode(bytes, scratch);
  NOTERA_FUZZ_CHECK(reference_valid_utf8(decoded.text), bytes);
  if (valid && opened.detection.encoding == text::Encoding::utf8)
    NOTERA_FUZZ_CHECK(decoded.text == bytes, bytes);

  // Chunked decoding = decoding at once, in every encoding.
  for (int e = 0; e <= static_cast<int>(text::Encoding::windows1251); ++e) {
    const auto encoding = static_cast<text::Encoding>(e);
    text::Decoder whole(encoding);
    std::string at_once;
    whole.decode(bytes, at_once, true);
    NOTERA_FUZZ_CHECK(reference_valid_utf8(at_once), bytes);
    text::Decoder pieces(encoding);
    std::string chunked;
    for (std::size_t i = 0; i < bytes.size(); i += chunk)
      pieces.decode(bytes.substr(i, chunk), chunked, false);
    pieces.decode({}, chunked, true);
    NOTERA_FUZZ_CHECK(chunked == at_once, bytes);
    NOTERA_FUZZ_CHECK(pieces.replaced() == whole.replaced(), bytes);
  }

  // Latin-1 output of whatever was decoded.
  text::OutputEncoder latin1(text::OutputEncoding::latin1);
  std::string encoded_scratch;
  const std::string_view encoded = latin1.encode(decoded.text, encoded_scratch);
  if (text::is_ascii(decoded.text)) NOTERA_FUZZ_CHECK(encoded == decoded.text, bytes);
  return 0;
}
