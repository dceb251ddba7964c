#include "balance/stats/mean_sample.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace balance::stats {
namespace {

TEST(MeanSample, SumsMeanAndVariance) {
    MeanSample s;
    for (double x : {1.0, 2.0, 3.0, 4.0, 5.0}) s.add(x);
    EXPECT_EQ(s.count, 5);
    EXPECT_DOUBLE_EQ(s.mean(), 3.0);
    EXPECT_DOUBLE_EQ(s.variance(), 2.5);
    MeanSample more;
    more.add(-15.0);
    s += more;
    EXPECT_DOUBLE_EQ(s.mean(), 0.0);
    EXPECT_TRUE(std::isnan(MeanSample{}.mean()));
    EXPECT_TRUE(std::isnan(more.variance()));
}

TEST(MeanInterval, StudentT) {
    MeanSample s;
    for (double x : {1.0, 2.0, 3.0, 4.0, 5.0}) s.add(x);
    const auto i = mean_interval(s, 0.95);
    ASSERT_TRUE(i);
    // t(4, 0.975) = 2.776445; s / sqrt(n) = sqrt(2.5 / 5).
    const double half = 2.776445 * std::sqrt(0.5);
    EXPECT_DOUBLE_EQ(i->estimate, 3.0);
    EXPECT_NEAR(i->lower, 3.0 - half, 1e-5);
    EXPECT_NEAR(i->upper, 3.0 + half, 1e-5);
}

TEST(MeanInterval, ErrorsAndEqualValues) {
    MeanSample one;
    one.add(7.0);
    EXPECT_FALSE(mean_interval(one, 0.95));
    one.add(7.0);
    EXPECT_FALSE(mean_interval(one, 1.0));
    const auto i = mean_interval(one, 0.95);
    ASSERT_TRUE(i);
    EXPECT_DOUBLE_EQ(i->lower, 7.0);
    EXPECT_DOUBLE_EQ(i->upper, 7.0);
}

// Points differences are skewed and lumpy (a mate is worth 100+, a quiet draw a few points):
// the t interval's coverage for such a mixture at the sample sizes reports use.
TEST(Coverage, MeanIntervalNear95PercentForPointsLikeValues) {
    std::mt19937_64 rng(13);
    std::discrete_distribution<int> pick({0.35, 0.25, 0.2, 0.15, 0.05});
    const double values[] = {-140.0, -20.0, 5.0, 37.0, 230.0};
    const double mean = 0.35 * -140 + 0.25 * -20 + 0.2 * 5 + 0.15 * 37 + 0.05 * 230;
    for (int n : {40, 200}) {
        int covered = 0;
        const int reps = 2000;
        for (int r = 0; r < reps; ++r) {
            MeanSample s;
            for (int i = 0; i < n; ++i) s.add(values[pick(rng)]);
            const auto interval = mean_interval(s, 0.95);
            ASSERT_TRUE(interval);
            if (interval->lower <= mean && mean <= interval->upper) ++covered;
        }
        const double coverage = static_cast<double>(covered) / reps;
        EXPECT_GT(coverage, 0.93) << "n = " << n;
        EXPECT_LT(coverage, 0.97) << "n = " << n;
    }
}

}  // namespace
}  // namespace balance::stats
