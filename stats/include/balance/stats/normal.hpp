#pragma once
// The standard normal distribution, the only one most intervals here need. Wraps Boost.Math with
// an error policy that returns NaN instead of throwing, so nothing escapes this library.

namespace balance::stats {

/// Two-sided critical value z = Phi^-1((1 + c) / 2), e.g. 1.959964 for c = 0.95; NaN unless
/// 0 < c < 1.
[[nodiscard]] double critical_z(double confidence);

/// Standard normal CDF Phi(x).
[[nodiscard]] double normal_cdf(double x);

/// Standard normal quantile Phi^-1(p); NaN unless 0 < p < 1.
[[nodiscard]] double normal_quantile(double p);

/// Upper chi-square(1) quantile: the c-quantile of a chi-square with 1 degree of freedom (= z^2).
[[nodiscard]] inline double chi_square1_quantile(double confidence) {
    const double z = critical_z(confidence);
    return z * z;
}

}  // namespace balance::stats
