// Reading a finished database leaves nothing behind: no -wal or -shm files beside it.

#include <gtest/gtest.h>

#include <filesystem>

#include "../support/temp_dir.hpp"
#include "balance/tournament/store.hpp"

namespace balance::tournament {
namespace {

using balance::testing::TempDir;

bool exists_beside(const std::filesystem::path& db, const char* suffix) {
    std::filesystem::path file = db;
    file += suffix;
    return std::filesystem::exists(file);
}

TEST(StoreReadOnly, ReadingLeavesNoWalFiles) {
    TempDir dir;
    const auto db = dir.path() / "finished.db";
    {
        auto store = ResultStore::open(db);  // creates the schema in WAL mode
        ASSERT_TRUE(store.ok()) << store.error().to_string();
    }
    ASSERT_FALSE(exists_beside(db, "-wal"));  // the writer's close removed them
    {
        auto store = ResultStore::open_existing(db);
        ASSERT_TRUE(store.ok()) << store.error().to_string();
        auto runs = store->runs();
        ASSERT_TRUE(runs.ok()) << runs.error().to_string();
        EXPECT_TRUE(runs->empty());
    }
    EXPECT_FALSE(exists_beside(db, "-wal"));
    EXPECT_FALSE(exists_beside(db, "-shm"));
}

TEST(StoreReadOnly, ReadOnlyMeansReadOnly) {
    TempDir dir;
    const auto db = dir.path() / "r.db";
    ASSERT_TRUE(ResultStore::open(db).ok());
    auto store = ResultStore::open_existing(db);
    ASSERT_TRUE(store.ok());
    RunRow run;
    run.sweep_name = "s";
    EXPECT_FALSE(store->begin_run(run).ok());  // query_only refuses writes
}

}  // namespace
}  // namespace balance::tournament
