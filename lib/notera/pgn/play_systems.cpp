// Playing movetext written in another notation system (descriptive,
// announced) into a Game. The PGN movetext reader splits at blanks and takes
// parentheses for variations; books print "P - Q B 4" and "P-R8(Q)", so the
// text is read here again from its source, move by move, with the system's
// own reader taking as much as makes one move; a move the text leaves
// ambiguous is the one the moves after it allow, when only one does.
// Variations are played as the
// PGN player plays them (play.cpp): each from the position before the move
// it replaces, a bad move ending only its own variation.
#include <algorithm>
#include <optional>

#include "notera/core/game_state.hpp"
#include "notera/core/movegen.hpp"
#include "notera/core/san.hpp"
#include "notera/notation/judge.hpp"
#include "notera/notation/systems.hpp"
#include "notera/pgn/play_movetext.hpp"

namespace notera::pgn {

namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || static_cast<unsigned char>(c) >= 0x80;
}
bool digit(char c) { return c >= '0' && c <= '9'; }

class SystemPlayer {
 public:
  SystemPlayer(std::string_view source, std::size_t base, text::TextLocator* locator, game::Game& game,
               const PlayOptions& options, notation::System system, bool mainline_only)
      : source_(source),
        base_(base),
        locator_(locator),
        game_(game),
        options_(options),
        system_(system),
        mainline_only_(mainline_only) {}

  SystemPlay run() {
    game_.mainline.clear();
    frames_.clear();
    frames_.push_back(Frame{&game_.mainline,
                            game_.start,
                            {},
                            start_origins_ ? *start_origins_ : notation::initial_origins(game_.start),
                            {},
                            false,
                            0});
    std::size_t i = 0;
    while (i < source_.size() && !stopped_) i = step(i);
    // At the '(' of the outermost variation left open (as play.cpp says it).
    if (frames_.size() > 1 && !mainline_only_ && !stopped_)
      report(Severity::warning, Message("game.variation_not_closed"), frames_[1].opened_at, 0);
    if (!mainline_only_) check_result(game_, frames_.front().pos);
    return {static_cast<int>(game_.mainline.moves.size()), stopped_};
  }

 private:
  // A line being played: the main line, or a variation inside it.
  struct Frame {
    game::Line* line;
    Position pos;                    // the position now
    Undo last_undo;                  // takes back the line's last move (a variation starts there)
    notation::PieceOrigins origins;  // where each piece started (descriptive "QN", "KR")
    notation::PieceOrigins origins_before;  // ... before the line's last move
    bool has_before;                        // the line has a last move
    std::size_t opened_at;                  // a variation: where its '(' is in the source

    Position before() const {
      Position p = pos;
      p.undo_move(line->moves.back().move, last_undo);
      return p;
    }
  };

  Frame& frame() { return frames_.back(); }
  bool in_mainline() const { return frames_.size() == 1; }

