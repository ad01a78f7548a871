#include "notera/core/position.hpp"

#include <array>
#include <cstring>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>

#include "notera/core/make_move.hpp"
#include "notera/core/movegen.hpp"

namespace notera {

namespace {

using CastlingMask = std::array<std::uint8_t, 64>;

// The one copy of a castling mask that positions point to: the few there
// are (no rights; the standard rooks and kings; each Chess960 setup) are
// kept for the life of the program, each made once. The last one asked for
// is remembered per thread, so that a collection of games with the same
// setup takes no lock.
const std::uint8_t* shared_castling_mask(const CastlingMask& mask) {
  thread_local const CastlingMask* last = nullptr;
  if (last && *last == mask) return last->data();
  // Never destroyed: positions (static ones among them) may point into
  // it until the very end, and worker threads may still set up positions
  // while the program's statics are destroyed.
  static std::mutex& lock = *new std::mutex;
  static auto& masks = *new std::map<CastlingMask, std::unique_ptr<const CastlingMask>>;
  const std::lock_guard<std::mutex> hold(lock);
  auto& kept = masks[mask];
  if (!kept) kept = std::make_unique<const CastlingMask>(mask);
  last = kept.get();
  return last->data();
}

// The mask of a position without castling rights, for positions not set
// up yet (default-constructed ones).
const std::uint8_t* no_castling_mask() {
  static const std::uint8_t* const none = shared_castling_mask(CastlingMask{});
  return none;
}

}  // namespace

namespace zobrist {
namespace {

struct Keys {
  std::uint64_t piece_square[16][64];
  std::uint64_t castling[16];
  std::uint64_t en_passant[8];
  std::uint64_t side;
};

// splitmix64: well-distributed, deterministic keys.
Keys make_keys() {
  Keys k{};
  std::uint64_t state = 0x6E6F746572610001ULL;  // "notera"
  auto next = [&state] {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (auto& row : k.piece_square)
    for (auto& key : row) key = next();
  // Castling keys combine per right, so that a set of rights has one key.
  std::uint64_t single[4];
  for (auto& key : single) key = next();
  for (int rights = 0; rights < 16; ++rights) {
    k.castling[rights] = 0;
    for (int bit = 0; bit < 4; ++bit)
      if (rights & (1 << bit)) k.castling[rights] ^= single[bit];
  }
  for (auto& key : k.en_passant) key = next();
  k.side = next();
  return k;
}

const Keys keys = make_keys();

}  // namespace

std::uint64_t piece_square(Piece p, Square s) { return keys.piece_square[index(p)][s]; }
std::uint64_t castling(std::uint8_t rights) { return keys.castling[rights & 15]; }
std::uint64_t en_passant(int file) { return keys.en_passant[file]; }
std::uint64_t side() { return keys.side; }

}  // namespace zobrist

Position::Position() : castling_mask_(no_castling_mask()) { std::memset(board_, 0, sizeof board_); }

Position Position::start() {
  // Built once: games are cleared to the start position all the time.
  static const Position start = [] {
    Position p;
    constexpr PieceType back_rank[8] = {PieceType::rook,   PieceType::knight, PieceType::bishop,
                                        PieceType::queen,  PieceType::king,   PieceType::bishop,
                                        PieceType::knight, PieceType::rook};
    for (int f = 0; f < 8; ++f) {
      p.put_piece(make_piece(Color::white, back_rank[f]), make_square(f, 0));
      p.put_piece(make_piece(Color::white, PieceType::pawn), make_square(f, 1));
      p.put_piece(make_piece(Color::black, PieceType::pawn), make_square(f, 6));
      p.put_piece(make_piece(Color::black, back_rank[f]), make_square(f, 7));
    }
    p.set_castling_rook(Color::white, CastlingSide::king_side, h1);
    p.set_castling_rook(Color::white, CastlingSide::queen_side, a1);
    p.set_castling_rook(Color::black, CastlingSide::king_side, h8);
    p.set_castling_rook(Color::black, CastlingSide::queen_side, a8);
    p.finish_setup();
    return p;
  }();
  return start;
}

// Not inlined: GCC 12 with -fsanitize=address,undefined at -O2 miscompiles
// the 32 inlined calls that build the start position (white pieces lost
// from the colour and type boards; the sanitizer build then finds no
// king). Pieces are put only in setup and on promotion, so it costs nothing.
[[gnu::noinline]] void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  by_type_[index(type_of(p))] |= bb(s);
  by_color_[index(color_of(p))] |= bb(s);
  if (type_of(p) == PieceType::king) king_square_[index(color_of(p))] = s;
}

void Position::set_castling_rook(Color c, CastlingSide side, Square rook) {
  castling_rook_[index(c)][index(side)] = rook;
  st_.castling |= castling_bit(c, side);
}

Move Position::castling_move(Color c, CastlingSide side) const {
  if (!has_castling_right(c, side)) return Move::none();
  return Move::make(king_square(c), castling_rook(c, side), Move::Kind::castling);
}

void Position::finish_setup() {
  king_square_[0] = king_square_[1] = no_square;
  for (Color c : {Color::white, Color::black}) {
    const Bitboard k = pieces(c, PieceType::king);
    if (k) king_square_[index(c)] = lsb(k);
  }
  CastlingMask mask{};
  for (Color c : {Color::white, Color::black}) {
    for (CastlingSide side : {CastlingSide::king_side, CastlingSide::queen_side}) {
      if (!has_castling_right(c, side)) {
        castling_rook_[index(c)][index(side)] = no_square;
        continue;
      }
      const std::uint8_t bit = castling_bit(c, side);
      mask[static_cast<std::size_t>(castling_rook(c, side))] |= bit;
      if (king_square(c) != no_square) mask[static_cast<std::size_t>(king_square(c))] |= bit;
    }
  }
  castling_mask_ = shared_castling_mask(mask);
  if (king_square(side_) != no_square) {
    update_check_info();
  } else {
    st_.checkers = st_.pinned = 0;
  }
  st_.ep_capturable = false;
  if (st_.ep_square != no_square && king_square(side_) != no_square) update_ep_capturable();
  st_.key = compute_key();
}

std::uint64_t Position::compute_key() const {
  std::uint64_t k = 0;
  for (Square s = a1; s <= h8; ++s)
    if (!empty(s)) k ^= zobrist::piece_square(board_[s], s);
  if (side_ == Color::black) k ^= zobrist::side();
  k ^= zobrist::castling(st_.castling);
  if (st_.ep_capturable) k ^= zobrist::en_passant(file_of(st_.ep_square));
  return k;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(Color::black, s) & pieces(Color::white, PieceType::pawn)) |
         (pawn_attacks(Color::white, s) & pieces(Color::black, PieceType::pawn)) |
         (knight_attacks(s) & pieces(PieceType::knight)) |
         sliders_reaching(s, pieces(PieceType::rook, PieceType::queen),
                          pieces(PieceType::bishop, PieceType::queen), occupied) |
         (king_attacks(s) & pieces(PieceType::king));
}

