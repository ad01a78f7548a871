#include "decompress.hpp"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <cstring>
#include <limits>

namespace notera::input::decompress {

using namespace std::string_view_literals;

Compression detect(std::string_view head) {
  if (head.starts_with("\x1F\x8B"sv)) return Compression::gzip;
  if (head.starts_with("BZh"sv) && head.size() > 3 && head[3] >= '1' && head[3] <= '9')
    return Compression::bzip2;
  if (head.starts_with("\xFD"
                       "7zXZ\0"sv))
    return Compression::xz;
  if (head.starts_with("\x28\xB5\x2F\xFD"sv)) return Compression::zstd;
  if (head.size() >= 4 && (static_cast<unsigned char>(head[0]) & 0xF0) == 0x50 &&
      head.substr(1, 3) == "\x2A\x4D\x18"sv)
    return Compression::zstd;  // a skippable frame first
  return Compression::none;
}

Compression detect_whole(std::string_view head, bool whole) {
  const Compression compression = detect(head);
  if (compression != Compression::none || !whole || head.size() < 2) return compression;
  constexpr std::string_view xz_magic(
      "\xFD"
      "7zXZ\0",
      6);
  constexpr std::string_view zstd_magic = "\x28\xB5\x2F\xFD";
  if (head.size() < xz_magic.size() && xz_magic.starts_with(head)) return Compression::xz;
  if (head.size() < zstd_magic.size() && zstd_magic.starts_with(head)) return Compression::zstd;
  return Compression::none;
}

namespace {

constexpr std::size_t input_block = std::size_t{1} << 20;
constexpr unsigned max_chunk = std::numeric_limits<unsigned>::max() / 2;  // zlib and bzip2 count in unsigned

// Every member of a gzip file in turn (gzip -c a >> b; pigz, bgzip). NUL
// bytes after a member (tape padding) end the data, as gzip(1) takes them.
class Gzip final : public Decompressor {
 public:
  explicit Gzip(std::unique_ptr<text::ByteSource> c) : Decompressor(std::move(c)) {
    inflateInit2(&z_, 15 + 16);  // gzip wrapper only
  }
  ~Gzip() override { inflateEnd(&z_); }

 private:
  Step step(char* out, std::size_t size, std::size_t& produced, bool at_end, std::string& what) override {
    if (!mid_stream_) {
      while (in_pos_ < in_size_ && in_[in_pos_] == '\0') ++in_pos_;  // padding after a member
      if (in_pos_ == in_size_) return at_end ? Step::end : Step::more;
    }
    if (in_pos_ == in_size_) {
      if (!at_end) return Step::more;
      what = "unexpected end of the gzip data";
      return Step::error;
    }
    mid_stream_ = true;
    z_.next_in = reinterpret_cast<Bytef*>(in_.data() + in_pos_);
    z_.avail_in = static_cast<uInt>(std::min<std::size_t>(in_size_ - in_pos_, max_chunk));
    z_.next_out = reinterpret_cast<Bytef*>(out);
    z_.avail_out = static_cast<uInt>(std::min<std::size_t>(size, max_chunk));
    const uInt avail_in = z_.avail_in;
    const uInt avail_out = z_.avail_out;
    const int status = inflate(&z_, Z_NO_FLUSH);
    in_pos_ += avail_in - z_.avail_in;
    produced = avail_out - z_.avail_out;
    if (status == Z_STREAM_END) {
      mid_stream_ = false;
      inflateReset(&z_);
      return Step::more;
    }
    if (status == Z_OK || status == Z_BUF_ERROR) return Step::more;
    what = z_.msg ? z_.msg : "damaged gzip data";
    return Step::error;
  }

  z_stream z_{};
};

// Several bzip2 streams in turn (pbzip2 writes them).
class Bzip2 final : public Decompressor {
 public:
  explicit Bzip2(std::unique_ptr<text::ByteSource> c) : Decompressor(std::move(c)) {
    BZ2_bzDecompressInit(&s_, 0, 0);
  }
  ~Bzip2() override { BZ2_bzDecompressEnd(&s_); }

