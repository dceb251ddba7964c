#pragma once
// Range checks for real-valued flags. CLI::Range alone lets NaN through (every comparison with
// NaN is false), so `--confidence nan` would pass; these refuse NaN and infinities first.

#include <cmath>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

namespace balance::cli {

// A finite number in [lo, hi].
inline CLI::Validator finite_range(double lo, double hi) {
    return CLI::Validator(
        [lo, hi](std::string& text) -> std::string {
            double value = 0;
            if (!CLI::detail::lexical_cast(text, value)) return "'" + text + "' is not a number";
            if (!std::isfinite(value) || value < lo || value > hi)
                return fmt::format("{} is not in [{}, {}]", text, lo, hi);
            return {};
        },
        fmt::format("NUMBER in [{} - {}]", lo, hi));
}

// A finite number above zero.
inline CLI::Validator finite_positive() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            double value = 0;
            if (!CLI::detail::lexical_cast(text, value)) return "'" + text + "' is not a number";
            if (!std::isfinite(value) || value <= 0)
                return text + " is not a finite number above 0";
            return {};
        },
        "NUMBER > 0");
}

}  // namespace balance::cli
