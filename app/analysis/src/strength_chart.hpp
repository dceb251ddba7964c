#pragma once
// The HTML report's strength chart: score against log2 of the search limit, one line per army
// pairing with its interval band, the seed's value as a hollow diamond at the right edge, and a
// dashed 50% line. Plain SVG 1.1, like the forest plots (svg_charts.hpp).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace balance::analysis {

struct StrengthSeries {
    std::string label;  // "Human = Elf"
    // Per rung (same length as the chart's limits); nullopt where the rung has no games.
    std::vector<std::optional<double>> estimate, lower, upper;
    std::optional<double> reference;  // the seed's score
};

// `limits` ascending and positive; `limit_name` labels the axis ("nodes per move").
[[nodiscard]] std::string strength_chart(const std::string& id, const std::string& title,
                                         const std::string& limit_name,
                                         const std::vector<std::int64_t>& limits,
                                         const std::vector<StrengthSeries>& series);

}  // namespace balance::analysis
