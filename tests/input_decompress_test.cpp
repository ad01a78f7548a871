// The decompressing byte sources below the format sniff
// (lib/notera/input/decompress, read_ahead): every byte given back in
// order, several gzip members one after the other, a stream cut short
// stopping exactly where the data does with the reason and the offsets,
// and read errors passed on from the reading thread.
#include <doctest/doctest.h>
#include <zlib.h>

#include <stdexcept>
#include <string>
#include <system_error>

#include "notera/input/decompress.hpp"
#include "notera/input/read_ahead.hpp"
#include "notera/text/source.hpp"

using namespace notera;
using input::decompress::Compression;
using input::decompress::Decompressor;

namespace {

// A gzip member of `text` (zlib, as gzip(1) writes it).
std::string gzip(const std::string& text) {
  z_stream z{};
  REQUIRE(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&z, static_cast<uLong>(text.size())) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// Text that does not compress to nothing: games with numbered events.
std::string games(int n) {
  std::string text;
  for (int i = 0; i < n; ++i)
    text += "[Event \"Round " + std::to_string(i) + "\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 " +
            std::to_string(i * 7919 % 1000) + " *\n\n";
  return text;
}

std::string read_all(text::ByteSource& source, std::size_t chunk) {
  std::string out;
  std::string buffer(chunk, '\0');
  for (std::size_t n; (n = source.read(buffer.data(), buffer.size())) > 0;) out.append(buffer, 0, n);
  return out;
}

// Gives `good` bytes, then fails as a disk would.
class FailingSource final : public text::ByteSource {
 public:
  explicit FailingSource(std::string good) : good_(std::move(good)), memory_(good_) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = memory_.read(buffer, size);
    if (n == 0) throw std::system_error(EIO, std::generic_category(), "read");
    return n;
  }

 private:
  std::string good_;
  text::MemorySource memory_;
};

}  // namespace

TEST_CASE("decompress: the compression is told by the first bytes") {
  CHECK(input::decompress::detect(gzip("x")) == Compression::gzip);
  CHECK(input::decompress::detect("BZh91AY&SY") == Compression::bzip2);
  CHECK(input::decompress::detect(std::string("\xFD"
                                              "7zXZ\0\0",
                                              8)) == Compression::xz);
  CHECK(input::decompress::detect("\x28\xB5\x2F\xFD\x04") == Compression::zstd);
  CHECK(input::decompress::detect("[Event \"BZh9\"]") == Compression::none);
  CHECK(input::decompress::detect("BZh") == Compression::none);
  CHECK(input::decompress::detect("") == Compression::none);
  // A whole input that ends inside xz's or zstd's magic is that
  // compression cut short (no text starts so); bzip2's magic is text.
  using input::decompress::detect_whole;
  CHECK(detect_whole("\x28\xB5\x2F", true) == Compression::zstd);
  CHECK(detect_whole("\x28\xB5", true) == Compression::zstd);
  CHECK(detect_whole("\x28\xB5\x2F", false) == Compression::none);  // more follows: not the magic
  CHECK(detect_whole("\xFD"
                     "7zX",
                     true) == Compression::xz);
  CHECK(detect_whole("\x28", true) == Compression::none);
  CHECK(detect_whole("BZh", true) == Compression::none);
  CHECK(detect_whole("(a", true) == Compression::none);
}

TEST_CASE("decompress: gzip members one after the other, read in any chunk size") {
  const std::string a = games(300), b = games(7);
  const std::string both = gzip(a) + gzip(b) + std::string(512, '\0');  // tape padding at the end
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{4096}, std::size_t{1} << 20}) {
    CAPTURE(chunk);
    auto source = Decompressor::make(Compression::gzip, std::make_unique<text::MemorySource>(both));
    CHECK(read_all(*source, chunk) == a + b);
    CHECK(!source->failure());
  }
}

TEST_CASE("decompress: a gzip stream cut short gives every byte before the cut, then says where") {
  const std::string text = games(2000);
  const std::string whole = gzip(text);
  const std::string cut = whole.substr(0, whole.size() / 2);
  auto source = Decompressor::make(Compression::gzip, std::make_unique<text::MemorySource>(cut));
  const std::string got = read_all(*source, 65536);
  REQUIRE(source->failure());
  CHECK(got.size() > text.size() / 3);
  CHECK(got == text.substr(0, got.size()));
  CHECK(source->failure().offset == got.size());
  CHECK(source->failure().input_offset == cut.size());
  // Damage inside the data: found (at the latest by the CRC at the end of
  // the member; what deflate made of the damaged bits before is text like
  // any other, and the games it spoils are reported as such).
  std::string damaged = whole;
  damaged[damaged.size() / 2] = static_cast<char>(damaged[damaged.size() / 2] ^ 0x55);
  auto bad = Decompressor::make(Compression::gzip, std::make_unique<text::MemorySource>(damaged));
  const std::string before = read_all(*bad, 65536);
  CHECK(before.substr(0, 1000) == text.substr(0, 1000));
  CHECK(bad->failure());
}

TEST_CASE("read ahead: the same bytes in the same order, and the inner source's errors after them") {
  const std::string text = games(5000);
  for (const std::size_t chunk : {std::size_t{7}, std::size_t{65536}}) {
    input::ReadAhead ahead(std::make_unique<text::MemorySource>(text), 1000, 3);
    CHECK(read_all(ahead, chunk) == text);
    CHECK(ahead.ended());
  }
  input::ReadAhead failing(std::make_unique<FailingSource>(text), 4096, 2);
  std::string got;
  char buffer[1000];
  CHECK_THROWS_AS(
      [&] {
        for (std::size_t n; (n = failing.read(buffer, sizeof buffer)) > 0;) got.append(buffer, n);
      }(),
      std::system_error);
  CHECK(got == text.substr(0, got.size()));
  // Dropped before the end: the reading thread stops.
  { input::ReadAhead dropped(std::make_unique<text::MemorySource>(text), 512, 2); }
}
