// Compressed input (lib/notera/input/decompress): gzip, bzip2, xz and zstd
// through their libraries, as `convert` reads a compressed file.
//
// The first byte picks the compression (its low two bits) and the mode:
// - raw (bit 2 clear): the rest is taken as compressed bytes, damaged in
//   any way. Invariants: reading never crashes or hangs, gives at most a
//   bounded amount (a decompression bomb is cut by the cap below, not by
//   memory), and a failure's offset is the number of bytes given out
//   before it;
// - round trip (bit 2 set): the rest is text, compressed here with the same
//   library, then cut after a share of its bytes (the first byte's high
//   bits, 0 = not cut). Invariants: what is read is a prefix of the text;
//   all of it, with no failure, when the stream is whole; and a cut stream
//   either gives all of it or says it stopped (a cut is never silent data
//   loss).
#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "notera/input/decompress.hpp"

using namespace notera;
using input::decompress::Compression;
using input::decompress::Decompressor;

namespace {

std::string gzip(std::string_view text) {
  z_stream z{};
  if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return {};
  std::string out(deflateBound(&z, static_cast<uLong>(text.size())) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int done = deflate(&z, Z_FINISH);
  out.resize(done == Z_STREAM_END ? z.total_out : 0);
  deflateEnd(&z);
  return out;
}

std::string bzip2(std::string_view text) {
  std::string out(text.size() + text.size() / 100 + 700, '\0');
  auto size = static_cast<unsigned>(out.size());
  if (BZ2_bzBuffToBuffCompress(out.data(), &size, const_cast<char*>(text.data()),
                               static_cast<unsigned>(text.size()), 1, 0, 0) != BZ_OK)
    return {};
  out.resize(size);
  return out;
}

std::string xz(std::string_view text) {
  std::string out(lzma_stream_buffer_bound(text.size()), '\0');
  std::size_t size = 0;
  if (lzma_easy_buffer_encode(1, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const std::uint8_t*>(text.data()),
                              text.size(), reinterpret_cast<std::uint8_t*>(out.data()), &size,
                              out.size()) != LZMA_OK)
    return {};
  out.resize(size);
  return out;
}

std::string zstd(std::string_view text) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  const std::size_t size = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 1);
  if (ZSTD_isError(size)) return {};
  out.resize(size);
  return out;
}

// Reads everything `source` gives, up to `cap` bytes.
std::string read_all(text::ByteSource& source, std::size_t cap) {
  std::string out;
  char buffer[4096];
  for (std::size_t n; out.size() < cap && (n = source.read(buffer, sizeof buffer)) > 0;) out.append(buffer, n);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static constexpr Compression kinds[] = {Compression::gzip, Compression::bzip2, Compression::xz,
                                          Compression::zstd};
  const Compression kind = kinds[data[0] & 3];
  const bool round_trip = (data[0] & 4) != 0;
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);

  if (!round_trip) {
    // A bomb is cut here: 64 times the fuzzer's largest input.
    constexpr std::size_t cap = std::size_t{1} << 20;
    auto d = Decompressor::make(kind, std::make_unique<text::MemorySource>(rest));
    const std::string out = read_all(*d, cap);
    if (out.size() < cap && d->failure()) NOTERA_FUZZ_CHECK(d->failure().offset == out.size(), rest);
    return 0;
  }

  const std::string packed = kind == Compression::gzip    ? gzip(rest)
                             : kind == Compression::bzip2 ? bzip2(rest)
                             : kind == Compression::xz    ? xz(rest)
                                                          : zstd(rest);
  if (packed.empty()) return 0;
  const unsigned share = data[0] >> 3;  // 0..31: 0 = whole, else cut after share/32 of the bytes
  const std::size_t keep = share == 0 ? packed.size() : packed.size() * share / 32;
  if (keep == 0) return 0;  // no byte of the stream: an empty input, not a damaged one
  auto d = Decompressor::make(kind, std::make_unique<text::MemorySource>(std::string_view(packed).substr(0, keep)));
  const std::string out = read_all(*d, rest.size() + 1);
  NOTERA_FUZZ_CHECK(out.size() <= rest.size() && rest.substr(0, out.size()) == out, rest);
  if (keep == packed.size()) {
    NOTERA_FUZZ_CHECK(out == rest, rest);
    NOTERA_FUZZ_CHECK(!d->failure(), rest);
  } else {
    NOTERA_FUZZ_CHECK(out == rest || d->failure(), rest);
    if (d->failure()) NOTERA_FUZZ_CHECK(d->failure().offset == out.size(), rest);
  }
  return 0;
}
