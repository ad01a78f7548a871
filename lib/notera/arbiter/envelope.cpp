#include "notera/arbiter/envelope.hpp"

#include <array>
#include <charconv>

#include "notera/core/fen.hpp"

namespace notera::arbiter {

namespace {

std::string_view side_name(Color c) { return c == Color::white ? "white" : "black"; }

std::optional<Color> parse_side(std::string_view text) {
  if (text == "white" || text == "w") return Color::white;
  if (text == "black" || text == "b") return Color::black;
  return std::nullopt;
}

// A tag value that says something ("?" and "" say nothing in PGN).
std::string known_tag(const game::Game& game, std::string_view name) {
  const auto value = game.tag(name);
  if (!value || value->empty() || *value == "?" || *value == "-") return {};
  return std::string(*value);
}

std::string trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return std::string(s);
}

// The FEN's castling field as written for `pos` ("KQkq", "-", "HAha").
std::string castling_field(const Position& pos) {
  const std::string fen = write_fen(pos);
  const std::size_t a = fen.find(' ');
  const std::size_t b = fen.find(' ', a + 1);
  const std::size_t c = fen.find(' ', b + 1);
  return fen.substr(b + 1, c - b - 1);
}

// The square of a legal en-passant capture, or "-" (FIDE §9.2.2: only a
// capture that is possible makes a difference).
std::string en_passant_field(const Position& pos) {
  if (!pos.ep_capturable() || pos.ep_square() == no_square) return "-";
  return {file_char(file_of(pos.ep_square())), rank_char(rank_of(pos.ep_square()))};
}

Message square_content(const Position& pos, Square s) {
  if (pos.empty(s)) return Message("envelope.empty_square");
  const Piece p = pos.piece_on(s);
  return Message("envelope.piece").with("color", side_name(color_of(p))).with("piece", name_of(type_of(p)));
}

EnvelopeProblem problem(std::string field, Message message) { return {std::move(field), std::move(message)}; }

Message missing(std::string_view what) { return Message("envelope.check.missing").with("what", what); }

}  // namespace

std::string_view envelope_section(notation::Laws laws) {
  switch (laws) {
    case notation::Laws::fide2005: return "A2";
    case notation::Laws::fide2009: return "2";
    case notation::Laws::fide2018: return "E.2";
    case notation::Laws::fide2023: break;
  }
  return "I.2";
}

std::string envelope_paragraph(notation::Laws laws, int item) {
  // 2005 (Danish, A2 a-g) and 2009 (Norwegian, point 2 a-g) letter the items;
  // 2018 (Swedish, E.2.1-7) and 2023 (Danish, I.2.1-7) number them.
  const char letter = static_cast<char>('a' + item - 1);
  switch (laws) {
    case notation::Laws::fide2005: return std::string("A2 ") + letter;
    case notation::Laws::fide2009: return std::string("2 ") + letter;
    case notation::Laws::fide2018: return "E.2." + std::to_string(item);
    case notation::Laws::fide2023: break;
  }
  return "I.2." + std::to_string(item);
}

std::optional<int> parse_time_used(std::string_view text) {
  const std::string t = trimmed(text);
  std::array<int, 3> parts{};
  int count = 0;
  std::size_t at = 0;
  while (true) {
    const std::size_t colon = t.find(':', at);
    const std::string_view part =
        std::string_view(t).substr(at, colon == std::string::npos ? std::string::npos : colon - at);
    if (part.empty() || count == 3) return std::nullopt;
    int value = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (ec != std::errc() || end != part.data() + part.size() || value < 0) return std::nullopt;
    // Minutes and seconds after a colon are written with two digits.
    if (count > 0 && (part.size() != 2 || value > 59)) return std::nullopt;
    parts[static_cast<std::size_t>(count++)] = value;
    if (colon == std::string::npos) break;
    at = colon + 1;
  }
  if (count == 1) return parts[0] > 1000 ? std::nullopt : std::optional<int>(parts[0] * 60);  // minutes alone
  if (parts[0] > 24) return std::nullopt;
  return parts[0] * 3600 + parts[1] * 60 + (count == 3 ? parts[2] : 0);
}

