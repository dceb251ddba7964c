#include "balance/stats/texel_fit.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include "balance/stats/eigen.hpp"

namespace balance::stats {

namespace {

using RowBlock =
    Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;

// Rows per block: large enough for Eigen's products to run at speed, small enough that a
// block's weighted copy stays in cache. The sums over blocks use
// parallel_deterministic_reduce: the same splits and the same order of additions at any thread
// count, so a fit (and the file it writes) is the same on any machine.
constexpr std::int64_t kBlock = 4096;

// log(10) / 400: the logistic's slope per centipawn at K = 1.
constexpr double kScale = 2.302585092994046 / 400.0;

double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

// The rows' evaluations e = X w + c.
std::vector<double> evaluations(const TexelRows& rows, std::span<const double> w) {
    const Eigen::VectorXf wf =
        Eigen::Map<const Eigen::VectorXd>(w.data(), static_cast<Eigen::Index>(w.size()))
            .cast<float>();
    std::vector<double> out(static_cast<std::size_t>(rows.rows()));
    tbb::parallel_for(tbb::blocked_range<std::int64_t>(0, rows.rows(), kBlock), [&](auto range) {
        const std::int64_t n = range.end() - range.begin();
        const RowBlock x(rows.features.data() + range.begin() * rows.columns, n, rows.columns);
        const Eigen::VectorXf e = x * wf;
        for (std::int64_t i = 0; i < n; ++i)
            out[range.begin() + i] = double(e[i]) + rows.constants[range.begin() + i];
    });
    return out;
}

double error_of(const TexelRows& rows, const std::vector<double>& e, double k) {
    return tbb::parallel_deterministic_reduce(
               tbb::blocked_range<std::int64_t>(0, rows.rows(), kBlock), 0.0,
               [&](auto range, double sum) {
                   for (auto i = range.begin(); i < range.end(); ++i) {
                       const double d = rows.results[i] - sigmoid(k * kScale * e[i]);
                       sum += d * d;
                   }
                   return sum;
               },
               std::plus<>()) /
           static_cast<double>(rows.rows());
}

// The normal equations of one Gauss-Newton step: J'J and J'(r - p), J_ij = dp_i / dw_j.
struct Normal {
    Eigen::MatrixXd jtj;
    Eigen::VectorXd jte;
    explicit Normal(int p) : jtj(Eigen::MatrixXd::Zero(p, p)), jte(Eigen::VectorXd::Zero(p)) {}
};

Normal normal_equations(const TexelRows& rows, const std::vector<double>& e, double k) {
    const int p = rows.columns;
    return tbb::parallel_deterministic_reduce(
        tbb::blocked_range<std::int64_t>(0, rows.rows(), kBlock), Normal(p),
        [&](auto range, Normal acc) {
            const std::int64_t n = range.end() - range.begin();
            const RowBlock x(rows.features.data() + range.begin() * rows.columns, n, p);
            Eigen::VectorXd slope(n), residual(n);
            for (std::int64_t i = 0; i < n; ++i) {
                const double q = sigmoid(k * kScale * e[range.begin() + i]);
                slope[i] = k * kScale * q * (1.0 - q);
                residual[i] = rows.results[range.begin() + i] - q;
            }
            const Eigen::MatrixXd j = slope.asDiagonal() * x.cast<double>();
            acc.jtj.selfadjointView<Eigen::Lower>().rankUpdate(j.transpose());
            acc.jte.noalias() += j.transpose() * residual;
            return acc;
        },
        [](Normal a, const Normal& b) {
            a.jtj += b.jtj;
            a.jte += b.jte;
            return a;
        });
}

double penalty(std::span<const double> w, std::span<const double> prior, double l2) {
    double sum = 0.0;
    for (std::size_t j = 0; j < w.size(); ++j) sum += (w[j] - prior[j]) * (w[j] - prior[j]);
    return l2 * sum / (100.0 * 100.0);
}

// Columns whose feature takes one value in every row: nothing in the data moves their weight.
std::vector<bool> constant_columns(const TexelRows& rows) {
    std::vector<bool> out(static_cast<std::size_t>(rows.columns), true);
    if (rows.rows() == 0) return out;
    for (std::int64_t i = 1; i < rows.rows(); ++i)
        for (int j = 0; j < rows.columns; ++j)
            if (out[j] && rows.features[i * rows.columns + j] != rows.features[j]) out[j] = false;
    return out;
}

}  // namespace

double texel_error(const TexelRows& rows, std::span<const double> w, double k) {
    return rows.rows() == 0 ? 0.0 : error_of(rows, evaluations(rows, w), k);
}

double fit_texel_scale(const TexelRows& rows, std::span<const double> w) {
    if (rows.rows() == 0) return 1.0;
    const std::vector<double> e = evaluations(rows, w);
    // Golden section on log K: the error is unimodal in K for any fixed evaluations.
    const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
    double lo = std::log(TexelScaleMin), hi = std::log(TexelScaleMax);
    double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
    double fa = error_of(rows, e, std::exp(a)), fb = error_of(rows, e, std::exp(b));
    for (int i = 0; i < 60; ++i) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = error_of(rows, e, std::exp(a));
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = error_of(rows, e, std::exp(b));
        }
    }
    return std::exp((lo + hi) / 2.0);
}

