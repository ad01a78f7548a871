// Where input bytes come from: a file descriptor, a FILE*, an std::istream
// or memory, behind one small interface so that the encoding detector and
// the game splitter read any input the same way, in large chunks.
#pragma once

#include <cstddef>
#include <cstdio>
#include <iosfwd>
#include <string>
#include <string_view>

namespace notera::text {

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Reads up to `size` bytes into `buffer`. Returns 0 only at the end of
  // the input; throws std::system_error when reading fails.
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
};

// A POSIX file descriptor (a file, a pipe, stdin). Does not close it.
class FdSource final : public ByteSource {
 public:
  explicit FdSource(int fd) : fd_(fd) {}
  std::size_t read(char* buffer, std::size_t size) override;

 private:
  int fd_;
};

// A C stream. Does not close it.
class FileSource final : public ByteSource {
 public:
  explicit FileSource(std::FILE* file) : file_(file) {}
  std::size_t read(char* buffer, std::size_t size) override;

 private:
  std::FILE* file_;
};

class StreamSource final : public ByteSource {
 public:
  explicit StreamSource(std::istream& stream) : stream_(stream) {}
  std::size_t read(char* buffer, std::size_t size) override;

 private:
  std::istream& stream_;
};

// Bytes in memory; the caller keeps them alive.
class MemorySource final : public ByteSource {
 public:
  explicit MemorySource(std::string_view bytes) : bytes_(bytes) {}
  std::size_t read(char* buffer, std::size_t size) override;

 private:
  std::string_view bytes_;
};

// Gives back bytes that were already read (the prefix an encoding detector
// looked at) and then continues with the rest of the input.
class PrefixedSource final : public ByteSource {
 public:
  PrefixedSource(std::string prefix, ByteSource& rest) : prefix_(std::move(prefix)), rest_(rest) {}
  std::size_t read(char* buffer, std::size_t size) override;

 private:
  std::string prefix_;
  std::size_t consumed_ = 0;
  ByteSource& rest_;
};

// Reads until `size` bytes are in `out` or the input ends (a pipe may
// deliver less per read). Returns the number of bytes read.
std::size_t read_fully(ByteSource& source, char* out, std::size_t size);

}  // namespace notera::text
