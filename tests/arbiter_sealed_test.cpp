// Rulings on sealed moves (FIDE: 2005 Appendix A, 2009 Guidelines for
// adjourned games, 2018 Appendix E, 2023 Guidelines I): every verdict, the
// places where the editions differ, and the rulings in the arbiter's words.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "notera/arbiter/sealed.hpp"
#include "notera/core/fen.hpp"
#include "notera/core/uci.hpp"
#include "notera/locale/messages.hpp"
#include "support/cli.hpp"
#include "support/position.hpp"

using namespace notera;

namespace {

using test::position;

arbiter::SealedRuling rule(const char* fen, const char* text, notation::Laws laws = notation::Laws::fide2023,
                           const char* lang = "nb") {
  const Position pos = position(fen);
  arbiter::SealedOptions options;
  options.language = notation::LetterTable::instance().language_index(lang);
  options.laws = laws;
  return rule_on_sealed_move(pos, PositionHistory(pos), text, options);
}

const notation::Laws all_editions[] = {notation::Laws::fide2005, notation::Laws::fide2009,
                                       notation::Laws::fide2018, notation::Laws::fide2023};

}  // namespace

TEST_CASE("sealed: ambiguous, illegal and unclear lose in every edition") {
  for (notation::Laws laws : all_editions) {
    CAPTURE(to_string(laws));
    // Both rooks can go to d1.
    arbiter::SealedRuling r =
        rule("r4rk1/pp2qppp/2n1bn2/2pp4/3P4/2N1PN2/PPQ1BPPP/R4RK1 w - - 0 12", "Td1", laws);
    CHECK(r.verdict == notation::Verdict::ambiguous);
    CHECK(r.sealer_loses);
    CHECK(r.reading.resolution.candidates.size() == 2);
    // The king would walk into check.
    r = rule("5rk1/1R4pp/8/8/8/6P1/5PKP/8 w - - 0 35", "Kf3", laws);
    CHECK(r.verdict == notation::Verdict::illegal);
    CHECK(r.sealer_loses);
    // No such letter in Danish: the meaning cannot be established.
    r = rule("3r2k1/pp3ppp/2n5/2b5/5P2/2N1R3/PPP3PP/R5K1 w - - 0 22", "Zf3", laws, "da");
    CHECK(r.verdict == notation::Verdict::unclear);
    CHECK(r.sealer_loses);
  }
}

TEST_CASE("sealed: a pinned second piece does not make the move ambiguous") {
  // The e3 rook is pinned by the c5 bishop, so Te1 can only be Ra1-e1.
  const arbiter::SealedRuling r = rule("3r2k1/pp3ppp/2n5/2b5/5P2/2N1R3/PPP3PP/R5K1 w - - 0 22", "Te1");
  CHECK(r.verdict == notation::Verdict::legal);
  CHECK_FALSE(r.sealer_loses);
  CHECK(to_uci(position("3r2k1/pp3ppp/2n5/2b5/5P2/2N1R3/PPP3PP/R5K1 w - - 0 22"),
               r.reading.resolution.move) == "a1e1");
}

TEST_CASE("sealed: a promotion with no piece named is ambiguous") {
  const arbiter::SealedRuling r = rule("8/1P3pk1/6p1/7p/7P/6P1/r4PK1/1R6 w - - 0 45", "b8");
  CHECK(r.verdict == notation::Verdict::ambiguous);
  CHECK(r.reading.resolution.candidates.size() == 4);
  CHECK(r.sealer_loses);
}

TEST_CASE("sealed: castling after the rights are lost is illegal") {
  const arbiter::SealedRuling r = rule("r3k2r/8/8/8/8/8/8/R3K2R w kq - 4 30", "0-0");
  CHECK(r.verdict == notation::Verdict::illegal);
  CHECK(r.reading.resolution.reason == notation::IllegalReason::castling_no_right);
}

TEST_CASE("sealed: inaccuracies that do not change the move are warnings, by edition") {
  const char* fen = "rnbqkb1r/ppp2ppp/8/3pP3/3Qn3/5N2/PPP2PPP/RNB1KB1R w KQkq d6 0 6";
  // An en-passant capture written without x and without e.p.
  arbiter::SealedRuling r = rule(fen, "ed6", notation::Laws::fide2009);
  CHECK(r.verdict == notation::Verdict::legal);
  CHECK_FALSE(r.sealer_loses);
  CHECK((r.warnings & notation::warn_missing_en_passant) != 0);
  CHECK((r.warnings & notation::warn_missing_capture_mark) != 0);
  r = rule(fen, "ed6", notation::Laws::fide2023);
  CHECK(r.verdict == notation::Verdict::legal);
  CHECK(r.warnings == 0);  // 2023 C.13: x and e.p. may be left out
  // The long form: an inaccuracy before 2023, the FIDE form since.
  r = rule("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Sg1-f3",
           notation::Laws::fide2018);
  CHECK((r.warnings & notation::warn_long_form) != 0);
  r = rule("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Sg1-f3",
           notation::Laws::fide2023);
  CHECK(r.warnings == 0);
}

