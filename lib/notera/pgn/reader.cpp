#include "notera/pgn/reader.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include "notera/core/fen.hpp"
#include "notera/notation/letters.hpp"
#include "notera/notation/read_move.hpp"
#include "notera/notation/systems.hpp"
#include "notera/pgn/lexicon.hpp"
#include "notera/pgn/movetext.hpp"
#include "notera/pgn/play_movetext.hpp"
#include "notera/pgn/tags.hpp"
#include "notera/text/encoding.hpp"
#include "notera/text/locate.hpp"

namespace notera::pgn {

std::optional<Variant> variant_of(std::string_view tag) {
  std::string v;
  for (char c : tag)
    if (std::isalnum(static_cast<unsigned char>(c)))
      v += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // Names for standard chess that readers and writers use: "From
  // Position" is lichess's for standard chess from a FEN; python-chess
  // (chess.Board.aliases) also takes "Classical", kokopu (parseVariant in
  // pgn_read_impl.ts) "Regular", which it names the variant.
  if (v.empty() || v == "standard" || v == "chess" || v == "normal" || v == "fromposition" ||
      v == "orthodox" || v == "classical" || v == "regular")
    return Variant::standard;
  // Letters and digits only: "Chess 960", "chess-960", "Fischer Random"
  // come here as chess960 and fischerrandom. "fischerandom" is Cute Chess's
  // spelling (python-chess, Headers.is_chess960), FRC the usual
  // abbreviation of Fischer Random Chess.
  if (v == "chess960" || v == "960" || v == "fischerandom" || v == "fischerrandom" ||
      v == "fischerrandomchess" || v == "frc" || v == "freestyle" || v == "freestylechess")
    return Variant::chess960;
  return std::nullopt;
}

// UCI's command `position startpos|fen FEN [moves M...]` at the start of
// the movetext (a line `notera convert --to uci` writes for a set-up game,
// or a line of an engine's log): the start it gives and where the moves
// start. None when the text does not start with it.
struct UciPosition {
  bool startpos = false;
  std::string fen;  // as written, when not startpos (maybe empty or wrong)
  std::size_t moves_offset = 0;
};

std::optional<UciPosition> uci_position(std::string_view text) {
  std::size_t i = 0;
  const auto blank = [&](std::size_t k) { return k < text.size() && (text[k] == ' ' || text[k] == '\t'); };
  const auto skip_blanks = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  const auto word = [&](std::string_view w) {
    if (text.substr(i, w.size()) != w ||
        (i + w.size() < text.size() && !std::isspace(static_cast<unsigned char>(text[i + w.size()]))))
      return false;
    i += w.size();
    return true;
  };
  skip_blanks();
  if (!word("position") || !blank(i)) return std::nullopt;
  while (blank(i)) ++i;
  UciPosition out;
  out.startpos = word("startpos");
  if (!out.startpos) {
    if (!word("fen")) return std::nullopt;
    // The FEN runs to "moves" or the end of the line.
    const std::size_t line_end = std::min(text.find('\n', i), text.size());
    std::size_t fen_end = line_end;
    for (std::size_t k = i; k + 5 <= line_end; ++k)
      if (text.compare(k, 5, "moves") == 0 && blank(k - 1) &&
          (k + 5 == line_end || std::isspace(static_cast<unsigned char>(text[k + 5])))) {
        fen_end = k;
        break;
      }
    out.fen = std::string(text.substr(i, fen_end - i));
    while (!out.fen.empty() && std::isspace(static_cast<unsigned char>(out.fen.back()))) out.fen.pop_back();
    while (!out.fen.empty() && std::isspace(static_cast<unsigned char>(out.fen.front()))) out.fen.erase(0, 1);
    i = fen_end;
  }
  while (blank(i)) ++i;
  word("moves");
  out.moves_offset = i;
  return out;
}

struct GameReader::Impl {
  Impl(ReadOptions o, const text::Detection* input) : options(std::move(o)) {
    if (input) decoder.emplace(*input);
  }
  ReadOptions options;
  std::optional<text::TextDecoder> decoder;
  std::string scratch;
  TagSection tags;
  pgn::MovetextParse parse;
  pgn::LanguageChoice language;

  void reject(game::Game& game, Message why, SourceLocation where) {
    Diagnostic d;
    d.severity = Severity::error;
    d.message = std::move(why);
    d.where = where;
    game.diagnostics.push_back(std::move(d));
    game.status = game::GameStatus::rejected;
  }

