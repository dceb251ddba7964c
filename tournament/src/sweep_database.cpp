#include "balance/tournament/sweep_database.hpp"

#include <filesystem>
#include <system_error>
#include <utility>

#include "balance/tournament/runner.hpp"
#include "balance/tournament/sweep_json.hpp"

namespace balance::tournament {

namespace {

// External engines' stderr goes to <db>.logs/<player>.stderr, so what an engine said before it
// crashed or lied is still there in the morning; each log holds at most `max_mb` MB (0: no
// limit), so an engine that floods stderr cannot fill the disk.
Result<void> route_engine_stderr(Sweep& sweep, const std::string& db, std::uint64_t max_mb) {
    const std::filesystem::path logs = db + ".logs";
    for (auto& player : sweep.players) {
        if (!is_external(player.kind)) continue;
        std::error_code error;
        std::filesystem::create_directories(logs, error);
        if (error)
            return make_error("cannot create the engine log directory: " + error.message(),
                              logs.string());
        player.external.stderr_log = (logs / (player.name + ".stderr")).string();
        player.external.stderr_log_max_bytes = max_mb << 20;
    }
    return {};
}

bool has_content(const std::filesystem::path& dir) {
    std::error_code error;
    for (std::filesystem::directory_iterator it(dir, error), end; !error && it != end;
         it.increment(error)) {
        if (it->is_regular_file(error) && it->file_size(error) > 0) return true;
    }
    return false;
}

}  // namespace

Result<SweepDatabase> SweepDatabase::open(OpenSweep& open, const std::string& db,
                                          const DatabaseOptions& options) {
    const auto exists = database_exists(db);
    if (!exists) return exists.error();
    if (options.resume && !*exists) return make_error("nothing to resume: no such database", db);
    const std::string config = config_json(open.sweep);
    if (!options.force && *exists) {
        auto existing = ResultStore::open_existing(db);
        if (!existing) return existing.error();
        if (auto same = check_same_sweep(*existing, config); !same) return same.error();
    }
    std::error_code error;
    SweepDatabase database(db, !*exists, !std::filesystem::exists(db + ".logs", error));
    auto store = ResultStore::open(db, options.resolver);
    if (!store) return store.error();
    database.store_ = std::move(*store);
    if (!options.force) {
        if (auto same = check_same_sweep(*database.store_, config); !same) return same.error();
    }
    // No clean-up when the lock is taken: the other process may have created the files.
    auto lock = ShardLock::take(db, options.shard);
    if (!lock) return lock.error();
    database.lock_.emplace(std::move(*lock));
    // The rules each rule set is played under against those its stored games were played under.
    if (auto cells = assign_spec_cells(open.sweep, *database.store_, options.force, options.diff);
        !cells)
        return cells.error();
    if (auto logs = route_engine_stderr(open.sweep, db, options.engine_log_mb); !logs) {
        database.discard_if_empty();
        return logs.error();
    }
    return database;
}

void SweepDatabase::discard_if_empty() {
    if (!store_) return;
    auto scores = store_->scores();
    if (!scores || !scores->empty()) return;
    store_.reset();  // closes the connection
    std::error_code error;
    if (db_created_) {
        for (const char* suffix : {"", "-wal", "-shm", "-journal"})
            std::filesystem::remove(db_ + suffix, error);
    }
    // An engine log that holds what the engine said when it failed is kept.
    if (logs_created_ && !has_content(db_ + ".logs"))
        std::filesystem::remove_all(db_ + ".logs", error);
}

}  // namespace balance::tournament