std::string format_time_used(int seconds) {
  const int h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60;
  std::string out = std::to_string(h) + ':' + (m < 10 ? "0" : "") + std::to_string(m);
  if (s) out += std::string(":") + (s < 10 ? "0" : "") + std::to_string(s);
  return out;
}

EnvelopeRecord make_envelope(const game::Game& game, const EnvelopeInput& input) {
  EnvelopeRecord r;
  r.laws = input.laws;
  r.white = !input.white.empty() ? input.white : known_tag(game, "White");
  r.black = !input.black.empty() ? input.black : known_tag(game, "Black");
  r.event = !input.event.empty() ? input.event : known_tag(game, "Event");
  r.site = !input.site.empty() ? input.site : known_tag(game, "Site");
  r.round = !input.round.empty() ? input.round : known_tag(game, "Round");
  r.board = !input.board.empty() ? input.board : known_tag(game, "Board");
  r.position = game.final_position();
  r.fen = write_fen(r.position);
  r.white_seconds_used = input.white_seconds_used;
  r.black_seconds_used = input.black_seconds_used;
  r.sealed_by = r.position.side_to_move();
  r.sealed_move_number = r.position.fullmove_number();
  if (input.draw_offer_by) {
    r.draw_offer_by = input.draw_offer_by;
  } else if (!input.no_draw_offer && !game.mainline.moves.empty() && game.mainline.moves.back().draw_offer) {
    // (=) after the last move: made by the player who moved last, the
    // opponent of the one who seals, and not yet answered.
    r.draw_offer_by = ~r.sealed_by;
  }
  r.resume_date = input.resume_date;
  r.resume_time = input.resume_time;
  r.resume_place = input.resume_place;
  return r;
}

