// The sealed-move envelope (FIDE 2023 I.2, 2018 E.2, 2009 point 2, 2005
// A2): the record built from a game, its text / JSON / HTML / SVG forms,
// `--check` against the game, and the printed page rendered by headless
// Chromium when it is installed.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "notera/arbiter/envelope.hpp"
#include "notera/arbiter/envelope_page.hpp"
#include "notera/core/fen.hpp"
#include "notera/input/load.hpp"
#include "support/cli.hpp"

using namespace notera;

namespace {

const std::string adjourned_fen = "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/1K1R1B1R b - - 9 11";

game::Game load_test_game(const std::string& name) {
  std::vector<Diagnostic> problems;
  auto g = input::load_game_file(test::data_path("arbiter/" + name).string(), pgn::PlayOptions{}, problems);
  REQUIRE_MESSAGE(g, name);
  return std::move(*g);
}

std::string data(const std::string& name) { return test::data_path("arbiter/" + name).string(); }

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

// The full record of the adjourned example game, as `--json` writes it.
nlohmann::json full_record() {
  const test::RunResult run = test::run_notera(
      {"envelope", "--game", data("adjourned.pgn"), "--json", "--white-time", "1:52", "--black-time",
       "1:48:30", "--resume-date", "2026-11-22", "--resume-time", "10:00", "--resume-place", "Oslo"});
  REQUIRE(run.exit_code == 0);
  return nlohmann::json::parse(run.out);
}

// Runs `envelope --check` on a record; returns the JSON report.
nlohmann::json check(const nlohmann::json& record, int expected_exit,
                     const std::string& game = "adjourned.pgn") {
  test::TempDir dir;
  const auto file = dir.write("record.json", record.dump(2));
  const test::RunResult run =
      test::run_notera({"envelope", "--check", file.string(), "--game", data(game), "--json"});
  INFO(run.err);
  CHECK(run.exit_code == expected_exit);
  return nlohmann::json::parse(run.out);
}

std::vector<std::string> messages_for(const nlohmann::json& report, const std::string& field) {
  std::vector<std::string> out;
  for (const auto& p : report["problems"])
    if (p["field"] == field) out.push_back(p["message"].get<std::string>());
  return out;
}

}  // namespace

TEST_CASE("envelope: the record from the game: players, position, sealer, move number, draw offer") {
  const game::Game g = load_test_game("adjourned.pgn");
  arbiter::EnvelopeInput input;
  input.white_seconds_used = 6720;
  const arbiter::EnvelopeRecord r = make_envelope(g, input);
  CHECK(r.white == "Hansen, Per");
  CHECK(r.black == "Olsen, Kari");
  CHECK(r.event == "Oslo Open");
  CHECK(r.round == "3");
  CHECK(r.board == "4");
  CHECK(r.fen == adjourned_fen);
  CHECK(r.sealed_by == Color::black);  // the player to move seals
  CHECK(r.sealed_move_number == 11);
  CHECK(r.name_of(r.sealed_by) == "Olsen, Kari");
  // 11. Kb1(=): White's offer stands until Black answers it.
  REQUIRE(r.draw_offer_by);
  CHECK(*r.draw_offer_by == Color::white);
  CHECK(r.white_seconds_used == 6720);
  CHECK_FALSE(r.black_seconds_used);

  input.no_draw_offer = true;
  input.white = "Per Hansen";
  CHECK_FALSE(make_envelope(g, input).draw_offer_by);
  CHECK(make_envelope(g, input).white == "Per Hansen");

  // Where each item is in each edition.
  CHECK(arbiter::envelope_paragraph(notation::Laws::fide2023, 5) == "I.2.5");
  CHECK(arbiter::envelope_paragraph(notation::Laws::fide2018, 2) == "E.2.2");
  CHECK(arbiter::envelope_paragraph(notation::Laws::fide2009, 7) == "2 g");
  CHECK(arbiter::envelope_paragraph(notation::Laws::fide2005, 1) == "A2 a");
}

