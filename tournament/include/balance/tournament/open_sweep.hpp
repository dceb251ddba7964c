#pragma once
// A sweep checked and compiled: what every command that plans or plays a sweep's games starts
// from (`sweep`, `slurm`, `check`, `calibrate`, `fix`). Each rule set is compiled once per army
// pairing (the costly step: attack tables, Zobrist keys), every book position is started under
// every pairing's rules, and the games are then played by those same compiled rules.

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/rules.hpp"
#include "balance/tournament/plan.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

// The compiled rules of every (rule set, army pairing) of one sweep.
class CompiledRules {
  public:
    CompiledRules() = default;
    CompiledRules(const Sweep& sweep, std::vector<core::AnyRules> rules);

    [[nodiscard]] const core::AnyRules& of(const Cell& cell) const {
        return rules_[cell.rule_set * pairings_ + cell.pairing_index];
    }
    // Whether these are the rules of `sweep`'s rule sets and pairings: the same specs (by hash)
    // and army pairings as when it was opened, not a sweep changed since.
    [[nodiscard]] bool fits(const Sweep& sweep) const;
    // The rules of rule set `r` for every pairing, in the sweep's pairing order: what another
    // sweep of the same pairings opens by instead of compiling them again.
    [[nodiscard]] std::vector<core::AnyRules> rule_set(std::size_t r) const;

  private:
    std::vector<std::string> spec_hashes_;                     // per rule set
    std::vector<std::pair<std::string, std::string>> armies_;  // per pairing: White, Black
    std::size_t pairings_ = 0;
    std::vector<core::AnyRules> rules_;  // rule set major, then pairing
};

// The sweep and its compiled rules. The players may still change after opening (their engine
// logs, a calibration round's values), and so may each rule set's cell suffix (which stored
// specs it continues); the rule sets and pairings may not: a sweep with other rules is opened
// anew.
struct OpenSweep {
    Sweep sweep;
    CompiledRules rules;
};

// Checks that the sweep has cells, that every rule set compiles for every army pairing and that
// every book position fits each of them; errors name the sweep file (or the book file), the
// rule set and the pairing.
[[nodiscard]] Result<OpenSweep> open_sweep(Sweep sweep);

// The same, by rules compiled before: `compiled[r]` holds the rules of rule set r for every
// pairing (CompiledRules::rule_set of a sweep with the same specs and pairings), so nothing is
// compiled again; the book positions are still started under them. A sweep that races many rule
// sets in rounds (`balance fix`) compiles each one once.
[[nodiscard]] Result<OpenSweep> open_sweep(Sweep sweep,
                                           std::vector<std::vector<core::AnyRules>> compiled);

// Every worker thread holds an engine per side of a game, each with its hash table: refuses a
// run whose tables alone need more memory than the machine has, before any is allocated.
[[nodiscard]] Result<void> check_hash_memory(const Sweep& sweep, int threads);

}  // namespace balance::tournament