TEST_CASE("sealed: a game already over before the sealed move") {
  // Mate: no legal move exists, the verdict is illegal, the ruling says why.
  arbiter::SealedRuling r = rule("6k1/5ppp/8/8/8/1Q6/5PPP/4r1K1 w - - 0 30", "h3");
  CHECK(r.game_over == GameEnd::checkmate);
  CHECK(r.verdict == notation::Verdict::illegal);
  CHECK_FALSE(r.sealer_loses);
  CHECK(r.ruling.key == "sealed.ruling.game_over");
  // Stalemate.
  r = rule("8/8/8/8/8/1q6/2k5/K7 w - - 0 60", "Kb1");
  CHECK(r.game_over == GameEnd::stalemate);
  // A dead position: legal moves exist, the game had ended all the same.
  r = rule("4k3/8/8/8/8/8/8/4KN2 w - - 0 60", "Sg3");
  CHECK(r.game_over == GameEnd::dead_position);
  CHECK(r.verdict == notation::Verdict::legal);
  CHECK_FALSE(r.sealer_loses);
  // 75 moves: automatic from 2014 (2018, 2023), not in 2009.
  r = rule("4k3/8/8/8/8/8/8/R3K3 w - - 150 120", "Ta2", notation::Laws::fide2023);
  CHECK(r.game_over == GameEnd::seventy_five_moves);
  r = rule("4k3/8/8/8/8/8/8/R3K3 w - - 150 120", "Ta2", notation::Laws::fide2009);
  CHECK(r.game_over == GameEnd::none);
  CHECK(r.verdict == notation::Verdict::legal);
}

TEST_CASE("sealed: a sealed move that ends the game") {
  arbiter::SealedRuling r = rule("3r2k1/1Q3ppp/8/8/8/8/5PPP/6K1 b - - 0 30", "Td1", notation::Laws::fide2018);
  CHECK(r.ends_game == GameEnd::checkmate);
  CHECK(r.verdict == notation::Verdict::legal);
  r = rule("8/8/8/8/8/3q4/2k5/K7 b - - 0 60", "Db3");
  CHECK(r.ends_game == GameEnd::stalemate);
}

TEST_CASE("sealed: rulings use the words of the FIDE texts") {
  const arbiter::SealedRuling ambiguous =
      rule("r4rk1/pp2qppp/2n1bn2/2pp4/3P4/2N1PN2/PPQ1BPPP/R4RK1 w - - 0 12", "Td1", notation::Laws::fide2009);
  const std::string nb = locale::Messages("nb").format(ambiguous.ruling);
  CHECK(nb.find("hemmelige trekket") != std::string::npos);
  CHECK(nb.find("tvetydig") != std::string::npos);
  CHECK(nb.find("Retningslinjer for hengepartier") != std::string::npos);
  const arbiter::SealedRuling sv_rule =
      rule("r4rk1/pp2qppp/2n1bn2/2pp4/3P4/2N1PN2/PPQ1BPPP/R4RK1 w - - 0 12", "Td1", notation::Laws::fide2018);
  const std::string sv = locale::Messages("sv").format(sv_rule.ruling);
  CHECK(sv.find("örseglingsdrag") != std::string::npos);
  CHECK(sv.find("tvetydigt") != std::string::npos);
  CHECK(sv.find("Bilaga E.8.1") != std::string::npos);
  const arbiter::SealedRuling illegal =
      rule("5rk1/1R4pp/8/8/8/6P1/5PKP/8 w - - 0 35", "Kf3", notation::Laws::fide2023);
  const std::string da = locale::Messages("da").format(illegal.ruling);
  CHECK(da.find("hemmelige træk") != std::string::npos);
  CHECK(da.find("ulovligt") != std::string::npos);
  CHECK(da.find("Anbefaling I.8.3") != std::string::npos);
  const std::string en = locale::Messages("en").format(illegal.ruling);
  CHECK(en.find("illegal") != std::string::npos);
  CHECK(en.find("Guidelines I.8.3") != std::string::npos);
}

