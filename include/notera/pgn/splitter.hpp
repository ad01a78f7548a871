// Cutting a stream of PGN into games, with bounded memory for any input.
//
// The splitter reads large chunks into one reused buffer and hands out one
// segment at a time: a game (its raw text, tags and movetext), or bytes it
// skipped (a byte order mark, '%' escape lines, text between games, the
// rest of an oversized game). Every input byte belongs to exactly one
// segment, so a caller can account for everything it was given.
//
// Where a game starts:
//   - at a tag line ([Name "value"], leading blanks allowed) outside a
//     brace comment, unless it continues the tag section of the current
//     game (a tag name already seen there starts a new game: header-only
//     games follow each other this way). A comment among the tags, or
//     before the first of them, does not end the tag section: it is the
//     game's ([Event "x"] {note} [Site "y"] is one game, and so is a line
//     "; note" between two tags);
//   - at a tag after a game termination marker on the same line, wherever
//     on the line it is ("... 3. Bb5 a6 1-0 [Event "x"] [White "A"] ...":
//     whole databases written on one line); the game before ends at the
//     marker, and the next one's reports count columns from the line's
//     start (Segment::first_column);
//   - at movetext when no game is open (headerless move lists). After a
//     game that ended with a result (1-0, 0-1, 1/2-1/2, *, ½-½, 1:0, 0:1),
//     text only starts a new game when it looks like moves ("1.", "e4",
//     "Nf3", "O-O"); anything else ("Poikovsky", "---------") is skipped
//     as text between games and reported, never glued into a game.
// What is changed in place (same length, so offsets stay right):
//   - a NUL byte becomes a space (and is reported);
//   - a lone CR (old Mac line end) becomes LF; CRLF is left alone;
//   - '%' escape lines inside a game (PGN §6) and [pgn] / [/pgn] wrappers
//     become spaces.
// With SplitterOptions::game_per_line, every line that is not blank and
// not a '%' escape line starts a game, whatever it holds (also the line
// after a cut, below: the overflow ends at the line's end).
// Limits: a game larger than max_game_size, or a line longer than
// max_line_length, is cut there with a note; the bytes after the cut, up
// to the next tag line, are skipped as `overflow`. An unterminated brace
// comment therefore cannot swallow the rest of a file; besides, a
// complete [Event "..."] line inside a comment ends that comment and the
// game (the comment was surely never closed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "notera/base/message.hpp"
#include "notera/text/source.hpp"

namespace notera::pgn {

struct SplitterOptions {
  std::size_t chunk_size = std::size_t{1} << 20;       // bytes per read
  std::size_t max_game_size = std::size_t{4} << 20;    // a game is cut beyond this
  std::size_t max_line_length = std::size_t{1} << 20;  // a line is cut beyond this
  // Every line that is not blank (or a '%' escape line) starts a game:
  // files of one game per line, as `--to san`, `lan` and `uci` write
  // games from the standard position (moves alone, no result between).
  bool game_per_line = false;
};

enum class SegmentKind : std::uint8_t { game, skipped };

enum class SkipReason : std::uint8_t {
  none,             // a game
  blank,            // white space only, before the first game
  byte_order_mark,  // a UTF-8 BOM at the start
  escape_line,      // '%' lines between games (PGN §6)
  between_games,    // text after a game's result that is not a game
  overflow,         // the rest of a game or line cut at a size limit
};

// Something the splitter did to or found in a segment.
struct SplitNote {
  Message message;        // "pgn.split.*"
  std::int64_t line = 0;  // 1-based line in the input
  int column = 0;         // 1-based, in characters
};

struct Segment {
  SegmentKind kind = SegmentKind::game;
  SkipReason reason = SkipReason::none;
  // The bytes (NULs as spaces, lone CRs as LFs, see above). Valid until
  // the next call of Splitter::next.
  std::string_view text;
  std::int64_t first_line = 1;    // line of text[0]
  int first_column = 1;           // column of text[0] (1-based, characters): > 1 after a split
  std::uint64_t byte_offset = 0;  // of text[0] in the input
  std::span<const SplitNote> notes;
  bool truncated = false;  // a game cut at a size limit
};

class Splitter {
 public:
  explicit Splitter(text::ByteSource& source, SplitterOptions options = {});
  ~Splitter();
  Splitter(const Splitter&) = delete;
  Splitter& operator=(const Splitter&) = delete;

  // The next segment; false at the end of the input. Throws what the
  // source throws (std::system_error on a read error).
  bool next(Segment& segment);

  std::uint64_t games() const { return games_; }

 private:
  enum class Phase : std::uint8_t { tags, movetext, after_result };
  struct Line {
    std::size_t begin = 0;        // first byte
    std::size_t content = 0;      // first byte after leading blanks
    std::size_t end = 0;          // end of content (before CR LF)
    std::size_t next = 0;         // start of the next line
    bool complete = false;        // ends with LF (or the input ends)
    bool tag = false;             // a tag line ([Name "value"])
    std::string_view name;        // its (first) tag name
    std::uint64_t name_hash = 0;  // of `name` (hashed once per line)
  };
  enum class Decision : std::uint8_t { continue_segment, new_game, new_skipped };

