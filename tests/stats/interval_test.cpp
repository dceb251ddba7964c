#include "balance/stats/interval.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "balance/stats/normal.hpp"

namespace balance::stats {
namespace {

void expect_interval(const Expected<Interval>& got, double lower, double upper, double tol) {
    ASSERT_TRUE(got.ok()) << got.error().message;
    EXPECT_NEAR(got->lower, lower, tol);
    EXPECT_NEAR(got->upper, upper, tol);
}

TEST(Normal, CriticalValues) {
    EXPECT_NEAR(critical_z(0.95), 1.959963984540054, 1e-12);
    EXPECT_NEAR(critical_z(0.90), 1.6448536269514722, 1e-12);
    EXPECT_NEAR(normal_cdf(1.959963984540054), 0.975, 1e-12);
    EXPECT_TRUE(std::isnan(critical_z(1.0)));
    EXPECT_TRUE(std::isnan(critical_z(0.0)));
}

// Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table II,
// method 3 (score interval without continuity correction), 95%.
TEST(Wilson, NewcombeTableExamples) {
    expect_interval(wilson_interval(81, 263, 0.95), 0.2553, 0.3662, 5e-5);
    expect_interval(wilson_interval(15, 148, 0.95), 0.0624, 0.1605, 5e-5);
    expect_interval(wilson_interval(0, 20, 0.95), 0.0000, 0.1611, 5e-5);
    expect_interval(wilson_interval(1, 29, 0.95), 0.0061, 0.1718, 5e-5);
}

TEST(Wilson, AllSuccessesHasClosedFormLowerLimit) {
    // k = n: lower = n / (n + z^2), upper = 1.
    const double z = critical_z(0.95);
    expect_interval(wilson_interval(10, 10, 0.95), 10.0 / (10.0 + z * z), 1.0, 1e-12);
}

TEST(Wilson, RejectsBadInput) {
    EXPECT_FALSE(wilson_interval(0, 0, 0.95).ok());
    EXPECT_FALSE(wilson_interval(5, 4, 0.95).ok());
    EXPECT_FALSE(wilson_interval(-1, 4, 0.95).ok());
    EXPECT_FALSE(wilson_interval(2, 4, 1.0).ok());
}

TEST(TrinomialWilson, WithoutDrawsEqualsWilson) {
    const auto a = score_interval(Wdl{81, 0, 182}, 0.95);
    const auto b = wilson_interval(81, 263, 0.95);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_DOUBLE_EQ(a->lower, b->lower);
    EXPECT_DOUBLE_EQ(a->upper, b->upper);
}

// Reference limits from an independent bisection on the defining equation
// n (x - s)^2 = z^2 (s(1-s) - min(d, 2s, 2-2s)/4) (plain Python, 200 bisection steps).
TEST(TrinomialWilson, MatchesIndependentRootFinding) {
    expect_interval(score_interval(Wdl{30, 40, 30}, 0.95), 0.4255082237, 0.5744917763, 1e-9);
    expect_interval(score_interval(Wdl{45, 30, 25}, 0.95), 0.5180854829, 0.6745158175, 1e-9);
    expect_interval(score_interval(Wdl{2, 90, 8}, 0.95), 0.4376159228, 0.5009891452, 1e-9);
    expect_interval(score_interval(Wdl{500, 300, 200}, 0.95), 0.6252617531, 0.6735902193, 1e-9);
    expect_interval(score_interval(Wdl{5, 3, 2}, 0.95), 0.3984729571, 0.8182672030, 1e-9);
    expect_interval(score_interval(Wdl{45, 30, 25}, 0.90), 0.5313847586, 0.6633466973, 1e-9);
    // The draw-rate cap is active at these limits:
    expect_interval(score_interval(Wdl{0, 10, 0}, 0.95), 0.3612336001, 0.6387663999, 1e-9);
    expect_interval(score_interval(Wdl{1, 60, 0}, 0.95), 0.4922496095, 0.5435943002, 1e-9);
}

TEST(TrinomialWilson, LimitsSolveTheScoreEquation) {
    const double z = critical_z(0.95);
    for (const Wdl wdl : {Wdl{30, 40, 30}, Wdl{3, 80, 17}, Wdl{60, 35, 5}, Wdl{0, 7, 3}}) {
        const auto got = score_interval(wdl, 0.95);
        ASSERT_TRUE(got.ok());
        const double n = static_cast<double>(wdl.games());
        const double x = wdl.score();
        const double d = wdl.draw_rate();
        for (const double s : {got->lower, got->upper}) {
            if (s == 0.0 || s == 1.0) continue;
            const double v = s * (1 - s) - std::min({d, 2 * s, 2 - 2 * s}) / 4;
            EXPECT_NEAR(n * (x - s) * (x - s), z * z * v, 1e-10);
        }
    }
}

TEST(TrinomialWilson, AgreesWithGridSearchOnAllSmallSamples) {
    // Every W/D/L with n <= 12: the limits are the extreme grid points s (step 1e-5) with
    // n (x - s)^2 <= z^2 (s(1-s) - min(d, 2s, 2-2s)/4), found by brute force.
    const double z = critical_z(0.95);
    for (int n = 1; n <= 12; ++n) {
        for (int w = 0; w <= n; ++w) {
            for (int dr = 0; w + dr <= n; ++dr) {
                const Wdl wdl{w, dr, n - w - dr};
                const double x = wdl.score();
                const double d = wdl.draw_rate();
                double lo = 2.0;
                double hi = -1.0;
                for (int i = 0; i <= 100000; ++i) {
                    const double s = i * 1e-5;
                    const double v = s * (1 - s) - std::min({d, 2 * s, 2 - 2 * s}) / 4;
                    if (n * (x - s) * (x - s) <= z * z * v + 1e-15) {
                        lo = std::min(lo, s);
                        hi = std::max(hi, s);
                    }
                }
                const auto got = score_interval(wdl, 0.95);
                ASSERT_TRUE(got.ok());
                EXPECT_NEAR(got->lower, lo, 1.1e-5) << w << "/" << dr << "/" << n - w - dr;
                EXPECT_NEAR(got->upper, hi, 1.1e-5) << w << "/" << dr << "/" << n - w - dr;
            }
        }
    }
}

TEST(TrinomialWilson, DrawsNarrowTheIntervalAtTheSameScore) {
    // Same score 0.5, more draws -> smaller variance -> narrower interval.
    const auto decisive = score_interval(Wdl{50, 0, 50}, 0.95);
    const auto drawish = score_interval(Wdl{20, 60, 20}, 0.95);
    ASSERT_TRUE(decisive.ok() && drawish.ok());
    EXPECT_LT(drawish->upper - drawish->lower, decisive->upper - decisive->lower);
    EXPECT_NEAR(drawish->lower + drawish->upper, 1.0, 1e-12);  // symmetric counts
}

TEST(TrinomialWilson, FlippingMirrorsTheInterval) {
    const auto a = score_interval(Wdl{45, 30, 25}, 0.95);
    const auto b = score_interval(Wdl{25, 30, 45}, 0.95);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_NEAR(a->lower, 1.0 - b->upper, 1e-12);
    EXPECT_NEAR(a->upper, 1.0 - b->lower, 1e-12);
}

TEST(TrinomialWilson, RejectsBadInput) {
    EXPECT_FALSE(score_interval(Wdl{}, 0.95).ok());
    EXPECT_FALSE(score_interval(Wdl{-1, 2, 3}, 0.95).ok());
    EXPECT_FALSE(score_interval(Wdl{1, 2, 3}, -0.5).ok());
}

// Newcombe (1998), "Interval estimation for the difference between independent proportions",
// Table II, method 10 (hybrid score, no continuity correction), 95%.
TEST(Difference, NewcombeHybridScoreTableExamples) {
    const auto check = [](Wdl a, Wdl b, double lower, double upper) {
        const auto got = score_difference_interval(a, b, 0.95);
        ASSERT_TRUE(got.ok()) << got.error().message;
        EXPECT_NEAR(got->lower, lower, 5e-5);
        EXPECT_NEAR(got->upper, upper, 5e-5);
    };
    check(Wdl{56, 0, 14}, Wdl{48, 0, 32}, 0.0524, 0.3339);
    check(Wdl{9, 0, 1}, Wdl{3, 0, 7}, 0.1705, 0.8090);
    check(Wdl{5, 0, 51}, Wdl{0, 0, 29}, -0.0381, 0.1926);
    check(Wdl{0, 0, 10}, Wdl{0, 0, 20}, -0.1611, 0.2775);
    check(Wdl{0, 0, 10}, Wdl{0, 0, 10}, -0.2775, 0.2775);
    check(Wdl{10, 0, 0}, Wdl{0, 0, 20}, 0.6791, 1.0000);
}

TEST(Difference, EstimateAndWaldStandardError) {
    const Wdl rule{45, 30, 25};
    const Wdl base{30, 40, 30};
    const auto got = score_difference_interval(rule, base, 0.95);
    ASSERT_TRUE(got.ok());
    EXPECT_NEAR(got->estimate, 0.1, 1e-12);
    // sqrt(0.165/100 + 0.15/100)
    EXPECT_NEAR(got->standard_error, std::sqrt(0.00315), 1e-12);
    EXPECT_LT(got->lower, got->estimate);
    EXPECT_GT(got->upper, got->estimate);
    EXPECT_FALSE(score_difference_interval(Wdl{}, base, 0.95).ok());
}

}  // namespace
}  // namespace balance::stats
