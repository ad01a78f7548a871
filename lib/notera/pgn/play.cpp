#include "notera/pgn/play.hpp"
#include "notera/notation/judge.hpp"
#include "notera/pgn/play_movetext.hpp"

#include <algorithm>
#include <array>
#include <bitset>

#include "notera/core/game_state.hpp"
#include "notera/core/make_move.hpp"
#include "notera/core/movegen.hpp"
#include "notera/core/san.hpp"
#include "notera/notation/read_move.hpp"
#include "notera/notation/resolve_usual.hpp"
#include "notera/pgn/lexicon.hpp"
#include "notera/pgn/movetext_fast.hpp"

namespace notera::pgn {

void add_diagnostic(game::Game& game, Severity severity, Message message, text::TextLocator* locator,
                    std::size_t at, int ply) {
  Diagnostic d;
  d.severity = severity;
  d.message = std::move(message);
  d.ply = ply;
  if (locator) d.where = locator->at(at);
  game.diagnostics.push_back(std::move(d));
}

std::string move_number_text(const Position& pos) {
  std::string s = std::to_string(pos.fullmove_number());
  s += pos.side_to_move() == Color::white ? "." : "...";
  return s;
}

namespace {

using Kind = pgn::MovetextEvent::Kind;

std::string_view result_text(int kind) {
  switch (kind) {
    case pgn::MovetextEvent::white_wins: return "1-0";
    case pgn::MovetextEvent::black_wins: return "0-1";
    case pgn::MovetextEvent::draw: return "1/2-1/2";
    default: return "*";
  }
}

// What SAN needs of a move (piece, capture, origin), found while the
// position before it is there; the check is added from the position after
// (check_after()). For a move resolve_usual() found, and for one resolve()
// found (a pass included).
inline SanHint usual_hint(const Position& pos, const notation::UsualMove& usual) {
  const SanHint::Origin origin = usual.piece == PieceType::pawn || usual.piece == PieceType::king
                                     ? SanHint::Origin::none
                                     : san_origin(usual.move.from(), usual.rivals);
  return SanHint::make(usual.piece, pos.is_capture(usual.move), origin, SanHint::Check::none);
}

inline SanHint resolved_hint(const Position& pos, const notation::Resolution& r) {
  const PieceType piece =
      r.move.is_castling() || r.move == Move::null() ? PieceType::king : type_of(pos.piece_on(r.move.from()));
  const bool capture = r.move != Move::null() && pos.is_capture(r.move);
  const SanHint::Origin origin = piece == PieceType::pawn || piece == PieceType::king || r.rivals.empty()
                                     ? SanHint::Origin::none
                                     : san_origin(r.move, r.rivals);
  return SanHint::make(piece, capture, origin, SanHint::Check::none);
}

// The check mark of the move that led to `pos`.
inline SanHint::Check check_after(const Position& pos) {
  if (!pos.in_check()) return SanHint::Check::none;
  return has_legal_move(pos) ? SanHint::Check::check : SanHint::Check::mate;
}

class Builder {
 public:
  Builder(const pgn::MovetextParse& parse, std::string_view source, std::size_t base,
          text::TextLocator* locator, game::Game& game, const PlayOptions& options, int language,
          bool mainline_only)
      : parse_(parse),
        source_(source),
        base_(base),
        locator_(locator),
        game_(game),
        options_(options),
        mainline_only_(mainline_only) {
    resolve_options_.language = language;
    resolve_options_.foreign_letters = options.foreign_letters;
    resolve_options_.warnings = options.warnings && !mainline_only;
  }

  // Plays everything; returns the number of main-line plies played.
  int run() {
    game_.mainline.clear();
    frames_.clear();
    frames_.push_back({&game_.mainline, game_.start, Undo{}, false, false, 0});
    for (const pgn::MovetextEvent& e : parse_.events) {
      handle(e);
      if ((mainline_only_ && stopped_) || halted_) break;
    }
    // Said at the '(' of the outermost variation left open: where the ')'
    // is missing is anyone's guess, where the variation starts is not.
    if (frames_.size() > 1 && !mainline_only_ && !halted_)
      diagnose(Severity::warning, Message("game.variation_not_closed"), frames_[1].opened_at, 0);
    if (suppressed_ > 0)
      report(Severity::warning, Message("game.more_problems").with("count", suppressed_), 0, 0);
    mainline_end_ = frames_.front().pos;
    return static_cast<int>(game_.mainline.moves.size());
  }