TEST_CASE("sealed: the command, with a game file") {
  test::TempDir dir;
  const auto game = dir.write("adjourned.pgn",
                              "[White \"Lund, Anna\"]\n[Black \"Strand, Emil\"]\n[Result \"*\"]\n\n"
                              "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. cxd5 exd5 5. Bg5 Be7 6. e3 c6 *\n");
  const auto r =
      test::run_notera({"sealed", "--game", game.string(), "--move", "Dc2", "--lang", "sv", "--json"});
  CHECK(r.exit_code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["verdict"] == "legal");
  CHECK(j["uci"] == "d1c2");
  CHECK(j["game_over"].is_null());
  const auto bad =
      test::run_notera({"sealed", "--game", (dir.path() / "missing.pgn").string(), "--move", "e4"});
  CHECK(bad.exit_code == 2);
}

TEST_CASE("sealed: a letter read in other notations decides nothing against the first tier") {
  const auto sealed = [](const std::vector<std::string>& args) {
    std::vector<std::string> command = {"sealed"};
    command.insert(command.end(), args.begin(), args.end());
    return test::run_notera(command);
  };
  // No king can reach f3 or h4: illegal, not a Bulgarian knight or a
  // Turkish rook.
  auto r =
      sealed({"--fen", "4k3/7p/8/8/8/8/8/4K1N1 w - - 0 40", "--move", "Kf3", "--messages", "en", "--json"});
  CHECK(r.exit_code == 1);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["verdict"] == "illegal");
  CHECK(j["sealer_loses"] == true);
  CHECK(r.out.find("\u041a") == std::string::npos);  // no Cyrillic К anywhere
  CHECK(r.out.find("К") == std::string::npos);
  r = sealed({"--fen", "4k3/7p/8/8/8/8/8/4K2R w - - 0 40", "--move", "Kh4", "--messages", "en", "--json"});
  CHECK(nlohmann::json::parse(r.out)["verdict"] == "illegal");

  // A game of pawn moves gives no notation: S is read in the arbiter's
  // language (the knight for a Norwegian arbiter)...
  test::TempDir dir;
  const std::string pawns = dir.write("g2.pgn", "1. e4 e5 *\n").string();
  r = sealed({"--game", pawns, "--move", "Se2", "--messages", "nb", "--json"});
  CHECK(r.exit_code == 0);
  j = nlohmann::json::parse(r.out);
  CHECK(j["verdict"] == "legal");
  CHECK(j["uci"] == "g1e2");
  // ... and for an English one it depends on the player's notation: not a
  // loss, the arbiter must establish it.
  r = sealed({"--game", pawns, "--move", "Se2", "--messages", "en", "--json"});
  CHECK(r.exit_code == 1);
  j = nlohmann::json::parse(r.out);
  CHECK(j["verdict"] == "ambiguous");
  CHECK(j["candidates"].size() == 3);
  CHECK(j["sealer_loses"] == false);
  CHECK(j["by_language"].size() == 3);
  const std::string ruling = j["ruling"];
  CHECK(ruling.find("Ne2 (da, de, hr, nb, nn, pl, sv)") != std::string::npos);
  CHECK(ruling.find("Be2 (cs, sk)") != std::string::npos);
  CHECK(ruling.find("--lang") != std::string::npos);
  CHECK(ruling.find("loses") == std::string::npos);

  // In the arbiter's words and letters: V is the rook in Czech, the queen
  // in Hungarian and Turkish; neither Norwegian nor English has it.
  r = sealed({"--fen", "4k3/8/8/8/8/8/8/R2QK3 w - - 0 30", "--move", "Va4", "--messages", "nb"});
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("turneringslederen må fastslå") != std::string::npos);
  CHECK(r.out.find("Ta4 (cs, et, sk), Da4+ (hu, tr)") != std::string::npos);
  CHECK(r.out.find("tapt for") == std::string::npos);

  // A game whose moves decided the notation: the sealed move is read in it.
  const std::string norwegian = dir.write("nb.pgn", "1. e4 e5 2. Sf3 Sc6 *\n").string();
  r = sealed({"--game", norwegian, "--move", "Lc4", "--messages", "en", "--json"});
  CHECK(nlohmann::json::parse(r.out)["uci"] == "f1c4");
  // English letters that a German reader reads otherwise (B, the pawn):
  // the game is English, and so is its sealed move.
  const std::string english = dir.write("en.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 d6 *\n").string();
  r = sealed({"--game", english, "--move", "Bb5", "--messages", "de", "--json"});
  j = nlohmann::json::parse(r.out);
  CHECK(j["verdict"] == "legal");
  CHECK(j["uci"] == "c4b5");
  // A letter the game's notation does not know is read in the others; a
  // move legal in one of them only is for the arbiter to settle.
  r = sealed({"--game", english, "--move", "Se2", "--messages", "en", "--json"});
  CHECK(r.exit_code == 1);
  j = nlohmann::json::parse(r.out);
  CHECK(j["verdict"] == "legal");
  CHECK(j["uci"] == "e1e2");
  CHECK(j["sealer_loses"] == false);
  CHECK(j["ruling"].get<std::string>().find("only in the notation of tr: Ke2") != std::string::npos);
}

