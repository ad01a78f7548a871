// Reading written moves (syntax only): one check per grammar feature of
// grammars/notera/grammar/move.hpp.
#include <doctest/doctest.h>

#include <bitset>
#include <string>
#include <vector>

#include "notera/notation/letters.hpp"
#include "notera/notation/read_move.hpp"
#include "notera/text/normalize.hpp"

using namespace notera;

namespace {

const notation::LetterTable& letters() { return notation::LetterTable::instance(); }

int lang(const char* code) {
  const int i = letters().language_index(code);
  REQUIRE_MESSAGE(i >= 0, code);
  return i;
}

notation::WrittenMove read(const std::string& text, const char* language = "nb") {
  const notation::ReadMoveResult r =
      notation::read_written_move(text, notation::reading_languages(lang(language)));
  REQUIRE_MESSAGE(r.ok, text);
  return r.move;
}

bool reads(const std::string& text, const char* language = "nb") {
  return notation::read_written_move(text, notation::reading_languages(lang(language))).ok;
}

std::string letter(const notation::WrittenPiece& p) {
  return p.present() ? std::string(letters().text(p.letter)) : std::string();
}

}  // namespace

TEST_CASE("read: short piece moves with and without capture marks") {
  notation::WrittenMove m = read("Sf3");
  CHECK(m.kind == notation::WrittenKind::piece);
  CHECK(letter(m.piece) == "S");
  CHECK(m.to_file == 5);
  CHECK(m.to_rank == 2);
  CHECK_FALSE(m.capture);
  for (const char* capture : {"Sxf3", "S:f3"}) {
    m = read(capture);
    CHECK(m.capture);
    CHECK(m.to_square() == f3);
  }
  CHECK(read("Sxf3").from_file == -1);
}

TEST_CASE("read: disambiguation by file, rank and square") {
  notation::WrittenMove m = read("Sgf3");
  CHECK(m.from_file == 6);
  CHECK(m.from_rank == -1);
  m = read("S5f3");
  CHECK(m.from_rank == 4);
  CHECK(m.from_file == -1);
  m = read("Sgxf3");
  CHECK(m.from_file == 6);
  CHECK(m.capture);
}

TEST_CASE("read: long form with -, en dash, em dash, x or nothing") {
  for (const char* text : {"Sg1f3", "Sg1-f3", "Sg1–f3", "Sg1—f3", "Sg1xf3", "Sg1×f3"}) {
    CAPTURE(text);
    const notation::WrittenMove m = read(text);
    CHECK(m.kind == notation::WrittenKind::piece);
    CHECK(m.from_square() == g1);
    CHECK(m.to_square() == f3);
  }
  CHECK(read("Sg1xf3").capture);
  CHECK(read("Sg1×f3").capture);
  CHECK(read("Sg1-f3").dash);
  const notation::WrittenMove pawn = read("e2-e4");
  CHECK(pawn.kind == notation::WrittenKind::no_letter);
  CHECK(pawn.from_square() == e2);
  CHECK(pawn.to_square() == e4);
  CHECK(read("e2e4").from_square() == e2);
}

TEST_CASE("read: pawn captures, with and without rank and x") {
  notation::WrittenMove m = read("exd5");
  CHECK(m.kind == notation::WrittenKind::no_letter);
  CHECK(m.from_file == 4);
  CHECK(m.to_square() == d5);
  CHECK(m.capture);
  m = read("ed5");
  CHECK(m.from_file == 4);
  CHECK_FALSE(m.capture);
  m = read("e:d5");
  CHECK(m.capture);
  m = read("exd");
  CHECK(m.to_file == 3);
  CHECK(m.to_rank == -1);
  m = read("ed");
  CHECK(m.from_file == 4);
  CHECK(m.to_file == 3);
  CHECK(m.to_rank == -1);
  m = read("xd5");
  CHECK(m.from_file == -1);
  CHECK(m.capture);
  CHECK(m.to_square() == d5);
}

TEST_CASE("read: en passant marks") {
  for (const char* text : {"exd6 e.p.", "exd6e.p.", "exd6ep", "exd6 ep", "exd6 e. p.", "exd6 e.p", "exd6 ep.",
                           "exd6e.p", "exd6 e. p"}) {
    CAPTURE(text);
    CHECK(read(text).en_passant);
  }
  CHECK_FALSE(read("exd6").en_passant);
}

TEST_CASE("read: promotions in every written form") {
  for (const char* text : {"d8D", "d8=D", "d8(D)", "d8/D"}) {
    CAPTURE(text);
    const notation::WrittenMove m = read(text);
    CHECK(m.to_square() == d8);
    CHECK(letter(m.promotion) == "D");
  }
  CHECK(read("d8=D").promotion_mark);
  CHECK(letter(read("exf8S").promotion) == "S");
  const notation::WrittenMove uci = read("e7e8q", "en");
  CHECK(uci.uci_promotion);
  CHECK(letter(uci.promotion) == "Q");
  CHECK_FALSE(read("d8").promotion.present());
}

