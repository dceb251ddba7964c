#pragma once
// Every player and rung that met another player, on one Elo scale per variant and rules: a
// Bradley-Terry-Davidson fit (stats/davidson.hpp) with the players as items, over every game
// between two different players, pooled over the army pairings, White's advantage fitted
// jointly. Our rungs and Fairy-Max's depths land on one axis when games link them (a rung
// against a depth); players that never meet the others leave no scale (the fit says so). Each
// player's own balance verdicts (its self-play cells) can then be read against its strength,
// and the strongest player's verdict named.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "balance/analysis/cells.hpp"
#include "balance/stats/interval.hpp"

namespace balance::analysis {

struct PlayerRating {
    std::string player;
    std::int64_t games = 0;  // games against other players
    stats::Interval elo;     // against the average of the scale's players (win/loss odds Elo)
};

struct PlayerScale {
    std::string variant;
    std::string rules;
    std::vector<PlayerRating> players;  // strongest first
    std::int64_t games = 0;
    std::string error;  // why no scale was fitted (e.g. two groups that never meet)

    [[nodiscard]] bool ok() const { return error.empty(); }
};

// One scale per (variant, rules) where at least two different players met.
[[nodiscard]] std::vector<PlayerScale> player_scales(std::span<const CellTally> cells,
                                                     double confidence);

}  // namespace balance::analysis