  void note(game::Game& game, Severity severity, Message what, SourceLocation where) {
    Diagnostic d;
    d.severity = severity;
    d.message = std::move(what);
    d.where = where;
    game.diagnostics.push_back(std::move(d));
  }

  // Where the tag pair kept as `name` stands in the tag section `section`
  // (its '['; the first pair of that name, the one the tag reader keeps),
  // or `otherwise`. Looked for only when something is said of the tag, so
  // that reading tags keeps no places.
  static SourceLocation tag_location(std::string_view section, int first_line, std::string_view name,
                                     SourceLocation otherwise) {
    for (std::size_t open = section.find('['); open != std::string_view::npos;
         open = section.find('[', open + 1)) {
      std::size_t begin = open + 1;
      while (begin < section.size() && lexicon::is(section[begin], lexicon::blank)) ++begin;
      std::size_t end = begin;
      while (end < section.size() && lexicon::is(section[end], lexicon::name_char)) ++end;
      if (end > begin && canonical_tag_name(section.substr(begin, end - begin)) == name)
        return text::TextLocator(section, first_line).at(open);
    }
    return otherwise;
  }

  // The variant and the start position, from the tags (in `section`, which
  // starts on line `first_line`); false when the game is rejected for them.
  bool set_start(game::Game& game, std::string_view section, int first_line, SourceLocation start) {
    bool chess960 = false;
    if (const auto variant = game.tag("Variant")) {
      const auto known = variant_of(*variant);
      if (!known) {
        reject(game, Message("pgn.unsupported_variant").with("variant", *variant),
               tag_location(section, first_line, "Variant", start));
        return false;
      }
      chess960 = *known == Variant::chess960;
    }
    if (const auto fen = game.tag("FEN")) {
      // A castling right the position cannot have ("KQkq" with no rook on
      // h1, as some exporters write for any position) costs the right, not
      // the game, as in pgn-extract; it is said.
      const FenResult read = read_fen(*fen, chess960, ImpossibleCastling::drop);
      const SourceLocation fen_at =
          read && read.dropped.empty() ? start : tag_location(section, first_line, "FEN", start);
      if (!read) {
        reject(game, Message("pgn.bad_fen").with("fen", *fen).with("reason", read.error.message), fen_at);
        return false;
      }
      for (const DroppedCastling& d : read.dropped)
        note(game, Severity::warning,
             Message("pgn.fen_castling_dropped")
                 .with("right", std::string(1, d.right))
                 .with("reason", d.reason),
             fen_at);
      game.start = *read.position;
      game.custom_start = true;
    } else {
      if (chess960) game.start.set_chess960(true);
      // A set-up game without its position (pgn-extract drops such a
      // game): read from the standard position, and the SetUp tag is not
      // written (PGN §9.7.1 has SetUp "1" name a FEN tag).
      if (const auto setup = game.tag("SetUp"); setup && *setup != "0")
        note(game, Severity::warning, Message("pgn.setup_without_fen").with("value", *setup), start);
    }
    return true;
  }

  // The start a UCI `position fen` command gives, as the tags a PGN game
  // would give it: SetUp and FEN (and Variant for a Chess960 FEN, which
  // names its castling rooks by their files, "w GAga"); false when the game
  // is rejected for it.
  bool set_uci_start(game::Game& game, const std::string& fen, SourceLocation start) {
    std::string_view rights;  // the third field
    for (std::size_t k = 0, field = 0; k < fen.size(); ++field) {
      k = fen.find_first_not_of(' ', k);
      if (k == std::string::npos) break;
      const std::size_t end = std::min(fen.find(' ', k), fen.size());
      if (field == 2) rights = std::string_view(fen).substr(k, end - k);
      k = end;
    }
    const bool chess960 = rights.find_first_not_of("KQkq-") != std::string_view::npos;
    const FenResult read = read_fen(fen, chess960, ImpossibleCastling::drop);
    if (!read) {
      reject(game, Message("pgn.bad_uci_fen").with("fen", fen).with("reason", read.error.message), start);
      return false;
    }
    game.start = *read.position;
    game.custom_start = true;
    if (chess960) game.set_tag("Variant", "Chess960");
    game.set_tag("SetUp", "1");
    game.set_tag("FEN", write_fen(game.start));
    return true;
  }

