// Input encodings (BOM, UTF-8, UTF-16, the single-byte code pages of real
// collections, chess-aware guessing, per game) and output in UTF-8 or
// ISO-8859-1 with transliteration.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "notera/locale/messages.hpp"
#include "notera/pgn/splitter.hpp"
#include "notera/text/encoding.hpp"
#include "support/cli.hpp"

using namespace notera;
using text::Encoding;

namespace {

// Game texts as UTF-8: detection on the input, splitting, per-game decoding.
struct Decoded {
  text::Detection detection;
  std::vector<std::string> games;
  std::vector<text::Encoding> encodings;
  std::vector<Message> notes;
};

Decoded decode_input(const std::string& bytes, std::optional<text::Encoding> forced = std::nullopt) {
  text::MemorySource raw(bytes);
  text::OpenedInput input = text::open_input(raw, forced);
  Decoded d;
  d.detection = input.detection;
  pgn::Splitter splitter(*input.source);
  text::TextDecoder decoder(input.detection);
  pgn::Segment s;
  std::string scratch;
  while (splitter.next(s)) {
    if (s.kind != pgn::SegmentKind::game) continue;
    const text::DecodedText t = decoder.decode(s.text, scratch);
    CHECK(text::is_valid_utf8(t.text));
    d.games.emplace_back(t.text);
    d.encodings.push_back(t.encoding);
    d.notes.push_back(t.note);
  }
  return d;
}

std::string tag_value(const std::string& game, const std::string& name) {
  const std::string key = "[" + name + " \"";
  const std::size_t p = game.find(key);
  if (p == std::string::npos) return "<none>";
  const std::size_t begin = p + key.size();
  return game.substr(begin, game.find("\"]", begin) - begin);
}

std::string without_white_space(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(),
                         [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }),
          s.end());
  return s;
}

const std::string cp866_names =
    "[White \"\x8A\xA0\xE0\xAF\xAE\xA2, \x80\xAD\xA0\xE2\xAE\xAB\xA8\xA9\"]\n[Black \"\x92\xA0\xAB\xEC, "
    "\x8C\xA8\xE5\xA0\xA8\xAB\"]\n[Event \"\x97\xA5\xAC\xAF\xA8\xAE\xAD\xA0\xE2 \x91\x91\x91\x90\"]\n";
const std::string cp1251_names =
    "[White \"\xCA\xE0\xF0\xEF\xEE\xE2, \xC0\xED\xE0\xF2\xEE\xEB\xE8\xE9\"]\n[Black \"\xD2\xE0\xEB\xFC, "
    "\xCC\xE8\xF5\xE0\xE8\xEB\"]\n[Event \"\xD7\xE5\xEC\xEF\xE8\xEE\xED\xE0\xF2 \xD1\xD1\xD1\xD0\"]\n";
const std::string cp437_names =
    "[White \"M\x81ller, Hans\"]\n[Black \"Nu\xA4"
    "ez, Jos\x82\"]\n[Site \"K\x94ln\"]\n";
const std::string latin1_names =
    "[Site \"Troms\xF8\"]\n[White \"\xD8stenstad, Bj\xF8rn\"]\n[Black \"H\xFC"
    "bner, Robert\"]\n";
const std::string cp1252_text =
    "[White \"H\xFC"
    "bner, Robert\"]\n{A \x93good\x94 move \x96 really} 1\x96"
    "0\n";

}  // namespace

TEST_CASE("encoding: names for users and for ICU") {
  CHECK(text::parse_encoding("Latin-1") == text::Encoding::latin1);
  CHECK(text::parse_encoding("ISO_8859-1") == text::Encoding::latin1);
  CHECK(text::parse_encoding("cp1252") == text::Encoding::windows1252);
  CHECK(text::parse_encoding("IBM437") == text::Encoding::cp437);
  CHECK(text::parse_encoding("cp866") == text::Encoding::cp866);
  CHECK(text::parse_encoding("utf-8") == text::Encoding::utf8);
  CHECK_FALSE(text::parse_encoding("ebcdic").has_value());
  CHECK(text::display_name(text::Encoding::cp437) == "CP437");
  CHECK(text::parse_output_encoding("latin1") == text::OutputEncoding::latin1);
  CHECK_FALSE(text::parse_output_encoding("cp437").has_value());
}

