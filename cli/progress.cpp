#include "progress.hpp"

#include <cstdio>
#include <iostream>
#include <string>

namespace notera::cli {

namespace {

double megabytes(std::uint64_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

std::string clock_time(double seconds) {
  const auto s = static_cast<long>(seconds + 0.5);
  char buffer[32];
  if (s >= 3600)
    std::snprintf(buffer, sizeof buffer, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  else
    std::snprintf(buffer, sizeof buffer, "%ld:%02ld", s / 60, s % 60);
  return buffer;
}

}  // namespace

Progress::Progress(Context& context)
    : context_(context), start_(std::chrono::steady_clock::now()), last_(start_) {}

void Progress::update(std::uint64_t bytes, std::int64_t games) {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < std::chrono::milliseconds(100)) return;  // at most ten times a second
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const auto rate = static_cast<std::int64_t>(elapsed > 0 ? static_cast<double>(games) / elapsed : 0);
  std::string line;
  if (total_ > 0 && bytes <= total_) {
    const double fraction = static_cast<double>(bytes) / static_cast<double>(total_);
    const int width = 24;
    const int filled = static_cast<int>(fraction * width);
    line = "[" + std::string(static_cast<std::size_t>(filled), '#') +
           std::string(static_cast<std::size_t>(width - filled), '.') + "] ";
    const double left = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0;
    line += context_.format(Message("progress.known")
                                .with("percent", static_cast<std::int64_t>(fraction * 100))
                                .with("done", megabytes(bytes), 1)
                                .with("total", megabytes(total_), 1)
                                .with("games", games)
                                .with("rate", rate)
                                .with("eta", clock_time(left)));
  } else {
    line = context_.format(Message("progress.unknown")
                               .with("done", megabytes(bytes), 1)
                               .with("games", games)
                               .with("rate", rate));
  }
  std::cerr << '\r' << line << "\x1b[K" << std::flush;
  shown_ = true;
}

void Progress::clear() {
  if (!shown_) return;
  std::cerr << "\r\x1b[K" << std::flush;
  shown_ = false;
}

}  // namespace notera::cli
