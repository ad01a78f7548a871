#include "archive.hpp"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <vector>

namespace notera::input::archive {

namespace {

bool starts_with_bytes(std::string_view head, std::string_view magic) {
  return head.size() >= magic.size() && std::memcmp(head.data(), magic.data(), magic.size()) == 0;
}

using namespace std::string_view_literals;

}  // namespace

Container detect(std::string_view head) {
  // Compressions (RFC 1952, bzip2, xz, RFC 8878 with its skippable frames).
  if (starts_with_bytes(head, "\x1F\x8B"sv)) return Container::compressed;
  if (starts_with_bytes(head, "BZh"sv) && head.size() > 3 && head[3] >= '1' && head[3] <= '9')
    return Container::compressed;
  if (starts_with_bytes(head,
                        "\xFD"
                        "7zXZ\0"sv))
    return Container::compressed;
  if (starts_with_bytes(head, "\x28\xB5\x2F\xFD"sv)) return Container::compressed;
  if (head.size() >= 4 && (static_cast<unsigned char>(head[0]) & 0xF0) == 0x50 &&
      head.substr(1, 3) == "\x2A\x4D\x18"sv)
    return Container::compressed;
  // Zip: a local file header, or the end record alone (an empty zip).
  if (starts_with_bytes(head, "PK\x03\x04"sv) || starts_with_bytes(head, "PK\x05\x06"sv) ||
      starts_with_bytes(head, "PK\x07\x08"sv))
    return Container::archive;
  // Tar: "ustar" in the first header, or the end-of-archive blocks of an
  // empty tar (zeros; no text file starts with 512 NULs).
  if (head.size() >= 262 && head.substr(257, 5) == "ustar") return Container::archive;
  if (head.size() >= 512 && std::all_of(head.begin(), head.begin() + 512, [](char c) { return c == 0; }))
    return Container::archive;
  return Container::plain;
}

struct Reader {
  ::archive* a = nullptr;
  std::unique_ptr<text::ByteSource> source;
  std::vector<char> input;  // what the read callback hands libarchive
  std::string source_error;
  Failure failure;           // of the member being read
  Failure error;             // of the archive itself
  std::uint64_t given = 0;   // bytes of the current member given out
  std::uint64_t serial = 0;  // which member is current
  bool member_done = false;
  bool fatal = false;  // nothing more can be read
  bool single = false;

  ~Reader() {
    if (a) archive_read_free(a);
  }

  std::uint64_t input_offset() const {
    const la_int64_t n = archive_filter_bytes(a, -1);
    return n > 0 ? static_cast<std::uint64_t>(n) : 0;
  }

  std::string what() const {
    const char* s = archive_error_string(a);
    return s && *s ? s : "unknown error";
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
      r.failure = Failure{r.what(), r.given, r.input_offset()};
      r.member_done = true;
      // After a damaged stream nothing further can be trusted; a damaged
      // zip member (its own compression) leaves the others readable.
      if (n == ARCHIVE_FATAL || r.single) r.fatal = true;
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

Members::Members(std::unique_ptr<text::ByteSource> source) : reader_(std::make_shared<Reader>()) {
  Reader& r = *reader_;
  r.source = std::move(source);
  r.input.resize(std::size_t{1} << 20);
  r.a = archive_read_new();
  archive_read_support_filter_gzip(r.a);
  archive_read_support_filter_bzip2(r.a);
  archive_read_support_filter_xz(r.a);
  archive_read_support_filter_zstd(r.a);
  archive_read_support_format_tar(r.a);
  archive_read_support_format_zip_streamable(r.a);
  archive_read_support_format_empty(r.a);
  archive_read_support_format_raw(r.a);  // one compressed file, not an archive
  if (archive_read_open(r.a, &r, nullptr, &Reader::read_callback, nullptr) != ARCHIVE_OK) {
    r.error = Failure{r.what(), 0, r.input_offset()};
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
      r.error = Failure{r.what(), 0, r.input_offset()};
      r.fatal = true;
      return false;
    }
    r.single = archive_format(r.a) == ARCHIVE_FORMAT_RAW;
    if (!r.single && archive_entry_filetype(entry) != AE_IFREG) continue;  // directories, links
    ++r.serial;
    r.given = 0;
    r.failure = Failure();
    r.member_done = false;
    const char* path = archive_entry_pathname_utf8(entry);
    if (!path) path = archive_entry_pathname(entry);
    member.name = r.single || !path ? std::string() : std::string(path);
    member.size = archive_entry_size_is_set(entry) && !r.single ? archive_entry_size(entry) : -1;
    member.reader = reader_;
    member.bytes = std::make_unique<MemberBytes>(reader_);
    return true;
  }
}

bool Members::single() const { return reader_->single; }

const Failure& Members::error() const { return reader_->error; }

}  // namespace notera::input::archive
