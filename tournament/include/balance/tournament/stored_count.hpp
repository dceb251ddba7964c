#pragma once
// How far a fixed-size sweep stands in a database, read without playing: how many of its planned
// games are stored. For commands that report on a database another process may be playing into
// (`balance fix --status`, `balance calibrate --status`).

#include <cstdint>

#include "balance/core/error.hpp"
#include "balance/tournament/store.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

struct StoredCount {
    std::int64_t stored = 0;   // planned games found in the store
    std::int64_t planned = 0;  // every cell's games_per_cell (rung_gap_games for rung gaps)
    [[nodiscard]] bool complete() const { return stored >= planned; }
};

// The sweep's cells as make_cells plans them (its rule sets' cell suffixes as they are), each
// cell's stored games with an index below its planned count.
[[nodiscard]] Result<StoredCount> count_stored(const Sweep& sweep, const ResultStore& store);

}  // namespace balance::tournament
