// Uses the installed notera as a tool author would: judge a written move in
// Norwegian letters, read a PGN game from memory through the input layer,
// and render a message in Norwegian. Prints one line per check; exits 1 on
// the first that fails.
#include <cstdio>
#include <memory>
#include <string>

#include "notera/core/fen.hpp"
#include "notera/input/games.hpp"
#include "notera/locale/messages.hpp"
#include "notera/notation/judge.hpp"
#include "notera/notation/letters.hpp"
#include "notera/pgn/writer.hpp"
#include "notera/report/json.hpp"

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
  std::printf("%s: %s\n", ok ? "ok" : "FAILED", what.c_str());
  if (!ok) ++failures;
}

}  // namespace

int main() {
  using namespace notera;
  notation::ResolveOptions options;
  options.language = notation::LetterTable::instance().language_index("nb");
  const notation::MoveJudgement j = notation::judge_written_move(Position::start(), "Sf3", options);
  check(j.is_legal() && to_san(Position::start(), j.reading.resolution.move) == "Nf3", "Sf3 in nb is Nf3");

  const std::string pgn = "[Event \"Test\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 1/2-1/2\n";
  auto stream = input::open_games(std::make_unique<text::MemorySource>(pgn), "memory.pgn");
  input::GameTextReader reader(pgn::PlayOptions{}, &stream->detection());
  input::Entry entry;
  game::Game game;
  int games = 0;
  while (stream->next(entry)) {
    if (entry.kind != input::Entry::Kind::game) continue;
    reader.read(entry.game, stream->name(), game);
    ++games;
  }
  check(games == 1 && game.mainline.moves.size() == 6 && !game.language.empty(),
        "one game of 6 plies, read in " + game.language);
  std::string out;
  pgn::Writer().write(game, out);
  check(out.find("3. Bb5 a6 1/2-1/2") != std::string::npos, "written as PGN");

  const locale::Messages nb("nb");
  const report::MoveReport report = report::move_report(Position::start(), "Sf3", j, nb);
  check(report.json["san"] == "Nf3" && !report.message.empty(), "a move report in nb: " + report.message);
  return failures == 0 ? 0 : 1;
}
