// The fix race driven as a library (runs::race_fix) on hand-made stored games: read with
// `status`, it plays nothing, so every verdict is a function of the scores written here.

#include "balance/runs/fix_race.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "../support/temp_dir.hpp"
#include "balance/config/fix_candidates.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/tournament/cell_key.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/store.hpp"
#include "balance/tournament/sweep_json.hpp"

namespace balance::runs {
namespace {

using balance::testing::TempDir;

// Chess with the knight's added Wazir step and range steps of the rook: a handful of candidates.
constexpr const char* kTinyFix = R"(variant = "chess"
seed = 7
[players.tiny]
type = "engine"
nodes = 300
hash_mb = 1
[openings]
type = "random-plies"
plies = 4
[adjudication]
max_plies = 120
[fix]
margin = 0.1
budget = 1000
round_games = 20
edits = ["betza", "ranges"]
pieces = ["knight", "rook"]
add = ["W"]
)";

tournament::Sweep load(const TempDir& dir) {
    auto sweep = config::load_sweep(dir.write("tiny.toml", kTinyFix));
    EXPECT_TRUE(sweep.ok()) << (sweep ? "" : sweep.error().to_string());
    return sweep ? *sweep : tournament::Sweep{};
}

// Stores `scores` (White's, one a game) as the first games of every cell of `candidate`, in run
// `run_id`, with the candidate's rules.
void store_games(tournament::ResultStore& store, const tournament::Sweep& search,
                 std::int64_t run_id, const config::FixCandidate& candidate,
                 const std::vector<double>& scores) {
    tournament::RuleSpecRow spec;
    spec.spec_hash = candidate.rule_set.hash();
    spec.variant = search.variant;
    spec.rules = candidate.rule_set.rules();
    spec.cell_rules = candidate.rule_set.cell_rules();
    spec.spec_toml = candidate.rule_set.spec_toml;
    spec.origin = "sweep";
    spec.recorded_at = "2026-01-01T00:00:00Z";
    auto recorded = store.record_rule_spec(spec);
    ASSERT_TRUE(recorded.ok()) << recorded.error().to_string();
    for (const auto& pairing : search.pairings) {
        for (const auto& matchup : search.matchups) {
            const std::string cell =
                tournament::CellKey{search.variant, pairing.white,
                                    pairing.black,  candidate.rule_set.cell_rules(),
                                    matchup.white,  matchup.black}
                    .str();
            for (std::size_t i = 0; i < scores.size(); ++i) {
                tournament::GameRow row;
                row.game_key = fmt::format("{}#{}", cell, i);
                row.run_id = run_id;
                row.sweep_name = "tiny-r0";
                row.cell_key = cell;
                row.game_index = static_cast<int>(i);
                row.variant = search.variant;
                row.white_army = pairing.white;
                row.black_army = pairing.black;
                row.rules = candidate.rule_set.rules();
                row.white_player = matchup.white;
                row.black_player = matchup.black;
                row.white_score = scores[i];
                row.result = scores[i] == 1.0 ? "1-0" : scores[i] == 0.0 ? "0-1" : "1/2-1/2";
                row.spec_hash = candidate.rule_set.hash();
                auto inserted = store.insert_game(row);
                ASSERT_TRUE(inserted.ok()) << inserted.error().to_string();
            }
        }
    }
}

TEST(FixRace, DropsACandidateWhoseStoredGamesMissTheBand) {
    TempDir dir;
    const tournament::Sweep loaded = load(dir);
    auto open = tournament::open_sweep(loaded);
    ASSERT_TRUE(open.ok()) << open.error().to_string();
    // The candidates the race makes, made here the same way, to write their games.
    auto candidates = config::fix_candidates(loaded);
    ASSERT_TRUE(candidates.ok()) << candidates.error().to_string();
    ASSERT_GE(candidates->size(), 3u);
    const tournament::Sweep search = config::fix_search_sweep(loaded);
    ASSERT_EQ(search.pairings.size() * search.matchups.size(), 1u);

    const auto db = (dir.path() / "tiny.db").string();
    {
        auto store = tournament::ResultStore::open(db);
        ASSERT_TRUE(store.ok()) << store.error().to_string();
        // A run of the search's own configuration (another one would be refused).
        tournament::RunRow run;
        run.started_at = "2026-01-01T00:00:00Z";
        run.sweep_name = "tiny-r0";
        run.config_json = tournament::config_json(search);
        run.master_seed = search.seed;
        auto run_id = store->begin_run(run);
        ASSERT_TRUE(run_id.ok()) << run_id.error().to_string();
        // Round 0: "no change" wins every game for White (dropped: far above the band); every
        // other candidate splits wins and losses evenly (its interval straddles the band: open).
        const std::vector<double> white_wins(20, 1.0);
        std::vector<double> even;
        for (int i = 0; i < 20; ++i) even.push_back(i % 2);
        for (std::size_t i = 0; i < candidates->size(); ++i)
            if ((*candidates)[i].rejected.empty())
                store_games(*store, search, *run_id, (*candidates)[i], i == 0 ? white_wins : even);
    }

    FixSettings settings;
    settings.db = db;
    settings.status = true;  // read the stored games; play nothing
    int played = 0;
    FixObserver observer;
    observer.playing = [&](const tournament::Sweep&) -> tournament::ProgressObserver* {
        ++played;
        return nullptr;
    };
    std::atomic<bool> stop{false};
    auto result = race_fix(*open, settings, observer, stop);
    ASSERT_TRUE(result.ok()) << result.error().to_string();

    EXPECT_EQ(played, 0);
    EXPECT_EQ(result->played, 0);
    ASSERT_EQ(result->candidates.size(), candidates->size());
    EXPECT_EQ(result->candidates[0].label, "no change");
    // Round 0 decided from the stored games; round 1's are not all stored: in progress.
    EXPECT_EQ(result->rounds, 1);
    EXPECT_FALSE(result->complete);
    EXPECT_TRUE(result->stopped);
    ASSERT_TRUE(result->entries[0]);
    EXPECT_EQ(result->entries[0]->status, stats::RaceStatus::Dropped);
    EXPECT_EQ(result->entries[0]->sample.games, 20);
    EXPECT_DOUBLE_EQ(result->entries[0]->interval.estimate, 1.0);
    int open_candidates = 0;
    for (std::size_t i = 1; i < result->candidates.size(); ++i) {
        if (!result->candidates[i].rejected.empty()) {
            EXPECT_FALSE(result->entries[i]) << result->candidates[i].label;
            continue;
        }
        ASSERT_TRUE(result->entries[i]) << result->candidates[i].label;
        EXPECT_EQ(result->entries[i]->status, stats::RaceStatus::Racing)
            << result->candidates[i].label;
        EXPECT_DOUBLE_EQ(result->entries[i]->interval.estimate, 0.5);
        ++open_candidates;
    }
    EXPECT_GE(open_candidates, 2);
    // Round 1 is the open candidates' alone, and their first 20 games in it are round 0's.
    EXPECT_EQ(result->in_progress.rfind(fmt::format("{} of its ", 20 * open_candidates), 0), 0u)
        << result->in_progress;
    EXPECT_EQ(result->stored_games(), 20 * (open_candidates + 1));
    // The table: the open ones first, then the dropped one, the rejected last.
    const auto rows = result->ranked();
    ASSERT_EQ(rows.size(), result->candidates.size());
    EXPECT_EQ(rows[static_cast<std::size_t>(open_candidates)].candidate->label, "no change");
    for (std::size_t k = static_cast<std::size_t>(open_candidates) + 1; k < rows.size(); ++k)
        EXPECT_EQ(rows[k].entry, nullptr) << rows[k].candidate->label;
}

// Without the database, status has nothing to read: an error naming it, nothing created.
TEST(FixRace, StatusWithoutADatabaseIsAnError) {
    TempDir dir;
    auto open = tournament::open_sweep(load(dir));
    ASSERT_TRUE(open.ok()) << open.error().to_string();
    FixSettings settings;
    settings.db = (dir.path() / "none.db").string();
    settings.status = true;
    std::atomic<bool> stop{false};
    auto result = race_fix(*open, settings, {}, stop);
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.error().to_string().find("no such database"), std::string::npos)
        << result.error().to_string();
    EXPECT_FALSE(std::filesystem::exists(settings.db));
}

