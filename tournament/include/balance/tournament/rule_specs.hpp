#pragma once
// The rules a sweep's games are played under, kept with the games: matching a sweep's rule sets
// to the specs its database already holds (resume refuses changed rules; --force keeps the new
// games in cells of their own) and recording the specs a run plays.

#include <cstdint>
#include <functional>
#include <string>

#include "balance/core/error.hpp"
#include "balance/tournament/store.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

// What changed from the stored canonical document to ours, for the refusal message
// ("pieces.knight.betza: 'N' -> 'NW'"). The app compares the TOML; this module never reads it.
using SpecDiff = std::function<std::string(const std::string& stored, const std::string& ours)>;

// For each rule set, the stored specs of the same variant and rules decide its cells: one with
// our hash gives its cell rules (a resumed run continues the same cells); none at all gives
// plain cells; only others mean the rules changed since those games were played: refused,
// naming the change, unless `force`, which gives the rule set cells of its own
// (cell_suffix "@<hash8>").
[[nodiscard]] Result<void> assign_spec_cells(Sweep& sweep, const ResultStore& store, bool force,
                                             const SpecDiff& diff);

// Records every rule set's spec (rule_specs, origin "sweep") and which spec run `run_id` played
// under each rule-set name (run_rule_sets).
[[nodiscard]] Result<void> record_rule_specs(const Sweep& sweep, ResultStore& store,
                                             std::int64_t run_id);

}  // namespace balance::tournament
