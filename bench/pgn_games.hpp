// The games of a PGN file, one after the other, as the benchmarks read them
// (the library's splitter and reader, default options).
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <optional>

#include "notera/game/game.hpp"
#include "notera/pgn/reader.hpp"
#include "notera/pgn/splitter.hpp"
#include "notera/text/encoding.hpp"
#include "notera/text/source.hpp"

namespace notera::bench {

class PgnGames {
 public:
  // Says why on stderr when the file cannot be opened (then !ok()).
  explicit PgnGames(const char* path) : fd_(::open(path, O_RDONLY)), raw_(fd_) {
    if (fd_ < 0) {
      std::perror(path);
      return;
    }
    input_ = text::open_input(raw_);
    splitter_.emplace(*input_.source);
    reader_.emplace(pgn::ReadOptions{}, &input_.detection);
  }
  ~PgnGames() {
    if (fd_ >= 0) ::close(fd_);
  }
  PgnGames(const PgnGames&) = delete;
  PgnGames& operator=(const PgnGames&) = delete;

  bool ok() const { return fd_ >= 0; }

  // Reads the next game into `game`; false at the end. `bytes` counts what
  // the splitter cut, games or not.
  bool next(game::Game& game) {
    if (!ok()) return false;
    while (splitter_->next(segment_)) {
      bytes += segment_.text.size();
      if (segment_.kind != pgn::SegmentKind::game) continue;
      reader_->read(segment_.text, segment_.first_line, game);
      return true;
    }
    return false;
  }

  std::uint64_t bytes = 0;

 private:
  int fd_;
  text::FdSource raw_;
  text::OpenedInput input_;
  std::optional<pgn::Splitter> splitter_;
  std::optional<pgn::GameReader> reader_;
  pgn::Segment segment_;
};

}  // namespace notera::bench
