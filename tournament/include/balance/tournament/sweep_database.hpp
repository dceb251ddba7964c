#pragma once
// The database side of a sweep run, from opening to the last game: what `balance sweep` holds
// while it plays. Opening checks, in this order, that a database to resume exists, that it holds
// this configuration of the sweep (read-only, before a writer touches its bytes), takes the
// shard's lock, matches the stored rule specs to the rule sets, and routes external engines'
// stderr into <db>.logs/. A run that fails before storing a game leaves nothing behind.

#include <cstdint>
#include <optional>
#include <string>

#include "balance/core/error.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/plan.hpp"
#include "balance/tournament/rule_specs.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "balance/tournament/store.hpp"

namespace balance::tournament {

struct DatabaseOptions {
    Shard shard;
    bool resume = false;    // the database must exist already
    bool force = false;     // add to a database that holds another configuration of the sweep
    SpecResolver resolver;  // fills in the rules of a schema-1 database being migrated
    SpecDiff diff;          // names what changed in rules refused on resume
    // The cap of each external engine's stderr log, in MB (0: none).
    std::uint64_t engine_log_mb = players::external::kDefaultStderrLogMaxBytes >> 20;
};

class SweepDatabase {
  public:
    // Opens (creating it when missing) `db` for `open`'s games, as the header says; sets each
    // external player's stderr log in `open.sweep`.
    [[nodiscard]] static Result<SweepDatabase> open(OpenSweep& open, const std::string& db,
                                                    const DatabaseOptions& options);

    [[nodiscard]] ResultStore& store() { return *store_; }

    // When this run created the database (or its log directory) and no game is stored: removes
    // them (a log that holds what an engine said is kept), so a sweep that cannot start leaves
    // nothing. Called after a failed run; the store is closed afterwards.
    void discard_if_empty();

  private:
    SweepDatabase(std::string db, bool db_created, bool logs_created)
        : db_(std::move(db)), db_created_(db_created), logs_created_(logs_created) {}

    std::string db_;
    bool db_created_ = false;
    bool logs_created_ = false;
    std::optional<ResultStore> store_;
    std::optional<ShardLock> lock_;
};

}  // namespace balance::tournament
