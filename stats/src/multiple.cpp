#include "balance/stats/multiple.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>

#include "balance/stats/normal.hpp"

namespace balance::stats {

Expected<double> two_sided_p_value(double estimate, double standard_error, double null_value) {
    if (!std::isfinite(standard_error) || standard_error <= 0.0) {
        return fail("p-value needs a positive, finite standard error");
    }
    if (!std::isfinite(estimate) || !std::isfinite(null_value)) {
        return fail("p-value needs a finite estimate");
    }
    // Phi(-|z|) rather than 1 - Phi(|z|): keeps precision for tiny p-values.
    return 2.0 * normal_cdf(-std::abs(estimate - null_value) / standard_error);
}

Expected<std::vector<double>> holm_adjust(std::span<const double> p_values) {
    for (const double p : p_values) {
        if (!(p >= 0.0 && p <= 1.0)) return fail("p-value outside [0, 1]");
    }
    const std::size_t m = p_values.size();
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
    std::vector<double> adjusted(m);
    double running_max = 0.0;
    for (std::size_t rank = 0; rank < m; ++rank) {
        const std::size_t i = order[rank];
        running_max = std::max(running_max, static_cast<double>(m - rank) * p_values[i]);
        adjusted[i] = std::min(1.0, running_max);
    }
    return adjusted;
}

Expected<std::vector<bool>> holm_reject(std::span<const double> p_values, double alpha) {
    if (!(alpha > 0.0 && alpha < 1.0)) return fail("alpha must lie in (0, 1)");
    auto adjusted = holm_adjust(p_values);
    if (!adjusted) return adjusted.error();
    std::vector<bool> reject(adjusted->size());
    for (std::size_t i = 0; i < reject.size(); ++i) reject[i] = (*adjusted)[i] <= alpha;
    return reject;
}

}  // namespace balance::stats
