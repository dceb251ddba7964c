#include "balance/stats/elo.hpp"

#include <cmath>
#include <limits>

namespace balance::stats {

namespace {

constexpr double kLn10 = 2.302585092994046;

Expected<double> normalized(double score, double sigma) {
    if (std::isnan(score)) return fail("no games");
    if (!(sigma > 0.0)) return fail("normalized Elo undefined: score has zero variance");
    return (score - 0.5) / sigma * kNeloPerT;
}

}  // namespace

double elo_from_score(double score) {
    if (!(score >= 0.0 && score <= 1.0)) return std::numeric_limits<double>::quiet_NaN();
    if (score == 0.0) return -std::numeric_limits<double>::infinity();
    if (score == 1.0) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) {
    return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

double elo_slope(double score) {
    return 400.0 / (kLn10 * score * (1.0 - score));
}

Interval elo_interval(const Interval& score_interval) {
    return Interval{elo_from_score(score_interval.estimate), elo_from_score(score_interval.lower),
                    elo_from_score(score_interval.upper), score_interval.confidence};
}

Expected<Interval> elo_interval(const Wdl& wdl, double confidence) {
    auto score = score_interval(wdl, confidence);
    if (!score) return score.error();
    return elo_interval(*score);
}

double per_game_sigma(const Wdl& wdl) {
    return std::sqrt(wdl.score_variance());
}

double per_game_sigma(const Pentanomial& pentanomial) {
    return std::sqrt(2.0 * pentanomial.pair_score_variance());
}

Expected<double> normalized_elo(const Wdl& wdl) {
    return normalized(wdl.score(), per_game_sigma(wdl));
}

Expected<double> normalized_elo(const Pentanomial& pentanomial) {
    return normalized(pentanomial.score(), per_game_sigma(pentanomial));
}

}  // namespace balance::stats