std::vector<EnvelopeProblem> check_envelope(const FilledEnvelope& record, const game::Game& game,
                                            notation::Laws laws) {
  std::vector<EnvelopeProblem> problems;
  EnvelopeInput input;
  input.laws = laws;
  const EnvelopeRecord expected = make_envelope(game, input);
  const Position& final = expected.position;

  // 1. The players' names (checked against the tags when the game has them).
  for (Color c : {Color::white, Color::black}) {
    const auto& name = c == Color::white ? record.white : record.black;
    const std::string field(side_name(c));
    if (!name || trimmed(*name).empty()) {
      problems.push_back(problem(field, missing(field)));
    } else if (!expected.name_of(c).empty() && trimmed(*name) != expected.name_of(c)) {
      problems.push_back(problem(field, Message("envelope.check.player")
                                            .with("side", side_name(c))
                                            .with("record", trimmed(*name))
                                            .with("game", expected.name_of(c))));
    }
  }

  // 2. The position immediately before the sealed move.
  if (!record.fen || trimmed(*record.fen).empty()) {
    problems.push_back(problem("fen", missing("position")));
  } else if (FenResult read = read_fen(trimmed(*record.fen), final.is_chess960()); !read) {
    problems.push_back(problem("fen", Message("envelope.check.bad_fen")
                                          .with("column", read.error.column)
                                          .with("reason", read.error.message)));
  } else {
    const Position& pos = *read.position;
    for (int rank = 7; rank >= 0; --rank) {
      for (int file = 0; file < 8; ++file) {
        const Square s = make_square(file, rank);
        if (pos.piece_on(s) == final.piece_on(s)) continue;
        problems.push_back(problem("fen", Message("envelope.check.square")
                                              .with("square", std::string{file_char(file), rank_char(rank)})
                                              .with("record", square_content(pos, s))
                                              .with("game", square_content(final, s))));
      }
    }
    if (pos.side_to_move() != final.side_to_move())
      problems.push_back(problem("fen", Message("envelope.check.fen_side")
                                            .with("record", side_name(pos.side_to_move()))
                                            .with("game", side_name(final.side_to_move()))));
    if (castling_field(pos) != castling_field(final))
      problems.push_back(problem("fen", Message("envelope.check.castling")
                                            .with("record", castling_field(pos))
                                            .with("game", castling_field(final))));
    if (en_passant_field(pos) != en_passant_field(final))
      problems.push_back(problem("fen", Message("envelope.check.en_passant")
                                            .with("record", en_passant_field(pos))
                                            .with("game", en_passant_field(final))));
    // The counters matter after resumption: the move number for the
    // scoresheets, the halfmove clock for §9.3 and §9.6.2.
    if (pos.halfmove_clock() != final.halfmove_clock())
      problems.push_back(problem("fen", Message("envelope.check.fen_halfmove_clock")
                                            .with("record", pos.halfmove_clock())
                                            .with("game", final.halfmove_clock())));
    if (pos.fullmove_number() != final.fullmove_number())
      problems.push_back(problem("fen", Message("envelope.check.fen_move_number")
                                            .with("record", pos.fullmove_number())
                                            .with("game", final.fullmove_number())));
  }

  // 3. The time used by each player: required, and a time.
  for (Color c : {Color::white, Color::black}) {
    const auto& time = c == Color::white ? record.white_time_used : record.black_time_used;
    const std::string field = std::string("time_used.") + std::string(side_name(c));
    if (!time || trimmed(*time).empty())
      problems.push_back(problem(field, missing(c == Color::white ? "time_white" : "time_black")));
    else if (!parse_time_used(*time))
      problems.push_back(problem(field, Message("envelope.check.bad_time").with("value", *time)));
  }

  // 4. Who sealed: the player to move.
  if (!record.sealed_by || trimmed(*record.sealed_by).empty()) {
    problems.push_back(problem("sealed_by", missing("sealed_by")));
  } else if (const auto side = parse_side(trimmed(*record.sealed_by)); !side) {
    problems.push_back(
        problem("sealed_by", Message("envelope.check.bad_side").with("value", *record.sealed_by)));
  } else if (*side != expected.sealed_by) {
    problems.push_back(problem("sealed_by", Message("envelope.check.sealed_by")
                                                .with("record", side_name(*side))
                                                .with("game", side_name(expected.sealed_by))));
  }
  if (record.sealed_by_name && !trimmed(*record.sealed_by_name).empty() &&
      !expected.name_of(expected.sealed_by).empty() &&
      trimmed(*record.sealed_by_name) != expected.name_of(expected.sealed_by))
    problems.push_back(problem("sealed_by_name", Message("envelope.check.sealer_name")
                                                     .with("record", trimmed(*record.sealed_by_name))
                                                     .with("game", expected.name_of(expected.sealed_by))
                                                     .with("side", side_name(expected.sealed_by))));

  // 5. The number of the sealed move.
  if (!record.sealed_move_number) {
    problems.push_back(problem("sealed_move_number", missing("move_number")));
  } else if (*record.sealed_move_number != expected.sealed_move_number) {
    problems.push_back(problem("sealed_move_number",
                               Message("envelope.check.move_number")
                                   .with("record", static_cast<std::int64_t>(*record.sealed_move_number))
                                   .with("game", expected.sealed_move_number)
                                   .with("side", side_name(expected.sealed_by))));
  }

  // 6. A draw offer that stands: one written (=) on the last move must be on
  // the envelope. An offer the game does not show may have been made at the
  // adjournment, so it is not a mistake.
  std::optional<Color> offer;
  if (record.draw_offer_by) {
    offer = parse_side(trimmed(*record.draw_offer_by));
    if (!offer)
      problems.push_back(
          problem("draw_offer", Message("envelope.check.bad_side").with("value", *record.draw_offer_by)));
  }
  if (expected.draw_offer_by && (!record.draw_offer_by || (offer && *offer != *expected.draw_offer_by)))
    problems.push_back(
        problem("draw_offer", Message("envelope.check.draw_offer")
                                  .with("record", record.draw_offer_by && offer ? side_name(*offer) : "none")
                                  .with("game", side_name(*expected.draw_offer_by))));

  // 7. Date, time and place of resumption.
  const std::pair<const std::optional<std::string>*, const char*> resumption[] = {
      {&record.resume_date, "resume_date"},
      {&record.resume_time, "resume_time"},
      {&record.resume_place, "resume_place"}};
  for (const auto& [value, what] : resumption) {
    if (!*value || trimmed(**value).empty())
      problems.push_back(problem(std::string("resumption.") + (what + 7), missing(what)));
  }
  return problems;
}

}  // namespace notera::arbiter
