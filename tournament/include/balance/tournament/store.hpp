#pragma once
// The results store: one SQLite database per sweep, in exactly the schema agreed with the report
// commands (tournament/RESULTS_SCHEMA.md; created by store_schema.cpp). WAL journal,
// synchronous=FULL: a game is durable once insert_game() returns, each game is its own
// transaction, and a process killed at any moment leaves a consistent database. game_key is the
// primary key, so a game can never be stored twice.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "balance/core/error.hpp"

namespace balance::tournament {

// The schema this balance writes; it reads kSchemaVersion and every older version down to
// kOldestSchemaVersion (see tournament/RESULTS_SCHEMA.md, "Version history").
inline constexpr int kSchemaVersion = 2;
inline constexpr int kOldestSchemaVersion = 1;
// The "version" of an empty database (no tables yet: a file made with `touch`, or one a sweep
// killed in its first milliseconds left): read as holding nothing, written as a new database.
inline constexpr int kEmptyDatabase = 0;

struct RunRow {
    std::int64_t run_id = 0;  // assigned by begin_run
    std::string started_at;
    std::optional<std::string> finished_at;
    std::string sweep_name;
    std::string sweep_file;
    std::string config_json;
    std::uint64_t master_seed = 0;
    std::string git_revision;
    std::string engines_json;
    std::string host;
    int threads = 1;
    std::string shard = "1/1";
};

struct GameRow {
    std::string game_key;
    std::int64_t run_id = 0;
    std::string sweep_name;
    std::string cell_key;
    int game_index = 0;
    std::string variant;
    std::string white_army;
    std::string black_army;
    std::string rules;
    std::string white_player;
    std::string black_player;
    std::string players_json;
    std::uint64_t seed = 0;  // stored as SQLite's signed 64-bit integer, bit for bit
    std::string start_fen;
    std::string opening;
    std::string moves;
    std::string result;
    double white_score = 0.5;  // any score in [0, 1], White's share of the game
    std::string termination;
    // The rule set's points, where the variant scores games (NULL = the variant has no scoring).
    std::optional<double> white_points;
    std::optional<double> black_points;
    // The rule_specs row of the rules the game was played under ("" only in schema-1 databases).
    std::string spec_hash;
    int plies = 0;
    std::int64_t duration_ms = 0;
    std::string finished_at;
    std::string details_json;
};

// The long text of a stored game, what was played and how it went, as ResultStore::visit_games
// shows it: views of the row being read, valid only during the visit.
struct PlayedText {
    std::string_view start_fen;
    std::string_view opening;
    std::string_view moves;
    std::string_view details_json;
};

// Called once per stored game by ResultStore::visit_games: the row without its long text
// (start_fen, opening, moves and details_json left empty) and that text, to take from it what
// the reader keeps.
using GameVisitor = std::function<void(GameRow&& row, const PlayedText& text)>;

// A game that could not be played because an engine could not be started (an infrastructure
// failure, not a result): kept out of `games`, so a resumed sweep plays it again, and recorded in
// the table `failed_games` (created on first use; store_failed.cpp) so reports can count them.
struct FailedGameRow {
    std::string game_key;
    std::int64_t run_id = 0;
    std::string cell_key;
    std::string player;  // the sweep's name of the player whose engine was unavailable
    std::string side;    // "white" or "black"
    std::string status;  // "unavailable"
    std::string detail;  // the start failure, naming the engine
    std::string failed_at;
};

// Failed attempts per player: how many, and how many of those games are still not stored.
struct FailedGameCount {
    std::string player;
    std::string status;
    std::int64_t attempts = 0;
    std::int64_t unplayed = 0;
};
// A cell's games lost by an engine failure (ResultStore::failure_counts).
struct CellFailureCount {
    std::string cell_key;
    std::int64_t games = 0;
    std::int64_t failures[2] = {0, 0};  // White's engine, Black's
    std::string example_details;        // details_json of one of them
};

// One rule set's complete resolved rules, as played: the canonical variant document (inherits
// resolved, options applied, keys sorted), so a reader rebuilds the rules from the database alone.
struct RuleSpecRow {
    std::string spec_hash;  // spec_hash(spec_toml): 16 hex digits
    std::string variant;
    std::string rules;       // the option selection, as in games.rules ("" = the defaults)
    std::string cell_rules;  // the rules field of its games' cell keys: rules, or rules@<hash8>
    std::string spec_toml;
    std::string origin;  // "sweep" (recorded by the run that played) or "migrated"
    std::string recorded_at;
};

// The canonical document of a (variant, rules) as the configs on disk give it today: used only
// to migrate a schema-1 database, which recorded no rules.
using SpecResolver =
    std::function<Result<std::string>(const std::string& variant, const std::string& rules)>;

// What storing a game or beginning or ending a run changes, read without reading the games: a
// page built from the store is stale when the stamp it was built from differs.
struct StoreStamp {
    std::int64_t games = 0;
    std::int64_t last_game = 0;  // the games table's largest rowid
    std::int64_t runs = 0;
    std::int64_t finished_runs = 0;
    friend bool operator==(const StoreStamp&, const StoreStamp&) = default;
};

class Database;  // src/sqlite_database.hpp

// Whether a file exists at `file`: an error naming it when the file system refuses to look (a
// name too long, a file where a directory should be) instead of std::filesystem's exception,
// and when `file` is a directory.
[[nodiscard]] Result<bool> database_exists(const std::filesystem::path& file);

class ResultStore {
  public:
    // Opens `file` for writing, creating it (and its directory) with the schema when it does not
    // exist. A schema-1 database is migrated to the current schema, its rules filled in by
    // `resolver` (recorded with origin "migrated"); without a resolver it is refused. Refuses
    // databases of a newer schema.
    [[nodiscard]] static Result<ResultStore> open(const std::filesystem::path& file,
                                                  const SpecResolver& resolver = {});
    // Opens an existing database for reading only, as it is: schema 1, the current one, or an
    // empty database (schema_version() kEmptyDatabase), whose reads all find nothing.
    [[nodiscard]] static Result<ResultStore> open_existing(const std::filesystem::path& file);