TEST_CASE("encoding: byte order marks and valid UTF-8 decide without guessing") {
  const auto bom = text::detect_encoding("\xEF\xBB\xBF[Event \"\xC3\xB8\"]", true);
  CHECK(bom.encoding == text::Encoding::utf8);
  CHECK(bom.bom_length == 3);
  CHECK_FALSE(bom.guessed);
  CHECK(bom.message.key == "encoding.bom");
  CHECK(text::detect_encoding("\xFF\xFE[\0", true).encoding == text::Encoding::utf16le);
  CHECK(text::detect_encoding("\xFE\xFF\0[", true).encoding == text::Encoding::utf16be);
  const auto utf8 = text::detect_encoding("[White \"Bj\xC3\xB8rn\"]", true);
  CHECK(utf8.encoding == text::Encoding::utf8);
  CHECK_FALSE(utf8.guessed);
  CHECK(text::detect_encoding("[White \"x\"]", true).message.key == "encoding.ascii");
  // A multibyte sequence cut at the end of a prefix is not held against UTF-8...
  CHECK(text::detect_encoding("[White \"Bj\xC3", false).encoding == text::Encoding::utf8);
  // ... but at the end of the whole input it is.
  CHECK(text::detect_encoding("[White \"Bj\xC3", true).guessed);
}

TEST_CASE("encoding: a UTF-8 file with a BOM reads as UTF-8, the BOM skipped") {
  const auto d = decode_input("\xEF\xBB\xBF[Event \"Troms\xC3\xB8\"]\n\n1. e4 *\n");
  CHECK(d.detection.encoding == text::Encoding::utf8);
  REQUIRE(d.games.size() == 1);
  CHECK(tag_value(d.games[0], "Event") == "Troms\xC3\xB8");
  if (const auto file = notera::test::corpus_path("nasty/python-chess/data_pgn_utf8-bom.pgn")) {
    const auto corpus = decode_input(notera::test::read_file(*file));
    CHECK(corpus.detection.bom_length == 3);
    CHECK(corpus.games.size() >= 1);
  }
}

TEST_CASE("encoding: UTF-16 with and without a BOM is converted before splitting") {
  const std::string utf8 =
      "[Event \"Troms\xC3\xB8\"]\n\n1. e4 *\n\n[Event \"\xD0\x9C\xD0\xBE\"]\n\n1. d4 *\n";
  std::string le = "\xFF\xFE", be = "\xFE\xFF", le_no_bom;
  text::Decoder from_utf8(text::Encoding::utf8);
  // Build UTF-16 by hand (all characters here are in the BMP).
  std::size_t i = 0;
  while (i < utf8.size()) {
    std::size_t length = 1;
    const char32_t c = [&] {
      const auto b = static_cast<unsigned char>(utf8[i]);
      if (b < 0x80) return static_cast<char32_t>(b);
      length = 2;
      return static_cast<char32_t>(((b & 0x1F) << 6) | (static_cast<unsigned char>(utf8[i + 1]) & 0x3F));
    }();
    le += static_cast<char>(c & 0xFF);
    le += static_cast<char>(c >> 8);
    le_no_bom += static_cast<char>(c & 0xFF);
    le_no_bom += static_cast<char>(c >> 8);
    be += static_cast<char>(c >> 8);
    be += static_cast<char>(c & 0xFF);
    i += length;
  }
  for (const std::string* input : {&le, &be, &le_no_bom}) {
    const auto d = decode_input(*input);
    CHECK_FALSE(text::is_ascii_compatible(d.detection.encoding));
    REQUIRE(d.games.size() == 2);
    CHECK(tag_value(d.games[0], "Event") == "Troms\xC3\xB8");
    CHECK(tag_value(d.games[1], "Event") == "\xD0\x9C\xD0\xBE");
  }
}

