// The notation systems besides algebraic that people have written chess in:
//
//   descriptive (English)   P-K4  Kt-KB3  BxN  PxP e.p.  QR-Q1  N(2)-B3  P-K8(Q)
//   descriptive (Spanish)   P4R   C3AR    AxC  TD1D
//   announced               Springer Gustav eins Felix drei  (FIDE Laws,
//                           Appendix D.2.1, for blind and visually disabled
//                           players; Appendix E.2.1 in the 2009 Laws)
//
// Descriptive squares are named from the mover's side of the board: White's
// K4 is e4, Black's K4 is e5. Files are named after the piece that starts on
// them (K, Q, KB, QB, KN, QN, KR, QR); "B", "N" or "R" alone names either
// side. Captures name the pieces ("BxN"), not the square. All words (piece
// letters, files, check and castling words, the German words of Appendix D)
// come from the locale bundles (keys "descriptive.*", "announced.*").
//
// A written move becomes a SystemMove (what the text fixes: pieces, files,
// ranks, the piece taken, the promotion, the check), which resolves against
// a position by keeping the legal moves that fit. A written check mark (or
// its absence) decides between moves that fit otherwise: books mark checks.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "notera/core/movegen.hpp"
#include "notera/core/position.hpp"
#include "notera/notation/laws.hpp"
#include "notera/notation/resolve.hpp"
#include "notera/notation/written_move.hpp"

namespace notera::notation {

enum class System : std::uint8_t { algebraic, descriptive_en, descriptive_es, announced };

// Pseudo language indices (next to ResolveOptions::any_language) for
// `--lang descriptive` (English or Spanish forms), `--lang descriptive-es`
// and `--lang announced`.
inline constexpr int descriptive_language = -2;
inline constexpr int descriptive_es_language = -3;
inline constexpr int announced_language = -4;
inline constexpr bool is_system_language(int language) { return language <= descriptive_language; }
// "descriptive", "descriptive-en", "descriptive-es", "announced": the
// pseudo index, or 0 when `name` is none of them.
int system_language(std::string_view name);
// The code a game read in that system reports ("descriptive", ...).
std::string_view system_code(System system);

// Where each piece on the board started (no_square when unknown), so that
// "KR" can mean the rook that started on the king's side.
using PieceOrigins = std::array<Square, 64>;
PieceOrigins initial_origins(const Position& pos);
void track_origins(PieceOrigins& origins, const Position& before, Move m);

// What a descriptive or announced move fixes. Files are bit masks (bit f =
// file f); ranks are 0-7 from White's side once read (descriptive ranks are
// turned from the mover's side when the move is resolved, see `relative`).
struct SystemMove {
  enum class Kind : std::uint8_t { none, move, castle_short, castle_long, castle_any };
  Kind kind = Kind::none;
  System system = System::descriptive_en;
  bool relative = true;  // ranks counted from the mover's side (descriptive)
  PieceType piece = PieceType::none;
  std::int8_t piece_side = -1;  // "KR": 1 king's side, "QR": 0 queen's side
  std::uint8_t from_files = 0xFF;
  std::int8_t from_rank = -1;
  std::uint8_t to_files = 0xFF;
  std::int8_t to_rank = -1;
  bool capture = false;
  PieceType captured = PieceType::none;  // "BxN": the piece taken
  std::int8_t captured_side = -1;
  std::uint8_t captured_files = 0xFF;
  std::int8_t captured_rank = -1;
  PieceType promotion = PieceType::none;
  WrittenCheck check = WrittenCheck::none;
  CheckKind check_kind = CheckKind::any;  // dis ch, dbl ch
  bool en_passant = false;
  Nag glyph = 0;
};

// Reads one move at the start of `text`; blanks may separate its parts
// ("P - Q B 4", "Kt × B"). Returns the bytes read (0: not a move of that
// system). `alternative` > 0 asks for a shorter reading of the same text
// where there is one (an announced "Springer Felix drei" before a pawn move
// "Eva vier"): 0 when there is none.
std::size_t read_system_move(std::string_view text, System system, SystemMove& out, int alternative = 0);

// The verdict on a read move, as for algebraic: legal, ambiguous (with every
// reading) or illegal (with the reason). `origins` (optional) lets "KR" mean
// the rook that started on h1/h8.
Resolution resolve_system_move(const Position& pos, const SystemMove& move, const PieceOrigins* origins,
                               bool warnings = true);

// The algebraic shape of a read move, for messages and mark judging (check,
// destination square from the mover's side when the text fixes one).
WrittenMove written_form(const Position& pos, const SystemMove& move);

// Writes `m` (legal in `pos`) in that system: descriptive in the shortest
// form that reads back as that move alone, announced in the long form
// ("Springer Gustav eins Felix drei"). `after` is the position after it.
// Announced moves use the word list of `words_language` where its bundle
// has one (Danish: "Springer Gustav et Frederik tre"), else the Laws'.
// Every list is read.
void append_system_move(const Position& pos, Move m, const Position& after, System system,
                        const PieceOrigins* origins, std::string& out, std::string_view words_language = {});

// The words that end a game in a book ("Resigns", "Drawn", "White
// resigns", "abandona") at the start of `text`: the result they give when
// read at the move of `mover` (with `length` the bytes read), or "" when
// none is there.
std::string_view result_words(std::string_view text, System system, Color mover, std::size_t& length);

}  // namespace notera::notation
