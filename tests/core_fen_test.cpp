// FEN, X-FEN and Shredder-FEN: reading, writing, and one test per error.
#include <doctest/doctest.h>

#include <string>

#include "notera/core/fen.hpp"

using namespace notera;

namespace {

// The error key and column of a FEN that must be rejected.
std::pair<std::string, int> error_of(const std::string& fen) {
  const FenResult r = read_fen(fen);
  REQUIRE_MESSAGE(!r.position.has_value(), fen);
  return {r.error.message.key, r.error.column};
}

}  // namespace

TEST_CASE("fen: standard positions round-trip") {
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/1K1R1B1R b - - 9 11",
       }) {
    const FenResult r = read_fen(fen);
    REQUIRE_MESSAGE(r.position.has_value(), fen);
    CHECK(write_fen(*r.position) == fen);
    CHECK_FALSE(r.position->is_chess960());
  }
}

TEST_CASE("fen: missing counters default to 0 and 1, extra blanks are fine") {
  const FenResult r = read_fen("  4k3/8/8/8/8/8/8/4K3   b   -   -  ");
  REQUIRE(r.position.has_value());
  CHECK(write_fen(*r.position) == "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
  const FenResult half = read_fen("4k3/8/8/8/8/8/8/4K3 w - - 7");
  REQUIRE(half.position.has_value());
  CHECK(half.position->halfmove_clock() == 7);
  // A move number of 0 (written by some programs) is read as 1.
  CHECK(read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0").position->fullmove_number() == 1);
}

TEST_CASE("fen: Chess960 with Shredder-FEN and X-FEN castling") {
  const char* shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  const FenResult r = read_fen(shredder);
  REQUIRE(r.position.has_value());
  CHECK(r.position->is_chess960());
  CHECK(r.position->castling_rook(Color::white, CastlingSide::king_side) == h1);
  CHECK(r.position->castling_rook(Color::white, CastlingSide::queen_side) == f1);
  CHECK(write_fen(*r.position, CastlingNotation::shredder) == shredder);
  // X-FEN writes K/Q for the outermost rooks.
  CHECK(write_fen(*r.position) == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  // Read back the X-FEN form: the same rooks.
  const FenResult x = read_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  REQUIRE(x.position.has_value());
  CHECK(x.position->castling_rook(Color::black, CastlingSide::queen_side) == f8);
  CHECK(*x.position == *r.position);
}

TEST_CASE("fen: X-FEN names an inner rook by its file") {
  // Two rooks on the king's side; the right belongs to the inner one (f1).
  const FenResult r = read_fen("4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
  REQUIRE(r.position.has_value());
  CHECK(r.position->castling_rook(Color::white, CastlingSide::king_side) == f1);
  CHECK(write_fen(*r.position) == "4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
  // K means the outermost rook (h1).
  const FenResult k = read_fen("4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
  REQUIRE(k.position.has_value());
  CHECK(k.position->castling_rook(Color::white, CastlingSide::king_side) == h1);
}

TEST_CASE("fen: en-passant square is kept as written, counted only when capturable") {
  const FenResult none = read_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  REQUIRE(none.position.has_value());
  CHECK(none.position->ep_square() == e3);
  CHECK_FALSE(none.position->ep_capturable());
  const FenResult yes = read_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  REQUIRE(yes.position.has_value());
  CHECK(yes.position->ep_capturable());
}

TEST_CASE("fen: every bad field has its own error") {
  // board
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1") ==
        std::pair<std::string, int>{"fen.board_char", 43});
  CHECK(error_of("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").first == "fen.rank_too_short");
  CHECK(error_of("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").first == "fen.board_char");
  CHECK(error_of("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").first == "fen.rank_too_long");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").first == "fen.too_few_ranks");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").first == "fen.too_many_ranks");
  CHECK(error_of("").first == "fen.board");
  // fields
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").first == "fen.missing_field");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1") ==
        std::pair<std::string, int>{"fen.side", 45});
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1").first == "fen.missing_field");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w * - 0 1").first == "fen.castling");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1").first == "fen.en_passant");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1").first == "fen.trailing");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra").first == "fen.trailing");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 123456 1").first ==
        "fen.halfmove_clock");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1234567").first ==
        "fen.fullmove_number");
}

