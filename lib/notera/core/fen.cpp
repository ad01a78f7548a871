#include "notera/core/fen.hpp"

#include <charconv>
#include <initializer_list>
#include <tao/pegtl.hpp>

#include "notera/base/utf8.hpp"
#include "notera/core/movegen.hpp"
#include "notera/grammar/fen.hpp"

namespace notera {
namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar::fen;

// The fields as the grammar found them, with their byte offsets.
struct Field {
  std::string_view text;
  std::size_t offset = 0;
  bool present = false;
};

struct Fields {
  Field board, side, castling, en_passant, halfmove, fullmove;
};

template <typename Rule> struct field_action : pegtl::nothing<Rule> {};

template <Field Fields::*member> struct store_field {
  template <typename ActionInput> static void apply(const ActionInput& in, Fields& fields) {
    Field& f = fields.*member;
    f.text = std::string_view(in.begin(), in.size());
    f.offset = static_cast<std::size_t>(in.begin() - in.input().begin());
    f.present = true;
  }
};

template <> struct field_action<g::board> : store_field<&Fields::board> {};
template <> struct field_action<g::side> : store_field<&Fields::side> {};
template <> struct field_action<g::castling> : store_field<&Fields::castling> {};
template <> struct field_action<g::en_passant> : store_field<&Fields::en_passant> {};
template <> struct field_action<g::halfmove_clock> : store_field<&Fields::halfmove> {};
template <> struct field_action<g::fullmove_number> : store_field<&Fields::fullmove> {};

class Reader {
 public:
  Reader(std::string_view text, bool chess960, ImpossibleCastling impossible)
      : text_(text), chess960_(chess960), impossible_(impossible) {}

  FenResult read() {
    Fields fields;
    try {
      pegtl::memory_input in(text_.data(), text_.size(), "fen");
      pegtl::parse<g::fen, field_action, pegtl::must_if<g::errors>::control>(in, fields);
    } catch (const pegtl::parse_error& e) {
      const auto& pos = e.positions().front();
      return fail(classify_syntax_error(e.message(), pos.byte), pos.byte);
    }
    if (!read_board(fields.board)) return result_;
    pos_.set_side_to_move(fields.side.text == "w" ? Color::white : Color::black);
    if (!read_castling(fields.castling)) return result_;
    if (!read_en_passant(fields.en_passant)) return result_;
    if (!read_counters(fields)) return result_;
    if (!check_position(fields.board)) return result_;
    result_.position = pos_;
    return result_;
  }

 private:
  FenResult& fail(Message message, std::size_t offset) {
    result_.position.reset();
    result_.error.message = std::move(message);
    result_.error.column = utf8::char_column(text_, offset);
    return result_;
  }

  // The grammar's must<> points raise with an error key as the message.
  Message classify_syntax_error(std::string_view key, std::size_t offset) {
    Message m{std::string(key)};
    if (offset < text_.size()) {
      std::size_t length = 1;
      utf8::decode(text_, offset, length);
      m.with("found", text_.substr(offset, length));
    } else {
      m.with("found", "");
    }
    return m;
  }

  bool read_board(const Field& board) {
    int rank = 7;
    int file = 0;
    for (std::size_t i = 0; i < board.text.size(); ++i) {
      const char c = board.text[i];
      const std::size_t offset = board.offset + i;
      if (c == '/') {
        if (file != 8) {
          fail(Message("fen.rank_too_short").with("rank", 8 - (7 - rank)).with("squares", file), offset);
          return false;
        }
        if (rank == 0) {
          fail(Message("fen.too_many_ranks"), offset);
          return false;
        }
        --rank;
        file = 0;
        continue;
      }
      int squares = 0;
      Piece piece = Piece::none;
      if (c >= '1' && c <= '8') {
        squares = c - '0';
      } else if (Piece p = piece_from_char(c); p != Piece::none) {
        piece = p;
        squares = 1;
      } else {
        std::size_t length = 1;
        utf8::decode(board.text, i, length);
        fail(Message("fen.board_char").with("found", board.text.substr(i, length)), offset);
        return false;
      }
      if (file + squares > 8) {
        fail(Message("fen.rank_too_long").with("rank", rank + 1), offset);
        return false;
      }
      if (piece != Piece::none) pos_.put_piece(piece, make_square(file, rank));
      file += squares;
    }
    const std::size_t end = board.offset + board.text.size();
    if (file != 8) {
      fail(Message("fen.rank_too_short").with("rank", rank + 1).with("squares", file), end);
      return false;
    }
    if (rank != 0) {
      fail(Message("fen.too_few_ranks").with("ranks", 8 - rank), end);
      return false;
    }
    return true;
  }

