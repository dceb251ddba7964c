#pragma once
// One planned game from start to stored row: the opening, the game, the row's columns.

#include <cstdint>
#include <optional>
#include <vector>

#include "balance/core/rules.hpp"
#include "balance/tournament/game_runner.hpp"
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

// A game as played: the row to store, unless the game is void.
struct PlayedGame {
    GameRow row;
    std::optional<GameFailure> failure;  // the player failure that ended the game, if any
    // No result: an engine could not be started (failure->status is Unavailable). The game is
    // recorded as a failed attempt (FailedGameRow), never in `games`, and is played again.
    bool void_game = false;
    [[nodiscard]] FailedGameRow failed_row() const;
};

// Errors are the harness's own (a book position that does not fit, a player that cannot be
// made), never a player's failure, which is a lost game (or a void one, see PlayedGame).
[[nodiscard]] Result<PlayedGame> play_planned_game(const SweepContext& context,
                                                   const PlannedGame& planned,
                                                   WorkerPlayers& players);

}  // namespace balance::tournament
