// The bench signature: total nodes of fixed-depth searches over fixed positions of every
// shipped variant (orthodox chess, all nine Asymmetric pairings, Uneven). Any change to search,
// move ordering or evaluation changes it, so accidental changes show up here.
//
// If you changed the engine ON PURPOSE: run this test, check that the new count comes with a
// strength check you are happy with (engine_strength_test.cpp), and paste the "actual" value
// from the failure message into ExpectedSignature below, mentioning it in the commit message.
// Changes to the shipped variant configs or to core move generation can change it too.

#include <gtest/gtest.h>

#include <iostream>

#include "balance/players/engine/bench.hpp"
#include "engine_support.hpp"

namespace balance::testing {
namespace {

using players::engine::bench_fens;
using players::engine::BenchSet;

constexpr int BenchDepth = 7;
constexpr std::uint64_t ExpectedSignature = 492759;

std::vector<BenchSet> shipped_sets() {
    std::vector<BenchSet> sets;
    sets.push_back({load_shipped("chess"), "", "", bench_fens("chess")});
    const auto asym = load_shipped("asymmetric");
    for (const char* w : {"humans", "elves", "orcs"})
        for (const char* b : {"humans", "elves", "orcs"})
            sets.push_back({asym, w, b, bench_fens("asymmetric")});
    sets.push_back({load_shipped("uneven"), "", "", bench_fens("uneven")});
    return sets;
}

TEST(EngineBench, SignatureIsStable) {
    const auto result = players::engine::run_bench(BenchDepth, shipped_sets());
    ASSERT_TRUE(result.ok()) << result.error().to_string();
    std::cout << "bench: " << result->positions << " positions, " << result->nodes << " nodes, "
              << result->seconds << " s, " << static_cast<long>(result->nps) << " nodes/s\n";
    EXPECT_EQ(result->positions, 5 + 9 * 5 + 4);
    EXPECT_EQ(result->nodes, ExpectedSignature);
}

TEST(EngineBench, SignatureDoesNotDependOnHashSize) {
    // Same count twice, and with a different table size (the bench fits in both).
    auto sets = shipped_sets();
    sets.resize(2);
    const auto a = players::engine::run_bench(5, sets, 16);
    const auto b = players::engine::run_bench(5, sets, 16);
    const auto c = players::engine::run_bench(5, sets, 64);
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    EXPECT_EQ(a->nodes, b->nodes);
    EXPECT_EQ(a->nodes, c->nodes);
}

TEST(EngineBench, PerInstanceMemory) {
    // The hash table dominates; search scratch and evaluation tables add about 1 MB per board
    // width in use.
    players::engine::Engine engine;
    for (const char* variant : {"chess", "uneven"}) {
        const auto game = make_game(load_shipped(variant), "", "");
        EXPECT_EQ(engine.choose_move(game, depth_limit(3), 0).status, players::MoveStatus::Ok);
    }
    const std::size_t bytes = engine.memory_bytes();
    std::cout << "engine memory: " << bytes / 1024 << " KiB\n";
    EXPECT_GE(bytes, 16u << 20);
    EXPECT_LE(bytes, 20u << 20);
}

TEST(EngineBench, NodeLimitedSearchUsesATableSizedToItsLimit) {
    // 10,000 nodes need at most 10,000 entries: a 1 MB table (transposition_table.hpp), not the
    // 16 MB asked for; a depth-limited search gets all of it again. The table is cleared on every
    // change, so a used engine answers exactly like a fresh one.
    const auto game = make_game(load_shipped("chess"), "", "");
    players::SearchLimits nodes;
    nodes.nodes = 10'000;
    players::engine::Engine used, fresh;
    EXPECT_EQ(used.choose_move(game, depth_limit(4), 0).status, players::MoveStatus::Ok);
    EXPECT_GE(used.memory_bytes(), 16u << 20);
    const auto a = used.choose_move(game, nodes, 3);
    EXPECT_LE(used.memory_bytes(), 3u << 20);
    const auto b = fresh.choose_move(game, nodes, 3);
    EXPECT_EQ(a.move, b.move);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(used.choose_move(game, depth_limit(4), 0).status, players::MoveStatus::Ok);
    EXPECT_GE(used.memory_bytes(), 16u << 20);
}

TEST(EngineBench, BadFenIsAnError) {
    std::vector<BenchSet> sets{{load_shipped("chess"), "", "", {"not a fen"}}};
    EXPECT_FALSE(players::engine::run_bench(3, sets).ok());
}

}  // namespace
}  // namespace balance::testing
