#include "balance/stats/counts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace balance::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Maps a game score 0, 0.5, 1 to half points 0, 1, 2; -1 for anything else.
int half_points(double score) {
    for (int h = 0; h <= 2; ++h) {
        if (score == 0.5 * h) return h;
    }
    return -1;
}

}  // namespace

double Wdl::score() const {
    const auto n = games();
    return n > 0 ? points() / static_cast<double>(n) : kNaN;
}

double Wdl::draw_rate() const {
    const auto n = games();
    return n > 0 ? static_cast<double>(draws) / static_cast<double>(n) : kNaN;
}

double Wdl::score_variance() const {
    const double s = score();
    return std::max(0.0, s * (1.0 - s) - 0.25 * draw_rate());
}

Wdl& Wdl::operator+=(const Wdl& other) {
    wins += other.wins;
    draws += other.draws;
    losses += other.losses;
    return *this;
}

double Pentanomial::points() const {
    return 0.5 * static_cast<double>(ld) + static_cast<double>(dd_wl) + 1.5 * wd + 2.0 * ww;
}

double Pentanomial::score() const {
    const auto n = games();
    return n > 0 ? points() / static_cast<double>(n) : kNaN;
}

double Pentanomial::pair_score_variance() const {
    const auto p = pairs();
    if (p == 0) return kNaN;
    const auto counts = as_array();
    const double mean = score();
    double sum = 0.0;
    for (int i = 0; i < 5; ++i) {
        const double deviation = 0.25 * i - mean;
        sum += static_cast<double>(counts[i]) * deviation * deviation;
    }
    return sum / static_cast<double>(p);
}

bool Pentanomial::add_pair(double first, double second) {
    const int a = half_points(first);
    const int b = half_points(second);
    if (a < 0 || b < 0) return false;
    switch (a + b) {
        case 0:
            ++ll;
            break;
        case 1:
            ++ld;
            break;
        case 2:
            ++dd_wl;
            break;
        case 3:
            ++wd;
            break;
        default:
            ++ww;
            break;
    }
    return true;
}

Pentanomial& Pentanomial::operator+=(const Pentanomial& other) {
    ll += other.ll;
    ld += other.ld;
    dd_wl += other.dd_wl;
    wd += other.wd;
    ww += other.ww;
    return *this;
}

}  // namespace balance::stats
