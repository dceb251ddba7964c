// Simulated coverage of the 95% intervals: a wrong variance shows up here as under-coverage
// (too narrow) or over-coverage (e.g. ignoring draws makes drawish intervals far too wide).

#include <gtest/gtest.h>

#include <random>

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

}  // namespace
}  // namespace balance::stats
