// Texel's fit (texel_fit.hpp) on synthetic data: it recovers known weights from exact expected
// scores and from sampled results, the regulariser pulls toward the prior, a feature that never
// varies keeps its prior weight, the fit is the same to the last bit at any thread count, and bad
// input is an error.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <thread>

#include <tbb/global_control.h>

#include "balance/stats/texel_fit.hpp"

namespace balance::testing {
namespace {

double expected_score(double centipawns, double k) {
    return 1.0 / (1.0 + std::pow(10.0, -k * centipawns / 400.0));
}

// `n` rows of `truth.size()` features: small counts like an evaluation's, a constant of
// `constant_cp`, and results either the exact expected score or a sampled win/draw/loss.
stats::TexelRows synthetic(const std::vector<double>& truth, int n, double constant_cp,
                           bool sampled, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> count(-3, 3);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    stats::TexelRows rows;
    rows.columns = static_cast<int>(truth.size());
    for (int i = 0; i < n; ++i) {
        double e = constant_cp;
        for (double w : truth) {
            const int x = count(rng);
            rows.features.push_back(static_cast<float>(x));
            e += w * x;
        }
        rows.constants.push_back(static_cast<float>(constant_cp));
        const double p = expected_score(e, 1.0);
        rows.results.push_back(static_cast<float>(sampled ? (unit(rng) < p ? 1.0 : 0.0) : p));
    }
    return rows;
}

TEST(TexelFit, RecoversWeightsFromExpectedScores) {
    const std::vector<double> truth = {100.0, -40.0, 25.0, 60.0, -10.0};
    const stats::TexelRows rows = synthetic(truth, 20000, 0.0, false, 1);
    const std::vector<double> prior = {80.0, -20.0, 10.0, 50.0, 0.0};
    stats::TexelOptions options;
    options.l2 = 0.0;
    auto fit = stats::fit_texel(rows, prior, options);
    ASSERT_TRUE(fit) << fit.error().to_string();
    // With no constant only K x w is identified: K is fitted at the prior, the weights follow.
    for (std::size_t j = 0; j < truth.size(); ++j)
        EXPECT_NEAR(fit->k * fit->weights[j], truth[j], 0.01 * std::abs(truth[j]) + 0.05) << j;
    EXPECT_LT(fit->error_after, 1e-8);
    EXPECT_GT(fit->error_before, fit->error_after);
}

TEST(TexelFit, RecoversWeightsFromSampledResults) {
    const std::vector<double> truth = {120.0, -50.0, 30.0};
    const stats::TexelRows rows = synthetic(truth, 200000, 20.0, true, 2);
    // The prior has the truth's scale, so K comes out near 1 and the weights near the truth.
    const std::vector<double> prior = {120.0, -50.0, 30.0};
    auto fit = stats::fit_texel(rows, prior, {});
    ASSERT_TRUE(fit) << fit.error().to_string();
    EXPECT_NEAR(fit->k, 1.0, 0.05);
    const std::vector<double> shifted = {60.0, 0.0, 90.0};
    auto from_afar = stats::fit_texel(rows, shifted, stats::TexelOptions{.l2 = 0.0});
    ASSERT_TRUE(from_afar);
    for (std::size_t j = 0; j < truth.size(); ++j)
        EXPECT_NEAR(from_afar->k * from_afar->weights[j], truth[j], 8.0) << j;
}

TEST(TexelFit, RegularisationPullsTowardThePrior) {
    const std::vector<double> truth = {100.0, -40.0};
    const stats::TexelRows rows = synthetic(truth, 5000, 0.0, false, 3);
    // Not proportional to the truth: a prior that is (K fits the scale first, and a prior of
    // half the truth is fitted exactly at K = 2, leaving the weights nothing to learn).
    const std::vector<double> prior = {50.0, 20.0};
    auto loose = stats::fit_texel(rows, prior, stats::TexelOptions{.l2 = 0.0});
    auto tight = stats::fit_texel(rows, prior, stats::TexelOptions{.l2 = 10.0});
    ASSERT_TRUE(loose && tight);
    // The loose fit moves well away from the prior; the tight one stays nearer it.
    EXPECT_GT(std::abs(loose->weights[1] - prior[1]), 20.0);
    for (std::size_t j = 0; j < prior.size(); ++j)
        EXPECT_LT(std::abs(tight->weights[j] - prior[j]), std::abs(loose->weights[j] - prior[j]));
}

TEST(TexelFit, HoldsAWeightWhoseFeatureNeverVaries) {
    stats::TexelRows rows = synthetic({100.0, 0.0}, 3000, 0.0, false, 4);
    for (std::int64_t i = 0; i < rows.rows(); ++i) rows.features[i * 2 + 1] = 2.0F;
    const std::vector<double> prior = {70.0, 33.0};
    auto fit = stats::fit_texel(rows, prior, stats::TexelOptions{.l2 = 0.0});
    ASSERT_TRUE(fit);
    EXPECT_TRUE(fit->held[1]);
    EXPECT_FALSE(fit->held[0]);
    EXPECT_EQ(fit->weights[1], 33.0);
}

TEST(TexelFit, TheSameFitAtAnyThreadCount) {
    // Ten blocks of rows: with one thread and with all of them the sums over blocks are made in
    // the same order, so the fit is the same to the last bit (a tuned file does not depend on
    // the machine that fitted it).
    const stats::TexelRows rows = synthetic({100.0, -40.0, 15.0}, 40000, 10.0, true, 5);
    const std::vector<double> prior = {80.0, 0.0, 0.0};
    const auto fit_with = [&](std::size_t threads) {
        tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
        return stats::fit_texel(rows, prior);
    };
    const auto one = fit_with(1);
    const auto all = fit_with(std::max<std::size_t>(2, std::thread::hardware_concurrency()));
    ASSERT_TRUE(one && all);
    EXPECT_EQ(one->k, all->k);
    EXPECT_EQ(one->weights, all->weights);
    EXPECT_EQ(one->error_after, all->error_after);
}

TEST(TexelFit, BadInputIsAnError) {
    stats::TexelRows empty;
    empty.columns = 2;
    EXPECT_FALSE(stats::fit_texel(empty, std::vector<double>{1.0, 2.0}));
    stats::TexelRows rows = synthetic({10.0, 20.0}, 10, 0.0, false, 5);
    EXPECT_FALSE(stats::fit_texel(rows, std::vector<double>{1.0}));
    EXPECT_FALSE(stats::fit_texel(rows, std::vector<double>{1.0, std::nan("")}));
    rows.features[3] = std::numeric_limits<float>::infinity();
    EXPECT_FALSE(stats::fit_texel(rows, std::vector<double>{1.0, 2.0}));
}

}  // namespace
}  // namespace balance::testing
