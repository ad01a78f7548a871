#include "notera/pgn/movetext.hpp"

#include <array>

#include <tao/pegtl.hpp>

#include "notera/grammar/movetext.hpp"
#include "notera/notation/move_actions.hpp"
#include "notera/pgn/lexicon.hpp"
#include "notera/pgn/movetext_fast.hpp"

namespace notera::pgn {

namespace {

namespace pegtl = tao::pegtl;
namespace gt = grammar::movetext;

struct MovetextState : notation::detail::MoveParseState {
  MovetextState(const notation::LetterTable& table, notation::LanguageMask mask, MovetextParse& parse,
                const char* base, const text::NormalizedText* normal)
      : MoveParseState(table, mask), out(parse), text_begin(base), normalized(normal) {}

  // Offsets are reported in the source, before normalisation.
  std::uint32_t offset(const char* p) const {
    const auto i = static_cast<std::size_t>(p - text_begin);
    return static_cast<std::uint32_t>(normalized ? normalized->source(i) : i);
  }
  template <typename ActionInput> MovetextEvent& emit(MovetextEvent::Kind kind, const ActionInput& in) {
    return emit(kind, in.begin(), in.end());
  }
  MovetextEvent& emit(MovetextEvent::Kind kind, const char* begin, const char* end) {
    MovetextEvent& e = out.events.emplace_back();
    e.kind = kind;
    e.begin = offset(begin);
    e.end = offset(end);
    return e;
  }

  MovetextParse& out;
  const char* text_begin;
  const text::NormalizedText* normalized;
  int pending_number = 0;
};

// Actions: the written-move actions, plus one per movetext token.
template <typename Rule> struct action : notation::detail::move_action<Rule> {};

template <MovetextEvent::Kind kind> struct emit_action {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    s.emit(kind, in);
  }
};

template <> struct action<gt::move_token> {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    MovetextEvent& e =
        s.emit(s.descriptive ? MovetextEvent::Kind::descriptive : MovetextEvent::Kind::move, in);
    e.move = s.move;
  }
};
template <> struct action<gt::comment_text> : emit_action<MovetextEvent::Kind::comment> {};
template <> struct action<gt::line_comment_text> : emit_action<MovetextEvent::Kind::comment> {};
template <> struct action<gt::variation_start> : emit_action<MovetextEvent::Kind::variation_start> {};
template <> struct action<gt::variation_end> : emit_action<MovetextEvent::Kind::variation_end> {};
template <> struct action<gt::draw_offer> : emit_action<MovetextEvent::Kind::draw_offer> {};
template <> struct action<gt::detached_en_passant> : emit_action<MovetextEvent::Kind::en_passant> {};
template <> struct action<gt::unknown_token> : emit_action<MovetextEvent::Kind::unknown> {};
template <> struct action<gt::stray_delimiter> : emit_action<MovetextEvent::Kind::unknown> {};

template <> struct action<gt::nag_number> {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    s.emit(MovetextEvent::Kind::nag, in).number =
        lexicon::number_value(std::string_view(in.begin(), in.size()));
  }
};

template <> struct action<gt::detached_check> {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    const std::string_view t(in.begin(), in.size());
    const bool mate = t == "#" || t == "++" || t == "X";
    s.emit(MovetextEvent::Kind::check, in).number = mate ? 2 : 1;
  }
};

template <> struct action<gt::evaluation> {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    const std::string_view t(in.begin(), in.size());
    // PGN §10 NAG numbers for the usual signs.
    struct Sign {
      std::string_view text;
      int nag;
    };
    static constexpr Sign signs[] = {
        {"!", 1},    {"?", 2},    {"!!", 3},   {"??", 4}, {"!?", 5},   {"?!", 6},   {"□", 7},
        {"=", 10},   {"∞", 13},   {"+=", 14},  {"⩲", 14}, {"+/=", 14}, {"=+", 15},  {"⩱", 15},
        {"=/+", 15}, {"±", 16},   {"+/-", 16}, {"∓", 17}, {"-/+", 17}, {"+-", 18},  {"+--", 18},
        {"-+", 19},  {"--+", 19}, {"⇆", 132},  {"→", 40}, {"↑", 36},   {"∆", 140},  {"⊥", 142},
        {"⌓", 142},  {"⨀", 22},   {"○", 22},   {"⟳", 32}, {"⇄", 132},  {"⯹", 142}};
    int nag = 0;
    for (const Sign& sign : signs)
      if (sign.text == t) nag = sign.nag;
    s.emit(MovetextEvent::Kind::nag, in).number = nag;
  }
};

template <> struct action<gt::result> {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    int kind = MovetextEvent::draw;
    switch (lexicon::match_result(std::string_view(in.begin(), in.size())).result) {
      case lexicon::Result::white_wins: kind = MovetextEvent::white_wins; break;
      case lexicon::Result::black_wins: kind = MovetextEvent::black_wins; break;
      case lexicon::Result::unknown: kind = MovetextEvent::unknown_result; break;
      case lexicon::Result::draw:
      case lexicon::Result::none: break;
    }
    s.emit(MovetextEvent::Kind::result, in).number = kind;
  }
};

// On the whole token: its parts may have matched in an attempt that failed.
template <> struct action<gt::move_number> {
  template <typename ActionInput> static void apply(const ActionInput& in, MovetextState& s) {
    const lexicon::MoveNumber n = lexicon::match_move_number(std::string_view(in.begin(), in.size()));
    MovetextEvent& e = s.emit(MovetextEvent::Kind::move_number, in);
    e.number = lexicon::number_value(std::string_view(in.begin(), n.digits));
    e.dots = static_cast<std::uint8_t>(std::min<std::size_t>(n.dots, 3));
  }
};

void parse(std::string_view text, notation::LanguageMask languages, MovetextParse& out, bool shortcut) {
  out.events.clear();
  const text::NormalizedText* normal = nullptr;
  std::string_view input = text;
  if (text::needs_normalization(text)) {
    normalize_notation(text, out.normalized);
    normal = &out.normalized;
    input = out.normalized.text;
  }
  MovetextState state(notation::LetterTable::instance(), languages, out, input.data(), normal);
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(input.data(), input.size(), "movetext");
  try {
    if (!shortcut) {
      pegtl::parse<gt::movetext, action>(in, state);
      return;
    }
    // gt::movetext is star<token>, eof: the same, one token at a time.
    detail::CommonTokens<MovetextState> common(state, input.data() + input.size());
    while (!in.empty()) {
      if (const char* next = common.read(in.current())) {
        in.bump(static_cast<std::size_t>(next - in.current()));
      } else if (!pegtl::parse<gt::token, action>(in, state)) {
        break;  // cannot happen: every byte starts a token (unknown_token at worst)
      }
    }
  } catch (const pegtl::parse_error&) {
    // The grammar has no must<> points: nothing raises. Kept for safety.
  }
}

}  // namespace

void parse_movetext(std::string_view text, notation::LanguageMask languages, MovetextParse& out) {
  parse(text, languages, out, true);
}

void parse_movetext_by_grammar(std::string_view text, notation::LanguageMask languages, MovetextParse& out) {
  parse(text, languages, out, false);
}

}  // namespace notera::pgn
