// notera claim --game FILE [--move TEXT] [--rule threefold|fifty-moves]
//              [--lang L] [--laws Y] [--json]
// The arbiter's ruling on a draw claim by threefold repetition (FIDE §9.2)
// or the fifty-move rule (§9.3), made on the final position of the game or
// on an intended move written on the scoresheet, and the automatic draws of
// §9.6 (2018/2023). Exit 0 when the claim is correct (the game is drawn), 1
// when it is not, 2 for usage errors and games that cannot be read.
#include <iostream>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "notera/arbiter/claim.hpp"
#include "notera/core/fen.hpp"
#include "notera/core/san.hpp"
#include "notera/core/uci.hpp"
#include "notera/notation/letters.hpp"

namespace notera::cli {

namespace {

struct ClaimOptions {
  std::string game;
  std::string move;
  std::string rule = "either";
  std::string language = "auto";
  std::string laws = "2023";
  bool json = false;
};

nlohmann::json place_json(const arbiter::PositionAt& at) {
  return {{"move", at.move_number},
          {"side", at.side_to_move == Color::white ? "white" : "black"},
          {"ply", at.ply}};
}

int run_claim(Context& context, const ClaimOptions& options) {
  const auto language = language_option(context, options.language);
  if (!language) return exit_usage;
  const auto laws = laws_option(context, options.laws);
  if (!laws) return exit_usage;
  const auto ground = arbiter::parse_claim_ground(options.rule);
  if (!ground) {
    context.error(Message("cli.claim.unknown_rule").with("rule", options.rule));
    return exit_usage;
  }

  int failed = exit_usage;
  const auto loaded =
      load_game_option(context, options.game, *language, *laws, options.json,
                       Message("cli.claim.game_incomplete").with("file", options.game), failed);
  if (!loaded) return failed;
  const game::Game* game = &loaded->game;

  const notation::LetterTable& letters = notation::LetterTable::instance();
  arbiter::DrawClaim claim;
  claim.laws = *laws;
  claim.ground = *ground;
  claim.intended_move = options.move;
  // The claimant writes the intended move in the notation of the scoresheet.
  claim.reading.language = loaded->move_language;
  claim.reading.other_languages = loaded->other_languages;
  claim.reading.preferred = reader_languages(context);
  // Moves in the ruling: in the letters of the message language when it has
  // some, else in those of the game.
  const std::string& message_language = context.messages().language();
  claim.move_language = letters.language_index(message_language) >= 0 ? message_language
                        : !game->language.empty()                     ? game->language
                                                                      : "en";

  const arbiter::ClaimRuling r = judge_draw_claim(*game, claim);
  std::string ruling;
  for (const Message& sentence : r.ruling) {
    if (!ruling.empty()) ruling += ' ';
    ruling += context.format(sentence);
  }

  if (options.json) {
    nlohmann::json j;
    j["claim"] = std::string(to_string(r.ground));
    j["verdict"] = std::string(to_string(r.verdict));
    j["reason"] = std::string(to_string(r.reason));
    j["claimant"] = r.claimant == Color::white ? "white" : "black";
    j["occurrences"] = nlohmann::json::array();
    for (const arbiter::PositionAt& at : r.occurrences) j["occurrences"].push_back(place_json(at));
    j["repetitions"] = r.occurrences.size();
    j["not_same"] = nlohmann::json::array();
    for (const arbiter::NotSamePosition& n : r.not_same) {
      nlohmann::json e = place_json(n.at);
      e["why"] = n.why == arbiter::NotSamePosition::Why::castling_rights ? "castling_rights" : "en_passant";
      j["not_same"].push_back(e);
    }
    j["halfmove_clock"] = r.halfmove_clock;
    j["automatic"] =
        r.automatic() ? nlohmann::json(std::string(to_string(r.game_over))) : nlohmann::json(nullptr);
    j["game_over"] = r.game_over != GameEnd::none ? nlohmann::json(std::string(to_string(r.game_over)))
                                                  : nlohmann::json(nullptr);
    j["game_over_at"] = r.game_over != GameEnd::none ? place_json(r.game_over_at) : nlohmann::json(nullptr);
    if (r.intended)
      j["intended_move"] = {{"san", to_san(r.before, *r.intended)}, {"uci", to_uci(r.before, *r.intended)}};
    else
      j["intended_move"] = nullptr;
    if (!r.intended_candidates.empty()) {
      j["candidates"] = nlohmann::json::array();
      for (Move m : r.intended_candidates)
        j["candidates"].push_back({{"san", to_san(r.before, m)}, {"uci", to_uci(r.before, m)}});
    }
    j["must_play"] = r.must_play;
    j["opponent_extra_minutes"] = r.opponent_extra_minutes;
    j["claimant_time_reduced"] = r.claimant_time_reduced;
    j["fen"] = write_fen(r.claimed);
    j["laws"] = std::string(to_string(r.laws));
    j["paragraph"] = r.paragraphs.empty() ? "" : r.paragraphs.front();
    j["paragraphs"] = r.paragraphs;
    j["ruling"] = ruling;
    std::cout << j.dump() << '\n';
  } else {
    std::cout << ruling << '\n';
  }
  return r.verdict == arbiter::ClaimVerdict::correct ? exit_ok : exit_problems;
}

}  // namespace

Command add_claim_command(CLI::App& app, Context& context) {
  auto options = std::make_shared<ClaimOptions>();
  CLI::App* command = app.add_subcommand("claim", context.text("cli.claim.description"));
  command->add_option("--game", options->game, context.text("cli.arbiter.game"))->required();
  command->add_option("--move", options->move, context.text("cli.claim.move"));
  command->add_option("--rule", options->rule, context.text("cli.claim.rule"));
  command->add_option("--lang", options->language, context.text("cli.option.lang"));
  command->add_option("--laws", options->laws, context.text("cli.option.laws"));
  command->add_flag("--json", options->json, context.text("cli.option.json"));
  add_messages_option(*command, context);
  return {command, [&context, options] { return run_claim(context, *options); }};
}

}  // namespace notera::cli
