// The calibration loop driven as a library (runs::calibrate) on a tiny chess calibration: rounds
// that play by the previous round's fit, the stop conditions, a stop part-way and its resumption,
// status read from the stored games, and the refusal of another calibration's database.

#include "balance/runs/calibration.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "../support/temp_dir.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/tournament/store.hpp"

namespace balance::runs {
namespace {

using balance::testing::TempDir;

// As tests/cli/calibrate_test.cpp: 600 nodes, where 40 games give the regression a fit.
// `values`: the player's own, inline ("" : the documented ones).
std::string tiny_calibration(int max_rounds, int seed = 8, const std::string& values = "") {
    return "variant = \"chess\"\nseed = " + std::to_string(seed) + R"(
games_per_cell = 40
[players.tiny]
type = "engine"
nodes = 600
hash_mb = 1
)" + values +
           R"(
[openings]
type = "random-plies"
plies = 6
[adjudication]
max_plies = 120
[calibrate]
player = "tiny"
max_rounds = )" +
           std::to_string(max_rounds) +
           R"(
match_games = 2
method = "regression"
)";
}

tournament::Sweep load(const TempDir& dir, const std::string& text) {
    auto sweep = config::load_sweep(dir.write("tiny.toml", text));
    EXPECT_TRUE(sweep.ok()) << (sweep ? "" : sweep.error().to_string());
    return sweep ? *sweep : tournament::Sweep{};
}

// What the calibration told as it went.
struct Heard {
    std::vector<std::string> playing;
    std::vector<CalibrationStop> stops;
    CalibrationObserver observer() {
        CalibrationObserver o;
        o.playing = [this](const std::string& sweep) -> tournament::ProgressObserver* {
            playing.push_back(sweep);
            return nullptr;
        };
        o.stopped = [this](const CalibrationStop& stop) { stops.push_back(stop); };
        return o;
    }
};

std::int64_t stored_games(const std::string& db) {
    auto store = tournament::ResultStore::open_existing(db);
    EXPECT_TRUE(store.ok());
    if (!store) return -1;
    auto games = store->games();
    EXPECT_TRUE(games.ok());
    return games ? static_cast<std::int64_t>(games->size()) : -1;
}

TEST(Calibration, EachRoundPlaysByTheFitBeforeUntilNoValueMovesOrMaxRounds) {
    TempDir dir;
    // A bishop of 6 lies outside round 0's fitted interval, so round 1 plays (by the fit).
    const tournament::Sweep sweep = load(dir, tiny_calibration(2, 8, "values = { bishop = 6 }"));
    CalibrationSettings settings;
    settings.db = (dir.path() / "tiny.db").string();
    settings.threads = 2;
    Heard heard;
    std::atomic<bool> stop{false};
    auto result = calibrate(sweep, settings, heard.observer(), stop);
    ASSERT_TRUE(result.ok()) << result.error().to_string();

    EXPECT_FALSE(result->stopped);
    EXPECT_TRUE(heard.stops.empty());
    EXPECT_TRUE(result->in_progress.empty());
    EXPECT_EQ(result->db, settings.db);
    // The stop conditions: a round whose values all lie inside their intervals ends the loop;
    // without one it runs to max_rounds.
    ASSERT_EQ(result->rounds.size(), 2u);
    EXPECT_EQ(result->rounds[0].moved, std::vector<std::string>{"bishop"});
    EXPECT_EQ(result->converged, result->rounds[1].moved.empty());

    const CalibrationRound& first = result->rounds[0];
    EXPECT_EQ(first.player, "tiny-r0");
    EXPECT_EQ(first.played, sweep.players.front().piece_values);  // round 0: the file's values
    EXPECT_FALSE(first.match);
    EXPECT_GT(first.games, 0);
    // Round 1 plays by round 0's fit (step 1: the fitted values themselves) and meets round 0.
    const CalibrationRound& second = result->rounds[1];
    EXPECT_EQ(second.player, "tiny-r1");
    int fitted = 0;
    for (const auto& row : first.fit.rows) {
        if (!row.identified || row.value.value <= 0.0) continue;
        ASSERT_TRUE(second.played.contains(row.piece)) << row.piece;
        EXPECT_NEAR(second.played.at(row.piece), row.value.value, 1e-9) << row.piece;
        ++fitted;
    }
    EXPECT_GE(fitted, 4);
    ASSERT_TRUE(second.match);
    EXPECT_EQ(second.match_wdl.games(), 2);
    const std::vector<std::string> expected = {sweep.name + "-r0", sweep.name + "-r1",
                                               sweep.name + "-r1-match"};
    EXPECT_EQ(heard.playing, expected);
    EXPECT_EQ(result->played, stored_games(settings.db));
}

