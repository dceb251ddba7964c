#pragma once
// Rule effects: every rule set against the baseline (rules == "", the variant's defaults) on the
// same pairing and players, and pooled over the pairings both were played on. Measured as the
// change in White's score, in the draw rate and in the decisive rate, each with a Newcombe/MOVER
// interval (draw and decisive rates are the same machinery on binary outcomes: a draw counts as
// a "win" of a draws-vs-decisive Wdl). Wald p-values of "no change" are Holm-adjusted across the
// whole family (every score and draw-rate comparison in the report); decisive = 1 - draw rate is
// the same test as the draw rate and not counted twice.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "balance/analysis/cells.hpp"
#include "balance/stats/counts.hpp"
#include "balance/stats/interval.hpp"

namespace balance::analysis {

struct EffectMeasure {
    stats::DifferenceInterval change;  // rule minus baseline
    std::optional<double> p;           // two-sided Wald p-value; nullopt when its SE is 0
    std::optional<double> p_holm;      // Holm-adjusted across the report's family

    // The interval covers zero (an unadjusted interval: no multiplicity correction).
    [[nodiscard]] bool covers_zero() const;
};

struct RuleEffect {
    std::string variant;
    std::string rules;  // the rule set compared with the baseline ""
    std::string white;  // empty for a row pooled over pairings
    std::string black;
    std::string white_player;
    std::string black_player;
    bool pooled = false;
    int pairings = 1;      // cells pooled into this row
    stats::Wdl baseline;   // White's view
    stats::Wdl treatment;  // White's view
    EffectMeasure score;   // White's score
    EffectMeasure draw_rate;
    stats::DifferenceInterval decisive_rate;

    [[nodiscard]] std::string players_label() const;
};

// Whether the score's or the draw rate's unadjusted interval excludes zero. Unadjusted: with many
// rule sets and pairings some exclude zero by chance; the Holm-adjusted p-values say which
// changes survive the multiplicity.
[[nodiscard]] bool detectable_unadjusted(const RuleEffect& effect);

// Every (rule set != "", pairing) cell with a baseline cell, then per (variant, rule set,
// players) played on two pairings or more the pooled row; Holm applied across all p-values at
// the end.
[[nodiscard]] std::vector<RuleEffect> rule_effects(std::span<const CellTally> cells,
                                                   double confidence);

// Changes a family's p-values into Holm-adjusted ones (rows without a p-value stay without).
void apply_holm(std::vector<RuleEffect>& effects);

}  // namespace balance::analysis
