#pragma once
// Damped Newton ascent for the concave log-likelihoods of davidson.cpp and logistic.cpp
// (private to balance_stats). Both models are exponential families in their canonical
// parameters, so the log-likelihood is concave and Newton with step halving converges from
// zero whenever the maximum exists. When it does not (separation: some outcome never happens
// where the model needs it), the iterates walk off to infinity with steps that never shrink;
// that is detected by the size of the linear predictor, not by a small gradient, because the
// gradient vanishes along the escape direction too.

#include "balance/core/debug_assert.hpp"
#include "balance/stats/eigen.hpp"

#include <cmath>

namespace balance::stats::detail {

/// The log-likelihood at a point with its derivatives.
struct Evaluation {
    double value = 0.0;
    Eigen::VectorXd gradient;
    Eigen::MatrixXd hessian;         // negative semi-definite
    double max_abs_predictor = 0.0;  // largest |linear predictor|, to detect divergence
};

enum class NewtonStatus { Converged, Singular, Diverged, NotConverged };

struct NewtonResult {
    NewtonStatus status = NewtonStatus::NotConverged;
    Eigen::VectorXd parameters;
    Eigen::MatrixXd covariance;  // (-Hessian)^-1 at the maximum (observed information inverse)
    double value = 0.0;
    int iterations = 0;
};

struct NewtonOptions {
    int max_iterations = 100;
    double step_tolerance = 1e-10;    // stop when max |Newton step| < tol * (1 + max |param|)
    double max_abs_predictor = 40.0;  // |eta| > 40 means fitted probabilities ~ 4e-18: divergence
};

/// Maximizes `evaluate` (VectorXd -> Evaluation) from `start`.
template <class F>
NewtonResult maximize_concave(F&& evaluate, Eigen::VectorXd start, const NewtonOptions& options) {
    NewtonResult result;
    BALANCE_ASSERT(start.size() > 0 && start.allFinite());
    result.parameters = std::move(start);
    Evaluation current = evaluate(result.parameters);
    // The model's derivatives are over the parameters, and finite at the start (the fits validate
    // their data first, so a NaN here is a bug in an evaluation, not bad input).
    BALANCE_ASSERT(current.gradient.size() == result.parameters.size());
    BALANCE_ASSERT(current.hessian.rows() == result.parameters.size() &&
                   current.hessian.cols() == result.parameters.size());
    BALANCE_ASSERT(current.gradient.allFinite() && current.hessian.allFinite());
    for (int iteration = 1; iteration <= options.max_iterations; ++iteration) {
        result.iterations = iteration;
        const Eigen::MatrixXd information = -current.hessian;
        const Eigen::LDLT<Eigen::MatrixXd> ldlt(information);
        const double scale = std::max(1.0, information.diagonal().cwiseAbs().maxCoeff());
        if (ldlt.info() != Eigen::Success || !ldlt.isPositive() ||
            ldlt.vectorD().minCoeff() <= 1e-12 * scale) {
            result.status = NewtonStatus::Singular;
            return result;
        }
        const Eigen::VectorXd step = ldlt.solve(current.gradient);
        BALANCE_ASSERT(step.allFinite());  // a positive definite information matrix solves
        // Step halving keeps the ascent monotone when a full step overshoots.
        double t = 1.0;
        Eigen::VectorXd next = result.parameters + step;
        Evaluation trial = evaluate(next);
        for (int halving = 0;
             halving < 40 && !(trial.value >= current.value - 1e-12 * std::abs(current.value));
             ++halving) {
            t *= 0.5;
            next = result.parameters + t * step;
            trial = evaluate(next);
        }
        result.parameters = next;
        current = std::move(trial);
        if (current.max_abs_predictor > options.max_abs_predictor) {
            result.status = NewtonStatus::Diverged;
            return result;
        }
        const double size = step.cwiseAbs().maxCoeff();
        if (size < options.step_tolerance * (1.0 + result.parameters.cwiseAbs().maxCoeff())) {
            const Eigen::LDLT<Eigen::MatrixXd> final_ldlt(-current.hessian);
            if (final_ldlt.info() != Eigen::Success || !final_ldlt.isPositive()) {
                result.status = NewtonStatus::Singular;
                return result;
            }
            const auto p = result.parameters.size();
            result.covariance = final_ldlt.solve(Eigen::MatrixXd::Identity(p, p));
            result.value = current.value;
            result.status = NewtonStatus::Converged;
            return result;
        }
    }
    result.status = NewtonStatus::NotConverged;
    return result;
}

}  // namespace balance::stats::detail