TEST_CASE("encoding: single-byte code pages are told apart by what they spell") {
  CHECK(text::guess_single_byte(cp866_names) == text::Encoding::cp866);
  CHECK(text::guess_single_byte(cp1251_names) == text::Encoding::windows1251);
  CHECK(text::guess_single_byte(cp437_names) == text::Encoding::cp437);
  CHECK(text::guess_single_byte(latin1_names) == text::Encoding::latin1);
  CHECK(text::guess_single_byte(cp1252_text) == text::Encoding::windows1252);

  const auto russian = decode_input(cp866_names + "\n1. e4 *\n");
  CHECK(russian.detection.encoding == text::Encoding::cp866);
  CHECK(russian.detection.guessed);
  CHECK(russian.detection.message.key == "encoding.guessed");
  REQUIRE(russian.games.size() == 1);
  CHECK(tag_value(russian.games[0], "White") ==
        "\xD0\x9A\xD0\xB0\xD1\x80\xD0\xBF\xD0\xBE\xD0\xB2, "
        "\xD0\x90\xD0\xBD\xD0\xB0\xD1\x82\xD0\xBE\xD0\xBB\xD0\xB8\xD0\xB9");  // Карпов, Анатолий
  const auto windows = decode_input(cp1251_names + "\n1. e4 *\n");
  CHECK(tag_value(windows.games[0], "Black") ==
        "\xD0\xA2\xD0\xB0\xD0\xBB\xD1\x8C, \xD0\x9C\xD0\xB8\xD1\x85\xD0\xB0\xD0\xB8\xD0\xBB");  // Таль,
                                                                                                // Михаил
  const auto dos = decode_input(cp437_names + "\n1. e4 *\n");
  CHECK(tag_value(dos.games[0], "Black") ==
        "Nu\xC3\xB1"
        "ez, Jos\xC3\xA9");  // Nuñez, José
  CHECK(tag_value(dos.games[0], "Site") == "K\xC3\xB6ln");
  const auto western = decode_input(cp1252_text);
  CHECK(western.games[0].find("\xE2\x80\x9Cgood\xE2\x80\x9D move \xE2\x80\x93 really} 1\xE2\x80\x93"
                              "0") != std::string::npos);
}

TEST_CASE("encoding: each game of a mixed collection is read in its own code page") {
  // A Latin-1 tournament file with one CP437 game in it.
  const std::string input = "[Event \"Gy\xF6rgy Marx Mem\"]\n[White \"Alm\xE1si\"]\n\n1. e4 *\n\n" +
                            std::string("[Event \"Simul\"]\n[Black \"Andr\x82\"]\n\n1. d4 *\n\n") +
                            "[Event \"Simul\"]\n[Black \"Bidjukov\xA0\"]\n\n1. c4 *\n";
  const auto d = decode_input(input);
  CHECK(d.detection.encoding == text::Encoding::windows1252);
  REQUIRE(d.games.size() == 3);
  CHECK(tag_value(d.games[0], "Event") == "Gy\xC3\xB6rgy Marx Mem");
  CHECK(d.notes[0].empty());
  CHECK(tag_value(d.games[1], "Black") == "Andr\xC3\xA9");
  CHECK(d.encodings[1] == text::Encoding::cp437);
  CHECK(d.notes[1].key == "encoding.game_guessed");
  // A lone 0xA0 reads either way; the file's encoding stays (no-break space).
  CHECK(tag_value(d.games[2], "Black") == "Bidjukov\xC2\xA0");
  CHECK(d.notes[2].empty());
}

TEST_CASE("encoding: a game that is not UTF-8 in a UTF-8 file is guessed on its own") {
  // The first 64 KiB are ASCII, so the input is taken for UTF-8.
  std::string input;
  while (input.size() <= text::detection_prefix_size) input += "[Event \"Tata Steel\"]\n\n1. e4 *\n\n";
  const std::size_t ascii_games = input.size() / std::string("[Event \"Tata Steel\"]\n\n1. e4 *\n\n").size();
  input += std::string("[Event \"Simul\"]\n[Black \"Andr\x82\"]\n\n1. d4 *\n\n") +
           "[Event \"Simul\"]\n[Black \"Bidjukov\xA0\"]\n\n1. c4 *\n\n" + cp866_names + "\n1. Nf3 *\n";
  const auto d = decode_input(input);
  CHECK(d.detection.encoding == text::Encoding::utf8);
  REQUIRE(d.games.size() == ascii_games + 3);
  const std::size_t i = ascii_games;
  CHECK(d.notes[0].empty());
  CHECK(tag_value(d.games[i], "Black") == "Andr\xC3\xA9");
  CHECK(d.encodings[i] == text::Encoding::cp437);
  CHECK(d.notes[i].key == "encoding.game_guessed");
  // Not clearly anything else: Latin-1, the usual 8-bit encoding of PGN.
  CHECK(tag_value(d.games[i + 1], "Black") == "Bidjukov\xC2\xA0");
  CHECK(d.encodings[i + 1] == text::Encoding::latin1);
  CHECK(d.encodings[i + 2] == text::Encoding::cp866);
  CHECK(tag_value(d.games[i + 2], "Black") ==
        "\xD0\xA2\xD0\xB0\xD0\xBB\xD1\x8C, \xD0\x9C\xD0\xB8\xD1\x85\xD0\xB0\xD0\xB8\xD0\xBB");  // Таль,
                                                                                                // Михаил
}