TEST_CASE("envelope: time used is read as h:mm or h:mm:ss") {
  CHECK(arbiter::parse_time_used("1:52") == 6720);
  CHECK(arbiter::parse_time_used("0:05") == 300);
  CHECK(arbiter::parse_time_used("2:01:30") == 7290);
  CHECK(arbiter::parse_time_used("45") == 2700);
  CHECK_FALSE(arbiter::parse_time_used("1:75"));
  CHECK_FALSE(arbiter::parse_time_used("1:5"));
  CHECK_FALSE(arbiter::parse_time_used("abc"));
  CHECK_FALSE(arbiter::parse_time_used(""));
  CHECK_FALSE(arbiter::parse_time_used("1:02:03:04"));
  CHECK(arbiter::format_time_used(6720) == "1:52");
  CHECK(arbiter::format_time_used(7290) == "2:01:30");
  CHECK(test::run_notera({"envelope", "--game", data("adjourned.pgn"), "--white-time", "1:7"}).exit_code ==
        2);
}

TEST_CASE("envelope: text output shows every item of the Laws' list, in the message language") {
  const test::RunResult en =
      test::run_notera({"envelope", "--game", data("adjourned.pgn"), "--ascii", "--white-time", "1:52",
                        "--resume-place", "Oslo, Chateau Neuf"});
  REQUIRE(en.exit_code == 0);
  for (const char* line :
       {"Sealed move envelope", "Guidelines I, I.2", "White: Hansen, Per  (I.2.1)",
        "Black: Olsen, Kari  (I.2.1)", "White: 1:52  (I.2.3)", "Black: —  (I.2.3)",
        "Player who sealed the move: Olsen, Kari (Black)  (I.2.4)",
        "Number of the sealed move: 11 (Black's move)  (I.2.5)",
        "Draw offer: offered by White, still standing  (I.2.6)", "Place: Oslo, Chateau Neuf  (I.2.7)",
        "Position immediately before the sealed move  (I.2.2): Black to move",
        "FEN: r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/1K1R1B1R b - - 9 11", "8 | r . b q r . k . | 8",
        "1 | . K . R . B . R | 1", "    a b c d e f g h"})
    CHECK_MESSAGE(contains(en.out, line), std::string(line));

  const test::RunResult nb =
      test::run_notera({"envelope", "--game", data("adjourned.pgn"), "--messages", "nb", "--laws", "2009"});
  REQUIRE(nb.exit_code == 0);
  for (const char* line :
       {"Hengepartikonvolutt", "Retningslinjer for hengepartier, punkt 2", "Hvit: Hansen, Per  (2 a)",
        "Spilleren som har gjort hemmelig trekk: Olsen, Kari (svart)  (2 d)",
        "Trekknummeret til det hemmelige trekket: 11 (svarts trekk)  (2 e)",
        "Remistilbud: fra hvit, gjelder fortsatt  (2 f)", "Svart i trekket", "8 | ♜ · ♝ ♛ ♜ · ♚ · | 8"})
    CHECK_MESSAGE(contains(nb.out, line), std::string(line));

  const test::RunResult sv =
      test::run_notera({"envelope", "--game", data("adjourned.pgn"), "--messages", "sv", "--laws", "2018"});
  CHECK(contains(sv.out, "Kuvert för förseglat drag"));
  CHECK(contains(sv.out, "Förseglingsdragets nummer: 11 (svarts drag)  (E.2.5)"));
  const test::RunResult da =
      test::run_notera({"envelope", "--game", data("adjourned.pgn"), "--messages", "da", "--laws", "2005"});
  CHECK(contains(da.out, "Hængepartikuvert"));
  CHECK(contains(da.out, "Spilleren, som har afgivet hemmeligt træk: Olsen, Kari (sort)  (A2 d)"));
}

