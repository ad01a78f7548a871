// A prior on the moves themselves.
//
// Reconstruction looks for the game most likely given what is written:
// P(game | sheets) ~ P(sheets | game) P(game). The slip costs (slips.hpp)
// price the first factor; this prices the second, coarsely: players seldom
// give material away, so where a slip turns a move into another legal move
// that the rest of the sheet does not contradict (Bc4 written for Bf4, the
// bishop then hanging to a pawn), the move that keeps the material is the
// likelier reading.
//
// Moves are put in a few classes by their static exchange (core/exchange.hpp)
// and by whether they take back on the square of the previous capture; a
// class costs -ln(how often a played move is in it / how often a random
// legal move is), less the cheapest class's, so no class costs below 0.
// bench/move_prior.cpp measures that on real games.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <span>

#include "notera/core/position.hpp"

namespace notera::reconstruct {

struct UnwrittenPrior;

// A move's static exchange (core/exchange.hpp) not computed yet: the
// priors compute it. The search computes it once per move and hands it to
// both priors, which ask it of the same moves.
inline constexpr int exchange_unknown = std::numeric_limits<int>::min();

struct MovePrior {
  enum Class : int {
    gives_material,  // the exchange loses a piece or more (a pawn takes the knight)
    gives_pawn,      // the exchange loses a pawn
    quiet,           // no capture, nothing lost
    even_capture,    // a capture that trades evenly
    winning,         // the exchange wins material (or a promotion)
    recapture,       // takes back on the square of the previous capture, nothing lost
  };
  static constexpr int classes = 6;

  std::array<float, classes> cost{};
  // The finer prior for moves no sheet spells out and for ties (below);
  // nullptr: `cost` prices those too and ties stay ties.
  const UnwrittenPrior* unwritten = nullptr;

  // `last_capture`: where the previous move captured, or no_square.
  // `gain`: the move's static exchange, when known.
  static Class class_of(const Position& pos, Move m, Square last_capture = no_square,
                        int gain = exchange_unknown);
  static const char* class_name(int c);
  // Taking back costs what any other capture does, so the search need not
  // know the previous move.
  float operator()(const Position& pos, Move m, int gain = exchange_unknown) const {
    return cost[static_cast<std::size_t>(class_of(pos, m, no_square, gain))];
  }

  // The measured prior (see move_prior.cpp); none() prices every move 0.
  static const MovePrior& measured();
  static const MovePrior& none();
};

// A finer prior for the moves no sheet records (a box missing, a move
// forgotten in time trouble). There no written x or + speaks for or
// against a capture or a check, so what players do most often decides
// between the moves that fit the rest of the sheet: take back, answer a
// threat to a piece, give check, develop. A conditional logit model over
// the legal moves of the position,
//   P(m | pos) = exp(w . f(m)) / sum over legal m' of exp(w . f(m')),
// with binary features f and weights w fitted on real games
// (bench/move_prior.cpp --fit). The search charges a move no sheet spells
// out -ln of its probability against a random legal move's, where that is
// positive, and orders readings of equal cost by a hair of the score
// (search.cpp: unwritten_costs, tie_break).
struct UnwrittenPrior {
  enum Feature : int {
    capture,
    takes_last_mover,  // takes the piece the opponent just moved
    gives_pawn,        // the exchange loses a pawn
    gives_material,    // the exchange loses a piece or more
    wins_material,     // the exchange wins material
    check,
    castles,
    knight,
    bishop,
    rook,
    queen,
    king,  // the piece moved (a pawn: none)
    promotes,
    escapes,             // the piece moved was attacked and not safe where it stood
    escapes_last_mover,  // ... attacked by the piece the opponent just moved
    develops,            // a knight or bishop leaves its first rank
    retreats,            // a piece moves towards its own side
    double_push,         // a pawn's first move of two squares
    centre,              // a piece or pawn (not the king) goes to c3-f6
    threatens,           // the piece moved attacks a dearer or undefended piece
    rook_open_file,      // a rook goes to a file without a pawn of its side
    knight_rim,          // a knight goes to the a- or h-file
    king_walk,           // the king moves (not castling) while the opponent has a queen
    gives_up_castling,   // a king or rook move that loses a right to castle
    passed_push,         // a pawn moves on with no pawn of the opponent ahead to stop it
    early_queen,         // the queen moves while two minor pieces or more stay at home
    // What the moves written after it say of the move (foresight_of()):
    prepares_next,    // the piece moved could make the side's next written move from where it goes
    prepares_second,  // ... the side's move after that
    prepares_third,   // ... the third
    vacates,          // one of those three goes to the square the piece leaves
    opens,            // one of those three is another piece's, and the move opens its way
    targeted,         // one of the opponent's next three written moves goes where the piece goes
  };
  static constexpr int features = targeted + 1;
  static_assert(features <= 32, "a feature is a bit of a 32-bit word");

  std::array<float, features> weight{};

  // Whether the piece on a square is in danger there (escapes,
  // escapes_last_mover), the same for every move of that piece: worked
  // out once per square for the moves of one position and one `last`.
  struct Squares {
    Bitboard known = 0;
    std::array<std::uint32_t, 64> danger;
  };

  // The features of legal move `m` of `pos`, a bit per Feature;
  // `last`: the opponent's move that led to `pos` (Move::none() at the start);
  // `gain`: the move's static exchange, when known; `squares`: what is
  // known of the squares of `pos` (with this `last`), when kept.
  static std::uint32_t features_of(const Position& pos, Move m, Move last, int gain = exchange_unknown,
                                   Squares* squares = nullptr);
  static const char* feature_name(int f);

  // A move written after the one being priced, as written: the piece
  // (a pawn when no letter is written) and the square it goes to, and how
  // many plies later (odd: the opponent's). A box with a gap before it
  // (a move no box records, a box left blank) still says what comes: the
  // piece that will go to e8 must stand where it can first.
  struct Later {
    PieceType type = PieceType::none;
    Square to = no_square;
    int distance = 0;
    // Where the piece comes from, when the box writes it (long form:
    // 'Kf8xg7'); else no_square.
    Square from = no_square;
  };
  static constexpr int later_plies = 6;  // the side's next three moves and the opponent's
  // A box in long form says where its piece stands before it moves: a move
  // that puts that piece there readies it however far on the box is. The
  // side's boxes in long form up to this many plies on are read for that
  // (up to later_far of them per sheet beyond later_plies).
  static constexpr int later_from_plies = 40;
  static constexpr int later_far = 4;
  // The foresight features of legal move `m` of `pos` (prepares_next ...
  // targeted) given the moves written after it. A move that puts its piece
  // on the square a later box of the side writes it moving from readies
  // that box (prepares_next, _second, or _third for the third and any
  // later), also beyond later_plies and where the piece could already
  // reach the box's square.
  static std::uint32_t foresight_of(const Position& pos, Move m, std::span<const Later> later);

  float score(std::uint32_t f) const {
    float s = 0.0f;
    for (; f; f &= f - 1) s += weight[static_cast<std::size_t>(__builtin_ctz(f))];
    return s;
  }

  // The score of a move with every feature of the position (not of the
  // moves written after it) of positive weight.
  float max_score() const {
    float s = 0.0f;
    for (int f = 0; f < prepares_next; ++f) s += std::max(weight[static_cast<std::size_t>(f)], 0.0f);
    return s;
  }

  // The fitted weights (see move_prior.cpp).
  static const UnwrittenPrior& measured();
};

}  // namespace notera::reconstruct
