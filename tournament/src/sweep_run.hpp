#pragma once
// The state of one `balance sweep` invocation (see runner.hpp for the contract): the compiled
// cells, the worker arena and players, the writer thread, what is stored.

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

#include <tbb/task_arena.h>

#include "balance/tournament/runner.hpp"
#include "game_task.hpp"
#include "result_queue.hpp"
#include "stored_scores.hpp"
#include "worker_players.hpp"

namespace balance::tournament {

class SweepRun {
  public:
    SweepRun(const OpenSweep& open, ResultStore& store, const RunOptions& options,
             const PlayerFactory& factory, std::atomic<bool>& stop, ProgressObserver* progress);

    [[nodiscard]] Result<RunSummary> run();

  private:
    struct Finished {
        std::size_t cell = 0;
        GameRow row;
        std::optional<FailedGameRow> failed;  // set for a void game: stored as a failed attempt
    };
    // A player's failures in a row, which stop the run at PlayerSpec::max_failures_in_row.
    struct Streaks {
        int unavailable = 0;  // games voided because its engine could not be started
        int timeouts = 0;     // games lost on time
    };

    [[nodiscard]] Result<void> prepare();
    [[nodiscard]] Result<std::vector<std::string>> probe_players();
    // Reads the stored games of these cells into scores_ and tallies_ (again after a pass: only
    // games not known yet are added).
    [[nodiscard]] Result<void> load_stored();
    void add_stored(std::size_t cell, int index, double score);
    [[nodiscard]] Result<void> run_fixed();
    [[nodiscard]] Result<void> run_adaptive();
    // Plays the games not stored yet; true when all of them are stored afterwards.
    [[nodiscard]] Result<bool> play_missing(const std::vector<PlannedGame>& planned);
    void play_batch(const std::vector<PlannedGame>& games);
    void work(const std::vector<PlannedGame>& games, std::size_t limit, WorkerPlayers& players,
              ResultQueue<Finished>& queue);
    void write(ResultQueue<Finished>& queue);
    void fail(const Error& error);
    // Updates the players' failure streaks after `game` of `cell`; stops the run (fail) when a
    // player reaches its limit.
    void count_failures(const Cell& cell, const PlayedGame& game);
    [[nodiscard]] bool should_stop() const { return stop_.load() || failed_.load(); }
    [[nodiscard]] bool stored(const PlannedGame& game) const {
        return scores_.contains(game.cell, game.index);
    }
    [[nodiscard]] std::vector<stats::Wdl> results(const std::vector<int>& allocated) const;
    [[nodiscard]] std::string label(const Cell& cell) const;
    void report_progress(bool final);
    // Counts each cell's stored games lost by an engine failure into summary_.cells.
    [[nodiscard]] Result<void> count_engine_failures();

    const Sweep& sweep_;
    const CompiledRules& rules_;
    ResultStore& store_;
    const RunOptions& options_;
    const PlayerFactory& factory_;
    std::atomic<bool>& stop_;
    ProgressObserver* observer_;

    SweepContext context_;
    std::unordered_map<std::string, std::size_t> cell_index_;  // cell key -> index
    tbb::task_arena arena_;
    std::vector<std::unique_ptr<WorkerPlayers>> workers_;

    // Written by the writer thread while a batch runs, read by the main thread between batches.
    StoredScores scores_;              // White's score of every stored game of these cells
    std::vector<stats::Wdl> tallies_;  // per cell, every stored game
    Progress progress_;
    std::chrono::steady_clock::time_point started_at_;
    std::int64_t started_games_ = 0;  // games taken by workers in this run (for --max-games)
    std::atomic<std::size_t> next_{0};

    std::mutex streaks_mutex_;
    std::vector<Streaks> streaks_;  // per player

    std::atomic<bool> failed_{false};
    std::mutex error_mutex_;
    std::optional<Error> error_;
    RunSummary summary_;
};

}  // namespace balance::tournament
