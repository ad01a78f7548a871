// Plies of one game that another has in the same order: the length of the
// longest common subsequence of the two move lists. A move forgotten or
// added costs one ply by this count, where by the same index it costs
// every ply after it. Shared by the benches that report both counts.
#pragma once

#include <algorithm>
#include <vector>

#include "notera/core/types.hpp"

namespace notera::bench {

inline long long plies_in_order(const std::vector<Move>& a, const std::vector<Move>& b) {
  std::vector<int> row(b.size() + 1, 0), next(b.size() + 1, 0);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j)
      next[j] = a[i - 1] == b[j - 1] ? row[j - 1] + 1 : std::max(row[j], next[j - 1]);
    row.swap(next);
  }
  return row[b.size()];
}

}  // namespace notera::bench
