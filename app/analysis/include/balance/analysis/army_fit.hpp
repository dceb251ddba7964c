#pragma once
// First-move advantage separated from army strength: a Bradley-Terry-Davidson fit over the cells
// of one rule set (armies as players, a common White advantage), per variant and players.
// With both colour orders of every pairing the two effects are identified separately; a pooled
// "X = Y" score only averages the White advantage away when both orders have equal games.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "balance/analysis/cells.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/stats/estimate.hpp"
#include "balance/stats/interval.hpp"

namespace balance::analysis {

struct ArmyRating {
    std::string army;
    std::int64_t games = 0;
    stats::Estimate theta;  // natural-log strength, sum over the armies = 0
    stats::Interval elo;    // 400/ln 10 theta: win/loss-odds Elo relative to the average army
};

struct ArmyFit {
    std::string variant;
    std::string rules;
    std::string white_player;
    std::string black_player;
    std::int64_t games = 0;
    int cells = 0;
    std::string error;                      // why the model could not be fitted; empty when it was
    std::vector<ArmyRating> armies;         // variant file order
    stats::Interval white_advantage_elo;    // win/loss-odds Elo of moving first
    stats::Interval white_advantage_score;  // White's expected score between equal armies
    stats::Estimate draw_nu;                // Davidson draw parameter

    [[nodiscard]] bool ok() const { return error.empty(); }
    [[nodiscard]] std::string players_label() const;
};

// One fit per (variant, rules, White player, Black player) group of cells.
[[nodiscard]] std::vector<ArmyFit> fit_armies(std::span<const CellTally> cells,
                                              VariantCatalog& catalog, double confidence);

}  // namespace balance::analysis
