// SAN as the PGN standard writes it (§8.2.3): disambiguation by legal moves
// only, file before rank before square; castling, promotion, check and mate.
#include <doctest/doctest.h>

#include <string>

#include "notera/core/fen.hpp"
#include "notera/core/san.hpp"
#include "notera/core/uci.hpp"
#include "support/position.hpp"

using namespace notera;

namespace {

std::string san_of(const char* fen, const char* uci) {
  const FenResult r = read_fen(fen);
  REQUIRE_MESSAGE(r.position.has_value(), fen);
  const Move m = parse_uci(*r.position, uci);
  REQUIRE_MESSAGE(m != Move::none(), uci);
  return to_san(*r.position, m);
}

}  // namespace

TEST_CASE("san: pieces, pawns and captures") {
  const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  CHECK(san_of(start, "e2e4") == "e4");
  CHECK(san_of(start, "g1f3") == "Nf3");
  CHECK(san_of("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5") == "exd5");
  CHECK(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6") == "exd6");
  CHECK(san_of("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1", "e1e2") == "Kxe2");
}

TEST_CASE("san: disambiguation - file, then rank, then square") {
  // FIDE C.10 knights: same rank -> file.
  CHECK(san_of("4k3/pp3ppp/8/8/8/8/PP3PPP/1K2N1N1 w - - 0 30", "g1f3") == "Ngf3");
  // Same file -> rank.
  CHECK(san_of("4k3/pp3ppp/8/6N1/8/8/PP3P1P/1K4N1 w - - 0 30", "g5f3") == "N5f3");
  // Different file and rank -> file is enough.
  CHECK(san_of("4k3/pp3pp1/8/7p/3N4/8/PP3P1N/1K6 w - - 0 30", "h2f3") == "Nhf3");
  // Rooks on one file.
  CHECK(san_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3") == "R1a3");
  // Three queens: one shares the file, one the rank: full square.
  CHECK(san_of("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2") == "Qa1b2");
  // No other piece can go there: no disambiguation.
  CHECK(san_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a3") == "Ra3");
}

TEST_CASE("san: a pinned piece does not count for disambiguation") {
  // The d4 knight is pinned by the rook on d8; only Nh2 can reach f3.
  CHECK(san_of("3r2k1/pp3pp1/8/7p/3N4/8/PP3P1N/3K4 w - - 0 30", "h2f3") == "Nf3");
  // The e3 rook is pinned by the c5 bishop: Ra1-e1 is just "Re1".
  CHECK(san_of("3r2k1/pp3ppp/2n5/2b5/5P2/2N1R3/PPP3PP/R5K1 w - - 0 22", "a1e1") == "Re1");
}

TEST_CASE("san: castling, promotion, check and mate") {
  CHECK(san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1") == "O-O");
  CHECK(san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1") == "O-O-O");
  CHECK(san_of("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1") == "O-O+");
  CHECK(san_of("5r2/3PP2k/8/6p1/8/6P1/5PK1/8 w - - 0 52", "d7d8q") == "d8=Q");
  // Promotion with check: the new knight on f8 attacks h7.
  CHECK(san_of("5r2/3PP2k/8/6p1/8/6P1/5PK1/8 w - - 0 52", "e7f8n") == "exf8=N+");
  CHECK(san_of("3r2k1/1Q3ppp/8/8/8/8/5PPP/6K1 b - - 0 30", "d8d1") == "Rd1#");
  // Chess960 castling is written the same way.
  CHECK(san_of("4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1") == "O-O-O");
}

TEST_CASE("san: long form and local letters through SanStyle") {
  SanStyle lan;
  lan.long_form = true;
  const Position start = Position::start();
  CHECK(to_san(start, parse_uci(start, "g1f3"), lan) == "Ng1-f3");
  CHECK(to_san(start, parse_uci(start, "e2e4"), lan) == "e2-e4");
  SanStyle norwegian;
  norwegian.pieces = {"", "", "S", "L", "T", "D", "K"};
  norwegian.castle_short = "0-0";
  norwegian.promotion_mark = "";
  CHECK(to_san(start, parse_uci(start, "g1f3"), norwegian) == "Sf3");
  const Position promo = *read_fen("5r2/3PP2k/8/6p1/8/6P1/5PK1/8 w - - 0 52").position;
  CHECK(to_san(promo, parse_uci(promo, "d7d8q"), norwegian) == "d8D");
}

TEST_CASE("uci: castling forms in standard chess and Chess960") {
  const Position p = *read_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").position;
  const Move short_castle = parse_uci(p, "e1g1");
  REQUIRE(short_castle.is_castling());
  CHECK(to_uci(p, short_castle) == "e1g1");
  CHECK(parse_uci(p, "e1h1") == short_castle);  // king takes rook also read
  const Position c960 = *read_fen("4k3/8/8/8/8/8/8/RK6 w A - 0 1").position;
  const Move q = parse_uci(c960, "b1a1");
  REQUIRE(q.is_castling());
  CHECK(to_uci(c960, q) == "b1a1");
  // In Chess960 a one-square king move stays a king move.
  const Position g = *read_fen("4k3/8/8/8/8/8/8/5K1R w H - 0 1").position;
  CHECK_FALSE(parse_uci(g, "f1g1").is_castling());
  CHECK(parse_uci(g, "f1h1").is_castling());
  CHECK(parse_uci(p, "e2e4") == Move::none());
  CHECK(parse_uci(p, "zz") == Move::none());
  CHECK(parse_uci(p, "a1a2x") == Move::none());
}

TEST_CASE("san: write_pgn_san spells every move as write_san does with PGN's style") {
  // Every legal move of every position of 200 random games (castling both
  // ways, promotions to every piece, pins, checks and mates), each from its
  // hint, and the null move: the PGN writer's shortcut and the general
  // speller give the same text, and the same as to_san.
  int checked = 0, castlings = 0, promotions = 0, checks = 0, disambiguated = 0;
  test::for_each_move_of_random_games(16, 200, 200, [&](const Position& pos, Move m) {
    Position after = pos;
    after.play(m);
    const SanHint hint = SanHint::of(pos, m, after);
    char fast[sizeof(SanText::data)];
    const std::string_view got(fast, static_cast<std::size_t>(write_pgn_san(m, hint, fast) - fast));
    SanText general;
    write_san(m, hint, general);
    if (got != general.view() || got != to_san(pos, m))
      FAIL_CHECK(write_fen(pos) << " " << to_uci(pos, m) << ": " << got << ", write_san " << general.view()
                                << ", to_san " << to_san(pos, m));
    ++checked;
    castlings += m.is_castling();
    promotions += m.kind() == Move::Kind::promotion;
    checks += hint.check() != SanHint::Check::none;
    disambiguated += hint.origin() != SanHint::Origin::none;
  });
  CHECK(checked > 300000);
  CHECK(castlings > 100);
  CHECK(promotions > 1000);
  CHECK(checks > 10000);
  CHECK(disambiguated > 1000);
  char text[sizeof(SanText::data)];
  CHECK(std::string_view(text, static_cast<std::size_t>(write_pgn_san(Move::null(), SanHint(), text) - text)) ==
        "--");
}
