// The piece-value fit on synthetic material data with known values: outcomes drawn from a
// logistic model of the material difference (seeded RNG), so the fit must recover the values
// within its intervals; the game-as-cluster standard errors; identifiability; Spearman.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "balance/analysis/material_samples.hpp"
#include "balance/analysis/piece_values.hpp"

namespace balance::app::report {
namespace {

// True logit effect of one extra piece (White minus Black) and the White advantage.
constexpr double kIntercept = 0.12;
const std::vector<double> kTrue{0.30, 0.95, 1.00, 1.55, 2.80};  // P N B R Q
const std::vector<std::string> kPieces{"pawn", "knight", "bishop", "rook", "queen"};

int draw_difference(std::mt19937_64& rng, double p_nonzero) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double r = u(rng);
    if (r < p_nonzero / 2) return -1;
    if (r < p_nonzero) return 1;
    return 0;
}

// A game score with mean mu: draws take half of the smaller tail, as in real games.
double draw_score(std::mt19937_64& rng, double mu) {
    const double d = 0.5 * std::min(2.0 * mu, 2.0 - 2.0 * mu);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double r = u(rng);
    if (r < mu - d / 2) return 1.0;
    if (r < mu + d / 2) return 0.5;
    return 0.0;
}

// `games` games with `rows_per_game` identical rows each (the game's material and outcome).
MaterialData synthetic(int games, int rows_per_game, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> pawns(-3, 3);
    MaterialData data;
    data.pieces = kPieces;
    data.documented = {1, 3, 3, 5, 9};
    data.armies = {"fide", "fide", "fide", "fide", "fide"};
    data.first_pawn = "pawn";
    for (int g = 0; g < games; ++g) {
        std::vector<double> x{static_cast<double>(pawns(rng)),
                              static_cast<double>(draw_difference(rng, 0.5)),
                              static_cast<double>(draw_difference(rng, 0.5)),
                              static_cast<double>(draw_difference(rng, 0.5)),
                              static_cast<double>(draw_difference(rng, 0.3))};
        double eta = kIntercept;
        for (std::size_t k = 0; k < x.size(); ++k) eta += kTrue[k] * x[k];
        const double y = draw_score(rng, 1.0 / (1.0 + std::exp(-eta)));
        for (int r = 0; r < rows_per_game; ++r) {
            data.rows.push_back(x);
            data.outcomes.push_back(y);
            data.clusters.push_back(g);
        }
        ++data.games_used;
    }
    return data;
}

TEST(ValuesFit, RecoversKnownValuesWithinItsIntervals) {
    const MaterialData data = synthetic(6000, 1, 20240601);
    ValueFitOptions options;
    options.confidence = 0.999;
    const auto fit = fit_piece_values(data, options);
    ASSERT_TRUE(fit.ok()) << fit.error().to_string();
    EXPECT_EQ(fit->normalize, "pawn");
    EXPECT_DOUBLE_EQ(fit->unit_value, 1.0);
    ASSERT_EQ(fit->rows.size(), 5u);
    for (std::size_t k = 0; k < kPieces.size(); ++k) {
        const PieceValueRow& row = fit->rows[k];
        ASSERT_TRUE(row.identified) << row.piece << ": " << row.why_not;
        const double truth = kTrue[k] / kTrue[0];
        EXPECT_LE(row.value_interval.lower, truth) << row.piece;
        EXPECT_GE(row.value_interval.upper, truth) << row.piece;
        // And the intervals are informative, not just wide.
        if (k > 0) {
            EXPECT_LT(row.value_interval.upper - row.value_interval.lower, 0.4 * truth);
        }
        EXPECT_NEAR(row.elo.estimate, 400.0 / std::log(10.0) * row.coefficient.value, 1e-9);
    }
    EXPECT_DOUBLE_EQ(fit->rows[0].value.value, 1.0);
    EXPECT_LT(std::abs(fit->intercept.value - kIntercept), 4.0 * fit->intercept.standard_error);
    // Documented ranks 1, 2.5, 2.5, 4, 5 (N = B = 3) against the fitted 1..5 (N and B in either
    // order): deviations from the mean rank 3 are (-2, -.5, -.5, 1, 2) and (-2, -1, 0, 1, 2), so
    // rho = 9.5 / sqrt(9.5 * 10) = 0.97468.
    EXPECT_NEAR(*fit->spearman, 9.5 / std::sqrt(95.0), 1e-12);
}

TEST(ValuesFit, IntervalsCoverAtTheirNominalRate) {
    // 300 independent small data sets; the 95% interval of the knight's value in pawns should
    // cover the truth about 95% of the time (binomial SE 1.3%).
    int covered = 0, fitted = 0;
    for (int rep = 0; rep < 300; ++rep) {
        const MaterialData data = synthetic(800, 1, 1000 + rep);
        const auto fit = fit_piece_values(data, ValueFitOptions{});
        if (!fit.ok()) continue;
        ++fitted;
        const auto& i = fit->rows[1].value_interval;
        const double truth = kTrue[1] / kTrue[0];
        covered += i.lower <= truth && truth <= i.upper;
    }
    ASSERT_EQ(fitted, 300);
    const double coverage = static_cast<double>(covered) / fitted;
    EXPECT_GT(coverage, 0.905);
    EXPECT_LT(coverage, 0.985);
}

TEST(ValuesFit, RowsOfOneGameDoNotFakePrecision) {
    // Four identical rows per game carry no more information than one: with the game as cluster
    // the robust SEs are exactly those of one row per game.
    const MaterialData one = synthetic(1500, 1, 7);
    const MaterialData four = synthetic(1500, 4, 7);
    const auto a = fit_piece_values(one, ValueFitOptions{});
    const auto b = fit_piece_values(four, ValueFitOptions{});
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(b->positions, 6000);
    EXPECT_EQ(b->clusters, 1500);
    for (std::size_t k = 0; k < kPieces.size(); ++k) {
        EXPECT_NEAR(a->rows[k].coefficient.value, b->rows[k].coefficient.value, 1e-9);
        EXPECT_NEAR(a->rows[k].coefficient.standard_error, b->rows[k].coefficient.standard_error,
                    1e-9);
        EXPECT_NEAR(a->rows[k].value.standard_error, b->rows[k].value.standard_error, 1e-9);
    }
}

TEST(ValuesFit, NormalizesToTheChosenPieceAndUnit) {
    const MaterialData data = synthetic(3000, 1, 11);
    ValueFitOptions quarter;
    quarter.unit_value = 4.0;  // Uneven's quarter-pawns: pawn = 4
    const auto q = fit_piece_values(data, quarter);
    const auto p = fit_piece_values(data, ValueFitOptions{});
    ASSERT_TRUE(q.ok() && p.ok());
    for (std::size_t k = 0; k < kPieces.size(); ++k) {
        EXPECT_NEAR(q->rows[k].value.value, 4.0 * p->rows[k].value.value, 1e-9);
        EXPECT_NEAR(q->rows[k].value.standard_error, 4.0 * p->rows[k].value.standard_error, 1e-9);
    }
    ValueFitOptions knight;
    knight.normalize = "knight";  // documented 3: values in "knight = 3" units
    const auto n = fit_piece_values(data, knight);
    ASSERT_TRUE(n.ok());
    EXPECT_DOUBLE_EQ(n->unit_value, 3.0);
    EXPECT_DOUBLE_EQ(n->rows[1].value.value, 3.0);
    EXPECT_DOUBLE_EQ(n->rows[1].value.standard_error, 0.0);
    EXPECT_NEAR(n->rows[0].value.value, 3.0 / p->rows[1].value.value, 1e-9);
    ValueFitOptions unknown;
    unknown.normalize = "archbishop";
    const auto u = fit_piece_values(data, unknown);
    ASSERT_FALSE(u.ok());
    EXPECT_NE(u.error().message.find("not a piece of the variant"), std::string::npos);
}

TEST(ValuesFit, ExplainsPiecesThatNeverVaryOrMoveTogether) {
    MaterialData data = synthetic(2000, 1, 3);
    data.pieces.insert(data.pieces.end(), {"ferz", "wazir", "pair"});
    data.documented.insert(data.documented.end(), {1.5, 1.2, 6});
    data.armies.insert(data.armies.end(), {"x", "x", "x"});
    for (auto& row : data.rows) {
        const double knight = row[1], bishop = row[2];
        row.insert(row.end(), {0.0, 1.0, knight + bishop});
    }
    const auto fit = fit_piece_values(data, ValueFitOptions{});
    ASSERT_TRUE(fit.ok()) << fit.error().to_string();
    EXPECT_FALSE(fit->rows[5].identified);
    EXPECT_NE(fit->rows[5].why_not.find("never varies"), std::string::npos);
    EXPECT_NE(fit->rows[5].why_not.find("is 0 in every sampled position"), std::string::npos);
    EXPECT_FALSE(fit->rows[6].identified);
    EXPECT_NE(fit->rows[6].why_not.find("+1 in every sampled position"), std::string::npos);
    EXPECT_FALSE(fit->rows[7].identified);
    EXPECT_NE(fit->rows[7].why_not.find("linear combination"), std::string::npos);
    for (int k = 0; k < 5; ++k) EXPECT_TRUE(fit->rows[k].identified);

    ValueFitOptions bad;
    bad.normalize = "wazir";
    const auto b = fit_piece_values(data, bad);
    ASSERT_FALSE(b.ok());
    EXPECT_NE(b.error().message.find("cannot normalize to 'wazir': never varies"),
              std::string::npos)
        << b.error().message;
}

TEST(ValuesFit, NoRowsIsAnError) {
    MaterialData data;
    data.pieces = kPieces;
    const auto fit = fit_piece_values(data, ValueFitOptions{});
    ASSERT_FALSE(fit.ok());
    EXPECT_NE(fit.error().message.find("no sampled positions"), std::string::npos);
}

TEST(ValuesFit, EvenlySpacedPicksSpreadOverTheGame) {
    EXPECT_EQ(evenly_spaced(3, 4), (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(evenly_spaced(8, 4), (std::vector<int>{1, 3, 5, 7}));
    EXPECT_EQ(evenly_spaced(10, 1), (std::vector<int>{5}));
    EXPECT_TRUE(evenly_spaced(0, 4).empty());
}

}  // namespace
}  // namespace balance::app::report
