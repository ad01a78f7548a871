// The sealed-move envelope of an adjourned game (FIDE: 2005 Appendix A.2,
// 2009 Guidelines for adjourned games point 2, 2018 Appendix E.2, 2023
// Guidelines I.2). The envelope must carry:
//   1. the names of the players,
//   2. the position immediately before the sealed move,
//   3. the time used by each player,
//   4. the name of the player who sealed the move,
//   5. the number of the sealed move,
//   6. a draw offer, if the offer is current,
//   7. the date, time and place of resumption of the game.
// The position before the sealed move is the final position of the game so
// far; the player to move there is the one who seals.
//
// check_envelope() compares a filled-in record with the game, field by
// field, so an arbiter can verify an envelope before it is stored (I.3: "the
// arbiter is responsible for checking the accuracy of the information").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notera/base/message.hpp"
#include "notera/core/position.hpp"
#include "notera/game/game.hpp"
#include "notera/notation/laws.hpp"

namespace notera::arbiter {

// What the arbiter adds to the game for the envelope; anything left empty
// comes from the game's tags where it can.
struct EnvelopeInput {
  notation::Laws laws = notation::default_laws;
  std::string white, black;  // names; default: the White/Black tags
  std::string event, site, round, board;
  std::optional<int> white_seconds_used, black_seconds_used;
  // A standing draw offer and who made it. Default: a (=) on the last move
  // of the game (an earlier offer was declined by the reply, FIDE §9.1).
  std::optional<Color> draw_offer_by;
  bool no_draw_offer = false;  // overrides a (=) read from the game
  std::string resume_date, resume_time, resume_place;
};

struct EnvelopeRecord {
  notation::Laws laws = notation::default_laws;
  std::string white, black;
  std::string event, site, round, board;
  Position position;  // immediately before the sealed move
  std::string fen;
  std::optional<int> white_seconds_used, black_seconds_used;
  Color sealed_by = Color::white;  // the player to move
  int sealed_move_number = 1;
  std::optional<Color> draw_offer_by;
  std::string resume_date, resume_time, resume_place;

  const std::string& name_of(Color c) const { return c == Color::white ? white : black; }
  std::optional<int> seconds_used(Color c) const {
    return c == Color::white ? white_seconds_used : black_seconds_used;
  }
};

EnvelopeRecord make_envelope(const game::Game& game, const EnvelopeInput& input);

// Where each of the seven items of the envelope is in the chosen edition:
// item 1..7 -> "I.2.1" (2023), "E.2.1" (2018), "2 a" (2009), "A2 a" (2005).
std::string envelope_paragraph(notation::Laws laws, int item);
// The paragraph listing them all: "I.2", "E.2", "2", "A2".
std::string_view envelope_section(notation::Laws laws);

// Time used as people write it on an envelope: "h:mm" or "h:mm:ss" (also
// "mm" alone as minutes); nullopt when it is not a time.
std::optional<int> parse_time_used(std::string_view text);
// "1:52" or "1:52:07".
std::string format_time_used(int seconds);

// A filled-in record as read back (from the JSON that `notera envelope
// --json` writes, possibly edited by hand): every field optional, values as
// written, so that each mistake can be reported as such.
struct FilledEnvelope {
  std::optional<std::string> white, black;
  std::optional<std::string> fen;
  std::optional<std::string> sealed_by;       // "white" / "black"
  std::optional<std::string> sealed_by_name;  // a player's name
  std::optional<long long> sealed_move_number;
  std::optional<std::string> white_time_used, black_time_used;
  std::optional<std::string> draw_offer_by;  // "white" / "black"; nullopt = no offer
  std::optional<std::string> resume_date, resume_time, resume_place;
};

// One disagreement between a record and the game (or a required item
// missing): the record's field name as in the JSON ("fen", "sealed_by", ...)
// and what is wrong, in words.
struct EnvelopeProblem {
  std::string field;
  Message message;
};

std::vector<EnvelopeProblem> check_envelope(const FilledEnvelope& record, const game::Game& game,
                                            notation::Laws laws);

}  // namespace notera::arbiter
