// The piece-value fit on synthetic material data with known values: outcomes drawn from a
// logistic model of the material difference (seeded RNG), so the fit must recover the values
// within its intervals; the game-as-cluster standard errors; identifiability; Spearman.

#include <gtest/gtest.h>

#include <map>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "balance/analysis/material_samples.hpp"
#include "balance/analysis/piece_values.hpp"
#include "balance/analysis/value_warnings.hpp"
#include "balance/stats/elo.hpp"

namespace balance::analysis {
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

// Games where a positional edge z both wins material (White's pawn and knight differences grow
// with z) and wins games by itself: the omitted-variable case. `game(z, pawns, knights, noise)`
// gives the engine's positional evaluation (cp) and the outcome's logit.
struct Confounded {
    double positional_cp = 0.0;
    double logit = 0.0;
};
template <class Game>
MaterialData confounded(int games, std::uint64_t seed, Game&& game) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    MaterialData data;
    data.pieces = {"pawn", "knight"};
    data.documented = {1, 3};
    data.armies = {"fide", "fide"};
    data.first_pawn = "pawn";
    for (int g = 0; g < games; ++g) {
        const double z = normal(rng);
        const double pawns = std::round(0.8 * z + normal(rng));
        const double knights = std::round(0.25 * z + 0.45 * normal(rng));
        const Confounded c = game(z, pawns, knights, normal(rng));
        data.rows.push_back({pawns, knights});
        data.positional.push_back(c.positional_cp);
        data.engine_material.push_back(100.0 * pawns + 300.0 * knights);
        data.outcomes.push_back(draw_score(rng, 1.0 / (1.0 + std::exp(-c.logit))));
        data.clusters.push_back(g);
        ++data.games_used;
    }
    return data;
}

TEST(ValuesFit, PositionalCovariateRemovesTheConfounding) {
    // The engine's positional evaluation measures z with noise (25 cp on 100).
    const MaterialData data =
        confounded(20000, 515, [](double z, double pawns, double knights, double noise) {
            return Confounded{100.0 * z + 25.0 * noise,
                              0.1 + 0.8 * z + 0.3 * pawns + 0.9 * knights};
        });
    const double truth = 0.9 / 0.3;  // knight in pawns
    MaterialData material_only = data;
    material_only.positional.clear();
    const auto plain = fit_piece_values(material_only, ValueFitOptions{});
    ValueFitOptions free;
    free.positional = PositionalTerm::Free;
    const auto held = fit_piece_values(data, free);
    ASSERT_TRUE(plain.ok() && held.ok());
    // Without the covariate the pawn absorbs most of z: the knight reads far too low.
    EXPECT_LT(plain->rows[1].value_interval.upper, 0.8 * truth);
    EXPECT_FALSE(plain->positional);
    // With it the knight comes back close to the truth (the noise in the covariate leaves a
    // little bias).
    EXPECT_NEAR(held->rows[1].value.value, truth, 0.25 * truth);
    ASSERT_TRUE(held->positional);
    EXPECT_GT(held->positional->value, 0.5);
}

TEST(ValuesFit, HeldPositionalTermAtTheEnginesScale) {
    // Outcomes follow the engine's whole evaluation (material at pawn 1, knight 3, plus a
    // positional part that grows with the material edge) at 0.7 logit per pawn: holding the
    // positional part at that scale gives back 3; leaving it out reads the knight low.
    const MaterialData data =
        confounded(20000, 77, [](double z, double pawns, double knights, double) {
            const double positional = 120.0 * z;
            return Confounded{positional,
                              0.7 * (100.0 * pawns + 300.0 * knights + positional) / 100.0};
        });
    ValueFitOptions held;
    held.positional = PositionalTerm::Held;
    const auto fit = fit_piece_values(data, held);
    ASSERT_TRUE(fit.ok()) << fit.error().to_string();
    ASSERT_TRUE(fit->positional);
    EXPECT_EQ(fit->positional_term, PositionalTerm::Held);
    EXPECT_NEAR(fit->positional->value, 0.7, 0.05);
    EXPECT_LE(fit->rows[1].value_interval.lower, 3.0);
    EXPECT_GE(fit->rows[1].value_interval.upper, 3.0);
    MaterialData material_only = data;
    const auto plain = fit_piece_values(material_only, ValueFitOptions{});
    ASSERT_TRUE(plain.ok());
    EXPECT_LT(plain->rows[1].value_interval.upper, 2.7);
    // Held needs the sampled evaluation.
    material_only.positional.clear();
    material_only.engine_material.clear();
    EXPECT_FALSE(fit_piece_values(material_only, held).ok());
}

TEST(ValuesFit, BootstrapIntervalsOfTheValues) {
    const MaterialData data = synthetic(3000, 2, 99);
    ValueFitOptions options;
    options.bootstrap = 120;
    options.seed = 5;
    const auto fit = fit_piece_values(data, options);
    ASSERT_TRUE(fit.ok()) << fit.error().to_string();
    EXPECT_EQ(fit->bootstrap_replications + fit->bootstrap_failed, 120);
    EXPECT_FALSE(fit->rows[0].value_bootstrap);  // the unit has no interval
    for (std::size_t k = 1; k < kPieces.size(); ++k) {
        const PieceValueRow& row = fit->rows[k];
        ASSERT_TRUE(row.value_bootstrap) << row.piece;
        // The percentile interval brackets the estimate and agrees in width with the delta
        // method's (both are about the same sampling distribution).
        EXPECT_LT(row.value_bootstrap->lower, row.value.value);
        EXPECT_GT(row.value_bootstrap->upper, row.value.value);
        const double boot = row.value_bootstrap->upper - row.value_bootstrap->lower;
        const double delta = row.value_interval.upper - row.value_interval.lower;
        EXPECT_GT(boot, 0.6 * delta) << row.piece;
        EXPECT_LT(boot, 1.6 * delta) << row.piece;
        EXPECT_EQ(&shown_value_interval(row), &*row.value_bootstrap);
    }
    // Same seed, same intervals (the resamples are drawn before they are fitted in parallel).
    const auto again = fit_piece_values(data, options);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->rows[3].value_bootstrap->lower, fit->rows[3].value_bootstrap->lower);
    EXPECT_EQ(again->rows[3].value_bootstrap->upper, fit->rows[3].value_bootstrap->upper);
}

