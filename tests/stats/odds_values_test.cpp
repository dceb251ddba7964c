#include "balance/stats/odds_values.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "balance/stats/elo.hpp"
#include "sampling.hpp"

namespace balance::stats {
namespace {

TEST(OddsValues, HandComputedCase) {
    // X odds: score 0.8 (Elo 240.824), V = 0.16 - 0.05 = 0.11 over 100 games, so
    // se = 400/(ln 10 * 0.16) * sqrt(0.0011) = 36.0098. Pawn odds: score 0.55 (Elo 34.860),
    // V = 0.2475 - 0.075 over 1000 games, se = 9.2186.
    const auto got = piece_value_from_odds(Wdl{70, 20, 10}, Wdl{400, 300, 300}, 0.95);
    ASSERT_TRUE(got.ok()) << got.error().message;
    EXPECT_NEAR(got->piece_elo.value, 240.82399653118495, 1e-9);
    EXPECT_NEAR(got->piece_elo.standard_error, 36.00979612487198, 1e-9);
    EXPECT_NEAR(got->pawn_elo.value, 34.86007028756008, 1e-9);
    EXPECT_NEAR(got->pawn_elo.standard_error, 9.218571937386374, 1e-9);
    EXPECT_NEAR(got->value, 6.90830496165476, 1e-9);
    EXPECT_NEAR(got->delta_se, 2.0986882866112646, 1e-9);
    // Fieller limits, cross-checked by bisection on (a - R b)^2 = z^2 (Va + R^2 Vb).
    EXPECT_TRUE(got->bounded);
    EXPECT_NEAR(got->lower, 4.0076639085847, 1e-9);
    EXPECT_NEAR(got->upper, 14.883944198654687, 1e-9);
    // Skewed to the right because the denominator is uncertain.
    EXPECT_GT(got->upper - got->value, got->value - got->lower);
}

TEST(OddsValues, FiellerApproachesDeltaMethodWithPreciseDenominator) {
    const Estimate a{300.0, 10.0};
    const Estimate b{100.0, 0.5};
    const double z = 1.959963984540054;
    const auto r = fieller_ratio(a, b, z);
    EXPECT_NEAR(r.value, 3.0, 1e-12);
    EXPECT_NEAR(r.lower, 3.0 - z * r.delta_se, 0.01 * z * r.delta_se);
    EXPECT_NEAR(r.upper, 3.0 + z * r.delta_se, 0.01 * z * r.delta_se);
}

// stats has the program's one debug assertion too (BALANCE_ASSERT, from balance_error): a ratio
// over a zero calibration, which the public entry points refuse as an error, stops a debug build.
#ifdef NDEBUG
TEST(OddsValues, FiellerRatioOverZeroStopsADebugBuild) {
    GTEST_SKIP() << "Release build: the checks are compiled away";
}
#else
TEST(OddsValues, FiellerRatioOverZeroStopsADebugBuild) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(static_cast<void>(fieller_ratio(Estimate{300.0, 10.0}, Estimate{0.0, 5.0}, 1.96)),
                 "invariant violated: .*b.value != 0.0");
    EXPECT_DEATH(
        static_cast<void>(fieller_ratio(Estimate{300.0, 10.0}, Estimate{std::nan(""), 5.0}, 1.96)),
        "invariant violated: std::isfinite");
}
#endif

TEST(OddsValues, UnboundedWhenPawnOddsAreNotSignificant) {
    // Pawn odds score 0.52 over 50 games: the Elo is well within noise of zero.
    const auto got = piece_value_from_odds(Wdl{70, 20, 10}, Wdl{16, 20, 14}, 0.95);
    ASSERT_TRUE(got.ok());
    EXPECT_FALSE(got->bounded);
    EXPECT_TRUE(std::isinf(got->lower) && std::isinf(got->upper));
}

TEST(OddsValues, Errors) {
    EXPECT_FALSE(piece_value_from_odds(Wdl{10, 0, 0}, Wdl{40, 30, 30}, 0.95).ok());  // 100%
    EXPECT_FALSE(piece_value_from_odds(Wdl{70, 20, 10}, Wdl{}, 0.95).ok());
    EXPECT_FALSE(piece_value_from_odds(Wdl{70, 20, 10}, Wdl{30, 40, 30}, 0.95).ok());  // 50%
    EXPECT_FALSE(piece_value_from_odds(Wdl{70, 20, 10}, Wdl{40, 30, 30}, 2.0).ok());
}

TEST(OddsValues, CompensatedHandComputedCase) {
    // X against a knight and the calibration pawn: X side scores 0.6 over 100 games (Elo
    // 70.4365, se 29.4019); knight odds 0.875 over 200 (Elo 338.0392, se 30.1093); pawn odds as
    // above (34.8601, se 9.2186). value = (70.4365 + 338.0392 + 34.8601) / 34.8601; the pawn in S
    // shares the denominator's error (cov = Vb). Limits by bisection on
    // (A - R b)^2 = z^2 (VA - 2 R cov + R^2 Vb), computed outside this code.
    const std::vector<CompensationPart> parts{{Wdl{160, 30, 10}, 1, false}, {Wdl{}, 1, true}};
    const auto got =
        piece_value_from_compensated_odds(Wdl{45, 30, 25}, parts, Wdl{400, 300, 300}, 0.95);
    ASSERT_TRUE(got.ok()) << got.error().message;
    EXPECT_NEAR(got->piece_elo.value, 70.43650362227247 + 338.0392160057028 + 34.86007028756008,
                1e-9);
    EXPECT_NEAR(got->piece_elo.standard_error, 43.081553384812466, 1e-9);
    EXPECT_NEAR(got->value, 12.7175816416452, 1e-9);
    EXPECT_TRUE(got->bounded);
    EXPECT_NEAR(got->lower, 8.268770014967156, 1e-7);
    EXPECT_NEAR(got->upper, 25.77439564828117, 1e-7);
}

TEST(OddsValues, CompensatedErrors) {
    const std::vector<CompensationPart> saturated{{Wdl{10, 0, 0}, 1, false}};
    EXPECT_FALSE(
        piece_value_from_compensated_odds(Wdl{5, 5, 5}, saturated, Wdl{40, 30, 30}, 0.95).ok());
    const std::vector<CompensationPart> zero{{Wdl{5, 5, 5}, 0, false}};
    EXPECT_FALSE(piece_value_from_compensated_odds(Wdl{5, 5, 5}, zero, Wdl{40, 30, 30}, 0.95).ok());
    EXPECT_FALSE(piece_value_from_compensated_odds(Wdl{5, 0, 0}, {}, Wdl{40, 30, 30}, 0.95).ok());
}

TEST(OddsValues, CompensatedCoverageNear95Percent) {
    // X against two knights and a pawn. True scores: compensated 0.45, knight odds 0.85, pawn
    // odds 0.60, so value = (Elo(0.45) + 2 Elo(0.85) + Elo(0.60)) / Elo(0.60). The pawn in S
    // makes numerator and denominator correlated: without the covariance term the interval
    // would be too wide; with it, the coverage is near nominal.
    const double truth =
        (elo_from_score(0.45) + 2.0 * elo_from_score(0.85) + elo_from_score(0.60)) /
        elo_from_score(0.60);
    std::mt19937_64 rng(4242);
    constexpr int kReps = 3000;
    int covered = 0;
    for (int r = 0; r < kReps; ++r) {
        const std::vector<CompensationPart> parts{
            {testing::draw_wdl(rng, 400, 0.80, 0.10), 2, false}, {Wdl{}, 1, true}};
        const auto got =
            piece_value_from_compensated_odds(testing::draw_wdl(rng, 400, 0.30, 0.30), parts,
                                              testing::draw_wdl(rng, 2000, 0.45, 0.30), 0.95);
        ASSERT_TRUE(got.ok()) << got.error().message;
        covered += got->lower <= truth && truth <= got->upper;
    }
    const double coverage = static_cast<double>(covered) / kReps;
    EXPECT_GT(coverage, 0.93);
    EXPECT_LT(coverage, 0.97);
}

TEST(OddsValues, FiellerCoverageNear95Percent) {
    // True scores 0.75 (X odds) and 0.56 (pawn odds): value = Elo(0.75)/Elo(0.56).
    const double truth = elo_from_score(0.75) / elo_from_score(0.56);
    std::mt19937_64 rng(31337);
    constexpr int kReps = 3000;
    int covered = 0;
    for (int r = 0; r < kReps; ++r) {
        const auto got = piece_value_from_odds(testing::draw_wdl(rng, 400, 0.60, 0.30),
                                               testing::draw_wdl(rng, 2000, 0.36, 0.40), 0.95);
        ASSERT_TRUE(got.ok());
        covered += got->lower <= truth && truth <= got->upper;
    }
    const double coverage = static_cast<double>(covered) / kReps;
    EXPECT_GT(coverage, 0.93);
    EXPECT_LT(coverage, 0.97);
}

}  // namespace
}  // namespace balance::stats
