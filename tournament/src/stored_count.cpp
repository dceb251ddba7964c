#include "balance/tournament/stored_count.hpp"

#include <string>
#include <unordered_map>
#include <vector>

#include "balance/tournament/plan.hpp"

namespace balance::tournament {

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
    for (const GameRow& row : *rows) {
        const auto it = planned.find(row.cell_key);
        if (it != planned.end() && row.game_index < it->second) ++count.stored;
    }
    return count;
}

}  // namespace balance::tournament
