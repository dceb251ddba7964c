#include "balance/tournament/stored_count.hpp"

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "balance/tournament/plan.hpp"

namespace balance::tournament {

std::vector<CellMisses> opening_misses(std::span<const GameRow> games,
                                       const OpeningMisses& misses) {
    std::map<std::string, CellMisses> cells;
    for (const GameRow& game : games) {
        CellMisses& cell = cells[game.cell_key];
        ++cell.games;
        if (misses.missed(game)) ++cell.missed;
    }
    std::vector<CellMisses> out;
    for (auto& [key, cell] : cells) {
        if (cell.missed == 0) continue;
        cell.cell_key = key;
        out.push_back(std::move(cell));
    }
    return out;
}

Result<StoredCount> count_stored(const Sweep& sweep, const ResultStore& store) {
    const std::vector<Cell> cells = make_cells(sweep);
    StoredCount count;
    std::unordered_map<std::string, int> planned;  // cell key -> its planned games
    std::vector<std::string> keys;
    for (const Cell& cell : cells) {
        const int games = planned_games(sweep, cell);
        count.planned += games;
        if (planned.emplace(cell.key, games).second) keys.push_back(cell.key);
    }
    auto rows = store.games(keys);
    if (!rows) return rows.error();
    std::vector<GameRow> counted;
    for (GameRow& row : *rows) {
        const auto it = planned.find(row.cell_key);
        if (it == planned.end() || row.game_index >= it->second) continue;
        ++count.stored;
        counted.push_back(std::move(row));
    }
    auto runs = store.runs();
    if (!runs) return runs.error();
    count.misses = opening_misses(counted, OpeningMisses(*runs));
    return count;
}

}  // namespace balance::tournament