  // A bad move ended the main line.
  bool stopped() const { return stopped_; }
  // The position at the end of the main line (after run()).
  const Position& final_position() const { return mainline_end_; }

 private:
  struct Frame {
    game::Line* line;
    Position pos;     // the position now
    Undo last_undo;   // takes back the line's last move (a variation starts there)
    bool has_before;  // the line has a last move
    bool skipping;    // a bad move ended this variation: ignore the rest of it
    std::size_t opened_at;  // a variation: where its '(' is in the source

    Position before() const {
      Position p = pos;
      const Move last = line->moves.back().move;
      if (last == Move::null())
        p.undo_null_move(last_undo);
      else
        p.undo_move(last, last_undo);
      return p;
    }
  };

  void handle(const pgn::MovetextEvent& e) {
    if (halted_) return;
    Frame& f = frames_.back();
    const bool in_mainline = in_mainline_();
    // Worked out only where it matters: move numbers, a third of all
    // events, need no answer.
    const auto ignoring = [&] { return (in_mainline && stopped_) || f.skipping || skip_depth_ > 0; };
    switch (e.kind) {
      case Kind::variation_start:
        if (skip_depth_ > 0 || (in_mainline && stopped_) || f.skipping || mainline_only_ ||
            !options_.keep_variations) {
          ++skip_depth_;
          return;
        }
        open_variation(e);
        return;
      case Kind::variation_end:
        if (skip_depth_ > 0) {
          --skip_depth_;
          return;
        }
        if (in_mainline) {
          diagnose(Severity::warning, Message("game.stray_variation_end"), e.begin, 0);
          return;
        }
        frames_.pop_back();
        return;
      case Kind::result:
        if (in_mainline || skip_depth_ == 0) game_.result = result_text(e.number);
        result_seen_ = true;
        return;
      case Kind::comment:
        if (ignoring() || mainline_only_) return;
        if (e.end - e.begin > options_.max_comment_length) {
          halt(f, e, comment_too_long(e.end - e.begin, options_.max_comment_length));
          return;
        }
        add_comment(f, source_.substr(e.begin, e.end - e.begin));
        return;
      case Kind::nag:
        if (ignoring() || mainline_only_) return;
        if (!f.line->moves.empty() && e.number > 0 && e.number < 256)
          last_move_notes(f).nags.push_back(static_cast<std::uint8_t>(e.number));
        return;
      case Kind::draw_offer:
        if (!ignoring() && !f.line->moves.empty()) f.line->moves.back().draw_offer = true;
        return;
      case Kind::move_number:
      case Kind::en_passant:
      case Kind::check: return;
      case Kind::move:
        if (ignoring()) return;
        play(f, e);
        return;
      case Kind::descriptive:
        if (ignoring()) return;
        bad_move(f, e, Message("notation.descriptive").with("text", text_of(e)));
        return;
      case Kind::unknown:
        if (ignoring()) return;
        bad_move(f, e, Message("notation.not_a_move").with("text", text_of(e)));
        return;
    }
  }

  std::string_view text_of(const pgn::MovetextEvent& e) const {
    return source_.substr(e.begin, e.end - e.begin);
  }

  void open_variation(const pgn::MovetextEvent& e) {
    Frame& f = frames_.back();
    if (!f.has_before) {
      diagnose(Severity::warning, Message("game.variation_without_move"), e.begin, 0);
      ++skip_depth_;
      return;
    }
    if (static_cast<int>(frames_.size()) > options_.max_variation_depth) {
      diagnose(Severity::error,
               Message("game.variation_too_deep").with("limit", options_.max_variation_depth), e.begin, 0);
      // Moves were left out: the game is not converted in full.
      if (!mainline_only_) game_.status = game::GameStatus::incomplete;
      ++skip_depth_;
      return;
    }
    const Position start = f.before();
    std::vector<game::Line>& variations = last_move_notes(f).variations;
    variations.emplace_back();
    game::Line* line = &variations.back();
    frames_.push_back({line, start, Undo{}, false, false, e.begin});
  }

  // What was written around the line's last move, to add to.
  static game::MoveNotes& last_move_notes(Frame& f) { return f.line->edit_notes(f.line->moves.size() - 1); }

