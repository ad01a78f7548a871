// Writes an output on a thread of its own, the counterpart of the input's
// ReadAhead (lib/notera/input/read_ahead.hpp): compressing a ".zst", ".gz",
// ".xz" or ".bz2" output overlaps with converting games instead of
// following each megabyte of them, and no longer holds up the pipeline's
// last (serial) stage: `convert --jobs 1 -o out.pgn.zst` on the first
// 100,000 corpus games took 1.45 s with the compressing in line, 0.85 s
// with it here (a plain output, 0.95 s). Memory stays flat: a few blocks
// are queued at most, and the converter waits when they are all full.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace notera::cli {

class WriteBehind {
 public:
  // Writes all of the bytes, or returns an errno value; called on the
  // writing thread only, one block after the other, in order.
  using Sink = std::function<int(const char* data, std::size_t size)>;

  explicit WriteBehind(Sink sink, int blocks = 3);
  ~WriteBehind();  // finishes first
  WriteBehind(const WriteBehind&) = delete;
  WriteBehind& operator=(const WriteBehind&) = delete;

  // Queues a copy of the bytes, waiting while every block is queued.
  // Returns 0, or the errno of a write that failed before: after a failure
  // nothing more is written, and the failure is given to every call.
  int write(const char* data, std::size_t size);
  // Waits until everything queued is written (the thread ends); returns 0
  // or the first failure's errno. Nothing may be written after it.
  int finish();

 private:
  void run();

  Sink sink_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> full_;  // to write, in order
  std::vector<std::string> free_;
  bool end_ = false;  // nothing more will be queued
  int error_ = 0;     // the first failed write's errno
  bool finished_ = false;
  std::thread thread_;  // last: started when everything else is ready
};

// A C stream that writes through a WriteBehind to `sink`: the writers of an
// output write to it as to any file. Closing it waits until everything is
// written, then calls `close` (which may be empty; an errno value or 0);
// fclose fails with the first errno of the two.
std::FILE* write_behind_stream(WriteBehind::Sink sink, std::function<int()> close);

}  // namespace notera::cli
