#include "balance/analysis/cells.hpp"

#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "balance/tournament/engine_failures.hpp"
#include "natural_order.hpp"

#include "balance/stats/elo.hpp"
#include "balance/stats/game_result.hpp"

namespace balance::analysis {

std::string players_label(const std::string& white_player, const std::string& black_player) {
    return white_player == black_player ? white_player
                                        : fmt::format("{} vs {}", white_player, black_player);
}

std::string players_label(const CellId& id) {
    return players_label(id.white_player, id.black_player);
}

CellId cell_of(const StoredGame& game) {
    // The stored key, not the game's fields: its rules field may carry "@<hash8>" (games kept
    // apart by `sweep --force` after the rules changed), which never pool with others.
    if (auto key = tournament::CellKey::parse(game.cell_key)) return *key;
    return CellId{game.variant, game.white_army,   game.black_army,
                  game.rules,   game.white_player, game.black_player};
}

bool CellTally::engine_failed() const {
    return tournament::mostly_engine_failures(engine_failures, wdl.games());
}

double CellTally::mean_plies() const {
    const auto n = wdl.games();
    return n > 0 ? static_cast<double>(total_plies) / static_cast<double>(n) : 0.0;
}

namespace {

std::uint64_t fingerprint_of(const StoredGame& game) {
    return game.fingerprint ? *game.fingerprint
                            : played_fingerprint(game.start_fen, game.opening, game.moves);
}

}  // namespace

std::vector<CellTally> tally_cells(std::span<const StoredGame> games) {
    std::map<CellId, CellTally, NaturalLess> cells;  // rungs in numeric order: 4000 before 10000
    // Each cell's fingerprints, counted once all are in (sorted, not kept in a set: a large
    // store's games would each cost a tree node).
    std::map<CellId, std::vector<std::uint64_t>, NaturalLess> played;
    // A store's games come cell by cell: the cell's key is parsed and looked up once per run of
    // games with the same key, not once per game.
    const std::string* key = nullptr;
    CellTally* cell = nullptr;
    std::vector<std::uint64_t>* seen = nullptr;
    for (const StoredGame& game : games) {
        if (!key || game.cell_key != *key) {
            const CellId id = cell_of(game);
            cell = &cells[id];
            cell->id = id;
            seen = &played[id];
            // A key that does not parse names its cell by the game's fields: looked up each time.
            key = tournament::CellKey::parse(game.cell_key) ? &game.cell_key : nullptr;
        }
        CellTally& tally = *cell;
        seen->push_back(fingerprint_of(game));
        stats::add_game_score(tally.wdl, game.white_score);
        (void)tally.scores.add(game.white_score);  // read_store checked [0, 1]
        // A cell's games come by index: the hint puts each at the end in constant time.
        tally.white_score_by_index.insert_or_assign(
            tally.white_score_by_index.end(), static_cast<int>(game.game_index), game.white_score);
        ++tally.terminations[game.termination];
        if (!game.failure_side.empty()) ++tally.engine_failures;
        tally.total_plies += game.plies;
        if (game.opening_missed) ++tally.openings_missed;
    }
    std::vector<CellTally> out;
    out.reserve(cells.size());
    for (auto& [id, tally] : cells) {
        std::vector<std::uint64_t>& fingerprints = played[id];
        std::sort(fingerprints.begin(), fingerprints.end());
        tally.distinct_games =
            std::unique(fingerprints.begin(), fingerprints.end()) - fingerprints.begin();
        out.push_back(std::move(tally));
    }
    return out;
}

std::int64_t EngineFailures::total() const {
    std::int64_t sum = 0;
    for (const auto& [status, count] : by_status) sum += count;
    return sum;
}

std::vector<EngineFailures> tally_failures(std::span<const StoredGame> games,
                                           std::span<const tournament::FailedGameCount> failed) {
    std::map<std::string, EngineFailures> players;
    for (const auto& attempts : failed) {
        players[attempts.player].player = attempts.player;
        // "timeout": players::move_status_name(MoveStatus::Timeout), as the store records it.
        EngineFailures& f = players[attempts.player];
        (attempts.status == "timeout" ? f.watchdog : f.unavailable) += attempts.attempts;
        players[attempts.player].unplayed += attempts.unplayed;
    }
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

}  // namespace balance::analysis
