#pragma once
// p-values and the multiplicity correction for reports that test many match-ups or rules at once.
// Holm's step-down procedure controls the family-wise error rate like Bonferroni under any
// dependence between the tests, but is uniformly more powerful, so it is the default here.

#include <span>
#include <string_view>
#include <vector>

#include "balance/stats/expected.hpp"

namespace balance::stats {

inline constexpr std::string_view kMultiplicityMethod = "Holm-Bonferroni step-down (Holm 1979)";

/// Two-sided normal (Wald) p-value of H0: parameter = null, 2 Phi(-|estimate - null| / se).
/// Errors: se <= 0 or not finite, estimate not finite.
[[nodiscard]] Expected<double> two_sided_p_value(double estimate, double standard_error,
                                                 double null_value = 0.0);

/// Holm-adjusted p-values, in the input order: with p sorted ascending p_(1) <= ... <= p_(m),
/// adj_(i) = min(1, max_{j <= i} (m - j + 1) p_(j)) (as R's p.adjust(method = "holm")).
/// Errors: a p-value outside [0, 1] or NaN.
[[nodiscard]] Expected<std::vector<double>> holm_adjust(std::span<const double> p_values);

/// Which hypotheses Holm's procedure rejects at family-wise level alpha (adjusted p <= alpha).
[[nodiscard]] Expected<std::vector<bool>> holm_reject(std::span<const double> p_values,
                                                      double alpha);

}  // namespace balance::stats
