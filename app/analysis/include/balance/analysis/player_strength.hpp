#pragma once
// How strong each player of a report is, so that the strongest player's verdict comes first.
//
// Where the players met (a player scale: balance/analysis/player_scale.hpp) their measured Elo
// orders them. Otherwise the order is the one docs/reports.md gives (Verdict): the
// Stockfish family (Fairy-Stockfish, Stockfish) above the internal engine (Fairy-Stockfish won
// 18-0-2 and Stockfish 47-0 against it at equal nodes in chess), the internal engine, Fairy-Max,
// SjaakII and any other engine next, then the random and greedy movers; within one engine a
// larger budget (nodes, depth or time a move) is stronger.

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "balance/analysis/player_scale.hpp"
#include "balance/analysis/store_reader.hpp"

namespace balance::analysis {

struct PlayerStrength {
    std::string engine;       // the player's type: "fairy-stockfish", "engine", "fairymax", ...
    int group = 0;            // 0 the Stockfish family, 1 search engines, 2 random/greedy movers
    std::string limit;        // "nodes", "depth" or "movetime_ms"; empty when none is set
    std::int64_t budget = 0;  // the limit's value
};

// Every player of `games` (by its name in the sweep) with its engine and budget, read from the
// games' player settings (players_json).
[[nodiscard]] std::map<std::string, PlayerStrength> player_strengths(
    std::span<const StoredGame> games);

// `players` of (variant, rules), strongest first: by their measured Elo when a scale of that
// variant and rules holds them all, else by the order above (the Stockfish family before the
// other engines, Fairy-Stockfish before Stockfish, the internal engine before Fairy-Max, a larger
// budget of one engine and limit first; a player missing from `strengths` last). Stable: players
// the order cannot tell apart keep their order.
[[nodiscard]] std::vector<std::string> strongest_first(
    std::vector<std::string> players, const std::map<std::string, PlayerStrength>& strengths,
    std::span<const PlayerScale> scales, const std::string& variant, const std::string& rules);

}  // namespace balance::analysis