  void add_comment(Frame& f, std::string_view written) {
    const std::string_view text = trimmed_comment(written);
    if (text.empty()) return;
    if (f.line->moves.empty()) {
      if (!f.line->comment_before.empty()) f.line->comment_before += ' ';
      f.line->comment_before += text;
    } else {
      last_move_notes(f).comments.emplace_back(text);
    }
  }

  // Inlined into handle() (every move of every game): as a call, saving
  // and restoring registers cost more than a tenth of its own work.
  [[gnu::always_inline]] void play(Frame& f, const pgn::MovetextEvent& e) {
    if (frames_.size() == 1 && static_cast<int>(game_.mainline.moves.size()) >= options_.max_plies) {
      halt(f, e, Message("game.too_many_plies").with("limit", options_.max_plies));
      return;
    }
    if (moves_ >= options_.max_moves) {
      halt(f, e, Message("game.too_many_moves").with("limit", options_.max_moves));
      return;
    }
    // What SAN needs (piece, capture, origin), while the position is there;
    // the check follows from the position after the move. (One hint held
    // over the move, not its parts: GCC kept the piece in a byte on the
    // stack and read it back as a word, a store-forwarding stall at every
    // move.)
    Move move;
    SanHint san;
    std::uint32_t warnings = 0;
    notation::UsualMove usual;
    if (!resolve_options_.warnings && notation::resolve_usual(f.pos, e.move, resolve_options_, usual)) {
      move = usual.move;
      san = usual_hint(f.pos, usual);
    } else {
      const notation::Resolution r = resolve(f.pos, e.move, resolve_options_);
      if (!r.is_legal()) {
        reject(f, e, r);
        return;
      }
      move = r.move;
      warnings = r.warnings;
      san = resolved_hint(f.pos, r);
    }
    game::GameMove& gm = f.line->moves.emplace_back();
    ++moves_;
    gm.move = move;
    gm.source_offset = static_cast<std::uint32_t>(base_ + e.begin);
    gm.draw_offer = e.move.draw_offer;
    if (e.move.glyph) last_move_notes(f).nags.push_back(e.move.glyph);
    f.has_before = true;
    if (move == Move::null()) {
      // A pass in the main line is kept ("--", as most programs write it),
      // but said once: the PGN standard has no null move, and readers that
      // keep to it (pgn-extract) reject the game.
      if (!null_noted_ && !mainline_only_ && in_mainline_()) {
        null_noted_ = true;
        diagnose(Severity::warning,
                 Message("game.null_move_mainline").with("number", move_number_text(f.pos)), e.begin,
                 ply_of(f.pos));
      }
      f.pos.do_null_move(f.last_undo);
    } else {
      f.pos.do_move(move, f.last_undo);
    }
    gm.san = san.with_check(check_after(f.pos));
    if (options_.warnings && !mainline_only_) {
      const int ply = ply_of(f.pos) - 1;  // of the position before the move (a pass counts too)
      const std::uint32_t w = notation::judge_marks(f.pos, e.move, warnings, options_.laws);
      for (int bit = 0; bit < notation::warning_count; ++bit) {
        const auto flag = static_cast<notation::WrittenWarning>(1u << bit);
        if (w & flag)
          diagnose(Severity::warning, Message(std::string(warning_key(flag))).with("text", text_of(e)),
                   e.begin, ply);
      }
    }
  }

  // A move that is not legal (or not a move): the line stops there.
  void reject(Frame& f, const pgn::MovetextEvent& e, const notation::Resolution& r) {
    Message why;
    if (r.verdict == notation::Verdict::ambiguous) {
      std::string list;
      const SanStyle style = r.language >= 0 ? notation::LetterTable::instance().style(r.language) : SanStyle{};
      for (Move m : r.candidates) {
        if (!list.empty()) list += ", ";
        list += to_san(f.pos, m, style);
      }
      why = Message("game.ambiguous_move").with("text", text_of(e)).with("candidates", list);
    } else if (r.verdict == notation::Verdict::illegal) {
      why = Message("game.illegal_move").with("text", text_of(e)).with("reason", illegal_message(f.pos, e.move, r));
    } else {
      why = Message("notation.not_a_move").with("text", text_of(e));
    }
    bad_move(f, e, std::move(why));
  }

  int ply_of(const Position& before) const { return before.game_ply() - game_.start.game_ply() + 1; }

