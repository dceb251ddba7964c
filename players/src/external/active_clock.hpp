#pragma once
// A steady clock that stands still while this process is stopped.
//
// Engine deadlines are wall-clock deadlines. When the whole run is stopped and continued
// (SIGSTOP/SIGCONT, Ctrl-Z in a shell, Slurm's `scontrol suspend`, a debugger), an engine that
// was mid-search has lost the same time as the harness; measured by steady_clock its deadline
// has passed by the time both run again, and the game would be scored as a loss on time: an
// infrastructure event scored as a game. ActiveClock counts only the time this process could
// run: a gap between two observations longer than the slack is taken as a stop and left out.
//
// Who observes: a ticker thread (every 50 ms, started on first use) and every now() call, so
// the first reading after a stop already excludes it (no race with the ticker). The ticker is
// the one process-wide state here; a stop is a fact about the process, not about a game.
// Starvation longer than the slack (the harness not scheduled for 0.5 s) counts as a stop too:
// the engines, started at the harness's priority, were as starved as it was.

#include <chrono>
#include <cstdint>
#include <mutex>

namespace balance::players::external {

// The bookkeeping, without the thread: feed it steady-clock readings, it accumulates the gaps
// longer than `slack` (each counted as gap - tick: the time the ticker should have taken).
class StopMeter {
  public:
    using Steady = std::chrono::steady_clock;

    StopMeter(Steady::duration tick, Steady::duration slack) : tick_(tick), slack_(slack) {}

    // Records a reading; returns the total stopped time so far.
    Steady::duration observe(Steady::time_point now);
    [[nodiscard]] Steady::duration stopped() const;

  private:
    const Steady::duration tick_, slack_;
    mutable std::mutex mutex_;
    Steady::time_point last_{};
    bool seen_ = false;
    Steady::duration stopped_{};
};

struct ActiveClock {
    using duration = std::chrono::steady_clock::duration;
    using rep = duration::rep;
    using period = duration::period;
    using time_point = std::chrono::time_point<ActiveClock>;
    static constexpr bool is_steady = true;

    static time_point now();
};

}  // namespace balance::players::external
