// Simulated coverage of the 95% intervals: a wrong variance shows up here as under-coverage
// (too narrow) or over-coverage (e.g. ignoring draws makes drawish intervals far too wide).

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "balance/stats/interval.hpp"
#include "sampling.hpp"

namespace balance::stats {
namespace {

struct Setting {
    double w;
    double d;
};

constexpr Setting kSettings[] = {{0.05, 0.10}, {0.30, 0.40}, {0.60, 0.35},
                                 {0.20, 0.75}, {0.45, 0.10}, {0.02, 0.50}};
constexpr int kReplications = 4000;  // coverage SE ~ 0.0034 at 0.95

TEST(Coverage, TrinomialWilsonNear95Percent) {
    std::mt19937_64 rng(20240611);
    for (const std::int64_t n : {100, 400}) {
        for (const auto [w, d] : kSettings) {
            const double truth = w + d / 2;
            int covered = 0;
            for (int r = 0; r < kReplications; ++r) {
                const auto interval = score_interval(testing::draw_wdl(rng, n, w, d), 0.95);
                ASSERT_TRUE(interval.ok());
                covered += interval->lower <= truth && truth <= interval->upper;
            }
            const double coverage = static_cast<double>(covered) / kReplications;
            EXPECT_GT(coverage, 0.93) << "n=" << n << " w=" << w << " d=" << d;
            EXPECT_LT(coverage, 0.97) << "n=" << n << " w=" << w << " d=" << d;
        }
    }
}

TEST(Coverage, DifferenceIntervalNear95Percent) {
    std::mt19937_64 rng(77);
    const Setting pairs[][2] = {
        {{0.30, 0.40}, {0.40, 0.30}}, {{0.05, 0.10}, {0.10, 0.20}}, {{0.20, 0.75}, {0.15, 0.70}}};
    for (const std::int64_t n : {100, 400}) {
        for (const auto& [a, b] : pairs) {
            const double truth = (a.w + a.d / 2) - (b.w + b.d / 2);
            int covered = 0;
            for (int r = 0; r < kReplications; ++r) {
                const auto interval = score_difference_interval(
                    testing::draw_wdl(rng, n, a.w, a.d), testing::draw_wdl(rng, n, b.w, b.d), 0.95);
                ASSERT_TRUE(interval.ok());
                covered += interval->lower <= truth && truth <= interval->upper;
            }
            const double coverage = static_cast<double>(covered) / kReplications;
            EXPECT_GT(coverage, 0.93) << "n=" << n << " truth=" << truth;
            EXPECT_LT(coverage, 0.97) << "n=" << n << " truth=" << truth;
        }
    }
}

// Scores that are not win/draw/loss: continuous Beta(a, b) scores (mean a/(a+b)) and five-valued
// scores (0, 1/4, 1/2, 3/4, 1), including skewed and near-degenerate ones.
TEST(Coverage, MeanScoreIntervalNear95PercentForBoundedScores) {
    std::mt19937_64 rng(1105);
    struct BetaSetting {
        double a;
        double b;
    };
    constexpr BetaSetting betas[] = {{2.0, 2.0}, {0.5, 0.5}, {1.0, 9.0}, {20.0, 5.0}, {0.3, 3.0}};
    constexpr int kReps = 2000;  // coverage SE ~ 0.005 at 0.95
    for (const std::int64_t n : {30, 100, 400}) {
        for (const auto [a, b] : betas) {
            std::gamma_distribution<double> ga(a, 1.0);
            std::gamma_distribution<double> gb(b, 1.0);
            const double truth = a / (a + b);
            int covered = 0;
            for (int r = 0; r < kReps; ++r) {
                ScoreSample sample;
                for (std::int64_t i = 0; i < n; ++i) {
                    const double x = ga(rng);
                    const double y = gb(rng);
                    ASSERT_TRUE(sample.add(x + y > 0.0 ? x / (x + y) : 0.5));
                }
                const auto interval = mean_score_interval(sample, 0.95);
                ASSERT_TRUE(interval.ok());
                covered += interval->lower <= truth && truth <= interval->upper;
            }
            const double coverage = static_cast<double>(covered) / kReps;
            EXPECT_GT(coverage, 0.925) << "n=" << n << " beta(" << a << "," << b << ")";
            EXPECT_LT(coverage, 0.975) << "n=" << n << " beta(" << a << "," << b << ")";
        }
    }
    const std::vector<std::vector<double>> weights = {
        {0.1, 0.2, 0.4, 0.2, 0.1}, {0.6, 0.3, 0.1, 0.0, 0.0}, {0.0, 0.1, 0.1, 0.3, 0.5}};
    for (const std::int64_t n : {30, 100, 400}) {
        for (const auto& w : weights) {
            std::discrete_distribution<int> pick(w.begin(), w.end());
            double truth = 0.0;
            for (std::size_t i = 0; i < w.size(); ++i)
                truth += w[i] * 0.25 * static_cast<double>(i);
            int covered = 0;
            for (int r = 0; r < kReps; ++r) {
                ScoreSample sample;
                for (std::int64_t i = 0; i < n; ++i) ASSERT_TRUE(sample.add(0.25 * pick(rng)));
                const auto interval = mean_score_interval(sample, 0.95);
                ASSERT_TRUE(interval.ok());
                covered += interval->lower <= truth && truth <= interval->upper;
            }
            const double coverage = static_cast<double>(covered) / kReps;
            EXPECT_GT(coverage, 0.925) << "n=" << n << " truth=" << truth;
            EXPECT_LT(coverage, 0.975) << "n=" << n << " truth=" << truth;
        }
    }
}

}  // namespace
}  // namespace balance::stats
