// Regression tests for the results database under hostile conditions: someone else's SQLite
// file is refused untouched, a finished database is one self-contained file a read-only reader
// can open, merging twice adds nothing twice (games, runs or failed attempts), and a writer waits
// for another's lock.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "../support/sweep_support.hpp"
#include "balance/tournament/merge.hpp"

namespace balance::tournament {
namespace {

using testing::TempDir;

std::string bytes_of(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string journal_mode(const std::filesystem::path& db) {
    sqlite3* handle = nullptr;
    sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(handle, "PRAGMA journal_mode", -1, &stmt, nullptr);
    std::string mode = sqlite3_step(stmt) == SQLITE_ROW
                           ? reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0))
                           : "?";
    sqlite3_finalize(stmt);
    sqlite3_close(handle);
    return mode;
}

TEST(StoreReliability, SomeoneElsesDatabaseIsRefusedUntouched) {
    TempDir dir;
    const auto db = dir.path() / "theirs.db";
    {
        sqlite3* handle = nullptr;
        ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
        ASSERT_EQ(
            sqlite3_exec(handle, "CREATE TABLE recipes (name TEXT)", nullptr, nullptr, nullptr),
            SQLITE_OK);
        sqlite3_close(handle);
    }
    const std::string before = bytes_of(db);
    auto store = ResultStore::open(db);
    ASSERT_FALSE(store.ok());
    EXPECT_NE(store.error().message.find("not a balance results database"), std::string::npos);
    EXPECT_EQ(bytes_of(db), before);  // not even switched to WAL
    EXPECT_EQ(journal_mode(db), "delete");
}

TEST(StoreReliability, FinishedRunLeavesOneFileReadableReadOnly) {
    TempDir dir;
    const auto sweep = testing::load(dir, testing::small_sweep(1));
    const auto db = dir.path() / "r.db";
    const auto result = testing::run(sweep, db);
    ASSERT_EQ(result.games.size(), 2u);
    EXPECT_EQ(journal_mode(db), "delete");
    EXPECT_FALSE(std::filesystem::exists(db.string() + "-wal"));
    EXPECT_FALSE(std::filesystem::exists(db.string() + "-shm"));
    // A reader opens it read-only without creating -wal/-shm (as in a read-only directory).
    {
        auto store = ResultStore::open_existing(db);
        ASSERT_TRUE(store.ok()) << store.error().to_string();
        auto games = store->games();
        ASSERT_TRUE(games.ok());
        EXPECT_EQ(games->size(), 2u);
        EXPECT_FALSE(std::filesystem::exists(db.string() + "-wal"));
        EXPECT_FALSE(std::filesystem::exists(db.string() + "-shm"));
    }
    // Writing again goes back to WAL while it writes, and back to one file after.
    {
        auto store = ResultStore::open(db);
        ASSERT_TRUE(store.ok());
        EXPECT_EQ(journal_mode(db), "wal");
    }
    EXPECT_EQ(journal_mode(db), "delete");
}

TEST(StoreReliability, MergingTwiceAddsNoRunRecordsTwice) {
    TempDir dir;
    const auto sweep = testing::load(dir, testing::small_sweep(1));
    const auto shard = dir.path() / "shard.db";
    (void)testing::run(sweep, shard);
    const auto merged = dir.path() / "merged.db";
    auto first = merge_databases(merged, {shard}, false);
    ASSERT_TRUE(first.ok()) << first.error().to_string();
    EXPECT_EQ(first->runs, 1);
    EXPECT_EQ(first->games, 2);
    for (int i = 0; i < 2; ++i) {
        auto again = merge_databases(merged, {shard}, false);
        ASSERT_TRUE(again.ok()) << again.error().to_string();
        EXPECT_EQ(again->runs, 0);
        EXPECT_EQ(again->games, 0);
        EXPECT_EQ(again->duplicates, 2);
    }
    auto store = ResultStore::open_existing(merged);
    ASSERT_TRUE(store.ok());
    EXPECT_EQ(store->runs()->size(), 1u);
}

// A shard's failed attempts (an engine that could not start) travel with its run into the
// merged database, once however often the shard is merged, so the merged report still names the
// engine that failed and the games still missing.
TEST(StoreReliability, MergeCopiesFailedAttemptsOnce) {
    TempDir dir;
    const auto sweep = testing::load(dir, testing::small_sweep(1));
    const auto shard = dir.path() / "shard.db";
    (void)testing::run(sweep, shard);
    {
        auto store = ResultStore::open(shard);
        ASSERT_TRUE(store.ok()) << store.error().to_string();
        const auto runs = store->runs();
        ASSERT_TRUE(runs.ok());
        ASSERT_EQ(runs->size(), 1u);
        for (const char* key :
             {"chess|orthodox|orthodox||a|b#7", "chess|orthodox|orthodox||a|b#8"}) {
            FailedGameRow row{key,
                              runs->front().run_id,
                              "chess|orthodox|orthodox||a|b",
                              "b",
                              "black",
                              "unavailable",
                              "engine 'b': no such file",
                              "2026-01-01T00:00:00Z"};
            ASSERT_TRUE(store->insert_failed_game(row).ok());
        }
    }
    const auto merged = dir.path() / "merged.db";
    for (int i = 0; i < 2; ++i) {
        auto summary = merge_databases(merged, {shard}, false);
        ASSERT_TRUE(summary.ok()) << summary.error().to_string();
    }
    auto store = ResultStore::open_existing(merged);
    ASSERT_TRUE(store.ok());
    const auto failed = store->failed_games();
    ASSERT_TRUE(failed.ok()) << failed.error().to_string();
    ASSERT_EQ(failed->size(), 2u);
    EXPECT_EQ((*failed)[0].game_key, "chess|orthodox|orthodox||a|b#7");
    EXPECT_EQ((*failed)[0].run_id, store->runs()->front().run_id);
    EXPECT_EQ((*failed)[1].detail, "engine 'b': no such file");
    const auto counts = store->failed_game_counts();
    ASSERT_TRUE(counts.ok());
    ASSERT_EQ(counts->size(), 1u);
    EXPECT_EQ((*counts)[0].player, "b");
    EXPECT_EQ((*counts)[0].attempts, 2);
    EXPECT_EQ((*counts)[0].unplayed, 2);
}

// Another connection holds the write lock (as a merge's batch does) while a game is stored:
// the insert waits for it instead of failing with "database is locked".
TEST(StoreReliability, AWriterWaitsForAnotherWritersLock) {
    TempDir dir;
    const auto db = dir.path() / "r.db";
    auto store = ResultStore::open(db);
    ASSERT_TRUE(store.ok());
    RunRow run;
    run.started_at = utc_now();
    run.sweep_name = "s";
    auto run_id = store->begin_run(run);
    ASSERT_TRUE(run_id.ok());

    sqlite3* other = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &other), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    std::thread release([other] {
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        sqlite3_exec(other, "COMMIT", nullptr, nullptr, nullptr);
    });
    const RuleSpecRow spec{spec_hash("[x]"), "chess", "", "", "[x]", "sweep", utc_now()};
    ASSERT_TRUE(store->record_rule_spec(spec).ok());
    GameRow game;
    game.game_key = "k#0";
    game.run_id = *run_id;
    game.spec_hash = spec.spec_hash;  // every stored game names its rules
    auto added = store->insert_game(game);
    release.join();
    sqlite3_close(other);
    ASSERT_TRUE(added.ok()) << added.error().to_string();
    EXPECT_TRUE(*added);
}

}  // namespace
}  // namespace balance::tournament
