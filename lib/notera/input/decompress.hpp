// Compressed input as a byte source: gzip (several members), bzip2
// (several streams), xz (several streams) and zstd (several frames), each
// through its own library, streamed.
//
// Why not libarchive's filters, which read all four: a stream cut short
// loses, there, the text decompressed into the filter's buffer and not yet
// handed out (a small file cut short gives nothing at all), because the
// filter reports the error instead of the bytes before it. Here the bytes stop exactly where the data does,
// and failure() says why: every game before the damage is read. Speed is the same (bench/decompress.cpp; the
// README has the figures).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "notera/text/source.hpp"

namespace notera::input::decompress {

enum class Compression : std::uint8_t { none, gzip, bzip2, xz, zstd };

// The compression `head` (an input's first bytes) starts with, by its magic
// number (RFC 1952, bzip2, xz, RFC 8878 with its skippable frames).
Compression detect(std::string_view head);

// As detect(), and when `whole` (`head` is the whole input), also an input
// that ends inside the magic number of xz or zstd (2 to 5 bytes: `28 B5
// 2F`): those start with bytes no text starts with, so such a file is a
// compressed one cut short, and reading it says so. gzip's magic is two
// bytes, and bzip2's ("BZh") is text: a file "BZ" is read as text.
Compression detect_whole(std::string_view head, bool whole);

// Why the bytes stopped before the end of the data.
struct Failure {
  std::string what;                // the library's own words
  std::uint64_t offset = 0;        // bytes given out before it
  std::uint64_t input_offset = 0;  // compressed bytes read by then
  // Set for damage in an archive that no compression reports (a tar's
  // header, a zip member's own data): input_offset counts in the
  // archive's own bytes, as libarchive reads them, not in a compression.
  bool in_archive = false;
  // Set when reading went on after the damage (a damaged tar header passed
  // over to the next, as tar -i does): the archive byte where it did.
  std::uint64_t end = 0;
  explicit operator bool() const { return !what.empty(); }
};

class Decompressor : public text::ByteSource {
 public:
  // The bytes of `compressed`, decompressed. A read never throws for
  // damaged data (only for the input's own read errors): the bytes stop
  // there, and failure() says why.
  static std::unique_ptr<Decompressor> make(Compression compression,
                                            std::unique_ptr<text::ByteSource> compressed);
  ~Decompressor() override;
  std::size_t read(char* buffer, std::size_t size) final;
  const Failure& failure() const { return failure_; }

 protected:
  enum class Step : std::uint8_t { more, end, error };
  explicit Decompressor(std::unique_ptr<text::ByteSource> compressed);
  // Decompresses from in_ (in_pos_..in_size_) into out; `at_end`: no input
  // will follow. Sets mid_stream_ while a stream has begun and not ended.
  virtual Step step(char* out, std::size_t size, std::size_t& produced, bool at_end, std::string& what) = 0;

  std::string in_;
  std::size_t in_pos_ = 0;
  std::size_t in_size_ = 0;
  bool mid_stream_ = false;

 private:
  std::unique_ptr<text::ByteSource> compressed_;
  Failure failure_;
  std::uint64_t given_ = 0;
  std::uint64_t consumed_before_ = 0;  // compressed bytes before in_
  bool input_end_ = false;
  bool done_ = false;
};

}  // namespace notera::input::decompress
