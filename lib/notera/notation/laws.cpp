#include "notera/notation/laws.hpp"

#include "notera/notation/resolve.hpp"

namespace notera::notation {

std::optional<Laws> parse_laws(std::string_view year) {
  if (year == "2005") return Laws::fide2005;
  if (year == "2009") return Laws::fide2009;
  if (year == "2018") return Laws::fide2018;
  if (year == "2023") return Laws::fide2023;
  return std::nullopt;
}

std::string_view to_string(Laws laws) {
  switch (laws) {
    case Laws::fide2005: return "2005";
    case Laws::fide2009: return "2009";
    case Laws::fide2018: return "2018";
    case Laws::fide2023: return "2023";
  }
  return "2023";
}

std::uint32_t relevant_warnings(std::uint32_t warnings, Laws laws) {
  // FIDE C.13 (2018/2023): x, +, #, e.p. may be left out.
  if (laws >= Laws::fide2018)
    warnings &= ~static_cast<std::uint32_t>(warn_missing_capture_mark | warn_missing_en_passant);
  // The long form is shown as acceptable from 2023 (C.8).
  if (laws >= Laws::fide2023) warnings &= ~static_cast<std::uint32_t>(warn_long_form);
  // "d8=D" is the PGN habit; it does not make a move less clear.
  warnings &= ~static_cast<std::uint32_t>(warn_promotion_mark);
  return warnings;
}

}  // namespace notera::notation
