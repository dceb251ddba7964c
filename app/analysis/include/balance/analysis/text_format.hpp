#pragma once
// How numbers read in the text reports (Markdown and HTML): scores as percentages, Elo as signed
// integers, intervals in brackets, infinities and missing values spelled out.

#include <optional>
#include <string>
#include <string_view>

#include "balance/stats/interval.hpp"

namespace balance::analysis {

// 0.4865 -> "48.65%" (decimals after the point).
[[nodiscard]] std::string percent(double x, int decimals = 1);
// "[45.1%, 52.2%]"
[[nodiscard]] std::string percent_interval(const stats::Interval& i, int decimals = 1);
// A change in percentage points: 0.012 -> "+1.2 pp".
[[nodiscard]] std::string points(double x, int decimals = 1);
// "[-2.1, +4.0] pp"
[[nodiscard]] std::string points_interval(double lower, double upper, int decimals = 1);
// +12.3 -> "+12"; infinities as "+inf" / "-inf"; NaN as "n/a".
[[nodiscard]] std::string elo(double x);
// "[-5, +30]"
[[nodiscard]] std::string elo_interval_text(const stats::Interval& i);
// Plain number with `decimals`, NaN as "n/a".
[[nodiscard]] std::string number(double x, int decimals = 2);
// A p-value: "0.003", "<0.001", or "n/a".
[[nodiscard]] std::string p_value(const std::optional<double>& p);
// "1 thread", "2 threads": a count with its noun, plural by adding "s".
[[nodiscard]] std::string count_of(long long n, std::string_view noun);
// "95%" from 0.95.
[[nodiscard]] std::string confidence_label(double confidence);

}  // namespace balance::analysis
