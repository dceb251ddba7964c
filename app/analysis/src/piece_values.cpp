#include "balance/analysis/piece_values.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "balance/stats/delta_method.hpp"
#include "balance/stats/elo.hpp"
#include "balance/stats/identifiability.hpp"
#include "balance/stats/logistic.hpp"
#include "balance/stats/rank_correlation.hpp"

namespace balance::analysis {

namespace {

// Why a column cannot be estimated on its own (it never varies), or "" when it varies.
std::string constant_column_reason(const Eigen::MatrixXd& x, std::size_t column) {
    if (!stats::is_constant_column(x, static_cast<Eigen::Index>(column))) return "";
    const double first = x(0, static_cast<Eigen::Index>(column));
    if (first == 0.0) {
        return "never varies: its difference White minus Black is 0 in every sampled position "
               "(not in these armies, or always equal on both sides), so its value cannot be "
               "told apart from the intercept";
    }
    return fmt::format(
        "never varies: its difference is {:+g} in every sampled position (with armies fixed per "
        "side its count changes only by captures and promotions, and here it never did), so it "
        "cannot be told apart from the White-advantage intercept",
        first);
}

// The sampled material differences as a matrix, one column per piece.
Eigen::MatrixXd material_matrix(const MaterialData& data) {
    Eigen::MatrixXd x(static_cast<Eigen::Index>(data.rows.size()),
                      static_cast<Eigen::Index>(data.pieces.size()));
    for (std::size_t i = 0; i < data.rows.size(); ++i)
        for (std::size_t c = 0; c < data.pieces.size(); ++c)
            x(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(c)) = data.rows[i][c];
    return x;
}

}  // namespace

void attach_published(PieceValueFit& fit, const core::ReferenceTable& reference) {
    if (reference.values.empty()) return;
    // Published values are in the variant's unit; the fit's may be another piece's.
    double unit = 0.0;
    for (const auto& [piece, value] : reference.values)
        if (piece == fit.normalize) unit = value;
    if (unit <= 0.0) return;  // the reference does not value the unit piece: not comparable
    fit.published_source = reference.values_source;
    for (auto& row : fit.rows)
        for (const auto& [piece, value] : reference.values)
            if (piece == row.piece) row.published = value / unit * fit.unit_value;
}

namespace {

// What a designer can do when the fit has no answer: a "separation" means that some material
// difference decided every game it appeared in, which few or one-sided games do.
std::string separation_hint(const std::string& message, const MaterialData& data) {
    if (message.find("separation") == std::string::npos) return "";
    return fmt::format(
        ". The {} game(s) are too few or too one-sided for this fit (some material difference "
        "won or lost every game it appeared in): play more games, or games from more varied "
        "openings",
        std::set<std::int64_t>(data.clusters.begin(), data.clusters.end()).size());
}

}  // namespace

namespace {

// One row per piece, each with why it cannot be estimated when it cannot; returns the columns
// that can (they vary, and none is a combination of the others).
std::vector<std::size_t> identified_columns(const MaterialData& data,
                                            const Eigen::MatrixXd& material, PieceValueFit& fit) {
    std::vector<std::size_t> varying;
    for (std::size_t c = 0; c < data.pieces.size(); ++c) {
        PieceValueRow row;
        row.piece = data.pieces[c];
        row.armies = data.armies[c];
        row.documented = data.documented[c];
        for (const auto& r : data.rows) row.varying_rows += r[c] != 0.0;
        row.why_not = constant_column_reason(material, c);
        if (row.why_not.empty()) varying.push_back(c);
        fit.rows.push_back(std::move(row));
    }
    std::vector<std::size_t> kept = stats::independent_columns(material, varying);
    for (const std::size_t column : varying) {
        if (std::find(kept.begin(), kept.end(), column) != kept.end()) continue;
        fit.rows[column].why_not =
            "its difference is a linear combination of other pieces' differences in every "
            "sampled position (e.g. always exchanged together), so the games cannot separate "
            "their values";
    }
    return kept;
}

// Held: the engine's scale K from its whole evaluation, then K x positional as an offset (none
// for the other positional terms).
Result<std::vector<double>> held_offset(const MaterialData& data, const ValueFitOptions& options,
                                        const Eigen::VectorXd& y, PieceValueFit& fit) {
    std::vector<double> offset;
    if (options.positional != PositionalTerm::Held) return offset;
    const auto n = y.size();
    Eigen::MatrixXd whole(n, 2);
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        whole(i, 0) = 1.0;
        whole(i, 1) = (data.engine_material[k] + data.positional[k]) / 100.0;
    }
    auto scale = stats::fit_logistic(whole, y, data.clusters);
    if (!scale)
        return make_error("fit of the engine's scale failed: " + scale.error().message +
                          separation_hint(scale.error().message, data));
    fit.positional = stats::Estimate{scale->coefficients(1), scale->se_robust(1)};
    for (std::size_t k = 0; k < data.positional.size(); ++k)
        offset.push_back(fit.positional->value * data.positional[k] / 100.0);
    return offset;
}

// Columns: intercept, the positional covariate (in pawns, when free: first = 2), the pieces.
Eigen::MatrixXd design_matrix(const MaterialData& data, const std::vector<std::size_t>& kept,
                              Eigen::Index first) {
    const auto n = static_cast<Eigen::Index>(data.rows.size());
    const auto p = static_cast<Eigen::Index>(kept.size()) + first;
    Eigen::MatrixXd x(n, p);
    for (Eigen::Index i = 0; i < n; ++i) {
        x(i, 0) = 1.0;
        if (first == 2) x(i, 1) = data.positional[static_cast<std::size_t>(i)] / 100.0;
        for (std::size_t k = 0; k < kept.size(); ++k)
            x(i, static_cast<Eigen::Index>(k) + first) = data.rows[i][kept[k]];
    }
    return x;
}

// Each identified piece's coefficient, Elo and value (in units of the reference column `r`),
// with bootstrap intervals when there are draws.
void fill_values(PieceValueFit& fit, const stats::LogisticFit& result,
                 const std::vector<std::size_t>& kept, Eigen::Index first, Eigen::Index r,
                 const std::optional<stats::BootstrapDraws>& boot, const ValueFitOptions& options) {
    const double lower_level = 0.5 * (1.0 - options.confidence);
    const double upper_level = 0.5 * (1.0 + options.confidence);
    // Percentile interval of f(draw) over the bootstrap draws.
    auto boot_interval = [&](double estimate, auto&& f) {
        std::vector<double> values;
        for (Eigen::Index b = 0; b < boot->coefficients.rows(); ++b)
            values.push_back(f(boot->coefficients.row(b)));
        return stats::Interval{estimate, stats::percentile(values, lower_level),
                               stats::percentile(values, upper_level), options.confidence};
    };

    const Eigen::MatrixXd& cov = result.covariance_robust;
    const double br = result.coefficients(r);
    std::vector<double> fitted, documented;
    for (std::size_t k = 0; k < kept.size(); ++k) {
        const Eigen::Index j = static_cast<Eigen::Index>(k) + first;
        PieceValueRow& row = fit.rows[kept[k]];
        row.identified = true;
        const double bj = result.coefficients(j);
        row.coefficient = {bj, result.se_robust(j)};
        row.elo = stats::wald_interval(
            {stats::kEloPerNat * bj, stats::kEloPerNat * result.se_robust(j)}, options.confidence);
        row.value =
            stats::ratio_estimate(fit.unit_value, bj, br, cov(j, j), cov(j, r), cov(r, r), j == r);
        row.value_interval = stats::wald_interval(row.value, options.confidence);
        if (boot) {
            row.elo_bootstrap = boot_interval(stats::kEloPerNat * bj, [&](const auto& draw) {
                return stats::kEloPerNat * draw(j);
            });
            if (j != r) {
                row.value_bootstrap = boot_interval(row.value.value, [&](const auto& draw) {
                    return fit.unit_value * draw(j) / draw(r);
                });
            }
        }
        fitted.push_back(row.value.value);
        documented.push_back(row.documented);
    }
    fit.spearman = stats::spearman_correlation(fitted, documented);
}

}  // namespace