TEST_CASE("read: castling with zeros, letter O, lower case, dashes") {
  for (const char* text : {"0-0", "O-O", "o-o", "00", "OO", "0–0", "O‑O"}) {
    CAPTURE(text);
    CHECK(read(text).kind == notation::WrittenKind::castle_short);
  }
  for (const char* text : {"0-0-0", "O-O-O", "o-o-o", "000", "0–0–0"}) {
    CAPTURE(text);
    CHECK(read(text).kind == notation::WrittenKind::castle_long);
  }
  CHECK(read("0-0+").check == notation::WrittenCheck::check);
}

TEST_CASE("read: check, mate, glyphs and draw offers") {
  CHECK(read("Df7+").check == notation::WrittenCheck::check);
  CHECK(read("Qf7ch", "en").check == notation::WrittenCheck::check);
  CHECK(read("Df7#").check == notation::WrittenCheck::mate);
  CHECK(read("Df7++").check == notation::WrittenCheck::mate);
  CHECK(read("Df7X").check == notation::WrittenCheck::mate);
  CHECK(read("Sf3!").glyph == 1);
  CHECK(read("Sf3?").glyph == 2);
  CHECK(read("Sf3!!").glyph == 3);
  CHECK(read("Sf3??").glyph == 4);
  CHECK(read("Sf3!?").glyph == 5);
  CHECK(read("Sf3?!").glyph == 6);
  CHECK(read("Kb1(=)").draw_offer);
  CHECK(read("Kb1 (=)").draw_offer);
  const notation::WrittenMove m = read("Dxf7+!");
  CHECK(m.check == notation::WrittenCheck::check);
  CHECK(m.glyph == 1);
}

TEST_CASE("read: a player's words for castling, check, mate and en passant (locales: words.*)") {
  const auto player = [](const std::string& text, const char* language) {
    const notation::ReadMoveResult r = notation::read_player_move(text, lang(language));
    REQUIRE_MESSAGE(r.ok, text);
    return r.move;
  };
  CHECK(player("kort rockad", "sv").kind == notation::WrittenKind::castle_short);
  CHECK(player("lång rockad", "sv").kind == notation::WrittenKind::castle_long);
  CHECK(player("kort rokade", "nb").kind == notation::WrittenKind::castle_short);
  CHECK(player("Kort Rokade", "da").kind == notation::WrittenKind::castle_short);
  CHECK(player("lang rokade", "da").kind == notation::WrittenKind::castle_long);
  CHECK(player("Kurze Rochade", "de").kind == notation::WrittenKind::castle_short);
  CHECK(player("short castling", "en").kind == notation::WrittenKind::castle_short);
  CHECK(player("Sxe5 sjakk", "nb").check == notation::WrittenCheck::check);
  CHECK(player("Df7 sjakk matt", "nb").check == notation::WrittenCheck::mate);
  CHECK(player("Dxf7 Schachmatt", "de").check == notation::WrittenCheck::mate);
  CHECK(player("Sxe5+ sjakk", "nb").check == notation::WrittenCheck::check);
  const notation::WrittenMove ep = player("exd6 en passant", "da");
  CHECK(ep.en_passant);
  CHECK(ep.to_square() == d6);
  CHECK(player("exd6 en passant sjakk", "nb").check == notation::WrittenCheck::check);
  CHECK(player("Lc4 remistilbud", "nb").draw_offer);
  // Every language's words without a language; another's not with one.
  CHECK_FALSE(notation::read_player_move("kort rockad", lang("de")).ok);
  CHECK(notation::read_player_move("kort rockad", notation::ResolveOptions::any_language).ok);
  // Words are read only where the move alone does not read: no move, no words.
  CHECK_FALSE(notation::read_player_move("sjakk", lang("nb")).ok);
  CHECK_FALSE(notation::read_player_move("Sxe5 sjakkk", lang("nb")).ok);
}

TEST_CASE("read: figurines, with and without variation selectors") {
  for (const char* text : {"♘f3",
                           "♘\xEF\xB8\x8E"
                           "f3",
                           "♘\xEF\xB8\x8F"
                           "f3",
                           "♞f3"}) {
    CAPTURE(text);
    const notation::WrittenMove m = read(text, "en");
    CHECK(m.kind == notation::WrittenKind::piece);
    CHECK(letters().is_figurine(m.piece.letter));
    CHECK(letters().meaning(m.piece.letter, 0) == PieceType::knight);
  }
}

