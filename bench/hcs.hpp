// The HCS labels (../shared/corpus/hcs) as scoresheets: one EvidenceSheet
// per page (a page is one player's copy of a game), English notation, every
// box claiming the ply of its move number and column. Shared by the
// benchmarks that read the corpus; the corpus itself is never copied.
#pragma once

#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "notera/reconstruct/reconstruct.hpp"

namespace notera::bench {

struct HcsPage {
  std::string game;  // "002"
  int page = 0;
  reconstruct::EvidenceSheet sheet;
};

// Pages in file order of their first box; empty when the file is missing.
inline std::vector<HcsPage> load_hcs(const std::string& path) {
  std::ifstream in(path);
  std::map<std::pair<std::string, int>, std::vector<std::tuple<int, int, reconstruct::EvidenceCell>>> boxes;
  std::vector<std::pair<std::string, int>> order;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    // "002_0_1_white.png d4"
    const std::size_t space = line.find(' ');
    if (space == std::string::npos) continue;
    const std::string name = line.substr(0, space);
    std::string label = line.substr(space + 1);
    while (!label.empty() && (label.back() == '\r' || label.back() == ' ')) label.pop_back();
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
      const std::size_t u = name.find('_', start);
      parts.push_back(name.substr(start, u == std::string::npos ? std::string::npos : u - start));
      if (u == std::string::npos) break;
      start = u + 1;
    }
    if (parts.size() != 4) continue;
    const int page = std::stoi(parts[1]);
    const int number = std::stoi(parts[2]);
    const int side = parts[3].rfind("black", 0) == 0 ? 1 : 0;
    reconstruct::EvidenceCell cell;
    cell.text = label;
    cell.ply = 2 * (number - 1) + side + 1;
    cell.where = SourceLocation{line_number, 1};
    if (label.empty() || label == "-") cell.kind = reconstruct::EvidenceKind::unrecorded;
    const auto key = std::make_pair(parts[0], page);
    if (!boxes.count(key)) order.push_back(key);
    boxes[key].emplace_back(number, side, cell);
  }
  std::vector<HcsPage> pages;
  for (const auto& key : order) {
    auto& cells = boxes[key];
    std::stable_sort(cells.begin(), cells.end(), [](const auto& a, const auto& b) {
      return std::make_pair(std::get<0>(a), std::get<1>(a)) < std::make_pair(std::get<0>(b), std::get<1>(b));
    });
    HcsPage p;
    p.game = key.first;
    p.page = key.second;
    p.sheet.name = "hcs " + key.first + "_" + std::to_string(key.second);
    p.sheet.language = "en";
    for (auto& [number, side, cell] : cells) p.sheet.cells.push_back(cell);
    pages.push_back(std::move(p));
  }
  return pages;
}

// The labels in the shared folder, where the benchmarks look by default.
inline std::string default_hcs_labels() {
  return std::string(NOTERA_SHARED) + "/corpus/hcs/labels-even-games.txt";
}

// load_hcs(path), saying on stdout how many pages there are, or that there
// are none.
inline std::vector<HcsPage> load_hcs_saying(const std::string& path) {
  std::vector<HcsPage> pages = load_hcs(path);
  if (pages.empty())
    std::printf("no HCS labels at %s\n", path.c_str());
  else
    std::printf("HCS: %zu pages from %s\n", pages.size(), path.c_str());
  return pages;
}

}  // namespace notera::bench
