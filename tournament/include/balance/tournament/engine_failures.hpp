#pragma once
// When a cell's games say nothing about the variant: a game lost by an engine failure (a crash,
// a timeout, an illegal move, a protocol error) is scored as a loss, which is right for a
// failure now and then, but a cell whose games mostly end so measures the engine, not the
// armies (a player that cannot play the variant at all forfeits every game). The sweep's end,
// `balance report`'s verdict and its cell table treat such a cell as engine failures, never as
// a score.

#include <cstdint>

namespace balance::tournament {

// At least half of the cell's games were lost by an engine failure.
[[nodiscard]] constexpr bool mostly_engine_failures(std::int64_t failures, std::int64_t games) {
    return games > 0 && 2 * failures >= games;
}

}  // namespace balance::tournament
