#pragma once
// One `balance queue` per queue and directory: a second start is refused, naming the process
// that holds the queue (pid, host, start time), read from the lock file it wrote.

#include <filesystem>
#include <optional>
#include <string>

#include "balance/core/error.hpp"

namespace balance::runs {

// flock(2) on the lock file: released when the process ends, however it ends (a stale file of
// a killed queue never blocks the next start). The file's text names the holder.
class QueueLock {
  public:
    [[nodiscard]] static Result<QueueLock> take(const std::filesystem::path& file,
                                                const std::string& queue_file);
    // "pid 123 on host h, started 2026-01-01T00:00:00Z" while a process holds `file`; none when
    // no process does.
    [[nodiscard]] static std::optional<std::string> holder(const std::filesystem::path& file);

    QueueLock(QueueLock&& other) noexcept;
    QueueLock& operator=(QueueLock&&) = delete;
    QueueLock(const QueueLock&) = delete;
    ~QueueLock();

  private:
    explicit QueueLock(int fd) : fd_(fd) {}
    int fd_;
};

}  // namespace balance::runs