  void bad_move(Frame& f, const pgn::MovetextEvent& e, Message why) {
    const int ply = ply_of(f.pos);
    if (in_mainline_()) {
      stopped_ = true;
      if (mainline_only_) return;
      report(Severity::error,
             Message("game.mainline_stops")
                 .with("number", move_number_text(f.pos))
                 .with("reason", std::move(why)),
             e.begin, ply);
      game_.status = game::GameStatus::incomplete;
    } else {
      f.skipping = true;
      if (mainline_only_) return;
      diagnose(Severity::warning,
               Message("game.variation_stops")
                   .with("number", move_number_text(f.pos))
                   .with("reason", std::move(why)),
               e.begin, 0);
    }
  }

  // A limit was reached: nothing after this point is read.
  void halt(const Frame& f, const pgn::MovetextEvent& e, Message why) {
    halted_ = true;
    if (mainline_only_) return;
    game_.status = game::GameStatus::incomplete;
    report(Severity::error,
           Message("game.limit_stops").with("number", move_number_text(f.pos)).with("reason", std::move(why)),
           e.begin, ply_of(f.pos));
  }

  // At most max_diagnostics per game; the rest are counted (a hostile game
  // can have a problem every few bytes).
  void diagnose(Severity severity, Message message, std::size_t offset, int ply) {
    if (diagnosed_ >= options_.max_diagnostics) {
      ++suppressed_;
      return;
    }
    ++diagnosed_;
    report(severity, std::move(message), offset, ply);
  }

  void report(Severity severity, Message message, std::size_t offset, int ply) {
    add_diagnostic(game_, severity, std::move(message), locator_, base_ + offset, ply);
  }

  // The main line is the only frame (no size(): frames are large, and
  // dividing by their size at every event costs).
  bool in_mainline_() const { return &frames_.back() == frames_.data(); }