// The calibration's fixed-point test reads the fitted interval by its own bounds: a bootstrap
// interval is lopsided, and half its width around the estimate both misses a value played
// below the lower bound and flags one played inside a long upper tail.
TEST(ValuesOutsideIntervals, ReadsTheIntervalsOwnBounds) {
    PieceValueFit fit;
    fit.normalize = "pawn";
    const auto row = [](std::string piece, double value, double lower, double upper) {
        PieceValueRow r;
        r.piece = std::move(piece);
        r.identified = true;
        r.documented = value;
        r.value.value = value;
        r.value_interval = {value, lower, upper};
        r.value_bootstrap = stats::Interval{value, lower, upper};
        return r;
    };
    fit.rows.push_back(row("pawn", 1.0, 1.0, 1.0));
    fit.rows.push_back(row("rook", 8.0, 6.77, 11.21));  // half-width 2.22
    fit.rows.push_back(row("queen", 7.0, 6.0, 11.0));   // half-width 2.5
    fit.rows.push_back(row("knight", 3.0, 2.5, 3.5));
    PieceValueRow unidentified = row("bishop", 3.0, 0.0, 0.0);
    unidentified.identified = false;
    fit.rows.push_back(unidentified);
    // Rook played 6.64: 1.36 from the estimate, within half the width, yet below 6.77. Queen
    // played 10: 3 from the estimate, beyond half the width, yet inside [6, 11].
    const std::map<std::string, double> played{
        {"rook", 6.64}, {"queen", 10.0}, {"knight", 3.2}, {"bishop", 9.0}, {"pawn", 1.0}};
    EXPECT_EQ(values_outside_intervals(fit, played), std::vector<std::string>{"rook"});
    // A piece not named was played by its documented value; the bounds themselves are inside.
    EXPECT_TRUE(values_outside_intervals(fit, {{"rook", 6.77}, {"queen", 11.0}}).empty());
    EXPECT_EQ(values_outside_intervals(fit, {{"rook", 11.22}}), std::vector<std::string>{"rook"});
}

// A fit whose unit is barely determined is flagged: the pieces whose interval holds 0 or has no
// end, the unit's own trouble, and the best-determined piece (largest |coefficient| / SE) to
// normalize to; a fit with every interval clear of 0 gets no warning at all.
TEST(ValueWarning, NamesVaguePiecesAndTheBetterUnit) {
    const auto row = [](std::string piece, double coefficient, double se, stats::Interval shown) {
        PieceValueRow r;
        r.piece = std::move(piece);
        r.identified = true;
        r.coefficient = {coefficient, se};
        r.elo =
            stats::wald_interval({stats::kEloPerNat * coefficient, stats::kEloPerNat * se}, 0.95);
        r.value.value = shown.estimate;
        r.value_interval = shown;
        return r;
    };
    const double inf = std::numeric_limits<double>::infinity();
    PieceValueFit fit;
    fit.normalize = "footman";
    fit.rows.push_back(row("footman", 0.02, 0.05, {1.0, 1.0, 1.0}));       // holds 0
    fit.rows.push_back(row("knight", 0.60, 0.10, {30.0, -196.0, 225.0}));  // z = 6
    fit.rows.push_back(row("dragon", 1.50, 0.50, {75.0, 10.0, inf}));      // z = 3
    fit.rows.push_back(row("archer", 0.40, 0.20, {20.0, 5.0, 40.0}));      // clear of 0
    PieceValueRow hidden = row("wizard", 0.0, 0.0, {0.0, -1.0, 1.0});
    hidden.identified = false;
    fit.rows.push_back(hidden);
    const ValueWarning warning = value_warning(fit);
    EXPECT_EQ(warning.vague, (std::vector<std::string>{"knight", "dragon"}));
    EXPECT_TRUE(warning.unit_vague);
    EXPECT_EQ(warning.better_unit, "knight");
    const std::string text = value_warning_text(fit);
    EXPECT_EQ(
        text.rfind("Warning: the values of knight, dragon cannot be told apart from nothing", 0),
        0u)
        << text;
    EXPECT_NE(text.find("The unit, footman, is itself barely determined"), std::string::npos);
    EXPECT_NE(text.find("Normalize to knight (`--normalize knight`)"), std::string::npos) << text;

    // Normalized to the knight, every interval clear of 0: nothing to say.
    PieceValueFit clear;
    clear.normalize = "knight";
    clear.rows.push_back(row("knight", 0.60, 0.10, {3.0, 3.0, 3.0}));
    clear.rows.push_back(row("archer", 0.40, 0.20, {2.0, 0.5, 4.0}));
    EXPECT_FALSE(value_warning(clear).any());
    EXPECT_EQ(value_warning_text(clear), "");
    // A vague piece beside a unit that is the best determined already: more games, no new unit.
    clear.rows.push_back(row("dragon", 0.05, 0.30, {0.3, -2.0, 3.0}));
    EXPECT_EQ(value_warning(clear).better_unit, "");
    EXPECT_NE(value_warning_text(clear).find("is the best determined piece already"),
              std::string::npos);
}

}  // namespace
}  // namespace balance::analysis
