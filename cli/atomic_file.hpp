// An output file that appears only when it is complete: written to a
// temporary file beside it and renamed into place by commit(). A run that
// is interrupted or fails leaves any old file of that name untouched.
#pragma once

#include <cstdio>
#include <string>

namespace notera::cli {

class AtomicFile {
 public:
  explicit AtomicFile(std::string path) : path_(std::move(path)) {}
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  bool open();      // creates the temporary file
  bool commit();    // flushes, syncs and renames it into place
  void discard();   // removes it
  std::FILE* stream() const { return file_; }
  const std::string& path() const { return path_; }
  const std::string& error() const { return error_; }

 private:
  std::string path_;
  std::string temporary_;
  std::FILE* file_ = nullptr;
  std::string error_;
};

std::string fmt_seconds(double seconds);

}  // namespace notera::cli
