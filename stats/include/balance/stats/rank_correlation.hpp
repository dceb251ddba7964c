#pragma once
// Spearman's rank correlation: Pearson's correlation of the ranks, ties given their average
// rank (as scipy.stats.spearmanr does).

#include <optional>
#include <vector>

namespace balance::stats {

/// Spearman's rho of `a` and `b`; nullopt when the lengths differ, there are fewer than 3
/// pairs, or either side is constant (the correlation is undefined).
[[nodiscard]] std::optional<double> spearman_correlation(const std::vector<double>& a,
                                                         const std::vector<double>& b);

}  // namespace balance::stats