    ResultStore(ResultStore&&) noexcept;
    ResultStore& operator=(ResultStore&&) noexcept;
    ~ResultStore();

    [[nodiscard]] Result<std::vector<RunRow>> runs() const;
    // Inserts the run (run_id chosen by SQLite unless row.run_id > 0) and returns its id.
    [[nodiscard]] Result<std::int64_t> begin_run(const RunRow& row);
    [[nodiscard]] Result<void> finish_run(std::int64_t run_id, const std::string& finished_at);

    // One transaction. Returns false (and stores nothing) when the key is already stored.
    [[nodiscard]] Result<bool> insert_game(const GameRow& row);
    [[nodiscard]] Result<std::optional<GameRow>> game(const std::string& key) const;
    // Groups many inserts into one transaction (merge); a game run commits each game alone.
    [[nodiscard]] Result<void> begin_batch();
    [[nodiscard]] Result<void> commit_batch();
    // game_key -> white_score of every stored game.
    [[nodiscard]] Result<std::vector<std::pair<std::string, double>>> scores() const;
    // Per cell: its games, those lost by each side's engine failure (termination "white-..." or
    // "black-...") and one such game's details_json (empty when none), by cell_key.
    [[nodiscard]] Result<std::vector<CellFailureCount>> failure_counts() const;
    // Every stored game, or those of the listed cells, by cell and game index.
    [[nodiscard]] Result<std::vector<GameRow>> games(
        const std::vector<std::string>& cells = {}) const;
    // The stored games, in the order stored, to `visit` (sort_by_cell orders them as games()
    // does): a reader that keeps little of each game's text copies only that. Only those with a
    // rowid above `after` and, when given, at most `upto` (StoreStamp::last_game): games are
    // only ever added, so a reader that read up to a stamp's last game reads the games stored
    // since.
    [[nodiscard]] Result<void> visit_games(const GameVisitor& visit, std::int64_t after = 0,
                                           std::optional<std::int64_t> upto = {}) const;
    [[nodiscard]] Result<std::vector<std::string>> cell_keys() const;
    // One short read of the counts above (all zero for an empty database).
    [[nodiscard]] Result<StoreStamp> stamp() const;

    // The schema version of the file (1 for an old database opened read-only, kEmptyDatabase).
    [[nodiscard]] int schema_version() const { return version_; }
    // Every recorded rule set, by hash (empty in a schema-1 database).
    [[nodiscard]] Result<std::vector<RuleSpecRow>> rule_specs() const;
    // Records a rule set; a row with the same hash is kept as it is.
    [[nodiscard]] Result<void> record_rule_spec(const RuleSpecRow& row);
    // Records that run `run_id` played its rule set `name` under the spec `spec_hash`.
    [[nodiscard]] Result<void> record_run_rule_set(std::int64_t run_id, const std::string& name,
                                                   const std::string& spec_hash);
    // (rule-set name, spec hash) of every rule set run `run_id` played.
    [[nodiscard]] Result<std::vector<std::pair<std::string, std::string>>> run_rule_sets(
        std::int64_t run_id) const;
    [[nodiscard]] Result<std::string> integrity_check() const;  // "ok" when sound

    // Records a failed attempt (one transaction); see FailedGameRow.
    [[nodiscard]] Result<void> insert_failed_game(const FailedGameRow& row);
    // Per player and status, by player; empty for databases without failed attempts.
    [[nodiscard]] Result<std::vector<FailedGameCount>> failed_game_counts() const;
    // Every failed attempt, in the order recorded; empty for databases without failed attempts.
    [[nodiscard]] Result<std::vector<FailedGameRow>> failed_games() const;

    [[nodiscard]] const std::filesystem::path& file() const { return file_; }

  private:
    [[nodiscard]] const char* game_columns() const;
    ResultStore(std::unique_ptr<Database> db, std::filesystem::path file, int version);
    std::unique_ptr<Database> db_;
    std::filesystem::path file_;
    int version_ = kSchemaVersion;
};

// The hash that names a rule set's canonical document: FNV-1a 64 of the text, 16 hex digits.
[[nodiscard]] std::string spec_hash(const std::string& spec_toml);

// Now as ISO 8601 UTC, "2024-06-01T21:05:09Z".
[[nodiscard]] std::string utc_now();

}  // namespace balance::tournament
