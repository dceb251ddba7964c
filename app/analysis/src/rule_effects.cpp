#include "balance/analysis/rule_effects.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "balance/stats/multiple.hpp"
#include "natural_order.hpp"

namespace balance::analysis {

namespace {

// The draw rate as a binary score: draws count as "wins", decisive games as "losses".
stats::Wdl draws_as_wins(const stats::Wdl& wdl) {
    return stats::Wdl{wdl.draws, 0, wdl.wins + wdl.losses};
}
stats::Wdl decisive_as_wins(const stats::Wdl& wdl) {
    return stats::Wdl{wdl.wins + wdl.losses, 0, wdl.draws};
}

EffectMeasure measure(const stats::Wdl& treatment, const stats::Wdl& baseline, double confidence) {
    EffectMeasure out;
    auto change = stats::score_difference_interval(treatment, baseline, confidence);
    if (!change) {
        out.change.estimate = out.change.lower = out.change.upper = std::nan("");
        out.change.confidence = confidence;
        return out;
    }
    out.change = *change;
    if (auto p = stats::two_sided_p_value(change->estimate, change->standard_error)) out.p = *p;
    return out;
}

RuleEffect compare(RuleEffect effect, double confidence) {
    effect.score = measure(effect.treatment, effect.baseline, confidence);
    effect.draw_rate =
        measure(draws_as_wins(effect.treatment), draws_as_wins(effect.baseline), confidence);
    auto decisive = stats::score_difference_interval(decisive_as_wins(effect.treatment),
                                                     decisive_as_wins(effect.baseline), confidence);
    if (decisive) effect.decisive_rate = *decisive;
    return effect;
}

}  // namespace

bool EffectMeasure::covers_zero() const {
    return !(change.lower > 0.0 || change.upper < 0.0);
}

bool detectable_unadjusted(const RuleEffect& effect) {
    return !(effect.score.covers_zero() && effect.draw_rate.covers_zero());
}

std::string RuleEffect::players_label() const {
    return analysis::players_label(white_player, black_player);
}

std::vector<RuleEffect> rule_effects(std::span<const CellTally> cells, double confidence) {
    std::map<CellId, const CellTally*> baselines;
    for (const CellTally& cell : cells)
        if (cell.id.rules.empty()) baselines[cell.id] = &cell;

    using PoolKey = std::tuple<std::string, std::string, std::string, std::string>;
    std::map<PoolKey, RuleEffect, NaturalLess> pools;
    std::vector<RuleEffect> out;
    for (const CellTally& cell : cells) {
        if (cell.id.rules.empty()) continue;
        CellId base_id = cell.id;
        base_id.rules.clear();
        const auto base = baselines.find(base_id);
        if (base == baselines.end() || base->second->wdl.games() == 0) continue;
        RuleEffect effect;
        effect.variant = cell.id.variant;
        effect.rules = cell.id.rules;
        effect.white = cell.id.white;
        effect.black = cell.id.black;
        effect.white_player = cell.id.white_player;
        effect.black_player = cell.id.black_player;
        effect.baseline = base->second->wdl;
        effect.treatment = cell.wdl;
        out.push_back(compare(effect, confidence));

        RuleEffect& pool =
            pools[{cell.id.variant, cell.id.rules, cell.id.white_player, cell.id.black_player}];
        if (pool.pooled) {
            ++pool.pairings;
        } else {
            pool = effect;
            pool.white.clear();
            pool.black.clear();
            pool.pooled = true;
            pool.baseline = {};
            pool.treatment = {};
        }
        pool.baseline += base->second->wdl;
        pool.treatment += cell.wdl;
    }
    // A rule set played on one pairing has no pooled row: it would repeat that pairing's row and
    // count its two tests twice in the Holm family.
    for (auto& [key, pool] : pools)
        if (pool.pairings > 1) out.push_back(compare(pool, confidence));
    // Each rule set's pairings, then its pooled row.
    std::stable_sort(out.begin(), out.end(), [](const RuleEffect& a, const RuleEffect& b) {
        return std::tie(a.variant, a.rules, a.white_player, a.black_player, a.pooled) <
               std::tie(b.variant, b.rules, b.white_player, b.black_player, b.pooled);
    });
    apply_holm(out);
    return out;
}

void apply_holm(std::vector<RuleEffect>& effects) {
    std::vector<double> family;
    std::vector<std::optional<double>*> slots;
    for (RuleEffect& effect : effects) {
        for (EffectMeasure* m : {&effect.score, &effect.draw_rate}) {
            m->p_holm.reset();
            if (!m->p) continue;
            family.push_back(*m->p);
            slots.push_back(&m->p_holm);
        }
    }
    auto adjusted = stats::holm_adjust(family);
    if (!adjusted) return;
    for (std::size_t i = 0; i < slots.size(); ++i) *slots[i] = (*adjusted)[i];
}

}  // namespace balance::analysis
