#pragma once
// One playing process per shard of a database: two processes on the same games would both play
// every game (the primary key keeps one copy, the work is done twice).

#include <string>

#include "balance/core/error.hpp"
#include "balance/tournament/plan.hpp"

namespace balance::tournament {

// An open-file-description lock on one byte of the database file per shard (far above the bytes
// SQLite locks, which end at 1 GiB + 512): shard K/N takes byte base+K, an unsharded run takes
// every shard's byte. Shards K/N and J/N (K != J) share a database; the lock goes when the
// process ends, however it ends.
//
// The command that holds a lock also holds a shared lock on a byte of its own (one per kind of
// writer), so that a process refused names the command in its way.
enum class Writer { Sweep, Fix, Calibrate, Tune };

class ShardLock {
  public:
    [[nodiscard]] static Result<ShardLock> take(const std::string& db, const Shard& shard,
                                                Writer writer = Writer::Sweep);
    ShardLock(ShardLock&& other) noexcept;
    ShardLock& operator=(ShardLock&&) = delete;
    ShardLock(const ShardLock&) = delete;
    ~ShardLock();

  private:
    explicit ShardLock(int fd) : fd_(fd) {}
    int fd_;
};

// The command ("sweep", "fix", "calibrate") of a process writing `db` now, read from the locks
// alone (the file is opened read-only, nothing is taken); "" when none writes it or the file
// cannot be opened.
[[nodiscard]] std::string writing_command(const std::string& db);

}  // namespace balance::tournament
