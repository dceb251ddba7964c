// What a watcher (`balance serve`) reads of a database another process writes: a stamp that
// changes with every stored game and every run begun or finished, and which command holds the
// database's writer lock.

#include <gtest/gtest.h>

#include <filesystem>

#include "../support/temp_dir.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "balance/tournament/store.hpp"

namespace balance::tournament {
namespace {

using balance::testing::TempDir;

constexpr const char* kWatchSpec = "name = \"chess\"\n";

GameRow game(const std::string& key, std::int64_t run_id) {
    GameRow g;
    g.game_key = key;
    g.run_id = run_id;
    g.sweep_name = "s";
    g.cell_key = "chess|fide|fide||a|b";
    g.variant = "chess";
    g.white_army = g.black_army = "fide";
    g.white_player = "a";
    g.black_player = "b";
    g.players_json = "{}";
    g.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.result = "1-0";
    g.white_score = 1.0;
    g.termination = "checkmate";
    g.finished_at = "2026-01-01T00:00:00Z";
    g.details_json = "{}";
    g.spec_hash = spec_hash(kWatchSpec);
    return g;
}

// The stamp as a reader sees it beside the open writer.
StoreStamp stamp_of(const std::filesystem::path& db) {
    auto reader = ResultStore::open_existing(db);
    EXPECT_TRUE(reader.ok()) << (reader ? "" : reader.error().to_string());
    if (!reader) return {};
    auto stamp = reader->stamp();
    EXPECT_TRUE(stamp.ok()) << (stamp ? "" : stamp.error().to_string());
    return stamp ? *stamp : StoreStamp{};
}

TEST(StoreWatch, StampChangesWithEveryGameAndRun) {
    TempDir dir;
    const auto db = dir.path() / "w.db";
    auto writer = ResultStore::open(db);
    ASSERT_TRUE(writer.ok()) << writer.error().to_string();
    EXPECT_EQ(stamp_of(db), StoreStamp{});
    RunRow run;
    run.started_at = "2026-01-01T00:00:00Z";
    run.sweep_name = "s";
    auto id = writer->begin_run(run);
    ASSERT_TRUE(id.ok());
    // A game names the rules it was played under; recording them is no game and no run.
    ASSERT_TRUE(writer
                    ->record_rule_spec(RuleSpecRow{spec_hash(kWatchSpec), "chess", "", "",
                                                   kWatchSpec, "sweep", "2026-01-01T00:00:00Z"})
                    .ok());
    EXPECT_EQ(stamp_of(db), (StoreStamp{0, 0, 1, 0}));
    const auto first = writer->insert_game(game("a#0", *id));
    ASSERT_TRUE(first.ok()) << first.error().to_string();
    ASSERT_TRUE(*first);
    const StoreStamp one = stamp_of(db);
    EXPECT_EQ(one.games, 1);
    EXPECT_GT(one.last_game, 0);
    const auto second = writer->insert_game(game("a#1", *id));
    ASSERT_TRUE(second.ok()) << second.error().to_string();
    ASSERT_TRUE(*second);
    const StoreStamp two = stamp_of(db);
    EXPECT_EQ(two.games, 2);
    EXPECT_GT(two.last_game, one.last_game);
    ASSERT_TRUE(writer->finish_run(*id, "2026-01-01T01:00:00Z").ok());
    EXPECT_EQ(stamp_of(db).finished_runs, 1);
}

TEST(StoreWatch, WritingCommandNamesTheLockHolder) {
    TempDir dir;
    const auto db = dir.path() / "w.db";
    ASSERT_TRUE(ResultStore::open(db).ok());
    EXPECT_EQ(writing_command(db.string()), "");
    {
        auto lock = ShardLock::take(db.string(), Shard{}, Writer::Fix);
        ASSERT_TRUE(lock.ok()) << lock.error().to_string();
        EXPECT_EQ(writing_command(db.string()), "fix");
    }
    EXPECT_EQ(writing_command(db.string()), "");
    {
        auto lock = ShardLock::take(db.string(), Shard{2, 4});  // one shard of a sweep
        ASSERT_TRUE(lock.ok()) << lock.error().to_string();
        EXPECT_EQ(writing_command(db.string()), "sweep");
    }
    EXPECT_EQ(writing_command((dir.path() / "missing.db").string()), "");
}

}  // namespace
}  // namespace balance::tournament
