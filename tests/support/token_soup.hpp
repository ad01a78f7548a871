// Random texts made of fragments ("token soup"), for the tests that hold a
// fast path to its grammar: the same texts every run (a fixed linear
// congruential sequence from `seed`), so a failure can be replayed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace notera::test {

class TokenSoup {
 public:
  TokenSoup(std::vector<std::string> fragments, std::uint64_t seed)
      : fragments_(std::move(fragments)), state_(seed) {}

  // One to `max_parts` fragments, one after the other.
  std::string next_text(std::size_t max_parts) {
    std::string text;
    const std::size_t parts = 1 + next() % max_parts;
    for (std::size_t j = 0; j < parts; ++j) text += fragments_[next() % fragments_.size()];
    return text;
  }

 private:
  std::size_t next() {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>(state_ >> 33);
  }

  std::vector<std::string> fragments_;
  std::uint64_t state_;
};

}  // namespace notera::test
