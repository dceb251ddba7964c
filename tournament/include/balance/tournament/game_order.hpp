#pragma once
// The order the readers of a store see its games in: by cell key, then game index. A store is
// read in the order its games were stored (a scan of the table) and sorted here, in memory:
// SQLite's ORDER BY walks the cell index, fetches every row through it and sorts whole rows in
// a temporary b-tree, spilled to files when large, several times slower on a large store.

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace balance::tournament {

namespace detail {

template <class Game>
void sort_whole_by_cell(std::vector<Game>& games) {
    // A store holds few cells: rank their keys once, and the sort compares integers.
    std::unordered_map<std::string_view, std::uint32_t> rank;
    for (const Game& game : games) rank.emplace(game.cell_key, 0);
    std::vector<std::string_view> keys;
    keys.reserve(rank.size());
    for (const auto& entry : rank) keys.push_back(entry.first);
    std::sort(keys.begin(), keys.end());
    for (std::uint32_t i = 0; i < keys.size(); ++i) rank[keys[i]] = i;
    std::vector<std::tuple<std::uint32_t, std::int64_t, std::size_t>> order;
    order.reserve(games.size());
    for (std::size_t i = 0; i < games.size(); ++i)
        order.emplace_back(rank[games[i].cell_key], games[i].game_index, i);
    std::sort(order.begin(), order.end());
    // Moved into place cycle by cycle: each game moves once, and a large store's games (hundreds
    // of bytes each) are not copied to a second buffer.
    std::vector<std::size_t> from(games.size());  // place k takes the game now at from[k]
    for (std::size_t k = 0; k < games.size(); ++k) from[k] = std::get<2>(order[k]);
    for (std::size_t start = 0; start < games.size(); ++start) {
        if (from[start] == start) continue;
        Game held = std::move(games[start]);
        std::size_t k = start;
        while (from[k] != start) {
            const std::size_t next = from[k];
            games[k] = std::move(games[next]);
            from[k] = k;
            k = next;
        }
        games[k] = std::move(held);
        from[k] = k;
    }
}

}  // namespace detail

// Sorts games (anything with a cell_key string and an integer game_index) by cell key, compared
// bytewise as SQLite's BINARY collation does, then game index; ties keep their order. The first
// `sorted` games are in that order already (a store read before): the others, the games stored
// since, are sorted apart and merged with them.
template <class Game>
void sort_by_cell(std::vector<Game>& games, std::size_t sorted = 0) {
    if (sorted == 0) {
        detail::sort_whole_by_cell(games);
        return;
    }
    if (sorted >= games.size()) return;
    std::vector<Game> added(std::make_move_iterator(games.begin() + sorted),
                            std::make_move_iterator(games.end()));
    detail::sort_whole_by_cell(added);
    std::move(added.begin(), added.end(), games.begin() + sorted);
    std::inplace_merge(
        games.begin(), games.begin() + sorted, games.end(), [](const Game& a, const Game& b) {
            return a.cell_key != b.cell_key ? a.cell_key < b.cell_key : a.game_index < b.game_index;
        });
}

}  // namespace balance::tournament
