#include "balance/analysis/player_scale.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "balance/stats/davidson.hpp"
#include "natural_order.hpp"

namespace balance::analysis {

namespace {

PlayerScale fit_scale(const std::string& variant, const std::string& rules,
                      const std::vector<const CellTally*>& cells, double confidence) {
    PlayerScale scale;
    scale.variant = variant;
    scale.rules = rules;
    std::vector<std::string> players;
    for (const CellTally* cell : cells) {
        for (const std::string& p : {cell->id.white_player, cell->id.black_player})
            if (std::find(players.begin(), players.end(), p) == players.end()) players.push_back(p);
    }
    std::sort(players.begin(), players.end(), NaturalLess{});
    const auto id = [&](const std::string& p) {
        return static_cast<int>(std::find(players.begin(), players.end(), p) - players.begin());
    };
    std::vector<stats::DavidsonCell> data;
    std::vector<std::int64_t> games(players.size(), 0);
    for (const CellTally* cell : cells) {
        const int w = id(cell->id.white_player);
        const int b = id(cell->id.black_player);
        data.push_back(
            stats::DavidsonCell{w, b, cell->wdl.wins, cell->wdl.draws, cell->wdl.losses});
        games[static_cast<std::size_t>(w)] += cell->wdl.games();
        games[static_cast<std::size_t>(b)] += cell->wdl.games();
        scale.games += cell->wdl.games();
    }
    auto fit = stats::fit_davidson(data, static_cast<int>(players.size()));
    if (!fit) {
        scale.error = fit.error().message;
        return scale;
    }
    for (std::size_t k = 0; k < players.size(); ++k) {
        PlayerRating rating;
        rating.player = players[k];
        rating.games = games[k];
        rating.elo =
            stats::wald_interval(stats::strength_elo(*fit, static_cast<int>(k)), confidence);
        scale.players.push_back(rating);
    }
    std::stable_sort(scale.players.begin(), scale.players.end(),
                     [](const PlayerRating& a, const PlayerRating& b) {
                         return a.elo.estimate > b.elo.estimate;
                     });
    return scale;
}

}  // namespace

std::vector<PlayerScale> player_scales(std::span<const CellTally> cells, double confidence) {
    std::map<std::tuple<std::string, std::string>, std::vector<const CellTally*>, NaturalLess>
        groups;
    for (const CellTally& cell : cells) {
        if (cell.id.white_player == cell.id.black_player) continue;
        groups[{cell.id.variant, cell.id.rules}].push_back(&cell);
    }
    std::vector<PlayerScale> out;
    for (const auto& [key, members] : groups)
        out.push_back(fit_scale(std::get<0>(key), std::get<1>(key), members, confidence));
    return out;
}

}  // namespace balance::analysis
