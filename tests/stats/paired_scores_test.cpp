// Paired games (one opening, colours reversed): the interval over pairs, its coverage when the
// openings carry a bias, and the pair correlation it reports.

#include "balance/stats/paired_scores.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace balance::stats {
namespace {

TEST(PairedScores, CountsAndCorrelationByHand) {
    PairedScores s;
    // Four pairs: (1, 0), (0, 1), (1, 0.5), (0.5, 0.5). Game scores 1,0,0,1,1,.5,.5,.5: mean
    // 0.5625, variance 0.5625 * 0.4375 - (3 * 0.25) / 8 = 0.15234375. Pair means .5, .5, .75,
    // .5: mean 0.5625, variance 0.5625 * 0.4375 - (3 * .25 + .1875) / 4 = 0.01171875.
    ASSERT_TRUE(s.add_pair(1.0, 0.0));
    ASSERT_TRUE(s.add_pair(0.0, 1.0));
    ASSERT_TRUE(s.add_pair(1.0, 0.5));
    ASSERT_TRUE(s.add_pair(0.5, 0.5));
    EXPECT_FALSE(s.add_pair(1.5, 0.0));
    auto paired = paired_interval(s, 0.95);
    ASSERT_TRUE(paired.ok());
    EXPECT_EQ(paired->pairs, 4);
    EXPECT_DOUBLE_EQ(paired->score.estimate, 0.5625);
    EXPECT_NEAR(paired->correlation, 2 * 0.01171875 / 0.15234375 - 1, 1e-12);
    EXPECT_NEAR(paired->games_share, 1 + paired->correlation, 1e-12);
    // It is the quasi-binomial interval of the pair means.
    auto direct = mean_score_interval(s.pairs, 0.95);
    ASSERT_TRUE(direct.ok());
    EXPECT_DOUBLE_EQ(paired->score.lower, direct->lower);
    EXPECT_DOUBLE_EQ(paired->score.upper, direct->upper);
}

TEST(PairedScores, NoPairsIsAnError) {
    EXPECT_FALSE(paired_interval(PairedScores{}, 0.95).ok());
}

// One game from the player's view: win with probability `win`, draw with `draw`.
double play_game(std::mt19937_64& rng, double win, double draw) {
    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
    return u < win ? 1.0 : (u < win + draw ? 0.5 : 0.0);
}

// Openings with a bias b ~ U(-bias, bias) towards White: the player wins with 0.35 + edge + b
// as White and 0.35 + edge - b as Black, draws with 0.3. The true score is 0.5 + edge.
PairedScores simulate_pairs(std::mt19937_64& rng, int pairs, double edge, double bias) {
    PairedScores s;
    std::uniform_real_distribution<double> opening(-bias, bias);
    for (int i = 0; i < pairs; ++i) {
        const double b = opening(rng);
        (void)s.add_pair(play_game(rng, 0.35 + edge + b, 0.3),
                         play_game(rng, 0.35 + edge - b, 0.3));
    }
    return s;
}

TEST(PairedScores, CoversItsLevelWithBiasedOpenings) {
    std::mt19937_64 rng(20261127);
    constexpr int kReplications = 3000;  // coverage SE ~ 0.004 at 0.95
    for (const int pairs : {50, 200}) {
        for (const double bias : {0.0, 0.15, 0.3}) {
            int covered = 0;
            for (int r = 0; r < kReplications; ++r) {
                auto paired = paired_interval(simulate_pairs(rng, pairs, 0.05, bias), 0.95);
                ASSERT_TRUE(paired.ok());
                covered += paired->score.lower <= 0.55 && 0.55 <= paired->score.upper;
            }
            const double coverage = static_cast<double>(covered) / kReplications;
            EXPECT_GT(coverage, 0.93) << "pairs=" << pairs << " bias=" << bias;
            EXPECT_LT(coverage, 0.97) << "pairs=" << pairs << " bias=" << bias;
        }
    }
}

TEST(PairedScores, BiasedOpeningsGiveANegativeCorrelationAndANarrowerInterval) {
    std::mt19937_64 rng(7);
    const PairedScores s = simulate_pairs(rng, 20000, 0.0, 0.3);
    auto paired = paired_interval(s, 0.95);
    ASSERT_TRUE(paired.ok());
    // var(b) = 0.03; a game's variance 0.5 * 0.5 - 0.3 / 4 = 0.175; the two games' covariance is
    // -var(b) (win probability moves by +b and -b): rho = -0.03 / 0.175 = -0.171.
    EXPECT_NEAR(paired->correlation, -0.03 / 0.175, 0.03);
    auto unpaired = mean_score_interval(s.games, 0.95);
    ASSERT_TRUE(unpaired.ok());
    const double ratio =
        (paired->score.upper - paired->score.lower) / (unpaired->upper - unpaired->lower);
    EXPECT_NEAR(ratio * ratio, paired->games_share, 0.02);
}

}  // namespace
}  // namespace balance::stats
