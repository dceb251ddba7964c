#pragma once
// Small sweeps the tests of real `balance` processes share, and a count read from a database
// while such a process may be writing into it.

#include <sqlite3.h>

#include <filesystem>
#include <string>

namespace balance::testing {

// Random movers, 8 short games: done in well under a second.
inline constexpr const char* kQuickSweep = R"(variant = "chess"
games_per_cell = 8
[players.mover]
type = "random"
[adjudication]
max_plies = 20
)";

// 24 games of a 4000-node engine against a greedy player: a few seconds, so that a kill lands
// in the middle of the run.
inline constexpr const char* kDurableSweep = R"(name = "durable"
variant = "chess"
seed = 9
games_per_cell = 12
matchups = [["e", "g"], ["g", "e"]]
[players.e]
type = "engine"
nodes = 4000
hash_mb = 1
[players.g]
type = "greedy"
[openings]
type = "random-plies"
plies = 2
[adjudication]
max_plies = 80
)";

// A 300-node chess engine (or the players `players` describes) against itself: `games` games a
// cell from 4 random plies, at most 100 plies each. The games `balance tune` fits.
inline constexpr const char* kTinyTunePlayer = R"(
[players.tiny]
type = "engine"
nodes = 300
hash_mb = 1
)";
inline std::string tiny_tune_sweep(int seed, int games,
                                   const std::string& players = kTinyTunePlayer) {
    return "variant = \"chess\"\nseed = " + std::to_string(seed) +
           "\ngames_per_cell = " + std::to_string(games) + "\n" + players + R"(
[openings]
type = "random-plies"
plies = 4
[adjudication]
max_plies = 100
)";
}

// The one number `sql` selects from `db`, read through the C API; 0 while the database is not
// there yet.
inline long long count_rows(const std::filesystem::path& db, const char* sql) {
    if (!std::filesystem::exists(db)) return 0;
    sqlite3* handle = nullptr;
    long long count = 0;
    if (sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_busy_timeout(handle, 5000);
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(handle, sql, -1, &stmt, nullptr) == SQLITE_OK &&
            sqlite3_step(stmt) == SQLITE_ROW)
            count = sqlite3_column_int64(stmt, 0);
        sqlite3_finalize(stmt);
    }
    sqlite3_close(handle);
    return count;
}

// A fix search of chess: the knight and the rook, two added components and ranges; a handful
// of candidates at 300 nodes.
inline constexpr const char* kTinyFix = R"(variant = "chess"
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
budget = 100
round_games = 10
edits = ["betza", "ranges"]
pieces = ["knight", "rook"]
add = ["W", "D"]
)";

// 600 nodes: the limit holds inside the first iteration, and 40 games of a 300-node player
// hang pieces so often that a material difference wins every game it appears in (no fit).
inline constexpr const char* kTinyCalibration = R"(variant = "chess"
seed = 8
games_per_cell = 40
[players.tiny]
type = "engine"
nodes = 600
hash_mb = 1
[openings]
type = "random-plies"
plies = 6
[adjudication]
max_plies = 120
[calibrate]
player = "tiny"
max_rounds = 2
match_games = 8
method = "regression"
)";

}  // namespace balance::testing
