#include "balance/stats/sprt.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "balance/stats/balance_sprt.hpp"
#include "balance/stats/elo.hpp"

namespace balance::stats {
namespace {

double llr(const Wdl& wdl, double elo0, double elo1, EloModel model) {
    const auto got = sprt_llr(wdl, SprtParameters{0.05, 0.05, elo0, elo1, model});
    EXPECT_TRUE(got.ok()) << got.error().message;
    return got.ok() ? *got : std::nan("");
}

double llr(const Pentanomial& p, double elo0, double elo1, EloModel model) {
    const auto got = sprt_llr(p, SprtParameters{0.05, 0.05, elo0, elo1, model});
    EXPECT_TRUE(got.ok()) << got.error().message;
    return got.ok() ? *got : std::nan("");
}

// fastchess stores Stats(wins, losses, draws) and Stats(ll, ld, wl, dd, wd, ww).
Wdl fc_wdl(std::int64_t wins, std::int64_t losses, std::int64_t draws) {
    return Wdl{wins, draws, losses};
}
Pentanomial fc_penta(std::int64_t ll, std::int64_t ld, std::int64_t wl, std::int64_t dd,
                     std::int64_t wd, std::int64_t ww) {
    return Pentanomial{ll, ld, wl + dd, wd, ww};
}

// Two references per case: fastchess tests/sprt_test.cpp (two decimals, doctest epsilon 0.01),
// and the same inputs run through fishtest's LLRcalc.py in plain Python (brentq replaced by
// bisection) for more digits.
TEST(Sprt, FastchessTrinomialReferences) {
    constexpr auto N = EloModel::Normalized;
    constexpr auto L = EloModel::Logistic;
    const double a = llr(fc_wdl(36433, 36027, 68692), 0, 2, N);
    EXPECT_NEAR(a, 0.92, 0.01 * 0.92);
    EXPECT_NEAR(a, 0.9232934509539976, 1e-7);
    const double b = llr(fc_wdl(10871, 10650, 20431), -1.75, 0.25, N);
    EXPECT_NEAR(b, 2.30, 0.01 * 2.30);
    EXPECT_NEAR(b, 2.2975004071084575, 1e-7);
    const double c = llr(fc_wdl(21404, 21184, 40708), 0.5, 2.5, L);
    EXPECT_NEAR(c, -1.57, 0.01 * 1.57);
    EXPECT_NEAR(c, -1.5718887926990341, 1e-7);
    const double d = llr(fc_wdl(57433, 57030, 106593), 0, 2, L);
    EXPECT_NEAR(d, -2.59, 0.01 * 2.59);
    EXPECT_NEAR(d, -2.5930241635285656, 1e-7);
}

TEST(Sprt, FastchessPentanomialReferences) {
    constexpr auto N = EloModel::Normalized;
    constexpr auto L = EloModel::Logistic;
    const double a = llr(fc_penta(365, 16618, 36029, 200, 16974, 390), 0, 2, N);
    EXPECT_NEAR(a, 2.25, 0.01 * 2.25);
    EXPECT_NEAR(a, 2.250367703551081, 1e-7);
    const double b = llr(fc_penta(127, 4883, 10311, 401, 5150, 104), -1.75, 0.25, N);
    EXPECT_NEAR(b, 3.01, 0.01 * 3.01);
    EXPECT_NEAR(b, 3.010154196604921, 1e-7);
    const double c = llr(fc_penta(223, 9863, 20279, 1000, 10037, 246), 0.5, 2.5, L);
    EXPECT_NEAR(c, -3.07, 0.01 * 3.07);
    EXPECT_NEAR(c, -3.074126439586767, 1e-7);
    const double d = llr(fc_penta(871, 26175, 55003, 980, 26678, 821), 0, 2, L);
    EXPECT_NEAR(d, -4.98, 0.01 * 4.98);
    EXPECT_NEAR(d, -4.9786728634511785, 1e-7);
}

TEST(Sprt, FishtestSelfTestInputs) {
    // stat_util.py __main__: R with pentanomial [10789, 19328, 33806, 19402, 10543], elo -3..1.
    EXPECT_NEAR(llr(Pentanomial{10789, 19328, 33806, 19402, 10543}, -3, 1, EloModel::Logistic),
                2.131067811785043, 1e-7);
    EXPECT_NEAR(llr(Wdl{65388, 56553, 65804}, -3, 1, EloModel::Logistic), 2.049042617981811, 1e-7);
}

TEST(Sprt, ZeroCountsAreRegularizedLikeFishtest) {
    // No losses: fishtest replaces the 0 by 1e-3.
    EXPECT_NEAR(llr(Wdl{10, 20, 0}, 0, 5, EloModel::Logistic), 0.4285535671793067, 1e-7);
    EXPECT_NEAR(llr(Wdl{10, 20, 3}, 0, 5, EloModel::Normalized), 0.1572339026743428, 1e-7);
    EXPECT_EQ(llr(Wdl{}, 0, 5, EloModel::Logistic), 0.0);
}

TEST(Sprt, AgreesWithBrownianApproximationOnLargeSamples) {
    // fishtest LLR_alt2: N (s1 - s0)(2 s - s0 - s1) / (2 var), accurate for small Elo steps.
    const Wdl wdl{21000, 40000, 20000};
    const double s = wdl.score();
    const double var = wdl.score_variance();
    const double s0 = score_from_elo(0);
    const double s1 = score_from_elo(5);
    const double approx = wdl.games() * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
    EXPECT_NEAR(llr(wdl, 0, 5, EloModel::Logistic), approx, 0.01 * std::abs(approx));
}

TEST(Sprt, BoundsAndDecisions) {
    const auto bounds = sprt_bounds(0.05, 0.05);
    ASSERT_TRUE(bounds.ok());
    EXPECT_NEAR(bounds->lower, -std::log(19.0), 1e-12);
    EXPECT_NEAR(bounds->upper, std::log(19.0), 1e-12);
    const auto skewed = sprt_bounds(0.05, 0.10);
    ASSERT_TRUE(skewed.ok());
    EXPECT_NEAR(skewed->lower, std::log(0.10 / 0.95), 1e-12);
    EXPECT_NEAR(skewed->upper, std::log(0.90 / 0.05), 1e-12);
    EXPECT_EQ(sprt_decide(3.0, *bounds), SprtDecision::AcceptH1);
    EXPECT_EQ(sprt_decide(-3.0, *bounds), SprtDecision::AcceptH0);
    EXPECT_EQ(sprt_decide(0.0, *bounds), SprtDecision::Continue);

    const auto result = sprt_test(fc_penta(871, 26175, 55003, 980, 26678, 821), {0.05, 0.05, 0, 2});
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->decision, SprtDecision::AcceptH0);  // LLR -4.98 < -2.94
}

TEST(Sprt, RejectsBadParameters) {
    EXPECT_FALSE(sprt_bounds(0.0, 0.05).ok());
    EXPECT_FALSE(sprt_bounds(0.6, 0.5).ok());
    EXPECT_FALSE(sprt_llr(Wdl{1, 1, 1}, {0.05, 0.05, 2, 2}).ok());
    EXPECT_FALSE(sprt_llr(Wdl{-1, 1, 1}, {0.05, 0.05, 0, 2}).ok());
}

TEST(Sprt, ScoreMarginToEloBounds) {
    const auto logistic = elo_bounds_for_score_margin(0.05, EloModel::Logistic);
    ASSERT_TRUE(logistic.ok());
    EXPECT_EQ(logistic->elo0, 0.0);
    EXPECT_NEAR(logistic->elo1, -400 * std::log10(1 / 0.55 - 1), 1e-12);  // 34.86
    EXPECT_NEAR(score_from_elo(logistic->elo1), 0.55, 1e-14);
    const auto normalized = elo_bounds_for_score_margin(0.05, EloModel::Normalized, 0.4);
    ASSERT_TRUE(normalized.ok());
    EXPECT_NEAR(normalized->elo1, 0.05 / 0.4 * kNeloPerT, 1e-12);
    EXPECT_FALSE(elo_bounds_for_score_margin(0.05, EloModel::Normalized).ok());
    EXPECT_FALSE(elo_bounds_for_score_margin(0.0, EloModel::Logistic).ok());
    EXPECT_FALSE(elo_bounds_for_score_margin(0.5, EloModel::Logistic).ok());
}

TEST(BalanceSprt, VerdictsForClearCases) {
    const BalanceSprtParameters params{0.05, 0.05, 0.05, EloModel::Logistic, 0.0};
    const auto favoured = balance_sprt(Wdl{600, 200, 200}, params);  // score 0.70
    ASSERT_TRUE(favoured.ok());
    EXPECT_EQ(favoured->verdict, BalanceVerdict::FavoursSide);
    EXPECT_EQ(balance_sprt(Wdl{200, 200, 600}, params)->verdict, BalanceVerdict::FavoursOpponent);

    // Score exactly 0.5 over 10000 games; LLR of 0.5 vs 0.55 from fishtest's LLRcalc (Python).
    const auto balanced = balance_sprt(Wdl{3000, 4000, 3000}, params);
    ASSERT_TRUE(balanced.ok());
    EXPECT_EQ(balanced->verdict, BalanceVerdict::Balanced);
    EXPECT_NEAR(balanced->side.llr, balanced->opponent.llr, 1e-9);
    EXPECT_NEAR(balanced->side.llr, -83.56907769727813, 1e-6);

    EXPECT_EQ(balance_sprt(Wdl{6, 8, 6}, params)->verdict, BalanceVerdict::Continue);
    const BalanceSprtParameters normalized{0.05, 0.05, 0.05, EloModel::Normalized, 0.0};
    EXPECT_EQ(balance_sprt(Pentanomial{20, 300, 1500, 1500, 680}, normalized)->verdict,
              BalanceVerdict::FavoursSide);
}

// The expected sample number: played on at the same proportions, the games it names bring the
// verdict to its bound (10% past them decided, 10% short of them not yet: the counts are
// whole games, so a finer margin tests their rounding).
TEST(BalanceSprt, ExpectedMoreGamesReachTheVerdictAtTheSameScore) {
    const BalanceSprtParameters params{0.05, 0.05, 0.05, EloModel::Logistic, 0.0};
    const auto scaled = [](const Wdl& w, double factor) {
        return Wdl{std::llround(w.wins * factor), std::llround(w.draws * factor),
                   std::llround(w.losses * factor)};
    };
    struct Case {
        Wdl now;
        BalanceVerdict heading;
    };
    for (const Case& c : {Case{Wdl{24, 16, 12}, BalanceVerdict::FavoursSide},  // score 0.615
                          Case{Wdl{12, 16, 24}, BalanceVerdict::FavoursOpponent},
                          Case{Wdl{15, 20, 15}, BalanceVerdict::Balanced}}) {
        const auto now = balance_sprt(c.now, params);
        ASSERT_TRUE(now.ok());
        ASSERT_EQ(now->verdict, BalanceVerdict::Continue);
        const auto more = expected_more_games(*now, c.now.games());
        ASSERT_TRUE(more.has_value());
        EXPECT_GT(*more, 0.0);
        const double at = (static_cast<double>(c.now.games()) + *more) / c.now.games();
        EXPECT_EQ(balance_sprt(scaled(c.now, at * 0.9), params)->verdict, BalanceVerdict::Continue)
            << *more;
        EXPECT_EQ(balance_sprt(scaled(c.now, at * 1.1), params)->verdict, c.heading) << *more;
    }
    // Decided: nothing to expect.
    const auto decided = balance_sprt(Wdl{600, 200, 200}, params);
    EXPECT_FALSE(expected_more_games(*decided, 1000).has_value());
}

}  // namespace
}  // namespace balance::stats