TEST_CASE("envelope: JSON fields") {
  const nlohmann::json j = full_record();
  CHECK(j["white"] == "Hansen, Per");
  CHECK(j["black"] == "Olsen, Kari");
  CHECK(j["event"] == "Oslo Open");
  CHECK(j["round"] == "3");
  CHECK(j["board"] == "4");
  CHECK(j["fen"] == adjourned_fen);
  CHECK(j["sealed_by"] == "black");
  CHECK(j["sealed_by_name"] == "Olsen, Kari");
  CHECK(j["sealed_move_number"] == 11);
  CHECK(j["sealed_move"] == "11...");
  CHECK(j["time_used"] == nlohmann::json{{"white", "1:52"}, {"black", "1:48:30"}});
  CHECK(j["draw_offer"] == nlohmann::json{{"by", "white"}});
  CHECK(j["resumption"] == nlohmann::json{{"date", "2026-11-22"}, {"time", "10:00"}, {"place", "Oslo"}});
  CHECK(j["laws"] == "2023");
  CHECK(j["paragraph"] == "I.2");
  CHECK(j["diagram"].size() == 12);

  // A game without tags and without (=): names are null, no draw offer.
  const test::RunResult bare = test::run_notera({"envelope", "--game", data("knights_nb.txt"), "--json"});
  const auto b = nlohmann::json::parse(bare.out);
  CHECK(b["white"].is_null());
  CHECK(b["draw_offer"].is_null());
  CHECK(b["sealed_by"] == "black");
  CHECK(b["sealed_move_number"] == 4);
  // --draw-offer alone: the player who moved last offered.
  const auto offered = nlohmann::json::parse(
      test::run_notera({"envelope", "--game", data("knights_nb.txt"), "--json", "--draw-offer"}).out);
  CHECK(offered["draw_offer"] == nlohmann::json{{"by", "white"}});
}

TEST_CASE("envelope --check: a correct record agrees with the game") {
  const nlohmann::json report = check(full_record(), 0);
  CHECK(report["consistent"] == true);
  CHECK(report["problems"].empty());
  test::TempDir dir;
  const auto file = dir.write("record.json", full_record().dump());
  const test::RunResult human =
      test::run_notera({"envelope", "--check", file.string(), "--game", data("adjourned.pgn")});
  CHECK(human.exit_code == 0);
  CHECK(human.out == "The record agrees with the game: the position before move 11, sealed by Black.\n");
}

TEST_CASE("envelope --check catches a wrong move number, a wrong side and a wrong position") {
  nlohmann::json number = full_record();
  number["sealed_move_number"] = 12;
  auto report = check(number, 1);
  CHECK(report["problems"].size() == 1);
  CHECK(messages_for(report, "sealed_move_number") ==
        std::vector<std::string>{
            "the record gives sealed move number 12, but the sealed move is Black's move 11"});

  nlohmann::json side = full_record();
  side["sealed_by"] = "white";
  report = check(side, 1);
  CHECK(report["problems"].size() == 1);
  CHECK(messages_for(report, "sealed_by") ==
        std::vector<std::string>{"the record says White sealed, but Black is to move in the game"});

  // The knight on d6 written on e6, and White to move: two exact squares
  // and the side to move.
  nlohmann::json position = full_record();
  position["fen"] = "r1bqr1k1/ppp1bppp/2n1n3/6B1/8/4QN2/PPPN1PPP/1K1R1B1R w - - 9 11";
  report = check(position, 1);
  CHECK(messages_for(report, "fen") ==
        std::vector<std::string>{"d6: the record has an empty square, the game has a black knight",
                                 "e6: the record has a black knight, the game has an empty square",
                                 "the position has White to move, but in the game Black is to move"});

  // Castling rights, a possible en-passant capture and the counters.
  nlohmann::json counters = full_record();
  counters["fen"] = "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/1K1R1B1R b - - 0 12";
  report = check(counters, 1);
  CHECK(messages_for(report, "fen") ==
        std::vector<std::string>{"the position counts 0 half-moves without pawn move or capture, the game 9",
                                 "the position gives move number 12, the game 11"});

  nlohmann::json bad_fen = full_record();
  bad_fen["fen"] = "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP b - - 9 11";
  report = check(bad_fen, 1);
  REQUIRE(messages_for(report, "fen").size() == 1);
  CHECK(contains(messages_for(report, "fen")[0], "the position is not a valid FEN"));

  // Names, the draw offer, and a sealer's name that is not the player to move.
  nlohmann::json names = full_record();
  names["white"] = "Hansen, Pål";
  names["sealed_by_name"] = "Hansen, Per";
  names["draw_offer"] = nullptr;
  report = check(names, 1);
  CHECK(messages_for(report, "white") ==
        std::vector<std::string>{"the record names White 'Hansen, Pål', the game 'Hansen, Per'"});
  CHECK(messages_for(report, "sealed_by_name") ==
        std::vector<std::string>{
            "the record says 'Hansen, Per' sealed, but it is Black, 'Olsen, Kari', who is to move"});
  CHECK(messages_for(report, "draw_offer") ==
        std::vector<std::string>{
            "the record shows no draw offer, but in the game White offered a draw (=) with the last move"});
}

