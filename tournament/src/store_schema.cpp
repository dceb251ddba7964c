#include "store_schema.hpp"

#include <string>

#include "balance/tournament/store.hpp"

namespace balance::tournament {

namespace {

constexpr const char* kCreate = R"sql(
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

Result<int> user_version(Database& db) {
    auto stmt = db.prepare("PRAGMA user_version");
    if (!stmt) return stmt.error();
    if (stmt->step() != SQLITE_ROW) return db.error("reading user_version");
    return static_cast<int>(stmt->integer(0));
}

Result<bool> has_tables(Database& db) {
    auto stmt = db.prepare("SELECT count(*) FROM sqlite_master");
    if (!stmt) return stmt.error();
    if (stmt->step() != SQLITE_ROW) return db.error("reading the schema");
    return stmt->integer(0) > 0;
}

Error wrong_version(const Database& db, int version) {
    return make_error("results database has schema version " + std::to_string(version) +
                          ", this balance reads version " + std::to_string(kSchemaVersion),
                      db.file().string());
}

}  // namespace

Result<void> check_schema(Database& db) {
    auto version = user_version(db);
    if (!version) return version.error();
    if (*version == kSchemaVersion) return {};
    if (*version == 0) {
        return make_error("not a balance results database (no schema version)", db.file().string());
    }
    return wrong_version(db, *version);
}

Result<void> prepare_schema(Database& db) {
    // Nothing is written to a file before it is known to be ours or empty: journal_mode=WAL
    // would convert someone else's database for good even though it is then refused.
    {
        auto version = user_version(db);
        if (!version) return version.error();
        if (*version != 0 && *version != kSchemaVersion) return wrong_version(db, *version);
        auto tables = has_tables(db);
        if (!tables) return tables.error();
        if (*version == 0 && *tables)
            return make_error("not a balance results database (it holds other tables)",
                              db.file().string());
    }
    // WAL: readers (reports) never block the writer; FULL: a committed game survives power loss.
    if (auto r = db.exec("PRAGMA journal_mode=WAL"); !r) return r;
    if (auto r = db.exec("PRAGMA synchronous=FULL"); !r) return r;
    if (auto r = db.exec("PRAGMA foreign_keys=ON"); !r) return r;
    // IMMEDIATE: two processes creating the same new database cannot both create the tables.
    if (auto r = db.exec("BEGIN IMMEDIATE"); !r) return r;
    auto finish = [&](Result<void> result) -> Result<void> {
        if (auto r = db.exec(result ? "COMMIT" : "ROLLBACK"); !r && result) return r;
        return result;
    };
    auto version = user_version(db);
    if (!version) return finish(version.error());
    if (*version != 0)
        return finish(*version == kSchemaVersion ? Result<void>() : wrong_version(db, *version));
    auto tables = has_tables(db);
    if (!tables) return finish(tables.error());
    if (*tables) {
        return finish(make_error("not a balance results database (it holds other tables)",
                                 db.file().string()));
    }
    if (auto r = db.exec(kCreate); !r) return finish(r);
    return finish(db.exec(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str()));
}

}  // namespace balance::tournament
