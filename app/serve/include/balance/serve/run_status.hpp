#pragma once
// Where a results database's sweep stands, read from its stored games alone: its state (a process
// writing it now, stopped part-way, finished), games stored of those planned, the rate of the run
// in progress and the time left at that rate, the adaptive stopping rule's state, and each run
// (a sweep's resumptions and shards, a fix search's or a calibration's rounds).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "balance/analysis/json.hpp"
#include "balance/analysis/store_reader.hpp"

namespace balance::serve {

struct RunRecord {
    std::int64_t run_id = 0;
    std::string sweep;
    std::string started_at;
    std::string finished_at;  // empty: not finished
    std::string shard;
    std::int64_t games = 0;  // stored by this run
};

struct RunStatus {
    std::string sweep;  // the latest run's sweep name
    // "running" (a process writes the database now), "finished" (every planned game stored, or
    // an adaptive sweep's every cell at its target; without a plan: the latest run ended),
    // "stopped" (games left and nothing writes it), "empty" (no run yet).
    std::string state;
    std::string writer;       // the command writing it now ("sweep", "fix", "calibrate") or ""
    std::int64_t stored = 0;  // games of the latest run's sweep
    std::int64_t games = 0;   // every game of the database
    // The latest run's plan: games_per_cell x cells, or an adaptive sweep's budget; none when
    // the run record does not say (rung-gap cells of another size).
    std::optional<std::int64_t> planned;
    std::optional<double> games_per_minute;  // the latest run's, from its start to its last game
    std::optional<double> eta_seconds;       // while running: the games left at that rate
    // Adaptive sweeps: the stopping rule (every cell's 95% interval half-width at most the
    // target) and how many cells meet it.
    std::optional<double> target_half_width;
    std::int64_t cells = 0;
    std::int64_t cells_at_target = 0;
    std::vector<RunRecord> runs;
};

// The status of `store`; `report` is its report JSON (report_json), whose cells give the
// intervals; `writer` is tournament::writing_command of its file.
[[nodiscard]] RunStatus run_status(const analysis::Store& store, const analysis::Json& report,
                                   const std::string& writer);

[[nodiscard]] analysis::Json status_json(const RunStatus& status);

// Seconds between two ISO 8601 UTC times ("2024-06-01T21:05:09Z"); none when one does not read.
[[nodiscard]] std::optional<double> seconds_between(const std::string& from, const std::string& to);

}  // namespace balance::serve
