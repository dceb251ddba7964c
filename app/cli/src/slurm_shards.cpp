#include "slurm_shards.hpp"

#include <algorithm>
#include <charconv>
#include <unordered_set>

#include <sqlite3.h>

#include "balance/tournament/plan.hpp"
#include "balance/tournament/store.hpp"

namespace balance::cli {

namespace fs = std::filesystem;

namespace {

// Reads the leading decimal number of `text` into `value`; returns the rest.
std::string_view read_int(std::string_view text, int& value) {
    const auto parsed = std::from_chars(text.data(), text.data() + text.size(), value);
    if (parsed.ec != std::errc{} || parsed.ptr == text.data()) return {};
    return text.substr(static_cast<std::size_t>(parsed.ptr - text.data()));
}

// "shard-K-of-N.<attempt>.db" -> K, N.
bool parse_shard_name(const std::string& name, ShardFile& shard) {
    std::string_view rest = name;
    if (!rest.starts_with("shard-") || !rest.ends_with(".db")) return false;
    rest = read_int(rest.substr(6), shard.index);
    if (!rest.starts_with("-of-")) return false;
    rest = read_int(rest.substr(4), shard.count);
    // ".<attempt>.db", the attempt not empty
    return rest.size() > 4 && rest.starts_with(".") && shard.index >= 1 &&
           shard.index <= shard.count;
}

}  // namespace

std::vector<ShardFile> list_shard_files(const fs::path& dir) {
    std::vector<ShardFile> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        ShardFile shard;
        if (entry.is_regular_file(ec) &&
            parse_shard_name(entry.path().filename().string(), shard)) {
            shard.file = entry.path();
            files.push_back(std::move(shard));
        }
    }
    std::sort(files.begin(), files.end(),
              [](const ShardFile& a, const ShardFile& b) { return a.file < b.file; });
    return files;
}

namespace {

// VACUUM INTO: a consistent snapshot of `from` in a new file, in rollback-journal mode (readers
// of the copy on a network filesystem then need no WAL shared memory). Plain SQLite on the file:
// this copies a file, it reads nothing of the schema.
Result<void> snapshot(const fs::path& from, const fs::path& to) {
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(from.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
        Error error = make_error(std::string("cannot open: ") + sqlite3_errmsg(db), from.string());
        sqlite3_close(db);
        return error;
    }
    sqlite3_busy_timeout(db, 30'000);
    sqlite3_stmt* stmt = nullptr;
    const std::string target = to.string();
    int rc = sqlite3_prepare_v2(db, "VACUUM INTO ?", -1, &stmt, nullptr);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, target.c_str(), -1, SQLITE_TRANSIENT);
        rc = sqlite3_step(stmt);
    }
    Result<void> result;
    if (rc != SQLITE_DONE) {
        result = make_error(std::string("cannot copy to ") + target + ": " + sqlite3_errmsg(db),
                            from.string());
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return result;
}

}  // namespace

Result<void> copy_back_shard(const fs::path& from, const fs::path& to) {
    {
        // A results database (checked), opened read-write: recovers the games of a sweep that
        // was killed before it could checkpoint its write-ahead log.
        auto store = tournament::ResultStore::open(from);
        if (!store) return store.error();
    }
    const fs::path temporary = to.parent_path() / ("." + to.filename().string() + ".tmp");
    std::error_code ec;
    fs::remove(temporary, ec);
    if (auto copied = snapshot(from, temporary); !copied) {
        fs::remove(temporary, ec);
        return copied.error();
    }
    fs::rename(temporary, to, ec);
    if (ec) {
        fs::remove(temporary, ec);
        return make_error("cannot rename the copy into place: " + ec.message(), to.string());
    }
    return {};
}

Result<std::vector<ShardProgress>> shard_progress(const tournament::Sweep& sweep, int tasks,
                                                  const std::vector<fs::path>& databases) {
    std::unordered_set<std::string> stored;
    for (const auto& file : databases) {
        std::error_code ec;
        if (!fs::exists(file, ec)) continue;
        auto store = tournament::ResultStore::open_existing(file);
        if (!store) return store.error();
        auto scores = store->scores();
        if (!scores) return scores.error();
        for (auto& [key, score] : *scores) stored.insert(std::move(key));
    }
    std::vector<ShardProgress> shards(static_cast<std::size_t>(tasks));
    for (int k = 0; k < tasks; ++k) shards[static_cast<std::size_t>(k)].index = k + 1;
    const auto cells = tournament::make_cells(sweep);
    const std::vector<int> counts(cells.size(), sweep.games_per_cell);
    for (const auto& game : tournament::plan_games(sweep, cells, counts)) {
        // Shard::contains is the one definition of a game's shard (tasks x games checks: fine
        // for arrays of hundreds of tasks).
        for (auto& shard : shards) {
            if (!tournament::Shard{shard.index, tasks}.contains(game.key)) continue;
            ++shard.planned;
            if (!stored.contains(game.key)) ++shard.missing;
            break;
        }
    }
    return shards;
}

std::string array_list(const std::vector<ShardProgress>& shards) {
    std::string list;
    std::size_t i = 0;
    while (i < shards.size()) {
        if (shards[i].missing == 0) {
            ++i;
            continue;
        }
        std::size_t last = i;
        while (last + 1 < shards.size() && shards[last + 1].missing > 0 &&
               shards[last + 1].index == shards[last].index + 1)
            ++last;
        if (!list.empty()) list += ',';
        list += std::to_string(shards[i].index);
        if (last > i) list += '-' + std::to_string(shards[last].index);
        i = last + 1;
    }
    return list;
}

}  // namespace balance::cli
