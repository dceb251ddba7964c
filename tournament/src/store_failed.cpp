// The `failed_games` table: attempts at games that an unavailable engine kept from being played.
// Additive to the schema: created on the first failed attempt (CREATE TABLE IF NOT EXISTS), read
// as empty when absent, so older databases and readers are unaffected and `games` keeps only
// results.

#include "balance/tournament/store.hpp"
#include "sqlite_database.hpp"

namespace balance::tournament {

namespace {

constexpr const char* kCreateFailed = R"sql(
CREATE TABLE IF NOT EXISTS failed_games (
  attempt_id    INTEGER PRIMARY KEY,
  game_key      TEXT NOT NULL,
  run_id        INTEGER NOT NULL REFERENCES runs(run_id),
  cell_key      TEXT NOT NULL,
  player        TEXT NOT NULL,
  side          TEXT NOT NULL,
  status        TEXT NOT NULL,
  detail        TEXT NOT NULL,
  failed_at     TEXT NOT NULL
);
)sql";

Result<bool> has_failed_table(Database& db) {
    auto stmt = db.prepare(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = "
        "'failed_games'");
    if (!stmt) return stmt.error();
    if (stmt->step() != SQLITE_ROW) return db.error("reading the schema");
    return stmt->integer(0) > 0;
}

}  // namespace

Result<void> ResultStore::insert_failed_game(const FailedGameRow& row) {
    if (auto created = db_->exec(kCreateFailed); !created) return created;
    return db_->exec_with(
        "INSERT INTO failed_games (game_key, run_id, cell_key, player, side, status, detail, "
        "failed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        "recording failed game " + row.game_key, row.game_key, row.run_id, row.cell_key, row.player,
        row.side, row.status, row.detail, row.failed_at);
}

Result<std::vector<FailedGameCount>> ResultStore::failed_game_counts() const {
    auto exists = has_failed_table(*db_);
    if (!exists) return exists.error();
    if (!*exists) return std::vector<FailedGameCount>{};
    auto stmt = db_->prepare(
        "SELECT player, status, count(*), count(DISTINCT CASE WHEN game_key NOT IN "
        "(SELECT game_key FROM games) THEN game_key END) FROM failed_games GROUP BY player, "
        "status ORDER BY player, status");
    if (!stmt) return stmt.error();
    std::vector<FailedGameCount> out;
    int rc;
    while ((rc = stmt->step()) == SQLITE_ROW) {
        out.push_back(
            FailedGameCount{stmt->text(0), stmt->text(1), stmt->integer(2), stmt->integer(3)});
    }
    if (rc != SQLITE_DONE) return db_->error("reading the failed games");
    return out;
}

Result<std::vector<FailedGameRow>> ResultStore::failed_games() const {
    auto exists = has_failed_table(*db_);
    if (!exists) return exists.error();
    if (!*exists) return std::vector<FailedGameRow>{};
    auto stmt = db_->prepare(
        "SELECT game_key, run_id, cell_key, player, side, status, detail, failed_at FROM "
        "failed_games ORDER BY attempt_id");
    if (!stmt) return stmt.error();
    std::vector<FailedGameRow> out;
    int rc;
    while ((rc = stmt->step()) == SQLITE_ROW) {
        out.push_back(FailedGameRow{stmt->text(0), stmt->integer(1), stmt->text(2), stmt->text(3),
                                    stmt->text(4), stmt->text(5), stmt->text(6), stmt->text(7)});
    }
    if (rc != SQLITE_DONE) return db_->error("reading the failed games");
    return out;
}

}  // namespace balance::tournament
