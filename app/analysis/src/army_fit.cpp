#include "balance/analysis/army_fit.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "balance/stats/davidson.hpp"
#include "balance/stats/elo.hpp"
#include "natural_order.hpp"

namespace balance::analysis {

namespace {

using GroupKey = std::tuple<std::string, std::string, std::string, std::string>;

ArmyFit fit_group(const GroupKey& key, const std::vector<const CellTally*>& cells,
                  VariantCatalog& catalog, double confidence) {
    ArmyFit fit;
    std::tie(fit.variant, fit.rules, fit.white_player, fit.black_player) = key;
    fit.cells = static_cast<int>(cells.size());
    std::vector<std::string> armies;
    for (const CellTally* cell : cells) {
        for (const std::string& army : {cell->id.white, cell->id.black})
            if (std::find(armies.begin(), armies.end(), army) == armies.end())
                armies.push_back(army);
    }
    std::stable_sort(armies.begin(), armies.end(), [&](const std::string& a, const std::string& b) {
        return std::make_pair(catalog.army_rank(fit.variant, a), a) <
               std::make_pair(catalog.army_rank(fit.variant, b), b);
    });
    const auto id = [&](const std::string& army) {
        return static_cast<int>(std::find(armies.begin(), armies.end(), army) - armies.begin());
    };
    std::vector<stats::DavidsonCell> data;
    std::vector<std::int64_t> games(armies.size(), 0);
    for (const CellTally* cell : cells) {
        data.push_back(stats::DavidsonCell{id(cell->id.white), id(cell->id.black), cell->wdl.wins,
                                           cell->wdl.draws, cell->wdl.losses});
        fit.games += cell->wdl.games();
        games[id(cell->id.white)] += cell->wdl.games();
        if (cell->id.black != cell->id.white) games[id(cell->id.black)] += cell->wdl.games();
    }
    auto result = stats::fit_davidson(data, static_cast<int>(armies.size()));
    if (!result) {
        fit.error = result.error().message;
        return fit;
    }
    for (std::size_t k = 0; k < armies.size(); ++k) {
        ArmyRating rating;
        rating.army = armies[k];
        rating.games = games[k];
        rating.theta = {result->strength(k), result->strength_se(k)};
        rating.elo =
            stats::wald_interval(stats::strength_elo(*result, static_cast<int>(k)), confidence);
        fit.armies.push_back(rating);
    }
    fit.white_advantage_elo = stats::wald_interval(stats::white_advantage_elo(*result), confidence);
    fit.white_advantage_score =
        stats::wald_interval(stats::white_advantage_score(*result), confidence);
    fit.draw_nu = result->nu;
    return fit;
}

}  // namespace

std::string ArmyFit::players_label() const {
    return analysis::players_label(white_player, black_player);
}

std::vector<ArmyFit> fit_armies(std::span<const CellTally> cells, VariantCatalog& catalog,
                                double confidence) {
    std::map<GroupKey, std::vector<const CellTally*>, NaturalLess> groups;
    for (const CellTally& cell : cells) {
        groups[{cell.id.variant, cell.id.rules, cell.id.white_player, cell.id.black_player}]
            .push_back(&cell);
    }
    std::vector<ArmyFit> out;
    for (const auto& [key, members] : groups) {
        // Two different players in mirror pairings only (a ladder's rung-gap matches) measure
        // the players, not the armies: no army can be rated, and the head-to-head and rung-gap
        // tables report them. Not an army fit that failed, so neither a fit nor a note.
        const bool mirrors_only =
            std::all_of(members.begin(), members.end(),
                        [](const CellTally* c) { return c->id.white == c->id.black; });
        if (mirrors_only && std::get<2>(key) != std::get<3>(key)) continue;
        out.push_back(fit_group(key, members, catalog, confidence));
    }
    return out;
}

}  // namespace balance::analysis
