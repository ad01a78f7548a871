// Editions of the FIDE Laws of Chess that notera can judge by. They differ
// in notation strictness (2005/2009: x and e.p. shall be written; 2023: they
// are optional and the long form is accepted, Appendix C) and in automatic
// draws (§9.6 exists from 2014). See docs/fide-rules.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace notera::notation {

enum class Laws : std::uint8_t { fide2005, fide2009, fide2018, fide2023 };

inline constexpr Laws default_laws = Laws::fide2023;

std::optional<Laws> parse_laws(std::string_view year);  // "2005", "2009", "2018", "2023"
std::string_view to_string(Laws laws);                  // the year
// Automatic draws by fivefold repetition and 75 moves (FIDE §9.6, from 2014).
inline bool has_automatic_draws(Laws laws) { return laws >= Laws::fide2018; }

// Of the inaccuracies found in a written move (resolve.hpp warning flags),
// those that are worth a warning under this edition: a missing x or e.p.
// only where the edition says they shall be written, the long form only
// before 2023.
std::uint32_t relevant_warnings(std::uint32_t warnings, Laws laws);

}  // namespace notera::notation