TEST_CASE("sealed: castling, check and en passant in the player's words") {
  const char* castling = "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 10";
  const auto ruling = [](const char* fen, const char* text, const char* lang) {
    const auto r = test::run_notera({"sealed", "--fen", fen, "--move", text, "--lang", lang, "--json"});
    return std::pair{r.exit_code, nlohmann::json::parse(r.out)};
  };
  for (const auto& [text, lang] : {std::pair{"kort rockad", "sv"}, std::pair{"kort rokade", "nb"},
                                   std::pair{"kort rokade", "da"}, std::pair{"Kurze Rochade", "de"}}) {
    CAPTURE(text);
    const auto [exit, j] = ruling(castling, text, lang);
    CHECK(exit == 0);
    CHECK(j["verdict"] == "legal");
    CHECK(j["uci"] == "e1g1");
    CHECK(j["sealer_loses"] == false);
  }
  CHECK(ruling(castling, "lang rokade", "nb").second["uci"] == "e1c1");
  // Nxe5 gives no check: legal, with the written check as an inaccuracy.
  const auto [exit, check] = ruling(castling, "Sxe5 sjakk", "nb");
  CHECK(exit == 0);
  CHECK(check["uci"] == "f3e5");
  CHECK(check["warning_codes"] == nlohmann::json::array({"wrong_check_mark"}));
  const auto ep =
      test::run_notera({"move", "--fen", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
                        "--lang", "da", "--json", "exd6 en passant"});
  CHECK(ep.exit_code == 0);
  CHECK(nlohmann::json::parse(ep.out)["uci"] == "e5d6");
}

TEST_CASE("sealed: en passant marked e.p, ep. or e.p. is the capture, not an unclear move") {
  // FIDE C.9 writes "e.p."; the 2023 Laws make it optional (C.13): a dot
  // more or less does not change which move is meant.
  const char* fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
  for (const char* text : {"exd6 e.p", "exd6 ep.", "exd6 e.p.", "exd6e.p"}) {
    CAPTURE(text);
    const auto r = test::run_notera({"sealed", "--fen", fen, "--move", text, "--lang", "nb", "--json"});
    CHECK(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["verdict"] == "legal");
    CHECK(j["uci"] == "e5d6");
    CHECK(j["sealer_loses"] == false);
  }
}

TEST_CASE("sealed: a draw offer written = after the move is noted, not an unclear move") {
  // The Norwegian arbiters' commentary to the 2009 Laws: "Remistilbud skal
  // noteres ... med symbolet "="". The move is legal; the offer is noted.
  const char* fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  for (const char* text : {"Lc4=", "Lc4 =", "Lc4 (=)", "Lc4(=)", "Lc4 remistilbud"}) {
    CAPTURE(text);
    const auto r = test::run_notera({"sealed", "--fen", fen, "--move", text, "--lang", "nb", "--json"});
    CHECK(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["verdict"] == "legal");
    CHECK(j["uci"] == "f1c4");
    CHECK(j["draw_offer"] == true);
    CHECK(j["notes"].size() == 1);
  }
  const auto text =
      test::run_notera({"sealed", "--fen", fen, "--move", "Lc4=", "--lang", "nb", "--messages", "nb"});
  CHECK(text.out.find("et remistilbud er notert med trekket") != std::string::npos);
  // d8=D stays a promotion.
  const auto promotion = test::run_notera(
      {"sealed", "--fen", "8/3P1k2/8/8/8/8/5K2/8 w - - 0 50", "--move", "d8=D", "--lang", "nb", "--json"});
  const auto p = nlohmann::json::parse(promotion.out);
  CHECK(p["uci"] == "d7d8q");
  CHECK_FALSE(p.contains("draw_offer"));
}