  // Reads what starts at `i` (after blanks); returns where the next thing starts.
  std::size_t step(std::size_t i) {
    const char c = source_[i];
    if (blank(c)) return i + 1;
    if (c == '{') {
      const std::size_t end = source_.find('}', i + 1);
      const std::size_t stop = end == std::string_view::npos ? source_.size() : end;
      add_comment(source_.substr(i + 1, stop - i - 1));
      return stop == source_.size() ? stop : stop + 1;
    }
    if (c == ';' || (c == '%' && (i == 0 || source_[i - 1] == '\n'))) {
      const std::size_t end = source_.find('\n', i);
      if (c == ';')
        add_comment(source_.substr(i + 1, (end == std::string_view::npos ? source_.size() : end) - i - 1));
      return end == std::string_view::npos ? source_.size() : end + 1;
    }
    if (c == '(') return open_variation(i);
    if (c == ')') {
      if (!in_mainline())
        frames_.pop_back();
      else if (!mainline_only_)
        report(Severity::warning, Message("game.stray_variation_end"), i, 0);
      return i + 1;
    }
    if (c == '.') return i + 1;
    if (c == '$') {
      std::size_t j = i + 1;
      int nag = 0;
      while (j < source_.size() && digit(source_[j])) nag = std::min(nag * 10 + (source_[j++] - '0'), 1000);
      game::Line& line = *frame().line;
      if (nag > 0 && nag < 256 && !line.moves.empty() && !mainline_only_)
        line.edit_notes(line.moves.size() - 1).nags.push_back(static_cast<std::uint8_t>(nag));
      return j;
    }
    if (const std::size_t n = result(i)) return i + n;
    if (const std::size_t n = move(i)) return i + n;
    if (digit(c)) {  // a move number: "12.", "12...", "12"
      std::size_t j = i;
      while (j < source_.size() && digit(source_[j])) ++j;
      return j;
    }
    // A word that ends the game ("Resigns", "Drawn"), else not a move.
    std::size_t end = i;
    while (end < source_.size() && !blank(source_[end]) && source_[end] != '{' && source_[end] != '(' &&
           source_[end] != ')')
      ++end;
    const std::string_view word = source_.substr(i, std::max<std::size_t>(end - i, 1));
    std::size_t length = 0;
    const std::string_view ends =
        notation::result_words(source_.substr(i), system_, frame().pos.side_to_move(), length);
    if (!ends.empty()) {
      if (in_mainline()) game_.result = std::string(ends);
      return i + length;
    }
    return stop(i, Message("notation.not_a_move").with("text", word));
  }

  // A variation: from the position before the last move of the line it is
  // in; left out (skipped to its ')') where it cannot be played.
  std::size_t open_variation(std::size_t i) {
    if (mainline_only_ || !options_.keep_variations) return skip_variation(i);
    Frame& f = frame();
    if (!f.has_before) {
      report(Severity::warning, Message("game.variation_without_move"), i, 0);
      return skip_variation(i);
    }
    if (static_cast<int>(frames_.size()) > options_.max_variation_depth) {
      report(Severity::error, Message("game.variation_too_deep").with("limit", options_.max_variation_depth), i,
             0);
      game_.status = game::GameStatus::incomplete;  // moves were left out
      return skip_variation(i);
    }
    const Position start = f.before();
    const notation::PieceOrigins origins = f.origins_before;
    game::Line& line = *f.line;
    std::vector<game::Line>& variations = line.edit_notes(line.moves.size() - 1).variations;
    variations.emplace_back();
    frames_.push_back(Frame{&variations.back(), start, {}, origins, {}, false, i});
    return i + 1;
  }

  std::size_t result(std::size_t i) {
    static constexpr std::pair<std::string_view, std::string_view> results[] = {
        {"1/2-1/2", "1/2-1/2"}, {"\u00BD-\u00BD", "1/2-1/2"}, {"1-0", "1-0"}, {"0-1", "0-1"}, {"*", "*"}};
    for (const auto& [text, value] : results) {
      if (source_.substr(i, text.size()) != text) continue;
      const std::size_t end = i + text.size();
      if (end < source_.size() && (letter(source_[end]) || digit(source_[end]))) continue;
      if (in_mainline()) game_.result = std::string(value);
      return text.size();
    }
    return 0;
  }

  // From the '(' at `i` to after its ')'; with `depth` 1, from inside a
  // variation to after the ')' that closes it.
  std::size_t skip_variation(std::size_t i, int depth = 0) {
    std::size_t j = i;
    for (; j < source_.size(); ++j) {
      // Comments as step() reads them: a ')' inside one closes nothing.
      const char c = source_[j];
      if (c == '{' || c == ';' || (c == '%' && (j == 0 || source_[j - 1] == '\n'))) {
        const std::size_t end = source_.find(c == '{' ? '}' : '\n', j + 1);
        if (end == std::string_view::npos) return source_.size();
        j = end;
      } else if (source_[j] == '(') {
        ++depth;
      } else if (source_[j] == ')' && --depth == 0) {
        return j + 1;
      }
    }
    return j;
  }