  bool fill();
  void normalise_line_ends(std::size_t from);
  bool find_line(Line& line);
  void prepare_line(Line& line, bool continuation);
  bool take_usual_line(const Line& line);
  void stop_at_split(const Line& line);
  bool emit_at_split(Segment& segment);
  bool is_tag_pair_line(std::size_t begin, std::size_t end, std::uint64_t& hash) const;
  void classify(Line& line) const;
  Decision decide(const Line& line, SkipReason& reason);
  void start_segment(SegmentKind kind, SkipReason reason);
  void consume(const Line& line);
  // `first`: the line when classify() has found its first tag name (and
  // its hash) at i already; null: find them.
  void scan_tag_line(std::size_t i, std::size_t end, const Line* first = nullptr);
  bool skip_tag_string(std::size_t& j, std::size_t end) const;
  std::size_t after_tag_value(std::size_t j, std::size_t end) const;
  bool continue_tag_string(std::size_t begin, std::size_t end);
  bool closes_tag_string(const Line& line) const;
  bool ends_tag(std::size_t i, std::size_t end) const;
  void scan_movetext(std::size_t i, std::size_t end);
  void check_result(std::size_t i, std::size_t line_begin, std::size_t end);
  // Also the line's first tag name and its hash (when it is a tag line).
  bool is_tag_line(std::size_t content, std::size_t end, std::string_view& name, std::uint64_t& hash) const;
  bool looks_like_moves(std::size_t content, std::size_t end) const;
  bool is_position_line(std::size_t content, std::size_t end) const;
  bool seen_tag(std::uint64_t name_hash) const;
  void add_tag(std::uint64_t name_hash);
  bool remember_tag(std::uint64_t name_hash);  // false when already seen
  void emit(Segment& segment);
  void note(Message message, std::int64_t line, std::size_t line_begin, std::size_t offset);
  int column(std::size_t line_begin, std::size_t offset) const;

  text::ByteSource& source_;
  SplitterOptions options_;
  std::unique_ptr<char[]> buffer_;
  std::size_t capacity_ = 0;
  std::size_t begin_ = 0;  // start of the current segment
  std::size_t pos_ = 0;    // start of the next unprocessed line
  std::size_t end_ = 0;    // end of the data
  std::size_t cr_from_ = 0;
  std::size_t nul_limit_ = 0;  // no NUL byte at or after this offset
  std::uint64_t base_ = 0;     // input offset of buffer_[0]
  std::int64_t line_ = 1;      // line number at pos_
  // No LF in [pos_, no_newline_until_) (when pos_ is below it): where
  // find_line searches on from.
  std::size_t no_newline_until_ = 0;
  // A game ended by its result at split_at_, inside the line, where the
  // next game's tag starts (scan_movetext stops there).
  bool split_ = false;
  std::size_t split_at_ = 0;
  int next_column_ = 1;  // column of the segment start_segment starts
  bool eof_ = false;
  bool started_ = false;
  bool mid_line_ = false;         // pos_ is inside a line (after a cut)
  bool line_prepared_ = false;    // the line at pos_ was prepared (NULs, wrappers)
  bool pending_start_ = false;    // a segment was emitted at pos_; start the next
  bool pending_decided_ = false;  // the line at pos_ was classified for it (not after a cut)
  SegmentKind pending_kind_ = SegmentKind::game;
  SkipReason pending_reason_ = SkipReason::none;

  // The current segment.
  bool open_ = false;
  SegmentKind kind_ = SegmentKind::skipped;
  SkipReason reason_ = SkipReason::blank;
  std::int64_t first_line_ = 1;
  int first_column_ = 1;
  Phase phase_ = Phase::tags;
  bool in_comment_ = false;
  std::int64_t comment_line_ = 0;
  // Offsets relative to begin_ (they survive the buffer being compacted):
  std::size_t comment_offset_ = 0;       // of the '{' of an open comment
  std::size_t comment_line_offset_ = 0;  // of the start of its line
  std::size_t comment_line_begin_ = 0;   // of the start of the line being scanned
  int depth_ = 0;
  bool truncated_ = false;
  bool resync_ = false;  // skipping after a cut until the next tag line
  bool last_game_had_result_ = false;
  std::uint64_t tag_hashes_[64] = {};
  int tag_count_ = 0;
  std::uint64_t tag_hash_bits_ = 0;  // bit (hash >> 58) of every hash in tag_hashes_
  bool open_tag_string_ = false;     // the last tag line ended inside a value
  // NULs of the line at pos_ (found by prepare_line, reported by consume).
  std::size_t line_nuls_ = 0;
  int line_nul_column_ = 0;
  std::uint64_t segment_nuls_ = 0;
  std::int64_t segment_nul_line_ = 0;
  int segment_nul_column_ = 0;
  std::vector<SplitNote> notes_;
  std::vector<SplitNote> emitted_notes_;
  std::uint64_t games_ = 0;
};

// What to tell a user about a skipped segment ("pgn.split.skip.*"), or an
// empty Message when there is nothing worth saying (blank space). With
// `game_per_line` (SplitterOptions), the rest of a cut game goes to the
// next line, not to the next tag line.
Message describe_skipped(const Segment& segment, bool game_per_line = false);

}  // namespace notera::pgn
