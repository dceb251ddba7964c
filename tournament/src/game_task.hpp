#pragma once
// One planned game from start to stored row: the opening, the game, the row's columns.

#include <cstdint>
#include <vector>

#include "balance/core/rules.hpp"
#include "balance/tournament/plan.hpp"
#include "balance/tournament/store.hpp"
#include "balance/tournament/sweep.hpp"
#include "worker_players.hpp"

namespace balance::tournament {

// What every worker reads and nobody writes during a run.
struct SweepContext {
    const Sweep* sweep = nullptr;
    std::vector<Cell> cells;
    std::vector<core::AnyRules> rules;      // per cell, compiled once
    std::vector<std::string> players_json;  // per cell
    std::vector<std::string> spec_hashes;   // per rule set: spec_hash of its spec_toml
    std::int64_t run_id = 0;
};

// Errors are the harness's own (a book position that does not fit, a player that cannot be
// made), never a player's failure, which is a lost game.
[[nodiscard]] Result<GameRow> play_planned_game(const SweepContext& context,
                                                const PlannedGame& planned, WorkerPlayers& players);

}  // namespace balance::tournament
