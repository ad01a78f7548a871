#include "notera/batch/render.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <limits>

#include "notera/base/utf8.hpp"
#include "notera/core/uci.hpp"
#include "notera/notation/letters.hpp"
#include "notera/pgn/writer.hpp"
#include "notera/report/json.hpp"
#include "notera/text/encoding.hpp"
#include "notera/text/locate.hpp"

namespace notera::batch {

std::optional<OutputFormat> output_format(std::string_view name) {
  OutputFormat f;
  f.name = std::string(name);
  if (name == "pgn") {
    f.format = Format::pgn;
    return f;
  }
  if (name == "json") {
    f.format = Format::json;
    return f;
  }
  const auto notation = notation::output_notation(name);
  if (!notation) return std::nullopt;
  f.notation = *notation;
  switch (notation->kind) {
    case notation::OutputNotation::Kind::san: f.format = Format::san; break;
    case notation::OutputNotation::Kind::lan: f.format = Format::lan; break;
    case notation::OutputNotation::Kind::uci: f.format = Format::uci; break;
    case notation::OutputNotation::Kind::figurine: f.format = Format::figurine; break;
    case notation::OutputNotation::Kind::language: f.format = Format::language; break;
    case notation::OutputNotation::Kind::system: f.format = Format::system; break;
  }
  return f;
}

struct Renderer::Impl {
  Impl(const OutputFormat& f, const locale::Messages& m, bool latin1)
      : format(f), messages(m), writer(writer_options(f, latin1)) {
    if (latin1) folder = std::make_unique<text::Latin1Folder>();
  }

  static pgn::WriterOptions writer_options(const OutputFormat& f, bool latin1) {
    pgn::WriterOptions o;
    o.latin1_repertoire = latin1;
    if (f.format == Format::figurine || f.format == Format::language) o.san_style = f.notation.style;
    return o;
  }

  // "notera: the game stops at 8. Bb5 ..." after the last move that was read.
  void note_incomplete(game::Game& game) {
    if (game.status != game::GameStatus::incomplete) return;
    for (const Diagnostic& d : game.diagnostics) {
      if (d.severity != Severity::error || d.ply == 0) continue;
      std::string text =
          "notera: " + messages.format(d.message) + " (" +
          messages.format(
              Message("convert.where").with("line", d.where.line).with("column", d.where.column)) +
          ")";
      // After what was written there (a comment before the moves, one
      // among the tags): added to, never in place of it.
      if (game.mainline.moves.empty()) {
        std::string& before = game.mainline.comment_before;
        before += before.empty() ? text : ' ' + text;
      } else
        game.mainline.edit_notes(game.mainline.moves.size() - 1).comments.push_back(std::move(text));
      return;
    }
  }

  void moves_line(const game::Game& game, std::string& out) {
    Position pos = game.start;
    Position after;
    notation::append_start(pos, format.notation, !game.mainline.moves.empty(), out);
    bool first = true;
    for (const game::GameMove& m : game.mainline.moves) {
      if (!first) out += ' ';
      first = false;
      after = pos;
      after.play(m.move);
      append_move(pos, m.move, after, format.notation, out);
      pos = after;
    }
    notation::append_end(game.start, format.notation, game.result, out);
    out += '\n';
  }

  // "1. P-K4 P-K4 2. N-KB3 ...": the pieces' start squares are followed so
  // that "KR" and "QN" read back as meant.
  void system_line(const game::Game& game, std::string& out) {
    Position pos = game.start;
    Position after;
    notation::PieceOrigins origins = notation::initial_origins(pos);
    notation::append_start(pos, format.notation, true, out);
    bool first = true;
    for (const game::GameMove& m : game.mainline.moves) {
      if (!first) out += ' ';
      if (pos.side_to_move() == Color::white || first) {
        out += std::to_string(pos.fullmove_number());
        out += pos.side_to_move() == Color::white ? ". " : "... ";
      }
      first = false;
      after = pos;
      after.play(m.move);
      if (m.move == Move::null())
        out += "--";
      else
        notation::append_system_move(pos, m.move, after, format.notation.system, &origins, out,
                                     format.notation.words_language);
      notation::track_origins(origins, pos, m.move);
      pos = after;
    }
    // The result ends the game, as in a book (and lets games follow each other).
    if (!first) out += ' ';
    out += game.result;
    out += '\n';
  }

