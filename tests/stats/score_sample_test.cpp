#include "balance/stats/score_sample.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <utility>

#include "balance/stats/interval.hpp"

namespace balance::stats {
namespace {

TEST(ScoreSample, SumsAndFlip) {
    ScoreSample s;
    EXPECT_TRUE(s.add(1.0));
    EXPECT_TRUE(s.add(0.5));
    EXPECT_TRUE(s.add(0.25));
    EXPECT_FALSE(s.add(1.5));
    EXPECT_FALSE(s.add(-0.1));
    EXPECT_FALSE(s.add(std::nan("")));
    EXPECT_EQ(s.games, 3);
    EXPECT_DOUBLE_EQ(s.mean(), 1.75 / 3);
    EXPECT_DOUBLE_EQ(s.mean_spread(), (0.25 + 0.1875) / 3);
    const ScoreSample f = s.flipped();
    EXPECT_DOUBLE_EQ(f.mean(), 1.0 - 1.75 / 3);
    EXPECT_DOUBLE_EQ(f.mean_spread(), s.mean_spread());
    EXPECT_TRUE(std::isnan(ScoreSample{}.mean()));
}

TEST(MeanScoreInterval, EqualsWilsonForWinLoss) {
    for (const auto& [wins, n] : {std::pair{81, 263}, std::pair{0, 20}, std::pair{20, 20}}) {
        ScoreSample sample;
        for (int i = 0; i < n; ++i) ASSERT_TRUE(sample.add(i < wins ? 1.0 : 0.0));
        const auto a = mean_score_interval(sample, 0.95);
        const auto b = wilson_interval(wins, n, 0.95);
        ASSERT_TRUE(a.ok() && b.ok());
        EXPECT_NEAR(a->lower, b->lower, 1e-12) << wins << "/" << n;
        EXPECT_NEAR(a->upper, b->upper, 1e-12) << wins << "/" << n;
    }
}

TEST(MeanScoreInterval, CloseToTrinomialWilsonForWinDrawLoss) {
    for (const Wdl wdl : {Wdl{30, 40, 30}, Wdl{50, 100, 250}, Wdl{12, 3, 5}}) {
        const auto a = mean_score_interval(to_sample(wdl), 0.95);
        const auto b = score_interval(wdl, 0.95);
        ASSERT_TRUE(a.ok() && b.ok());
        EXPECT_NEAR(a->lower, b->lower, 0.01);
        EXPECT_NEAR(a->upper, b->upper, 0.01);
    }
}

TEST(MeanScoreInterval, EqualScoresGiveAProperInterval) {
    ScoreSample sample;
    for (int i = 0; i < 50; ++i) ASSERT_TRUE(sample.add(0.7));
    const auto got = mean_score_interval(sample, 0.95);
    ASSERT_TRUE(got.ok());
    EXPECT_DOUBLE_EQ(got->estimate, 0.7);
    EXPECT_LT(got->lower, 0.7);
    EXPECT_GT(got->upper, 0.7);
    EXPECT_GE(got->lower, 0.0);
    EXPECT_LE(got->upper, 1.0);
}

TEST(MeanScoreInterval, RejectsBadInput) {
    EXPECT_FALSE(mean_score_interval(ScoreSample{}, 0.95).ok());
    EXPECT_FALSE(mean_score_interval(ScoreSample{10, 12.0, 0.0}, 0.95).ok());  // mean above 1
    EXPECT_FALSE(mean_score_interval(ScoreSample{10, 5.0, 2.6}, 0.95).ok());   // m > x(1-x)
    ScoreSample fine;
    ASSERT_TRUE(fine.add(0.3));
    EXPECT_FALSE(mean_score_interval(fine, 1.0).ok());
}

}  // namespace
}  // namespace balance::stats
