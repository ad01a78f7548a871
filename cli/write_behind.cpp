#include "write_behind.hpp"

#include <cerrno>
#include <cstring>
#include <memory>
#include <utility>

namespace notera::cli {

WriteBehind::WriteBehind(Sink sink, int blocks) : sink_(std::move(sink)) {
  for (int i = 0; i < blocks; ++i) free_.emplace_back();
  thread_ = std::thread([this] { run(); });
}

WriteBehind::~WriteBehind() { finish(); }

void WriteBehind::run() {
  for (;;) {
    std::string block;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [this] { return end_ || !full_.empty(); });
      if (full_.empty()) return;  // and end_
      block = std::move(full_.front());
      full_.pop_front();
    }
    // After a failure the rest is only given back: the converter learns of
    // the failure at its next write and stops.
    const int error = error_ == 0 ? sink_(block.data(), block.size()) : 0;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (error != 0 && error_ == 0) error_ = error;
      block.clear();
      free_.push_back(std::move(block));
    }
    changed_.notify_all();
  }
}

int WriteBehind::write(const char* data, std::size_t size) {
  std::string block;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return error_ != 0 || !free_.empty(); });
    if (error_ != 0) return error_;
    block = std::move(free_.back());
    free_.pop_back();
  }
  block.assign(data, size);  // the stream's buffer is reused as soon as we return
  {
    std::lock_guard<std::mutex> lock(mutex_);
    full_.push_back(std::move(block));
  }
  changed_.notify_all();
  return 0;
}

int WriteBehind::finish() {
  if (!finished_) {
    finished_ = true;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      end_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }
  return error_;
}

namespace {

struct Cookie {
  WriteBehind behind;
  std::function<int()> close;

  static ssize_t write(void* cookie, const char* data, std::size_t size) {
    const int error = static_cast<Cookie*>(cookie)->behind.write(data, size);
    if (error == 0) return static_cast<ssize_t>(size);
    errno = error;
    return -1;
  }

  static int close_stream(void* cookie) {
    std::unique_ptr<Cookie> self(static_cast<Cookie*>(cookie));
    int error = self->behind.finish();
    const int closing = self->close ? self->close() : 0;
    if (error == 0) error = closing;
    if (error == 0) return 0;
    errno = error;
    return -1;
  }
};

}  // namespace

std::FILE* write_behind_stream(WriteBehind::Sink sink, std::function<int()> close) {
  // Built in place: a WriteBehind's thread holds its address.
  std::unique_ptr<Cookie> cookie(new Cookie{WriteBehind(std::move(sink)), std::move(close)});
  const cookie_io_functions_t functions{nullptr, &Cookie::write, nullptr, &Cookie::close_stream};
  std::FILE* file = ::fopencookie(cookie.get(), "w", functions);
  if (file) cookie.release();  // the stream's now: close_stream frees it
  return file;
}

}  // namespace notera::cli