TEST_CASE("read: two-letter and Cyrillic piece letters, Latin look-alikes") {
  notation::WrittenMove m = read("Крf3", "ru");
  CHECK(letter(m.piece) == "Кр");
  m = read("Кf3", "ru");
  CHECK(letter(m.piece) == "К");
  m = read("Кg1-f3", "ru");
  CHECK(m.from_square() == g1);
  // Typed with Latin letters in a Russian game.
  m = read("Kpg1", "ru");
  CHECK(letter(m.piece) == "Kp");
  CHECK(letters().meaning(m.piece.letter, lang("ru")) == PieceType::king);
}

TEST_CASE("letters: one_byte_letter answers as match() does for every second byte it names") {
  const notation::LetterTable& table = letters();
  std::vector<notation::LanguageMask> masks = {notation::all_languages};
  for (int l = 0; l < table.language_count(); ++l) masks.push_back(notation::reading_languages(l));
  std::bitset<256> seconds;
  for (unsigned char c = 'a'; c <= 'h'; ++c) seconds.set(c);
  for (unsigned char c = '1'; c <= '8'; ++c) seconds.set(c);
  seconds.set('x');
  for (const notation::LanguageMask mask : masks) {
    for (int first = 1; first < 256; ++first) {
      const int answer = table.one_byte_letter(static_cast<unsigned char>(first), seconds, mask);
      if (answer == -2) continue;  // match() decides
      for (int second = 0; second < 256; ++second) {
        if (!seconds.test(static_cast<std::size_t>(second))) continue;
        const std::string text{static_cast<char>(first), static_cast<char>(second), 'x', 'x'};
        std::size_t length = 0;
        const int found = table.match(text, mask, length);
        CAPTURE(text);
        if (answer < 0) {
          CHECK(found < 0);
        } else {
          CHECK(found == answer);
          CHECK(length == 1);
        }
      }
    }
  }
  // Piece letters that other letters start with ("K", "Kp", "Kt") are
  // still looked up once before a square.
  CHECK(table.one_byte_letter('K', seconds, notation::all_languages) >= 0);
}

TEST_CASE("read: descriptive piece-takes-piece captures") {
  notation::WrittenMove m = read("BxN", "en");
  CHECK(letter(m.piece) == "B");
  CHECK(letter(m.captured) == "N");
  CHECK(m.capture);
  CHECK_FALSE(m.has_to_square());
  m = read("LxS");
  CHECK(letter(m.captured) == "S");
  CHECK(letter(read("PxP", "en").captured) == "P");
}

TEST_CASE("read: UCI and null moves") {
  notation::WrittenMove m = read("g1f3", "en");
  CHECK(m.kind == notation::WrittenKind::no_letter);
  CHECK(m.from_square() == g1);
  CHECK(read("--", "en").kind == notation::WrittenKind::null_move);
}

TEST_CASE("read: what is not a move, and why") {
  notation::ReadMoveResult r = notation::read_written_move("P-K4", notation::reading_languages(lang("en")));
  CHECK_FALSE(r.ok);
  CHECK(r.problem.key == "notation.descriptive");
  r = notation::read_written_move("N-KB3", notation::reading_languages(lang("en")));
  CHECK(r.problem.key == "notation.descriptive");
  r = notation::read_written_move("Zf3", notation::reading_languages(lang("nb")));
  CHECK_FALSE(r.ok);
  CHECK(r.problem.key == "notation.not_a_move");
  r = notation::read_written_move("e4junk", notation::reading_languages(lang("nb")));
  CHECK_FALSE(r.ok);
  CHECK(r.problem.key == "notation.trailing_text");
  CHECK(r.column == 3);
  r = notation::read_written_move("", notation::reading_languages(lang("nb")));
  CHECK_FALSE(r.ok);
  // A letter of another language is no letter here: F is the French bishop.
  CHECK_FALSE(reads("Ff3", "nb"));
  CHECK(reads("Ff3", "fr"));
  // English letters are always understood.
  CHECK(reads("Nf3", "nb"));
}

TEST_CASE("normalise: dashes, multiplication sign, full width, spaces, selectors") {
  CHECK(text::normalized("Sg1–f3") == "Sg1-f3");
  CHECK(text::normalized("Sg1—f3") == "Sg1-f3");
  CHECK(text::normalized("e5×d4") == "e5xd4");
  CHECK(text::normalized("ｅ４") == "e4");
  CHECK(text::normalized("O‑O") == "O-O");
  CHECK(text::normalized("Kb1\u00A0(=)") == "Kb1 (=)");
  CHECK(text::normalized("♘\xEF\xB8\x8E"
                         "f3") == "♘f3");
  CHECK(text::normalized("12…") == "12...");
  // NFC: e + combining acute -> é.
  CHECK(text::normalized("e\xCC\x81") == "\xC3\xA9");
  text::NormalizedText t;
  normalize_notation("a–b", t);  // the en dash is 3 bytes
  CHECK(t.text == "a-b");
  CHECK(t.source(2) == 4);
}
