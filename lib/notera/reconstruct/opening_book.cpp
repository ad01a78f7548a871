#include "notera/reconstruct/opening_book.hpp"

#include <algorithm>

namespace notera::reconstruct {

namespace {

// Sorted by key, then move.
constexpr BookMove book[] = {
#include "opening_book_data.inc"
};

}  // namespace

std::span<const BookMove> book_moves(std::uint64_t key) {
  const auto by_key = [](const BookMove& m, std::uint64_t k) { return m.key < k; };
  const BookMove* first = std::lower_bound(std::begin(book), std::end(book), key, by_key);
  const BookMove* last = first;
  while (last != std::end(book) && last->key == key) ++last;
  return {first, last};
}

}  // namespace notera::reconstruct
