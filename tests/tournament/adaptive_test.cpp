// Adaptive allocation on hand-made results.

#include <gtest/gtest.h>

#include <cmath>

#include "adaptive.hpp"

namespace balance::tournament {
namespace {

AdaptiveSpec spec(double target, std::int64_t budget, int wave) {
    AdaptiveSpec s;
    s.target_half_width = target;
    s.budget = budget;
    s.initial_games = 10;
    s.wave_games = wave;
    return s;
}

TEST(Adaptive, HalfWidthIsTheTrinomialWilsonOne) {
    // 10 wins 0 draws 10 losses: s = 0.5, V = 0.25; the score-test interval solves
    // n (x - s)^2 = z^2 x (1 - x) (no draws), i.e. the binomial Wilson interval.
    const double z = 1.959963984540054, n = 20;
    const double half = z * std::sqrt(0.25 / n + z * z / (4 * n * n)) / (1 + z * z / n);
    EXPECT_NEAR(score_half_width(stats::Wdl{10, 0, 10}), half, 1e-9);
    EXPECT_EQ(score_half_width(stats::Wdl{}), 0.5);
}

TEST(Adaptive, FirstWaveRespectsTheBudget) {
    EXPECT_EQ(first_wave(spec(0.05, 1000, 50), 3), (std::vector<int>{10, 10, 10}));
    EXPECT_EQ(first_wave(spec(0.05, 20, 50), 3), (std::vector<int>{6, 6, 6}));
    EXPECT_EQ(first_wave(spec(0.05, 2, 50), 3), (std::vector<int>{1, 1, 1}));
}

TEST(Adaptive, GamesGoToTheWidestCells) {
    // Cell 0 is decided (all wins: narrow), cell 1 is balanced (wide), cell 2 in between.
    const std::vector<stats::Wdl> results{{10, 0, 0}, {5, 0, 5}, {2, 8, 0}};
    const std::vector<int> allocated{10, 10, 10};
    const auto added = next_wave(spec(0.1, 1000, 30), results, allocated);
    EXPECT_EQ(added[0] + added[1] + added[2], 30);
    EXPECT_GT(added[1], added[2]);
    EXPECT_GE(added[2], added[0]);
    // Deterministic: the same inputs give the same wave.
    EXPECT_EQ(added, next_wave(spec(0.1, 1000, 30), results, allocated));
}

TEST(Adaptive, StopsAtTheTargetOrTheBudget) {
    const std::vector<stats::Wdl> wide{{5, 0, 5}, {5, 0, 5}};
    const std::vector<int> allocated{10, 10};
    // Budget: only 5 more games in total.
    const auto capped = next_wave(spec(0.01, 25, 100), wide, allocated);
    EXPECT_EQ(capped[0] + capped[1], 5);
    // A target already met by both cells: nothing to add.
    const auto done = next_wave(spec(0.4, 1000, 100), wide, allocated);
    EXPECT_EQ(done, (std::vector<int>{0, 0}));
    // A wave stops early once every cell is projected to meet the target: for h ~ 0.27 at
    // n = 10 and target 0.2, about 10 * (0.27/0.2)^2 - 10 ~ 8 games per cell.
    const auto enough = next_wave(spec(0.2, 1000, 1000), wide, allocated);
    EXPECT_GT(enough[0], 4);
    EXPECT_LT(enough[0], 15);
    EXPECT_LE(std::abs(enough[0] - enough[1]), 1);
}

}  // namespace
}  // namespace balance::tournament
