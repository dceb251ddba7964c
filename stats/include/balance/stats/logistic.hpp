#pragma once
// Fractional logistic regression of game outcomes (Papke & Wooldridge 1996): y in [0, 1] (a game
// score 0, 1/2, 1 from one side's view) with E[y | x] = 1 / (1 + exp(-x'b)), fitted by
// maximizing the Bernoulli quasi-log-likelihood sum y log mu + (1 - y) log(1 - mu) with Newton
// (= IRLS for the canonical link). The caller builds the design matrix and adds the intercept
// column; with rows written from White's view the intercept is the White advantage.
//
// Standard errors, both reported:
// - model-based: sqrt(diag((X'WX)^-1)), W = mu(1 - mu), the binomial information. With draws the
//   true variance of y is below mu(1 - mu), so this is conservative; `dispersion` (Pearson
//   chi^2 / (n - p)) says by how much and se_model * sqrt(dispersion) is the quasi-binomial SE.
// - cluster-robust (Liang & Zeger 1986 sandwich): (X'WX)^-1 (sum_g s_g s_g') (X'WX)^-1 * G/(G-1),
//   s_g = sum over the cluster's rows of x_i (y_i - mu_i). Rows of one game (or one opening pair)
//   share a cluster id, so their correlation does not fake precision.
// The cluster bootstrap resamples whole clusters with replacement and refits; percentile
// intervals use the type-7 (linear interpolation) quantile.

#include "balance/stats/eigen.hpp"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "balance/stats/expected.hpp"

namespace balance::stats {

inline constexpr std::string_view kLogisticMethod =
    "fractional logistic regression (Bernoulli quasi-likelihood, Papke & Wooldridge 1996), "
    "cluster-robust sandwich SE with G/(G-1)";

struct LogisticFit {
    Eigen::VectorXd coefficients;
    Eigen::VectorXd se_model;           ///< sqrt(diag((X'WX)^-1)), binomial information
    Eigen::VectorXd se_robust;          ///< cluster-robust sandwich with factor G/(G-1)
    Eigen::MatrixXd covariance_model;   ///< (X'WX)^-1
    Eigen::MatrixXd covariance_robust;  ///< G/(G-1) B M B
    double dispersion = 0.0;            ///< Pearson sum (y - mu)^2 / (mu(1-mu)) / (n - p)
    double log_likelihood = 0.0;        ///< Bernoulli quasi-log-likelihood at the fit
    int iterations = 0;
    int clusters = 0;  ///< G
};

struct BootstrapIntervals {
    Eigen::VectorXd lower;  ///< (1-c)/2 percentile of each coefficient
    Eigen::VectorXd upper;  ///< (1+c)/2 percentile
    double confidence = 0.0;
    int replications = 0;  ///< successful refits used for the percentiles
    int failed = 0;        ///< resamples whose fit failed (separation / rank), left out
};

/// The refitted coefficients of a cluster bootstrap, one row per resample that could be fitted:
/// for intervals of functions of several coefficients (ratios such as piece values).
struct BootstrapDraws {
    Eigen::MatrixXd coefficients;
    int failed = 0;  ///< resamples whose fit failed (separation / rank), left out
};

/// The logistic function 1 / (1 + e^-t): a log-odds to a probability (or expected score).
[[nodiscard]] double logistic(double t);

/// Fits y on x. `cluster_ids` holds one id per row (any values; equal ids = one cluster) or is
/// empty (every row its own cluster). Errors: shape mismatch, y outside [0, 1], non-finite
/// values, fewer than 2 clusters, rank-deficient x, separation (fitted probabilities
/// numerically 0 or 1), no convergence.
/// `offset`: one known term per row added to the linear predictor (a coefficient held fixed),
/// or empty.
[[nodiscard]] Expected<LogisticFit> fit_logistic(Eigen::Ref<const Eigen::MatrixXd> x,
                                                 Eigen::Ref<const Eigen::VectorXd> y,
                                                 std::span<const std::int64_t> cluster_ids,
                                                 std::span<const double> offset = {});

/// Cluster (game-level) bootstrap: `replications` resamples of whole clusters drawn with
/// replacement by std::mt19937_64(seed), percentile intervals at `confidence`. Errors: as
/// fit_logistic on the full data, bad confidence, fewer than 2 successful refits.
[[nodiscard]] Expected<BootstrapIntervals> cluster_bootstrap(
    Eigen::Ref<const Eigen::MatrixXd> x, Eigen::Ref<const Eigen::VectorXd> y,
    std::span<const std::int64_t> cluster_ids, int replications, double confidence,
    std::uint64_t seed);

/// The resamples behind cluster_bootstrap (same draws for the same seed), fitted in parallel.
[[nodiscard]] Expected<BootstrapDraws> cluster_bootstrap_draws(
    Eigen::Ref<const Eigen::MatrixXd> x, Eigen::Ref<const Eigen::VectorXd> y,
    std::span<const std::int64_t> cluster_ids, int replications, std::uint64_t seed,
    std::span<const double> offset = {});

/// The type-7 percentile of `values` at `level` in [0, 1].
[[nodiscard]] double percentile(std::vector<double> values, double level);

}  // namespace balance::stats
