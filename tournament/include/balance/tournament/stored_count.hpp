#pragma once
// How far a fixed-size sweep stands in a database, read without playing: how many of its planned
// games are stored. For commands that report on a database another process may be playing into
// (`balance fix --status`, `balance calibrate --status`).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/tournament/opening_miss.hpp"
#include "balance/tournament/store.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

// Stored games of one cell whose opening missed the sweep's imbalance window (OpeningMisses).
struct CellMisses {
    std::string cell_key;
    std::int64_t missed = 0;
    std::int64_t games = 0;  // the cell's games counted
};

// The cells with such games among `games`, in cell key order; none when no opening missed.
[[nodiscard]] std::vector<CellMisses> opening_misses(std::span<const GameRow> games,
                                                     const OpeningMisses& misses);

struct StoredCount {
    std::int64_t stored = 0;         // planned games found in the store
    std::int64_t planned = 0;        // every cell's games_per_cell (rung_gap_games for rung gaps)
    std::vector<CellMisses> misses;  // among the planned games found
    [[nodiscard]] bool complete() const { return stored >= planned; }
};

// The sweep's cells as make_cells plans them (its rule sets' cell suffixes as they are), each
// cell's stored games with an index below its planned count, and those whose opening missed the
// window.
[[nodiscard]] Result<StoredCount> count_stored(const Sweep& sweep, const ResultStore& store);

}  // namespace balance::tournament
