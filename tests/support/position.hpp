// A position from FEN for tests: the test stops, naming the FEN, when it
// does not read.
#pragma once

#include <doctest/doctest.h>

#include "notera/core/fen.hpp"
#include "notera/core/position.hpp"

namespace notera::test {

inline Position position(const char* fen) {
  const FenResult r = read_fen(fen);
  REQUIRE_MESSAGE(r.position.has_value(), fen);
  return *r.position;
}

}  // namespace notera::test