  // A game of moves alone (no tags, no move numbers) that stops on a line
  // after its first: that line is likely the next game (`--to san` and
  // `--to uci` write a game a line, the moves alone, for games from the
  // standard position), and nothing between the lines kept them apart.
  // Said where it stops.
  void hint_lines_run_on(game::Game& game, std::string_view movetext) {
    if (!game.tags.empty() || game.status != game::GameStatus::incomplete) return;
    for (std::size_t dot = movetext.find('.'); dot != std::string_view::npos;
         dot = movetext.find('.', dot + 1))
      if (dot > 0 && std::isdigit(static_cast<unsigned char>(movetext[dot - 1]))) return;
    for (const Diagnostic& d : game.diagnostics)
      if (d.severity == Severity::error && d.ply > 1 && d.where.line > game.where.line) {
        note(game, Severity::warning, Message("pgn.lines_run_on"), d.where);
        return;
      }
  }

  // Say which letters were assumed when they were not English (FIDE's
  // international form) and not given, and which other languages fit.
  void note_language(game::Game& game, SourceLocation start) {
    if (language.guessed && notation::is_system_language(language.language)) {
      note(game, Severity::note, Message("language.system_chosen").with("system", game.language), start);
      return;
    }
    if (language.guessed && language.language > 0) {
      const notation::LetterTable& letters = notation::LetterTable::instance();
      std::string others;
      for (int l : language.also_fit) others += (others.empty() ? "" : ", ") + letters.language(l).code;
      note(game, Severity::note,
           Message(others.empty() ? "language.chosen" : "language.chosen_with_doubt")
               .with("language", letters.language(language.language).code)
               .with("others", others),
           start);
    }
  }

  // The result: the termination marker ends the game; the tag should say
  // the same (PGN §8.1.1.7).
  // `terminated`: the movetext has a result marker; `any_token`: it is
  // not blank.
  void check_termination(game::Game& game, std::string_view text, text::TextLocator& locator,
                         SourceLocation start, bool terminated, bool any_token) {
    const std::string_view marker = terminated ? std::string_view(game.result) : std::string_view();
    const auto tag = game.tag("Result");
    if (!terminated) {
      // A book's "Resigns" or "Drawn" (read with the moves) says more than "*".
      const bool from_words = game.result != "*" && tag && *tag == "*";
      const bool from_tag =
          tag && (*tag == "1-0" || *tag == "0-1" || *tag == "1/2-1/2" || *tag == "*") && !from_words;
      if (from_tag) game.result = std::string(*tag);
      if (from_words) game.set_tag("Result", game.result);
      if (any_token) {
        // Where the result is missing: after the game's last token, not
        // on the line the next game starts.
        std::size_t end = text.size();
        while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\n' ||
                           text[end - 1] == '\r'))
          --end;
        // Where the result comes from: a game without a Result tag (a
        // line of --game-per-line, moves alone) has none from a tag.
        note(game, Severity::note,
             Message("pgn.no_termination")
                 .with("result", game.result)
                 .with("source", from_tag             ? "tag"
                                 : game.result != "*" ? "words"
                                                      : "none"),
             locator.at(end));
      }
    } else {
      // The marker is the movetext's last token: what is said of it (the
      // tag disagrees, the final position contradicts it) is said there.
      std::size_t end = text.size();
      while (end > 0 && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
      std::size_t begin = end;
      while (begin > 0 && !std::isspace(static_cast<unsigned char>(text[begin - 1]))) --begin;
      const std::string_view last = text.substr(begin, end - begin);
      const bool found = last == marker || last == "\xC2\xBD-\xC2\xBD" || last == "0.5-0.5" || last == "1/2";
      // Located only when something is said of it: the walk to the end of
      // the movetext, character by character, was 6% of a conversion.
      const auto at = [&] { return found ? locator.at(begin) : start; };
      for (Diagnostic& d : game.diagnostics)
        if (d.message.key == "result.contradicts" && d.where == game.where) d.where = at();
      // Another spelling of the same result ("½-½" for 1/2-1/2) agrees.
      const auto same_result = [](std::string_view a, std::string_view b) {
        const lexicon::ResultMatch x = lexicon::match_result(a), y = lexicon::match_result(b);
        return x.result != lexicon::Result::none && x.result == y.result && x.length == a.size() &&
               y.length == b.size();
      };
      if (tag && *tag != marker && !same_result(*tag, marker))
        note(game, Severity::warning,
             Message("pgn.result_disagrees").with("tag", *tag).with("marker", marker), at());
    }
  }

