#include "notera/text/source.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <istream>
#include <system_error>
#include <utility>

namespace notera::text {

std::size_t FdSource::read(char* buffer, std::size_t size) {
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, size);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "read");
  }
}

std::size_t FileSource::read(char* buffer, std::size_t size) {
  const std::size_t n = std::fread(buffer, 1, size, file_);
  if (n == 0 && std::ferror(file_)) throw std::system_error(errno, std::generic_category(), "fread");
  return n;
}

std::size_t StreamSource::read(char* buffer, std::size_t size) {
  stream_.read(buffer, static_cast<std::streamsize>(size));
  const std::streamsize n = stream_.gcount();
  if (n == 0 && stream_.bad()) throw std::system_error(EIO, std::generic_category(), "istream");
  return static_cast<std::size_t>(n);
}

std::size_t MemorySource::read(char* buffer, std::size_t size) {
  const std::size_t n = std::min(size, bytes_.size());
  if (n != 0) std::memcpy(buffer, bytes_.data(), n);
  bytes_.remove_prefix(n);
  return n;
}

std::size_t PrefixedSource::read(char* buffer, std::size_t size) {
  if (consumed_ < prefix_.size()) {
    const std::size_t n = std::min(size, prefix_.size() - consumed_);
    std::memcpy(buffer, prefix_.data() + consumed_, n);
    consumed_ += n;
    if (consumed_ == prefix_.size()) {
      std::string().swap(prefix_);  // give the memory back, then read on from rest_
      consumed_ = 0;
    }
    return n;
  }
  return rest_.read(buffer, size);
}

std::size_t read_fully(ByteSource& source, char* out, std::size_t size) {
  std::size_t total = 0;
  while (total < size) {
    const std::size_t n = source.read(out + total, size - total);
    if (n == 0) break;
    total += n;
  }
  return total;
}

}  // namespace notera::text
