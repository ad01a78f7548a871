// A progress line on stderr while a long run works (only when stderr is a
// terminal): bytes done, games/s, and the time left when the size is known.
#pragma once

#include <chrono>
#include <cstdint>

#include "command.hpp"

namespace notera::cli {

class Progress {
 public:
  explicit Progress(Context& context);
  void add_total(std::uint64_t bytes) { total_ += bytes; }
  void update(std::uint64_t bytes, std::int64_t games);
  void clear();  // erase the line (before other output, and at the end)

 private:
  Context& context_;
  std::uint64_t total_ = 0;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
  bool shown_ = false;
};

}  // namespace notera::cli
