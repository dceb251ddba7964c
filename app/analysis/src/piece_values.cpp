#include "balance/analysis/piece_values.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "balance/stats/logistic.hpp"

namespace balance::app::report {

namespace {

constexpr double kEloPerNat = 173.71779276130073;  // 400 / ln 10

// Why a column cannot be estimated on its own, or "" when it varies.
std::string constant_column_reason(const MaterialData& data, std::size_t column) {
    const double first = data.rows.front()[column];
    for (const auto& row : data.rows)
        if (row[column] != first) return "";
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

// Keeps columns in variant order while each adds a dimension to [1, kept...]; the rest are
// linear combinations of earlier ones.
std::vector<std::size_t> independent_columns(const MaterialData& data,
                                             const std::vector<std::size_t>& candidates,
                                             std::vector<PieceValueRow>& rows) {
    const auto n = static_cast<Eigen::Index>(data.rows.size());
    std::vector<std::size_t> kept;
    for (std::size_t column : candidates) {
        Eigen::MatrixXd x(n, static_cast<Eigen::Index>(kept.size()) + 2);
        for (Eigen::Index i = 0; i < n; ++i) {
            x(i, 0) = 1.0;
            for (std::size_t k = 0; k < kept.size(); ++k)
                x(i, static_cast<Eigen::Index>(k) + 1) = data.rows[i][kept[k]];
            x(i, x.cols() - 1) = data.rows[i][column];
        }
        Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(x);
        qr.setThreshold(1e-9);
        if (qr.rank() == x.cols()) {
            kept.push_back(column);
        } else {
            rows[column].why_not =
                "its difference is a linear combination of other pieces' differences in every "
                "sampled position (e.g. always exchanged together), so the games cannot separate "
                "their values";
        }
    }
    return kept;
}

double logistic(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

}  // namespace

std::optional<double> spearman_correlation(const std::vector<double>& a,
                                           const std::vector<double>& b) {
    const std::size_t n = a.size();
    if (n != b.size() || n < 3) return std::nullopt;
    const auto ranks = [n](const std::vector<double>& v) {
        std::vector<std::size_t> order(n);
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](auto i, auto j) { return v[i] < v[j]; });
        std::vector<double> r(n);
        for (std::size_t i = 0; i < n;) {
            std::size_t j = i;
            while (j + 1 < n && v[order[j + 1]] == v[order[i]]) ++j;
            const double average = 0.5 * static_cast<double>(i + j) + 1.0;
            for (std::size_t k = i; k <= j; ++k) r[order[k]] = average;
            i = j + 1;
        }
        return r;
    };
    const auto ra = ranks(a), rb = ranks(b);
    const double mean = 0.5 * static_cast<double>(n + 1);
    double sab = 0.0, saa = 0.0, sbb = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        sab += (ra[i] - mean) * (rb[i] - mean);
        saa += (ra[i] - mean) * (ra[i] - mean);
        sbb += (rb[i] - mean) * (rb[i] - mean);
    }
    if (saa == 0.0 || sbb == 0.0) return std::nullopt;
    return sab / std::sqrt(saa * sbb);
}

