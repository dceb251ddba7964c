// Opening a sweep (rules compiled once per rule set and army pairing) and its database (resume,
// identity, lock, clean-up after a run that stored nothing).

#include "balance/tournament/open_sweep.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <string>

#include "../support/sweep_support.hpp"
#include "balance/tournament/runner.hpp"
#include "balance/tournament/sweep_database.hpp"

namespace balance::tournament {
namespace {

using testing::load;
using testing::small_sweep;
using testing::TempDir;

TEST(OpenSweep, CompilesEachRuleSetOncePerPairing) {
    TempDir dir;
    // Two rule sets, one pairing, two matchups: four cells, two compiled rule tables.
    std::string text = small_sweep(2);
    // Top-level keys go before the first table.
    text.insert(text.find("matchups"), "rule_sets = { plain = [], other = [\"no-castling\"] }\n");
    const Sweep sweep = load(dir, text);
    auto open = open_sweep(sweep);
    ASSERT_TRUE(open.ok()) << open.error().to_string();
    const auto cells = make_cells(open->sweep);
    ASSERT_EQ(cells.size(), 4u);
    // Cells of one rule set and pairing share the tables; the other rule set has its own.
    EXPECT_EQ(open->rules.of(cells[0]).narrow, open->rules.of(cells[1]).narrow);
    EXPECT_NE(open->rules.of(cells[0]).narrow, open->rules.of(cells[2]).narrow);
    EXPECT_EQ(open->rules.of(cells[2]).narrow, open->rules.of(cells[3]).narrow);
    EXPECT_TRUE(open->rules.fits(open->sweep));
}

// A sweep opened by rules compiled before (a fix race's rounds) shares them: nothing compiled
// again; its book positions are still started under them, and rules for other rule sets or
// pairings than the sweep's are refused.
TEST(OpenSweep, ByRulesCompiledBeforeSharesThem) {
    TempDir dir;
    std::string text = small_sweep(2);
    text.insert(text.find("matchups"), "rule_sets = { plain = [], other = [\"no-castling\"] }\n");
    const Sweep sweep = load(dir, text);
    auto first = open_sweep(sweep);
    ASSERT_TRUE(first.ok()) << first.error().to_string();
    // The second rule set alone, by the rules compiled for it.
    Sweep other = sweep;
    other.rule_sets = {sweep.rule_sets[1]};
    auto reopened = open_sweep(other, {first->rules.rule_set(1)});
    ASSERT_TRUE(reopened.ok()) << reopened.error().to_string();
    const auto cells = make_cells(reopened->sweep);
    ASSERT_FALSE(cells.empty());
    EXPECT_EQ(reopened->rules.of(cells[0]).narrow, first->rules.rule_set(1)[0].narrow);
    EXPECT_NE(reopened->rules.of(cells[0]).narrow, first->rules.rule_set(0)[0].narrow);
    EXPECT_TRUE(reopened->rules.fits(reopened->sweep));

    Sweep booked = other;
    booked.openings.book = {"not a position"};
    auto refused = open_sweep(booked, {first->rules.rule_set(1)});
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("book position 1"), std::string::npos)
        << refused.error().to_string();
    EXPECT_FALSE(open_sweep(other, {}).ok());    // no rules for its rule set
    EXPECT_FALSE(open_sweep(other, {{}}).ok());  // none for its pairing
}

TEST(OpenSweep, ARunRefusesRulesOfAnotherSweep) {
    TempDir dir;
    auto open = open_sweep(load(dir, small_sweep(2)));
    ASSERT_TRUE(open.ok());
    // A rule set added after opening has no compiled rules: an error, never a game under the
    // wrong tables.
    open->sweep.rule_sets.push_back(open->sweep.rule_sets.front());
    open->sweep.rule_sets.back().name = "added";
    auto store = ResultStore::open(dir.path() / "r.db");
    ASSERT_TRUE(store.ok());
    std::atomic<bool> stop{false};
    auto summary = run_sweep(*open, *store, RunOptions{}, make_player, stop);
    ASSERT_FALSE(summary.ok());
    EXPECT_NE(summary.error().message.find("changed after it was opened"), std::string::npos);
    // So is a rule set swapped for another document with the same count of rule sets.
    open->sweep.rule_sets.pop_back();
    open->sweep.rule_sets.front().spec_toml += "\n# another document\n";
    EXPECT_FALSE(run_sweep(*open, *store, RunOptions{}, make_player, stop).ok());
}

TEST(OpenSweep, NamesTheCellThatDoesNotCompile) {
    TempDir dir;
    Sweep sweep = load(dir, small_sweep(2));
    sweep.pairings.front().white = "nobody";
    auto open = open_sweep(sweep);
    ASSERT_FALSE(open.ok());
    EXPECT_NE(open.error().message.find("nobody-fide"), std::string::npos) << open.error().message;
    EXPECT_EQ(open.error().where, sweep.file);
}

TEST(SweepDatabase, ResumeNeedsADatabase) {
    TempDir dir;
    auto open = open_sweep(load(dir, small_sweep(2)));
    ASSERT_TRUE(open.ok());
    DatabaseOptions options;
    options.resume = true;
    const std::string db = (dir.path() / "missing.db").string();
    auto database = SweepDatabase::open(*open, db, options);
    ASSERT_FALSE(database.ok());
    EXPECT_NE(database.error().message.find("nothing to resume"), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(db));
}

TEST(SweepDatabase, DiscardsWhatARunThatStoredNothingCreated) {
    TempDir dir;
    auto open = open_sweep(load(dir, small_sweep(2)));
    ASSERT_TRUE(open.ok());
    const std::string db = (dir.path() / "new.db").string();
    {
        auto database = SweepDatabase::open(*open, db, DatabaseOptions{});
        ASSERT_TRUE(database.ok()) << database.error().to_string();
        EXPECT_TRUE(std::filesystem::exists(db));
        database->discard_if_empty();
    }
    EXPECT_FALSE(std::filesystem::exists(db));
}

TEST(SweepDatabase, KeepsADatabaseWithGamesAndLocksItsShard) {
    TempDir dir;
    auto open = open_sweep(load(dir, small_sweep(2)));
    ASSERT_TRUE(open.ok());
    const std::string db = (dir.path() / "kept.db").string();
    auto database = SweepDatabase::open(*open, db, DatabaseOptions{});
    ASSERT_TRUE(database.ok()) << database.error().to_string();
    std::atomic<bool> stop{false};
    auto summary = run_sweep(*open, database->store(), RunOptions{}, make_player, stop);
    ASSERT_TRUE(summary.ok()) << summary.error().to_string();
    EXPECT_EQ(summary->played, 4);

    // A second process on the same games is refused while the first holds the lock.
    auto second = SweepDatabase::open(*open, db, DatabaseOptions{});
    ASSERT_FALSE(second.ok());
    EXPECT_NE(second.error().message.find("another `balance sweep`"), std::string::npos);

    database->discard_if_empty();  // games are stored: nothing is removed
    EXPECT_TRUE(std::filesystem::exists(db));
}

TEST(SweepDatabase, RefusesAnotherConfigurationUnlessForced) {
    TempDir dir;
    auto first = open_sweep(load(dir, small_sweep(2)));
    ASSERT_TRUE(first.ok());
    const std::string db = (dir.path() / "s.db").string();
    {
        auto database = SweepDatabase::open(*first, db, DatabaseOptions{});
        ASSERT_TRUE(database.ok());
        std::atomic<bool> stop{false};
        ASSERT_TRUE(run_sweep(*first, database->store(), RunOptions{}, make_player, stop).ok());
    }
    Sweep other = load(dir, small_sweep(2));
    other.seed = 43;
    auto reseeded = open_sweep(other);
    ASSERT_TRUE(reseeded.ok());
    auto refused = SweepDatabase::open(*reseeded, db, DatabaseOptions{});
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("different configuration"), std::string::npos)
        << refused.error().message;
    DatabaseOptions force;
    force.force = true;
    EXPECT_TRUE(SweepDatabase::open(*reseeded, db, force).ok());
}

}  // namespace
}  // namespace balance::tournament
