#include "balance/stats/delta_method.hpp"

#include <algorithm>
#include <cmath>

namespace balance::stats {

Estimate ratio_estimate(double scale, double a, double b, double var_a, double cov_ab, double var_b,
                        bool same) {
    const double value = scale * a / b;
    if (same) return Estimate{value, 0.0};
    const double ga = scale / b, gb = -scale * a / (b * b);
    const double variance = ga * ga * var_a + 2.0 * ga * gb * cov_ab + gb * gb * var_b;
    return Estimate{value, std::sqrt(std::max(0.0, variance))};
}

}  // namespace balance::stats
