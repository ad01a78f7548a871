// Archived input: zip and tar (also inside a compression, decompress.hpp),
// read with libarchive, streamed, one member after the other. What an
// input holds is decided by its first bytes, never by its name.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "decompress.hpp"
#include "notera/base/message.hpp"
#include "notera/text/source.hpp"

namespace notera::input::archive {

// Whether `head` (an input's first bytes, as decompressed) is a zip or a
// tar archive.
bool is_archive(std::string_view head);

// Why the bytes of a member stopped before their end: offset in the
// member, input_offset in the input as it is on disk.
using Failure = decompress::Failure;

struct Reader;  // one libarchive reader, shared by the members it gives out

// One archive member.
struct Member {
  std::string name;        // its path in the archive
  std::int64_t size = -1;  // bytes, when the archive says
  // Its bytes. A read never throws for damaged data: the bytes stop there
  // (after every byte libarchive gave before the damage) and failure()
  // says why, so that the games before are still read.
  std::unique_ptr<text::ByteSource> bytes;
  // Set once the bytes have stopped early.
  const Failure& failure() const;
  std::shared_ptr<Reader> reader;
};

// The members of one input, in the order the archive holds them.
class Members {
 public:
  // `source` is the archive, from its first byte; `compressed`, when the
  // archive is inside a compression, says why the decompressed bytes
  // stopped (the better reason when the archive stops early).
  Members(std::unique_ptr<text::ByteSource> source, std::function<Failure()> compressed);
  ~Members();
  Members(const Members&) = delete;
  Members& operator=(const Members&) = delete;

  // The next regular file (directories and links are passed over); false
  // at the end, or when the archive itself cannot be read. The member
  // before is done with: its bytes are no longer readable. Tars one after
  // the other are read as one (tar -i), and at the end the rest of the
  // bytes is read, so that a compression around the archive checks them.
  bool next(Member& member);
  // What the last next() met in the archive itself, before the member it
  // gave (damaged headers passed over: Failure::end says where reading
  // went on) or instead of one (the archive cut short, its compression's
  // checksum wrong after its end); empty when nothing.
  const Failure& error() const;

 private:
  std::shared_ptr<Reader> reader_;
};

}  // namespace notera::input::archive
