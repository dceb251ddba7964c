#pragma once
// Seeded random W/D/L samples for the simulation tests (test-only helper).

#include <cstdint>
#include <random>

#include "balance/stats/counts.hpp"

namespace balance::stats::testing {

/// n games with win probability w and draw probability d: W ~ Bin(n, w), D ~ Bin(n - W, d/(1-w)).
inline Wdl draw_wdl(std::mt19937_64& rng, std::int64_t n, double w, double d) {
    std::binomial_distribution<std::int64_t> wins(n, w);
    const std::int64_t won = wins(rng);
    std::binomial_distribution<std::int64_t> draws(n - won, w < 1.0 ? d / (1.0 - w) : 0.0);
    const std::int64_t drawn = draws(rng);
    return Wdl{won, drawn, n - won - drawn};
}

}  // namespace balance::stats::testing
