// How the moves players make differ from the legal moves they could have
// made: the measurement behind the move prior of reconstruction
// (MovePrior in lib/notera/scoresheet/slips.hpp).
//
//   build/bench/notera_bench_move_prior FILE.pgn [--skip N] [--games N]
//   build/bench/notera_bench_move_prior FILE.pgn --fit [--skip N] [--games N]
//
// For every position of the games read (after skipping the first N, which
// the reconstruction tests use), each legal move is put in a class by what
// it does with material (static exchange: gives a piece away, gives a pawn
// or the exchange away, even, wins material; capture or not; recapture on
// the square of the previous capture). For each class: the share of played
// moves in it against the share of legal moves (the ratio says how much
// more or less often than a random legal move such a move is played), and
// -ln of that ratio less a quiet move's: what the prior charges, when
// positive (the prior charges only classes dearer than a quiet move).
//
// --fit: the weights of UnwrittenPrior (the prior of moves no sheet
// records), by maximum likelihood of the played moves among the legal ones
// (conditional logit, Newton's method) on the first four fifths of the
// games read, in two stages: the features of the position first, then
// those of the moves written after it (the game's next six moves, as a
// sheet writes them: piece and square) with the first held. The last
// fifth is held out to say how much better than chance and than the
// classes the played move is predicted: the mean log-likelihood of the
// played move, and how often it is the model's first choice or among its
// first three.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "notera/core/exchange.hpp"
#include "notera/core/movegen.hpp"
#include "notera/game/game.hpp"
#include "notera/reconstruct/move_prior.hpp"
#include "pgn_games.hpp"

using namespace notera;