  const pgn::MovetextParse& parse_;
  std::string_view source_;
  std::size_t base_;
  text::TextLocator* locator_;
  game::Game& game_;
  const PlayOptions& options_;
  notation::ResolveOptions resolve_options_;
  bool mainline_only_;
  std::vector<Frame> frames_;
  Position mainline_end_;
  int skip_depth_ = 0;
  int moves_ = 0;  // played, variations included
  int diagnosed_ = 0;
  std::int64_t suppressed_ = 0;
  bool halted_ = false;
  bool stopped_ = false;
  bool null_noted_ = false;
  bool result_seen_ = false;
};

// Whether the main line stops at a move that is no algebraic move at all
// (descriptive "P-K4", Spanish "P4R", an announced word), not at an
// illegal one: only then are other notation systems worth a try.
bool try_other_systems(const pgn::MovetextParse& parse) {
  for (const pgn::MovetextEvent& e : parse.events)
    if (e.kind == Kind::descriptive || e.kind == Kind::unknown) return true;
  return false;
}

}  // namespace

std::vector<int> candidate_languages(const pgn::MovetextParse& parse, const PlayOptions& options) {
  const notation::LetterTable& letters = notation::LetterTable::instance();
  // Languages in which every letter of the game means something (English
  // letters are understood in every language).
  notation::LanguageMask fit = notation::all_languages;
  for (const pgn::MovetextEvent& e : parse.events) {
    if (e.kind != Kind::move) continue;
    for (const notation::WrittenPiece p : {e.move.piece, e.move.promotion, e.move.captured}) {
      if (!p.present() || letters.is_figurine(p.letter)) continue;
      notation::LanguageMask m = letters.languages_of(p.letter);
      if (letters.meaning(p.letter, notation::LetterTable::english) != PieceType::none)
        m = notation::all_languages;
      fit &= m;
    }
  }
  std::vector<int> order;
  auto add = [&](int lang) {
    if (lang >= 0 && lang < letters.language_count() && (fit & letters.mask_of(lang)) &&
        std::find(order.begin(), order.end(), lang) == order.end())
      order.push_back(lang);
  };
  add(notation::LetterTable::english);
  for (int lang : options.preference) add(lang);
  for (int lang = 0; lang < letters.language_count(); ++lang) add(lang);
  return order;
}

LanguageChoice play_movetext(const pgn::MovetextParse& parse, std::string_view source, std::size_t base,
                             text::TextLocator& locator, game::Game& game, const PlayOptions& options) {
  LanguageChoice choice;
  if (notation::is_system_language(options.language)) {
    // Forced: descriptive (English or Spanish, whichever reads further) or announced.
    int plies = 0;
    bool full = false;
    const notation::System system =
        options.language == notation::announced_language ? notation::System::announced
        : options.language == notation::descriptive_es_language
            ? notation::System::descriptive_es
            : best_system(source, game, options,
                          {notation::System::descriptive_en, notation::System::descriptive_es}, plies, full);
    choice.language = options.language;
    play_system_movetext(source, base, &locator, game, options, system, false);
    return choice;
  }
  if (options.language != notation::ResolveOptions::any_language) {
    choice.language = options.language;
    Builder builder(parse, source, base, &locator, game, options, options.language, false);
    builder.run();
    game.language = notation::LetterTable::instance().language(options.language).code;
    check_result(game, builder.final_position());
    return choice;
  }

  // Auto: English first, straight into the game, since most PGN is English
  // and then one pass is all it takes.
  choice.guessed = true;
  const std::size_t diagnostics_before = game.diagnostics.size();
  // The caller may have found problems already (a gap on a scoresheet):
  // the final replay starts from that status, not from "complete".
  const game::GameStatus status_before = game.status;
  {
    Builder english(parse, source, base, &locator, game, options, notation::LetterTable::english, false);
    english.run();
    if (!english.stopped()) {
      choice.language = notation::LetterTable::english;
      game.language = "en";
      check_result(game, english.final_position());
      return choice;
    }
  }
  // Otherwise try every language whose letters fit the game, main line
  // only; the first that replays it all wins, else the one that gets
  // furthest. Languages that also replay it all are reported as doubt.
  const std::vector<int> candidates = candidate_languages(parse, options);
  int best = notation::LetterTable::english;
  int best_plies = static_cast<int>(game.mainline.moves.size());
  std::vector<int> full;
  game::Game scratch;
  for (int lang : candidates) {
    if (lang == notation::LetterTable::english) continue;
    scratch.start = game.start;
    Builder trial(parse, source, base, nullptr, scratch, options, lang, true);
    const int plies = trial.run();
    if (!trial.stopped()) full.push_back(lang);
    if (plies > best_plies) {
      best_plies = plies;
      best = lang;
    }
  }
  if (full.empty() && try_other_systems(parse)) {
    // No language reads it all: perhaps a book in descriptive notation, or
    // announced moves. Only here, so that algebraic PGN never pays for it.
    int plies = 0;
    bool system_full = false;
    const notation::System system = best_system(
        source, game, options,
        {notation::System::descriptive_en, notation::System::descriptive_es, notation::System::announced},
        plies, system_full);
    if (plies > best_plies) {
      game.diagnostics.resize(diagnostics_before);
      game.status = status_before;
      play_system_movetext(source, base, &locator, game, options, system, false);
      choice.language = system == notation::System::announced        ? notation::announced_language
                        : system == notation::System::descriptive_es ? notation::descriptive_es_language
                                                                     : notation::descriptive_language;
      return choice;
    }
  }
  if (!full.empty()) best = full.front();
  choice.language = best;
  for (int lang : full)
    if (lang != best) choice.also_fit.push_back(lang);
  game.diagnostics.resize(diagnostics_before);
  game.status = status_before;
  Builder builder(parse, source, base, &locator, game, options, best, false);
  builder.run();
  game.language = notation::LetterTable::instance().language(best).code;
  check_result(game, builder.final_position());
  return choice;
}

namespace {

// What the shortcut's move reader needs of a reading state, and what
// usual_move() knows of the piece letters before it reads a move.
struct PlainLetters {
  const notation::LetterTable& letters;
  notation::LanguageMask languages;
  // Per piece byte N B R Q K (at c - 'B'), followed by a file, a rank or
  // x as usual_move() wants it: the one-byte letter match() finds (-1:
  // none, -2: ask match()), and its plain reading (resolve_usual.hpp:
  // plain_letter_piece). Looked up once a game, not at every move.
  std::array<std::int16_t, 'R' - 'B' + 1> piece_letter{};
  std::array<PieceType, 'R' - 'B' + 1> piece_type{};
  // No file byte a-h, followed as a pawn move's first byte is (by a rank
  // or x), is a letter of a reading language: match() need not be asked.
  bool files_plain = true;