  // Reads and plays one move at `i`; 0 when nothing there reads as one.
  std::size_t move(std::size_t i) {
    const std::string_view rest = source_.substr(i);
    notation::SystemMove first_read;
    notation::Resolution first;
    std::size_t first_length = 0;
    for (int alternative = 0; alternative < 2; ++alternative) {
      notation::SystemMove read;
      const std::size_t length = notation::read_system_move(rest, system_, read, alternative);
      if (length == 0) continue;
      if (length < rest.size() && letter(rest[length]) && !blank(rest[length - 1])) continue;
      notation::Resolution r = notation::resolve_system_move(frame().pos, read, &frame().origins,
                                                             options_.warnings && !mainline_only_);
      if (r.is_legal()) {
        play(i, length, read, r);
        return length;
      }
      if (first_length == 0) {
        first_length = length;
        first_read = read;
        first = r;
      }
    }
    if (first_length == 0) return 0;
    const std::string_view text = trimmed(rest.substr(0, first_length));
    if (first.verdict == notation::Verdict::ambiguous && read_ahead_ && in_mainline()) {
      if (const std::optional<Move> m = read_ahead(i + first_length, first.candidates)) {
        notation::Resolution chosen = first;
        chosen.verdict = notation::Verdict::legal;
        chosen.move = *m;
        if (!mainline_only_) {
          std::string list;
          for (Move c : first.candidates) {
            if (!list.empty()) list += ", ";
            list += to_san(frame().pos, c);
          }
          report(Severity::warning,
                 Message("game.ambiguous_read_ahead")
                     .with("text", text)
                     .with("candidates", list)
                     .with("move", to_san(frame().pos, *m)),
                 i, frame().pos.game_ply() - game_.start.game_ply() + 1);
        }
        play(i, first_length, first_read, chosen);
        return first_length;
      }
    }
    Message why;
    if (first.verdict == notation::Verdict::ambiguous) {
      std::string list;
      for (Move m : first.candidates) {
        if (!list.empty()) list += ", ";
        list += to_san(frame().pos, m);
      }
      why = Message("game.ambiguous_move").with("text", text).with("candidates", list);
    } else {
      why = Message("game.illegal_move")
                .with("text", text)
                .with("reason", illegal_message(frame().pos, notation::written_form(frame().pos, first_read), first));
    }
    // Past the bad move: the end (the main line stops) or its variation's ')'.
    return std::max(stop(i, std::move(why)), i + first_length) - i;
  }

  // Books write "N-B3" where two knights could go: of the moves an
  // ambiguous text fits, the one after which the main line (read from
  // `from`) plays furthest, when only one does; none when they tie.
  std::optional<Move> read_ahead(std::size_t from, const MoveList& candidates) {
    std::optional<Move> best;
    int best_plies = -1;
    bool tie = false;
    for (Move m : candidates) {
      game::Game scratch;
      scratch.start = frame().pos.after(m);
      notation::PieceOrigins origins = frame().origins;
      notation::track_origins(origins, frame().pos, m);
      SystemPlayer ahead(source_.substr(from), base_ + from, nullptr, scratch, options_, system_, true);
      ahead.read_ahead_ = false;  // one ambiguity at a time: no search over several
      ahead.start_origins_ = &origins;
      const int plies = ahead.run().plies;
      if (plies > best_plies) {
        best = m;
        best_plies = plies;
        tie = false;
      } else if (plies == best_plies) {
        tie = true;
      }
    }
    if (tie) return std::nullopt;
    return best;
  }

  static std::string_view trimmed(std::string_view s) {
    while (!s.empty() && blank(s.back())) s.remove_suffix(1);
    return s;
  }

