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

// libarchive's own words on one line: some of its messages end in a
// newline ("ZIP compressed data is wrong size (...)\n"), and a message is
// one line.
std::string one_line(const char* what) {
  std::string line;
  for (const char* c = what; c && *c; ++c) {
    const bool blank = *c == '\n' || *c == '\r' || *c == '\t';
    if (blank) {
      if (!line.empty() && line.back() != ' ') line += ' ';
    } else {
      line += *c;
    }
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line.empty() ? std::string("unknown error") : line;
}

struct Reader {
  ::archive* a = nullptr;
  std::unique_ptr<text::ByteSource> source;
  std::vector<char> input;              // what the read callback hands libarchive
  std::size_t input_pos = 0;            // ... up to here so far
  std::size_t input_size = 0;           // ... of so much read
  std::function<Failure()> compressed;  // why the bytes under the archive stopped, if compressed
  Failure failure;                      // of the member being read
  Failure error;                        // of the archive itself, met before the member given out last
  std::uint64_t handed = 0;             // archive bytes handed to libarchive
  bool source_ended = false;            // ... all of them
  std::uint64_t given = 0;              // bytes of the current member given out
  std::uint64_t serial = 0;             // which member is current
  // The block of the current member that libarchive gave and that is not
  // given out yet (valid until the next archive_read_data_block).
  const char* block = nullptr;
  std::size_t block_left = 0;
  std::uint64_t block_offset = 0;  // in the member, of block[0]
  bool member_done = false;
  bool fatal = false;  // nothing more can be read
  bool asked = false;  // for a member (error() then says what came before it)

  ~Reader() {
    if (a) archive_read_free(a);
  }

  // Where libarchive has got to in the archive's bytes (as it reads them:
  // decompressed, when the archive is inside a compression).
  std::uint64_t position() const {
    const la_int64_t n = archive_filter_bytes(a, -1);
    return n > 0 ? static_cast<std::uint64_t>(n) : 0;
  }

  // Why reading stopped, `offset` bytes into the member or the archive,
  // at byte `at` of the archive: the compression's reason first (a tar cut
  // short inside a .tar.gz is a gzip stream cut short).
  Failure failure_here(std::uint64_t offset, std::uint64_t at) const {
    if (compressed) {
      Failure f = compressed();
      if (f) {
        f.offset = offset;
        return f;
      }
    }
    Failure f{one_line(archive_error_string(a)), offset, at};
    f.in_archive = true;
    return f;
  }

  // What is read from the source is handed to libarchive a slice at a
  // time: a zip member's deflate data is inflated, per call, from what the
  // slice holds into up to 256 KiB of text, and all of that is lost when
  // the call meets damage; small slices make that little (a tar member's
  // data comes out in slices, at no cost worth measuring).
  static constexpr std::size_t slice = std::size_t{16} << 10;

  static la_ssize_t read_callback(::archive* a, void* client, const void** buffer) {
    auto* self = static_cast<Reader*>(client);
    try {
      if (self->input_pos == self->input_size) {
        self->input_pos = 0;
        self->input_size = self->source->read(self->input.data(), self->input.size());
      }
      const std::size_t n = std::min(slice, self->input_size - self->input_pos);
      *buffer = self->input.data() + self->input_pos;
      self->input_pos += n;
      self->handed += n;
      if (n == 0) self->source_ended = true;
      return static_cast<la_ssize_t>(n);
    } catch (const std::exception& e) {
      archive_set_error(a, EIO, "%s", e.what());
      return -1;
    }
  }

  // After the archive's end: the rest of its bytes are read, so that a
  // compression around it checks them (gzip's CRC and length, xz's check,
  // a cut after the end), and why they stopped is the archive's error.
  void finish() {
    try {
      handed += input_size - input_pos;
      input_pos = input_size;
      while (!source_ended) {
        const std::size_t n = source->read(input.data(), input.size());
        handed += n;
        source_ended = n == 0;
      }
    } catch (const std::exception& e) {
      if (!error) {
        error = Failure{one_line(e.what()), handed, handed};
        error.in_archive = true;
      }
      return;
    }
    if (compressed && !error) error = compressed();
  }
};

namespace {

// The bytes of the current member; reads nothing once another member is
// current. Block by block (archive_read_data_block), not through
// archive_read_data(), which drops the bytes it had copied in a call that
// then meets the damage: here every byte libarchive gives before the
// damage is given out, the block it comes with included.
class MemberBytes final : public text::ByteSource {
 public:
  MemberBytes(std::shared_ptr<Reader> reader) : reader_(std::move(reader)), serial_(reader_->serial) {}
  std::size_t read(char* buffer, std::size_t size) override {
    Reader& r = *reader_;
    if (r.serial != serial_ || size == 0) return 0;
    for (;;) {
      if (r.block_left > 0) {
        // A sparse member's hole reads as NULs, as archive_read_data() gives it.
        if (r.block_offset > r.given) {
          const std::size_t n =
              static_cast<std::size_t>(std::min<std::uint64_t>(size, r.block_offset - r.given));
          std::memset(buffer, 0, n);
          r.given += n;
          return n;
        }
        const std::size_t n = std::min(size, r.block_left);
        std::memcpy(buffer, r.block, n);
        r.block += n;
        r.block_left -= n;
        r.block_offset += n;
        r.given += n;
        return n;
      }
      if (r.member_done) return 0;
      const void* block = nullptr;
      std::size_t block_size = 0;
      la_int64_t offset = 0;
      const int status = archive_read_data_block(r.a, &block, &block_size, &offset);
      if (status == ARCHIVE_RETRY) continue;
      if (status == ARCHIVE_EOF) {
        r.member_done = true;
        return 0;
      }
      if (status >= ARCHIVE_WARN && block && block_size > 0) {
        r.block = static_cast<const char*>(block);
        r.block_left = block_size;
        r.block_offset = offset > 0 ? static_cast<std::uint64_t>(offset) : r.given;
        if (r.block_offset < r.given) r.block_offset = r.given;  // never back
      }
      if (status == ARCHIVE_OK) continue;
      // The member stops here: after the block that came with a warning
      // (a zip member's wrong CRC or size, found with its last block), or
      // at once. Its bytes end where libarchive met the damage.
      r.member_done = true;
      const std::uint64_t end = r.given + r.block_left;
      r.failure = r.failure_here(end, r.source_ended && status == ARCHIVE_FATAL ? r.handed : r.position());
      // After a damaged stream nothing further can be trusted; a damaged
      // zip member (its own compression) leaves the others readable.
      if (status == ARCHIVE_FATAL) r.fatal = true;
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
  // Tars one after the other (cat a.tar b.tar, or .tar.gz files so
  // joined) are read to the last, as `tar -i` reads them: their end blocks
  // are passed over, and what follows the last is read too, so that data
  // after the end is found rather than ignored.
  archive_read_set_format_option(r.a, "tar", "read_concatenated_archives", "1");
  if (archive_read_open(r.a, &r, nullptr, &Reader::read_callback, nullptr) != ARCHIVE_OK) {
    // Before the first header (a tar cut inside it): met where the bytes end.
    r.error = r.failure_here(r.handed, r.handed);
    r.fatal = true;
  }
}

Members::~Members() = default;

bool Members::next(Member& member) {
  Reader& r = *reader_;
  // The caller has seen the error of the call before (or of the opening).
  if (r.asked) r.error = Failure();
  r.asked = true;
  if (r.fatal) return false;
  // Blocks that are no header (a damaged one, or what follows an archive's
  // end that is not another) are passed over, as `tar -i` does, to the
  // next header: reported once, from where they start to where reading
  // went on.
  std::uint64_t damaged_from = 0;
  for (;;) {
    archive_entry* entry = nullptr;
    const std::uint64_t before = r.position();
    const int status = archive_read_next_header(r.a, &entry);
    if (status == ARCHIVE_RETRY) {
      const std::uint64_t after = r.position();
      if (!r.error) {
        damaged_from = after >= 512 ? after - 512 : 0;
        r.error = r.failure_here(damaged_from, damaged_from);
      }
      r.error.end = after;
      if (after == before) {  // nothing moves: give up here
        r.fatal = true;
        return false;
      }
      continue;
    }
    if (status == ARCHIVE_EOF) {
      r.fatal = true;
      r.finish();
      return false;
    }
    if (status < ARCHIVE_WARN) {
      // Cut short inside a header: the damage is met where the bytes end.
      const std::uint64_t at = r.source_ended ? r.handed : r.position();
      if (!r.error) {
        r.error = r.failure_here(at, at);
      } else {
        r.error.end = at;  // passed over to the end
      }
      r.fatal = true;
      return false;
    }
    if (archive_entry_filetype(entry) != AE_IFREG) continue;  // directories, links
    ++r.serial;
    r.given = 0;
    r.block = nullptr;
    r.block_left = 0;
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
