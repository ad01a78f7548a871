// Differential: the PEGTL grammars against the hand-written shortcuts that
// share the PGN lexicon (lib/notera/pgn/lexicon.hpp), on the same bytes.
//
// Invariants (any difference is a finding):
//   - the tag section read with the shortcut equals the tag section read by
//     the grammar alone (tags, values, diagnostics with their places, where
//     the movetext starts), with the default limits and with tiny ones;
//   - the movetext events read with the shortcut equal the events of the
//     grammar alone, for every language and for English alone;
//   - at every offset, lexicon::match_result and lexicon::match_move_number
//     match exactly what the grammar's result and move_number rules match.
#include <tao/pegtl.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "notera/grammar/movetext.hpp"
#include "notera/notation/letters.hpp"
#include "notera/pgn/lexicon.hpp"
#include "notera/pgn/movetext.hpp"
#include "notera/pgn/tags.hpp"

using namespace notera;

namespace {

namespace pegtl = tao::pegtl;
namespace gt = grammar::movetext;
namespace lexicon = pgn::lexicon;

// The grammar's result spellings, without the token end the lexicon
// leaves to its callers.
struct result_spelling : pegtl::sor<gt::white_wins, gt::black_wins, gt::draw, gt::unknown_result> {};

std::size_t grammar_match(std::string_view text, bool result) {
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(text.data(), text.size(), "fuzz");
  const bool matched = result ? pegtl::parse<result_spelling>(in) : pegtl::parse<gt::move_number>(in);
  return matched ? static_cast<std::size_t>(in.current() - text.data()) : 0;
}

void check_tags(std::string_view text) {
  for (const pgn::TagLimits limits : {pgn::TagLimits{}, pgn::TagLimits{2, 4}}) {
    pgn::TagSection shortcut, grammar;
    pgn::read_tag_section(text, 3, shortcut, limits);
    pgn::read_tag_section_by_grammar(text, 3, grammar, limits);
    NOTERA_FUZZ_CHECK(shortcut == grammar, text);
  }
}

void check_movetext(std::string_view text) {
  for (const notation::LanguageMask mask :
       {notation::all_languages, notation::LetterTable::instance().mask_of(notation::LetterTable::english)}) {
    pgn::MovetextParse shortcut, grammar;
    pgn::parse_movetext(text, mask, shortcut);
    pgn::parse_movetext_by_grammar(text, mask, grammar);
    NOTERA_FUZZ_CHECK(shortcut.events == grammar.events, text);
  }
}

void check_lexicon(std::string_view text) {
  const std::size_t offsets = std::min<std::size_t>(text.size(), 512);
  for (std::size_t i = 0; i < offsets; ++i) {
    const std::string_view rest = text.substr(i);
    const lexicon::ResultMatch result = lexicon::match_result(rest);
    NOTERA_FUZZ_CHECK(result.length == grammar_match(rest, true), rest.substr(0, 16));
    const lexicon::MoveNumber number = lexicon::match_move_number(rest);
    NOTERA_FUZZ_CHECK(number.length == grammar_match(rest, false), rest.substr(0, 16));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_tags(text);
  check_movetext(text);
  check_lexicon(text);
  return 0;
}