TEST_CASE("encoding: a UTF-8 game with stray CP1252 bytes keeps its UTF-8") {
  // Ødegård in UTF-8, and René with a CP1252 (Latin-1) é: one game, one file.
  const std::string game =
      "[Event \"NM\"]\n[White \"\xC3\x98"
      "deg\xC3\xA5rd, Ola\"]\n[Black \"Ren\xE9 Dupont\"]\n\n1. e4 e5 1-0\n";
  const auto alone = decode_input(game);
  CHECK(alone.detection.encoding == text::Encoding::utf8);
  CHECK_FALSE(alone.detection.guessed);
  REQUIRE(alone.games.size() == 1);
  CHECK(tag_value(alone.games[0], "White") ==
        "\xC3\x98"
        "deg\xC3\xA5rd, Ola");
  CHECK(tag_value(alone.games[0], "Black") == "Ren\xC3\xA9 Dupont");
  CHECK(alone.notes[0].key == "encoding.stray_bytes");
  CHECK(alone.encodings[0] == text::Encoding::latin1);

  // A UTF-8 collection (its head all UTF-8) with one name in CP1252, its
  // quotes in the C1 range: the stray bytes are CP1252, the rest stays.
  std::string input;
  while (input.size() <= text::detection_prefix_size)
    input +=
        "[Event \"Troms\xC3\xB8\"]\n[White \"\xC3\x98"
        "deg\xC3\xA5rd\"]\n\n1. e4 *\n\n";
  const std::size_t utf8_games = decode_input(input).games.size();
  input += "[Event \"Troms\xC3\xB8\"]\n[White \"M\xFCller, \x93Hans\x94\"]\n\n1. e4 *\n";
  const auto collection = decode_input(input);
  CHECK(collection.detection.encoding == text::Encoding::utf8);
  REQUIRE(collection.games.size() == utf8_games + 1);
  CHECK(collection.notes[0].empty());
  CHECK(tag_value(collection.games[utf8_games], "Event") == "Troms\xC3\xB8");
  CHECK(tag_value(collection.games[utf8_games], "White") == "M\xC3\xBCller, \xE2\x80\x9CHans\xE2\x80\x9D");
  CHECK(collection.encodings[utf8_games] == text::Encoding::windows1252);
  CHECK(collection.notes[utf8_games].key == "encoding.stray_bytes");

  // Single-byte text whose bytes happen to form valid UTF-8 sequences
  // (CP866 "рпо" is E0 AF AE, a Tamil digit) is still read whole.
  CHECK(text::is_valid_utf8("\xE0\xAF\xAE"));
  const auto russian = decode_input(cp866_names + "\n1. e4 *\n");
  CHECK(russian.detection.encoding == text::Encoding::cp866);
  CHECK(russian.notes[0].empty());
  // So is a Latin-1 game with no UTF-8 in it.
  const auto western = decode_input(latin1_names + "\n1. e4 *\n");
  CHECK(western.detection.encoding == text::Encoding::latin1);
  CHECK(tag_value(western.games[0], "White") == "\xC3\x98stenstad, Bj\xC3\xB8rn");
  CHECK(western.notes[0].empty());
}