namespace {

constexpr int nf = reconstruct::UnwrittenPrior::features;

// One position: its legal moves grouped by features (features, how many),
// and the played move's group.
struct Sample {
  std::uint32_t begin = 0, end = 0;  // into the groups
  std::uint32_t played = 0;          // index of the played move's group
};
struct Group {
  std::uint32_t features = 0;
  std::uint32_t count = 0;
};

struct Data {
  std::vector<Sample> samples;
  std::vector<Group> groups;
};

using Later = reconstruct::UnwrittenPrior::Later;

// The features of `m`: of the position, and of the moves the game plays
// after it, as a sheet shows them (`later`).
std::uint32_t features(const Position& pos, Move m, Move last, const std::vector<Later>& later) {
  return reconstruct::UnwrittenPrior::features_of(pos, m, last) |
         reconstruct::UnwrittenPrior::foresight_of(pos, m, later);
}

void add_position(Data& d, const Position& pos, Move played, Move last, const std::vector<Later>& later) {
  MoveList moves;
  generate_legal(pos, moves);
  Sample s;
  s.begin = static_cast<std::uint32_t>(d.groups.size());
  const std::uint32_t mine = features(pos, played, last, later);
  for (Move m : moves) {
    const std::uint32_t f = features(pos, m, last, later);
    auto g = std::find_if(d.groups.begin() + s.begin, d.groups.end(),
                          [f](const Group& x) { return x.features == f; });
    if (g == d.groups.end()) {
      d.groups.push_back({f, 1});
    } else {
      ++g->count;
    }
  }
  s.end = static_cast<std::uint32_t>(d.groups.size());
  s.played = s.end;
  for (std::uint32_t i = s.begin; i < s.end; ++i)
    if (d.groups[i].features == mine) s.played = i;
  if (s.played == s.end) {
    std::fprintf(stderr, "the played move is not among the legal moves\n");
    std::exit(1);
  }
  d.samples.push_back(s);
}

double dot(const std::array<double, nf>& w, std::uint32_t f) {
  double s = 0;
  for (; f; f &= f - 1) s += w[static_cast<std::size_t>(__builtin_ctz(f))];
  return s;
}

// Mean log-likelihood of the played moves, and how often the played
// move's group is the likeliest (ties shared) or among the three likeliest
// moves.
struct Fit {
  double loglik = 0, first = 0, top3 = 0;
};
Fit evaluate(const Data& d, std::size_t from, std::size_t to, const std::array<double, nf>& w) {
  Fit r;
  for (std::size_t i = from; i < to; ++i) {
    const Sample& s = d.samples[i];
    double z = 0, mine = dot(w, d.groups[s.played].features);
    double better = 0, same = 0;
    for (std::uint32_t g = s.begin; g < s.end; ++g) {
      const double v = dot(w, d.groups[g].features);
      z += d.groups[g].count * std::exp(v);
      if (v > mine + 1e-9)
        better += d.groups[g].count;
      else if (v > mine - 1e-9)
        same += d.groups[g].count;
    }
    r.loglik += mine - std::log(z);
    // The played move ranks uniformly among the `same` moves tied with it.
    if (better < 1) r.first += 1.0 / same;
    r.top3 += std::clamp((3.0 - better) / same, 0.0, 1.0);
  }
  const double n = static_cast<double>(to - from);
  r.loglik /= n;
  r.first /= n;
  r.top3 /= n;
  return r;
}

// Newton's method on the conditional log-likelihood, with a small ridge,
// from weights `w` and moving only the weights of the features in `free`
// (a bit per feature; the others keep their values).
std::array<double, nf> fit(const Data& d, std::size_t count, std::array<double, nf> w, std::uint32_t free) {
  for (int iter = 0; iter < 25; ++iter) {
    std::array<double, nf> grad{};
    std::array<std::array<double, nf>, nf> hess{};
    for (std::size_t i = 0; i < count; ++i) {
      const Sample& s = d.samples[i];
      double z = 0;
      std::array<double, nf> mean{};
      std::array<std::array<double, nf>, nf> second{};
      for (std::uint32_t g = s.begin; g < s.end; ++g) {
        const double p = d.groups[g].count * std::exp(dot(w, d.groups[g].features));
        z += p;
        for (std::uint32_t f = d.groups[g].features; f; f &= f - 1) {
          const int a = __builtin_ctz(f);
          mean[static_cast<std::size_t>(a)] += p;
          for (std::uint32_t h = d.groups[g].features; h; h &= h - 1)
            second[static_cast<std::size_t>(a)][static_cast<std::size_t>(__builtin_ctz(h))] += p;
        }
      }
      for (std::uint32_t f = d.groups[s.played].features; f; f &= f - 1)
        grad[static_cast<std::size_t>(__builtin_ctz(f))] += 1;
      for (int a = 0; a < nf; ++a) {
        const auto ua = static_cast<std::size_t>(a);
        grad[ua] -= mean[ua] / z;
        for (int b = 0; b < nf; ++b) {
          const auto ub = static_cast<std::size_t>(b);
          hess[ua][ub] += second[ua][ub] / z - (mean[ua] / z) * (mean[ub] / z);
        }
      }
    }
    // A fixed weight: no gradient, and a row and column of the identity.
    for (int a = 0; a < nf; ++a) {
      if (free & (1u << a)) continue;
      grad[static_cast<std::size_t>(a)] = 0;
      for (int b = 0; b < nf; ++b)
        hess[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
            hess[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)] = a == b ? 1.0 : 0.0;
    }
    // Solve (H + ridge) step = grad.
    const double ridge = 1e-4 * static_cast<double>(count);
    std::array<std::array<double, nf + 1>, nf> m{};
    for (int a = 0; a < nf; ++a) {
      for (int b = 0; b < nf; ++b)
        m[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
            hess[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
      m[static_cast<std::size_t>(a)][static_cast<std::size_t>(a)] += ridge;
      m[static_cast<std::size_t>(a)][nf] =
          free & (1u << a) ? grad[static_cast<std::size_t>(a)] - ridge * w[static_cast<std::size_t>(a)] : 0.0;
    }
    for (int c = 0; c < nf; ++c) {
      std::size_t piv = static_cast<std::size_t>(c);
      for (int r = c + 1; r < nf; ++r)
        if (std::abs(m[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]) >
            std::abs(m[piv][static_cast<std::size_t>(c)]))
          piv = static_cast<std::size_t>(r);
      std::swap(m[piv], m[static_cast<std::size_t>(c)]);
      for (int r = 0; r < nf; ++r) {
        if (r == c) continue;
        const double k = m[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] /
                         m[static_cast<std::size_t>(c)][static_cast<std::size_t>(c)];
        for (int col = c; col <= nf; ++col)
          m[static_cast<std::size_t>(r)][static_cast<std::size_t>(col)] -=
              k * m[static_cast<std::size_t>(c)][static_cast<std::size_t>(col)];
      }
    }
    // A step of at most one nat per weight keeps Newton's method from
    // overshooting far from the optimum.
    std::array<double, nf> step{};
    double change = 0;
    for (int a = 0; a < nf; ++a) {
      step[static_cast<std::size_t>(a)] =
          m[static_cast<std::size_t>(a)][nf] / m[static_cast<std::size_t>(a)][static_cast<std::size_t>(a)];
      change = std::max(change, std::abs(step[static_cast<std::size_t>(a)]));
    }
    const double scale = change > 1.0 ? 1.0 / change : 1.0;
    for (int a = 0; a < nf; ++a) w[static_cast<std::size_t>(a)] += scale * step[static_cast<std::size_t>(a)];
    std::fprintf(stderr, "iteration %d: largest step %.5f\n", iter, change);
    if (change < 1e-4) break;
  }
  return w;
}

int run_fit(bench::PgnGames& pgn_file, long skip, long limit) {
  Data d;
  game::Game game;
  long games = 0, seen = 0;
  while (games < limit && pgn_file.next(game)) {
    if (seen++ < skip) continue;
    if (game.status != game::GameStatus::complete || game.custom_start) continue;
    ++games;
    // The game's moves as a sheet writes them: the piece and its square.
    std::vector<Later> written;
    for (Position p = game.start; const game::GameMove& gm : game.mainline.moves) {
      written.push_back(gm.move.is_castling() ? Later{}
                                              : Later{type_of(p.piece_on(gm.move.from())), gm.move.to(), 0});
      Undo undo;
      p.do_move(gm.move, undo);
    }
    Position pos = game.start;
    Move last = Move::none();
    std::vector<Later> later;
    for (std::size_t ply = 0; const game::GameMove& gm : game.mainline.moves) {
      later.clear();
      for (int k = 1; k <= reconstruct::UnwrittenPrior::later_plies &&
                      ply + static_cast<std::size_t>(k) < written.size();
           ++k) {
        later.push_back(written[ply + static_cast<std::size_t>(k)]);
        later.back().distance = k;
      }
      ++ply;
      add_position(d, pos, gm.move, last, later);
      last = gm.move;
      Undo undo;
      pos.do_move(gm.move, undo);
    }
  }
  const std::size_t train = d.samples.size() * 4 / 5;
  // First the features of the position alone (the foresight weights held
  // at 0, as if no later move were written), then the foresight features
  // on top of those: a sheet often shows no later move (boxes left blank,
  // the end of the sheet), and the prior is then the one without foresight.
  constexpr std::uint32_t foresight = ~0u << reconstruct::UnwrittenPrior::prepares_next;
  const std::array<double, nf> alone = fit(d, train, {}, ~foresight);
  const std::array<double, nf> w = fit(d, train, alone, foresight);
  std::printf("%ld games (after skipping %ld), %zu positions: fitted on %zu, held out %zu\n\n", games, skip,
              d.samples.size(), train, d.samples.size() - train);
  std::printf("%-32s %8s %8s\n", "feature", "weight", "built-in");
  for (int a = 0; a < nf; ++a)
    std::printf(
        "%-32s %8.2f %8.2f\n", reconstruct::UnwrittenPrior::feature_name(a), w[static_cast<std::size_t>(a)],
        static_cast<double>(reconstruct::UnwrittenPrior::measured().weight[static_cast<std::size_t>(a)]));
  std::array<double, nf> built{};
  for (int a = 0; a < nf; ++a)
    built[static_cast<std::size_t>(a)] =
        reconstruct::UnwrittenPrior::measured().weight[static_cast<std::size_t>(a)];
  std::printf("\nheld-out positions: %-22s %12s %10s %10s\n", "", "log-lik/move", "first", "top 3");
  const auto line = [&](const char* what, const std::array<double, nf>& weights) {
    const Fit f = evaluate(d, train, d.samples.size(), weights);
    std::printf("%-42s %12.3f %9.1f%% %9.1f%%\n", what, f.loglik, 100 * f.first, 100 * f.top3);
  };
  line("uniform over the legal moves", std::array<double, nf>{});
  line("the fitted weights, no foresight", alone);
  line("the fitted weights", w);
  line("the built-in weights", built);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const char* file = nullptr;
  long skip = 1000, limit = 20000;
  bool fitting = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--fit") == 0)
      fitting = true;
    else if (std::strcmp(argv[i], "--skip") == 0 && i + 1 < argc)
      skip = std::atol(argv[++i]);
    else if (std::strcmp(argv[i], "--games") == 0 && i + 1 < argc)
      limit = std::atol(argv[++i]);
    else
      file = argv[i];
  }
  if (!file) {
    std::fprintf(stderr, "usage: %s FILE.pgn [--fit] [--skip N] [--games N]\n", argv[0]);
    return 2;
  }
  bench::PgnGames pgn_file(file);
  if (!pgn_file.ok()) return 2;
  if (fitting) return run_fit(pgn_file, skip, limit);
  game::Game game;
  std::array<double, reconstruct::MovePrior::classes> played{}, legal{};
  long games = 0, seen = 0;
  double positions = 0;
  while (games < limit && pgn_file.next(game)) {
    if (seen++ < skip) continue;
    if (game.status != game::GameStatus::complete || game.custom_start) continue;
    ++games;
    Position pos = game.start;
    Square last_capture = no_square;
    for (const game::GameMove& gm : game.mainline.moves) {
      MoveList moves;
      generate_legal(pos, moves);
      for (Move m : moves)
        legal[static_cast<std::size_t>(reconstruct::MovePrior::class_of(pos, m, last_capture))] +=
            1.0 / static_cast<double>(moves.size());
      played[static_cast<std::size_t>(reconstruct::MovePrior::class_of(pos, gm.move, last_capture))] += 1.0;
      ++positions;
      last_capture = pos.is_capture(gm.move) ? gm.move.to() : no_square;
      Undo undo;
      pos.do_move(gm.move, undo);
    }
  }
  std::printf("%ld games, %.0f positions (after skipping %ld games)\n\n", games, positions, skip);
  std::printf("%-34s %9s %9s %8s %8s\n", "class", "played", "legal", "ratio", "-ln vs quiet");
  std::array<double, reconstruct::MovePrior::classes> cost{};
  for (int c = 0; c < reconstruct::MovePrior::classes; ++c) {
    const auto k = static_cast<std::size_t>(c);
    cost[k] = legal[k] > 0 && played[k] > 0 ? -std::log(played[k] / legal[k]) : 9.0;
  }
  const double quiet = cost[reconstruct::MovePrior::quiet];
  for (int c = 0; c < reconstruct::MovePrior::classes; ++c) {
    const auto k = static_cast<std::size_t>(c);
    std::printf("%-34s %8.2f%% %8.2f%% %8.3f %8.2f (built-in %.2f)\n", reconstruct::MovePrior::class_name(c),
                100.0 * played[k] / positions, 100.0 * legal[k] / positions,
                played[k] / std::max(legal[k], 1e-9), cost[k] - quiet,
                static_cast<double>(reconstruct::MovePrior::measured().cost[k]));
  }
  return 0;
}
