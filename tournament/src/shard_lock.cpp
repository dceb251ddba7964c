#include "balance/tournament/shard_lock.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <string>
#include <utility>

namespace balance::tournament {

namespace {

constexpr off_t kBase = off_t{1} << 40;                  // 1 TiB: no SQLite lock byte is near it
constexpr off_t kWriterBase = kBase + (off_t{1} << 21);  // past every shard's byte

constexpr Writer kWriters[] = {Writer::Sweep, Writer::Fix, Writer::Calibrate, Writer::Tune};

const char* command_of(Writer writer) {
    switch (writer) {
        case Writer::Sweep:
            return "sweep";
        case Writer::Fix:
            return "fix";
        case Writer::Calibrate:
            return "calibrate";
        case Writer::Tune:
            return "tune";
    }
    return "sweep";
}

struct flock byte_lock(short type, off_t start, off_t length) {
    struct flock lock {};
    lock.l_type = type;
    lock.l_whence = SEEK_SET;
    lock.l_start = start;
    lock.l_len = length;
    return lock;
}

// The command whose writer byte another process holds ("" when none says: a process of a
// version that did not mark itself).
std::string holder(int fd) {
    for (Writer writer : kWriters) {
        struct flock probe = byte_lock(F_WRLCK, kWriterBase + static_cast<off_t>(writer), 1);
        if (::fcntl(fd, F_OFD_GETLK, &probe) == 0 && probe.l_type != F_UNLCK)
            return command_of(writer);
    }
    return "";
}

}  // namespace

Result<ShardLock> ShardLock::take(const std::string& db, const Shard& shard, Writer writer) {
    const int fd = ::open(db.c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) return make_error("cannot open the database to lock it", db);
    struct flock lock = byte_lock(F_WRLCK, kBase + (shard.count > 1 ? shard.index : 0),
                                  shard.count > 1 ? 1 : 1 << 20);
    if (::fcntl(fd, F_OFD_SETLK, &lock) != 0) {
        const std::string command = holder(fd);
        ::close(fd);
        const bool sweep = command.empty() || command == "sweep";
        return make_error((command.empty() ? std::string("another balance process")
                                           : "another `balance " + command + "`") +
                              " is writing this database's games (shard " + shard.to_string() +
                              "); it would play the same games again. Wait for it to finish" +
                              (sweep ? ", or give each process its own part with --shard K/N" : ""),
                          db);
    }
    // Shared: shards of one sweep hold it side by side.
    struct flock mark = byte_lock(F_RDLCK, kWriterBase + static_cast<off_t>(writer), 1);
    (void)::fcntl(fd, F_OFD_SETLK, &mark);
    return ShardLock(fd);
}

std::string writing_command(const std::string& db) {
    const int fd = ::open(db.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return "";
    std::string command = holder(fd);
    ::close(fd);
    return command;
}

ShardLock::ShardLock(ShardLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

ShardLock::~ShardLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace balance::tournament
