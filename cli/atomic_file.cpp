#include "atomic_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace notera::cli {

AtomicFile::~AtomicFile() { discard(); }

bool AtomicFile::open() {
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
  file_ = ::fdopen(fd, "wb");
  if (!file_) {
    error_ = std::strerror(errno);
    ::close(fd);
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

bool AtomicFile::commit(bool sync) {
  if (!file_) return false;
  // No fsync by default: the rename is what makes the file appear only when
  // complete; syncing a large output to disk would double the run time for
  // no gain against interruption (it only matters after a power loss).
  bool ok = std::fflush(file_) == 0;
  if (ok && sync && ::fsync(::fileno(file_)) != 0) ok = false;
  if (!ok) error_ = std::strerror(errno);
  if (std::fclose(file_) != 0 && ok) {
    ok = false;
    error_ = std::strerror(errno);
  }
  file_ = nullptr;
  if (ok && !temporary_.empty() && std::rename(temporary_.c_str(), path_.c_str()) != 0) {
    ok = false;
    error_ = std::strerror(errno);
  }
  if (!ok && !temporary_.empty()) ::unlink(temporary_.c_str());
  temporary_.clear();
  return ok;
}

void AtomicFile::discard() {
  if (file_) {
    std::fclose(file_);
    file_ = nullptr;
  }
  if (!temporary_.empty()) {
    ::unlink(temporary_.c_str());
    temporary_.clear();
  }
}

std::string fmt_seconds(double seconds) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", seconds);
  return buffer;
}

}  // namespace notera::cli
