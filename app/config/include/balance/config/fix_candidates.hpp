#pragma once
// The candidate rule changes of a [fix] search (`balance fix`): the variant file's declared
// options and their values, and edits generated from the rules themselves (a move component
// removed from or added to a piece's Betza, a slider's range stepped, a pawn removed or added
// in one side's array, two back-rank squares swapped), optionally every combination of two
// (`pairs = "all"`: raced with the singles; `"fallback"`: raced only when no single is balanced;
// `"best"`: as fallback, only the pairs on top of the closest singles).
// Each candidate is a complete variant document, compiled like any rule set: one that does not
// compile (a piece left without moves, a start position the rules refuse) is kept as a rejected
// candidate with the reason, and is never played.

#include <string>
#include <vector>

#include "balance/config/fix_edits.hpp"
#include "balance/core/error.hpp"
#include "balance/core/rules.hpp"
#include "balance/core/spec.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::config {

struct FixCandidate {
    std::string label;                 // "no change", an option, or edits joined by " + "
    std::vector<std::string> options;  // the rule options selected (the file's plus any tried)
    std::vector<std::string> changes;  // the option and edit labels, one per change
    bool edited = false;               // holds a generated edit (its cells get "@<hash8>")
    std::string rejected;              // why it cannot be played; "" when it compiles
    std::string fragment;              // TOML to paste into the variant file
    tournament::RuleSet rule_set;      // what its games are played under (valid ones only)
    // rule_set compiled for every pairing of fix_search_sweep, in its order (valid ones only):
    // compiled once, to be validated, and played by in every round (tournament::open_sweep with
    // compiled rules); the race lets them go once the candidate is dropped.
    std::vector<core::AnyRules> rules;
};

// The games a fix file's candidates play: its pairings (with a `side`, those where the side
// meets another army), its [fix] player against itself (each rung of a ladder against itself),
// no fixed game count (the race sets games_per_cell round by round).
[[nodiscard]] tournament::Sweep fix_search_sweep(const tournament::Sweep& sweep);

// Every candidate of `sweep` (a loaded fix file; compiled for the pairings of fix_search_sweep):
// "no change" first, then the options, the single edits and (pairs = "all") the pairs, each
// compiled. Candidates with the same rules as an earlier one are left out. An empty candidate space
// is an error naming the file. With `opened` (the fix file's own sweep, opened), a candidate
// whose rules are one of its rule sets ("no change") takes the rules compiled there.
[[nodiscard]] Result<std::vector<FixCandidate>> fix_candidates(
    const tournament::Sweep& sweep, const tournament::OpenSweep* opened = nullptr);

// The pairs alone (every two valid single changes, left out when they give the rules of a
// single or of an earlier pair): what `pairs = "fallback"` races when no single change is
// balanced. With `anchors` (labels of single changes), only the pairs that hold one of them, in
// the order of the anchors: what `pairs = "best"` races on top of the closest singles.
[[nodiscard]] Result<std::vector<FixCandidate>> fix_pair_candidates(
    const tournament::Sweep& sweep, const std::vector<std::string>& anchors = {});

}  // namespace balance::config