TEST_CASE("fen: castling rights must match kings and rooks") {
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1").first == "fen.castling_no_king");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1").first == "fen.castling_no_rook");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KHkq - 0 1").first ==
        "fen.castling_duplicate");
  CHECK(error_of("4k3/8/8/8/8/8/8/4K3 w C - 0 1").first == "fen.castling_no_rook");
}

TEST_CASE("fen: impossible castling rights are dropped and listed when asked to") {
  // No rook on h1 for K, Black's king off its first rank for k and q.
  const std::string fen = "b5nr/1p2kB1p/8/8/8/8/P7/R3K3 b KQkq - 0 22";
  CHECK(error_of(fen).first == "fen.castling_no_rook");
  const FenResult r = read_fen(fen, false, ImpossibleCastling::drop);
  REQUIRE(r.position.has_value());
  REQUIRE(r.dropped.size() == 3);
  CHECK(r.dropped[0].right == 'K');
  CHECK(r.dropped[0].reason.key == "fen.castling_no_rook");
  CHECK(r.dropped[1].right == 'k');
  CHECK(r.dropped[1].reason.key == "fen.castling_no_king");
  CHECK(r.dropped[2].right == 'q');
  CHECK(write_fen(*r.position) == "b5nr/1p2kB1p/8/8/8/8/P7/R3K3 b Q - 0 22");
  // Rights the position can have are kept as they are; a duplicate is still an error.
  CHECK(read_fen(std::string(start_fen), false, ImpossibleCastling::drop).dropped.empty());
  CHECK_FALSE(
      read_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KHkq - 0 1", false, ImpossibleCastling::drop));
}

TEST_CASE("fen: en-passant square must fit the last move") {
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1").first == "fen.ep_rank");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1").first == "fen.ep_no_pawn");
  CHECK(error_of("rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1").first == "fen.ep_occupied");
}

TEST_CASE("fen: impossible positions") {
  CHECK(error_of("8/8/8/8/8/8/8/4K3 w - - 0 1").first == "fen.king_count");
  CHECK(error_of("4kk2/8/8/8/8/8/8/4K3 w - - 0 1").first == "fen.king_count");
  CHECK(error_of("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").first == "fen.pawn_on_back_rank");
  // Black to move gives check to White: White, not to move, is in check.
  CHECK(error_of("4k3/8/8/8/8/8/8/r3K3 b - - 0 1").first == "fen.opponent_in_check");
  CHECK(error_of("4k3/pppppppp/pppppppp/8/8/8/8/4K3 w - - 0 1").first == "fen.too_many_pieces");
}

TEST_CASE("fen: columns count characters, not bytes") {
  // The field ends after a two-byte character: column 2, not byte 3.
  const FenResult r = read_fen("é");
  REQUIRE_FALSE(r.position.has_value());
  CHECK(r.error.message.key == "fen.missing_field");
  CHECK(r.error.column == 2);
  const FenResult s = read_fen("4k3/8/8/8/8/8/8/4K3 ü - - 0 1");
  REQUIRE_FALSE(s.position.has_value());
  CHECK(s.error.message.key == "fen.side");
  CHECK(s.error.column == 21);
}

TEST_CASE("fen: garbage never crashes") {
  for (const char* junk : {"/", "////////", "8/8/8/8/8/8/8/8 w - -", "\xff\xfe", "k w - -",
                           "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - a1 0 1",
                           "11111111/8/8/8/8/8/8/8 w", "4k3/8/8/8/8/8/8/4K3 w - - 99999 99999"}) {
    CAPTURE(junk);
    const FenResult r = read_fen(junk);
    CHECK_FALSE(r.position.has_value());
    CHECK_FALSE(r.error.message.key.empty());
  }
}
