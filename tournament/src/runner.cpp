// The public face of a sweep's run (runner.hpp): one SweepRun (sweep_run.hpp) per call, and the
// check that a database holds games of this sweep's configuration only.

#include "balance/tournament/runner.hpp"

#include "balance/tournament/sweep_json.hpp"
#include "sweep_run.hpp"

namespace balance::tournament {

Result<void> check_same_sweep(const ResultStore& store, const std::string& config_json) {
    auto runs = store.runs();
    if (!runs) return runs.error();
    for (const auto& run : *runs) {
        const auto differs = config_differences(run.config_json, config_json);
        if (!differs.empty()) {
            return make_error("holds games of a different configuration of sweep '" +
                                  run.sweep_name + "' (run " + std::to_string(run.run_id) +
                                  " started " + run.started_at + "; differs in: " + differs +
                                  "); use another --db, or --force to add to it anyway",
                              store.file().string());
        }
    }
    return {};
}

Result<RunSummary> run_sweep(const OpenSweep& open, ResultStore& store, const RunOptions& options,
                             const PlayerFactory& factory, std::atomic<bool>& stop,
                             ProgressObserver* progress) {
    SweepRun run(open, store, options, factory, stop, progress);
    return run.run();
}

Result<RunSummary> run_sweep(const Sweep& sweep, ResultStore& store, const RunOptions& options,
                             const PlayerFactory& factory, std::atomic<bool>& stop,
                             ProgressObserver* progress) {
    auto open = open_sweep(sweep);
    if (!open) return open.error();
    return run_sweep(*open, store, options, factory, stop, progress);
}

}  // namespace balance::tournament
