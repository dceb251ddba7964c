#include "balance/runs/run_store.hpp"

#include <utility>

#include "balance/config/variant_loader.hpp"

namespace balance::runs {

Result<std::optional<RunStore>> open_run_store(const std::string& db, bool read_only,
                                               tournament::Writer writer) {
    if (read_only) {
        auto exists = tournament::database_exists(db);
        if (!exists) return exists.error();
        if (!*exists) return std::optional<RunStore>{};
        auto store = tournament::ResultStore::open_existing(db);
        if (!store) return store.error();
        std::optional<RunStore> out;
        out.emplace(RunStore{std::move(*store), std::nullopt});
        return out;
    }
    auto store = tournament::ResultStore::open(db, config::spec_text_from_configs);
    if (!store) return store.error();
    auto lock = tournament::ShardLock::take(db, tournament::Shard{}, writer);
    if (!lock) return lock.error();
    std::optional<RunStore> out;
    out.emplace(RunStore{std::move(*store), std::nullopt});
    out->lock.emplace(std::move(*lock));
    return out;
}

Result<RunStore> open_run_store(const std::string& db, bool read_only, tournament::Writer writer,
                                const std::string& what) {
    auto opened = open_run_store(db, read_only, writer);
    if (!opened) return opened.error();
    if (!*opened)
        return make_error("no such database: nothing of this " + what + " is stored yet", db);
    return std::move(**opened);
}

}  // namespace balance::runs
