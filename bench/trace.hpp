// Two games of the same sheets side by side, ply by ply where they differ:
// the box each reads, its price, and the running sum of box prices (skips,
// insertions and the move prior are not in it), then the boxes each passes
// over. For the benches that ask why a search found one game and not the
// other (hcs_diagnose, sheets_synth).
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>

#include "notera/reconstruct/reconstruct.hpp"

namespace notera::bench {

// The box a ply reads on `sheet`: "#cell 'text' status", or "(none)".
inline std::string box_text(const reconstruct::ReconstructedPly& p, std::size_t sheet) {
  if (sheet >= p.evidence.size()) return "?";
  const reconstruct::PlyEvidence& e = p.evidence[sheet];
  if (e.cell < 0) return "(none)";
  return "#" + std::to_string(e.cell) + " '" + e.text + "' " + std::string(to_string(e.status));
}

inline void print_trace(const reconstruct::Reconstruction& a, const char* a_name,
                        const reconstruct::Reconstruction& b, const char* b_name) {
  const auto box_cost = [](const reconstruct::Reconstruction& r, std::size_t ply) {
    return ply < r.plies.size() && !r.plies[ply].evidence.empty() ? r.plies[ply].evidence[0].cost : 0.0f;
  };
  const auto box = [](const reconstruct::Reconstruction& r, std::size_t ply) {
    return ply < r.plies.size() ? r.plies[ply].san + " " + box_text(r.plies[ply], 0) : std::string("-");
  };
  float sum_a = 0, sum_b = 0;
  for (std::size_t p = 0; p < std::max(a.plies.size(), b.plies.size()); ++p) {
    sum_a += box_cost(a, p);
    sum_b += box_cost(b, p);
    if (box(a, p) == box(b, p) && box_cost(a, p) == box_cost(b, p)) continue;
    std::printf("      trace ply %3zu %s %-30s %5.2f (%6.2f)   %s %-30s %5.2f (%6.2f)\n", p + 1, a_name,
                box(a, p).c_str(), static_cast<double>(box_cost(a, p)), static_cast<double>(sum_a), b_name,
                box(b, p).c_str(), static_cast<double>(box_cost(b, p)), static_cast<double>(sum_b));
  }
  for (const reconstruct::DroppedCell& dc : a.dropped)
    std::printf("      trace %s passes over #%d '%s'\n", a_name, dc.cell, dc.text.c_str());
  for (const reconstruct::DroppedCell& dc : b.dropped)
    std::printf("      trace %s passes over #%d '%s'\n", b_name, dc.cell, dc.text.c_str());
}

}  // namespace notera::bench
