#include "balance/tournament/store.hpp"

#include <cstdio>
#include <ctime>
#include <limits>
#include <system_error>
#include <utility>

#include "balance/core/debug_assert.hpp"
#include "balance/tournament/game_order.hpp"
#include "balance/tournament/seeds.hpp"
#include "sqlite_database.hpp"
#include "store_schema.hpp"

namespace balance::tournament {

namespace {

constexpr const char* kGameColumns =
    "game_key, run_id, sweep_name, cell_key, game_index, variant, white_army, black_army, rules, "
    "white_player, black_player, players_json, seed, start_fen, opening, moves, result, "
    "white_score, termination, plies, duration_ms, finished_at, details_json, white_points, "
    "black_points, spec_hash";
// Schema 1 has no points and no rules: read as NULL, NULL and "".
constexpr const char* kGameColumnsV1 =
    "game_key, run_id, sweep_name, cell_key, game_index, variant, white_army, black_army, rules, "
    "white_player, black_player, players_json, seed, start_fen, opening, moves, result, "
    "white_score, termination, plies, duration_ms, finished_at, details_json, NULL, NULL, ''";

constexpr const char* kSpecColumns =
    "spec_hash, variant, rules, cell_rules, spec_toml, origin, recorded_at";

constexpr const char* kRunColumns =
    "run_id, started_at, finished_at, sweep_name, sweep_file, config_json, master_seed, "
    "git_revision, engines_json, host, threads, shard";

constexpr int kGameColumnCount = 26;  // in both lists above, bound and read in this order

void bind_game(Statement& s, const GameRow& g) {
    BALANCE_ASSERT(s.parameters() == kGameColumnCount);
    s.bind_all(g.game_key, g.run_id, g.sweep_name, g.cell_key, std::int64_t{g.game_index},
               g.variant, g.white_army, g.black_army, g.rules, g.white_player, g.black_player,
               g.players_json, static_cast<std::int64_t>(g.seed), g.start_fen, g.opening, g.moves,
               g.result, g.white_score, g.termination, std::int64_t{g.plies}, g.duration_ms,
               g.finished_at, g.details_json, g.white_points, g.black_points, g.spec_hash);
}

// A row without its long text (start_fen, opening, moves, details_json: read_text).
GameRow read_game_fields(const Statement& s) {
    BALANCE_ASSERT(s.columns() == kGameColumnCount);
    GameRow g;
    g.game_key = s.text(0);
    g.run_id = s.integer(1);
    g.sweep_name = s.text(2);
    g.cell_key = s.text(3);
    g.game_index = static_cast<int>(s.integer(4));
    g.variant = s.text(5);
    g.white_army = s.text(6);
    g.black_army = s.text(7);
    g.rules = s.text(8);
    g.white_player = s.text(9);
    g.black_player = s.text(10);
    g.players_json = s.text(11);
    g.seed = static_cast<std::uint64_t>(s.integer(12));
    g.result = s.text(16);
    g.white_score = s.real(17);
    g.termination = s.text(18);
    g.plies = static_cast<int>(s.integer(19));
    g.duration_ms = s.integer(20);
    g.finished_at = s.text(21);
    g.white_points = s.optional_real(23);
    g.black_points = s.optional_real(24);
    g.spec_hash = s.text(25);
    return g;
}

PlayedText read_text(const Statement& s) {
    return PlayedText{s.text_view(13), s.text_view(14), s.text_view(15), s.text_view(22)};
}

GameRow read_game(const Statement& s) {
    GameRow g = read_game_fields(s);
    const PlayedText text = read_text(s);
    g.start_fen = text.start_fen;
    g.opening = text.opening;
    g.moves = text.moves;
    g.details_json = text.details_json;
    return g;
}

RunRow read_run(const Statement& s) {
    RunRow r;
    r.run_id = s.integer(0);
    r.started_at = s.text(1);
    r.finished_at = s.optional_text(2);
    r.sweep_name = s.text(3);
    r.sweep_file = s.text(4);
    r.config_json = s.text(5);
    r.master_seed = static_cast<std::uint64_t>(s.integer(6));
    r.git_revision = s.text(7);
    r.engines_json = s.text(8);
    r.host = s.text(9);
    r.threads = static_cast<int>(s.integer(10));
    r.shard = s.text(11);
    return r;
}

RuleSpecRow read_spec(const Statement& s) {
    return RuleSpecRow{s.text(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5), s.text(6)};
}

// Runs `sql` and collects one value per row with `read`.
template <class T, class Read>
Result<std::vector<T>> collect(Database& db, Statement& stmt, Read read) {
    std::vector<T> out;
    int rc;
    while ((rc = stmt.step()) == SQLITE_ROW) out.push_back(read(stmt));
    if (rc != SQLITE_DONE) return db.error("reading the results");
    return out;
}

}  // namespace

ResultStore::ResultStore(std::unique_ptr<Database> db, std::filesystem::path file, int version)
    : db_(std::move(db)), file_(std::move(file)), version_(version) {}
ResultStore::ResultStore(ResultStore&&) noexcept = default;
ResultStore& ResultStore::operator=(ResultStore&&) noexcept = default;
// A writer leaves the database in rollback-journal mode, so that it is one self-contained file
// any reader can open read-only, also where it cannot create -wal/-shm files (a read-only
// directory or medium). Best effort: while another connection is open (a second shard, a
// report) the switch fails at once and the database stays in WAL until the last writer closes.
ResultStore::~ResultStore() {
    if (!db_ || db_->read_only()) return;
    db_->set_busy_timeout(0);
    (void)db_->exec("PRAGMA journal_mode=DELETE");
}

Result<ResultStore> ResultStore::open(const std::filesystem::path& file,
                                      const SpecResolver& resolver) {
    // A directory, named as one (SQLite says only "unable to open database file").
    if (auto exists = database_exists(file); !exists) return exists.error();
    std::error_code ec;
    if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ec);
    auto db = Database::open(file, Database::Mode::Create);
    if (!db) return db.error();
    auto version = prepare_schema(**db, resolver);
    if (!version) return version.error();
    return ResultStore(std::move(*db), file, *version);
}

