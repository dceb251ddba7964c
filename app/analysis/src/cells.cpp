#include "balance/analysis/cells.hpp"

#include <fmt/format.h>

#include "balance/stats/elo.hpp"

namespace balance::app::report {

std::string CellId::key() const {
    return fmt::format("{}|{}|{}|{}|{}|{}", variant, white, black, rules, white_player,
                       black_player);
}

std::string CellId::players_label() const {
    return white_player == black_player ? white_player
                                        : fmt::format("{} vs {}", white_player, black_player);
}

namespace {

// The rules field of a cell key "<variant>|<white>|<black>|<rules>|<white_player>|<black_player>",
// or `fallback` for a key of another shape.
std::string cell_rules(const std::string& key, const std::string& fallback) {
    std::size_t begin = 0;
    for (int field = 0; field < 3; ++field) {
        begin = key.find('|', begin);
        if (begin == std::string::npos) return fallback;
        ++begin;
    }
    const std::size_t end = key.find('|', begin);
    return end == std::string::npos ? fallback : key.substr(begin, end - begin);
}

}  // namespace

CellId cell_of(const StoredGame& game) {
    return CellId{game.variant,      game.white_army,
                  game.black_army,   cell_rules(game.cell_key, game.rules),
                  game.white_player, game.black_player};
}

double CellTally::mean_plies() const {
    const auto n = wdl.games();
    return n > 0 ? static_cast<double>(total_plies) / static_cast<double>(n) : 0.0;
}

std::vector<CellTally> tally_cells(std::span<const StoredGame> games) {
    std::map<CellId, CellTally> cells;
    for (const StoredGame& game : games) {
        const CellId id = cell_of(game);
        CellTally& tally = cells[id];
        tally.id = id;
        if (game.white_score == 1.0) {
            ++tally.wdl.wins;
        } else if (game.white_score == 0.0) {
            ++tally.wdl.losses;
        } else {
            ++tally.wdl.draws;
        }
        (void)tally.scores.add(game.white_score);  // read_store checked [0, 1]
        ++tally.terminations[game.termination];
        tally.total_plies += game.plies;
    }
    std::vector<CellTally> out;
    out.reserve(cells.size());
    for (auto& [id, tally] : cells) out.push_back(std::move(tally));
    return out;
}

std::int64_t EngineFailures::total() const {
    std::int64_t sum = 0;
    for (const auto& [status, count] : by_status) sum += count;
    return sum;
}

std::vector<EngineFailures> tally_failures(std::span<const StoredGame> games) {
    std::map<std::string, EngineFailures> players;
    for (const StoredGame& game : games) {
        players[game.white_player].player = game.white_player;
        ++players[game.white_player].games;
        if (game.black_player != game.white_player) {
            players[game.black_player].player = game.black_player;
            ++players[game.black_player].games;
        }
        if (game.failure_side.empty()) continue;
        const std::string& player =
            game.failure_side == "black" ? game.black_player : game.white_player;
        ++players[player].by_status[game.failure_status];
    }
    std::vector<EngineFailures> out;
    for (auto& [name, failures] : players) out.push_back(std::move(failures));
    return out;
}

std::optional<ScoreSummary> summarize(const CellTally& cell, double confidence) {
    const auto& s = cell.scores;
    const bool plain = s.games == cell.wdl.games() && s.sum == cell.wdl.points() &&
                       s.spread == 0.25 * static_cast<double>(cell.wdl.draws);
    if (plain || s.games <= 0) return summarize(cell.wdl, confidence);
    auto score = stats::mean_score_interval(s, confidence);
    if (!score) return std::nullopt;
    return ScoreSummary{cell.wdl, *score, stats::elo_interval(*score), cell.wdl.draw_rate()};
}

std::optional<ScoreSummary> summarize(const stats::Wdl& wdl, double confidence) {
    if (wdl.games() <= 0) return std::nullopt;
    auto score = stats::score_interval(wdl, confidence);
    if (!score) return std::nullopt;
    return ScoreSummary{wdl, *score, stats::elo_interval(*score), wdl.draw_rate()};
}

}  // namespace balance::app::report
