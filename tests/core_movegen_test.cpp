// Move generation corners: castling (standard and Chess960), en passant,
// promotion and pins, each in a position where it matters.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "notera/core/fen.hpp"
#include "notera/core/movegen.hpp"
#include "notera/core/uci.hpp"
#include "support/position.hpp"

using namespace notera;

namespace {

using test::position;

std::vector<std::string> legal_uci(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(to_uci(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

bool has(const std::vector<std::string>& moves, const std::string& uci) {
  return std::find(moves.begin(), moves.end(), uci) != moves.end();
}

Position after(Position pos, const char* uci) {
  const Move m = parse_uci(pos, uci);
  REQUIRE_MESSAGE(m != Move::none(), uci);
  Undo undo;
  pos.do_move(m, undo);
  return pos;
}

}  // namespace

TEST_CASE("castling: both sides when the way is free") {
  const auto moves = legal_uci(position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
  CHECK(has(moves, "e1g1"));
  CHECK(has(moves, "e1c1"));
}

TEST_CASE("castling: not through, into or out of check") {
  // The bishop on c4 covers f1, which the king would cross.
  auto moves = legal_uci(position("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1"));
  CHECK_FALSE(has(moves, "e1g1"));
  CHECK(has(moves, "e1c1"));
  // g1 attacked: the king would end in check.
  moves = legal_uci(position("r3k2r/8/8/8/8/7b/8/R3K2R w KQkq - 0 1"));
  CHECK_FALSE(has(moves, "e1g1"));
  // In check: no castling at all.
  moves = legal_uci(position("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1"));
  CHECK_FALSE(has(moves, "e1g1"));
  CHECK_FALSE(has(moves, "e1c1"));
  // b1 attacked: only the rook crosses it, so O-O-O is legal.
  moves = legal_uci(position("1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1"));
  CHECK(has(moves, "e1c1"));
}

TEST_CASE("castling: blocked path and lost rights") {
  auto moves = legal_uci(position("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1"));
  CHECK_FALSE(has(moves, "e1c1"));
  CHECK(has(moves, "e1g1"));
  // A king move loses both rights, a rook move one, a captured rook its own.
  Position p = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  CHECK_FALSE(after(p, "e1f1").has_castling_right(Color::white, CastlingSide::king_side));
  CHECK_FALSE(after(p, "e1f1").has_castling_right(Color::white, CastlingSide::queen_side));
  CHECK(after(p, "h1h5").has_castling_right(Color::white, CastlingSide::queen_side));
  CHECK_FALSE(after(p, "h1h5").has_castling_right(Color::white, CastlingSide::king_side));
  const Position rook_taken = after(p, "a1a8");
  CHECK_FALSE(rook_taken.has_castling_right(Color::black, CastlingSide::queen_side));
  CHECK(rook_taken.has_castling_right(Color::black, CastlingSide::king_side));
}

TEST_CASE("castling in Chess960") {
  // King b1, rook a1: O-O-O puts the king on c1 and the rook on d1.
  Position p = position("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
  CHECK(p.is_chess960());
  auto moves = legal_uci(p);
  CHECK(has(moves, "b1a1"));  // king takes rook
  Position q = after(p, "b1a1");
  CHECK(q.piece_on(c1) == Piece::white_king);
  CHECK(q.piece_on(d1) == Piece::white_rook);
  CHECK(q.empty(a1));
  CHECK(q.empty(b1));

  // The king already stands on g1: O-O moves only the rook.
  p = position("4k3/8/8/8/8/8/8/6KR w H - 0 1");
  CHECK(has(legal_uci(p), "g1h1"));
  q = after(p, "g1h1");
  CHECK(q.piece_on(g1) == Piece::white_king);
  CHECK(q.piece_on(f1) == Piece::white_rook);

  // The castling rook shields c1 from the queen on a1: castling would
  // leave the king in check.
  p = position("4k3/8/8/8/8/8/8/qR2K3 w B - 0 1");
  CHECK_FALSE(has(legal_uci(p), "e1b1"));

  // Undo restores everything.
  p = position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  MoveList list;
  generate_legal(p, list);
  for (Move m : list) {
    Position copy = p;
    Undo undo;
    copy.do_move(m, undo);
    CHECK(copy.key() == copy.compute_key());
    copy.undo_move(m, undo);
    CHECK(copy == p);
  }
}

TEST_CASE("en passant: normal, pinned along the rank, and as a check evasion") {
  auto moves = legal_uci(position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"));
  CHECK(has(moves, "e5d6"));
  // Capturing would take both pawns off the fifth rank and expose the king.
  Position pinned = position("4k3/8/8/KPp4r/8/8/8/8 w - c6 0 1");
  CHECK_FALSE(has(legal_uci(pinned), "b5c6"));
  CHECK_FALSE(pinned.ep_capturable());
  // The pawn that just moved gives check; taking it en passant is legal.
  Position check = position("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
  CHECK(check.in_check());
  CHECK(has(legal_uci(check), "e4d3"));
  Position taken = after(check, "e4d3");
  CHECK(taken.empty(d4));
  CHECK(taken.piece_on(d3) == Piece::black_pawn);
}

TEST_CASE("en passant after a double push: asked only when a pawn of the other side stands beside it") {
  // No pawn beside the pushed one (a pawn one file further away does not
  // count): no capture, but the square is set.
  Position far = after(position("4k3/8/8/8/5p2/8/3P4/4K3 w - - 0 1"), "d2d4");
  CHECK(far.ep_square() == d3);
  CHECK_FALSE(far.ep_capturable());
  CHECK(far.key() == far.compute_key());
  // A pawn beside it on either side: the capture is there.
  for (const char* fen : {"4k3/8/8/8/2p5/8/3P4/4K3 w - - 0 1", "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1"}) {
    Position next = after(position(fen), "d2d4");
    CHECK(next.ep_capturable());
    CHECK(next.key() == next.compute_key());
    Position walked = position(fen);
    walked.walk_move(parse_uci(walked, "d2d4"));
    CHECK(walked.ep_capturable());
  }
  // Beside it but pinned to its king along the rank: no capture.
  Position pinned = after(position("8/8/8/8/k1p4R/8/3P4/4K3 w - - 0 1"), "d2d4");
  CHECK_FALSE(pinned.ep_capturable());
  // Black's double push too.
  CHECK(after(position("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"), "d7d5").ep_capturable());
  CHECK_FALSE(after(position("4k3/3p4/8/5P2/8/8/8/4K3 b - - 0 1"), "d7d5").ep_capturable());
  // Every double push of random games: as the position read from its FEN
  // (finish_setup asks without the shortcut) has it.
  int pushes = 0;
  test::for_each_move_of_random_games(7, 40, 200, [&pushes](const Position& before, Move m) {
    if (type_of(before.piece_on(m.from())) != PieceType::pawn || std::abs(m.to() - m.from()) != 16) return;
    ++pushes;
    Position done = before;
    Undo undo;
    done.do_move(m, undo);
    const Position read = position(write_fen(done).c_str());
    CHECK(done.ep_capturable() == read.ep_capturable());
    CHECK(done.key() == read.key());
  });
  CHECK(pushes > 1000);
}

TEST_CASE("promotion: four pieces, by push and by capture") {
  const auto moves = legal_uci(position("5r2/3PP2k/8/6p1/8/6P1/5PK1/8 w - - 0 52"));
  for (const char* m : {"d7d8q", "d7d8r", "d7d8b", "d7d8n", "e7e8q", "e7e8n", "e7f8q", "e7f8n"})
    CHECK(has(moves, m));
  CHECK_FALSE(has(moves, "d7d8"));
  Position p = after(position("5r2/3PP2k/8/6p1/8/6P1/5PK1/8 w - - 0 52"), "e7f8n");
  CHECK(p.piece_on(f8) == Piece::white_knight);
  CHECK(p.in_check());
}

TEST_CASE("pins: a pinned piece moves only along the pin") {
  // Knight d4 pinned by the rook on d8: no knight move from d4.
  auto moves = legal_uci(position("3r2k1/pp3pp1/8/7p/3N4/8/PP3P1N/3K4 w - - 0 30"));
  CHECK_FALSE(has(moves, "d4e6"));
  CHECK_FALSE(has(moves, "d4f3"));
  CHECK(has(moves, "h2f3"));
  // Rook e3 pinned by the bishop on c5 (diagonal): it cannot move at all.
  moves = legal_uci(position("3r2k1/pp3ppp/2n5/2b5/5P2/2N1R3/PPP3PP/R5K1 w - - 0 22"));
  CHECK_FALSE(has(moves, "e3e1"));
  CHECK(has(moves, "a1e1"));
  // A bishop pinned on a diagonal may slide along it, and capture the pinner.
  moves = legal_uci(position("4k3/8/8/1b6/8/3B4/8/5K2 w - - 0 1"));
  CHECK(has(moves, "d3c4"));
  CHECK(has(moves, "d3b5"));
  CHECK(has(moves, "d3e2"));
  CHECK_FALSE(has(moves, "d3e4"));
}

TEST_CASE("make/unmake keeps keys and state exact over random games") {
  Position p = Position::start();
  const Position start = p;
  std::vector<std::pair<Move, Undo>> played;
  unsigned seed = 12345;
  for (int ply = 0; ply < 300; ++ply) {
    MoveList moves;
    generate_legal(p, moves);
    if (moves.empty()) break;
    seed = seed * 1103515245 + 12345;
    const Move m = moves[static_cast<int>((seed >> 16) % static_cast<unsigned>(moves.size()))];
    Undo undo;
    p.do_move(m, undo);
    CHECK(p.key() == p.compute_key());
    played.emplace_back(m, undo);
  }
  while (!played.empty()) {
    p.undo_move(played.back().first, played.back().second);
    played.pop_back();
  }
  CHECK(p == start);
  CHECK(p.key() == start.key());
}

TEST_CASE("walk_move leaves the position do_move leaves, but for the key") {
  // Every legal move of random games: castling, en passant, promotions,
  // checks and pins. Only the key may differ (walk_move does not keep it).
  int moves = 0;
  test::for_each_move_of_random_games(18, 40, 200, [&moves](const Position& before, Move m) {
    Position done = before;
    Undo undo;
    done.do_move(m, undo);
    Position walked = before;
    walked.walk_move(m);
    ++moves;
    CHECK(write_fen(walked) == write_fen(done));
    CHECK(walked.checkers() == done.checkers());
    CHECK(walked.pinned() == done.pinned());
    CHECK(walked.ep_capturable() == done.ep_capturable());
    CHECK(walked.castling_rights() == done.castling_rights());
    CHECK(walked.king_square(Color::white) == done.king_square(Color::white));
    CHECK(walked.king_square(Color::black) == done.king_square(Color::black));
  });
  CHECK(moves > 100000);
}

TEST_CASE("filtered generation equals full generation, filtered afterwards") {
  // The resolver asks for one piece type to one square, which takes a
  // shortcut; it must give exactly what full generation gives.
  const char* fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 1",
      "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
      "3r2k1/pp3pp1/8/7p/3N4/8/PP3P1N/3K4 w - - 0 30",
  };
  for (const char* fen : fens) {
    Position pos = position(fen);
    unsigned seed = 7;
    for (int ply = 0; ply < 40; ++ply) {
      MoveList all;
      generate_legal(pos, all);
      if (all.empty()) break;
      for (PieceType t : {PieceType::pawn, PieceType::knight, PieceType::bishop, PieceType::rook,
                          PieceType::queen, PieceType::king}) {
        for (Square to = a1; to <= h8; ++to) {
          for (Bitboard from_mask : {~Bitboard{0}, file_bb(file_of(to) ^ 1), rank_bb(2)}) {
            MoveFilter filter;
            filter.piece_types = piece_type_bit(t);
            filter.to = bb(to);
            filter.from = from_mask;
            filter.castling = false;
            MoveList some;
            generate_legal(pos, some, filter);
            int expected = 0;
            for (Move m : all) {
              if (m.is_castling() || m.to() != to || !(bb(m.from()) & from_mask)) continue;
              if (type_of(pos.piece_on(m.from())) != t) continue;
              ++expected;
              CHECK_MESSAGE(some.contains(m), fen);
            }
            CHECK(some.size() == expected);
          }
        }
      }
      seed = seed * 1103515245 + 12345;
      const Move m = all[static_cast<int>((seed >> 16) % static_cast<unsigned>(all.size()))];
      Undo undo;
      pos.do_move(m, undo);
    }
  }
}

TEST_CASE("stored magic numbers: every one works, and the search still finds them") {
  // core/magics.inc is checked at start-up; a failing number would have
  // been replaced by a search (correct, but the table should be rewritten).
  CHECK(detail::magic_fallbacks() == 0);
  // The generator's search is deterministic: a few squares agree.
  for (Square s : {a1, e4, h8, b7}) {
    CHECK(detail::search_magic(true, s) == detail::tables.rook[s].magic);
    CHECK(detail::search_magic(false, s) == detail::tables.bishop[s].magic);
  }
  // Attacks through the tables (filled from rays cut at their nearest
  // blocker) match a slow ray walk on a few boards and on random ones.
  std::vector<Bitboard> boards = {0, 0x00FF00000000FF00ULL, 0x0000102400420000ULL, ~Bitboard{0}};
  std::mt19937_64 random(0x9E3779B97F4A7C15ULL);
  for (int i = 0; i < 200; ++i) boards.push_back(random() & random() & (i % 2 ? random() : ~Bitboard{0}));
  for (Bitboard occupied : boards) {
    for (Square s = a1; s <= h8; ++s) {
      Bitboard rook = 0, bishop = 0;
      for (int d = 0; d < 8; ++d) {
        static constexpr int df[8] = {1, -1, 0, 0, 1, 1, -1, -1};
        static constexpr int dr[8] = {0, 0, 1, -1, 1, -1, 1, -1};
        for (int f = file_of(s) + df[d], r = rank_of(s) + dr[d]; f >= 0 && f < 8 && r >= 0 && r < 8;
             f += df[d], r += dr[d]) {
          (d < 4 ? rook : bishop) |= bb(make_square(f, r));
          if (occupied & bb(make_square(f, r))) break;
        }
      }
      CHECK(rook_attacks(s, occupied) == rook);
      CHECK(bishop_attacks(s, occupied) == bishop);
    }
  }
}
