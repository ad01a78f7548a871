// Compressed and archived input, below the format sniff: what a file holds
// is decided by its first bytes (magic numbers), never by its name, and a
// compressed file or an archive member comes back as plain bytes through
// text::ByteSource, streamed (nothing is read whole).
//
// libarchive reads every kind (gzip with several members, bzip2, xz, zstd
// with several frames, zip, tar, and tar inside any of the compressions).
// bench/decompress.cpp measured it against libzstd called directly on a
// .zst of the corpus: see docs/cli.md and the bench for the figures behind
// that choice. Plain files never go through it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "notera/base/message.hpp"
#include "notera/text/source.hpp"

namespace notera::input::archive {

enum class Container : std::uint8_t {
  plain,       // not compressed, not an archive: read as it is
  compressed,  // gzip, bzip2, xz or zstd: one stream, or a compressed tar
  archive,     // zip or tar: members
};

// What `head` (the first bytes of an input, up to a few KiB) shows.
Container detect(std::string_view head);

// Why the bytes of a member or a compressed file stopped before their end.
struct Failure {
  std::string what;                // libarchive's own words
  std::uint64_t offset = 0;        // bytes of the member given out before it
  std::uint64_t input_offset = 0;  // bytes of the (compressed) input read by then
  explicit operator bool() const { return !what.empty(); }
};

struct Reader;  // one libarchive reader, shared by the members it gives out

// One file inside a compressed input: the whole decompressed stream, or
// one archive member.
struct Member {
  std::string name;        // the member's path in the archive; empty for a compressed single file
  std::int64_t size = -1;  // bytes, when the archive says
  // Its bytes. A read never throws for damaged data: the bytes stop there
  // and failure() says why, so that the games before are still read.
  std::unique_ptr<text::ByteSource> bytes;
  // Set once the bytes have stopped early.
  const Failure& failure() const;
  std::shared_ptr<Reader> reader;
};

// The members of one input, in the order the archive holds them.
class Members {
 public:
  // `source` is the input, from its first byte; `name` for messages.
  explicit Members(std::unique_ptr<text::ByteSource> source);
  ~Members();
  Members(const Members&) = delete;
  Members& operator=(const Members&) = delete;

  // The next regular file (directories and links are passed over); false
  // at the end, or when the archive itself cannot be read (error() set).
  // The member before is done with: its bytes are no longer readable.
  bool next(Member& member);
  // Whether the input is one compressed file rather than an archive
  // (known after the first next()).
  bool single() const;
  const Failure& error() const;

 private:
  std::shared_ptr<Reader> reader_;
};

}  // namespace notera::input::archive
