#pragma once
// The seed's layout: for armies X != Y, the cells "X-Y" (X White) and "Y-X" (X Black) and the
// pooled "X = Y", all as X's score. X is the army named first in the variant file (Humans before
// Elves before Orcs), or the army given with --side. Cells are paired when they share variant,
// rule set and the player of each army, so an engine keeps its army across the two colour orders.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "balance/analysis/cells.hpp"
#include "balance/analysis/variant_catalog.hpp"

namespace balance::analysis {

// A published reference pairing (the variant's [reference] table) seen from our X.
struct SeedView {
    std::string source;
    double x_white_score = 0.0;
    double x_black_score = 0.0;
    double pooled_score = 0.0;
    int games_per_colour = 0;
    double margin_per_colour = 0.0;
    double margin_pooled = 0.0;
};

[[nodiscard]] SeedView seed_from_view(const core::ReferencePairing& row, std::string_view x,
                                      const std::string& source);

struct PairSummary {
    std::string variant;
    std::string rules;
    std::string x;  // army names
    std::string y;
    std::string x_player;
    std::string y_player;
    std::optional<ScoreSummary> x_white;  // X White against Y Black, X's view
    std::optional<ScoreSummary> x_black;  // Y White against X Black, X's view
    // Both colour orders pooled (counts added), X's view; only when both orders were played.
    std::optional<ScoreSummary> pooled;
    std::optional<SeedView> reference;  // the variant's [reference], for the default rules only

    [[nodiscard]] std::string players_label() const;
};

// Pairs of every X != Y pairing found in `cells`, ordered by variant, rules, players, X, Y.
// `side` (canonical army name or empty) is X whenever it takes part.
[[nodiscard]] std::vector<PairSummary> build_pairs(std::span<const CellTally> cells,
                                                   VariantCatalog& catalog, const std::string& side,
                                                   double confidence);

}  // namespace balance::analysis
