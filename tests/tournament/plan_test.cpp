// Seeds, keys, planning and shards: the deterministic skeleton of a sweep.

#include <gtest/gtest.h>

#include <set>

#include "../support/sweep_support.hpp"
#include "balance/tournament/plan.hpp"
#include "balance/tournament/seeds.hpp"

namespace balance::tournament {
namespace {

using testing::TempDir;

TEST(Seeds, Fnv1aMatchesPublishedVectors) {
    EXPECT_EQ(fnv1a64(""), 0xCBF29CE484222325ULL);
    EXPECT_EQ(fnv1a64("a"), 0xAF63DC4C8601EC8CULL);
    EXPECT_EQ(fnv1a64("foobar"), 0x85944171F73967E8ULL);
}

TEST(Seeds, SplitMix64MatchesTheReferenceSequence) {
    // Vigna's splitmix64.c seeded with 0.
    SplitMix64 rng(0);
    EXPECT_EQ(rng.next(), 0xE220A8397B1DCDAFULL);
    EXPECT_EQ(rng.next(), 0x6E789E6AA1B965F4ULL);
    EXPECT_EQ(rng.next(), 0x06C45D188009454FULL);
}

TEST(Seeds, GameSeedIsSplitMixOfMasterXorKeyHash) {
    // Computed independently (Python) from the documented formula.
    EXPECT_EQ(derive_seed(42, "chess|fide|fide||tiny|greedy#0"), 0x222897DA07CE6803ULL);
    EXPECT_NE(derive_seed(42, "a#0"), derive_seed(43, "a#0"));
    EXPECT_NE(derive_seed(42, "a#0"), derive_seed(42, "a#1"));
}

TEST(Plan, CellsAndKeysFollowTheSchema) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, testing::small_sweep(3));
    const auto cells = make_cells(sweep);
    ASSERT_EQ(cells.size(), 2u);  // one pairing (fide-fide), one rule set, two matchups
    EXPECT_EQ(cells[0].key, "chess|fide|fide||tiny|greedy");
    EXPECT_EQ(cells[1].key, "chess|fide|fide||greedy|tiny");
    EXPECT_EQ(cells[0].position_key, cells[1].position_key);  // shared openings
    const auto games = plan_games(sweep, cells, {3, 3});
    ASSERT_EQ(games.size(), 6u);
    // Interleaved by index so that cells fill evenly.
    EXPECT_EQ(games[0].key, "chess|fide|fide||tiny|greedy#0");
    EXPECT_EQ(games[1].key, "chess|fide|fide||greedy|tiny#0");
    EXPECT_EQ(games[5].key, "chess|fide|fide||greedy|tiny#2");
    EXPECT_EQ(games[0].seed, 0x222897DA07CE6803ULL);
}

// A plan of counts that do not match the cells (one per cell, none negative) stops a debug build
// (BALANCE_ASSERT) instead of silently planning fewer games.
#ifdef NDEBUG
TEST(Plan, CountsThatDoNotMatchTheCellsStopADebugBuild) {
    GTEST_SKIP() << "Release build: the checks are compiled away";
}
#else
TEST(Plan, CountsThatDoNotMatchTheCellsStopADebugBuild) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    TempDir dir;
    const Sweep sweep = testing::load(dir, testing::small_sweep(3));
    const auto cells = make_cells(sweep);
    ASSERT_EQ(cells.size(), 2u);
    EXPECT_DEATH(static_cast<void>(plan_games(sweep, cells, {3})),
                 "invariant violated: counts.size\\(\\) == cells.size\\(\\)");
    EXPECT_DEATH(static_cast<void>(plan_games(sweep, cells, {3, -1})), "invariant violated");
    EXPECT_DEATH(static_cast<void>(plan_game(sweep, cells, 2, 0)),
                 "invariant violated: cell < cells.size\\(\\)");
}
#endif

TEST(Plan, IsDeterministic) {
    TempDir dir;
    const Sweep a = testing::load(dir, testing::small_sweep(5), "a.toml");
    const Sweep b = testing::load(dir, testing::small_sweep(5), "b.toml");
    const auto ga = plan_games(a, make_cells(a), {5, 5});
    const auto gb = plan_games(b, make_cells(b), {5, 5});
    ASSERT_EQ(ga.size(), gb.size());
    for (std::size_t i = 0; i < ga.size(); ++i) {
        EXPECT_EQ(ga[i].key, gb[i].key);
        EXPECT_EQ(ga[i].seed, gb[i].seed);
    }
}

TEST(Plan, AsymmetricDefaultPairingsAreAllNine) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, R"(
variant = "asymmetric"
games_per_cell = 1
rule_sets = { baseline = [], stalemate-win = ["stalemate-win"] }
[players.e]
type = "engine"
nodes = 100
)");
    const auto cells = make_cells(sweep);
    ASSERT_EQ(cells.size(), 18u);
    EXPECT_EQ(cells[0].key, "asymmetric|humans|humans||e|e");
    EXPECT_EQ(cells[1].key, "asymmetric|humans|elves||e|e");
    EXPECT_EQ(cells[9].key, "asymmetric|humans|humans|stalemate-win|e|e");
}

TEST(Shard, PartsPartitionTheGames) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, testing::small_sweep(50));
    const auto games = plan_games(sweep, make_cells(sweep), {50, 50});
    std::set<std::string> seen;
    for (int k = 1; k <= 3; ++k) {
        const Shard shard{k, 3};
        int in_part = 0;
        for (const auto& g : games) {
            if (!shard.contains(g.key)) continue;
            EXPECT_TRUE(seen.insert(g.key).second) << g.key << " in two shards";
            ++in_part;
        }
        EXPECT_GT(in_part, 10);  // 100 games over 3 parts: none is starved
    }
    EXPECT_EQ(seen.size(), games.size());
}

TEST(Shard, ParsesKOverN) {
    auto s = parse_shard("3/8");
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->index, 3);
    EXPECT_EQ(s->count, 8);
    EXPECT_EQ(s->to_string(), "3/8");
    for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/", "/2", "1/2x"})
        EXPECT_FALSE(parse_shard(bad).ok()) << bad;
}

}  // namespace
}  // namespace balance::tournament
