// Draw claims (FIDE §9.2 threefold repetition, §9.3 fifty moves, §9.5 a
// wrong claim, §9.6 automatic draws) on the games in tests/data/arbiter,
// through the library and through `notera claim` end to end, and the
// rulings in nb, sv, da, de and en.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "notera/arbiter/claim.hpp"
#include "notera/core/fen.hpp"
#include "notera/core/movegen.hpp"
#include "notera/input/load.hpp"
#include "notera/locale/messages.hpp"
#include "support/cli.hpp"

using namespace notera;

namespace {

game::Game load_test_game(const std::string& name) {
  std::vector<Diagnostic> problems;
  auto g = input::load_game_file(test::data_path("arbiter/" + name).string(), pgn::PlayOptions{}, problems);
  REQUIRE_MESSAGE(g, name);
  return std::move(*g);
}

arbiter::ClaimRuling rule(const std::string& name, notation::Laws laws = notation::Laws::fide2023,
                          const std::string& move = "",
                          arbiter::ClaimGround ground = arbiter::ClaimGround::either,
                          const std::string& move_language = "en") {
  arbiter::DrawClaim claim;
  claim.move_language = move_language;
  claim.laws = laws;
  claim.intended_move = move;
  claim.ground = ground;
  claim.reading.language = notation::ResolveOptions::any_language;
  return judge_draw_claim(load_test_game(name), claim);
}

std::vector<int> plies(const std::vector<arbiter::PositionAt>& at) {
  std::vector<int> out;
  for (const arbiter::PositionAt& p : at) out.push_back(p.ply);
  return out;
}

std::string render(const arbiter::ClaimRuling& r, const char* language) {
  const locale::Messages messages(language);
  std::string out;
  for (const Message& m : r.ruling) {
    if (!out.empty()) out += ' ';
    out += messages.format(m);
  }
  return out;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

nlohmann::json claim_json(const std::vector<std::string>& args, int expected_exit) {
  std::vector<std::string> all = {"claim", "--json"};
  all.insert(all.end(), args.begin(), args.end());
  const test::RunResult run = test::run_notera(all);
  INFO(run.err);
  CHECK(run.exit_code == expected_exit);
  return nlohmann::json::parse(run.out);
}

std::string data(const std::string& name) { return test::data_path("arbiter/" + name).string(); }

}  // namespace

TEST_CASE("claim: threefold by knight shuffles, correct at the third occurrence, incorrect at the second") {
  const arbiter::ClaimRuling third = rule("knights_third.pgn");
  CHECK(third.verdict == arbiter::ClaimVerdict::correct);
  CHECK(third.ground == arbiter::ClaimGround::threefold);
  CHECK(third.claimant == Color::white);
  CHECK(plies(third.occurrences) == std::vector<int>{0, 4, 8});
  CHECK(third.occurrences[1].move_number == 3);
  CHECK(third.paragraphs.front() == "9.2.2");  // 2023 (Danish): "netop er fremkommet"
  CHECK_FALSE(third.must_play);
  CHECK(third.opponent_extra_minutes == 0);
  CHECK(rule("knights_third.pgn", notation::Laws::fide2018).paragraphs.front() == "9.2.1.2");
  CHECK(rule("knights_third.pgn", notation::Laws::fide2009).paragraphs.front() == "9.2 b");

  const arbiter::ClaimRuling second = rule("knights_second.pgn");
  CHECK(second.verdict == arbiter::ClaimVerdict::incorrect);
  CHECK(second.reason == arbiter::ClaimReason::neither);
  CHECK(plies(second.occurrences) == std::vector<int>{2, 6});
  CHECK(second.halfmove_clock == 6);
  CHECK(second.opponent_extra_minutes == 2);
  CHECK_FALSE(second.must_play);  // no intended move: nothing to play
  CHECK(rule("knights_second.pgn", notation::Laws::fide2023, "", arbiter::ClaimGround::threefold).reason ==
        arbiter::ClaimReason::not_repeated);

  // On an intended move: Black writes Sg8, which would repeat the position
  // a third time (the game is in Norwegian letters).
  const arbiter::ClaimRuling intended = rule("knights_nb.txt", notation::Laws::fide2023, "Sg8");
  CHECK(intended.verdict == arbiter::ClaimVerdict::correct);
  REQUIRE(intended.intended);
  CHECK(plies(intended.occurrences) == std::vector<int>{0, 4, 8});
  CHECK(intended.paragraphs.front() == "9.2.1");
  CHECK(rule("knights_nb.txt", notation::Laws::fide2018, "Sg8").paragraphs.front() == "9.2.1.1");
  CHECK(rule("knights_nb.txt", notation::Laws::fide2009, "Sg8").paragraphs.front() == "9.2 a");
}

TEST_CASE("claim: an en-passant right makes positions differ only when the capture is legal (§9.2.2)") {
  // After 1...d5 White could take exd6 e.p.: that position is not the same as
  // the later ones with the same pieces on the same squares.
  const arbiter::ClaimRuling legal = rule("ep_legal.pgn");
  CHECK(legal.verdict == arbiter::ClaimVerdict::incorrect);
  CHECK(plies(legal.occurrences) == std::vector<int>{5, 9});
  REQUIRE(legal.not_same.size() == 1);
  CHECK(legal.not_same[0].at.ply == 1);
  CHECK(legal.not_same[0].why == arbiter::NotSamePosition::Why::en_passant);
  CHECK(contains(render(legal, "en"), "also after 1...d5, but with another possible en passant capture"));
  CHECK(contains(render(legal, "en"), "§9.2.3"));
  CHECK(rule("ep_legal_third.pgn").verdict == arbiter::ClaimVerdict::correct);

  // The same, but the e5 pawn is pinned against its king by the rook on e8:
  // the capture was never possible, so the position after 1...d5 counts.
  const game::Game pinned_game = load_test_game("ep_pinned.pgn");
  const Position after_d5 = pinned_game.start.after(pinned_game.mainline.moves[0].move);
  CHECK(after_d5.ep_square() == d6);
  CHECK_FALSE(after_d5.ep_capturable());
  const arbiter::ClaimRuling pinned = rule("ep_pinned.pgn");
  CHECK(pinned.verdict == arbiter::ClaimVerdict::correct);
  CHECK(plies(pinned.occurrences) == std::vector<int>{1, 5, 9});
  CHECK(pinned.not_same.empty());
}

TEST_CASE("claim: castling rights lost in between make positions differ (§9.2.2)") {
  const arbiter::ClaimRuling lost = rule("castling_lost.pgn");
  CHECK(lost.verdict == arbiter::ClaimVerdict::incorrect);
  CHECK(plies(lost.occurrences) == std::vector<int>{4, 8});
  REQUIRE(lost.not_same.size() == 1);
  CHECK(lost.not_same[0].at.ply == 0);
  CHECK(lost.not_same[0].why == arbiter::NotSamePosition::Why::castling_rights);
  CHECK(contains(render(lost, "en"), "also in the starting position, but with other castling rights"));

  const arbiter::ClaimRuling third = rule("castling_lost_third.pgn");
  CHECK(third.verdict == arbiter::ClaimVerdict::correct);
  CHECK(plies(third.occurrences) == std::vector<int>{4, 8, 12});
}

TEST_CASE("claim: castling rights kept while castling is impossible still give the same position") {
  // Both sides keep all rights, but no castling is possible: f1 and f8 are
  // attacked by the bishops, b1 and b8 are blocked by the knights.
  const game::Game blocked = load_test_game("castling_blocked.pgn");
  MoveList moves;
  generate_legal(blocked.start, moves);
  CHECK(moves.size() > 10);
  for (Move m : moves) CHECK_FALSE(m.is_castling());
  const arbiter::ClaimRuling same = rule("castling_blocked.pgn");
  CHECK(same.verdict == arbiter::ClaimVerdict::correct);
  CHECK(plies(same.occurrences) == std::vector<int>{0, 4, 8});

  // The h1 rook goes away and back: White loses the right to castle short,
  // although that castling was impossible anyway -- the positions differ.
  const arbiter::ClaimRuling moved = rule("castling_blocked_rook_moved.pgn");
  CHECK(moved.verdict == arbiter::ClaimVerdict::incorrect);
  CHECK(plies(moved.occurrences) == std::vector<int>{4, 8});
  REQUIRE(moved.not_same.size() == 1);
  CHECK(moved.not_same[0].why == arbiter::NotSamePosition::Why::castling_rights);
}

TEST_CASE("claim: fifty moves need 100 half-moves, the intended move counts (§9.3)") {
  const arbiter::ClaimRuling short_of =
      rule("fifty_99.pgn", notation::Laws::fide2023, "", arbiter::ClaimGround::fifty_moves);
  CHECK(short_of.verdict == arbiter::ClaimVerdict::incorrect);
  CHECK(short_of.reason == arbiter::ClaimReason::too_few_moves);
  CHECK(short_of.halfmove_clock == 99);
  CHECK(short_of.paragraphs.front() == "9.3.2");
  CHECK(contains(render(short_of, "en"), "only 99 half-moves have been played"));

  const arbiter::ClaimRuling with_move = rule("fifty_99.pgn", notation::Laws::fide2023, "Kf8");
  CHECK(with_move.verdict == arbiter::ClaimVerdict::correct);
  CHECK(with_move.ground == arbiter::ClaimGround::fifty_moves);
  CHECK(with_move.halfmove_clock == 100);
  CHECK(with_move.paragraphs.front() == "9.3.1");
  CHECK(rule("fifty_99.pgn", notation::Laws::fide2009, "Kf8").paragraphs.front() == "9.3 a");

  const arbiter::ClaimRuling played = rule("fifty_100.pgn");
  CHECK(played.verdict == arbiter::ClaimVerdict::correct);
  CHECK(played.ground == arbiter::ClaimGround::fifty_moves);
  CHECK(played.claimant == Color::white);
  CHECK(played.paragraphs.front() == "9.3.2");
  // Claiming threefold on it is still wrong.
  CHECK(rule("fifty_100.pgn", notation::Laws::fide2023, "", arbiter::ClaimGround::threefold).verdict ==
        arbiter::ClaimVerdict::incorrect);
}

TEST_CASE("claim: fivefold repetition and 75 moves draw automatically in 2018 and 2023, not in 2009") {
  for (notation::Laws laws : {notation::Laws::fide2018, notation::Laws::fide2023}) {
    const arbiter::ClaimRuling five = rule("fivefold.pgn", laws);
    CHECK(five.game_over == GameEnd::fivefold_repetition);
    CHECK(five.automatic());
    CHECK(five.verdict == arbiter::ClaimVerdict::correct);
    CHECK(five.game_over_at.ply == 16);
    CHECK(five.paragraphs.front() == "9.6.1");
    CHECK(five.ruling.front().key == "claim.automatic.fivefold_now");

    const arbiter::ClaimRuling seventy_five = rule("seventy_five.pgn", laws);
    CHECK(seventy_five.game_over == GameEnd::seventy_five_moves);
    CHECK(seventy_five.paragraphs.front() == "9.6.2");
    CHECK(seventy_five.ruling.front().key == "claim.automatic.seventy_five_now");
  }
  // Moves after the automatic draw do not count.
  const arbiter::ClaimRuling five_passed = rule("fivefold_passed.pgn");
  CHECK(five_passed.game_over_at.ply == 16);
  CHECK(five_passed.ruling.front().key == "claim.automatic.fivefold_before");
  CHECK(contains(render(five_passed, "en"), "had already been drawn after 8...Ng8"));
  const arbiter::ClaimRuling seventy_five_passed = rule("seventy_five_passed.pgn");
  CHECK(seventy_five_passed.game_over_at.ply == 10);
  CHECK(seventy_five_passed.ruling.front().key == "claim.automatic.seventy_five_before");

  // Before 2014 there are no automatic draws: the claims decide.
  for (notation::Laws laws : {notation::Laws::fide2005, notation::Laws::fide2009}) {
    const arbiter::ClaimRuling five = rule("fivefold.pgn", laws);
    CHECK_FALSE(five.automatic());
    CHECK(five.verdict == arbiter::ClaimVerdict::correct);
    CHECK(five.ground == arbiter::ClaimGround::threefold);
    CHECK(five.occurrences.size() == 5);
    const arbiter::ClaimRuling seventy_five = rule("seventy_five.pgn", laws);
    CHECK_FALSE(seventy_five.automatic());
    CHECK(seventy_five.ground == arbiter::ClaimGround::fifty_moves);
    CHECK(seventy_five.halfmove_clock == 150);
  }
}

TEST_CASE("claim: checkmate on the move that completes 75 moves takes precedence (§9.6.2)") {
  const arbiter::ClaimRuling mate = rule("mate_on_75th.pgn");
  CHECK(mate.game_over == GameEnd::checkmate);
  CHECK_FALSE(mate.automatic());
  CHECK(mate.verdict == arbiter::ClaimVerdict::incorrect);
  CHECK(mate.reason == arbiter::ClaimReason::game_over);
  CHECK(mate.ruling.front().key == "claim.game_over.checkmate_75");
  CHECK(mate.paragraphs == std::vector<std::string>{"5.1.1", "9.6.2"});
  CHECK(contains(render(mate, "en"),
                 "after 100.Ra8# with checkmate, which takes precedence over the 75-move rule"));
  CHECK(rule("mate_on_75th.pgn", notation::Laws::fide2009).ruling.front().key == "claim.game_over.checkmate");

  // The same move count with a quiet move that does not mate: drawn.
  const arbiter::ClaimRuling quiet = rule("quiet_on_75th.pgn");
  CHECK(quiet.game_over == GameEnd::seventy_five_moves);
  CHECK(quiet.verdict == arbiter::ClaimVerdict::correct);
}

TEST_CASE(
    "claim: a wrong claim on an intended move: the move must be played, the opponent gets time (§9.5)") {
  const arbiter::ClaimRuling wrong = rule("knights_second.pgn", notation::Laws::fide2023, "Ng1");
  CHECK(wrong.verdict == arbiter::ClaimVerdict::incorrect);
  CHECK(wrong.must_play);
  CHECK(wrong.opponent_extra_minutes == 2);
  CHECK_FALSE(wrong.claimant_time_reduced);
  CHECK(wrong.paragraphs.back() == "9.5.3");
  const std::string en = render(wrong, "en");
  CHECK(contains(en, "adds 2 minutes to Black's remaining time"));
  CHECK(contains(en, "The intended move 4.Ng1 must be played (§9.5.3)."));

  const arbiter::ClaimRuling wrong2009 = rule("knights_second.pgn", notation::Laws::fide2009, "Ng1");
  CHECK(wrong2009.opponent_extra_minutes == 3);  // "tre minutters tillegg" (9.5 b)
  CHECK(wrong2009.paragraphs.back() == "9.5 b");
  const arbiter::ClaimRuling wrong2005 = rule("knights_second.pgn", notation::Laws::fide2005, "Ng1");
  CHECK(wrong2005.opponent_extra_minutes == 3);
  CHECK(wrong2005.claimant_time_reduced);  // "reducere kravstillerens tid" (9.5)
  CHECK(wrong2005.paragraphs.back() == "9.5");

  // End to end: JSON fields and the exit code.
  const auto j = claim_json({"--game", data("knights_second.pgn"), "--move", "Ng1"}, 1);
  CHECK(j["verdict"] == "incorrect");
  CHECK(j["claim"] == "threefold_or_fifty_moves");
  CHECK(j["must_play"] == true);
  CHECK(j["intended_move"]["san"] == "Ng1");
  CHECK(j["intended_move"]["uci"] == "f3g1");
  CHECK(j["opponent_extra_minutes"] == 2);
  CHECK(j["occurrences"].size() == 2);
  CHECK(j["occurrences"][1] == nlohmann::json{{"move", 4}, {"side", "black"}, {"ply", 7}});

  // The game is in English letters, the claimant writes Norwegian ones:
  // without --lang the move is still read; with --lang en it is not.
  const auto norwegian = claim_json({"--game", data("knights_second.pgn"), "--move", "Sg1"}, 1);
  CHECK(norwegian["intended_move"]["uci"] == "f3g1");
  CHECK(norwegian["must_play"] == true);
  const auto english = claim_json({"--game", data("knights_second.pgn"), "--move", "Sg1", "--lang", "en"}, 1);
  CHECK(english["reason"] == "intended_move_unclear");
  CHECK(english["must_play"] == false);
}

TEST_CASE("claim: an intended move that is illegal or ambiguous cannot found a claim") {
  test::TempDir dir;
  const auto file = dir.write("two_knights.pgn", "1. Nf3 Nf6 2. d3 d6 *\n").string();
  const auto ambiguous = claim_json({"--game", file, "--move", "Nd2"}, 1);
  CHECK(ambiguous["reason"] == "intended_move_ambiguous");
  CHECK(ambiguous["intended_move"].is_null());
  CHECK(ambiguous["candidates"].size() == 2);
  CHECK(ambiguous["must_play"] == false);

  const auto illegal = claim_json({"--game", file, "--move", "Ke2", "--messages", "nb"}, 1);
  CHECK(illegal["reason"] == "intended_move_illegal");
  CHECK(contains(illegal["ruling"].get<std::string>(), "Kravet kan ikke tas til følge"));

  // An incorrect claim all the same: §9.5.3 gives the opponent two minutes
  // (three in 2009, 9.5 b), and the move cannot be made as written.
  for (const auto& [laws, minutes] : {std::pair{"2023", 2}, std::pair{"2009", 3}}) {
    for (const char* move : {"Ke2", "Nd2", "Zz9"}) {
      CAPTURE(move);
      const auto j = claim_json({"--game", file, "--move", move, "--laws", laws}, 1);
      CHECK(j["verdict"] == "incorrect");
      CHECK(j["opponent_extra_minutes"] == minutes);
      CHECK(j["must_play"] == false);
      CHECK(contains(j["ruling"].get<std::string>(), "cannot be made as written"));
    }
  }
  // Moves in a ruling are in the letters of the message language.
  const auto two =
      dir.write("amb2.pgn", "[FEN \"4k3/7p/8/8/8/5N2/8/1N2K3 w - - 0 30\"]\n[SetUp \"1\"]\n\n*\n");
  const auto nb =
      claim_json({"--game", two.string(), "--move", "Sd2", "--lang", "nb", "--messages", "nb"}, 1);
  CHECK(contains(nb["ruling"].get<std::string>(), "Sbd2, Sfd2"));
  CHECK_FALSE(contains(nb["ruling"].get<std::string>(), "Nbd2"));
  CHECK(nb["candidates"][0]["san"] == "Nbd2");  // JSON keeps SAN
}

TEST_CASE("claim: an intended move read in other notations is not merged into one reading") {
  test::TempDir dir;
  // Two knights reach d2; in Turkish S is the king, which reaches d2 too.
  const auto file =
      dir.write("amb2.pgn", "[FEN \"4k3/7p/8/8/8/5N2/8/1N2K3 w - - 0 30\"]\n[SetUp \"1\"]\n\n*\n").string();
  // A Norwegian arbiter reads S as the knight: ambiguous, an incorrect claim.
  const auto nb = claim_json({"--game", file, "--move", "Sd2", "--messages", "nb"}, 1);
  CHECK(nb["verdict"] == "incorrect");
  CHECK(nb["reason"] == "intended_move_ambiguous");
  // An English arbiter cannot tell: a Turkish player declared Kd2.
  const auto en = claim_json({"--game", file, "--move", "Sd2", "--messages", "en"}, 1);
  CHECK(en["verdict"] == "undecided");
  CHECK(en["reason"] == "intended_move_depends_on_language");
  CHECK(en["opponent_extra_minutes"] == 0);
  CHECK(contains(en["ruling"].get<std::string>(), "Kd2 (tr)"));
  CHECK(contains(en["ruling"].get<std::string>(), "--lang"));
  // The player's notation given: the Turkish king move, legal.
  CHECK(claim_json({"--game", file, "--move", "Sd2", "--lang", "tr"}, 1)["intended_move"]["uci"] == "e1d2");
}

TEST_CASE("claim: the command: JSON fields, exit codes, usage errors") {
  const auto j = claim_json({"--game", data("knights_third.pgn")}, 0);
  for (const char* field : {"claim", "verdict", "occurrences", "halfmove_clock", "automatic", "intended_move",
                            "must_play", "ruling", "paragraph"})
    CHECK_MESSAGE(j.contains(field), field);
  CHECK(j["claim"] == "threefold");
  CHECK(j["verdict"] == "correct");
  CHECK(j["automatic"].is_null());
  CHECK(j["intended_move"].is_null());
  CHECK(j["occurrences"][0] == nlohmann::json{{"move", 1}, {"side", "white"}, {"ply", 0}});
  CHECK(j["paragraph"] == "9.2.2");
  CHECK(j["halfmove_clock"] == 8);

  const auto automatic = claim_json({"--game", data("seventy_five.pgn"), "--laws", "2018"}, 0);
  CHECK(automatic["automatic"] == "seventy_five_moves");
  CHECK(automatic["game_over_at"]["ply"] == 10);

  const test::RunResult human =
      test::run_notera({"claim", "--game", data("knights_third.pgn"), "--messages", "sv"});
  CHECK(human.exit_code == 0);
  CHECK(human.out ==
        "Kravet är korrekt och partiet är remi: ställningen med vit vid draget har uppstått 3 gånger "
        "(i utgångsställningen, efter 2...Sg8 och efter 4...Sg8) (FIDE:s schackregler 2023, § 9.2.2).\n");

  CHECK(test::run_notera({"claim", "--game", data("no_such_game.pgn")}).exit_code == 2);
  CHECK(test::run_notera({"claim", "--game", data("knights_third.pgn"), "--laws", "1999"}).exit_code == 2);
  CHECK(test::run_notera({"claim", "--game", data("knights_third.pgn"), "--rule", "perpetual"}).exit_code ==
        2);
  CHECK(test::run_notera({"claim"}).exit_code == 2);
  const test::RunResult bad =
      test::run_notera({"claim", "--game", data("no_such_game.pgn"), "--messages", "da"});
  CHECK(contains(bad.err, "kan ikke åbne"));
}

TEST_CASE("claim: rulings read naturally in nb, sv, da, de and en") {
  // The rulings of the other tests, with moves in each language's letters.
  struct Rulings {
    arbiter::ClaimRuling correct, wrong, fifty, seventy_five, five, mate, ep, castling, wrong2005;
  };
  auto rulings = [](const std::string& language) {
    auto r = [&language](const std::string& name, notation::Laws laws = notation::Laws::fide2023,
                         const std::string& move = "") {
      return rule(name, laws, move, arbiter::ClaimGround::either, language);
    };
    return Rulings{r("knights_third.pgn"),
                   r("knights_second.pgn", notation::Laws::fide2023, "Ng1"),
                   r("fifty_100.pgn"),
                   r("seventy_five.pgn"),
                   r("fivefold_passed.pgn"),
                   r("mate_on_75th.pgn"),
                   r("ep_legal.pgn"),
                   r("castling_lost.pgn"),
                   r("knights_second.pgn", notation::Laws::fide2005, "Ng1")};
  };
  const Rulings en = rulings("en"), nb = rulings("nb"), sv = rulings("sv"), da = rulings("da"),
                de = rulings("de");
  const arbiter::ClaimRuling &correct = en.correct, &wrong = en.wrong, &fifty = en.fifty,
                             &seventy_five = en.seventy_five, &five = en.five, &mate = en.mate, &ep = en.ep,
                             &castling = en.castling, &wrong2005 = en.wrong2005;

  struct Expected {
    const char* language;
    std::vector<std::pair<const arbiter::ClaimRuling*, std::vector<std::string>>> words;
  };
  const std::vector<Expected> expected = {
      {"en",
       {{&correct,
         {"The claim is correct and the game is drawn", "has occurred 3 times", "in the starting position"}},
        {&wrong, {"The claim is incorrect", "would occur only 2 times", "2 minutes", "must be played"}},
        {&fifty, {"the last 50 moves by each player", "without any capture", "§9.3.2"}},
        {&seventy_five, {"drawn without a claim", "75 moves"}},
        {&five, {"fifth time", "do not count"}},
        {&mate, {"checkmate", "75-move rule"}},
        {&ep, {"en passant", "not the same"}},
        {&castling, {"castling rights"}},
        {&wrong2005, {"reduces White's time", "3 minutes"}}}},
      {"nb",
       {{&nb.correct,
         {"Kravet er korrekt, og partiet er remis", "har oppstått 3 ganger", "i utgangsstillingen",
          "etter 2...Sg8", "FIDEs regler for sjakk 2023, § 9.2.2"}},
        {&nb.wrong,
         {"Kravet er ukorrekt", "ville bare oppstå 2 ganger",
          "Turneringslederen gir svart 2 minutter ekstra betenkningstid",
          "Det tiltenkte trekket 4.Sg1 må utføres"}},
        {&nb.fifty, {"de siste 50 trekkene fra begge spillere", "uten bondetrekk og uten slag av brikke"}},
        {&nb.seventy_five, {"remis uten krav", "75 trekk"}},
        {&nb.five, {"for femte gang", "teller ikke"}},
        {&nb.mate, {"matt", "75-trekksregelen"}},
        {&nb.ep, {"slå en passant", "ikke de samme"}},
        {&nb.castling, {"rokaderettigheter"}},
        {&nb.wrong2005, {"reduserer tiden til hvit", "3 minutter"}}}},
      {"sv",
       {{&sv.correct,
         {"Kravet är korrekt och partiet är remi", "har uppstått 3 gånger", "i utgångsställningen",
          "FIDE:s schackregler 2023"}},
        {&sv.wrong,
         {"Kravet är felaktigt", "skulle bara uppstå 2 gånger",
          "Domaren lägger till 2 minuter till svarts återstående betänketid",
          "Det avsedda draget 4.Sg1 måste utföras"}},
        {&sv.fifty,
         {"de senaste 50 dragen av båda spelarna", "utan att någon bonde flyttats eller pjäs slagits"}},
        {&sv.seventy_five, {"remi utan krav", "75 drag"}},
        {&sv.five, {"för femte gången", "räknas inte"}},
        {&sv.mate, {"schack matt", "75-dragsregeln"}},
        {&sv.ep, {"slag en passant", "inte desamma"}},
        {&sv.castling, {"rockadrättigheter"}},
        {&sv.wrong2005, {"minskar vits tid"}}}},
      {"da",
       {{&da.correct,
         {"Kravet er korrekt, og partiet er remis", "er fremkommet 3 gange", "i udgangsstillingen",
          "FIDEs regler for skak 2023"}},
        {&da.wrong,
         {"Kravet er ukorrekt", "ville kun fremkomme 2 gange",
          "Dommeren tillægger 2 minutter til sorts resterende tid",
          "Det tilsigtede træk 4.Sg1 skal udføres"}},
        {&da.fifty, {"de sidste 50 træk af hver spiller", "uden at nogen brik er slået"}},
        {&da.seventy_five, {"remis uden krav", "75 træk"}},
        {&da.five, {"for femte gang", "tæller ikke"}},
        {&da.mate, {"skakmat", "75-træksreglen"}},
        {&da.ep, {"slå en passant", "ikke de samme"}},
        {&da.castling, {"rokaderettigheder"}},
        {&da.wrong2005, {"reducerer hvids tid"}}}},
      {"de",
       {{&de.correct,
         {"Die Reklamation ist berechtigt, die Partie ist remis", "ist 3-mal entstanden",
          "in der Ausgangsstellung"}},
        {&de.wrong,
         {"Die Reklamation ist unberechtigt", "Der Schiedsrichter schreibt Schwarz 2 Minuten Bedenkzeit gut",
          "Der beabsichtigte Zug 4.Sg1 muss ausgeführt werden"}},
        {&de.fifty, {"ohne Bauernzug und ohne Schlagen einer Figur"}},
        {&de.five, {"zum fünften Mal"}},
        {&de.mate, {"Schachmatt", "75-Züge-Regel"}},
        {&de.castling, {"Rochaderechten"}}}},
  };
  for (const Expected& e : expected) {
    for (const auto& [ruling, words] : e.words) {
      const std::string text = render(*ruling, e.language);
      CAPTURE(e.language);
      CAPTURE(text);
      // Nothing left unrendered: no raw keys, no braces.
      CHECK_FALSE(contains(text, "claim."));
      CHECK_FALSE(contains(text, "{"));
      for (const std::string& w : words) CHECK_MESSAGE(contains(text, w), w);
    }
  }
}
