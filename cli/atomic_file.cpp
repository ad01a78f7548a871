#include "atomic_file.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "write_behind.hpp"

namespace notera::cli {

AtomicFile::~AtomicFile() { discard(); }

Compression compression_by_name(std::string_view path) {
  // By the name's ending in any case: 'GAMES.PGN.GZ' is gzip too.
  auto ends = [path](std::string_view suffix) {
    if (path.size() <= suffix.size()) return false;
    const std::string_view end = path.substr(path.size() - suffix.size());
    return std::equal(end.begin(), end.end(), suffix.begin(),
                      [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
  };
  if (ends(".gz")) return Compression::gzip;
  if (ends(".bz2")) return Compression::bzip2;
  if (ends(".xz")) return Compression::xz;
  if (ends(".zst")) return Compression::zstd;
  return Compression::none;
}

namespace {

// A compressed stream on a file descriptor, as a C stream: the writers of
// the output write to it as to any file, and the compressing is done on the
// stream's own thread (write_behind.hpp). libarchive's raw format writes
// the one "entry" as a bare compressed stream. The descriptor stays open.
std::FILE* compressing_stream(int fd, Compression compression, std::string& error) {
  ::archive* a = archive_write_new();
  int status = ARCHIVE_OK;
  switch (compression) {
    case Compression::gzip: status = archive_write_add_filter_gzip(a); break;
    case Compression::bzip2: status = archive_write_add_filter_bzip2(a); break;
    case Compression::xz: status = archive_write_add_filter_xz(a); break;
    case Compression::zstd: status = archive_write_add_filter_zstd(a); break;
    case Compression::none: break;
  }
  archive_entry* entry = archive_entry_new();
  archive_entry_set_pathname(entry, "output");
  archive_entry_set_filetype(entry, AE_IFREG);
  if (status == ARCHIVE_OK) status = archive_write_set_format_raw(a);
  // No padding after the last byte: the file ends where the stream ends.
  if (status == ARCHIVE_OK) status = archive_write_set_bytes_in_last_block(a, 1);
  if (status == ARCHIVE_OK) status = archive_write_open_fd(a, fd);
  if (status == ARCHIVE_OK) status = archive_write_header(a, entry);
  archive_entry_free(entry);
  if (status != ARCHIVE_OK) {
    const char* what = archive_error_string(a);
    error = what ? what : "cannot compress";
    archive_write_free(a);
    return nullptr;
  }
  auto failure = [a] { return archive_errno(a) > 0 ? archive_errno(a) : EIO; };
  std::FILE* file = write_behind_stream(
      [a, failure](const char* data, std::size_t size) {
        while (size > 0) {
          const la_ssize_t n = archive_write_data(a, data, size);
          if (n <= 0) return failure();
          data += n;
          size -= static_cast<std::size_t>(n);
        }
        return 0;
      },
      [a, failure] {  // the compressed stream's trailer
        const int closing = archive_write_close(a) == ARCHIVE_OK ? 0 : failure();
        archive_write_free(a);
        return closing;
      });
  if (!file) {
    error = std::strerror(errno);
    archive_write_free(a);
  }
  return file;
}

}  // namespace

bool AtomicFile::open(Compression compression) {
  // Not a regular file (/dev/null, a pipe, a terminal): write to it directly;
  // renaming over it would replace the device or the pipe.
  struct stat st {};
  if (::stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    file_ = std::fopen(path_.c_str(), "wb");
    if (!file_) {
      error_ = std::strerror(errno);
      return false;
    }
    give_buffer();
    return true;
  }
  const std::size_t slash = path_.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path_.substr(0, slash);
  const std::string name = slash == std::string::npos ? path_ : path_.substr(slash + 1);
  std::string pattern = dir + "/." + name + ".notera-XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  const int fd = ::mkstemp(buffer.data());
  if (fd < 0) {
    error_ = std::strerror(errno);
    return false;
  }
  // Keep the permissions a new file would get (mkstemp uses 0600).
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  temporary_ = buffer.data();
  if (compression != Compression::none) {
    file_ = compressing_stream(fd, compression, error_);
    fd_ = fd;  // the compressing stream leaves it open
  } else {
    // Written by the converting thread itself: a plain output is cheap to
    // write, and `--jobs 1` then takes one core (bench/compare-anchors).
    file_ = ::fdopen(fd, "wb");
    if (!file_) error_ = std::strerror(errno);
  }
  if (!file_) {
    ::close(fd);
    fd_ = -1;
    ::unlink(temporary_.c_str());
    temporary_.clear();
    return false;
  }
  give_buffer();
  return true;
}

void AtomicFile::give_buffer() {
  buffer_ = std::make_unique_for_overwrite<char[]>(output_buffer_size);
  std::setvbuf(file_, buffer_.get(), _IOFBF, output_buffer_size);
}

void buffer_stdout() {
  if (::isatty(STDOUT_FILENO)) return;
  // Static, never freed: stdout is flushed after static objects are gone.
  static char buffer[output_buffer_size];
  std::setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
}

bool AtomicFile::commit(bool sync, bool replace) {
  if (!file_) return false;
  // No fsync by default: the rename is what makes the file appear only when
  // complete; syncing a large output to disk would double the run time for
  // no gain against interruption (it only matters after a power loss).
  bool ok = std::fflush(file_) == 0;
  if (ok && sync && fd_ < 0 && ::fsync(::fileno(file_)) != 0) ok = false;
  if (!ok) error_ = std::strerror(errno);
  // A compressed output: closing the stream waits until its thread has
  // written everything; the descriptor is synced and closed after that.
  if (std::fclose(file_) != 0 && ok) {
    ok = false;
    error_ = std::strerror(errno);
  }
  file_ = nullptr;
  if (fd_ >= 0) {
    if (ok && sync && ::fsync(fd_) != 0) {
      ok = false;
      error_ = std::strerror(errno);
    }
    if (::close(fd_) != 0 && ok) {
      ok = false;
      error_ = std::strerror(errno);
    }
    fd_ = -1;
  }
  if (ok && !temporary_.empty()) {
    const bool placed = replace ? std::rename(temporary_.c_str(), path_.c_str()) == 0
                                : ::link(temporary_.c_str(), path_.c_str()) == 0;
    if (!placed) {
      ok = false;
      existed_ = errno == EEXIST;
      error_ = std::strerror(errno);
    }
  }
  // A link leaves the temporary name behind: it goes in every case.
  if ((!ok || !replace) && !temporary_.empty()) ::unlink(temporary_.c_str());
  temporary_.clear();
  return ok;
}

void AtomicFile::discard() {
  if (file_) {
    std::fclose(file_);
    file_ = nullptr;
  }
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  if (!temporary_.empty()) {
    ::unlink(temporary_.c_str());
    temporary_.clear();
  }
}

}  // namespace notera::cli