TEST_CASE("sealed: castling written as the king's move in the long form is castling") {
  // FIDE §3.8.2: castling is a move of the king; "Ke1-g1" means 0-0, as
  // e1g1 does. Read so, with a warning.
  const char* fen = "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 10";
  for (const auto& [text, uci] : {std::pair{"Ke1-g1", "e1g1"}, std::pair{"Ke1g1", "e1g1"},
                                  std::pair{"Ke1-c1", "e1c1"}, std::pair{"Ke1xg1", "e1g1"}}) {
    CAPTURE(text);
    const auto r = test::run_notera({"sealed", "--fen", fen, "--move", text, "--lang", "nb", "--json"});
    CHECK(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["verdict"] == "legal");
    CHECK(j["uci"] == uci);
    CHECK(j["sealer_loses"] == false);
    CHECK(j["warning_codes"] == nlohmann::json::array({"castling_as_king_move"}));
  }
  // Castling through an attacked square stays illegal, with that reason.
  const arbiter::SealedRuling through = rule("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 30", "Ke1-g1");
  CHECK(through.verdict == notation::Verdict::illegal);
  CHECK(through.reading.resolution.reason == notation::IllegalReason::castling_through_check);
}

TEST_CASE("sealed: a game that had already ended: the sealed move ends nothing") {
  // 75 moves (2018/2023) and a dead position ended the game before the
  // envelope: game_over says how; ends_game is the sealed move's own end.
  for (const char* fen : {"4k3/7p/8/8/8/8/3R4/4K3 w - - 150 120", "4k3/8/8/8/8/8/8/4KN2 w - - 0 60"}) {
    CAPTURE(fen);
    const char* move = std::string(fen).find("3R4") != std::string::npos ? "Td3" : "Sg3";
    const auto r = test::run_notera({"sealed", "--fen", fen, "--move", move, "--lang", "nb", "--json"});
    CHECK(r.exit_code == 1);
    const auto j = nlohmann::json::parse(r.out);
    CHECK_FALSE(j["game_over"].is_null());
    CHECK(j["ends_game"].is_null());
  }
  const arbiter::SealedRuling r = rule("4k3/7p/8/8/8/8/3R4/4K3 w - - 150 120", "Td3");
  CHECK(r.game_over == GameEnd::seventy_five_moves);
  CHECK(r.ends_game == GameEnd::none);
}

TEST_CASE("sealed: the position and the move must be given") {
  // No --fen and no --game: no start position is assumed.
  auto r = test::run_notera({"sealed", "--move", "e4", "--messages", "nb"});
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("oppgi stillingen før det hemmelige trekket") != std::string::npos);
  // An empty --move is a slip of the command line, not an envelope to rule on.
  r = test::run_notera({"sealed", "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 0 40", "--move", " "});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("no move was given") != std::string::npos);
  r = test::run_notera({"move", "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 0 40", ""});
  CHECK(r.exit_code == 2);
}

TEST_CASE(
    "sealed and claim: a game with problems is a problem of the input (exit 1), an unreadable file exit 2") {
  test::TempDir dir;
  const std::string illegal = dir.write("ill.pgn", "1. e4 e5 2. Ke3 Sc6 *\n").string();
  const std::string empty = dir.write("empty.pgn", "").string();
  const std::string binary =
      dir.write("bin.pgn", std::string(4000, 'D') + std::string(1, '\0') + "\x01\x02").string();
  const std::string missing = (dir.path() / "missing.pgn").string();
  for (const auto& [file, status] :
       {std::pair{illegal, "not_whole"}, std::pair{empty, "no_game"}, std::pair{binary, "not_whole"}}) {
    CAPTURE(file);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"sealed", "--game", file, "--move", "Sf3", "--json"},
          std::vector<std::string>{"claim", "--game", file, "--json"}}) {
      CAPTURE(args[0]);
      const auto r = test::run_notera(args);
      CHECK(r.exit_code == 1);
      REQUIRE_FALSE(r.out.empty());
      const auto j = nlohmann::json::parse(r.out);
      CHECK(j["file"] == file);
      CHECK(j["status"] == status);
      REQUIRE(j["problems"].size() >= 1);
      CHECK(j["problems"][0].contains("code"));
      CHECK(j["problems"][0].contains("line"));
      CHECK_FALSE(j["message"].get<std::string>().empty());
    }
  }
  const auto ill = test::run_notera({"sealed", "--game", illegal, "--move", "Sf3", "--json"});
  CHECK(nlohmann::json::parse(ill.out)["problems"][0]["code"] == "game.mainline_stops");
  CHECK(test::run_notera({"sealed", "--game", illegal, "--move", "Sf3"}).exit_code == 1);
  // A file that cannot be opened is an I/O error.
  CHECK(test::run_notera({"sealed", "--game", missing, "--move", "Sf3", "--json"}).exit_code == 2);
  CHECK(test::run_notera({"claim", "--game", missing, "--json"}).exit_code == 2);
  CHECK(test::run_notera({"envelope", "--game", illegal}).exit_code == 1);
}

