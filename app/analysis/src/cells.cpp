#include "balance/analysis/cells.hpp"

#include <set>
#include <string_view>

#include <fmt/format.h>

#include "balance/tournament/engine_failures.hpp"
#include "balance/tournament/seeds.hpp"
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

// A game's identity for counting repeats: 64-bit FNV-1a of what was played (a collision among
// a cell's games is ~n^2 / 2^65: never in practice).
std::uint64_t game_fingerprint(const StoredGame& game) {
    std::uint64_t h = tournament::fnv1a64(game.start_fen);
    h = tournament::fnv1a64(game.opening) ^ (h * 0x100000001b3ULL);
    return tournament::fnv1a64(game.moves) ^ (h * 0x100000001b3ULL);
}

}  // namespace

std::vector<CellTally> tally_cells(std::span<const StoredGame> games) {
    std::map<CellId, CellTally, NaturalLess> cells;  // rungs in numeric order: 4000 before 10000
    std::map<CellId, std::set<std::uint64_t>, NaturalLess> played;
    for (const StoredGame& game : games) {
        const CellId id = cell_of(game);
        CellTally& tally = cells[id];
        tally.id = id;
        if (played[id].insert(game_fingerprint(game)).second) ++tally.distinct_games;
        stats::add_game_score(tally.wdl, game.white_score);
        (void)tally.scores.add(game.white_score);  // read_store checked [0, 1]
        tally.white_score_by_index[static_cast<int>(game.game_index)] = game.white_score;
        ++tally.terminations[game.termination];
        if (!game.failure_side.empty()) ++tally.engine_failures;
        tally.total_plies += game.plies;
        if (game.opening_missed) ++tally.openings_missed;
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