Result<PieceValueFit> fit_piece_values(const MaterialData& data, const ValueFitOptions& options) {
    if (data.rows.empty())
        return make_error("no sampled positions: no game was long enough or quiet enough");
    PieceValueFit fit;
    fit.confidence = options.confidence;
    fit.normalize = options.normalize.empty() ? data.first_pawn : options.normalize;
    const auto ref_it = std::find(data.pieces.begin(), data.pieces.end(), fit.normalize);
    if (ref_it == data.pieces.end()) {
        return make_error(
            fmt::format("--normalize: '{}' is not a piece of the variant (pieces: {})",
                        fit.normalize, fmt::join(data.pieces, ", ")));
    }
    const auto ref = static_cast<std::size_t>(ref_it - data.pieces.begin());

    std::vector<std::size_t> varying;
    for (std::size_t c = 0; c < data.pieces.size(); ++c) {
        PieceValueRow row;
        row.piece = data.pieces[c];
        row.armies = data.armies[c];
        row.documented = data.documented[c];
        for (const auto& r : data.rows) row.varying_rows += r[c] != 0.0;
        row.why_not = constant_column_reason(data, c);
        if (row.why_not.empty()) varying.push_back(c);
        fit.rows.push_back(std::move(row));
    }
    const std::vector<std::size_t> kept = independent_columns(data, varying, fit.rows);
    const auto ref_column = std::find(kept.begin(), kept.end(), ref);
    if (ref_column == kept.end()) {
        return make_error(
            fmt::format("cannot normalize to '{}': {}", fit.normalize, fit.rows[ref].why_not));
    }
    fit.unit_value =
        options.unit_value.value_or(data.documented[ref] != 0.0 ? data.documented[ref] : 1.0);

    const auto n = static_cast<Eigen::Index>(data.rows.size());
    const auto p = static_cast<Eigen::Index>(kept.size()) + 1;
    Eigen::MatrixXd x(n, p);
    Eigen::VectorXd y(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        x(i, 0) = 1.0;
        for (std::size_t k = 0; k < kept.size(); ++k)
            x(i, static_cast<Eigen::Index>(k) + 1) = data.rows[i][kept[k]];
        y(i) = data.outcomes[i];
    }
    auto result = stats::fit_logistic(x, y, data.clusters);
    if (!result) return make_error("piece-value fit failed: " + result.error().message);
    fit.positions = n;
    fit.clusters = result->clusters;
    fit.dispersion = result->dispersion;
    fit.intercept = {result->coefficients(0), result->se_robust(0)};
    const stats::Interval b0 = stats::wald_interval(fit.intercept, options.confidence);
    fit.white_score = {logistic(b0.estimate), logistic(b0.lower), logistic(b0.upper),
                       options.confidence};

    std::optional<stats::BootstrapIntervals> boot;
    if (options.bootstrap > 0) {
        auto b = stats::cluster_bootstrap(x, y, data.clusters, options.bootstrap,
                                          options.confidence, options.seed);
        if (b) {
            boot = std::move(*b);
            fit.bootstrap_replications = boot->replications;
            fit.bootstrap_failed = boot->failed;
        }
    }

    const Eigen::MatrixXd& cov = result->covariance_robust;
    const Eigen::Index r = static_cast<Eigen::Index>(ref_column - kept.begin()) + 1;
    const double br = result->coefficients(r);
    std::vector<double> fitted, documented;
    for (std::size_t k = 0; k < kept.size(); ++k) {
        const Eigen::Index j = static_cast<Eigen::Index>(k) + 1;
        PieceValueRow& row = fit.rows[kept[k]];
        row.identified = true;
        const double bj = result->coefficients(j);
        row.coefficient = {bj, result->se_robust(j)};
        row.elo = stats::wald_interval({kEloPerNat * bj, kEloPerNat * result->se_robust(j)},
                                       options.confidence);
        if (boot) {
            row.elo_bootstrap = stats::Interval{kEloPerNat * bj, kEloPerNat * boot->lower(j),
                                                kEloPerNat * boot->upper(j), options.confidence};
        }
        // value = u bj / br; gradient (u / br, -u bj / br^2) against (bj, br).
        const double value = fit.unit_value * bj / br;
        double variance = 0.0;
        if (j != r) {
            const double gj = fit.unit_value / br, gr = -fit.unit_value * bj / (br * br);
            variance = gj * gj * cov(j, j) + 2.0 * gj * gr * cov(j, r) + gr * gr * cov(r, r);
        }
        row.value = {value, std::sqrt(std::max(0.0, variance))};
        row.value_interval = stats::wald_interval(row.value, options.confidence);
        fitted.push_back(value);
        documented.push_back(row.documented);
    }
    fit.spearman = spearman_correlation(fitted, documented);
    return fit;
}

}  // namespace balance::app::report
