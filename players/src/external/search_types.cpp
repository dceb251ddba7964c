#include "balance/players/external/search_types.hpp"

#include <algorithm>
#include <cmath>

namespace balance::players::external {

std::chrono::milliseconds search_timeout(const Limits& limits, const TimeoutPolicy& policy) {
    if (limits.timeout) return std::min(*limits.timeout, longest_search);
    std::optional<double> budget_ms;  // the tightest time bound the limits imply
    auto bound = [&](double ms) { budget_ms = budget_ms ? std::min(*budget_ms, ms) : ms; };
    if (limits.movetime_ms) bound(*limits.movetime_ms);
    if (limits.wtime_ms || limits.btime_ms) {
        // The larger clock plus increment: the side to move can never legitimately use more.
        const int clock = std::max(limits.wtime_ms.value_or(0), limits.btime_ms.value_or(0));
        const int inc = std::max(limits.winc_ms.value_or(0), limits.binc_ms.value_or(0));
        bound(static_cast<double>(clock) + inc);
    }
    if (limits.nodes) {
        bound(static_cast<double>(*limits.nodes) * 1000.0 / policy.slow_nodes_per_second);
    }
    if (!budget_ms) return std::min(policy.unbounded, longest_search);
    const double total =
        *budget_ms * (1.0 + policy.slack) + static_cast<double>(policy.margin.count());
    // Huge limits (nodes = 2e14 at the pessimistic speed) must not overflow the clock that
    // deadlines are computed on: no search waits longer than longest_search.
    if (!(total < static_cast<double>(longest_search.count()))) return longest_search;
    return std::chrono::milliseconds(static_cast<long long>(std::ceil(total)));
}

bool white_to_move(std::string_view start_fen, std::size_t moves_played) {
    bool white = true;
    if (start_fen != "startpos") {
        // The side field follows the first space of the FEN.
        const std::size_t space = start_fen.find(' ');
        if (space != std::string_view::npos && space + 1 < start_fen.size()) {
            white = start_fen[space + 1] != 'b';
        }
    }
    return (moves_played % 2 == 0) == white;
}

}  // namespace balance::players::external
