#pragma once
// The database of a command that plays (`fix`, `calibrate`): opened for writing with the lock
// that keeps a second writer out, or with --status (theirs and `sweep`'s) read as it is, without
// the lock, beside a process that may be playing into it.

#include <optional>
#include <string>

#include "balance/core/error.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "balance/tournament/store.hpp"

namespace balance::runs {

struct RunStore {
    tournament::ResultStore store;
    std::optional<tournament::ShardLock> lock;  // none when read only
};

// Opens `db` (creating it) and takes its lock as `writer`; read only: as it is, and empty when
// `db` does not exist.
[[nodiscard]] Result<std::optional<RunStore>> open_run_store(const std::string& db, bool read_only,
                                                             tournament::Writer writer);

// The same, where a missing database read only is an error: "no such database: nothing of this
// <what> is stored yet", naming `db`.
[[nodiscard]] Result<RunStore> open_run_store(const std::string& db, bool read_only,
                                              tournament::Writer writer, const std::string& what);

}  // namespace balance::runs