  static Piece piece_from_char(char c) {
    const Color color = (c >= 'a' && c <= 'z') ? Color::black : Color::white;
    switch (c | 0x20) {
      case 'p': return make_piece(color, PieceType::pawn);
      case 'n': return make_piece(color, PieceType::knight);
      case 'b': return make_piece(color, PieceType::bishop);
      case 'r': return make_piece(color, PieceType::rook);
      case 'q': return make_piece(color, PieceType::queen);
      case 'k': return make_piece(color, PieceType::king);
      default: return Piece::none;
    }
  }

  // Under ImpossibleCastling::drop, leaves the right out and says so.
  bool drop(char right, const char* why) {
    if (impossible_ != ImpossibleCastling::drop) return false;
    result_.dropped.push_back({right, Message(why).with("right", std::string(1, right))});
    return true;
  }

  bool read_castling(const Field& field) {
    if (field.text == "-") return true;
    for (std::size_t i = 0; i < field.text.size(); ++i) {
      const char c = field.text[i];
      const std::size_t offset = field.offset + i;
      const Color color = (c >= 'a' && c <= 'z') ? Color::black : Color::white;
      const int back_rank = relative_rank(color, 0);
      const Bitboard kings = pos_.pieces(color, PieceType::king);
      if (popcount(kings) != 1 || rank_of(lsb(kings)) != back_rank) {
        if (drop(c, "fen.castling_no_king")) continue;
        fail(Message("fen.castling_no_king").with("right", std::string(1, c)), offset);
        return false;
      }
      const Square king = lsb(kings);
      const Bitboard rooks = pos_.pieces(color, PieceType::rook) & rank_bb(back_rank);
      Square rook = no_square;
      const char lower = static_cast<char>(c | 0x20);
      if (lower == 'k') {
        // X-FEN: the outermost rook on the king's side.
        const Bitboard side = rooks & ~((bb(king) << 1) - 1);
        if (side) rook = msb(side);
      } else if (lower == 'q') {
        const Bitboard side = rooks & (bb(king) - 1);
        if (side) rook = lsb(side);
      } else {
        const Square s = make_square(lower - 'a', back_rank);
        if (rooks & bb(s)) rook = s;
      }
      if (rook == no_square) {
        if (drop(c, "fen.castling_no_rook")) continue;
        fail(Message("fen.castling_no_rook").with("right", std::string(1, c)), offset);
        return false;
      }
      const CastlingSide side = rook > king ? CastlingSide::king_side : CastlingSide::queen_side;
      if (pos_.has_castling_right(color, side)) {
        fail(Message("fen.castling_duplicate").with("right", std::string(1, c)), offset);
        return false;
      }
      pos_.set_castling_rook(color, side, rook);
      // Anything but the standard squares means Chess960.
      if (file_of(king) != 4 || (file_of(rook) != 0 && file_of(rook) != 7)) chess960_ = true;
    }
    return true;
  }

  bool read_en_passant(const Field& field) {
    if (field.text == "-") return true;
    const Square ep = make_square(field.text[0] - 'a', field.text[1] - '1');
    const Color us = pos_.side_to_move();
    // The square a pawn of the other side just passed over.
    if (rank_of(ep) != relative_rank(us, 5)) {
      fail(Message("fen.ep_rank").with("square", field.text), field.offset);
      return false;
    }
    const Square pushed = ep - pawn_push(us);
    const Square origin = ep + pawn_push(us);
    if (pos_.piece_on(pushed) != make_piece(~us, PieceType::pawn)) {
      fail(Message("fen.ep_no_pawn").with("square", field.text), field.offset);
      return false;
    }
    if (!pos_.empty(ep) || !pos_.empty(origin)) {
      fail(Message("fen.ep_occupied").with("square", field.text), field.offset);
      return false;
    }
    pos_.set_ep_square(ep);
    return true;
  }

  bool read_number(const Field& field, int max, int& value, const char* key) {
    const auto* first = field.text.data();
    const auto* last = first + field.text.size();
    const auto [end, ec] = std::from_chars(first, last, value);
    if (ec != std::errc() || end != last || value > max) {
      fail(Message(key).with("found", field.text), field.offset);
      return false;
    }
    return true;
  }

