#pragma once
// Values with no fixed range (a points difference of Stylish chess: White's points minus
// Black's), kept as the three sums their mean and its interval need, so samples merge by adding.

#include <cstdint>
#include <string_view>

#include "balance/stats/expected.hpp"
#include "balance/stats/interval.hpp"

namespace balance::stats {

inline constexpr std::string_view kMeanMethod =
    "Student-t interval for a mean (mean +- t(n-1) s/sqrt(n))";

struct MeanSample {
    std::int64_t count = 0;
    double sum = 0.0;
    double sum_squares = 0.0;

    void add(double x);
    [[nodiscard]] double mean() const;      // NaN when empty
    [[nodiscard]] double variance() const;  // sample variance (n - 1); NaN below 2 values
    MeanSample& operator+=(const MeanSample& other);
};

/// Student-t interval for the mean, mean +- t(n-1) s / sqrt(n). Errors: fewer than 2 values,
/// confidence outside (0, 1). A sample of equal values gives the point interval.
[[nodiscard]] Expected<Interval> mean_interval(const MeanSample& sample, double confidence);

}  // namespace balance::stats