TEST_CASE("encoding: the non-UTF-8 games of the big corpus") {
  const auto file = notera::test::corpus_path("nasty/from-big-corpus/nonutf8-cp437-latin1-games.pgn");
  if (!file) {
    MESSAGE("corpus not present; skipped");
    return;
  }
  const auto d = decode_input(notera::test::read_file(*file));
  CHECK(d.detection.guessed);
  REQUIRE(d.games.size() == 27);
  int gyorgy = 0;
  for (std::size_t i = 0; i < d.games.size(); ++i) {
    CHECK(d.games[i].find("\xEF\xBF\xBD") == std::string::npos);  // no U+FFFD
    if (tag_value(d.games[i], "Event") == "4th Marx Gy\xC3\xB6rgy Mem") ++gyorgy;
    const std::string black = tag_value(d.games[i], "Black");
    if (black.rfind("Quadros", 0) == 0) {
      CHECK(black == "Quadros,Andr\xC3\xA9");  // CP437 0x82
      CHECK(d.encodings[i] == text::Encoding::cp437);
    }
    if (black.rfind("W", 0) == 0 && black.find("lbers") != std::string::npos)
      CHECK(black == "W\xC3\xA4lbers, W.");                                   // Latin-1 0xE4
    if (black.rfind("Bidjukov", 0) == 0) CHECK(black == "Bidjukov\xC2\xA0");  // Latin-1 0xA0
  }
  CHECK(gyorgy == 24);
}

TEST_CASE("encoding: the Latin-1 game of scid's tests gives its expected UTF-8") {
  const auto latin1 = notera::test::corpus_path("nasty/scid/gtest_res_gameLatin1.pgn");
  const auto expected = notera::test::corpus_path("nasty/scid/gtest_res_gameLatin1expected.pgn");
  if (!latin1 || !expected) {
    MESSAGE("corpus not present; skipped");
    return;
  }
  const auto d = decode_input(notera::test::read_file(*latin1));
  CHECK(d.detection.encoding == text::Encoding::latin1);
  CHECK(d.detection.guessed);
  REQUIRE(d.games.size() == 1);
  CHECK(tag_value(d.games[0], "White") ==
        "Kr\xC3\xA0mn\xC3\xACk, Vl\xC3\xA3\xC3\x9A"
        "dimir");
  // scid's expected file has other line breaks; the text is the same.
  CHECK(without_white_space(d.games[0]) == without_white_space(notera::test::read_file(*expected)));
}

TEST_CASE("encoding: a forced encoding is used for every game that is not ASCII") {
  const auto d =
      decode_input(cp437_names + "\n1. e4 *\n\n[Event \"\xC3\xB8\"]\n\n*\n", text::Encoding::cp437);
  CHECK(d.detection.forced);
  REQUIRE(d.games.size() == 2);
  CHECK(tag_value(d.games[0], "White") == "M\xC3\xBCller, Hans");
  // The user said CP437: UTF-8-looking bytes are CP437 too.
  CHECK(tag_value(d.games[1], "Event") == "\xE2\x94\x9C\xE2\x95\x95");  // ├╕
}

TEST_CASE("encoding: invalid bytes become U+FFFD and are counted, in any chunking") {
  text::Decoder utf8(text::Encoding::utf8);
  std::string out;
  utf8.decode(
      "a\xFF"
      "b\xC3",
      out, false);
  utf8.decode(
      "\xA9"
      "c\xE2\x82",
      out, true);  // é across two chunks, then a cut sequence
  CHECK(out ==
        "a\xEF\xBF\xBD"
        "b\xC3\xA9"
        "c\xEF\xBF\xBD");
  CHECK(utf8.replaced() == 2);
  text::Decoder cp1252(text::Encoding::windows1252);
  out.clear();
  cp1252.decode("x\x81y\x80", out, true);  // 0x81 is undefined, 0x80 is the euro sign
  CHECK(out == "x\xEF\xBF\xBDy\xE2\x82\xAC");
  CHECK(cp1252.replaced() == 1);
  // Byte by byte gives the same as all at once.
  const std::string mixed =
      "K\xC3\xB8"
      "benhavn \xE2\x99\x94 \xF0\x9F\x98\x80 \xFF end";
  text::Decoder whole(text::Encoding::utf8), pieces(text::Encoding::utf8);
  std::string a, b;
  whole.decode(mixed, a, true);
  for (std::size_t i = 0; i < mixed.size(); ++i) pieces.decode(mixed.substr(i, 1), b, i + 1 == mixed.size());
  CHECK(a == b);
  CHECK(whole.replaced() == pieces.replaced());
}

