#include "archive.hpp"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <vector>

namespace notera::input::archive {

bool is_archive(std::string_view head) {
  using namespace std::string_view_literals;
  // Zip: a local file header, or the end record alone (an empty zip).
  if (head.starts_with("PK\x03\x04"sv) || head.starts_with("PK\x05\x06"sv) ||
      head.starts_with("PK\x07\x08"sv))
    return true;
  // Tar: "ustar" in the first header (POSIX and GNU), or the zero blocks
  // that end a tar, alone in an empty one (no text starts with 512 NULs).
  if (head.size() >= 262 && head.substr(257, 5) == "ustar") return true;
  return head.size() >= 512 && std::all_of(head.begin(), head.begin() + 512, [](char c) { return c == 0; });
}

struct Reader {
  ::archive* a = nullptr;
  std::unique_ptr<text::ByteSource> source;
  std::vector<char> input;              // what the read callback hands libarchive
  std::function<Failure()> compressed;  // why the bytes under the archive stopped, if compressed
  Failure failure;                      // of the member being read
  Failure error;                        // of the archive itself
  std::uint64_t given = 0;              // bytes of the current member given out
  std::uint64_t serial = 0;             // which member is current
  bool member_done = false;
  bool fatal = false;  // nothing more can be read

  ~Reader() {
    if (a) archive_read_free(a);
  }

  std::uint64_t input_offset() const {
    const la_int64_t n = archive_filter_bytes(a, -1);
    return n > 0 ? static_cast<std::uint64_t>(n) : 0;
  }

  // Why reading stopped: the compression's reason first (a tar cut short
  // inside a .tar.gz is a gzip stream cut short).
  Failure failure_here(std::uint64_t offset) const {
    if (compressed) {
      Failure f = compressed();
      if (f) {
        f.offset = offset;
        return f;
      }
    }
    const char* s = archive_error_string(a);
    return Failure{s && *s ? s : "unknown error", offset, input_offset()};
  }

  static la_ssize_t read_callback(::archive* a, void* client, const void** buffer) {
    auto* self = static_cast<Reader*>(client);
    try {
      const std::size_t n = self->source->read(self->input.data(), self->input.size());
      *buffer = self->input.data();
      return static_cast<la_ssize_t>(n);
    } catch (const std::exception& e) {
      archive_set_error(a, EIO, "%s", e.what());
      return -1;
    }
  }
};

namespace {

// The bytes of the current member; reads nothing once another member is
// current.
class MemberBytes final : public text::ByteSource {
 public:
  MemberBytes(std::shared_ptr<Reader> reader) : reader_(std::move(reader)), serial_(reader_->serial) {}
  std::size_t read(char* buffer, std::size_t size) override {
    Reader& r = *reader_;
    if (r.serial != serial_ || r.member_done) return 0;
    for (;;) {
      const la_ssize_t n = archive_read_data(r.a, buffer, size);
      if (n > 0) {
        r.given += static_cast<std::uint64_t>(n);
        return static_cast<std::size_t>(n);
      }
      if (n == 0) {
        r.member_done = true;
        return 0;
      }
      if (n == ARCHIVE_RETRY) continue;
      r.failure = r.failure_here(r.given);
      r.member_done = true;
      // After a damaged stream nothing further can be trusted; a damaged
      // zip member (its own compression) leaves the others readable.
      if (n == ARCHIVE_FATAL) r.fatal = true;
      return 0;
    }
  }

 private:
  std::shared_ptr<Reader> reader_;
  std::uint64_t serial_;
};

}  // namespace

const Failure& Member::failure() const {
  static const Failure none;
  return reader ? reader->failure : none;
}

Members::Members(std::unique_ptr<text::ByteSource> source, std::function<Failure()> compressed)
    : reader_(std::make_shared<Reader>()) {
  Reader& r = *reader_;
  r.source = std::move(source);
  r.compressed = std::move(compressed);
  r.input.resize(std::size_t{1} << 20);
  r.a = archive_read_new();
  // Formats only: a compression around the archive is decompress.hpp's.
  archive_read_support_format_tar(r.a);
  archive_read_support_format_zip_streamable(r.a);
  if (archive_read_open(r.a, &r, nullptr, &Reader::read_callback, nullptr) != ARCHIVE_OK) {
    r.error = r.failure_here(0);
    r.fatal = true;
  }
}

Members::~Members() = default;

bool Members::next(Member& member) {
  Reader& r = *reader_;
  if (r.fatal) return false;
  for (;;) {
    archive_entry* entry = nullptr;
    int status = archive_read_next_header(r.a, &entry);
    if (status == ARCHIVE_RETRY) continue;
    if (status == ARCHIVE_EOF) {
      r.fatal = true;
      return false;
    }
    if (status < ARCHIVE_WARN) {
      r.error = r.failure_here(0);
      r.fatal = true;
      return false;
    }
    if (archive_entry_filetype(entry) != AE_IFREG) continue;  // directories, links
    ++r.serial;
    r.given = 0;
    r.failure = Failure();
    r.member_done = false;
    const char* path = archive_entry_pathname_utf8(entry);
    if (!path) path = archive_entry_pathname(entry);
    member.name = path ? std::string(path) : std::string("?");
    member.size = archive_entry_size_is_set(entry) ? archive_entry_size(entry) : -1;
    member.reader = reader_;
    member.bytes = std::make_unique<MemberBytes>(reader_);
    return true;
  }
}

const Failure& Members::error() const { return reader_->error; }

}  // namespace notera::input::archive
