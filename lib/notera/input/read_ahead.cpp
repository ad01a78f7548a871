#include "read_ahead.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

namespace notera::input {

ReadAhead::ReadAhead(std::unique_ptr<text::ByteSource> inner, std::size_t block, int blocks)
    : inner_(std::move(inner)), block_(block) {
  for (int i = 0; i < blocks; ++i) free_.emplace_back();
  thread_ = std::thread([this] { run(); });
}

ReadAhead::~ReadAhead() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void ReadAhead::run() {
  for (;;) {
    std::string buffer;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [this] { return stop_ || !free_.empty(); });
      if (stop_) return;
      buffer = std::move(free_.back());
      free_.pop_back();
    }
    buffer.resize(block_);
    std::size_t n = 0;
    std::exception_ptr error;
    try {
      n = text::read_fully(*inner_, buffer.data(), buffer.size());
    } catch (...) {
      error = std::current_exception();
    }
    buffer.resize(n);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (n > 0) full_.push_back(std::move(buffer));
      // read_fully stops short only at the end of the input.
      if (error || n < block_) {
        error_ = error;
        end_ = true;
      }
    }
    changed_.notify_all();
    if (error || n < block_) return;
  }
}

std::size_t ReadAhead::read(char* buffer, std::size_t size) {
  if (pos_ == current_.size()) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (holding_) {
      free_.push_back(std::move(current_));
      holding_ = false;
      changed_.notify_all();
    }
    current_.clear();
    pos_ = 0;
    changed_.wait(lock, [this] { return !full_.empty() || end_; });
    if (full_.empty()) {
      if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
      return 0;
    }
    current_ = std::move(full_.front());
    full_.pop_front();
    holding_ = true;
  }
  const std::size_t n = std::min(size, current_.size() - pos_);
  std::memcpy(buffer, current_.data() + pos_, n);
  pos_ += n;
  return n;
}

bool ReadAhead::ended() {
  std::lock_guard<std::mutex> lock(mutex_);
  return end_;
}

}  // namespace notera::input