  void play(std::size_t i, std::size_t length, const notation::SystemMove& read,
            const notation::Resolution& r) {
    Frame& f = frame();
    if (static_cast<int>(game_.mainline.moves.size()) >= options_.max_plies && in_mainline()) {
      stop(i, Message("game.too_many_plies").with("limit", options_.max_plies), "game.limit_stops");
      return;
    }
    if (moves_ >= options_.max_moves) {
      stop(i, Message("game.too_many_moves").with("limit", options_.max_moves), "game.limit_stops");
      return;
    }
    ++moves_;
    game::GameMove& gm = f.line->moves.emplace_back();
    gm.move = r.move;
    gm.source_offset = static_cast<std::uint32_t>(base_ + i);
    if (read.glyph && !mainline_only_) f.line->edit_notes(f.line->moves.size() - 1).nags.push_back(read.glyph);
    const int ply = f.pos.game_ply() - game_.start.game_ply() + 1;
    const notation::WrittenMove written = notation::written_form(f.pos, read);
    f.origins_before = f.origins;
    notation::track_origins(f.origins, f.pos, r.move);
    f.pos.do_move(r.move, f.last_undo);
    f.has_before = true;
    if (options_.warnings && !mainline_only_) {
      const std::uint32_t w = notation::judge_marks(f.pos, written, r.warnings, options_.laws, r.move);
      for (int bit = 0; bit < notation::warning_count; ++bit) {
        const auto flag = static_cast<notation::WrittenWarning>(1u << bit);
        if (w & flag)
          report(Severity::warning,
                 Message(std::string(warning_key(flag))).with("text", trimmed(source_.substr(i, length))), i,
                 ply);
      }
    }
  }

  void add_comment(std::string_view text) {
    if (mainline_only_) return;
    while (!text.empty() && blank(text.front())) text.remove_prefix(1);
    while (!text.empty() && blank(text.back())) text.remove_suffix(1);
    if (text.empty()) return;
    game::Line& line = *frame().line;
    if (line.moves.empty()) {
      if (!line.comment_before.empty()) line.comment_before += ' ';
      line.comment_before += text;
    } else {
      line.edit_notes(line.moves.size() - 1).comments.emplace_back(text);
    }
  }

  // A bad move at `i`: in the main line, the game stops there; in a
  // variation, that variation does (the rest of it is skipped). Returns
  // where reading goes on.
  std::size_t stop(std::size_t i, Message why, const char* key = "game.mainline_stops") {
    const Position& pos = frame().pos;
    if (!in_mainline() && std::string_view(key) == "game.mainline_stops") {
      if (!mainline_only_)
        report(Severity::warning,
               Message("game.variation_stops").with("number", move_number_text(pos)).with("reason", std::move(why)),
               i, 0);
      frames_.pop_back();
      return skip_variation(i, 1);
    }
    stopped_ = true;
    if (mainline_only_) return source_.size();
    game_.status = game::GameStatus::incomplete;
    report(Severity::error, Message(key).with("number", move_number_text(pos)).with("reason", std::move(why)), i,
           pos.game_ply() - game_.start.game_ply() + 1);
    return source_.size();
  }

  void report(Severity severity, Message message, std::size_t offset, int ply) {
    add_diagnostic(game_, severity, std::move(message), locator_, base_ + offset, ply);
  }

  std::string_view source_;
  std::size_t base_;
  text::TextLocator* locator_;
  game::Game& game_;
  const PlayOptions& options_;
  notation::System system_;
  bool mainline_only_;
  // Reading ahead past an ambiguous move (off in the players that do it).
  bool read_ahead_ = true;
  const notation::PieceOrigins* start_origins_ = nullptr;  // nullptr: from the start position
  std::vector<Frame> frames_;  // the main line, then the variations open in it
  int moves_ = 0;              // played, variations included
  bool stopped_ = false;
};

}  // namespace

SystemPlay play_system_movetext(std::string_view source, std::size_t base, text::TextLocator* locator,
                                game::Game& game, const PlayOptions& options, notation::System system,
                                bool mainline_only) {
  SystemPlayer player(source, base, locator, game, options, system, mainline_only);
  const SystemPlay played = player.run();
  if (!mainline_only) game.language = std::string(notation::system_code(system));
  return played;
}

notation::System best_system(std::string_view source, const game::Game& game, const PlayOptions& options,
                             std::initializer_list<notation::System> systems, int& plies, bool& full) {
  notation::System best = *systems.begin();
  plies = -1;
  full = false;
  game::Game scratch;
  for (notation::System system : systems) {
    scratch.start = game.start;
    const SystemPlay played = play_system_movetext(source, 0, nullptr, scratch, options, system, true);
    if (played.plies > plies) {
      plies = played.plies;
      best = system;
      full = !played.stopped;
    }
    if (!played.stopped) break;
  }
  return best;
}

}  // namespace notera::pgn