Result<bool> database_exists(const std::filesystem::path& file) {
    std::error_code ec;
    const bool exists = std::filesystem::exists(file, ec);
    if (ec)
        return make_error("cannot use this path for a database: " + ec.message(), file.string());
    // SQLite would say "disk I/O error" (writing) or nothing useful (reading).
    if (exists && std::filesystem::is_directory(file, ec))
        return make_error("is a directory, not a results database file", file.string());
    // A FIFO would block SQLite's open until a writer came (forever, usually), and a device or
    // socket is no file SQLite can lock: only a regular file (or a link to one) is a database.
    if (exists && !std::filesystem::is_regular_file(file, ec))
        return make_error(
            "is not a regular file (a FIFO, device or socket), not a results database file",
            file.string());
    return exists;
}

Result<ResultStore> ResultStore::open_existing(const std::filesystem::path& file) {
    auto exists = database_exists(file);
    if (!exists) return exists.error();
    if (!*exists) return make_error("no such database", file.string());
    auto db = Database::open(file, Database::Mode::ReadOnly);
    if (!db) return db.error();
    auto version = check_schema(**db);
    if (!version) return version.error();
    return ResultStore(std::move(*db), file, *version);
}

Result<std::vector<RunRow>> ResultStore::runs() const {
    if (version_ == kEmptyDatabase) return std::vector<RunRow>{};
    auto stmt = db_->prepare(std::string("SELECT ") + kRunColumns + " FROM runs ORDER BY run_id");
    if (!stmt) return stmt.error();
    return collect<RunRow>(*db_, *stmt, read_run);
}

Result<std::int64_t> ResultStore::begin_run(const RunRow& r) {
    const auto run_id = r.run_id > 0 ? std::optional<std::int64_t>(r.run_id) : std::nullopt;
    if (auto done = db_->exec_with(
            std::string("INSERT INTO runs (") + kRunColumns +
                ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            "recording the run", run_id, r.started_at, r.finished_at, r.sweep_name, r.sweep_file,
            r.config_json, static_cast<std::int64_t>(r.master_seed), r.git_revision, r.engines_json,
            r.host, std::int64_t{r.threads}, r.shard);
        !done)
        return done.error();
    return db_->last_insert_rowid();
}

Result<void> ResultStore::finish_run(std::int64_t run_id, const std::string& finished_at) {
    return db_->exec_with("UPDATE runs SET finished_at = ?1 WHERE run_id = ?2", "finishing the run",
                          finished_at, run_id);
}

