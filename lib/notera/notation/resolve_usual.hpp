// resolve()'s verdict for the usual move, as an inline function for the
// game player, which asks it at nearly every move of every game: as a call
// its prologue and epilogue were a sixth of its work, and building a
// Resolution (two move lists) had cost more than the answer. Private to
// the library; everyone else calls resolve().
#pragma once

#include "notera/core/moves_to_square.hpp"
#include "notera/notation/resolve.hpp"

namespace notera::notation {

// The origins a move is written with, as a mask (all squares for none).
inline Bitboard from_mask_of(const WrittenMove& w) {
  Bitboard mask = ~Bitboard{0};
  if (w.from_file >= 0) mask &= file_bb(w.from_file);
  if (w.from_rank >= 0) mask &= rank_bb(w.from_rank);
  return mask;
}

// The one reading of a move written as most PGN writes it ("Nf3", "Nbd7",
// "exd5", "e4"): no letter, or a letter that means the same in English as
// in the game's language (or has no English meaning, or foreign letters
// are off), to a written square, with no origin square and no promotion.
// The piece type, in the game's language (options.language); anything else
// (figurines, a letter English reads otherwise, long forms, promotions,
// "BxN") may have several readings: PieceType::none. plain_letter_piece()
// is the part that depends on the letter alone.
inline PieceType plain_letter_piece(int letter, const LetterTable& letters, const ResolveOptions& options) {
  if (options.language == ResolveOptions::any_language || letters.is_figurine(letter)) return PieceType::none;
  const PieceType local = letters.meaning(letter, options.language);
  if (local == PieceType::none) return PieceType::none;
  if (options.foreign_letters) {
    const PieceType english = letters.meaning(letter, LetterTable::english);
    if (english != PieceType::none && english != local) return PieceType::none;
  }
  return local;
}

inline PieceType plain_piece(const WrittenMove& w, const LetterTable& letters,
                             const ResolveOptions& options) {
  if (!w.has_to_square() || w.has_from_square() || w.promotion.present() || w.captured.present())
    return PieceType::none;
  if (w.kind == WrittenKind::no_letter) return PieceType::pawn;
  return plain_letter_piece(w.piece.letter, letters, options);
}

// The usual move as resolve_usual finds it: the move, the piece type it
// was read as, and the origins of the other legal moves of that type to
// the same square (SAN disambiguation).
struct UsualMove {
  Move move;
  PieceType piece;
  Bitboard rivals;
  // When resolve_usual() says false: true when the move has its one plain
  // reading and no legal move fits it (the move is illegal as written).
  bool none_fits = false;
};

// resolve_usual() once the reading is known: `piece` is plain_piece(w),
// not none. For a reader that knows the piece from the shape it read.
[[gnu::always_inline]] inline bool resolve_plain(const Position& pos, const WrittenMove& w, PieceType piece,
                                                 UsualMove& out) {
  const Color us = pos.side_to_move();
  const Square to = w.to_square();
  if (piece != PieceType::pawn) {
    const Bitboard origins = detail::piece_origins(pos, piece, to);
    const Bitboard fits = origins & from_mask_of(w);
    out.none_fits = !fits;
    if (!fits || more_than_one(fits)) return false;
    out = {Move(lsb(fits), to), piece, origins & ~fits};
    return true;
  }
  // Pawns: promotions (four moves fit "e8") and the rare forms with a rank
  // of origin are left to resolve().
  if (w.from_rank >= 0 || rank_of(to) == relative_rank(us, 7)) return false;
  const detail::PawnOrigins o =
      detail::pawn_origins(pos, to, pos.pieces(us, PieceType::pawn) & from_mask_of(w));
  // Without a file of origin and without x a pawn move is a push ("e4");
  // with x it is a capture ("exd5", "xd5"); "ed5" may be either.
  Bitboard fits = 0;
  if (!w.capture) fits |= o.push;
  if (w.capture || w.from_file >= 0) fits |= o.capture;
  out.none_fits = !fits;
  if (!fits || more_than_one(fits)) return false;
  const bool en_passant = o.en_passant && (o.capture & fits);
  out = {Move::make(lsb(fits), to, en_passant ? Move::Kind::en_passant : Move::Kind::normal), PieceType::pawn,
         0};
  return true;
}

// The verdict of resolve() for the usual move: a move written the plain
// way ("Nf3", "Nbd7", "exd5", "e4", "O-O") that exactly one legal move
// fits. False for anything else (then resolve() says what it is); warnings
// are not judged. A reading with a letter is in options.language; castling
// has none.
[[gnu::always_inline]] inline bool resolve_usual(const Position& pos, const WrittenMove& w,
                                                 const ResolveOptions& options, UsualMove& out) {
  if (w.is_castling()) {
    const CastlingSide side =
        w.kind == WrittenKind::castle_short ? CastlingSide::king_side : CastlingSide::queen_side;
    if (!castling_is_legal(pos, side)) return false;
    out = {pos.castling_move(pos.side_to_move(), side), PieceType::king, 0};
    return true;
  }
  const PieceType piece = plain_piece(w, LetterTable::instance(), options);
  if (piece == PieceType::none) return false;
  return resolve_plain(pos, w, piece, out);
}

}  // namespace notera::notation
