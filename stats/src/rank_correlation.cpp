#include "balance/stats/rank_correlation.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace balance::stats {

namespace {

// Ranks 1..n, ties at their average rank.
std::vector<double> ranks(const std::vector<double>& v) {
    const std::size_t n = v.size();
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
}

}  // namespace

std::optional<double> spearman_correlation(const std::vector<double>& a,
                                           const std::vector<double>& b) {
    const std::size_t n = a.size();
    if (n != b.size() || n < 3) return std::nullopt;
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

}  // namespace balance::stats