Result<bool> ResultStore::insert_game(const GameRow& row) {
    if (!(row.white_score >= 0.0 && row.white_score <= 1.0)) {
        return make_error("game " + row.game_key + " has white_score " +
                              std::to_string(row.white_score) + ", outside [0, 1]",
                          file_.string());
    }
    if (row.spec_hash.empty())
        return make_error("game " + row.game_key + " names no rules (spec_hash)", file_.string());
    // A plain INSERT in autocommit mode is one transaction; the primary key rejects a second copy.
    auto stmt = db_->prepare(std::string("INSERT INTO games (") + kGameColumns +
                             ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, "
                             "?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26)");
    if (!stmt) return stmt.error();
    bind_game(*stmt, row);
    const int rc = stmt->step();
    if (rc == SQLITE_DONE) return true;
    if (rc == SQLITE_CONSTRAINT_PRIMARYKEY) return false;
    return db_->error("storing game " + row.game_key);
}

Result<std::optional<GameRow>> ResultStore::game(const std::string& key) const {
    if (version_ == kEmptyDatabase) return std::optional<GameRow>();
    auto stmt =
        db_->prepare(std::string("SELECT ") + game_columns() + " FROM games WHERE game_key = ?1");
    if (!stmt) return stmt.error();
    stmt->bind(1, key);
    auto rows = collect<GameRow>(*db_, *stmt, read_game);
    if (!rows) return rows.error();
    if (rows->empty()) return std::optional<GameRow>();
    return std::optional<GameRow>(std::move(rows->front()));
}

Result<void> ResultStore::begin_batch() {
    return db_->exec("BEGIN IMMEDIATE");
}
Result<void> ResultStore::commit_batch() {
    return db_->exec("COMMIT");
}

Result<std::vector<std::pair<std::string, double>>> ResultStore::scores() const {
    if (version_ == kEmptyDatabase) return std::vector<std::pair<std::string, double>>{};
    auto stmt = db_->prepare("SELECT game_key, white_score FROM games");
    if (!stmt) return stmt.error();
    return collect<std::pair<std::string, double>>(*db_, *stmt, [](const Statement& s) {
        return std::pair<std::string, double>(s.text(0), s.real(1));
    });
}

Result<std::vector<CellFailureCount>> ResultStore::failure_counts() const {
    if (version_ == kEmptyDatabase) return std::vector<CellFailureCount>{};
    auto stmt = db_->prepare(
        "SELECT cell_key, COUNT(*), SUM(termination LIKE 'white-%'), "
        "SUM(termination LIKE 'black-%'), "
        "MIN(CASE WHEN termination LIKE 'white-%' OR termination LIKE 'black-%' "
        "THEN details_json END) FROM games GROUP BY cell_key ORDER BY cell_key");
    if (!stmt) return stmt.error();
    return collect<CellFailureCount>(*db_, *stmt, [](const Statement& s) {
        CellFailureCount row;
        row.cell_key = s.text(0);
        row.games = s.integer(1);
        row.failures[0] = s.integer(2);
        row.failures[1] = s.integer(3);
        row.example_details = s.text(4);
        return row;
    });
}

Result<std::vector<GameRow>> ResultStore::games(const std::vector<std::string>& cells) const {
    std::vector<GameRow> out;
    if (version_ == kEmptyDatabase) return out;
    const std::string select = std::string("SELECT ") + game_columns() + " FROM games";
    if (cells.empty()) {
        auto stmt = db_->prepare(select + " ORDER BY rowid");
        if (!stmt) return stmt.error();
        auto rows = collect<GameRow>(*db_, *stmt, read_game);
        if (rows) sort_by_cell(*rows);
        return rows;
    }
    for (const auto& cell : cells) {
        auto stmt = db_->prepare(select + " WHERE cell_key = ?1 ORDER BY game_index");
        if (!stmt) return stmt.error();
        stmt->bind(1, cell);
        auto rows = collect<GameRow>(*db_, *stmt, read_game);
        if (!rows) return rows.error();
        for (auto& row : *rows) out.push_back(std::move(row));
    }
    return out;
}

