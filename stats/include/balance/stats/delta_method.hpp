#pragma once
// The delta method for a ratio of two correlated estimates: the standard error of
// g(a, b) = scale * a / b from the gradient (scale / b, -scale a / b^2) and the covariance of
// (a, b). Used for piece values relative to a reference piece (a piece's coefficient over the
// reference's, from one fit).

#include "balance/stats/estimate.hpp"

namespace balance::stats {

/// scale * a / b with its delta-method standard error; var_a, cov_ab, var_b from one fit.
/// When a and b are the same parameter (`same`), the ratio is exactly `scale` with SE 0.
[[nodiscard]] Estimate ratio_estimate(double scale, double a, double b, double var_a, double cov_ab,
                                      double var_b, bool same = false);

}  // namespace balance::stats
