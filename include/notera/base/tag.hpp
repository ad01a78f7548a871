// A PGN tag pair (PGN standard §8.1): what the header of a game says, as
// read from PGN tags or from a scoresheet's header lines.
#pragma once

#include <string>

namespace notera {

struct Tag {
  std::string name;
  std::string value;
  bool operator==(const Tag&) const = default;
};

}  // namespace notera
