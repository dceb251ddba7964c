#pragma once
// Planning: the cells of a sweep (rule set x army pairing x player matchup) and the games to play
// in them, each named by a deterministic key. Nothing here depends on what has been played.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/tournament/cell_key.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

struct Cell {
    std::size_t rule_set = 0;  // index into Sweep::rule_sets
    Pairing pairing;
    std::size_t pairing_index = 0;  // index into Sweep::pairings
    std::size_t white_player = 0;   // indices into Sweep::players
    std::size_t black_player = 0;
    std::string key;           // CellKey::str(); rules may carry "@<hash8>" (RuleSet::cell_rules)
    std::string position_key;  // CellKey::position_key(): shared openings across matchups
    bool rung_gap = false;     // neighbouring rungs of a ladder (Matchup::rung_gap)
};

// Every cell, rule sets outermost, then pairings, then matchups (the order reports list them).
// Rung-gap matchups make cells in the mirror pairings only, when the sweep has any.
[[nodiscard]] std::vector<Cell> make_cells(const Sweep& sweep);

// Fixed mode: the games a cell gets (games_per_cell, or rung_gap_games for a rung-gap cell).
[[nodiscard]] int planned_games(const Sweep& sweep, const Cell& cell);

struct PlannedGame {
    std::size_t cell = 0;  // index into the cells
    int index = 0;         // game index within the cell
    std::string key;       // "<cell_key>#<index>"
    std::uint64_t seed = 0;
};

[[nodiscard]] PlannedGame plan_game(const Sweep& sweep, const std::vector<Cell>& cells,
                                    std::size_t cell, int index);

// Games [0, counts[c]) of every cell c, interleaved by index (game 0 of every cell, then game 1,
// ...) so that all cells fill up evenly while the sweep runs.
[[nodiscard]] std::vector<PlannedGame> plan_games(const Sweep& sweep,
                                                  const std::vector<Cell>& cells,
                                                  const std::vector<int>& counts);

// The seed of the opening of game `index` of cells with `position_key`.
[[nodiscard]] std::uint64_t opening_seed(std::uint64_t master_seed, const std::string& position_key,
                                         int index);

// One part of a sweep for a cluster job array: game keys whose hash modulo `count` is
// `index - 1` (index is 1-based, as in "--shard 3/8").
struct Shard {
    int index = 1;
    int count = 1;
    [[nodiscard]] bool contains(const std::string& key) const;
    [[nodiscard]] std::string to_string() const;  // "3/8"
};

// Parses "K/N" with 1 <= K <= N.
[[nodiscard]] Result<Shard> parse_shard(const std::string& text);

}  // namespace balance::tournament
