#include "store_schema.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace balance::tournament {

namespace {

// Schema 1: runs and games.
constexpr const char* kCreateV1 = R"sql(
CREATE TABLE runs (
  run_id        INTEGER PRIMARY KEY,
  started_at    TEXT NOT NULL,
  finished_at   TEXT,
  sweep_name    TEXT NOT NULL,
  sweep_file    TEXT NOT NULL,
  config_json   TEXT NOT NULL,
  master_seed   INTEGER NOT NULL,
  git_revision  TEXT NOT NULL,
  engines_json  TEXT NOT NULL,
  host          TEXT NOT NULL,
  threads       INTEGER NOT NULL,
  shard         TEXT NOT NULL
);
CREATE TABLE games (
  game_key      TEXT PRIMARY KEY,
  run_id        INTEGER NOT NULL REFERENCES runs(run_id),
  sweep_name    TEXT NOT NULL,
  cell_key      TEXT NOT NULL,
  game_index    INTEGER NOT NULL,
  variant       TEXT NOT NULL,
  white_army    TEXT NOT NULL,
  black_army    TEXT NOT NULL,
  rules         TEXT NOT NULL,
  white_player  TEXT NOT NULL,
  black_player  TEXT NOT NULL,
  players_json  TEXT NOT NULL,
  seed          INTEGER NOT NULL,
  start_fen     TEXT NOT NULL,
  opening       TEXT NOT NULL,
  moves         TEXT NOT NULL,
  result        TEXT NOT NULL,
  white_score   REAL NOT NULL,
  termination   TEXT NOT NULL,
  plies         INTEGER NOT NULL,
  duration_ms   INTEGER NOT NULL,
  finished_at   TEXT NOT NULL,
  details_json  TEXT NOT NULL
);
CREATE INDEX games_cell ON games(cell_key);
)sql";

// Schema 1 -> 2: the rules every game was played under, and points. A new database is made by
// schema 1 and this step too, so new and migrated databases have exactly the same tables.
constexpr const char* kUpgradeToV2 = R"sql(
CREATE TABLE rule_specs (
  spec_hash     TEXT PRIMARY KEY,
  variant       TEXT NOT NULL,
  rules         TEXT NOT NULL,
  cell_rules    TEXT NOT NULL,
  spec_toml     TEXT NOT NULL,
  origin        TEXT NOT NULL,
  recorded_at   TEXT NOT NULL
);
CREATE TABLE run_rule_sets (
  run_id        INTEGER NOT NULL REFERENCES runs(run_id),
  rule_set      TEXT NOT NULL,
  spec_hash     TEXT NOT NULL REFERENCES rule_specs(spec_hash),
  PRIMARY KEY (run_id, rule_set)
);
ALTER TABLE games ADD COLUMN spec_hash TEXT REFERENCES rule_specs(spec_hash);
ALTER TABLE games ADD COLUMN white_points REAL;
ALTER TABLE games ADD COLUMN black_points REAL;
)sql";

// The schema version and whether any table exists, read in one statement: read apart, another
// process creating the schema in between (shards started together) made a new database look
// like someone else's (version 0, yet tables).
struct SchemaState {
    int version = 0;
    bool tables = false;
};

Result<SchemaState> schema_state(Database& db) {
    auto stmt = db.prepare(
        "SELECT (SELECT user_version FROM pragma_user_version), "
        "(SELECT count(*) FROM sqlite_master)");
    if (!stmt) return stmt.error();
    if (stmt->step() != SQLITE_ROW) return db.error("reading the schema");
    return SchemaState{static_cast<int>(stmt->integer(0)), stmt->integer(1) > 0};
}

Error unreadable_version(const Database& db, int version) {
    if (version > kSchemaVersion) {
        return make_error("results database has schema version " + std::to_string(version) +
                              ", written by a newer balance; this one reads versions " +
                              std::to_string(kOldestSchemaVersion) + " to " +
                              std::to_string(kSchemaVersion) + " (update balance to read it)",
                          db.file().string());
    }
    return make_error("results database has unknown schema version " + std::to_string(version) +
                          " (this balance reads versions " + std::to_string(kOldestSchemaVersion) +
                          " to " + std::to_string(kSchemaVersion) + ")",
                      db.file().string());
}

// SQLite's quick check of the whole file (pages, b-trees, records; not index contents): a
// damaged database is refused before anything is written to it, since SQLite would otherwise
// find the damage only where a later read happens to look, after the writer had changed it.
Result<void> check_sound(Database& db) {
    auto stmt = db.prepare("PRAGMA quick_check(1)");
    if (!stmt) return stmt.error();
    const int rc = stmt->step();
    std::string verdict = rc == SQLITE_ROW ? stmt->text(0) : sqlite3_errstr(rc);
    if (verdict == "ok") return {};
    std::replace(verdict.begin(), verdict.end(), '\n', ' ');
    return make_error("the results database is damaged (SQLite's quick_check: " + verdict +
                          "); nothing was written to it. Restore it from a copy or a checkpoint "
                          "(results/checkpoint.sh), or give another --db",
                      db.file().string());
}

