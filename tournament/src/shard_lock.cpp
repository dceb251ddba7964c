#include "balance/tournament/shard_lock.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <utility>

namespace balance::tournament {

Result<ShardLock> ShardLock::take(const std::string& db, const Shard& shard) {
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
        return make_error("another `balance sweep` is writing this database's games (shard " +
                              shard.to_string() +
                              "); it would play the same games again. Wait for it to finish, or "
                              "give each process its own part with --shard K/N",
                          db);
    }
    return ShardLock(fd);
}

ShardLock::ShardLock(ShardLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

ShardLock::~ShardLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace balance::tournament