// "no change" plays by the rules the fix file's own sweep compiled, not by a second compile.
TEST(FixRace, NoChangeTakesTheRulesTheFileCompiled) {
    TempDir dir;
    const tournament::Sweep loaded = load(dir);
    auto open = tournament::open_sweep(loaded);
    ASSERT_TRUE(open.ok()) << open.error().to_string();
    auto candidates = config::fix_candidates(loaded, &*open);
    ASSERT_TRUE(candidates.ok()) << candidates.error().to_string();
    const config::FixCandidate& none = candidates->front();
    ASSERT_EQ(none.label, "no change");
    ASSERT_EQ(none.rules.size(), 1u);
    EXPECT_EQ(none.rules[0].narrow, open->rules.rule_set(0)[0].narrow);
    // Every other valid candidate has rules of its own, compiled once when it was made.
    for (std::size_t i = 1; i < candidates->size(); ++i) {
        const auto& c = (*candidates)[i];
        if (!c.rejected.empty()) {
            EXPECT_TRUE(c.rules.empty()) << c.label;
            continue;
        }
        ASSERT_EQ(c.rules.size(), 1u) << c.label;
        EXPECT_NE(c.rules[0].narrow, nullptr) << c.label;
        EXPECT_NE(c.rules[0].narrow, none.rules[0].narrow) << c.label;
    }
    // Without the opened sweep, "no change" is compiled anew.
    auto again = config::fix_candidates(loaded);
    ASSERT_TRUE(again.ok());
    EXPECT_NE(again->front().rules[0].narrow, open->rules.rule_set(0)[0].narrow);
}

TEST(FixRace, ConfirmationSeedAndDatabase) {
    EXPECT_EQ(confirmation_db("results/elves.db"), "results/elves-confirm.db");
    EXPECT_EQ(confirmation_db("elves"), "elves-confirm");
    EXPECT_EQ(confirmation_seed(7), confirmation_seed(7));
    EXPECT_NE(confirmation_seed(7), confirmation_seed(8));
    EXPECT_NE(confirmation_seed(7), 7u);
}

}  // namespace
}  // namespace balance::runs
