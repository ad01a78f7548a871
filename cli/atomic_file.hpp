// An output file that appears only when it is complete: written to a
// temporary file beside it and renamed into place by commit(). A run that
// is interrupted or fails leaves any old file of that name untouched.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace notera::cli {

// How an output is compressed, chosen by its name: ".gz", ".bz2", ".xz",
// ".zst"; anything else is written as it is.
enum class Compression { none, gzip, bzip2, xz, zstd };
Compression compression_by_name(std::string_view path);

class AtomicFile {
 public:
  explicit AtomicFile(std::string path) : path_(std::move(path)) {}
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Creates the temporary file; with a compression, stream() compresses
  // what is written to it (libarchive's filters, as the input is read).
  // A compressed output is compressed and written on a thread of the
  // stream's own (write_behind.hpp); a failure shows at a later write or
  // at commit().
  bool open(Compression compression = Compression::none);
  // Flushes it and renames it into place; with `sync`, first waits until
  // it is on the disk (a file that must survive a power cut once it is said
  // to be saved, such as a sheet being typed). With `replace` false, a file
  // that is already there is left as it is and commit() fails (existed()
  // tells): the temporary file is linked into place, which, unlike a
  // rename, never takes the place of another file.
  bool commit(bool sync = false, bool replace = true);
  bool existed() const { return existed_; }
  void discard();  // removes it
  std::FILE* stream() const { return file_; }
  const std::string& path() const { return path_; }
  const std::string& temporary() const { return temporary_; }  // empty when not open
  const std::string& error() const { return error_; }

 private:
  void give_buffer();  // right after the stream is opened

  std::string path_;
  std::string temporary_;
  std::FILE* file_ = nullptr;
  int fd_ = -1;  // the temporary file's when file_ compresses to it (else file_ owns it)
  std::unique_ptr<char[]> buffer_;  // the stream's; freed after it is closed
  std::string error_;
  bool existed_ = false;
};

// Bytes of output buffered before each write(2). glibc's own buffer is 4 KiB
// (setvbuf without a buffer of ours keeps that size): 15,000 system calls
// for a 60 MB conversion instead of 60.
inline constexpr std::size_t output_buffer_size = std::size_t{1} << 20;

// Gives stdout a buffer of output_buffer_size when it is not a terminal
// (there, lines should appear as they are written). Call before the first
// write.
void buffer_stdout();

}  // namespace notera::cli
