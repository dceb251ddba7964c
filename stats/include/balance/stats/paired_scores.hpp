#pragma once
// Games played in pairs: one opening, then the same opening with the players' colours reversed
// (the pairs that fishtest and fastchess score with the pentanomial model). The two games of a
// pair share the opening's bias, for one player in the first game and against them in the
// second, so the pair's mean score varies less than two independent games: an interval over
// pairs is narrower for the same games when the pair correlation is negative.
//
// The interval is the quasi-binomial Wilson interval (mean_score_interval) of the pair means,
// each a score in {0, 1/4, 1/2, 3/4, 1}: the pentanomial model's five outcomes, with the
// dispersion estimated from the pairs, so that it covers at its level whatever the pair
// correlation (simulated in tests/stats/paired_scores_test.cpp). The correlation is estimated
// as rho = 2 var(pair mean) / var(game) - 1, and 1 + rho is the share of games a paired interval
// needs for the width independent games would give.
//
// Not stats::Pentanomial (counts.hpp), which the SPRT uses: that counts pairs of win/draw/loss
// results, while a pair here may score any share of the points (a points variant's games), and
// the correlation needs the games' own spread, which pair counts alone do not give (a drawn pair
// and a pair of a win and a loss fall in one bin).

#include <cstdint>
#include <string_view>

#include "balance/stats/expected.hpp"
#include "balance/stats/interval.hpp"
#include "balance/stats/score_sample.hpp"

namespace balance::stats {

inline constexpr std::string_view kPairedMethod =
    "quasi-binomial Wilson interval over pairs of games that share an opening with colours "
    "reversed (pentanomial outcomes)";

struct PairedScores {
    ScoreSample games;  // both games of every pair, one player's view
    ScoreSample pairs;  // each pair's mean score

    /// Adds a pair: the player's scores in its two games. False (and nothing added) when a score
    /// is not in [0, 1].
    [[nodiscard]] bool add_pair(double first, double second);
};

struct PairedInterval {
    Interval score;  // the player's mean score over the paired games
    std::int64_t pairs = 0;
    double correlation = 0.0;  // of the two games of a pair; NaN when the games all score alike
    double games_share = 1.0;  // 1 + correlation: games needed against independent ones
};

/// Errors: no pairs, bad confidence.
[[nodiscard]] Expected<PairedInterval> paired_interval(const PairedScores& scores,
                                                       double confidence);

}  // namespace balance::stats
