// Spearman's rank correlation against hand-computed and scipy values.

#include "balance/stats/rank_correlation.hpp"

#include <gtest/gtest.h>

namespace balance::stats {
namespace {

TEST(RankCorrelation, SpearmanMatchesHandComputedValues) {
    // d = (0, 1, 1, 0): 1 - 6 * 2 / (4 * 15) = 0.8.
    EXPECT_NEAR(*spearman_correlation({1, 2, 3, 4}, {1, 3, 2, 4}), 0.8, 1e-12);
    EXPECT_NEAR(*spearman_correlation({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0, 1e-12);
    // Ties get average ranks (scipy.stats.spearmanr([1,2,2,3],[1,2,3,4]) = 0.9486832980505138).
    EXPECT_NEAR(*spearman_correlation({1, 2, 2, 3}, {1, 2, 3, 4}), 0.9486832980505138, 1e-12);
    EXPECT_FALSE(spearman_correlation({1, 2}, {1, 2}).has_value());
    EXPECT_FALSE(spearman_correlation({1, 1, 1}, {1, 2, 3}).has_value());
}

}  // namespace
}  // namespace balance::stats