Result<void> ResultStore::visit_games(const GameVisitor& visit, std::int64_t after,
                                      std::optional<std::int64_t> upto) const {
    if (version_ == kEmptyDatabase) return {};
    auto stmt = db_->prepare(std::string("SELECT ") + game_columns() +
                             " FROM games WHERE rowid > ?1 AND rowid <= ?2 ORDER BY rowid");
    if (!stmt) return stmt.error();
    stmt->bind(1, after);
    stmt->bind(2, upto.value_or(std::numeric_limits<std::int64_t>::max()));
    int rc;
    while ((rc = stmt->step()) == SQLITE_ROW) visit(read_game_fields(*stmt), read_text(*stmt));
    if (rc != SQLITE_DONE) return db_->error("reading the results");
    return {};
}

Result<std::vector<std::string>> ResultStore::cell_keys() const {
    if (version_ == kEmptyDatabase) return std::vector<std::string>{};
    auto stmt = db_->prepare("SELECT DISTINCT cell_key FROM games ORDER BY cell_key");
    if (!stmt) return stmt.error();
    return collect<std::string>(*db_, *stmt, [](const Statement& s) { return s.text(0); });
}

Result<StoreStamp> ResultStore::stamp() const {
    if (version_ == kEmptyDatabase) return StoreStamp{};
    auto stmt = db_->prepare(
        "SELECT (SELECT count(*) FROM games), (SELECT coalesce(max(rowid), 0) FROM games), "
        "(SELECT count(*) FROM runs), (SELECT count(finished_at) FROM runs)");
    if (!stmt) return stmt.error();
    if (stmt->step() != SQLITE_ROW) return db_->error("reading the store's counts");
    return StoreStamp{stmt->integer(0), stmt->integer(1), stmt->integer(2), stmt->integer(3)};
}

const char* ResultStore::game_columns() const {
    return version_ >= 2 ? kGameColumns : kGameColumnsV1;
}

Result<std::vector<RuleSpecRow>> ResultStore::rule_specs() const {
    if (version_ < 2) return std::vector<RuleSpecRow>{};
    auto stmt = db_->prepare(std::string("SELECT ") + kSpecColumns +
                             " FROM rule_specs ORDER BY variant, cell_rules, spec_hash");
    if (!stmt) return stmt.error();
    return collect<RuleSpecRow>(*db_, *stmt, read_spec);
}

Result<void> ResultStore::record_rule_spec(const RuleSpecRow& row) {
    if (row.spec_hash != spec_hash(row.spec_toml))
        return make_error("rule spec " + row.spec_hash + " does not match its text",
                          file_.string());
    return db_->exec_with(std::string("INSERT OR IGNORE INTO rule_specs (") + kSpecColumns +
                              ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                          "recording rules " + row.spec_hash, row.spec_hash, row.variant, row.rules,
                          row.cell_rules, row.spec_toml, row.origin, row.recorded_at);
}

Result<void> ResultStore::record_run_rule_set(std::int64_t run_id, const std::string& name,
                                              const std::string& hash) {
    return db_->exec_with(
        "INSERT OR REPLACE INTO run_rule_sets (run_id, rule_set, spec_hash) VALUES (?1, ?2, ?3)",
        "recording the run's rule sets", run_id, name, hash);
}

Result<std::vector<std::pair<std::string, std::string>>> ResultStore::run_rule_sets(
    std::int64_t run_id) const {
    using Pair = std::pair<std::string, std::string>;
    if (version_ < 2) return std::vector<Pair>{};
    auto stmt = db_->prepare(
        "SELECT rule_set, spec_hash FROM run_rule_sets WHERE run_id = ?1 ORDER BY rule_set");
    if (!stmt) return stmt.error();
    stmt->bind(1, run_id);
    return collect<Pair>(*db_, *stmt,
                         [](const Statement& s) { return Pair(s.text(0), s.text(1)); });
}

Result<std::string> ResultStore::integrity_check() const {
    auto stmt = db_->prepare("PRAGMA integrity_check");
    if (!stmt) return stmt.error();
    auto lines = collect<std::string>(*db_, *stmt, [](const Statement& s) { return s.text(0); });
    if (!lines) return lines.error();
    std::string out;
    for (const auto& line : *lines) out += (out.empty() ? "" : "\n") + line;
    return out;
}

std::string spec_hash(const std::string& spec_toml) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx",
                  static_cast<unsigned long long>(fnv1a64(spec_toml)));
    return text;
}

std::string utc_now() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

}  // namespace balance::tournament