bool Position::en_passant_is_legal(Square from) const {
  const Color us = side_;
  const Square to = st_.ep_square;
  const Square captured = to - pawn_push(us);
  const Square ksq = king_square(us);
  const Bitboard occupied = (pieces() ^ bb(from) ^ bb(captured)) | bb(to);
  // Every attacker of the king after the capture, except the captured pawn.
  return (attackers_to(ksq, occupied) & pieces(~us) & ~bb(captured)) == 0;
}

void Position::update_ep_capturable() {
  st_.ep_capturable = false;
  const Color us = side_;
  // The square must be one a double push just passed, with the pawn beyond it.
  if (rank_of(st_.ep_square) != relative_rank(us, 5)) return;
  const Square pushed = st_.ep_square - pawn_push(us);
  if (board_[pushed] != make_piece(~us, PieceType::pawn) || !empty(st_.ep_square)) return;
  Bitboard capturers = pawn_attacks(~us, st_.ep_square) & pieces(us, PieceType::pawn);
  while (capturers) {
    if (en_passant_is_legal(pop_lsb(capturers))) {
      st_.ep_capturable = true;
      return;
    }
  }
}

bool Position::is_legal(Move m) const {
  MoveList moves;
  generate_legal(*this, moves);
  return moves.contains(m);
}

void Position::do_move(Move m, Undo& undo) { apply_move(m, &undo); }
void Position::walk_move(Move m) { apply_move(m, nullptr); }

void Position::undo_move(Move m, const Undo& undo) {
  side_ = ~side_;
  const Color us = side_;
  const Square from = m.from();
  const Square to = m.to();

  if (m.is_castling()) {
    const CastlingSide side = castling_side_of(m);
    const Square king_to = castling_king_target(us, side);
    const Square rook_to = castling_rook_target(us, side);
    const Piece king = board_[king_to];
    const Piece rook = board_[rook_to];
    remove_piece(king_to);
    remove_piece(rook_to);
    put_piece(king, from);
    put_piece(rook, to);
  } else {
    if (m.kind() == Move::Kind::promotion) {
      remove_piece(to);
      put_piece(make_piece(us, PieceType::pawn), to);
    }
    move_piece(to, from);
    if (undo.captured != Piece::none) put_piece(undo.captured, m.is_en_passant() ? to - pawn_push(us) : to);
  }

  if (us == Color::black) --fullmove_number_;
  st_ = undo.state;
}

void Position::do_null_move(Undo& undo) {
  undo.state = st_;
  undo.captured = Piece::none;
  std::uint64_t k = st_.key ^ zobrist::side();
  if (st_.ep_capturable) k ^= zobrist::en_passant(file_of(st_.ep_square));
  st_.ep_square = no_square;
  st_.ep_capturable = false;
  ++st_.halfmove_clock;
  if (side_ == Color::black) ++fullmove_number_;
  side_ = ~side_;
  update_check_info();
  st_.key = k;
}

void Position::undo_null_move(const Undo& undo) {
  side_ = ~side_;
  if (side_ == Color::black) --fullmove_number_;
  st_ = undo.state;
}

bool Position::operator==(const Position& other) const {
  if (std::memcmp(board_, other.board_, sizeof board_) != 0 || side_ != other.side_ ||
      st_.castling != other.st_.castling || st_.ep_square != other.st_.ep_square ||
      st_.halfmove_clock != other.st_.halfmove_clock || fullmove_number_ != other.fullmove_number_ ||
      chess960_ != other.chess960_)
    return false;
  // Rook squares matter only for the rights still held.
  for (Color c : {Color::white, Color::black})
    for (CastlingSide side : {CastlingSide::king_side, CastlingSide::queen_side})
      if (has_castling_right(c, side) && castling_rook(c, side) != other.castling_rook(c, side)) return false;
  return true;
}

}  // namespace notera
