#include "balance/stats/elo.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace balance::stats {
namespace {

TEST(Elo, KnownPoints) {
    EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
    EXPECT_NEAR(elo_from_score(0.75), 190.848501887865, 1e-9);  // 400 log10(3)
    EXPECT_NEAR(elo_from_score(0.25), -190.848501887865, 1e-9);
    EXPECT_NEAR(score_from_elo(400.0), 10.0 / 11.0, 1e-15);  // odds 10:1
    EXPECT_NEAR(score_from_elo(-400.0), 1.0 / 11.0, 1e-15);
    EXPECT_EQ(elo_from_score(1.0), std::numeric_limits<double>::infinity());
    EXPECT_EQ(elo_from_score(0.0), -std::numeric_limits<double>::infinity());
    EXPECT_TRUE(std::isnan(elo_from_score(1.5)));
}

TEST(Elo, RoundTripAndSlope) {
    for (const double s : {0.01, 0.2, 0.5, 0.63, 0.99}) {
        EXPECT_NEAR(score_from_elo(elo_from_score(s)), s, 1e-13);
        const double h = 1e-6;
        const double numeric = (elo_from_score(s + h) - elo_from_score(s - h)) / (2 * h);
        EXPECT_NEAR(elo_slope(s), numeric, 1e-5 * numeric);
    }
}

TEST(Elo, IntervalMapsScoreEndpoints) {
    const auto score = score_interval(Wdl{45, 30, 25}, 0.95);
    const auto elo = elo_interval(Wdl{45, 30, 25}, 0.95);
    ASSERT_TRUE(score.ok() && elo.ok());
    EXPECT_NEAR(elo->estimate, elo_from_score(0.6), 1e-12);
    EXPECT_NEAR(elo->lower, elo_from_score(score->lower), 1e-12);
    EXPECT_NEAR(elo->upper, elo_from_score(score->upper), 1e-12);
    const auto perfect = elo_interval(Wdl{10, 0, 0}, 0.95);
    ASSERT_TRUE(perfect.ok());
    EXPECT_TRUE(std::isinf(perfect->upper));
    EXPECT_TRUE(std::isfinite(perfect->lower));
    EXPECT_FALSE(elo_interval(Wdl{}, 0.95).ok());
}

TEST(NormalizedElo, TrinomialAndPentanomial) {
    // (0.6 - 0.5) / sqrt(0.165) * 800 / ln 10
    const auto tri = normalized_elo(Wdl{45, 30, 25});
    ASSERT_TRUE(tri.ok());
    EXPECT_NEAR(*tri, 85.53272848250896, 1e-9);
    // Pairs {2,3,4,6,5}: mean 0.6125, Var(pair mean) 0.10296875, sigma = sqrt(2 Var).
    const auto penta = normalized_elo(Pentanomial{2, 3, 4, 6, 5});
    ASSERT_TRUE(penta.ok());
    EXPECT_NEAR(*penta, 86.13092326892745, 1e-9);
    EXPECT_FALSE(normalized_elo(Wdl{0, 10, 0}).ok());  // zero variance
    EXPECT_FALSE(normalized_elo(Pentanomial{}).ok());
}

}  // namespace
}  // namespace balance::stats
