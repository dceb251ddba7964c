// count_stored: how many of a sweep's planned games a database holds, read without playing.

#include <gtest/gtest.h>

#include "../support/sweep_support.hpp"
#include "balance/tournament/stored_count.hpp"

namespace balance::tournament {
namespace {

using testing::TempDir;

TEST(StoredCount, CountsThePlannedGamesStoredSoFar) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, testing::small_sweep(3));  // 2 cells x 3 games
    const auto db = dir.path() / "s.db";
    RunOptions options;
    options.max_games = 4;
    (void)testing::run(sweep, db, options);
    {
        auto store = ResultStore::open_existing(db);
        ASSERT_TRUE(store.ok());
        auto count = count_stored(sweep, *store);
        ASSERT_TRUE(count.ok()) << count.error().to_string();
        EXPECT_EQ(count->planned, 6);
        EXPECT_EQ(count->stored, 4);
        EXPECT_FALSE(count->complete());

        // A smaller sweep counts only its own games: the first 1 of each cell.
        Sweep smaller = sweep;
        smaller.games_per_cell = 1;
        auto fewer = count_stored(smaller, *store);
        ASSERT_TRUE(fewer.ok());
        EXPECT_EQ(fewer->planned, 2);
        EXPECT_EQ(fewer->stored, 2);
        EXPECT_TRUE(fewer->complete());

        // Other rules are other cells: nothing of them is stored.
        Sweep other = sweep;
        other.rule_sets.front().cell_suffix = "@00000000";
        auto none = count_stored(other, *store);
        ASSERT_TRUE(none.ok());
        EXPECT_EQ(none->stored, 0);
    }
    (void)testing::run(sweep, db);
    auto store = ResultStore::open_existing(db);
    ASSERT_TRUE(store.ok());
    auto count = count_stored(sweep, *store);
    ASSERT_TRUE(count.ok());
    EXPECT_EQ(count->stored, 6);
    EXPECT_TRUE(count->complete());
}

}  // namespace
}  // namespace balance::tournament
