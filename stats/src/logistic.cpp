#include "balance/stats/logistic.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include <tbb/parallel_for.h>

#include "balance/core/debug_assert.hpp"
#include "newton.hpp"

namespace balance::stats {

double logistic(double t) {
    return 1.0 / (1.0 + std::exp(-t));
}

namespace {

// log(1 + e^t) without overflow.
double softplus(double t) {
    return t > 0.0 ? t + std::log1p(std::exp(-t)) : std::log1p(std::exp(t));
}

// Cluster ids mapped to 0 .. G-1 in order of first appearance.
struct Clusters {
    std::vector<int> of_row;
    int count = 0;
};

Clusters index_clusters(std::span<const std::int64_t> ids, Eigen::Index rows) {
    Clusters clusters;
    clusters.of_row.resize(static_cast<std::size_t>(rows));
    if (ids.empty()) {
        for (Eigen::Index i = 0; i < rows; ++i) clusters.of_row[i] = static_cast<int>(i);
        clusters.count = static_cast<int>(rows);
        return clusters;
    }
    std::unordered_map<std::int64_t, int> index;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto [it, inserted] = index.try_emplace(ids[i], clusters.count);
        if (inserted) ++clusters.count;
        clusters.of_row[i] = it->second;
    }
    return clusters;
}

Expected<Clusters> validate(const Eigen::Ref<const Eigen::MatrixXd>& x,
                            const Eigen::Ref<const Eigen::VectorXd>& y,
                            std::span<const std::int64_t> cluster_ids) {
    if (x.rows() != y.size()) return fail("logistic: x and y have different numbers of rows");
    if (!cluster_ids.empty() && static_cast<Eigen::Index>(cluster_ids.size()) != x.rows()) {
        return fail("logistic: need one cluster id per row");
    }
    if (x.cols() == 0 || x.rows() <= x.cols()) {
        return fail("logistic: need more rows than columns");
    }
    if (!x.allFinite() || !y.allFinite()) return fail("logistic: non-finite value in x or y");
    if (y.minCoeff() < 0.0 || y.maxCoeff() > 1.0) return fail("logistic: y outside [0, 1]");
    Clusters clusters = index_clusters(cluster_ids, x.rows());
    if (clusters.count < 2) return fail("logistic: need at least 2 clusters");
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(x);
    if (qr.rank() < x.cols()) {
        return fail("logistic: design matrix is rank deficient (rank " + std::to_string(qr.rank()) +
                    " < " + std::to_string(x.cols()) + " columns)");
    }
    return clusters;
}

// `offset`: a known term added to every row's linear predictor (empty: none). `counts`: how
// many times each row counts (empty: once each), as if it were copied that often: a cluster
// bootstrap resample without the copies. Rows counted 0 times take no part at all.
detail::NewtonResult newton_fit(const Eigen::Ref<const Eigen::MatrixXd>& x,
                                const Eigen::Ref<const Eigen::VectorXd>& y,
                                const Eigen::VectorXd& offset, const Eigen::VectorXd& counts = {},
                                const Eigen::VectorXd& start = {}) {
    // Validated by the callers: one outcome, offset and count per row, all finite.
    BALANCE_ASSERT(x.rows() == y.size() && x.rows() > x.cols() && x.allFinite() && y.allFinite());
    BALANCE_ASSERT(offset.size() == 0 || offset.size() == x.rows());
    BALANCE_ASSERT(counts.size() == 0 || counts.size() == x.rows());
    BALANCE_ASSERT(start.size() == 0 || start.size() == x.cols());
    const auto evaluate = [&](const Eigen::VectorXd& beta) {
        Eigen::VectorXd eta = x * beta;
        if (offset.size() > 0) eta += offset;
        Eigen::VectorXd residual(eta.size());
        Eigen::VectorXd weight(eta.size());
        detail::Evaluation e;
        for (Eigen::Index i = 0; i < eta.size(); ++i) {
            const double c = counts.size() > 0 ? counts(i) : 1.0;
            if (c == 0.0) {
                residual(i) = weight(i) = 0.0;
                continue;
            }
            const double mu = logistic(eta(i));
            e.value += c * (y(i) * eta(i) - softplus(eta(i)));
            residual(i) = c * (y(i) - mu);
            weight(i) = c * mu * (1.0 - mu);
            e.max_abs_predictor = std::max(e.max_abs_predictor, std::abs(eta(i)));
        }
        e.gradient = x.transpose() * residual;
        e.hessian = -(x.transpose() * weight.asDiagonal() * x);
        return e;
    };
    return detail::maximize_concave(evaluate,
                                    start.size() > 0 ? start : Eigen::VectorXd::Zero(x.cols()), {});
}

StatsError newton_error(detail::NewtonStatus status) {
    switch (status) {
        case detail::NewtonStatus::Diverged:
            return fail(
                "logistic: separation (fitted probabilities numerically 0 or 1); the "
                "maximum likelihood estimate does not exist");
        case detail::NewtonStatus::Singular:
            return fail("logistic: singular information matrix (separation or collinearity)");
        default:
            return fail("logistic: Newton iterations did not converge");
    }
}

// Type-7 quantile (R's default) of sorted values.
double quantile_sorted(const std::vector<double>& sorted, double q) {
    const double h = q * static_cast<double>(sorted.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

Eigen::VectorXd offset_vector(std::span<const double> offset) {
    Eigen::VectorXd out(static_cast<Eigen::Index>(offset.size()));
    for (std::size_t i = 0; i < offset.size(); ++i) out(static_cast<Eigen::Index>(i)) = offset[i];
    return out;
}

Expected<void> validate_offset(std::span<const double> offset, Eigen::Index rows) {
    if (offset.empty()) return {};
    if (static_cast<Eigen::Index>(offset.size()) != rows)
        return fail("logistic: need one offset per row");
    for (const double o : offset)
        if (!std::isfinite(o)) return fail("logistic: non-finite offset");
    return {};
}

}  // namespace

Expected<LogisticFit> fit_logistic(Eigen::Ref<const Eigen::MatrixXd> x,
                                   Eigen::Ref<const Eigen::VectorXd> y,
                                   std::span<const std::int64_t> cluster_ids,
                                   std::span<const double> offset_values) {
    auto clusters = validate(x, y, cluster_ids);
    if (!clusters) return clusters.error();
    if (auto valid = validate_offset(offset_values, x.rows()); !valid) return valid.error();
    const Eigen::VectorXd offset = offset_vector(offset_values);
    const auto result = newton_fit(x, y, offset);
    if (result.status != detail::NewtonStatus::Converged) return newton_error(result.status);

    LogisticFit fit;
    fit.coefficients = result.parameters;
    fit.covariance_model = result.covariance;
    fit.log_likelihood = result.value;
    fit.iterations = result.iterations;
    fit.clusters = clusters->count;

    Eigen::VectorXd eta = x * fit.coefficients;
    if (offset.size() > 0) eta += offset;
    Eigen::MatrixXd scores = Eigen::MatrixXd::Zero(clusters->count, x.cols());
    double pearson = 0.0;
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const double mu = logistic(eta(i));
        BALANCE_ASSERT(mu >= 0.0 && mu <= 1.0);
        const double r = y(i) - mu;
        pearson += r * r / (mu * (1.0 - mu));
        scores.row(clusters->of_row[i]) += r * x.row(i);
    }
    const double g = clusters->count;
    const Eigen::MatrixXd meat = scores.transpose() * scores;
    fit.covariance_robust = g / (g - 1.0) * fit.covariance_model * meat * fit.covariance_model;
    fit.se_model = fit.covariance_model.diagonal().cwiseSqrt();
    fit.se_robust = fit.covariance_robust.diagonal().cwiseMax(0.0).cwiseSqrt();
    fit.dispersion = pearson / static_cast<double>(x.rows() - x.cols());
    return fit;
}

Expected<BootstrapDraws> cluster_bootstrap_draws(Eigen::Ref<const Eigen::MatrixXd> x,
                                                 Eigen::Ref<const Eigen::VectorXd> y,
                                                 std::span<const std::int64_t> cluster_ids,
                                                 int replications, std::uint64_t seed,
                                                 std::span<const double> offset_values) {
    if (replications < 2) return fail("bootstrap needs at least 2 replications");
    auto clusters = validate(x, y, cluster_ids);
    if (!clusters) return clusters.error();
    if (auto valid = validate_offset(offset_values, x.rows()); !valid) return valid.error();
    const Eigen::VectorXd offset = offset_vector(offset_values);

    // The resamples are drawn in order from one generator, then fitted in parallel: the same
    // seed gives the same draws whatever the thread count.
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> pick(0, clusters->count - 1);
    std::vector<std::vector<int>> chosen(static_cast<std::size_t>(replications),
                                         std::vector<int>(clusters->count));
    for (auto& resample : chosen)
        for (int& c : resample) c = pick(rng);

    // Each resample counts every row of a cluster drawn k times k times, and starts Newton from
    // the full-data estimate: the same fits as refitting copied rows from zero, without the
    // copies and in fewer steps.
    const Eigen::Index p = x.cols();
    const auto full = newton_fit(x, y, offset);
    const Eigen::VectorXd start =
        full.status == detail::NewtonStatus::Converged ? full.parameters : Eigen::VectorXd();
    Eigen::MatrixXd fitted(replications, p);
    std::vector<char> converged(static_cast<std::size_t>(replications), 0);
    tbb::parallel_for(0, replications, [&](int r) {
        std::vector<int> times(static_cast<std::size_t>(clusters->count), 0);
        for (const int c : chosen[r]) ++times[c];
        Eigen::VectorXd counts(x.rows());
        for (Eigen::Index i = 0; i < x.rows(); ++i) counts(i) = times[clusters->of_row[i]];
        const auto result = newton_fit(x, y, offset, counts, start);
        if (result.status != detail::NewtonStatus::Converged) return;
        fitted.row(r) = result.parameters.transpose();
        converged[r] = 1;
    });
    BootstrapDraws out;
    const auto good = static_cast<Eigen::Index>(std::count(converged.begin(), converged.end(), 1));
    out.coefficients.resize(good, p);
    Eigen::Index at = 0;
    for (int r = 0; r < replications; ++r) {
        if (converged[r])
            out.coefficients.row(at++) = fitted.row(r);
        else
            ++out.failed;
    }
    if (good < 2) return fail("bootstrap: fewer than 2 resamples could be fitted");
    return out;
}

double percentile(std::vector<double> values, double level) {
    std::sort(values.begin(), values.end());
    return quantile_sorted(values, level);
}

Expected<BootstrapIntervals> cluster_bootstrap(Eigen::Ref<const Eigen::MatrixXd> x,
                                               Eigen::Ref<const Eigen::VectorXd> y,
                                               std::span<const std::int64_t> cluster_ids,
                                               int replications, double confidence,
                                               std::uint64_t seed) {
    if (!(confidence > 0.0 && confidence < 1.0)) return fail("confidence must lie in (0, 1)");
    auto draws = cluster_bootstrap_draws(x, y, cluster_ids, replications, seed);
    if (!draws) return draws.error();
    const Eigen::MatrixXd& c = draws->coefficients;
    BootstrapIntervals out;
    out.confidence = confidence;
    out.replications = static_cast<int>(c.rows());
    out.failed = draws->failed;
    out.lower.resize(c.cols());
    out.upper.resize(c.cols());
    for (Eigen::Index k = 0; k < c.cols(); ++k) {
        const std::vector<double> column(c.col(k).begin(), c.col(k).end());
        out.lower(k) = percentile(column, 0.5 * (1.0 - confidence));
        out.upper(k) = percentile(column, 0.5 * (1.0 + confidence));
    }
    return out;
}

}  // namespace balance::stats