  void json(const game::Game& game, const GameSource& source, std::string& out) {
    nlohmann::json j;
    j["file"] = std::string(source.file);
    j["line"] = source.line;
    j["game"] = source.index;
    j["status"] = std::string(to_string(game.status));
    nlohmann::json tags = nlohmann::json::object();
    for (const Tag& t : game.tags) tags[t.name] = t.value;
    j["tags"] = tags;
    // Where the moves start, when not from the standard position: the tags
    // as read may say it otherwise (castling rights dropped, a Variant name).
    if (notation::needs_start(game.start)) j["fen"] = uci_fen(game.start);
    j["language"] = game.language;
    nlohmann::json moves = nlohmann::json::array();
    Position pos = game.start;
    for (const game::GameMove& m : game.mainline.moves) {
      const std::string uci = to_uci(pos, m.move);
      SanText san;
      write_san_body(pos, m.move, san);
      pos.play(m.move);
      std::string text(san.view());
      if (m.move != Move::null()) text += check_mark(pos);
      moves.push_back({{"san", text}, {"uci", uci}});
    }
    j["moves"] = moves;
    j["result"] = game.result;
    nlohmann::json problems = nlohmann::json::array();
    for (const Diagnostic& d : game.diagnostics) {
      problems.push_back(report::diagnostic_json(d, messages));
    }
    j["problems"] = problems;
    out += j.dump();
    out += '\n';
  }

  void write(game::Game& game, const GameSource& source, std::string& out) {
    switch (format.format) {
      case Format::pgn:
      case Format::figurine:
      case Format::language: writer.write(game, out, source.text); break;
      case Format::san:
      case Format::lan:
      case Format::uci: moves_line(game, out); break;
      case Format::system: system_line(game, out); break;
      case Format::json: json(game, source, out); break;
    }
  }

  // Latin-1 output: the game as written from `begin` on, with what Latin-1
  // lacks transliterated here (the writer has done so for tags and
  // comments already, before measuring its lines; what is left is
  // notera's own text: moves in figurines or Cyrillic letters, notes in
  // the messages' language), so that the game can say how much was
  // changed: one warning for the game, however many characters.
  void transliterate(game::Game& game, const GameSource& source, std::string& out, std::size_t begin) {
    text::FoldedCharacters changed;
    if (format.format == Format::pgn || format.format == Format::figurine ||
        format.format == Format::language)
      changed = writer.transliterated();
    fold_from(begin, out, &changed);
    if (changed.count == 0) return;
    game.diagnostics.push_back(transliterated(changed, source));
    if (format.format == Format::json) {  // the object lists the game's problems: this one too
      out.resize(begin);
      json(game, source, out);
      fold_from(begin, out, nullptr);
    }
  }

  void fold_from(std::size_t begin, std::string& out, text::FoldedCharacters* changed) {
    if (!folder->fold(std::string_view(out).substr(begin), folded, changed)) return;
    out.resize(begin);
    out += folded;
  }

  // "'Ł' is not in Latin-1 ...", placed where the first character changed
  // stands in the game's text; text notera wrote itself is placed at the
  // game's start.
  Diagnostic transliterated(const text::FoldedCharacters& changed, const GameSource& source) {
    std::string first, as;
    utf8::append(first, changed.first);
    if (!folder->fold(first, as)) as = first;
    const auto line = static_cast<int>(std::min<std::int64_t>(source.line, std::numeric_limits<int>::max()));
    SourceLocation where{line, source.column};
    if (const std::size_t at = source.text.find(first); at != std::string_view::npos) {
      where = text::TextLocator(source.text, line).at(at);
      if (where.line == line) where.column += source.column - 1;  // the text starts inside its line
    }
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(changed.first));
    return Diagnostic{Severity::warning,
                      Message("convert.transliterated")
                          .with("count", changed.count)
                          .with("first", first)
                          .with("code", std::string(code))
                          .with("as", as),
                      where, 0};
  }

  OutputFormat format;
  const locale::Messages& messages;
  pgn::Writer writer;
  std::unique_ptr<text::Latin1Folder> folder;  // for Latin-1 output
  std::string folded;                          // scratch of fold_from()
};

Renderer::Renderer(const OutputFormat& format, const locale::Messages& messages, bool latin1_repertoire)
    : impl_(std::make_unique<Impl>(format, messages, latin1_repertoire)) {}
Renderer::~Renderer() = default;
Renderer::Renderer(Renderer&&) noexcept = default;
Renderer& Renderer::operator=(Renderer&&) noexcept = default;

void Renderer::render(game::Game& game, const GameSource& source, std::string& out) {
  impl_->note_incomplete(game);
  const std::size_t begin = out.size();
  impl_->write(game, source, out);
  if (impl_->folder) impl_->transliterate(game, source, out, begin);
}

}  // namespace notera::batch
