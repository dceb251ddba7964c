#pragma once
// Game scores that need not be win, draw or loss: any value in [0, 1] (a scoring variant's
// share of the points, Stylish chess). Kept as the three sums every statistic of them needs.

#include <cstdint>

#include "balance/stats/counts.hpp"

namespace balance::stats {

/// n scores x_i in [0, 1] from one side's view, as sum x_i and sum x_i (1 - x_i).
struct ScoreSample {
    std::int64_t games = 0;
    double sum = 0.0;     // sum of x_i
    double spread = 0.0;  // sum of x_i (1 - x_i): 1/4 per draw, 0 per win or loss

    /// Adds one score; returns false (and adds nothing) when x is not in [0, 1].
    [[nodiscard]] bool add(double x);
    /// Mean score sum / n; NaN when n = 0.
    [[nodiscard]] double mean() const;
    /// Mean of x (1 - x); NaN when n = 0. The variance of the scores is mean (1 - mean) minus
    /// this: for W/D/L games it is d/4 (d the draw rate).
    [[nodiscard]] double mean_spread() const;
    /// The same games from the opponent's view (x -> 1 - x).
    [[nodiscard]] ScoreSample flipped() const;

    ScoreSample& operator+=(const ScoreSample& other);
};

/// W/D/L counts as a score sample (wins 1, draws 1/2, losses 0).
[[nodiscard]] ScoreSample to_sample(const Wdl& wdl);

}  // namespace balance::stats
