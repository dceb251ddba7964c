#pragma once
// Player against player: every cell whose two sides are different players (a strength match,
// engine vs Fairy-Max), pooled over armies and both colours within a variant and rule set, from
// the first player's view. This is the number a strength sweep is run for; the cells alone only
// give it one colour at a time.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "balance/analysis/cells.hpp"
#include "balance/stats/paired_scores.hpp"

namespace balance::analysis {

struct HeadToHead {
    std::string variant;
    std::string rules;
    std::string a;  // the player whose score is shown (alphabetically first of the two)
    std::string b;
    std::optional<ScoreSummary> a_white;  // games with A White, A's view
    std::optional<ScoreSummary> a_black;  // games with A Black, A's view
    std::optional<ScoreSummary> pooled;   // all of them, A's view
    // The games played in pairs (game i with A White and game i with A Black, in the same army
    // pairing: one opening), scored over pairs; A's view.
    std::optional<stats::PairedInterval> paired;
};

// One entry per (variant, rules, unordered pair of different players) found in `cells`, in that
// order. `pooled` is trinomial Wilson over games, treating every game as independent; `paired`
// is over the pairs of games that share an opening with colours reversed
// (stats/paired_scores.hpp), which the pooled interval ignores.
[[nodiscard]] std::vector<HeadToHead> build_head_to_head(std::span<const CellTally> cells,
                                                         double confidence);

}  // namespace balance::analysis
