#pragma once
// What a command that plays games into a database holds while it runs (`sweep`, `calibrate`,
// `fix`): the stop flag its signal handlers set, and the progress display they all set up
// alike (their run loop is runs::play). Private to the commands. (The lock that keeps two processes
// from playing the same games of one database is tournament::ShardLock.)

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <iostream>

#include "balance/core/error.hpp"
#include "balance/tournament/progress.hpp"

namespace balance::cli {

// Process-wide (one of the two exceptions docs/architecture.md names): set by SIGINT/SIGTERM,
// whose handler can reach nothing else, and read by the runner between games, which gets it as
// an argument. (Library code never installs handlers; the app owns the process.)
inline std::atomic<bool> stop_requested{false};

extern "C" inline void request_stop(int) {
    stop_requested.store(true);
}

// Installs the handlers for the lifetime of a run. SA_RESETHAND: a second Ctrl-C kills at once
// (the database stays consistent even then; only the games in flight are lost).
class StopOnSignal {
  public:
    StopOnSignal() {
        stop_requested = false;
        struct sigaction action {};
        action.sa_handler = request_stop;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND;
        sigaction(SIGINT, &action, &old_int_);
        sigaction(SIGTERM, &action, &old_term_);
    }
    ~StopOnSignal() {
        sigaction(SIGINT, &old_int_, nullptr);
        sigaction(SIGTERM, &old_term_, nullptr);
    }
    StopOnSignal(const StopOnSignal&) = delete;
    StopOnSignal& operator=(const StopOnSignal&) = delete;

  private:
    struct sigaction old_int_ {};
    struct sigaction old_term_ {};
};

// Progress redrawn twice a second on a terminal; a line every 15 s into a log or a pipe.
inline tournament::TextProgress progress_display(std::ostream& out) {
    const bool terminal = &out == &std::cout && isatty(STDOUT_FILENO);
    return tournament::TextProgress(
        out, terminal,
        terminal ? std::chrono::milliseconds(500) : std::chrono::milliseconds(15'000));
}

}  // namespace balance::cli
