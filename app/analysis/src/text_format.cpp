#include "balance/analysis/text_format.hpp"

#include <cmath>

#include <fmt/format.h>

namespace balance::analysis {

std::string percent(double x, int decimals) {
    if (std::isnan(x)) return "n/a";
    return fmt::format("{:.{}f}%", 100.0 * x, decimals);
}

std::string percent_interval(const stats::Interval& i, int decimals) {
    return fmt::format("[{}, {}]", percent(i.lower, decimals), percent(i.upper, decimals));
}

std::string points(double x, int decimals) {
    if (std::isnan(x)) return "n/a";
    return fmt::format("{:+.{}f} pp", 100.0 * x, decimals);
}

std::string points_interval(double lower, double upper, int decimals) {
    if (std::isnan(lower) || std::isnan(upper)) return "n/a";
    return fmt::format("[{:+.{}f}, {:+.{}f}] pp", 100.0 * lower, decimals, 100.0 * upper, decimals);
}

std::string elo(double x) {
    if (std::isnan(x)) return "n/a";
    if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
    const double rounded = std::round(x);
    return fmt::format("{:+.0f}", rounded == 0.0 ? 0.0 : rounded);  // no "-0"
}

std::string elo_interval_text(const stats::Interval& i) {
    return fmt::format("[{}, {}]", elo(i.lower), elo(i.upper));
}

std::string number(double x, int decimals) {
    if (std::isnan(x)) return "n/a";
    return fmt::format("{:.{}f}", x, decimals);
}

std::string p_value(const std::optional<double>& p) {
    if (!p || std::isnan(*p)) return "n/a";
    if (*p < 0.001) return "<0.001";
    return fmt::format("{:.3f}", *p);
}

std::string confidence_label(double confidence) {
    return fmt::format("{:g}%", 100.0 * confidence);
}

std::string count_of(long long n, std::string_view noun) {
    return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
}

}  // namespace balance::analysis
