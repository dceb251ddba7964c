#pragma once
// Helpers for the tournament tests: small sweeps written to a scratch directory, run in-process
// into a scratch database, and the stored games read back for comparison.

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <map>
#include <string>

#include "../support/temp_dir.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/tournament/player_factory.hpp"
#include "balance/tournament/runner.hpp"
#include "balance/tournament/store.hpp"

namespace balance::tournament::testing {

using balance::testing::TempDir;

// The smallest valid sweep: the Asymmetric variant, one engine player, two games per cell.
inline constexpr const char* kMinimalSweep = R"(variant = "asymmetric"
games_per_cell = 2
[players.e]
type = "engine"
nodes = 1000
)";

// The error of loading the sweep file `text`, as printed ("bad.toml:line: message"), relative
// to the file name whatever the temp directory is; "" (and a test failure) when it loads.
inline std::string sweep_load_error(const std::string& text) {
    TempDir dir;
    auto sweep = config::load_sweep(dir.write("bad.toml", text));
    EXPECT_FALSE(sweep.ok());
    if (sweep) return "";
    const std::string printed = sweep.error().to_string();
    const auto at = printed.find("bad.toml");
    return at == std::string::npos ? printed : printed.substr(at);
}

// A fast sweep: chess, the internal engine at a tiny node limit against the greedy baseline
// (both colour orders), short games. `extra` is appended to the file.
inline std::string small_sweep(int games_per_cell, const std::string& extra = "") {
    return "name = \"small\"\nvariant = \"chess\"\nseed = 42\ngames_per_cell = " +
           std::to_string(games_per_cell) + R"(
matchups = [["tiny", "greedy"], ["greedy", "tiny"]]
[players.tiny]
type = "engine"
nodes = 300
hash_mb = 1
[players.greedy]
type = "greedy"
[openings]
type = "random-plies"
plies = 2
[adjudication]
max_plies = 40
)" + extra;
}

inline Sweep load(const TempDir& dir, const std::string& text, const std::string& name = "s.toml") {
    auto sweep = config::load_sweep(dir.write(name, text));
    EXPECT_TRUE(sweep.ok()) << (sweep ? "" : sweep.error().to_string());
    return sweep ? *sweep : Sweep{};
}

struct RunResult {
    RunSummary summary;
    std::map<std::string, std::string> games;  // game key -> start FEN + moves + result
};

inline std::map<std::string, std::string> stored_games(const std::filesystem::path& db) {
    std::map<std::string, std::string> out;
    auto store = ResultStore::open_existing(db);
    EXPECT_TRUE(store.ok()) << (store ? "" : store.error().to_string());
    if (!store) return out;
    auto games = store->games();
    EXPECT_TRUE(games.ok());
    for (const auto& g : *games)
        out[g.game_key] = g.start_fen + " | " + g.moves + " | " + g.result + " " + g.termination;
    return out;
}

inline RunResult run(const Sweep& sweep, const std::filesystem::path& db, RunOptions options = {},
                     const PlayerFactory& factory = make_player) {
    std::atomic<bool> stop{false};
    RunResult out;
    {
        auto store = ResultStore::open(db);
        EXPECT_TRUE(store.ok()) << (store ? "" : store.error().to_string());
        if (!store) return out;
        auto summary = run_sweep(sweep, *store, options, factory, stop);
        EXPECT_TRUE(summary.ok()) << (summary ? "" : summary.error().to_string());
        if (summary) out.summary = *summary;
    }
    out.games = stored_games(db);
    return out;
}

// A sweep of one game each way between the internal engine (500 nodes) and the player
// [players.x] `player` describes, from 2 random plies, at most 100 plies a game.
inline std::string against_engine(const std::string& variant, const std::string& pairings,
                                  const std::string& player) {
    return "name = \"x\"\nvariant = \"" + variant + "\"\npairings = " + pairings + R"(
games_per_cell = 1
matchups = [["e", "x"], ["x", "e"]]
[players.e]
type = "engine"
nodes = 500
hash_mb = 1
[players.x]
)" + player +
           R"(
[openings]
type = "random-plies"
plies = 2
[adjudication]
max_plies = 100
)";
}

// Plays `sweep` (two threads) and expects `games` games, none ended by an engine fault, with
// `engine` (the external engine's own name) in the run's record.
inline void expect_clean_games(const TempDir& dir, const Sweep& sweep, std::size_t games,
                               const std::string& engine) {
    RunOptions options;
    options.threads = 2;
    const auto run_result = run(sweep, dir.path() / "clean.db", options);
    ASSERT_EQ(run_result.games.size(), games) << sweep.variant;
    for (const auto& [key, game] : run_result.games) {
        // Any engine fault would end the game as "<side>-<status>".
        for (const char* fault :
             {"illegal", "protocol", "crashed", "timeout", "no-move", "unavailable"})
            EXPECT_EQ(game.find(fault), std::string::npos) << key << ": " << game;
    }
    auto store = ResultStore::open_existing(dir.path() / "clean.db");
    ASSERT_TRUE(store.ok());
    const auto runs = store->runs();
    ASSERT_TRUE(runs.ok());
    EXPECT_NE(runs->front().engines_json.find(engine), std::string::npos);
}

}  // namespace balance::tournament::testing
