#pragma once
// From a game's score to win, draw or loss: the one conversion used by sweep progress, adaptive
// allocation, reports and SPRT samples.

#include "balance/stats/counts.hpp"

namespace balance::stats {

/// Counts one game by its score in [0, 1] from `wdl`'s side: the nearest result, so above 3/4 a
/// win, below 1/4 a loss, otherwise (ties at 1/4 and 3/4 included) a draw. Scores of 0, 1/2 and
/// 1 map exactly; a partial score (a points-based rule set) counts as the result it is closest
/// to. Statistics that can use the score itself should (see interval.hpp).
void add_game_score(Wdl& wdl, double score);

}  // namespace balance::stats
