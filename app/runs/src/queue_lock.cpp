#include "balance/runs/queue_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "balance/runs/run_settings.hpp"
#include "balance/tournament/store.hpp"

namespace balance::runs {

namespace {

std::string read_holder(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);
    return line.empty() ? "a process that has not written its name yet" : line;
}

}  // namespace

Result<QueueLock> QueueLock::take(const std::filesystem::path& file,
                                  const std::string& queue_file) {
    const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return make_error("cannot create the queue's lock file", file.string());
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return make_error(
            fmt::format(
                "this queue is already running: {} (lock {}). Wait for it to end, or stop "
                "it with SIGINT or SIGTERM: its entry stops cleanly and resumes at the next "
                "start",
                read_holder(file), file.string()),
            queue_file);
    }
    const std::string text = fmt::format("pid {} on host {}, started {}\n", ::getpid(), host_name(),
                                         tournament::utc_now());
    if (::ftruncate(fd, 0) != 0 ||
        ::pwrite(fd, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size())) {
        ::close(fd);
        return make_error("cannot write the queue's lock file", file.string());
    }
    return QueueLock(fd);
}

std::optional<std::string> QueueLock::holder(const std::filesystem::path& file) {
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    const bool free = ::flock(fd, LOCK_SH | LOCK_NB) == 0;
    ::close(fd);  // also drops the probe's shared lock
    if (free) return std::nullopt;
    return read_holder(file);
}

QueueLock::QueueLock(QueueLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

QueueLock::~QueueLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace balance::runs
