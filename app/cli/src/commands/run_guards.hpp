#pragma once
// What a command that plays games into a database holds while it runs (`sweep`, `calibrate`,
// `fix`): the stop flag its signal handlers set, the lock that keeps two processes from playing
// the same games of one database, and the run options and progress display they all set up
// alike. Private to the commands.

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <iostream>
#include <string>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "balance/core/error.hpp"
#include "balance/revision/revision.hpp"
#include "balance/tournament/plan.hpp"
#include "balance/tournament/progress.hpp"
#include "balance/tournament/runner.hpp"

namespace balance::cli {

// The one piece of process-wide state: set by SIGINT/SIGTERM, read by the runner between games.
// (Library code never installs handlers; the app owns the process.)
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

inline std::string host_name() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0) return "unknown";
    return name;
}

// Games played at once: the --threads value, or one per core when it is not given (0).
inline int thread_count(int requested) {
    return requested > 0 ? requested
                         : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

// The run options every playing command fills alike: threads, and what the run record keeps
// (sweep file, revision, host).
inline tournament::RunOptions run_options(int threads, const std::string& sweep_file) {
    tournament::RunOptions options;
    options.threads = thread_count(threads);
    options.sweep_file = sweep_file;
    options.git_revision = revision::git_revision();
    options.host = host_name();
    return options;
}

// Progress redrawn twice a second on a terminal; a line every 15 s into a log or a pipe.
inline tournament::TextProgress progress_display(std::ostream& out) {
    const bool terminal = &out == &std::cout && isatty(STDOUT_FILENO);
    return tournament::TextProgress(
        out, terminal,
        terminal ? std::chrono::milliseconds(500) : std::chrono::milliseconds(15'000));
}

// One sweep process per shard of a database: two sweeps on the same games would both play every
// game (the primary key keeps one copy, the work is done twice). An open-file-description lock
// on one byte of the database file per shard (far above the bytes SQLite locks, which end at
// 1 GiB + 512): shard K/N takes byte base+K, an unsharded run takes every shard's byte. Shards
// K/N and J/N (K != J) share a database; the lock goes when the process ends, however it ends.
class ShardLock {
  public:
    static Result<ShardLock> take(const std::string& db, const tournament::Shard& shard) {
        const int fd = ::open(db.c_str(), O_RDWR | O_CLOEXEC);
        if (fd < 0) return make_error("cannot open the database to lock it", db);
        constexpr off_t kBase = off_t{1} << 40;  // 1 TiB: no SQLite lock byte is near it
        struct flock lock {};
        lock.l_type = F_WRLCK;
        lock.l_whence = SEEK_SET;
        lock.l_start = kBase + (shard.count > 1 ? shard.index : 0);
        lock.l_len = shard.count > 1 ? 1 : 1 << 20;
        if (::fcntl(fd, F_OFD_SETLK, &lock) != 0) {
            ::close(fd);
            return make_error(
                fmt::format("another `balance sweep` is writing this database's games (shard "
                            "{}); it would play the same games again. Wait for it to finish, or "
                            "give each process its own part with --shard K/N",
                            shard.to_string()),
                db);
        }
        return ShardLock(fd);
    }
    ShardLock(ShardLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
    ShardLock& operator=(ShardLock&&) = delete;
    ShardLock(const ShardLock&) = delete;
    ~ShardLock() {
        if (fd_ >= 0) ::close(fd_);
    }

  private:
    explicit ShardLock(int fd) : fd_(fd) {}
    int fd_;
};

}  // namespace balance::cli
