#pragma once
// One queue entry as a child process: a crash of the entry cannot take the queue down, and a
// pinned entry runs its own revision's build.

#include <sys/types.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "balance/core/error.hpp"

namespace balance::runs {

// Starts `argv` with its output appended to `log`, `nice` added to its niceness, in `cwd`
// (empty: the queue's). It gets a process group of its own, so a terminal's Ctrl-C reaches the
// queue alone, which passes it on once (a second signal would kill the entry at once); and it is
// killed when the queue dies (SIGKILL, power loss), so a restarted queue never finds its last
// entry still playing.
[[nodiscard]] Result<pid_t> start_child(const std::vector<std::string>& argv,
                                        const std::filesystem::path& cwd, int nice,
                                        const std::filesystem::path& log);

struct ChildExit {
    int code = 0;            // exit status, or 128 + N when killed by signal N
    bool signalled = false;  // killed by a signal
    bool stop_sent = false;  // the queue passed a stop request on to it
};

// Waits for `pid`; when `stop` becomes true, sends it SIGTERM once (it stops after the games in
// flight and resumes at the next start).
[[nodiscard]] ChildExit wait_child(pid_t pid, const std::atomic<bool>& stop);

}  // namespace balance::runs
