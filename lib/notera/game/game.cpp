#include "notera/game/game.hpp"

namespace notera::game {

std::string_view to_string(GameStatus status) {
  switch (status) {
    case GameStatus::complete: return "complete";
    case GameStatus::incomplete: return "incomplete";
    case GameStatus::rejected: return "rejected";
  }
  return "rejected";
}

std::optional<std::string_view> Game::tag(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return t.value;
  return std::nullopt;
}

void Game::set_tag(std::string_view name, std::string_view value) {
  for (Tag& t : tags) {
    if (t.name == name) {
      t.value = value;
      return;
    }
  }
  tags.push_back({std::string(name), std::string(value)});
}

bool Game::has_errors() const {
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::error) return true;
  return false;
}

const MoveNotes& Line::notes_of(std::size_t i) const {
  static const MoveNotes none;
  const std::uint32_t n = moves[i].notes;
  return n == 0 ? none : notes[n - 1];
}

MoveNotes& Line::edit_notes(std::size_t i) {
  GameMove& m = moves[i];
  if (m.notes == 0) {
    notes.emplace_back();
    m.notes = static_cast<std::uint32_t>(notes.size());
  }
  return notes[m.notes - 1];
}

void Line::clear() {
  comment_before.clear();
  moves.clear();
  notes.clear();
}

void Game::clear() {
  tags.clear();
  start = Position::start();
  custom_start = false;
  mainline.clear();
  result.assign(1, '*');  // not = "*": GCC 12 warns falsely (PR 105651)
  language.clear();
  diagnostics.clear();
  status = GameStatus::complete;
  where = {};
}

Position Game::final_position() const {
  Position pos = start;
  for (const GameMove& m : mainline.moves) pos.play(m.move);
  return pos;
}

}  // namespace notera::game
