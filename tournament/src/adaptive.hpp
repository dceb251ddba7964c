#pragma once
// Adaptive mode: instead of a fixed number of games per cell, play in waves and send each wave's
// games to the cells whose score intervals are still widest, until every cell's 95% interval
// half-width is at most the target or the game budget is spent.
//
// Reproducibility: wave k's allocation is a function of the results of waves 0..k-1 only, and a
// wave is complete before the next is planned. A resumed run replays the allocation from the
// stored results of completed waves, finishes the first incomplete wave, and carries on: it
// reaches the same plan as an uninterrupted run (given the same game results, which node- or
// depth-limited players guarantee). Games keep their keys (cell#index), so indices continue
// where the previous wave stopped.

#include <vector>

#include "balance/stats/counts.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

// Half-width of the 95% trinomial Wilson interval of the score; 0.5 without games.
[[nodiscard]] double score_half_width(const stats::Wdl& wdl);

// Games per cell in the first wave: initial_games, fewer if the budget cannot cover that
// (at least one each).
[[nodiscard]] std::vector<int> first_wave(const AdaptiveSpec& spec, std::size_t cells);

// Games to add to each cell in the next wave given each cell's results over its `allocated`
// games; all zero when every cell has met the target or the budget is spent. Games go one at a
// time to the cell with the widest projected half-width h * sqrt(n / (n + added)) (ties: the
// earlier cell), skipping cells projected to meet the target, up to wave_games per wave.
[[nodiscard]] std::vector<int> next_wave(const AdaptiveSpec& spec,
                                         const std::vector<stats::Wdl>& results,
                                         const std::vector<int>& allocated);

}  // namespace balance::tournament