TEST_CASE("sealed: --messages names a language with messages, and LANGUAGE is read as gettext reads it") {
  const std::vector<std::string> sealed = {
      "sealed", "--fen", "5rk1/1R4pp/8/8/8/6P1/5PKP/8 w - - 0 35", "--move", "Kf3", "--lang", "nb"};
  auto with = [&sealed](std::vector<std::string> more, const std::vector<std::string>& env = {}) {
    std::vector<std::string> args = sealed;
    args.insert(args.end(), more.begin(), more.end());
    return test::run_notera(args, "", env);
  };
  // An unknown language is a usage error, as it is for --lang.
  auto r = with({"--messages", "xx"});
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("'xx'") != std::string::npos);
  // Regional codes are their language.
  CHECK(with({"--messages", "nb_NO"}).out.find("Det hemmelige trekket") != std::string::npos);
  CHECK(with({"--messages", "sv-SE"}).out.find("Förseglingsdraget") != std::string::npos);
  CHECK(with({"--messages", "pt-BR"}).exit_code == 1);  // Portuguese falls back to English texts
  // LANGUAGE before the locale, also under C.UTF-8 (glibc), not under C.
  CHECK(with({}, {"LANGUAGE=sv", "LANG=C.UTF-8", "LC_ALL="}).out.find("Förseglingsdraget") !=
        std::string::npos);
  CHECK(with({}, {"LANGUAGE=xx:da", "LC_ALL=C.UTF-8"}).out.find("hemmelige træk") != std::string::npos);
  CHECK(with({}, {"LANGUAGE=sv", "LC_ALL=C"}).out.find("The sealed move") != std::string::npos);
  CHECK(with({}, {"LANGUAGE=sv", "LC_ALL=de_DE.UTF-8"}).out.find("Förseglingsdraget") != std::string::npos);
}

TEST_CASE("sealed: the ruling's wording: one title for the Laws, the move named once") {
  // The move that ends the game is named once when written as the ruling
  // writes it: "Db3 setter patt", not "Db3 er Db3 og setter patt".
  const arbiter::SealedRuling stalemate = rule("8/8/8/8/8/3q4/2k5/K7 b - - 0 60", "Db3");
  const std::string nb = locale::Messages("nb").format(stalemate.ruling);
  CHECK(nb.find("Det hemmelige trekket Db3 setter patt") != std::string::npos);
  CHECK(locale::Messages("en")
            .format(stalemate.ruling)
            .find("The sealed move Db3 ends the game by stalemate") != std::string::npos);
  // Written otherwise, the move as the ruling writes it follows.
  const arbiter::SealedRuling long_form = rule("8/8/8/8/8/3q4/2k5/K7 b - - 0 60", "Dd3-b3");
  CHECK(locale::Messages("nb").format(long_form.ruling).find("Dd3-b3 er Db3 og setter patt") !=
        std::string::npos);
  // The seeds' titles of the Laws, in sealed rulings, claims and envelopes alike.
  test::TempDir dir;
  const std::string game = dir.write("k.pgn", "1. Sf3 Sf6 2. Sg1 Sg8 3. Sf3 Sf6 *\n").string();
  for (const auto& [lang, title] :
       {std::pair{"nb", "FIDEs regler for sjakk 2023"}, std::pair{"da", "FIDEs regler for skak 2023"},
        std::pair{"nn", "FIDE-reglane for sjakk 2023"}}) {
    CAPTURE(lang);
    CHECK(test::run_notera({"claim", "--game", game, "--messages", lang}).out.find(title) !=
          std::string::npos);
    CHECK(test::run_notera({"envelope", "--game", game, "--messages", lang}).out.find(title) !=
          std::string::npos);
  }
  CHECK(
      test::run_notera({"envelope", "--game", game, "--messages", "nb"}).out.find("Retningslinjer I, I.2") !=
      std::string::npos);
}