Result<PieceValueFit> fit_piece_values(const MaterialData& data, const ValueFitOptions& options) {
    if (data.rows.empty())
        return make_error("no sampled positions: no game was long enough or quiet enough");
    PieceValueFit fit;
    fit.method = options.method;
    fit.confidence = options.confidence;
    fit.normalize = options.normalize.empty() ? data.first_pawn : options.normalize;
    const auto ref_it = std::find(data.pieces.begin(), data.pieces.end(), fit.normalize);
    if (ref_it == data.pieces.end()) {
        return make_error(
            fmt::format("--normalize: '{}' is not a piece of the variant (pieces: {})",
                        fit.normalize, fmt::join(data.pieces, ", ")));
    }
    const auto ref = static_cast<std::size_t>(ref_it - data.pieces.begin());

    const std::vector<std::size_t> kept = identified_columns(data, material_matrix(data), fit);
    const auto ref_column = std::find(kept.begin(), kept.end(), ref);
    if (ref_column == kept.end()) {
        return make_error(
            fmt::format("cannot normalize to '{}': {}", fit.normalize, fit.rows[ref].why_not));
    }
    fit.unit_value =
        options.unit_value.value_or(data.documented[ref] != 0.0 ? data.documented[ref] : 1.0);

    const bool have_positional = !data.positional.empty();
    if (options.positional != PositionalTerm::None && !have_positional)
        return make_error(
            "the positional term needs positions sampled with the engine's "
            "evaluation (SamplingOptions::positional)");
    fit.positional_term = options.positional;
    const auto n = static_cast<Eigen::Index>(data.rows.size());
    Eigen::VectorXd y(n);
    for (Eigen::Index i = 0; i < n; ++i) y(i) = data.outcomes[static_cast<std::size_t>(i)];
    const auto offset = held_offset(data, options, y, fit);
    if (!offset) return offset.error();

    const Eigen::Index first = options.positional == PositionalTerm::Free ? 2 : 1;
    const Eigen::MatrixXd x = design_matrix(data, kept, first);
    auto result = stats::fit_logistic(x, y, data.clusters, *offset);
    if (!result)
        return make_error("piece-value fit failed: " + result.error().message +
                          separation_hint(result.error().message, data));
    fit.positions = n;
    fit.clusters = result->clusters;
    fit.dispersion = result->dispersion;
    fit.intercept = {result->coefficients(0), result->se_robust(0)};
    const stats::Interval b0 = stats::wald_interval(fit.intercept, options.confidence);
    fit.white_score = {stats::logistic(b0.estimate), stats::logistic(b0.lower),
                       stats::logistic(b0.upper), options.confidence};
    if (first == 2) fit.positional = stats::Estimate{result->coefficients(1), result->se_robust(1)};

    // The bootstrap holds K fixed: it is estimated from every position's whole evaluation, far
    // more precisely than any piece's coefficient.
    std::optional<stats::BootstrapDraws> boot;
    if (options.bootstrap > 0) {
        auto b = stats::cluster_bootstrap_draws(x, y, data.clusters, options.bootstrap,
                                                options.seed, *offset);
        if (b) {
            boot = std::move(*b);
            fit.bootstrap_replications = static_cast<int>(boot->coefficients.rows());
            fit.bootstrap_failed = boot->failed;
        }
    }
    const Eigen::Index r = static_cast<Eigen::Index>(ref_column - kept.begin()) + first;
    fill_values(fit, *result, kept, first, r, boot, options);
    return fit;
}

std::vector<std::string> values_outside_intervals(const PieceValueFit& fit,
                                                  const std::map<std::string, double>& played) {
    std::vector<std::string> out;
    for (const PieceValueRow& row : fit.rows) {
        if (!row.identified || row.piece == fit.normalize) continue;
        const auto it = played.find(row.piece);
        const double value = it != played.end() ? it->second : row.documented;
        const stats::Interval& shown = shown_value_interval(row);
        if (value < shown.lower || value > shown.upper) out.push_back(row.piece);
    }
    return out;
}

}  // namespace balance::analysis