TEST_CASE("envelope --check: missing items and unreadable records") {
  const nlohmann::json report = check({{"fen", adjourned_fen}}, 1);
  std::vector<std::string> fields;
  for (const auto& p : report["problems"]) fields.push_back(p["field"]);
  CHECK(fields == std::vector<std::string>{"white", "black", "time_used.white", "time_used.black",
                                           "sealed_by", "sealed_move_number", "draw_offer", "resumption.date",
                                           "resumption.time", "resumption.place"});
  CHECK(messages_for(report, "sealed_move_number") ==
        std::vector<std::string>{"the number of the sealed move is missing"});

  // In Norwegian, with the words of the 2009 Laws.
  test::TempDir dir;
  const auto file = dir.write("partial.json", R"({"fen": ")" + adjourned_fen + R"(", "sealed_by": "hvit"})");
  const test::RunResult nb = test::run_notera(
      {"envelope", "--check", file.string(), "--game", data("adjourned.pgn"), "--messages", "nb"});
  CHECK(nb.exit_code == 1);
  CHECK(contains(nb.out, "sealed_by: «hvit» er ikke en farge (skriv white eller black)"));
  CHECK(contains(nb.out, "white: hvits navn mangler"));

  const auto broken = dir.write("broken.json", "{ \"fen\": ");
  CHECK(
      test::run_notera({"envelope", "--check", broken.string(), "--game", data("adjourned.pgn")}).exit_code ==
      2);
  CHECK(test::run_notera(
            {"envelope", "--check", (dir.path() / "none.json").string(), "--game", data("adjourned.pgn")})
            .exit_code == 2);
}

