#include "notera/reconstruct/doubts.hpp"

#include <algorithm>
#include <map>

namespace notera::reconstruct::search {

namespace {

// The cheapest complete game through every node, and how it goes on.
struct Completions {
  std::vector<float> full;   // price of the cheapest complete game through the node
  std::vector<int> next;     // the node after it on that game (-1: it ends here)
  std::vector<bool> merged;  // `next` is the state it was merged into (same ply)
};

Completions completions(const Output& out) {
  const std::size_t n = out.nodes.size();
  Completions c{std::vector<float>(n, no_doubt), std::vector<int>(n, -1), std::vector<bool>(n, false)};
  for (const Finished& f : out.finished)
    if (!f.forced && f.node >= 0 && f.cost < c.full[static_cast<std::size_t>(f.node)])
      c.full[static_cast<std::size_t>(f.node)] = f.cost;
  int last_ply = 0;
  for (const Node& node : out.nodes) last_ply = std::max<int>(last_ply, node.ply);
  std::vector<std::vector<const Merge*>> merges(static_cast<std::size_t>(last_ply) + 2);
  for (const Merge& m : out.merges)
    merges[static_cast<std::size_t>(out.nodes[static_cast<std::size_t>(m.winner)].ply)].push_back(&m);
  // Nodes are made ply by ply: going back from the last one, every child is
  // done before its parent, and the whole of a ply before the ply before.
  int ply = last_ply + 1;
  for (std::size_t i = n; i-- > 0;) {
    const Node& node = out.nodes[i];
    while (ply > node.ply) {
      --ply;
      for (const Merge* m : merges[static_cast<std::size_t>(ply)]) {
        const auto winner = static_cast<std::size_t>(m->winner), loser = static_cast<std::size_t>(m->loser);
        if (c.full[winner] + m->delta < c.full[loser]) {
          c.full[loser] = c.full[winner] + m->delta;
          c.next[loser] = m->winner;
          c.merged[loser] = true;
        }
      }
    }
    if (node.parent >= 0 && c.full[i] < c.full[static_cast<std::size_t>(node.parent)]) {
      c.full[static_cast<std::size_t>(node.parent)] = c.full[i];
      c.next[static_cast<std::size_t>(node.parent)] = static_cast<int>(i);
      c.merged[static_cast<std::size_t>(node.parent)] = false;
    }
  }
  return c;
}

// The cheapest game through a node from its ply on: its moves and, with
// `cells`, the box each reads.
struct Continuation {
  std::vector<Move> moves;
  std::vector<std::array<std::int16_t, max_sheets>> cells;
};

Continuation continuation(const Output& out, const Completions& c, int node, bool cells) {
  Continuation line;
  const auto add = [&](int at) {
    line.moves.push_back(out.nodes[static_cast<std::size_t>(at)].move);
    if (cells) line.cells.push_back(out.nodes[static_cast<std::size_t>(at)].cell);
  };
  add(node);
  for (int at = node, steps = 0; steps < 4000; ++steps) {
    const int nx = c.next[static_cast<std::size_t>(at)];
    if (nx < 0) break;
    if (!c.merged[static_cast<std::size_t>(at)]) add(nx);
    at = nx;
  }
  return line;
}

// Whether the path to `node` plays the moves of the path `path` begins with
// (the same game, whichever boxes it read them from).
bool same_moves(const Output& out, int node, const std::vector<int>& path) {
  const std::vector<int> chain = path_of(out, node);
  if (chain.size() > path.size()) return false;
  for (std::size_t k = 0; k < chain.size(); ++k)
    if (out.nodes[static_cast<std::size_t>(chain[k])].move !=
        out.nodes[static_cast<std::size_t>(path[k])].move)
      return false;
  return true;
}

}  // namespace

Doubts doubts_of(const Output& out, const std::vector<int>& path, float cost) {
  Doubts d;
  const std::size_t plies = path.size();
  d.margin.assign(plies, no_doubt);
  if (plies == 0) return d;
  const Completions c = completions(out);
  std::vector<Move> played;
  for (int node : path) played.push_back(out.nodes[static_cast<std::size_t>(node)].move);
  // Margins: every node with another move at its ply.
  for (std::size_t i = 0; i < out.nodes.size(); ++i) {
    const Node& node = out.nodes[i];
    const std::size_t k = static_cast<std::size_t>(node.ply) - 1;
    if (k >= plies || c.full[i] >= no_doubt || node.move == played[k]) continue;
    d.margin[k] = std::min(d.margin[k], std::max(0.0f, c.full[i] - cost));
  }
  // A game that ends sooner differs at every ply after its end; the ply
  // after its end is where it leaves the game found, when it is the game
  // found up to there.
  std::map<int, Branch> branches;
  for (const Finished& f : out.finished) {
    if (f.forced || f.node < 0) continue;
    const std::size_t end = static_cast<std::size_t>(out.nodes[static_cast<std::size_t>(f.node)].ply);
    if (end >= plies) continue;
    const float delta = std::max(0.0f, f.cost - cost);
    for (std::size_t k = end; k < plies; ++k) d.margin[k] = std::min(d.margin[k], delta);
    if (!same_moves(out, f.node, path)) continue;
    Branch& b = branches[static_cast<int>(end) + 1];
    b.ply = static_cast<int>(end) + 1;
    b.end_delta = std::min(b.end_delta, delta);
  }
  // Branches: the other moves from the positions of the game found, and
  // the moves that go on from its last position (a game that reads boxes
  // the game found passes over after its end).
  std::map<std::pair<int, std::uint16_t>, std::size_t> best;  // (ply, move) -> node
  for (std::size_t i = 0; i < out.nodes.size(); ++i) {
    const Node& node = out.nodes[i];
    const std::size_t k = static_cast<std::size_t>(node.ply) - 1;
    if (k > plies || c.full[i] >= no_doubt || (k < plies && node.move == played[k])) continue;
    const int on_path_parent = k == 0 ? -1 : path[k - 1];
    if (node.parent != on_path_parent) continue;
    const auto key = std::make_pair(static_cast<int>(node.ply), node.move.raw());
    const auto it = best.find(key);
    if (it == best.end() || c.full[i] < c.full[it->second]) best[key] = i;
  }
  for (const auto& [key, i] : best) {
    const int ply = key.first;
    // The boxes read are needed only after the game found's end (where a
    // game that goes on is asked about the boxes it passes over).
    Continuation line = continuation(out, c, static_cast<int>(i), static_cast<std::size_t>(ply) > plies);
    const std::vector<Move>& alt = line.moves;
    int changes = 0;
    const std::size_t from = static_cast<std::size_t>(ply) - 1;
    for (std::size_t k = from; k < std::max(plies, from + alt.size()); ++k) {
      const bool differs = k >= plies || k - from >= alt.size() || alt[k - from] != played[k];
      changes += differs;
    }
    Branch& b = branches[ply];
    b.ply = ply;
    b.moves.push_back(BranchMove{out.nodes[i].move, std::max(0.0f, c.full[i] - cost), changes,
                                 std::move(line.moves), out.nodes[i].cell, std::move(line.cells)});
  }
  for (auto& [ply, b] : branches) {
    std::sort(b.moves.begin(), b.moves.end(),
              [](const BranchMove& a, const BranchMove& x) { return a.delta < x.delta; });
    d.branches.push_back(std::move(b));
  }
  return d;
}

}  // namespace notera::reconstruct::search
