#pragma once
// How long a database's games took to play, for an ETA of the games still to come (`balance
// queue --status`): read in one statement, without reading the games themselves.

#include <cstdint>
#include <filesystem>

#include "balance/core/error.hpp"

namespace balance::tournament {

struct GameTiming {
    std::int64_t games = 0;
    std::int64_t total_ms = 0;  // their duration_ms, summed
};

// Opens `db` read only (beside a process that may be writing into it); a database without a
// games table yet has none.
[[nodiscard]] Result<GameTiming> game_timing(const std::filesystem::path& db);

}  // namespace balance::tournament
