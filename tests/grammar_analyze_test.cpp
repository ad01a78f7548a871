// pegtl::analyze on every grammar: no rule can loop without consuming input.
#include <doctest/doctest.h>

#include <tao/pegtl/contrib/analyze.hpp>

#include "notera/grammar/fen.hpp"
#include "notera/grammar/move.hpp"
#include "notera/grammar/movetext.hpp"

namespace pegtl = tao::pegtl;

TEST_CASE("grammars: pegtl::analyze finds no problems") {
  CHECK(pegtl::analyze<notera::grammar::fen::fen>() == 0);
  CHECK(pegtl::analyze<notera::grammar::move::single_move>() == 0);
  CHECK(pegtl::analyze<notera::grammar::move::written_move>() == 0);
  CHECK(pegtl::analyze<notera::grammar::movetext::movetext>() == 0);
}
