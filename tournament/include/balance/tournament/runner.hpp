#pragma once
// Running a sweep: plan every game, skip those already stored, play the rest in parallel on a
// oneTBB arena (one set of players per worker, reused across games), and store each finished
// game through a single writer thread, one transaction per game. Stops cleanly, after the games
// in flight, when `stop` becomes true (the app sets it from its SIGINT/SIGTERM handler).
//
// Every game is a pure function of the sweep and its key (given node- or depth-limited players),
// so 1 thread and 8 threads, one run or ten resumed runs, one machine or a sharded cluster all
// store the same games.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "balance/core/error.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/plan.hpp"
#include "balance/tournament/player_factory.hpp"
#include "balance/tournament/progress.hpp"
#include "balance/tournament/store.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

struct RunOptions {
    int threads = 1;
    Shard shard;
    std::optional<std::int64_t> max_games;  // play at most this many games in this run
    // For the run record.
    std::string sweep_file;
    std::string git_revision = "unknown";
    std::string host;
};

struct RunSummary {
    std::int64_t run_id = 0;
    std::int64_t planned = 0;         // games of the sweep in this shard (adaptive: so far)
    std::int64_t already_stored = 0;  // skipped because an earlier run stored them
    std::int64_t played = 0;          // stored by this run
    std::int64_t remaining = 0;       // planned games not stored yet
    // Attempts voided because an engine could not be started (failed_games; not results).
    std::int64_t failed = 0;
    bool stopped = false;          // `stop` or --max-games ended the run early
    std::vector<CellTally> cells;  // every stored game of the sweep, per cell
};

// Refuses a database that holds runs of a different sweep configuration.
[[nodiscard]] Result<void> check_same_sweep(const ResultStore& store,
                                            const std::string& config_json);

// Plays the sweep's games by its compiled rules (open_sweep). Errors: the harness's own
// (database, rules, a player that cannot be started, or that fails to start or loses on time
// max_failures_in_row times in a row); players' other failures are lost games, not errors. A game
// whose engine cannot be restarted is void: recorded as a failed attempt, replayed later in the
// run and by a resumed run, never a result. Adaptive sweeps cannot be sharded.
[[nodiscard]] Result<RunSummary> run_sweep(const OpenSweep& open, ResultStore& store,
                                           const RunOptions& options, const PlayerFactory& factory,
                                           std::atomic<bool>& stop,
                                           ProgressObserver* progress = nullptr);

// The same for a sweep not opened yet: opens it (open_sweep's checks), then plays it.
[[nodiscard]] Result<RunSummary> run_sweep(const Sweep& sweep, ResultStore& store,
                                           const RunOptions& options, const PlayerFactory& factory,
                                           std::atomic<bool>& stop,
                                           ProgressObserver* progress = nullptr);

}  // namespace balance::tournament