TEST_CASE("encoding: valid UTF-8 passes through without a copy") {
  text::TextDecoder decoder(text::detect_encoding("ascii", true));
  std::string scratch;
  const std::string game = "[White \"Bj\xC3\xB8rn\"]\n1. e4 *\n";
  const text::DecodedText t = decoder.decode(game, scratch);
  CHECK(t.text.data() == game.data());
  CHECK_FALSE(t.converted);
  CHECK(scratch.empty());
  CHECK(text::is_valid_utf8("abc\xE2\x99\x94"));
  CHECK_FALSE(text::is_valid_utf8("abcdefgh\xC0\x80"));  // overlong
  CHECK_FALSE(text::is_valid_utf8("\xED\xA0\x80"));      // surrogate
}

TEST_CASE("encoding: Latin-1 output keeps Latin-1 and transliterates the rest") {
  text::OutputEncoder encoder(text::OutputEncoding::latin1);
  std::string scratch;
  const std::string latin =
      "[Site \"Troms\xC3\xB8\"] {H\xC3\xBC"
      "bner \xC3\x86 \xC3\xBF \xC2\xBD-\xC2\xBD}";
  const std::string_view bytes = encoder.encode(latin, scratch);
  CHECK(bytes ==
        "[Site \"Troms\xF8\"] {H\xFC"
        "bner \xC6 \xFF \xBD-\xBD}");
  // Round trip: reading it back as Latin-1 gives the text again.
  text::Decoder back(text::Encoding::latin1);
  std::string again;
  back.decode(bytes, again, true);
  CHECK(again == latin);

  const std::string other =
      "\xC5\x81ukasz \xD0\x9A\xD0\xB0\xD1\x80\xD0\xBF\xD0\xBE\xD0\xB2 \xE2\x99\x94 e\xCC\x81";
  std::string folded;
  text::Latin1Folder folder;
  REQUIRE(folder.fold(other, folded));
  CHECK(folded == "Lukasz Karpov U+2654 \xC3\xA9");
  CHECK(text::fits_latin1(folded));
  CHECK_FALSE(folder.fold("Troms\xC3\xB8", folded));
  // What a fold changed, for the warning of convert --output-encoding:
  // Ł, К, а, р, п, о, в and ♔; "e" and a combining acute are é after NFC,
  // which Latin-1 has: no change.
  text::FoldedCharacters changed;
  REQUIRE(folder.fold(other, folded, &changed));
  CHECK(changed.count == 8);
  CHECK(changed.first == U'\u0141');
  CHECK(folder.fold("e\xCC\x81", folded, &changed));
  CHECK(changed.count == 8);
  CHECK_FALSE(folder.fold("Troms\xC3\xB8", folded, &changed));
  CHECK(changed.count == 8);
  CHECK(encoder.encode(other, scratch) == "Lukasz Karpov U+2654 \xE9");
  text::OutputEncoder utf8(text::OutputEncoding::utf8);
  CHECK(utf8.encode(other, scratch).data() == other.data());
  // Characters the caller did not fold become '?', counted.
  std::string raw;
  CHECK(text::append_latin1("a\xC5\x81"
                            "b",
                            raw) == 1);
  CHECK(raw == "a?b");
}

TEST_CASE("encoding: every message has an English pattern") {
  const locale::Messages messages("en");
  for (const char* key : {"encoding.bom", "encoding.ascii", "encoding.utf8", "encoding.guessed",
                          "encoding.forced", "encoding.game_guessed"}) {
    const std::string text = messages.format(Message(key).with("encoding", "CP437"));
    CHECK_MESSAGE(text.find(key) == std::string::npos, text);
  }
  CHECK(messages.format(text::detect_encoding(cp437_names, true).message) ==
        "the input is not UTF-8; reading it as CP437 (a guess: use --encoding to choose)");
  CHECK(messages.format(Message("encoding.replaced").with("count", 1)) ==
        "1 byte sequence was not valid in the encoding and replaced by U+FFFD");
}