Result<TexelFit> fit_texel(const TexelRows& rows, std::span<const double> prior,
                           const TexelOptions& options) {
    const int p = rows.columns;
    if (rows.rows() == 0) return make_error("no positions to fit");
    if (static_cast<int>(prior.size()) != p ||
        static_cast<std::int64_t>(rows.features.size()) != rows.rows() * p ||
        static_cast<std::int64_t>(rows.constants.size()) != rows.rows())
        return make_error("the features, constants, results and weights do not match in size");
    for (double w : prior)
        if (!std::isfinite(w)) return make_error("a prior weight is not a finite number");
    for (float v : rows.features)
        if (!std::isfinite(v)) return make_error("a feature is not a finite number");

    TexelFit fit;
    fit.held = constant_columns(rows);
    fit.k = fit_texel_scale(rows, prior);
    fit.weights.assign(prior.begin(), prior.end());
    std::vector<double> e = evaluations(rows, fit.weights);
    fit.error_before = error_of(rows, e, fit.k);
    double loss = fit.error_before;
    double damping = 1e-3;
    const double n = static_cast<double>(rows.rows());
    const double l2 = options.l2 / (100.0 * 100.0);
    for (int it = 0; it < options.max_iterations; ++it) {
        fit.iterations = it + 1;
        Normal ne = normal_equations(rows, e, fit.k);
        Eigen::MatrixXd h = ne.jtj.selfadjointView<Eigen::Lower>();
        h /= n;
        Eigen::VectorXd g = ne.jte / n;  // minus half the gradient of the mean squared error
        for (int j = 0; j < p; ++j) {
            h(j, j) += l2;
            g[j] -= l2 * (fit.weights[j] - prior[j]);
        }
        bool accepted = false;
        for (int attempt = 0; attempt < 20 && !accepted; ++attempt) {
            Eigen::MatrixXd damped = h;
            for (int j = 0; j < p; ++j) damped(j, j) += damping * std::max(h(j, j), 1e-12);
            // Held weights: their rows and columns are the identity, their step 0.
            Eigen::VectorXd rhs = g;
            for (int j = 0; j < p; ++j)
                if (fit.held[j]) {
                    damped.row(j).setZero();
                    damped.col(j).setZero();
                    damped(j, j) = 1.0;
                    rhs[j] = 0.0;
                }
            const Eigen::VectorXd step = damped.ldlt().solve(rhs);
            std::vector<double> trial(fit.weights);
            for (int j = 0; j < p; ++j) trial[j] += step[j];
            std::vector<double> trial_e = evaluations(rows, trial);
            const double trial_loss =
                error_of(rows, trial_e, fit.k) + penalty(trial, prior, options.l2);
            if (std::isfinite(trial_loss) && trial_loss <= loss) {
                const double gain = loss - trial_loss;
                fit.weights = std::move(trial);
                e = std::move(trial_e);
                loss = trial_loss;
                damping = std::max(damping / 4.0, 1e-9);
                accepted = true;
                if (gain < options.tolerance) {
                    fit.error_after = error_of(rows, e, fit.k);
                    return fit;
                }
            } else {
                damping *= 8.0;
            }
        }
        if (!accepted) break;
    }
    fit.error_after = error_of(rows, e, fit.k);
    return fit;
}

}  // namespace balance::stats