TEST_CASE("envelope: the printable page: every label, the diagram, the signature lines") {
  test::TempDir dir;
  const auto html = dir.path() / "envelope.html";
  const auto svg = dir.path() / "envelope.svg";
  const test::RunResult run = test::run_notera(
      {"envelope", "--game", data("adjourned.pgn"), "--messages", "nb", "--white-time", "1:52",
       "--black-time", "1:48:30", "--resume-date", "22.11.2026", "--resume-time", "10:00", "--resume-place",
       "Oslo & Co", "--html", html.string(), "--svg", svg.string()});
  REQUIRE(run.exit_code == 0);
  for (const auto& path : {html, svg}) {
    const std::string page = test::read_file(path);
    CAPTURE(path.string());
    for (const char* text : {"Hengepartikonvolutt",
                             "Turnering",
                             "Oslo Open",
                             "Hansen, Per",
                             "Olsen, Kari",
                             "Tidsforbruk",
                             "1:52",
                             "1:48:30",
                             "Stillingen umiddelbart før det hemmelige trekket",
                             "Spilleren som har gjort hemmelig trekk",
                             "Olsen, Kari (svart)",
                             "11 (svarts trekk)",
                             "fra hvit, gjelder fortsatt",
                             "22.11.2026",
                             "10:00",
                             "Oslo &amp; Co",
                             "I.2.7",
                             "Turneringslederens underskrift",
                             "Hvits underskrift",
                             "Svarts underskrift",
                             "Svart i trekket"})
      CHECK_MESSAGE(contains(page, text), std::string(text));
    // 64 squares; 15 white and 14 black pieces (a white piece is drawn as
    // the solid figure under the outline figure).
    CHECK(count(page, "<rect x=") >= 64);
    CHECK(count(page, "♔") == 1);
    CHECK(count(page, "♙") == 6);
    CHECK(count(page, "♚") == 2);  // Black's king, and the solid under White's
    CHECK(count(page, "♟") == 6 + 6);
    for (char file = 'a'; file <= 'h'; ++file) CHECK(contains(page, std::string(">") + file + "</text>"));
  }
  // The FEN, broken between ranks only.
  const std::string page = test::read_file(svg);
  CHECK(contains(page, "FEN: r1bqr1k1/ppp1bppp/2nn4/6B1/</text>"));
  CHECK(contains(page, ">8/4QN2/PPPN1PPP/1K1R1B1R</text>"));
  CHECK(contains(page, ">b - - 9 11</text>"));
  CHECK(contains(page, "width=\"210mm\" height=\"297mm\""));
  const std::string html_page = test::read_file(html);
  CHECK(
      contains(html_page,
               "FEN: r1bqr1k1/<wbr>ppp1bppp/<wbr>2nn4/<wbr>6B1/<wbr>8/<wbr>4QN2/<wbr>PPPN1PPP/<wbr>1K1R1B1R "
               "b - - 9 11"));
  CHECK(contains(html_page, "@page { size: A4"));

  const std::string blocked = (dir.path() / "no_such_dir" / "x.html").string();
  CHECK(test::run_notera({"envelope", "--game", data("adjourned.pgn"), "--html", blocked}).exit_code == 2);
}

TEST_CASE("envelope: the HTML page renders to PNG in headless Chromium" *
          doctest::skip(!std::filesystem::exists("/usr/bin/chromium"))) {
  test::TempDir dir;
  const auto html = dir.path() / "envelope.html";
  REQUIRE(test::run_notera({"envelope", "--game", data("adjourned.pgn"), "--white-time", "1:52",
                            "--black-time", "1:48:30", "--resume-date", "2026-11-22", "--resume-time",
                            "10:00", "--resume-place", "Oslo", "--html", html.string()})
              .exit_code == 0);
  const auto blank = dir.write("blank.html", "<!DOCTYPE html><html><body></body></html>");
  auto screenshot = [&dir](const std::filesystem::path& page, const std::string& name) {
    const auto png = dir.path() / name;
    const auto profile = dir.path() / ("profile-" + name);
    const std::string command =
        "timeout 120 /usr/bin/chromium --headless --no-sandbox --disable-gpu --disable-background-networking "
        "--disable-component-update --disable-sync --no-first-run --user-data-dir=" +
        profile.string() + " --screenshot=" + png.string() + " --window-size=794,1123 file://" +
        page.string() + " >/dev/null 2>&1";
    CHECK(std::system(command.c_str()) == 0);
    return png;
  };
  const std::string png = test::read_file(screenshot(html, "envelope.png"));
  const std::string empty = test::read_file(screenshot(blank, "blank.png"));
  REQUIRE(png.size() > 24);
  CHECK(png.substr(1, 3) == "PNG");
  // IHDR: width and height, big-endian, at bytes 16..23.
  auto be32 = [&png](std::size_t at) {
    return (static_cast<unsigned char>(png[at]) << 24) | (static_cast<unsigned char>(png[at + 1]) << 16) |
           (static_cast<unsigned char>(png[at + 2]) << 8) | static_cast<unsigned char>(png[at + 3]);
  };
  CHECK(be32(16) == 794);
  CHECK(be32(20) == 1123);
  // A page with a diagram and text compresses far worse than an empty one.
  CHECK(png.size() > 8 * empty.size());
  CHECK(png.size() > 30000);
}
