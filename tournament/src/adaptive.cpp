#include "adaptive.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "balance/stats/interval.hpp"

namespace balance::tournament {

double score_half_width(const stats::Wdl& wdl) {
    if (wdl.games() == 0) return 0.5;
    auto interval = stats::score_interval(wdl, 0.95);
    if (!interval) return 0.5;
    return (interval->upper - interval->lower) / 2.0;
}

std::vector<int> first_wave(const AdaptiveSpec& spec, std::size_t cells) {
    if (cells == 0) return {};
    const auto affordable = spec.budget / static_cast<std::int64_t>(cells);
    const auto per_cell =
        std::max<std::int64_t>(1, std::min<std::int64_t>(spec.initial_games, affordable));
    return std::vector<int>(cells, static_cast<int>(per_cell));
}

std::vector<int> next_wave(const AdaptiveSpec& spec, const std::vector<stats::Wdl>& results,
                           const std::vector<int>& allocated) {
    const std::size_t n = allocated.size();
    std::vector<int> added(n, 0);
    const std::int64_t used = std::accumulate(allocated.begin(), allocated.end(), std::int64_t{0});
    std::int64_t room = std::min<std::int64_t>(spec.wave_games, spec.budget - used);
    std::vector<double> width(n);
    for (std::size_t c = 0; c < n; ++c) width[c] = score_half_width(results[c]);
    for (; room > 0; --room) {
        std::size_t best = n;
        double best_width = spec.target_half_width;
        for (std::size_t c = 0; c < n; ++c) {
            const double games = std::max(1, allocated[c]);
            const double projected = width[c] * std::sqrt(games / (games + added[c]));
            if (projected > best_width) {
                best = c;
                best_width = projected;
            }
        }
        if (best == n) break;  // every cell is projected to meet the target
        ++added[best];
    }
    return added;
}

}  // namespace balance::tournament
