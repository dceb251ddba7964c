// The transposition table: what a search stores it finds again, in that search and the game's
// later searches, never after clear(), in a table of the size asked for (allocated on a
// huge-page boundary).

#include <gtest/gtest.h>

#include <cstdint>

#include "engine/transposition_table.hpp"

namespace balance::players::engine {
namespace {

constexpr std::uint64_t KeyA = 0x9E3779B97F4A7C15ULL, KeyB = 0xD1B54A32D192ED03ULL;

TEST(TranspositionTable, FindsWhatItStoredWithEveryField) {
    TranspositionTable tt(1);
    tt.new_search();
    const core::Move m(12, 28);
    tt.store(KeyA, m, -321, 45, 7, Bound::Lower);
    const TTEntry* e = tt.probe(KeyA);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->best_move(), m);
    EXPECT_EQ(e->score, -321);
    EXPECT_EQ(e->eval, 45);
    EXPECT_EQ(e->depth, 7);
    EXPECT_EQ(e->bound, Bound::Lower);
    EXPECT_EQ(tt.probe(KeyB), nullptr);
}

TEST(TranspositionTable, AClearedTableIsEmptyAndTheNextSearchSeesTheLastOnes) {
    TranspositionTable tt(1);
    tt.clear();
    tt.store(KeyA, core::Move(1, 2), 10, 10, 3, Bound::Exact);
    ASSERT_NE(tt.probe(KeyA), nullptr);
    tt.new_search();  // the game's next move: what the last search stored is still there
    ASSERT_NE(tt.probe(KeyA), nullptr);
    EXPECT_EQ(tt.probe(KeyA)->depth, 3);
    tt.store(KeyB, core::Move(3, 4), 20, 20, 2, Bound::Lower);
    tt.clear();  // another game, or a search that does not continue it
    EXPECT_EQ(tt.probe(KeyA), nullptr);
    EXPECT_EQ(tt.probe(KeyB), nullptr);
}

TEST(TranspositionTable, AnEarlierSearchsEntryGivesWayToANewResult) {
    TranspositionTable tt(1);
    tt.clear();
    tt.store(KeyA, core::Move(1, 2), 10, 10, 9, Bound::Lower);
    tt.store(KeyA, core::Move(5, 6), 30, 10, 2, Bound::Upper);  // same search: the deeper stays
    EXPECT_EQ(tt.probe(KeyA)->depth, 9);
    tt.new_search();
    tt.store(KeyA, core::Move(5, 6), 30, 10, 2, Bound::Upper);  // next search: the new result
    EXPECT_EQ(tt.probe(KeyA)->depth, 2);
    EXPECT_EQ(tt.probe(KeyA)->best_move(), core::Move(5, 6));
}

TEST(TranspositionTable, OldEntriesStayInvisibleWhenTheGenerationWraps) {
    TranspositionTable tt(1);
    tt.clear();
    tt.store(KeyA, core::Move(1, 2), 10, 10, 3, Bound::Exact);
    // 65535 more searches bring the 16-bit generation back to the value KeyA was stored under.
    for (int i = 0; i < 65535; ++i) tt.new_search();
    EXPECT_EQ(tt.probe(KeyA), nullptr);
    EXPECT_EQ(tt.hashfull(), 0);
    // Cleared often, the table is wiped for real by a clear(), never inside a game.
    tt.store(KeyA, core::Move(1, 2), 10, 10, 3, Bound::Exact);
    for (int i = 0; i < 40'000; ++i) tt.clear();
    tt.store(KeyB, core::Move(1, 2), 10, 10, 3, Bound::Exact);
    for (int i = 0; i < 30; ++i) tt.new_search();
    EXPECT_EQ(tt.probe(KeyA), nullptr);
    EXPECT_NE(tt.probe(KeyB), nullptr);
}

TEST(TranspositionTable, HasTheSizeAskedForAndForgetsOnResize) {
    TranspositionTable tt(3);  // not a multiple of the 2 MB huge page
    EXPECT_EQ(tt.bytes(), std::size_t{3} * 1024 * 1024);
    tt.new_search();
    tt.store(KeyA, core::Move(1, 2), 10, 10, 3, Bound::Exact);
    tt.resize(2);
    EXPECT_EQ(tt.bytes(), std::size_t{2} * 1024 * 1024);
    EXPECT_EQ(tt.megabytes(), 2u);
    tt.new_search();
    EXPECT_EQ(tt.probe(KeyA), nullptr);
    // Every cluster is usable: as many distinct keys as the table has entries mostly stay.
    const std::uint64_t entries = tt.bytes() / sizeof(TTEntry);
    std::uint64_t found = 0, key = 1;
    for (std::uint64_t i = 0; i < entries / 2; ++i, key = key * 6364136223846793005ULL + 1)
        tt.store(key, core::Move(1, 2), 1, 1, 1, Bound::Exact);
    key = 1;
    for (std::uint64_t i = 0; i < entries / 2; ++i, key = key * 6364136223846793005ULL + 1)
        found += tt.probe(key) != nullptr;
    EXPECT_GT(found, entries / 2 * 9 / 10);
}

TEST(TranspositionTable, NodeLimitedSearchesGetATableSizedToTheirLimit) {
    // One 64-byte cluster per node, rounded up to whole MB, between 1 MB and the size asked for.
    EXPECT_EQ(table_megabytes(16, 0), 16u);  // no node limit: all of it
    EXPECT_EQ(table_megabytes(16, 1), 1u);
    EXPECT_EQ(table_megabytes(16, 10'000), 1u);  // 640,000 bytes
    EXPECT_EQ(table_megabytes(16, 16'384), 1u);  // exactly 1 MB
    EXPECT_EQ(table_megabytes(16, 16'385), 2u);
    EXPECT_EQ(table_megabytes(16, 40'000), 3u);  // 2.44 MB
    EXPECT_EQ(table_megabytes(16, 64'000), 4u);  // 3.91 MB
    EXPECT_EQ(table_megabytes(16, 262'144), 16u);
    EXPECT_EQ(table_megabytes(16, 1'000'000), 16u);  // capped by what was asked for
    EXPECT_EQ(table_megabytes(1, 64'000), 1u);
    EXPECT_EQ(table_megabytes(4096, 1'000'000'000'000), 4096u);  // the largest limits: no overflow
}

TEST(TranspositionTable, EnsureResizesOnlyOnAChange) {
    TranspositionTable tt(2);
    tt.new_search();
    tt.store(KeyA, core::Move(1, 2), 10, 10, 3, Bound::Exact);
    tt.ensure(2);  // same size: the table and its generation stay
    EXPECT_NE(tt.probe(KeyA), nullptr);
    tt.ensure(1);
    EXPECT_EQ(tt.bytes(), std::size_t{1} * 1024 * 1024);
    tt.new_search();
    EXPECT_EQ(tt.probe(KeyA), nullptr);  // resizing forgets
}

// What an entry's narrow fields cannot hold is refused in debug builds (BALANCE_ASSERT), not
// truncated into a wrong entry.
#ifdef NDEBUG
TEST(TranspositionTable, RefusesWhatAnEntryCannotHold) {
    GTEST_SKIP() << "Release build: the checks are compiled away";
}
#else
TEST(TranspositionTable, RefusesWhatAnEntryCannotHold) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    TranspositionTable tt(1);
    tt.new_search();
    EXPECT_DEATH(tt.store(KeyA, core::Move(1, 2), 10, 10, 3, Bound::None),
                 "invariant violated: bound == Bound::Upper");
    EXPECT_DEATH(tt.store(KeyA, core::Move(1, 2), 10, 10, 200, Bound::Exact),
                 "invariant violated: depth >= 0");
    EXPECT_DEATH(tt.store(KeyA, core::Move(1, 2), 40000, 10, 3, Bound::Exact),
                 "invariant violated: score >=");
    TranspositionTable empty;
    EXPECT_DEATH(static_cast<void>(empty.probe(KeyA)), "invariant violated: count_ > 0");
}
#endif

}  // namespace
}  // namespace balance::players::engine