  bool read_counters(const Fields& fields) {
    int halfmove = 0;
    int fullmove = 1;
    if (fields.halfmove.present && !read_number(fields.halfmove, 9999, halfmove, "fen.halfmove_clock"))
      return false;
    if (fields.fullmove.present && !read_number(fields.fullmove, 99999, fullmove, "fen.fullmove_number"))
      return false;
    pos_.set_halfmove_clock(halfmove);
    pos_.set_fullmove_number(fullmove < 1 ? 1 : fullmove);  // "0" is common; read as 1
    return true;
  }

  // Rules about the whole position, reported at the board field.
  bool check_position(const Field& board) {
    for (Color c : {Color::white, Color::black}) {
      const int kings = popcount(pos_.pieces(c, PieceType::king));
      if (kings != 1) {
        fail(Message("fen.king_count")
                 .with("color", c == Color::white ? "white" : "black")
                 .with("count", kings),
             board.offset);
        return false;
      }
      if (popcount(pos_.pieces(c)) > 16 || popcount(pos_.pieces(c, PieceType::pawn)) > 8) {
        fail(Message("fen.too_many_pieces").with("color", c == Color::white ? "white" : "black"),
             board.offset);
        return false;
      }
    }
    const Bitboard back_ranks = rank_bb(0) | rank_bb(7);
    if (const Bitboard p = pos_.pieces(PieceType::pawn) & back_ranks) {
      const Square s = lsb(p);
      fail(Message("fen.pawn_on_back_rank")
               .with("square", std::string{file_char(file_of(s)), rank_char(rank_of(s))}),
           board.offset);
      return false;
    }
    pos_.set_chess960(chess960_);
    pos_.finish_setup();
    // The side that just moved cannot have left its king in check.
    const Color them = ~pos_.side_to_move();
    if (pos_.attacked_by(pos_.side_to_move(), pos_.king_square(them), pos_.pieces())) {
      fail(Message("fen.opponent_in_check"), board.offset);
      return false;
    }
    if (popcount(pos_.checkers()) > 2) {
      fail(Message("fen.too_many_checkers"), board.offset);
      return false;
    }
    return true;
  }

  std::string_view text_;
  bool chess960_;
  ImpossibleCastling impossible_;
  Position pos_;
  FenResult result_;
};

}  // namespace

FenResult read_fen(std::string_view text, bool chess960, ImpossibleCastling impossible) {
  return Reader(text, chess960, impossible).read();
}

std::string write_fen(const Position& pos, CastlingNotation notation) {
  std::string fen;
  fen.reserve(90);
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      if (p == Piece::none) {
        ++empty;
        continue;
      }
      if (empty) fen += static_cast<char>('0' + empty);
      empty = 0;
      char c = " pnbrqk"[index(type_of(p))];
      if (color_of(p) == Color::white) c = static_cast<char>(c - 32);
      fen += c;
    }
    if (empty) fen += static_cast<char>('0' + empty);
    if (rank) fen += '/';
  }
  fen += pos.side_to_move() == Color::white ? " w " : " b ";

  const std::size_t before = fen.size();
  for (Color c : {Color::white, Color::black}) {
    for (CastlingSide side : {CastlingSide::king_side, CastlingSide::queen_side}) {
      if (!pos.has_castling_right(c, side)) continue;
      const Square rook = pos.castling_rook(c, side);
      // X-FEN: K/Q when the castling rook is the outermost on its side, its
      // file otherwise (another rook stands further out).
      const Bitboard rooks = pos.pieces(c, PieceType::rook) & rank_bb(rank_of(rook));
      const Bitboard outer =
          side == CastlingSide::king_side ? rooks & ~((bb(rook) << 1) - 1) : rooks & (bb(rook) - 1);
      char letter;
      if (notation == CastlingNotation::shredder || outer)
        letter = static_cast<char>('A' + file_of(rook));
      else
        letter = side == CastlingSide::king_side ? 'K' : 'Q';
      if (c == Color::black) letter = static_cast<char>(letter | 0x20);
      fen += letter;
    }
  }
  if (fen.size() == before) fen += '-';

  fen += ' ';
  if (pos.ep_square() == no_square) {
    fen += '-';
  } else {
    fen += file_char(file_of(pos.ep_square()));
    fen += rank_char(rank_of(pos.ep_square()));
  }
  fen += ' ';
  fen += std::to_string(pos.halfmove_clock());
  fen += ' ';
  fen += std::to_string(pos.fullmove_number());
  return fen;
}

}  // namespace notera
