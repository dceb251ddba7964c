#pragma once
// One sweep played into an open database: the run loop `sweep`, `calibrate` and `fix` share
// (each round of a calibration and of a search is such a sweep). The commands open the store
// and print; the app owns the process and its signal handlers, which set the stop flag this
// reads (library code installs none).

#include <atomic>
#include <cstdint>
#include <string>

#include "balance/core/error.hpp"
#include "balance/runs/run_settings.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/progress.hpp"
#include "balance/tournament/runner.hpp"
#include "balance/tournament/store.hpp"

namespace balance::runs {

// How a run of one sweep ended.
enum class Ending {
    Finished,  // every game of the plan (or shard) is stored
    Signal,    // the stop flag (SIGINT, SIGTERM): stopped after the games in flight
    MaxGames,  // --max-games reached with games to go; the same command resumes
    Unplayed,  // games left because an engine kept failing to start: not finished either
};

// 0 for Finished and MaxGames, 130 for Signal (like a shell), 1 for Unplayed.
[[nodiscard]] int exit_code(Ending ending);

struct Played {
    tournament::RunSummary summary;
    Ending ending = Ending::Finished;
};

// Plays the games of `open` not yet in `store` by `options` with the tournament's players.
[[nodiscard]] Result<Played> play(const tournament::OpenSweep& open, tournament::ResultStore& store,
                                  const tournament::RunOptions& options, std::atomic<bool>& stop,
                                  tournament::ProgressObserver* progress);

}  // namespace balance::runs
