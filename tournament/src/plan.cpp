#include "balance/tournament/plan.hpp"

#include <algorithm>
#include <charconv>
#include <numeric>

#include "balance/core/debug_assert.hpp"
#include "balance/tournament/seeds.hpp"

namespace balance::tournament {

namespace {

std::size_t player_index(const Sweep& sweep, const std::string& name) {
    for (std::size_t i = 0; i < sweep.players.size(); ++i) {
        if (sweep.players[i].name == name) return i;
    }
    BALANCE_ASSERT(false && "a matchup names no player of the sweep");
    return 0;  // the reader has checked every name
}

}  // namespace

std::vector<Cell> make_cells(const Sweep& sweep) {
    std::vector<Cell> cells;
    const bool any_mirror = std::any_of(sweep.pairings.begin(), sweep.pairings.end(),
                                        [](const Pairing& p) { return p.white == p.black; });
    for (std::size_t r = 0; r < sweep.rule_sets.size(); ++r) {
        const std::string rules = sweep.rule_sets[r].cell_rules();
        for (std::size_t pi = 0; pi < sweep.pairings.size(); ++pi) {
            const Pairing& pairing = sweep.pairings[pi];
            for (const auto& matchup : sweep.matchups) {
                // Rung gaps measure the players, not the armies: the mirror pairings suffice.
                if (matchup.rung_gap && any_mirror && pairing.white != pairing.black) continue;
                const CellKey key{sweep.variant, pairing.white, pairing.black,
                                  rules,         matchup.white, matchup.black};
                Cell cell;
                cell.rung_gap = matchup.rung_gap;
                cell.rule_set = r;
                cell.pairing = pairing;
                cell.pairing_index = pi;
                cell.white_player = player_index(sweep, matchup.white);
                cell.black_player = player_index(sweep, matchup.black);
                cell.position_key = key.position_key();
                cell.key = key.str();
                cells.push_back(std::move(cell));
            }
        }
    }
    // At most rule sets x pairings x matchups (rung gaps only on the mirror pairings).
    BALANCE_ASSERT(cells.size() <=
                   sweep.rule_sets.size() * sweep.pairings.size() * sweep.matchups.size());
    return cells;
}

int planned_games(const Sweep& sweep, const Cell& cell) {
    return cell.rung_gap ? sweep.rung_gap_games : sweep.games_per_cell;
}

PlannedGame plan_game(const Sweep& sweep, const std::vector<Cell>& cells, std::size_t cell,
                      int index) {
    BALANCE_ASSERT(cell < cells.size() && index >= 0);
    PlannedGame game;
    game.cell = cell;
    game.index = index;
    game.key = game_key(cells[cell].key, index);
    game.seed = derive_seed(sweep.seed, game.key);
    return game;
}

std::vector<PlannedGame> plan_games(const Sweep& sweep, const std::vector<Cell>& cells,
                                    const std::vector<int>& counts) {
    // One count per cell, none negative: the plan holds exactly their sum.
    BALANCE_ASSERT(counts.size() == cells.size());
    BALANCE_ASSERT(std::all_of(counts.begin(), counts.end(), [](int n) { return n >= 0; }));
    std::vector<PlannedGame> games;
    const int most = counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
    for (int index = 0; index < most; ++index) {
        for (std::size_t c = 0; c < cells.size() && c < counts.size(); ++c) {
            if (index < counts[c]) games.push_back(plan_game(sweep, cells, c, index));
        }
    }
    BALANCE_ASSERT(games.size() ==
                   static_cast<std::size_t>(std::accumulate(counts.begin(), counts.end(), 0LL)));
    return games;
}

std::uint64_t opening_seed(std::uint64_t master_seed, const std::string& position_key, int index) {
    // A different key space from game keys ("@" never appears in a cell key), so opening and
    // game seeds of one game are unrelated.
    return derive_seed(master_seed, position_key + "@opening#" + std::to_string(index));
}

bool Shard::contains(const std::string& key) const {
    BALANCE_ASSERT(count <= 1 || (index >= 1 && index <= count));  // as parse_shard() allows
    if (count <= 1) return true;
    return fnv1a64(key) % static_cast<std::uint64_t>(count) ==
           static_cast<std::uint64_t>(index - 1);
}

std::string Shard::to_string() const {
    return std::to_string(index) + "/" + std::to_string(count);
}

Result<Shard> parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    auto bad = [&] {
        return make_error("shard must be K/N with 1 <= K <= N, e.g. 3/8, not '" + text + "'",
                          "--shard");
    };
    if (slash == std::string::npos) return bad();
    Shard shard;
    const char* begin = text.data();
    const char* mid = begin + slash;
    const char* end = begin + text.size();
    auto k = std::from_chars(begin, mid, shard.index);
    auto n = std::from_chars(mid + 1, end, shard.count);
    if (k.ptr != mid || k.ec != std::errc{} || n.ptr != end || n.ec != std::errc{}) return bad();
    if (shard.index < 1 || shard.count < 1 || shard.index > shard.count) return bad();
    return shard;
}

}  // namespace balance::tournament
