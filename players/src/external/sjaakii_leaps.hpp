#pragma once
// The leaps and lame leaps of one piece's Move (or Capture) set as the one leap expression
// SjaakII allows there: "leap (2,1)" (every image of each vector), "aleap (1,2)|(-1,2)" (these
// vectors only) or "leap ((1,1)+(1,0))&((1,1)|(2,1))" (a lame two-leg leap with its mask; see
// sjaakii_moves.hpp). The expression is chosen from the atoms, then checked: the squares it
// reaches, and the square each needs empty, must be exactly those of the atoms, so a leap
// SjaakII would play differently is never written.

#include <optional>
#include <string>
#include <vector>

#include "balance/core/betza.hpp"

namespace balance::players::external {

// `atoms`: Leap atoms and Lame atoms over one square, from White's side. nullopt when no
// expression reaches the same squares through the same empty squares.
[[nodiscard]] std::optional<std::string> sjaakii_leap(const std::vector<core::BetzaAtom>& atoms);

}  // namespace balance::players::external
