// The delta method for a ratio, against the closed form and a simulation.

#include "balance/stats/delta_method.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace balance::stats {
namespace {

TEST(DeltaMethod, RatioMatchesTheClosedForm) {
    // g = 2 a / b at a = 3, b = 1.5: value 4; gradient (2 / 1.5, -2 * 3 / 2.25).
    const Estimate r = ratio_estimate(2.0, 3.0, 1.5, 0.04, 0.01, 0.09);
    const double ga = 2.0 / 1.5, gb = -6.0 / 2.25;
    EXPECT_DOUBLE_EQ(r.value, 4.0);
    EXPECT_NEAR(r.standard_error, std::sqrt(ga * ga * 0.04 + 2 * ga * gb * 0.01 + gb * gb * 0.09),
                1e-15);
}

TEST(DeltaMethod, TheReferenceItselfHasNoError) {
    const Estimate r = ratio_estimate(1.0, 0.7, 0.7, 0.01, 0.01, 0.01, true);
    EXPECT_DOUBLE_EQ(r.value, 1.0);
    EXPECT_EQ(r.standard_error, 0.0);
}

TEST(DeltaMethod, AgreesWithSimulationForSmallErrors) {
    // Independent normal a ~ N(4, 0.1^2), b ~ N(2, 0.05^2): the spread of a / b.
    std::mt19937_64 rng(7);
    std::normal_distribution<double> a(4.0, 0.1), b(2.0, 0.05);
    double sum = 0.0, sum2 = 0.0;
    const int n = 200'000;
    for (int i = 0; i < n; ++i) {
        const double r = a(rng) / b(rng);
        sum += r;
        sum2 += r * r;
    }
    const double sd = std::sqrt(sum2 / n - (sum / n) * (sum / n));
    const Estimate r = ratio_estimate(1.0, 4.0, 2.0, 0.01, 0.0, 0.0025);
    EXPECT_NEAR(r.standard_error, sd, 0.02 * sd);
}

}  // namespace
}  // namespace balance::stats
