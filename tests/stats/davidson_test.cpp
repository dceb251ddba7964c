#include "balance/stats/davidson.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace balance::stats {
namespace {

constexpr double kEloPerNat = 400.0 / 2.302585092994046;

struct Truth {
    std::vector<double> theta;
    double eta;
    double nu;
};

// Davidson probabilities written straight from the model definition (independent of the
// library's predictor rows): P(W) = g pi_i / T, P(D) = nu sqrt(g pi_i pi_j) / T, P(L) = pi_j / T.
std::array<double, 3> model_probabilities(const Truth& t, int white, int black) {
    const double wi = std::exp(t.theta[white] + t.eta);
    const double bj = std::exp(t.theta[black]);
    const double dr = t.nu * std::sqrt(wi * bj);
    const double total = wi + bj + dr;
    return {wi / total, dr / total, bj / total};
}

std::vector<DavidsonCell> simulate(const Truth& t, std::int64_t games_per_cell,
                                   std::mt19937_64& rng) {
    std::vector<DavidsonCell> cells;
    const int k = static_cast<int>(t.theta.size());
    for (int i = 0; i < k; ++i) {
        for (int j = 0; j < k; ++j) {
            const auto p = model_probabilities(t, i, j);
            std::binomial_distribution<std::int64_t> wins(games_per_cell, p[0]);
            const auto w = wins(rng);
            std::binomial_distribution<std::int64_t> draws(games_per_cell - w, p[1] / (1 - p[0]));
            const auto d = draws(rng);
            cells.push_back({i, j, w, d, games_per_cell - w - d});
        }
    }
    return cells;
}

const Truth kTruth{{0.4, 0.1, -0.2, -0.3}, 0.15, 0.9};

TEST(Davidson, SinglePlayerHasClosedForm) {
    // One player against itself: P(W):P(D):P(L) = g : nu sqrt(g) : 1, so the MLE is
    // eta = ln(W/L), nu = D / sqrt(W L), and the multinomial delta method gives
    // se(eta)^2 = 1/W + 1/L, se(log nu)^2 = 1/D + 1/(4W) + 1/(4L).
    const DavidsonCell cell{0, 0, 300, 500, 200};
    const auto fit = fit_davidson(std::span(&cell, 1), 1);
    ASSERT_TRUE(fit.ok()) << fit.error().message;
    EXPECT_NEAR(fit->white_advantage.value, std::log(1.5), 1e-9);
    EXPECT_NEAR(fit->nu.value, 500.0 / std::sqrt(300.0 * 200.0), 1e-9);
    EXPECT_NEAR(fit->white_advantage.standard_error, std::sqrt(1.0 / 300 + 1.0 / 200), 1e-9);
    EXPECT_NEAR(fit->log_nu.standard_error, std::sqrt(1.0 / 500 + 0.25 / 300 + 0.25 / 200), 1e-9);
    EXPECT_NEAR(fit->strength(0), 0.0, 1e-12);
    // White's expected score between equal players is the observed score (300 + 250) / 1000.
    EXPECT_NEAR(white_advantage_score(*fit).value, 0.55, 1e-9);
    EXPECT_NEAR(white_advantage_elo(*fit).value, kEloPerNat * std::log(1.5), 1e-7);
}

TEST(Davidson, RecoversPlantedParameters) {
    std::mt19937_64 rng(12345);
    const auto cells = simulate(kTruth, 2000, rng);
    const auto fit = fit_davidson(cells, 4);
    ASSERT_TRUE(fit.ok()) << fit.error().message;
    EXPECT_NEAR(fit->strength.sum(), 0.0, 1e-12);
    for (int k = 0; k < 4; ++k) {
        EXPECT_NEAR(fit->strength(k), kTruth.theta[k], 3 * fit->strength_se(k)) << "player " << k;
        EXPECT_GT(fit->strength_se(k), 0.005);
        EXPECT_LT(fit->strength_se(k), 0.05);
    }
    EXPECT_NEAR(fit->white_advantage.value, kTruth.eta, 3 * fit->white_advantage.standard_error);
    EXPECT_NEAR(fit->log_nu.value, std::log(kTruth.nu), 3 * fit->log_nu.standard_error);
    const auto diff = strength_difference_elo(*fit, 0, 3);
    EXPECT_NEAR(diff.value, kEloPerNat * (fit->strength(0) - fit->strength(3)), 1e-9);
    EXPECT_NEAR(diff.value, kEloPerNat * 0.7, 3 * diff.standard_error);
}

TEST(Davidson, StandardErrorsMatchSimulatedSpread) {
    // The inverse observed information should predict the spread of the estimates over
    // replications: compare the empirical SD with the mean reported SE.
    std::mt19937_64 rng(99);
    constexpr int kReps = 200;
    std::vector<double> eta;
    std::vector<double> log_nu;
    std::vector<double> theta0;
    double se_eta = 0;
    double se_nu = 0;
    double se_theta0 = 0;
    for (int r = 0; r < kReps; ++r) {
        const auto fit = fit_davidson(simulate(kTruth, 300, rng), 4);
        ASSERT_TRUE(fit.ok()) << fit.error().message;
        eta.push_back(fit->white_advantage.value);
        log_nu.push_back(fit->log_nu.value);
        theta0.push_back(fit->strength(0));
        se_eta += fit->white_advantage.standard_error / kReps;
        se_nu += fit->log_nu.standard_error / kReps;
        se_theta0 += fit->strength_se(0) / kReps;
    }
    const auto sd = [](const std::vector<double>& v) {
        double mean = 0;
        for (const double x : v) mean += x / v.size();
        double ss = 0;
        for (const double x : v) ss += (x - mean) * (x - mean);
        return std::sqrt(ss / (v.size() - 1));
    };
    EXPECT_NEAR(sd(eta) / se_eta, 1.0, 0.15);
    EXPECT_NEAR(sd(log_nu) / se_nu, 1.0, 0.15);
    EXPECT_NEAR(sd(theta0) / se_theta0, 1.0, 0.15);
}

TEST(Davidson, ScoreHelpersAreConsistent) {
    std::mt19937_64 rng(7);
    const auto fit = fit_davidson(simulate(kTruth, 1000, rng), 4);
    ASSERT_TRUE(fit.ok());
    const auto p = davidson_probabilities(*fit, 1, 2);
    EXPECT_NEAR(p.white_win + p.draw + p.black_win, 1.0, 1e-12);
    EXPECT_NEAR(expected_white_score(*fit, 1, 2).value, p.white_win + 0.5 * p.draw, 1e-12);
    const auto a = colour_averaged_score(*fit, 0, 3);
    const auto b = colour_averaged_score(*fit, 3, 0);
    EXPECT_NEAR(a.value + b.value, 1.0, 1e-12);
    EXPECT_NEAR(a.standard_error, b.standard_error, 1e-12);
    EXPECT_GT(a.value, 0.5);

    // Equal players: s = (g + nu sqrt(g)/2) / (g + 1 + nu sqrt(g)). Check the value and the
    // delta-method SE against a finite-difference gradient in (eta, log nu).
    const auto s_of = [](double eta, double log_nu) {
        const double g = std::exp(eta);
        const double nu = std::exp(log_nu);
        return (g + 0.5 * nu * std::sqrt(g)) / (g + 1 + nu * std::sqrt(g));
    };
    const double e = fit->white_advantage.value;
    const double l = fit->log_nu.value;
    const auto white = white_advantage_score(*fit);
    EXPECT_NEAR(white.value, s_of(e, l), 1e-12);
    const double h = 1e-6;
    const double ge = (s_of(e + h, l) - s_of(e - h, l)) / (2 * h);
    const double gl = (s_of(e, l + h) - s_of(e, l - h)) / (2 * h);
    const Eigen::Index ie = 4;
    const Eigen::Index il = 5;
    const auto& c = fit->covariance;
    const double var = ge * ge * c(ie, ie) + 2 * ge * gl * c(ie, il) + gl * gl * c(il, il);
    EXPECT_NEAR(white.standard_error, std::sqrt(var), 1e-6 * std::sqrt(var));
}

TEST(Davidson, ReportsUnidentifiableModels) {
    // No draws at all.
    const std::vector<DavidsonCell> no_draws{{0, 1, 10, 0, 5}, {1, 0, 7, 0, 8}};
    const auto a = fit_davidson(no_draws, 2);
    ASSERT_FALSE(a.ok());
    EXPECT_NE(a.error().message.find("no draws"), std::string::npos);
    // Player 2 never plays.
    EXPECT_FALSE(fit_davidson(no_draws, 3).ok());
    // Player 1 never loses or draws against player 0: strength runs off to infinity.
    const std::vector<DavidsonCell> separated{{0, 1, 0, 0, 20}, {1, 0, 20, 0, 0}, {0, 0, 5, 5, 5}};
    const auto b = fit_davidson(separated, 2);
    ASSERT_FALSE(b.ok());
    EXPECT_NE(b.error().message.find("separation"), std::string::npos);
    // Two groups that never meet: their relative strength is not identifiable.
    const std::vector<DavidsonCell> split{
        {0, 1, 5, 5, 5}, {1, 0, 4, 6, 5}, {2, 3, 5, 5, 5}, {3, 2, 6, 4, 5}};
    const auto c = fit_davidson(split, 4);
    ASSERT_FALSE(c.ok());
    EXPECT_NE(c.error().message.find("singular"), std::string::npos);
    // Bad id.
    const DavidsonCell bad{0, 5, 1, 1, 1};
    EXPECT_FALSE(fit_davidson(std::span(&bad, 1), 2).ok());
}

}  // namespace
}  // namespace balance::stats
