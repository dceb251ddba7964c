#pragma once
// One value per piece type, all armies on one scale, from game outcomes: the fractional logistic
// regression of White's score on the material difference (White minus Black, per piece type) in
// quiet positions sampled from the games (material_samples.hpp). The intercept is White's
// advantage at equal material. Standard errors are cluster-robust with the game as the cluster
// (rows of one game share its outcome). Values are coefficients divided by the reference piece's
// coefficient, times its value (delta-method SE with the robust covariance).
//
// Identifiability. With armies fixed per side a piece type's count changes only through captures
// and promotions. A type whose difference is the same in every sampled position (never on the
// board, or never captured or promoted) cannot be told apart from the intercept and is left out
// with that explanation; so is a type whose difference is a linear combination of the others'
// (e.g. always traded together in these games).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "balance/analysis/material_samples.hpp"
#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"
#include "balance/stats/estimate.hpp"
#include "balance/stats/interval.hpp"

namespace balance::analysis {

// How the engine's evaluation beyond material (MaterialData::positional) enters the fit.
//  None: not at all (the plain outcome regression).
//  Held: at the engine's own weight, Texel's way: a first fit of the outcome on the engine's
//        whole evaluation gives its scale K (logit per pawn); the material coefficients are then
//        fitted with K times the positional part as a fixed offset.
//  Free: as a covariate with a coefficient of its own.
enum class PositionalTerm { None, Held, Free };

struct ValueFitOptions {
    PositionalTerm positional = PositionalTerm::None;
    std::string method = "regression";  // a name for the output: "texel", "regression"
    std::string normalize;  // reference piece; empty: the variant's first pawn-role piece
    std::optional<double> unit_value;  // its value; default: its documented value (1 if 0)
    double confidence = 0.95;
    int bootstrap = 0;  // cluster-bootstrap replications of the Elo-per-piece intervals (0: none)
    std::uint64_t seed = 1;
};

struct PieceValueRow {
    std::string piece;
    std::string armies;
    double documented = 0.0;
    std::optional<double> published;  // the variant file's [reference] value, when it names one
    std::int64_t varying_rows = 0;    // sampled positions where the difference is not 0
    bool identified = false;
    std::string why_not;          // explanation when not identified
    stats::Estimate coefficient;  // logit per piece, robust SE
    stats::Interval elo;          // 400/ln 10 * coefficient: Elo of one extra piece
    std::optional<stats::Interval> elo_bootstrap;  // percentile interval, when requested
    stats::Estimate value;                         // normalized value, delta-method SE
    stats::Interval value_interval;
    // Percentile interval of the value over game-level bootstrap resamples, when requested (not
    // for the reference piece, whose value is fixed).
    std::optional<stats::Interval> value_bootstrap;
};

struct PieceValueFit {
    std::string method;            // ValueFitOptions::method
    std::string published_source;  // whose the rows' published values are
    std::string normalize;
    double unit_value = 1.0;
    std::vector<PieceValueRow> rows;  // variant order
    stats::Estimate intercept;        // White advantage at equal material, logit
    // Logit per pawn of the engine's positional evaluation: its scale K when held, its own
    // coefficient when free; nullopt when it is not in the fit.
    std::optional<stats::Estimate> positional;
    PositionalTerm positional_term = PositionalTerm::None;
    stats::Interval white_score;     // 1 / (1 + exp(-intercept)), Wald interval mapped
    std::optional<double> spearman;  // fitted vs documented, identified pieces (>= 3)
    std::int64_t positions = 0;
    std::int64_t clusters = 0;
    double dispersion = 0.0;
    int bootstrap_replications = 0;
    int bootstrap_failed = 0;
    double confidence = 0.95;
};

// The interval a report shows for a row's value: the bootstrap's when there is one, else the
// delta method's.
[[nodiscard]] inline const stats::Interval& shown_value_interval(const PieceValueRow& row) {
    return row.value_bootstrap ? *row.value_bootstrap : row.value_interval;
}

// The identified pieces (the unit aside) whose value played by lies outside the interval the
// fit shows for it (shown_value_interval), by its own bounds: a bootstrap interval is lopsided,
// so its half-width around the estimate is no test. `played` maps a piece to the value it was
// played by; a piece it does not name was played by its documented value. `balance calibrate`
// stops at a round where this is empty: the values played by are the values the games support.
[[nodiscard]] std::vector<std::string> values_outside_intervals(
    const PieceValueFit& fit, const std::map<std::string, double>& played);

// Puts `reference`'s published values beside the rows they name, in the fit's unit.
void attach_published(PieceValueFit& fit, const core::ReferenceTable& reference);

// Fits `data`. Errors: no rows, the reference piece unknown or not identified, a failed fit
// (separation, too few games).
[[nodiscard]] Result<PieceValueFit> fit_piece_values(const MaterialData& data,
                                                     const ValueFitOptions& options);

}  // namespace balance::analysis