  PlainLetters(const notation::LetterTable& table, notation::LanguageMask reading,
               const notation::ResolveOptions& resolve)
      : letters(table), languages(reading) {
    static const std::bitset<256> seconds = [] {
      std::bitset<256> b;
      for (unsigned char c = 'a'; c <= 'h'; ++c) b.set(c);
      for (unsigned char c = '1'; c <= '8'; ++c) b.set(c);
      b.set('x');
      return b;
    }();
    for (const char c : {'N', 'B', 'R', 'Q', 'K'}) {
      const int letter = letters.one_byte_letter(static_cast<unsigned char>(c), seconds, languages);
      piece_letter[static_cast<std::size_t>(c - 'B')] = static_cast<std::int16_t>(letter);
      piece_type[static_cast<std::size_t>(c - 'B')] =
          letter >= 0 ? notation::plain_letter_piece(letter, letters, resolve) : PieceType::none;
    }
    for (unsigned char c = 'a'; c <= 'h'; ++c)
      files_plain = files_plain && letters.one_byte_letter(c, seconds, languages) == -1;
  }
};

// Whether a result marker ("1-0", "0-1", "1/2-1/2", "*") is the token at
// p, as grammar::movetext::result reads it (with token_end after it); its
// MovetextEvent::Result, or 0.
int plain_result(const char* p, const char* end, const char*& after) {
  const auto is_text = [&](std::string_view t) {
    return static_cast<std::size_t>(end - p) >= t.size() && std::string_view(p, t.size()) == t;
  };
  int kind = 0;
  std::size_t length = 0;
  if (is_text("1-0")) {
    kind = MovetextEvent::white_wins;
    length = 3;
  } else if (is_text("0-1")) {
    kind = MovetextEvent::black_wins;
    length = 3;
  } else if (is_text("1/2-1/2")) {
    kind = MovetextEvent::draw;
    length = 7;
  } else if (is_text("*")) {
    kind = MovetextEvent::unknown_result;
    length = 1;
  } else {
    return 0;
  }
  after = p + length;
  if (after < end && !lexicon::is(*after, lexicon::white_space | lexicon::delimiter)) return 0;
  return kind;
}

// lexicon::white_space as bits of a word, one per byte up to the space:
// a test without a memory load, between every two tokens of every game.
constexpr std::uint64_t white_space_bits = [] {
  std::uint64_t bits = 0;
  for (int c = 0; c <= ' '; ++c)
    if (lexicon::is(static_cast<char>(c), lexicon::white_space)) bits |= std::uint64_t{1} << c;
  return bits;
}();
static_assert([] {
  for (int c = ' ' + 1; c < 256; ++c)
    if (lexicon::is(static_cast<char>(c), lexicon::white_space)) return false;
  return true;
}());

constexpr bool is_digit_byte(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_file_byte(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank_byte(char c) { return c >= '1' && c <= '8'; }

// The move at p when it has one of the shapes nearly every move has:
// N B R Q K (a one-byte letter of the reading languages), a file or rank
// of origin or not, x or not, the square ("Nf3", "Nbd7", "R1xe2"); or a
// pawn's square ("e4"), or its file, x and square ("exd5"); then + or # or
// nothing, and the end of the token. Read as the shortcut reads them
// (movetext_fast.hpp: read_move), which it is checked against
// (tests/pgn_movetext_test.cpp), without its steps for the other shapes:
// nullptr for anything else, and the caller asks the shortcut. A pawn
// move followed by "(" is the grammar's ("e8(Q)"), and so left alone.
// `piece` is the move's plain reading (resolve_usual.hpp: plain_piece), so
// that the caller need not work it out again from `m`; `written` what SAN
// would say of the move as it is written (a pawn's file of origin comes
// with x): when that is the move's hint, with its check, the text is the
// move's SAN exactly.
[[gnu::always_inline]] inline const char* usual_move(const char* p, const char* end, const PlainLetters& s,
                                                     const notation::ResolveOptions& resolve,
                                                     notation::WrittenMove& m, PieceType& piece,
                                                     SanHint& written) {
  const auto at = [end](const char* q) { return q < end ? *q : '\0'; };
  const auto square_at = [&](const char* q) { return is_file_byte(at(q)) && is_rank_byte(at(q + 1)); };
  std::size_t length = 0;
  const char c = *p;
  const char* q = p;
  bool pawn = false;
  SanHint::Origin origin = SanHint::Origin::none;  // as SAN would say it: a pawn's file comes with x
  if (c == 'N' || c == 'B' || c == 'R' || c == 'Q' || c == 'K') {
    int letter = s.piece_letter[static_cast<std::size_t>(c - 'B')];
    piece = s.piece_type[static_cast<std::size_t>(c - 'B')];
    if (letter == -2) {
      letter = s.letters.match(std::string_view(p, static_cast<std::size_t>(end - p)), s.languages, length);
      if (length != 1) return nullptr;
      piece = letter >= 0 ? notation::plain_letter_piece(letter, s.letters, resolve) : PieceType::none;
    }
    if (letter < 0) return nullptr;
    m.kind = notation::WrittenKind::piece;
    m.piece.letter = static_cast<std::int16_t>(letter);
    ++q;
    if (square_at(q)) {
      // Nf3
    } else if (at(q) == 'x' && square_at(q + 1)) {
      m.capture = true;
      ++q;
    } else if (is_file_byte(at(q)) || is_rank_byte(at(q))) {
      if (is_file_byte(*q)) {
        m.from_file = static_cast<std::int8_t>(*q - 'a');
        origin = SanHint::Origin::file;
      } else {
        m.from_rank = static_cast<std::int8_t>(*q - '1');
        origin = SanHint::Origin::rank;
      }
      ++q;
      if (at(q) == 'x') {
        m.capture = true;
        ++q;
      }
      if (!square_at(q)) return nullptr;
    } else {
      return nullptr;
    }
  } else if (is_file_byte(c)) {
    if (!s.files_plain &&
        s.letters.match(std::string_view(p, static_cast<std::size_t>(end - p)), s.languages, length) >= 0)
      return nullptr;
    m.kind = notation::WrittenKind::no_letter;
    piece = PieceType::pawn;
    pawn = true;
    if (square_at(q)) {
      // e4
    } else if (at(q + 1) == 'x' && square_at(q + 2)) {
      m.from_file = static_cast<std::int8_t>(c - 'a');
      m.capture = true;
      q += 2;
    } else {
      return nullptr;
    }
  } else {
    return nullptr;
  }
  m.to_file = static_cast<std::int8_t>(q[0] - 'a');
  m.to_rank = static_cast<std::int8_t>(q[1] - '1');
  q += 2;
  SanHint::Check check = SanHint::Check::none;
  if (q != end) {
    if (*q == '+') {
      m.check = notation::WrittenCheck::check;
      check = SanHint::Check::check;
      ++q;
    } else if (*q == '#') {
      m.check = notation::WrittenCheck::mate;
      check = SanHint::Check::mate;
      ++q;
    } else if (pawn && *q == '(') {
      return nullptr;
    }
    if (q < end && !lexicon::is(*q, lexicon::white_space | lexicon::delimiter)) return nullptr;
  }
  written = SanHint::make(piece, m.capture, origin, check);
  return q;
}

}  // namespace

// The main line is played as it is read, token by token, without the
// events: what parse_movetext() and the Builder do for movetext that is
// only move numbers, plain moves and results, in one pass. Everything
// else (comments, NAGs, variations, another language's letters, a move
// that is not legal, a limit) declines at once, and the caller reads the
// game the general way from the start. Declining costs the part played so
// far, once; the usual game never declines. One function of about 100
// lines: the reading and the playing share the loop's state (the position,
// the place in the text), which calls would pass around at every token.
bool play_plain_movetext(std::string_view source, std::size_t base, game::Game& game,
                         const PlayOptions& options, PlainPlay& out) {
  const bool auto_language = options.language == notation::ResolveOptions::any_language;
  if (options.warnings || !(auto_language || options.language == notation::LetterTable::english)) {
    game.mainline.clear();
    return false;
  }
  const notation::LetterTable& letters = notation::LetterTable::instance();
  notation::ResolveOptions resolve_options;
  resolve_options.language = notation::LetterTable::english;
  resolve_options.foreign_letters = options.foreign_letters;
  resolve_options.warnings = false;
  PlainLetters state(letters, notation::reading_languages(options.language), resolve_options);
  const char* const begin = source.data();
  const char* const end = begin + source.size();
  detail::CommonTokens<PlainLetters> tokens(state, end);

  const std::string result_before = game.result;
  const auto decline = [&] {
    game.mainline.clear();
    game.result = result_before;
    return false;
  };
  game.mainline.clear();
  std::vector<game::GameMove>& moves = game.mainline.moves;
  // Builder::play's two limits in one (the main line is all there is).
  const std::size_t limit =
      static_cast<std::size_t>(std::max(0, std::min(options.max_plies, options.max_moves)));
  Position pos = game.start;  // walked: its key is not kept (never asked here)
  bool terminated = false;
  bool any_token = false;
  const char* p = begin;
  const auto blank = [](char c) {
    return static_cast<unsigned char>(c) <= ' ' && ((std::uint64_t{1} << c) & white_space_bits) != 0;
  };
  while (true) {
    while (p < end && blank(*p)) ++p;
    if (p == end) break;
    any_token = true;
    const char* const token = p;
    if (is_digit_byte(*p)) {
      const lexicon::MoveNumber n =
          lexicon::match_move_number(std::string_view(p, static_cast<std::size_t>(end - p)));
      if (n.length != 0) {
        p += n.length;
        continue;
      }
    }
    notation::WrittenMove w;
    PieceType piece = PieceType::none;  // known for a usual move (none: ask resolve_usual)
    SanHint written;                    // what SAN says of the move as written (a usual move)
    const char* next = usual_move(p, end, state, resolve_options, w, piece, written);
    if (next == nullptr) {
      piece = PieceType::none;
      w = notation::WrittenMove();
      next = tokens.plain_move(p, w);
    }
    if (next == nullptr) {
      const char* after = nullptr;
      const int kind = plain_result(p, end, after);
      if (kind == 0) return decline();
      game.result = result_text(kind);
      terminated = true;
      p = after;
      continue;
    }
    p = next;
    // Builder::play, for a move played on the main line.
    if (moves.size() >= limit) return decline();
    Move move;
    SanHint san;
    notation::UsualMove usual;
    if (piece != PieceType::none ? notation::resolve_plain(pos, w, piece, usual)
                                 : notation::resolve_usual(pos, w, resolve_options, usual)) {
      move = usual.move;
      san = usual_hint(pos, usual);
    } else {
      const notation::Resolution r = resolve(pos, w, resolve_options);
      if (!r.is_legal() || r.move == Move::null()) return decline();
      move = r.move;
      san = resolved_hint(pos, r);
    }
    notera::detail::walk_move(pos, move);
    san = san.with_check(check_after(pos));
    // Written just as SAN spells it (usual_move() reads N B R Q K as the
    // English, PGN, letters): the writer's to copy (GameMove::source_length).
    const bool as_san = piece != PieceType::none && written == san;
    // Made whole once it is known, not zeroed first and then filled.
    moves.push_back({move, w.draw_offer, static_cast<std::uint8_t>(as_san ? p - token : 0),
                     static_cast<std::uint32_t>(base + static_cast<std::size_t>(token - begin)), san, 0});
    if (w.glyph) game.mainline.edit_notes(moves.size() - 1).nags.push_back(w.glyph);
  }
  out.language = LanguageChoice();
  out.language.language = notation::LetterTable::english;
  out.language.guessed = auto_language;
  out.terminated = terminated;
  out.any_token = any_token;
  game.language = auto_language ? "en" : letters.language(notation::LetterTable::english).code;
  check_result(game, pos);
  return true;
}

void check_result(game::Game& game) { check_result(game, game.final_position()); }

void check_result(game::Game& game, const Position& final) {
  if (game.status != game::GameStatus::complete) return;
  std::string_view expected;
  Message why;
  if (is_checkmate(final)) {
    expected = final.side_to_move() == Color::white ? "0-1" : "1-0";
    why = Message("result.checkmate");
  } else if (is_stalemate(final)) {
    expected = "1/2-1/2";
    why = Message("result.stalemate");
  } else if (insufficient_material(final)) {
    expected = "1/2-1/2";
    why = Message("result.dead_position");
  } else {
    return;
  }
  if (game.result == "*" || game.result == expected) return;
  Diagnostic d;
  d.severity = Severity::warning;
  d.message = Message("result.contradicts")
                  .with("written", game.result)
                  .with("expected", std::string(expected))
                  .with("reason", std::move(why));
  d.where = game.where;
  game.diagnostics.push_back(std::move(d));
}

game::Game read_movetext_game(std::string_view text, const PlayOptions& options, const Position& start,
                              int first_line) {
  game::Game game;
  game.start = start;
  game.custom_start = !(start == Position::start());
  game.where = {first_line, 1};
  pgn::MovetextParse parse;
  parse_movetext(text, notation::reading_languages(options.language), parse);
  text::TextLocator locator(text, first_line);
  play_movetext(parse, text, 0, locator, game, options);
  return game;
}

}  // namespace notera::pgn
