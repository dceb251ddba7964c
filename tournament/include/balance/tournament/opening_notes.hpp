#pragma once
// What `balance check` and a sweep's start say about where a sweep's games begin. Without an
// opening (no [openings] table) every game of a cell starts from the start position, and its
// only variety is the players' own randomness (the internal engine varies only its first root
// moves): games repeat, and repeated games make a cell's interval narrower than the variant
// warrants. That stays the default, so that existing sweeps keep their games; the note says so.

#include <string>
#include <vector>

#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

[[nodiscard]] std::vector<std::string> opening_notes(const Sweep& sweep);

}  // namespace balance::tournament
