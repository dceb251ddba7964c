#pragma once
// What `balance check` (and a sweep's start) should say about a sweep that plays a points
// variant (Stylish chess): external engines cannot play for points (they still play, and their
// games are scored by points), and resign adjudication is off there (resigning loses the whole
// series whatever the points, which no engine score can decide for a player).

#include <string>
#include <vector>

#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

[[nodiscard]] std::vector<std::string> points_variant_notes(const Sweep& sweep);

// The adjudication rules a game of a points variant runs under: the sweep's, resign off.
[[nodiscard]] AdjudicationSpec adjudication_for(const AdjudicationSpec& sweep, bool points_variant);

}  // namespace balance::tournament