 private:
  Step step(char* out, std::size_t size, std::size_t& produced, bool at_end, std::string& what) override {
    if (in_pos_ == in_size_) {
      if (!at_end) return Step::more;
      if (!mid_stream_) return Step::end;
      what = "unexpected end of the bzip2 data";
      return Step::error;
    }
    mid_stream_ = true;
    s_.next_in = in_.data() + in_pos_;
    s_.avail_in = static_cast<unsigned>(std::min<std::size_t>(in_size_ - in_pos_, max_chunk));
    s_.next_out = out;
    s_.avail_out = static_cast<unsigned>(std::min<std::size_t>(size, max_chunk));
    const unsigned avail_in = s_.avail_in;
    const unsigned avail_out = s_.avail_out;
    const int status = BZ2_bzDecompress(&s_);
    in_pos_ += avail_in - s_.avail_in;
    produced = avail_out - s_.avail_out;
    if (status == BZ_STREAM_END) {
      mid_stream_ = false;
      BZ2_bzDecompressEnd(&s_);
      s_ = bz_stream{};
      BZ2_bzDecompressInit(&s_, 0, 0);
      return Step::more;
    }
    if (status == BZ_OK) return Step::more;
    what = "damaged bzip2 data (error " + std::to_string(status) + ")";
    return Step::error;
  }

  bz_stream s_{};
};

// xz, several streams in turn (liblzma's LZMA_CONCATENATED).
class Xz final : public Decompressor {
 public:
  explicit Xz(std::unique_ptr<text::ByteSource> c) : Decompressor(std::move(c)) {
    // Fails only without memory; the first step then says so.
    ready_ = lzma_stream_decoder(&s_, UINT64_MAX, LZMA_CONCATENATED) == LZMA_OK;
    mid_stream_ = true;  // liblzma itself says when the data ends
  }
  ~Xz() override { lzma_end(&s_); }

 private:
  Step step(char* out, std::size_t size, std::size_t& produced, bool at_end, std::string& what) override {
    if (!ready_) {
      what = "cannot start the xz decoder";
      return Step::error;
    }
    if (in_pos_ == in_size_ && !at_end) return Step::more;
    s_.next_in = reinterpret_cast<const std::uint8_t*>(in_.data() + in_pos_);
    s_.avail_in = in_size_ - in_pos_;
    s_.next_out = reinterpret_cast<std::uint8_t*>(out);
    s_.avail_out = size;
    const std::size_t avail_in = s_.avail_in;
    const lzma_ret status = lzma_code(&s_, at_end ? LZMA_FINISH : LZMA_RUN);
    in_pos_ += avail_in - s_.avail_in;
    produced = size - s_.avail_out;
    if (status == LZMA_STREAM_END) {
      mid_stream_ = false;
      return produced > 0 ? Step::more : Step::end;
    }
    if (status == LZMA_OK) return Step::more;
    if (status == LZMA_BUF_ERROR && !at_end) return Step::more;
    if (produced > 0 && status == LZMA_BUF_ERROR) return Step::more;  // the error comes on the next call
    what = status == LZMA_BUF_ERROR ? "unexpected end of the xz data"
                                    : "damaged xz data (error " + std::to_string(status) + ")";
    return Step::error;
  }

  lzma_stream s_ = LZMA_STREAM_INIT;
  bool ready_ = false;
};

// zstd, frames in turn (zstd -c a >> b; the lichess files are one frame).
class Zstd final : public Decompressor {
 public:
  explicit Zstd(std::unique_ptr<text::ByteSource> c) : Decompressor(std::move(c)), d_(ZSTD_createDCtx()) {}
  ~Zstd() override { ZSTD_freeDCtx(d_); }

