#include "balance/stats/counts.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "balance/stats/game_result.hpp"

namespace balance::stats {
namespace {

TEST(Wdl, ScoreDrawRateAndVariance) {
    const Wdl wdl{45, 30, 25};
    EXPECT_EQ(wdl.games(), 100);
    EXPECT_DOUBLE_EQ(wdl.points(), 60.0);
    EXPECT_DOUBLE_EQ(wdl.score(), 0.6);
    EXPECT_DOUBLE_EQ(wdl.draw_rate(), 0.3);
    // E[X^2] - s^2 with X in {0, 1/2, 1}: (45 + 30/4)/100 - 0.36 = 0.165 = s(1-s) - d/4.
    EXPECT_NEAR(wdl.score_variance(), 0.165, 1e-15);
}

TEST(Wdl, AGameScoreCountsAsTheNearestResult) {
    Wdl wdl;
    for (double score : {1.0, 0.9, 0.5, 0.75, 0.25, 0.6, 0.1, 0.0}) add_game_score(wdl, score);
    // 1 and 0.9 win; 0.5, 0.75, 0.25 (ties go to the draw) and 0.6 draw; 0.1 and 0 lose.
    EXPECT_EQ(wdl, (Wdl{2, 4, 2}));
}

TEST(Wdl, FlippedSwapsWinsAndLosses) {
    const Wdl wdl{45, 30, 25};
    EXPECT_EQ(wdl.flipped(), (Wdl{25, 30, 45}));
    EXPECT_DOUBLE_EQ(wdl.flipped().score(), 1.0 - wdl.score());
}

TEST(Wdl, EmptyIsNaNAndSumsAdd) {
    EXPECT_TRUE(std::isnan(Wdl{}.score()));
    EXPECT_TRUE(std::isnan(Wdl{}.draw_rate()));
    Wdl total{1, 2, 3};
    total += Wdl{10, 20, 30};
    EXPECT_EQ(total, (Wdl{11, 22, 33}));
}

TEST(Pentanomial, ScoreAndPairVariance) {
    // Pairs scoring 0, 1/2, 1, 3/2, 2 points.
    const Pentanomial p{1, 2, 4, 2, 1};
    EXPECT_EQ(p.pairs(), 10);
    EXPECT_EQ(p.games(), 20);
    EXPECT_DOUBLE_EQ(p.points(), 0.5 * 2 + 4 + 1.5 * 2 + 2);
    EXPECT_DOUBLE_EQ(p.score(), 0.5);
    // Pair means 0, .25, .5, .75, 1 around 0.5: (1*.25 + 2*.0625 + 0 + 2*.0625 + 1*.25) / 10.
    EXPECT_NEAR(p.pair_score_variance(), 0.075, 1e-15);
    EXPECT_EQ(p.flipped(), (Pentanomial{1, 2, 4, 2, 1}));
    EXPECT_EQ((Pentanomial{5, 4, 3, 2, 1}).flipped(), (Pentanomial{1, 2, 3, 4, 5}));
}

TEST(Pentanomial, AddPairClassifiesByTotalPoints) {
    Pentanomial p;
    EXPECT_TRUE(p.add_pair(0.0, 0.0));
    EXPECT_TRUE(p.add_pair(0.5, 0.0));
    EXPECT_TRUE(p.add_pair(1.0, 0.0));  // WL
    EXPECT_TRUE(p.add_pair(0.5, 0.5));  // DD
    EXPECT_TRUE(p.add_pair(0.5, 1.0));
    EXPECT_TRUE(p.add_pair(1.0, 1.0));
    EXPECT_EQ(p, (Pentanomial{1, 1, 2, 1, 1}));
    EXPECT_FALSE(p.add_pair(0.25, 1.0));
    EXPECT_FALSE(p.add_pair(1.0, 2.0));
    EXPECT_EQ(p.pairs(), 6);
}

}  // namespace
}  // namespace balance::stats
