// `balance sweep` at start: a sweep that cannot start leaves no database and no log directory
// behind, two sweeps of the same games on one database are refused (one plays, the other is told
// why), and `check` reads a sweep without `variant` as a sweep.

#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "../support/sample_sweeps.hpp"
#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

namespace fs = std::filesystem;

// Slow enough that the first sweep is still playing when the second starts.
constexpr const char* kSlowSweep = R"(variant = "chess"
games_per_cell = 400
[players.thinker]
type = "engine"
nodes = 20000
hash_mb = 1
[adjudication]
max_plies = 200
)";

using balance::testing::kQuickSweep;

// Games stored so far (0 while the database is not there yet).
long long stored_games(const fs::path& db) {
    return balance::testing::count_rows(db, "SELECT count(*) FROM games");
}

// Starts `balance sweep <args>` in a child process.
pid_t start_sweep(const std::vector<std::string>& args) {
    const std::string balance = std::string(BALANCE_BINARY_DIR) + "/app/balance";
    const pid_t pid = fork();
    if (pid == 0) {
        std::vector<char*> argv{const_cast<char*>(balance.c_str())};
        for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
        argv.push_back(nullptr);
        execv(balance.c_str(), argv.data());
        _exit(127);
    }
    return pid;
}

// Waits (at most two minutes) until the sweep in `pid` has stored a game, so it holds its lock.
bool wait_for_a_game(const fs::path& db) {
    for (int i = 0; i < 1200; ++i) {
        if (stored_games(db) > 0) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
}

void stop(pid_t pid) {
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
}

TEST(SweepStart, FailingAtStartLeavesNoDatabaseAndNoLogs) {
    balance::testing::TempDir dir;
    const auto sweep = dir.write("ghost.toml", R"(variant = "chess"
games_per_cell = 1
matchups = [["greedy", "ghost"]]
[players.greedy]
type = "greedy"
[players.ghost]
type = "uci"
command = "/nonexistent/engine"
depth = 1
)");
    const auto db = dir.path() / "out" / "ghost.db";
    const auto run = testing::run_balance(
        {"sweep", sweep.string(), "--db", db.string(), "--threads", "1", "--quiet"});
    EXPECT_NE(run.status, 0);
    EXPECT_NE(run.err.find("ghost"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(db));
    EXPECT_FALSE(fs::exists(db.string() + "-wal"));
    EXPECT_FALSE(fs::exists(db.string() + ".logs"));
}

TEST(SweepStart, CheckReadsASweepWithoutVariantAsASweep) {
    balance::testing::TempDir dir;
    const auto sweep = dir.write("novariant.toml", R"(games_per_cell = 1
[players.greedy]
type = "greedy"
)");
    const auto run = testing::run_balance({"check", sweep.string()});
    EXPECT_NE(run.status, 0);
    EXPECT_NE(run.err.find("missing required key 'variant'"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("start_fen"), std::string::npos) << run.err;
}

TEST(SweepStart, ASecondSweepOfTheSameGamesIsRefused) {
    balance::testing::TempDir dir;
    const auto sweep = dir.write("slow.toml", kSlowSweep);
    const auto db = dir.path() / "slow.db";
    const pid_t first =
        start_sweep({"sweep", sweep.string(), "--db", db.string(), "--threads", "1", "--quiet"});
    ASSERT_GT(first, 0);
    ASSERT_TRUE(wait_for_a_game(db));
    const auto second = testing::run_balance({"sweep", sweep.string(), "--db", db.string(),
                                              "--threads", "1", "--quiet", "--max-games", "1"});
    // An unsharded run covers every shard, so shard 2/2 is refused too.
    const auto other_shard =
        testing::run_balance({"sweep", sweep.string(), "--db", db.string(), "--threads", "1",
                              "--quiet", "--shard", "2/2", "--max-games", "1"});
    // --status reads beside the writer.
    const auto status =
        testing::run_balance({"sweep", sweep.string(), "--db", db.string(), "--status"});
    stop(first);
    EXPECT_EQ(status.status, 0) << status.err;
    EXPECT_NE(status.out.find(" of its 400 planned games stored ("), std::string::npos)
        << status.out;
    EXPECT_NE(second.status, 0);
    EXPECT_NE(second.err.find("another `balance sweep` is writing this database"),
              std::string::npos)
        << second.err;
    EXPECT_NE(other_shard.status, 0);
    EXPECT_NE(other_shard.err.find("another `balance sweep`"), std::string::npos)
        << other_shard.err;
}

TEST(SweepStart, ShardsOfOneDatabaseRunSideBySide) {
    balance::testing::TempDir dir;
    const auto sweep = dir.write("slow.toml", kSlowSweep);
    const auto db = dir.path() / "slow.db";
    const pid_t first = start_sweep({"sweep", sweep.string(), "--db", db.string(), "--threads", "1",
                                     "--quiet", "--shard", "1/2"});
    ASSERT_GT(first, 0);
    ASSERT_TRUE(wait_for_a_game(db));
    const auto second =
        testing::run_balance({"sweep", sweep.string(), "--db", db.string(), "--threads", "1",
                              "--quiet", "--shard", "2/2", "--max-games", "1"});
    stop(first);
    EXPECT_EQ(second.status, 0) << second.err;
}

// An empty file is a new database: `touch x.db` first, or a file created by other means.
// --status counts the planned games stored, plays nothing and writes nothing.
TEST(SweepStart, StatusCountsThePlannedGamesStored) {
    balance::testing::TempDir dir;
    const auto sweep = dir.write("quick.toml", kQuickSweep);
    const auto db = dir.path() / "quick.db";
    const auto none =
        testing::run_balance({"sweep", sweep.string(), "--db", db.string(), "--status"});
    EXPECT_NE(none.status, 0);
    EXPECT_NE(none.err.find("no such database"), std::string::npos) << none.err;
    EXPECT_FALSE(fs::exists(db));
    ASSERT_EQ(testing::run_balance({"sweep", sweep.string(), "--db", db.string(), "--threads", "1",
                                    "--quiet", "--max-games", "3"})
                  .status,
              0);
    const auto partial =
        testing::run_balance({"sweep", sweep.string(), "--db", db.string(), "--status"});
    ASSERT_EQ(partial.status, 0) << partial.err;
    EXPECT_NE(partial.out.find("3 of its 8 planned games stored (5 to play"), std::string::npos)
        << partial.out;
    EXPECT_EQ(stored_games(db), 3);
    ASSERT_EQ(testing::run_balance(
                  {"sweep", sweep.string(), "--db", db.string(), "--threads", "1", "--quiet"})
                  .status,
              0);
    const auto done =
        testing::run_balance({"sweep", sweep.string(), "--db", db.string(), "--status"});
    EXPECT_NE(done.out.find("8 of its 8 planned games stored (complete)"), std::string::npos)
        << done.out;
    EXPECT_EQ(done.out.find("note:"), std::string::npos) << done.out;
    // The same game keys played by another player definition: counted, but said to be another
    // configuration, which `balance sweep` would refuse to extend.
    std::string changed = kQuickSweep;
    changed.replace(changed.find("type = \"random\""), 15, "type = \"greedy\"");
    const auto other = dir.write("quick.toml", changed);
    const auto differs =
        testing::run_balance({"sweep", other.string(), "--db", db.string(), "--status"});
    EXPECT_EQ(differs.status, 0) << differs.err;
    EXPECT_NE(differs.out.find("note: " + db.string() +
                               ": holds games of a different configuration of sweep 'quick'"),
              std::string::npos)
        << differs.out;
    EXPECT_NE(differs.out.find("differs in: players"), std::string::npos) << differs.out;
}

TEST(SweepStart, AnEmptyFileIsANewDatabase) {
    balance::testing::TempDir dir;
    const auto sweep = dir.write("quick.toml", kQuickSweep);
    const auto db = dir.write("touched.db", "");
    const auto run = testing::run_balance(
        {"sweep", sweep.string(), "--db", db.string(), "--threads", "1", "--quiet"});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(stored_games(db), 8);
}

// What a sweep killed in its first milliseconds leaves: a SQLite file switched to WAL, with no
// tables and no schema version yet. The next run takes it as the new database it was to be.
TEST(SweepStart, AFileLeftByASweepKilledBeforeItsSchemaIsANewDatabase) {
    balance::testing::TempDir dir;
    const auto sweep = dir.write("quick.toml", kQuickSweep);
    const auto db = dir.path() / "killed.db";
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(handle, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(handle);
    ASSERT_GT(fs::file_size(db), 0u);
    const auto run = testing::run_balance(
        {"sweep", sweep.string(), "--db", db.string(), "--threads", "1", "--quiet"});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(stored_games(db), 8);
}

// Readers see an empty database as one without games, like a new one: no refusal.
TEST(SweepStart, AnEmptyDatabaseReadsAsHoldingNoGames) {
    balance::testing::TempDir dir;
    const auto db = dir.write("touched.db", "");
    const auto report = testing::run_balance({"report", "--db", db.string(), "--format", "json"});
    EXPECT_EQ(report.err.find("schema version"), std::string::npos) << report.err;
    EXPECT_EQ(report.status, 0) << report.err;
    EXPECT_EQ(fs::file_size(db), 0u);  // reading never writes
}

// Shards started together on a fresh database, as the shard lock's message advises: each
// finds the file the other has just created (empty, or mid-creation) and must take it as new.
TEST(SweepStart, ShardsStartedTogetherOnAFreshDatabaseBothRun) {
    balance::testing::TempDir dir;
    const auto sweep = dir.write("quick.toml", kQuickSweep);
    const auto db = dir.path() / "fresh.db";
    std::vector<pid_t> shards;
    for (const char* shard : {"1/2", "2/2"}) {
        shards.push_back(start_sweep({"sweep", sweep.string(), "--db", db.string(), "--threads",
                                      "1", "--quiet", "--shard", shard}));
    }
    for (const pid_t pid : shards) {
        ASSERT_GT(pid, 0);
        int status = 0;
        ASSERT_EQ(waitpid(pid, &status, 0), pid);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
    }
    EXPECT_EQ(stored_games(db), 8);
}

}  // namespace
}  // namespace balance::cli