// Switching to WAL needs the file to itself for a moment, and SQLite answers "database is
// locked" at once instead of waiting for it: a second process opening the same new database at
// that moment (shards started together) tries again for up to ten seconds.
Result<void> switch_to_wal(Database& db) {
    for (int attempt = 0;; ++attempt) {
        auto switched = db.exec("PRAGMA journal_mode=WAL");
        if (switched || !db.busy() || attempt >= 400) return switched;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
}

Result<void> set_version(Database& db, int version) {
    return db.exec(("PRAGMA user_version = " + std::to_string(version)).c_str());
}

// Fills rule_specs from the configs on disk for every (variant, rules) the games name, and points
// every game at its spec. Cell keys stay as they are (cell_rules = rules).
Result<void> migrate_specs(Database& db, const SpecResolver& resolver) {
    auto groups = db.prepare("SELECT DISTINCT variant, rules FROM games ORDER BY variant, rules");
    if (!groups) return groups.error();
    std::vector<std::pair<std::string, std::string>> found;
    int rc;
    while ((rc = groups->step()) == SQLITE_ROW)
        found.emplace_back(groups->text(0), groups->text(1));
    if (rc != SQLITE_DONE) return db.error("reading the stored rule sets");
    const std::string now = utc_now();
    for (const auto& [variant, rules] : found) {
        auto text = resolver(variant, rules);
        if (!text) {
            return make_error("cannot migrate to schema version " + std::to_string(kSchemaVersion) +
                                  ": the rules of variant '" + variant + "' with rules '" + rules +
                                  "' cannot be loaded from the configs on disk (" +
                                  text.error().to_string() +
                                  "); read-only commands (report, values, export, sprt) still "
                                  "read this database as it is",
                              db.file().string());
        }
        const std::string hash = spec_hash(*text);
        if (auto inserted = db.exec_with(
                "INSERT OR IGNORE INTO rule_specs (spec_hash, variant, rules, cell_rules, "
                "spec_toml, origin, recorded_at) VALUES (?1, ?2, ?3, ?3, ?4, 'migrated', ?5)",
                "recording migrated rules", hash, variant, rules, *text, now);
            !inserted)
            return inserted;
        if (auto updated =
                db.exec_with("UPDATE games SET spec_hash = ?1 WHERE variant = ?2 AND rules = ?3",
                             "pointing games at their rules", hash, variant, rules);
            !updated)
            return updated;
    }
    return {};
}

Result<void> upgrade_to_v2(Database& db, const SpecResolver& resolver) {
    if (auto r = db.exec(kUpgradeToV2); !r) return r;
    if (resolver) {
        if (auto r = migrate_specs(db, resolver); !r) return r;
    }
    return set_version(db, 2);
}

}  // namespace

Result<int> check_schema(Database& db) {
    auto state = schema_state(db);
    if (!state) return state.error();
    const int version = state->version;
    if (version >= kOldestSchemaVersion && version <= kSchemaVersion) return version;
    if (version == 0) {
        // No tables yet (a file made with `touch`, or a sweep killed before it wrote its schema):
        // an empty database, which holds no games and becomes a new one when written.
        if (!state->tables) return kEmptyDatabase;
        return make_error("not a balance results database (no schema version)", db.file().string());
    }
    return unreadable_version(db, version);
}

Result<int> prepare_schema(Database& db, const SpecResolver& resolver) {
    // Nothing is written to a file before it is known to be ours (or empty) and writable by this
    // balance: journal_mode=WAL would convert someone else's database for good even though it is
    // then refused.
    {
        auto state = schema_state(db);
        if (!state) return state.error();
        const int version = state->version;
        if (version != 0 && (version < kOldestSchemaVersion || version > kSchemaVersion))
            return unreadable_version(db, version);
        if (version == 1 && !resolver) {
            return make_error(
                "results database has schema version 1; writing to it needs a migration to "
                "version " +
                    std::to_string(kSchemaVersion) + ", which needs the variant configs",
                db.file().string());
        }
        if (version == 0 && state->tables)
            return make_error("not a balance results database (it holds other tables)",
                              db.file().string());
        if (state->tables) {
            if (auto sound = check_sound(db); !sound) return sound.error();
        }
    }
    // WAL: readers (reports) never block the writer; FULL: a committed game survives power loss.
    if (auto r = switch_to_wal(db); !r) return r.error();
    if (auto r = db.exec("PRAGMA synchronous=FULL"); !r) return r.error();
    if (auto r = db.exec("PRAGMA foreign_keys=ON"); !r) return r.error();
    // IMMEDIATE: two processes creating (or migrating) the same database cannot both do it.
    if (auto r = db.exec("BEGIN IMMEDIATE"); !r) return r.error();
    auto finish = [&](Result<void> result) -> Result<int> {
        if (auto r = db.exec(result ? "COMMIT" : "ROLLBACK"); !r && result) return r.error();
        if (!result) return result.error();
        return kSchemaVersion;
    };
    auto state = schema_state(db);
    if (!state) return finish(state.error());
    const int version = state->version;
    if (version == kSchemaVersion) return finish({});
    if (version == 1) {
        if (!resolver) {
            return finish(make_error(
                "results database has schema version 1; writing to it needs a migration to "
                "version " +
                    std::to_string(kSchemaVersion) + ", which needs the variant configs",
                db.file().string()));
        }
        return finish(upgrade_to_v2(db, resolver));
    }
    if (version != 0) return finish(unreadable_version(db, version));
    if (state->tables) {
        return finish(make_error("not a balance results database (it holds other tables)",
                                 db.file().string()));
    }
    if (auto r = db.exec(kCreateV1); !r) return finish(r);
    return finish(upgrade_to_v2(db, {}));
}

}  // namespace balance::tournament
