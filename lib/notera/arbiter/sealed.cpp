#include "notera/arbiter/sealed.hpp"

#include "notera/core/movegen.hpp"
#include "notera/core/san.hpp"

namespace notera::arbiter {

namespace {

// How the game ended by the position alone, per the edition: the automatic
// draws of §9.6 exist only from 2014.
GameEnd position_end(const Position& pos, const PositionHistory& history, notation::Laws laws) {
  return game_end(pos, history, has_automatic_draws(laws));
}

// A paragraph of the chosen edition, as a message ("Guidelines I.8.1").
// `clause`: ambiguous, unclear, illegal, exceptions, ends_game, legal.
Message paragraph_of(notation::Laws laws, std::string_view clause) {
  return Message("sealed.paragraph").with("edition", std::string(to_string(laws))).with("clause", clause);
}

}  // namespace

SealedRuling rule_on_sealed_move(const Position& before, const PositionHistory& history,
                                 std::string_view text, const SealedOptions& options) {
  SealedRuling s;
  notation::ResolveOptions resolve_options;
  resolve_options.language = options.language;
  resolve_options.preferred = options.preferred;
  resolve_options.other_languages = options.other_languages;
  // The letters mean what they mean in the player's language: no second
  // reading with English meanings for letters that clash.
  resolve_options.foreign_letters = false;
  static_cast<notation::MoveJudgement&>(s) = judge_written_move(before, text, resolve_options, options.laws);
  const notation::Resolution& r = s.reading.resolution;
  s.game_over = position_end(before, history, options.laws);
  const std::string edition(to_string(options.laws));

  // Only a move made in a game still going on can end it (cli.md: ends_game
  // is the sealed move's own end; game_over says how it had ended before).
  if (s.verdict == notation::Verdict::legal && s.game_over == GameEnd::none) {
    PositionHistory next = history;
    next.push(s.after);
    s.ends_game = position_end(s.after, next, options.laws);
  }

  if (s.game_over != GameEnd::none) {
    // FIDE §5 and §9.6: the game was over; the envelope cannot change that.
    s.paragraph = paragraph_of(options.laws, "exceptions");
    s.ruling = Message("sealed.ruling.game_over")
                   .with("text", text)
                   .with("how", std::string(to_string(s.game_over)))
                   .with("paragraph", s.paragraph);
    return s;
  }

  const std::string side = before.side_to_move() == Color::white ? "white" : "black";
  switch (s.verdict) {
    case notation::Verdict::legal: {
      // The move as the player's own notation writes it (the JSON has SAN).
      const int language = r.language >= 0 ? r.language : notation::LetterTable::english;
      const std::string san = to_san(before, r.move, notation::LetterTable::instance().style(language));
      if (s.reading.legal_in_one_notation()) {
        // Only a notation outside the first tier reads a legal move: in the
        // player's own it may fit none, which the arbiter must establish.
        notation::LanguageMask read_so = 0, others = 0;
        for (const notation::LanguageReading& l : s.reading.by_language)
          (l.moves.empty() ? others : read_so) |= l.languages;
        s.paragraph = paragraph_of(options.laws, "language");
        const int letters =
            options.message_letters >= 0 ? options.message_letters : notation::LetterTable::english;
        s.ruling = Message("sealed.ruling.legal_in_one_notation")
                       .with("text", text)
                       .with("san", to_san(before, r.move, notation::LetterTable::instance().style(letters)))
                       .with("languages", notation::language_codes(read_so))
                       .with("others", notation::language_codes(others))
                       .with("paragraph", s.paragraph);
      } else if (s.ends_game != GameEnd::none) {
        // 2009 point 10 separates a sealed move that wins (10a) from one that
        // draws (10b); the other editions have one paragraph for both.
        const bool draw = s.ends_game != GameEnd::checkmate;
        s.paragraph = paragraph_of(options.laws, draw ? "ends_game_draw" : "ends_game");
        // "Df7 ends the game", not "Df7 is Df7 and ...": the move is named
        // once when it is written as the ruling writes it (marks aside).
        const std::string_view bare = std::string_view(san).substr(0, san.find_first_of("+#"));
        const std::size_t first = text.find_first_not_of(' '), last = text.find_last_not_of(' ');
        const std::string_view written =
            first == std::string_view::npos ? text : text.substr(first, last - first + 1);
        const bool same = written == san || written == bare;
        s.ruling = Message("sealed.ruling.ends_game")
                       .with("text", text)
                       .with("san", san)
                       .with("same", same ? "yes" : "no")
                       .with("how", std::string(to_string(s.ends_game)))
                       .with("paragraph", s.paragraph);
      } else {
        s.paragraph = paragraph_of(options.laws, "legal");
        s.ruling = Message(s.warnings ? "sealed.ruling.legal_inaccurate" : "sealed.ruling.legal")
                       .with("text", text)
                       .with("san", san)
                       .with("paragraph", s.paragraph);
      }
      break;
    }
    case notation::Verdict::ambiguous:
      if (s.reading.depends_on_language()) {
        // Each notation reads one legal move: what was written is clear
        // once the player's notation is known, which the arbiter must
        // establish (the game is not lost on the letters alone).
        s.paragraph = paragraph_of(options.laws, "language");
        s.ruling = Message("sealed.ruling.depends_on_language")
                       .with("text", text)
                       .with("readings", notation::language_readings_list(before, s.reading.by_language,
                                                                          options.message_letters))
                       .with("paragraph", s.paragraph);
        break;
      }
      s.sealer_loses = true;
      s.paragraph = paragraph_of(options.laws, "ambiguous");
      s.ruling = Message("sealed.ruling.ambiguous")
                     .with("text", text)
                     .with("side", side)
                     .with("candidates", notation::readings_list(before, r.candidates, r.language))
                     .with("paragraph", s.paragraph);
      break;
    case notation::Verdict::illegal:
      s.sealer_loses = true;
      s.paragraph = paragraph_of(options.laws, "illegal");
      s.ruling = Message("sealed.ruling.illegal")
                     .with("text", text)
                     .with("side", side)
                     .with("reason", illegal_message(before, s.reading.read.move, r))
                     .with("paragraph", s.paragraph);
      break;
    case notation::Verdict::unclear:
      s.sealer_loses = true;
      s.paragraph = paragraph_of(options.laws, "unclear");
      s.ruling = Message("sealed.ruling.unclear")
                     .with("text", text)
                     .with("side", side)
                     .with("reason", s.reading.read.problem.empty()
                                         ? Message("notation.not_a_move").with("text", text)
                                         : s.reading.read.problem)
                     .with("paragraph", s.paragraph);
      break;
  }
  return s;
}

}  // namespace notera::arbiter
