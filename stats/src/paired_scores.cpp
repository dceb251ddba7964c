#include "balance/stats/paired_scores.hpp"

#include <cmath>
#include <limits>

namespace balance::stats {

namespace {

// Population variance of a sample of scores: E[x^2] - E[x]^2 = mean (1 - mean) - E[x (1 - x)].
double population_variance(const ScoreSample& sample) {
    const double mean = sample.mean();
    return std::max(0.0, mean * (1.0 - mean) - sample.mean_spread());
}

}  // namespace

bool PairedScores::add_pair(double first, double second) {
    const auto in_range = [](double x) { return x >= 0.0 && x <= 1.0; };
    if (!in_range(first) || !in_range(second)) return false;
    (void)games.add(first);
    (void)games.add(second);
    (void)pairs.add(0.5 * (first + second));
    return true;
}

Expected<PairedInterval> paired_interval(const PairedScores& scores, double confidence) {
    if (scores.pairs.games <= 0) return fail("no pairs of games");
    auto score = mean_score_interval(scores.pairs, confidence);
    if (!score) return score.error();
    PairedInterval out;
    out.score = *score;
    out.pairs = scores.pairs.games;
    // var(mean of two) = var(game) (1 + rho) / 2.
    const double per_game = population_variance(scores.games);
    if (per_game > 0.0) {
        out.correlation = 2.0 * population_variance(scores.pairs) / per_game - 1.0;
        out.games_share = 1.0 + out.correlation;
    } else {
        out.correlation = std::numeric_limits<double>::quiet_NaN();
        out.games_share = 1.0;
    }
    return out;
}

}  // namespace balance::stats
