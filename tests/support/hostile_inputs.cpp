#include "support/hostile_inputs.hpp"

#include <algorithm>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string_view>

namespace notera::test {

namespace {

using namespace std::string_view_literals;

// A game everyone can read; the mutations start from it.
constexpr std::string_view good_game =
    "[Event \"Hostile\"]\n[Site \"Oslo\"]\n[Date \"2026.11.22\"]\n[Round \"1\"]\n"
    "[White \"Hvit, Per\"]\n[Black \"Svart, Kari\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 {Spanish} a6 (3... Nf6 4. O-O) 4. Ba4 Nf6 5. O-O Be7\n"
    "6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 1-0\n\n";

constexpr std::uint64_t MiB = std::uint64_t{1} << 20;
constexpr std::uint64_t GiB = std::uint64_t{1} << 30;

// Raw outputs of the engine only: the same bytes with every standard
// library (the distributions are implementation-defined).
class Random {
 public:
  std::uint64_t below(std::uint64_t n) { return engine_() % n; }
  char byte() { return static_cast<char>(engine_() & 0xFF); }

 private:
  std::mt19937_64 engine_{hostile_seed};
};

// `size` bytes of `unit` repeated, written in large blocks (fast for 1 GB).
void fill(std::ostream& out, std::string_view unit, std::uint64_t size) {
  std::string block;
  while (block.size() < MiB) block += unit;
  while (size > 0) {
    const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(size, block.size()));
    out.write(block.data(), static_cast<std::streamsize>(n));
    size -= n;
  }
}

// Knights out and back: legal for ever.
void knight_shuffle(std::ostream& out, int plies) {
  static constexpr std::string_view moves[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  for (int i = 0; i < plies; ++i) {
    if (i % 2 == 0) out << i / 2 + 1 << ". ";
    out << moves[i % 4] << (i % 16 == 15 ? '\n' : ' ');
  }
}

std::vector<HostileCase> make_cases() {
  std::vector<HostileCase> cases;
  const auto add = [&](std::string name, std::string file, std::function<void(std::ostream&)> write,
                       std::vector<std::string> expect,
                       std::chrono::seconds timeout = std::chrono::seconds{120}) {
    cases.push_back({std::move(name), std::move(file), std::move(write), std::move(expect), timeout});
  };

  add("invalid UTF-8 in tags, comments and moves", "invalid_utf8.pgn",
      [](std::ostream& out) {
        out << good_game;
        // Overlong, surrogate, lone continuation, truncated sequences, and
        // bytes no single-byte code page maps (0x81 0x8D 0x8F 0x90 0x9D).
        out << "[Event \"bad \xC0\xAF \xED\xA0\x80 \x80\x80 \xE2\x82\"]\n[White \"\x81\x8D\x8F\x90\x9D\"]\n\n"
               "1. e4 {\xFF\xFE"
               " comment} e5 2. N\xC3"
               "f3 *\n\n";
        out << good_game;
      },
      {"invalid_utf8.pgn:12:13: the input is not UTF-8; reading it as", "game 2, ply 3:"});

  add("a Latin-1 game deep in a UTF-8 file", "latin1_game.pgn",
      [](std::ostream& out) {
        for (int i = 0; i < 400; ++i) out << good_game;  // past the 64 KiB the input is judged by
        out << "[Event \"Sj\xF8\"]\n[White \"M\xFCller\"]\n\n1. e4 e5 *\n\n" << good_game;
      },
      {"latin1_game.pgn:4401:11: game 401: this game is not in the encoding of the rest of the input"});

  add("NUL bytes in tags, movetext and between games", "nul_bytes.pgn",
      [](std::ostream& out) {
        out << good_game;
        out << "[Event \"n\0l\"]\n\n1. e4\0 e5 2. Nf3 *\n\n"sv;
        out << "\0\0\0\n"sv;
        out << good_game;
      },
      {"nul_bytes.pgn:12:10: game 2: 5 NUL bytes in the game, read as spaces"});

  add("truncated in the middle of a game", "truncated.pgn",
      [](std::ostream& out) { out << good_game << good_game << "[Event \"cut\"]\n[Site \"Os"; },
      {"game 3: the value of tag Site has no closing quote"});

  add("truncated in the middle of a move", "truncated_move.pgn",
      [](std::ostream& out) { out << good_game << "[Event \"cut\"]\n\n1. e4 e5 2. Nf"; },
      {"game 2, ply 3: the game stops at 2. 'Nf' cannot be read as a move"});

  add("binary garbage, 4 MiB", "garbage.pgn",
      [](std::ostream& out) {
        Random random;
        std::string block(4 * MiB, '\0');
        for (char& c : block) c = random.byte();
        out << block;
      },
      {": game 1"});

  add("binary garbage between good games", "garbage_between.pgn",
      [](std::ostream& out) {
        Random random;
        for (int g = 0; g < 200; ++g) {
          out << good_game;
          std::string junk(random.below(2000), '\0');
          for (char& c : junk) c = random.byte();
          out << junk << "\n\n";
        }
      },
      {": game "});

  add("a 10 MB single line", "line_10mb.pgn",
      [](std::ostream& out) {
        out << good_game << "[Event \"long line\"]\n\n1. e4 e5 ";
        fill(out, "2. Nf3 Nc6 3. Bb5 a6 ", 10 * MiB);
        out << "*\n\n" << good_game;
      },
      {"game 2: the line is longer than 1,048,576 bytes and was cut here",
       "bytes after a cut game were skipped up to the next tag line"});

  add("100,000 nested parentheses", "nested_parens.pgn",
      [](std::ostream& out) {
        out << "[Event \"parens\"]\n\n1. e4 ";
        fill(out, "(", 100000);
        fill(out, ")", 100000);
        out << " e5 *\n\n" << good_game;
      },
      {"nested_parens.pgn:3:8: game 1: a variation starts before any move it could replace"});

  add("deeply nested variations of legal moves", "deep_variations.pgn",
      [](std::ostream& out) {
        out << "[Event \"deep\"]\n\n1. e4 ";
        // Each variation replaces White's first move of the one around it.
        for (int i = 0; i < 150; ++i) out << "(1. d4 " << (i % 10 == 9 ? "\n" : "");
        for (int i = 0; i < 150; ++i) out << ") ";
        out << "e5 *\n\n" << good_game;
      },
      {"game 1: variations nested deeper than 100 levels are left out"});

  add("a game of 100,000 plies of legal moves", "long_game.pgn",
      [](std::ostream& out) {
        out << "[Event \"long\"]\n\n";
        knight_shuffle(out, 100000);
        out << "1/2-1/2\n\n" << good_game;
      },
      {"game 1, ply 20001: the main line is longer than 20,000 plies, so the game stops before 10001."});

  add("2,000 tags", "many_tags.pgn",
      [](std::ostream& out) {
        for (int i = 0; i < 2000; ++i) out << "[Tag" << i << " \"value\"]\n";
        out << "\n1. e4 e5 *\n\n" << good_game;
      },
      {"game 1: the game has more than 1,000 tags; it is not read"});

  add("a tag value of 100 KB", "long_tag_value.pgn",
      [](std::ostream& out) {
        out << "[Event \"";
        fill(out, "Hastings ", 100000);
        out << "\"]\n\n1. e4 e5 *\n\n" << good_game;
      },
      {"game 1: the value of tag Event is 100,000 bytes long, more than the limit of 8,192 bytes"});

  add("a comment of 1 MB over many lines", "long_comment.pgn",
      [](std::ostream& out) {
        out << "[Event \"comment\"]\n\n1. e4 {";
        fill(out, "a long comment that goes on and on\n", MiB);
        out << "} e5 *\n\n" << good_game;
      },
      {"game 1, ply 2: a comment of 1,048,", "is longer than the limit of 262,144 bytes"});

  add("a game of 6 MB", "huge_game.pgn",
      [](std::ostream& out) {
        out << "[Event \"huge\"]\n\n1. e4 e5 ";
        fill(out, "{a comment between moves}\n", 6 * MiB);
        out << "*\n\n" << good_game;
      },
      {"game 1, ply 3: the game is larger than 4,194,304 bytes and was cut here"});

  add("100,000 problems in one game", "many_problems.pgn",
      [](std::ostream& out) {
        out << "[Event \"problems\"]\n\n1. e4 ";
        fill(out, "(1. zz) ", 800000);
        out << "e5 *\n\n" << good_game;
      },
      {"game 1: 99,000 more problems in this game are not listed"});

  add(
      "an unterminated comment at the end of a 1 GB file", "unterminated_comment_1gb.pgn",
      [](std::ostream& out) {
        for (int i = 0; i < 10; ++i) out << good_game;
        out << "[Event \"open comment\"]\n\n1. e4 {never closed ";
        fill(out, "text inside a comment that never ends, line after line\n", GiB);
      },
      {"game 11: the comment opened on line 113 is never closed",
       "game 11: the game is larger than 4,194,304 bytes and was cut here"},
      std::chrono::seconds{600});

  add(
      "an unterminated string at the end of a 1 GB file", "unterminated_string_1gb.pgn",
      [](std::ostream& out) {
        for (int i = 0; i < 10; ++i) out << good_game;
        out << "[Event \"open string ";
        fill(out, "a tag value that never ends, line after line ", GiB);
      },
      {"game 11: the line is longer than 1,048,576 bytes and was cut here"}, std::chrono::seconds{600});

  add("CR, CRLF and LF mixed", "line_ends.pgn",
      [](std::ostream& out) {
        out << "[Event \"cr\"]\r[Site \"x\"]\r\r1. e4 e5\r2. Nf3 *\r\r";
        out << "[Event \"crlf\"]\r\n\r\n1. e4 e5 2. Qq4 *\r\n\r\n";
        out << good_game;
      },
      {"line_ends.pgn:9:13: game 2, ply 3:"});

  add("UTF-16 with a byte order mark, cut in a character", "utf16.pgn",
      [](std::ostream& out) {
        const std::string text =
            "[Event \"sixteen\"]\n\n1. e4 e5 2. Nf3 Zz9 *\n\n[Event \"two\"]\n\n1. d4 *\n";
        out << "\xFF\xFE";
        for (char c : text) out << c << '\0';
        out << 'x';  // half a character
      },
      {"game 1, ply 4:"});

  add("escape lines and [pgn] wrappers", "escapes.pgn",
      [](std::ostream& out) {
        out << "% escape line before\n[pgn]" << good_game << "[/pgn]\n";
        out << "[Event \"escaped\"]\n%inside the tags\n\n1. e4 e5\n% inside the moves\n2. Nf3 Nc6 3. Xx1 "
               "*\n\n";
      },
      {"game 2, ply 5:"});

  add("2,000 mutated games", "mutations.pgn",
      [](std::ostream& out) {
        Random random;
        static constexpr std::string_view inserts[] = {
            "{",    "}",   "(",  ")",   "[Event \"",         "\"]",   "\n", "\r",   "%",   ";",
            "1-0",  "*",   "--", "O-O", "\xC2\xBD-\xC2\xBD", "[pgn]", "$",  "e.p.", "(=)", "\x00"sv,
            "\xFF", "Kxe8"};
        for (int g = 0; g < 2000; ++g) {
          std::string game(good_game);
          const std::uint64_t edits = 1 + random.below(4);
          for (std::uint64_t e = 0; e < edits; ++e) {
            const std::size_t at = random.below(game.size());
            switch (random.below(3)) {
              case 0: game.erase(at, random.below(8)); break;
              case 1: game.insert(at, inserts[random.below(std::size(inserts))]); break;
              default: game[at] = random.byte(); break;
            }
          }
          out << game;
        }
      },
      {": game "});

  add("a null move in check, then the king taken", "null_move_in_check.pgn",
      [](std::ostream& out) {
        out << "[Event \"null\"]\n\n1. e4 d5 2. Bb5+ -- 3. Bxe8 Nf6 4. Nf3 *\n\n" << good_game;
      },
      {"game 1, ply 4: the game stops at 2... '--' is illegal: the king is in check"});

  add("empty and blank inputs", "blank.pgn", [](std::ostream& out) { out << "\xEF\xBB\xBF\n\n \t\n"; }, {});

  add("a scoresheet of garbage", "garbage.sheet",
      [](std::ostream& out) {
        Random random;
        out << "Event: Hostile\nWhite: A\nBlack: B\n\n1. e4 e5\n2. Sf3 ~~Sc6 {sealed} |? (=)\n";
        for (int i = 0; i < 20000; ++i) {
          const char c = random.byte();
          out << (c == '\0' ? ' ' : c);
        }
      },
      {": game 1"});

  return cases;
}

}  // namespace

const std::vector<HostileCase>& hostile_cases() {
  static const std::vector<HostileCase> cases = make_cases();
  return cases;
}

const HostileCase& hostile_case(const std::string& name) {
  for (const HostileCase& c : hostile_cases())
    if (c.name == name) return c;
  throw std::invalid_argument("no hostile case " + name);
}

std::filesystem::path write_hostile(const HostileCase& c, const std::filesystem::path& dir) {
  const auto path = dir / c.file_name;
  std::ofstream out(path, std::ios::binary);
  c.write(out);
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path.string());
  return path;
}

}  // namespace notera::test