TEST(Calibration, StopsPartWayAndTheSameCallResumes) {
    TempDir dir;
    const tournament::Sweep sweep = load(dir, tiny_calibration(1));
    CalibrationSettings settings;
    settings.db = (dir.path() / "tiny.db").string();
    settings.threads = 2;
    settings.max_games = 15;
    std::atomic<bool> stop{false};
    Heard heard;
    auto stopped = calibrate(sweep, settings, heard.observer(), stop);
    ASSERT_TRUE(stopped.ok()) << stopped.error().to_string();
    EXPECT_TRUE(stopped->stopped);
    EXPECT_EQ(stopped->ending, Ending::MaxGames);
    EXPECT_TRUE(stopped->rounds.empty());
    EXPECT_EQ(stopped->played, 15);
    EXPECT_EQ(stopped->in_progress, sweep.name + "-r0: 15 of its 40 games stored");
    ASSERT_EQ(heard.stops.size(), 1u);
    EXPECT_EQ(heard.stops[0].sweep, sweep.name + "-r0");
    EXPECT_EQ(heard.stops[0].summary.remaining, 25);

    // status reads the round in progress: nothing played, nothing heard.
    CalibrationSettings status = settings;
    status.max_games = -1;
    status.status = true;
    Heard quiet;
    auto read = calibrate(sweep, status, quiet.observer(), stop);
    ASSERT_TRUE(read.ok()) << read.error().to_string();
    EXPECT_TRUE(read->stopped);
    EXPECT_EQ(read->played, 0);
    EXPECT_EQ(read->in_progress, stopped->in_progress);
    EXPECT_TRUE(quiet.playing.empty());
    EXPECT_EQ(stored_games(settings.db), 15);

    // Resumed: the 25 games left, then the fit; max_rounds = 1 ends it there.
    settings.max_games = -1;
    auto resumed = calibrate(sweep, settings, {}, stop);
    ASSERT_TRUE(resumed.ok()) << resumed.error().to_string();
    EXPECT_FALSE(resumed->stopped);
    EXPECT_EQ(resumed->played, 25);
    ASSERT_EQ(resumed->rounds.size(), 1u);
    EXPECT_EQ(stored_games(settings.db), 40);

    // Finished, status reads the same rounds the run that finished it returned.
    auto after = calibrate(sweep, status, {}, stop);
    ASSERT_TRUE(after.ok()) << after.error().to_string();
    EXPECT_FALSE(after->stopped);
    ASSERT_EQ(after->rounds.size(), 1u);
    EXPECT_EQ(after->converged, resumed->converged);
    EXPECT_EQ(after->values, resumed->values);
    ASSERT_EQ(after->rounds[0].fit.rows.size(), resumed->rounds[0].fit.rows.size());
    for (std::size_t i = 0; i < after->rounds[0].fit.rows.size(); ++i)
        EXPECT_EQ(after->rounds[0].fit.rows[i].value.value,
                  resumed->rounds[0].fit.rows[i].value.value);
}

// A stop flag already set (a signal) stops the first sweep before any game.
TEST(Calibration, TheStopFlagEndsTheRunAsASignal) {
    TempDir dir;
    const tournament::Sweep sweep = load(dir, tiny_calibration(1));
    CalibrationSettings settings;
    settings.db = (dir.path() / "tiny.db").string();
    settings.threads = 1;
    std::atomic<bool> stop{true};
    auto result = calibrate(sweep, settings, {}, stop);
    ASSERT_TRUE(result.ok()) << result.error().to_string();
    EXPECT_TRUE(result->stopped);
    EXPECT_EQ(result->ending, Ending::Signal);
    EXPECT_EQ(exit_code(result->ending), 130);
    EXPECT_TRUE(result->rounds.empty());
}

TEST(Calibration, RefusesTheDatabaseOfAnotherConfiguration) {
    TempDir dir;
    CalibrationSettings settings;
    settings.db = (dir.path() / "tiny.db").string();
    settings.threads = 1;
    settings.max_games = 2;
    std::atomic<bool> stop{false};
    auto first = calibrate(load(dir, tiny_calibration(1, 8)), settings, {}, stop);
    ASSERT_TRUE(first.ok()) << first.error().to_string();
    ASSERT_EQ(stored_games(settings.db), 2);
    // Another seed: round 0 would be other games under the same names.
    auto other = calibrate(load(dir, tiny_calibration(1, 9)), settings, {}, stop);
    ASSERT_FALSE(other.ok());
    EXPECT_NE(other.error().message.find("played by another configuration"), std::string::npos)
        << other.error().to_string();
    EXPECT_EQ(stored_games(settings.db), 2);
}

// A node limit names the rounds (and the default database) after it.
TEST(Calibration, ANodeLimitNamesTheRounds) {
    TempDir dir;
    CalibrationSettings settings;
    settings.db = (dir.path() / "tiny.db").string();
    settings.nodes = 500;
    settings.max_games = 1;
    std::atomic<bool> stop{false};
    Heard heard;
    const tournament::Sweep sweep = load(dir, tiny_calibration(1));
    auto result = calibrate(sweep, settings, heard.observer(), stop);
    ASSERT_TRUE(result.ok()) << result.error().to_string();
    EXPECT_EQ(result->name, sweep.name + "-n500");
    ASSERT_EQ(heard.playing.size(), 1u);
    EXPECT_EQ(heard.playing[0], sweep.name + "-n500-r0");
}

}  // namespace
}  // namespace balance::runs