  // The comments among the tags (or before them) go before the first
  // move, ahead of any the movetext has there, trimmed as the movetext's
  // are (pgn/play.cpp); false, the game stopped before its moves, when one
  // is over the comment limit (as a comment in the moves stops them).
  bool tag_comments_fit(game::Game& game, SourceLocation start) {
    for (const std::string& c : tags.comments)
      if (c.size() > options.play.max_comment_length) {
        Diagnostic d;
        d.severity = Severity::error;
        d.message = comment_too_long(c.size(), options.play.max_comment_length);
        d.where = start;
        game.diagnostics.push_back(std::move(d));
        game.status = game::GameStatus::incomplete;
        return false;
      }
    return true;
  }
  void keep_tag_comments(game::Game& game) {
    std::string before;
    for (const std::string& written : tags.comments) {
      const std::string_view c = trimmed_comment(written);
      if (c.empty()) continue;
      if (!before.empty()) before += ' ';
      before += c;
    }
    if (before.empty()) return;
    std::string& comment = game.mainline.comment_before;
    comment = comment.empty() ? std::move(before) : before + ' ' + comment;
  }

  void read(std::string_view raw, std::int64_t first_line, game::Game& game) {
    game.clear();
    game.where = {static_cast<int>(first_line), 1};
    const SourceLocation start{static_cast<int>(first_line), 1};

    // Text: UTF-8 as it is; anything else decoded (game by game, since
    // archives mix encodings).
    std::string_view text = raw;
    if (decoder) {
      const text::DecodedText decoded = decoder->decode(raw, scratch);
      text = decoded.text;
      // A game read in another encoding than the input's is a guess: say
      // so, where its first byte that is not UTF-8 is.
      if (!decoded.note.empty())
        note(game, Severity::warning, decoded.note,
             text::TextLocator(raw, static_cast<int>(first_line)).at(text::first_invalid_utf8(raw)));
      // Where the first byte that was replaced stands.
      if (decoded.replaced > 0)
        note(game, Severity::warning,
             Message("encoding.replaced").with("count", static_cast<std::int64_t>(decoded.replaced)),
             text::TextLocator(raw, static_cast<int>(first_line)).at(decoded.first_replaced));
    }

    read_tag_section(text, first_line, tags, options.tags);
    // The game takes the tags; the section gets the game's old (cleared)
    // vector to fill next time.
    game.tags.swap(tags.tags);
    for (const Diagnostic& d : tags.diagnostics) game.diagnostics.push_back(d);
    if (tags.over_limit) {  // reported by the tag reader, with where
      game.status = game::GameStatus::rejected;
      return;
    }

    if (!set_start(game, text.substr(0, tags.movetext_offset), static_cast<int>(first_line), start)) return;
    if (!tag_comments_fit(game, start)) return;

    std::size_t movetext_offset = tags.movetext_offset;
    if (game.tags.empty())
      if (const std::optional<UciPosition> uci = uci_position(text.substr(movetext_offset))) {
        if (!uci->startpos && !set_uci_start(game, uci->fen, start)) return;
        movetext_offset += uci->moves_offset;
      }
    const std::string_view movetext = text.substr(movetext_offset);
    text::TextLocator locator(text, static_cast<int>(first_line));
    // The usual movetext is read and played in one pass; anything else
    // through the events.
    pgn::PlainPlay plain;
    if (play_plain_movetext(movetext, movetext_offset, game, options.play, plain)) {
      // The moves' text is in the decoded copy, which no writer is given.
      if (text.data() != raw.data())
        for (game::GameMove& m : game.mainline.moves) m.source_length = 0;
      language = std::move(plain.language);
      note_language(game, start);
      check_termination(game, text, locator, start, plain.terminated, plain.any_token);
      hint_lines_run_on(game, movetext);
      keep_tag_comments(game);
      return;
    }
    parse_movetext(movetext, notation::reading_languages(options.play.language), parse);
    language = play_movetext(parse, movetext, movetext_offset, locator, game, options.play);
    note_language(game, start);
    bool terminated = false;
    for (const pgn::MovetextEvent& e : parse.events) terminated |= e.kind == pgn::MovetextEvent::Kind::result;
    check_termination(game, text, locator, start, terminated, !parse.events.empty());
    hint_lines_run_on(game, movetext);
    keep_tag_comments(game);
  }
};

GameReader::GameReader(ReadOptions options, const text::Detection* input)
    : impl_(std::make_unique<Impl>(std::move(options), input)) {}
GameReader::~GameReader() = default;
GameReader::GameReader(GameReader&&) noexcept = default;
GameReader& GameReader::operator=(GameReader&&) noexcept = default;

void GameReader::read(std::string_view text, std::int64_t first_line, game::Game& game) {
  impl_->read(text, first_line, game);
}

const pgn::LanguageChoice& GameReader::language() const { return impl_->language; }

}  // namespace notera::pgn
