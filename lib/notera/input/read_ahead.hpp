// Reads a byte source ahead on a thread of its own, so that decompressing
// an input overlaps with reading its games: a compressed input then costs
// about the time of a plain one where a core is free. Holds a few blocks
// at most (memory stays flat). Plain files do not need it: the kernel
// reads them ahead.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "notera/text/source.hpp"

namespace notera::input {

class ReadAhead final : public text::ByteSource {
 public:
  explicit ReadAhead(std::unique_ptr<text::ByteSource> inner, std::size_t block = std::size_t{512} << 10,
                     int blocks = 4);
  ~ReadAhead() override;
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;
  // As the inner source's read; its exceptions are thrown here, in order.
  // After the end, whatever the inner source left behind (a
  // decompressor's failure) is safe to look at.
  std::size_t read(char* buffer, std::size_t size) override;
  // Whether the inner source has ended: only then may what it left behind
  // be looked at from another thread.
  bool ended();

 private:
  void run();

  std::unique_ptr<text::ByteSource> inner_;
  std::size_t block_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> full_;  // read, in order
  std::vector<std::string> free_;
  std::string current_;  // being given out
  std::size_t pos_ = 0;
  bool holding_ = false;  // current_ is a block taken from full_
  bool end_ = false;      // the inner source has ended (or failed)
  bool stop_ = false;     // the reader is going away
  std::exception_ptr error_;
  std::thread thread_;  // last: started when everything else is ready
};

}  // namespace notera::input
