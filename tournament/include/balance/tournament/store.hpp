#pragma once
// The results store: one SQLite database per sweep, in exactly the schema agreed with the report
// commands (notes/RESULTS_SCHEMA.md; created by store_schema.cpp). WAL journal,
// synchronous=FULL: a game is durable once insert_game() returns, each game is its own
// transaction, and a process killed at any moment leaves a consistent database. game_key is the
// primary key, so a game can never be stored twice.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "balance/core/error.hpp"

namespace balance::tournament {

inline constexpr int kSchemaVersion = 1;

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
    double white_score = 0.5;
    std::string termination;
    int plies = 0;
    std::int64_t duration_ms = 0;
    std::string finished_at;
    std::string details_json;
};

class Database;  // src/sqlite_database.hpp

class ResultStore {
  public:
    // Opens `file`, creating it (and its directory) with the schema when it does not exist.
    // Refuses databases of another schema version.
    [[nodiscard]] static Result<ResultStore> open(const std::filesystem::path& file);
    // Opens an existing database for reading only.
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
    // Every stored game, or those of the listed cells, by cell and game index.
    [[nodiscard]] Result<std::vector<GameRow>> games(
        const std::vector<std::string>& cells = {}) const;
    [[nodiscard]] Result<std::vector<std::string>> cell_keys() const;
    [[nodiscard]] Result<std::string> integrity_check() const;  // "ok" when sound

    [[nodiscard]] const std::filesystem::path& file() const { return file_; }

  private:
    ResultStore(std::unique_ptr<Database> db, std::filesystem::path file);
    std::unique_ptr<Database> db_;
    std::filesystem::path file_;
};

// Now as ISO 8601 UTC, "2024-06-01T21:05:09Z".
[[nodiscard]] std::string utc_now();

}  // namespace balance::tournament