 private:
  Step step(char* out, std::size_t size, std::size_t& produced, bool at_end, std::string& what) override {
    if (in_pos_ == in_size_ && !flushing_) {
      if (!at_end) return Step::more;
      if (!mid_stream_) return Step::end;
      what = "unexpected end of the zstd data";
      return Step::error;
    }
    const std::size_t start = in_pos_;
    const std::size_t end = sliced_ ? std::min(in_size_, in_pos_ + slice) : in_size_;
    ZSTD_inBuffer input{in_.data(), end, in_pos_};
    ZSTD_outBuffer output{out, size, 0};
    const std::size_t status = ZSTD_decompressStream(d_, &output, &input);
    in_pos_ = input.pos;
    produced = output.pos;
    if (ZSTD_isError(status)) {
      // A frame that is whole in the input, of a known size that fits in
      // `out`, is decoded in one go (zstd's fast path), and fails without
      // moving: none of it is given, and the damage would be placed at the
      // frame's first byte. Decoded again in slices, block by block, the
      // blocks before the damage are given and the damage is placed after
      // the block it is in.
      if (!sliced_ && !mid_stream_ && in_pos_ == start && produced == 0) {
        ZSTD_DCtx_reset(d_, ZSTD_reset_session_only);
        sliced_ = true;
        return Step::more;
      }
      what = ZSTD_getErrorName(status);
      return Step::error;
    }
    mid_stream_ = status != 0;
    if (!mid_stream_) sliced_ = false;  // the next frame at full speed
    // A full output may hold back more of the frame with no input left.
    flushing_ = output.pos == output.size;
    return Step::more;
  }

  // Less than a frame header and its first block: no fast path.
  static constexpr std::size_t slice = 16;
  ZSTD_DCtx* d_;
  bool flushing_ = false;
  bool sliced_ = false;  // the frame being read is read in slices
};

}  // namespace

Decompressor::Decompressor(std::unique_ptr<text::ByteSource> compressed)
    : in_(input_block, '\0'), compressed_(std::move(compressed)) {}

Decompressor::~Decompressor() = default;

std::unique_ptr<Decompressor> Decompressor::make(Compression compression,
                                                 std::unique_ptr<text::ByteSource> compressed) {
  switch (compression) {
    case Compression::gzip: return std::make_unique<Gzip>(std::move(compressed));
    case Compression::bzip2: return std::make_unique<Bzip2>(std::move(compressed));
    case Compression::xz: return std::make_unique<Xz>(std::move(compressed));
    case Compression::zstd: return std::make_unique<Zstd>(std::move(compressed));
    case Compression::none: break;
  }
  return nullptr;
}

std::size_t Decompressor::read(char* buffer, std::size_t size) {
  if (size == 0) return 0;
  int idle = 0;  // steps in a row that neither read nor wrote
  while (!done_) {
    if (in_pos_ == in_size_ && !input_end_) {
      consumed_before_ += in_size_;
      in_pos_ = 0;
      in_size_ = text::read_fully(*compressed_, in_.data(), in_.size());
      if (in_size_ == 0) input_end_ = true;
    }
    std::size_t produced = 0;
    std::string what;
    const std::size_t before = in_pos_;
    const Step step = this->step(buffer, size, produced, input_end_ && in_pos_ == in_size_, what);
    given_ += produced;
    if (step == Step::error) {
      failure_ = Failure{what, given_, consumed_before_ + in_pos_};
      done_ = true;
    } else if (step == Step::end) {
      done_ = true;
    }
    if (produced > 0) return produced;
    idle = in_pos_ == before ? idle + 1 : 0;
    if (idle > 3) {  // nothing moves: the data ends inside a stream
      failure_ = Failure{"unexpected end of the compressed data", given_, consumed_before_ + in_pos_};
      done_ = true;
    }
  }
  return 0;
}

}  // namespace notera::input::decompress
