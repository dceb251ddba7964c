// Rule effects: the pooled row exists only where it pools something, so that a one-pairing study
// (orthodox chess under ten rule sets) does not count each test twice in the Holm family.

#include "balance/analysis/rule_effects.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "balance/analysis/cells.hpp"

namespace balance::analysis {
namespace {

CellTally effect_cell(const std::string& white, const std::string& black, const std::string& rules,
                      stats::Wdl wdl) {
    CellTally cell;
    cell.id.variant = "chess";
    cell.id.white = white;
    cell.id.black = black;
    cell.id.rules = rules;
    cell.id.white_player = "e";
    cell.id.black_player = "e";
    cell.wdl = wdl;
    return cell;
}

TEST(RuleEffects, OnePairingHasNoPooledRowAndAFamilyOfItsOwnTests) {
    const std::vector<CellTally> cells = {
        effect_cell("fide", "fide", "", stats::Wdl{300, 400, 300}),
        effect_cell("fide", "fide", "torpedo", stats::Wdl{380, 300, 320}),
        effect_cell("fide", "fide", "no-castling", stats::Wdl{310, 390, 300}),
    };
    const auto effects = rule_effects(cells, 0.95);
    ASSERT_EQ(effects.size(), 2u);
    for (const auto& e : effects) EXPECT_FALSE(e.pooled) << e.rules;
    // Holm over 4 tests (score and draw rate of two rows): the smallest p is multiplied by 4.
    std::vector<double> raw;
    for (const auto& e : effects)
        for (const auto* m : {&e.score, &e.draw_rate}) raw.push_back(*m->p);
    const auto smallest = std::min_element(raw.begin(), raw.end()) - raw.begin();
    const auto& row = effects[static_cast<std::size_t>(smallest) / 2];
    const auto& measure = smallest % 2 == 0 ? row.score : row.draw_rate;
    EXPECT_NEAR(*measure.p_holm, std::min(1.0, 4.0 * raw[smallest]), 1e-12);
}

TEST(RuleEffects, TwoPairingsGetAPooledRow) {
    const std::vector<CellTally> cells = {
        effect_cell("a", "b", "", stats::Wdl{30, 40, 30}),
        effect_cell("b", "a", "", stats::Wdl{30, 40, 30}),
        effect_cell("a", "b", "r", stats::Wdl{40, 30, 30}),
        effect_cell("b", "a", "r", stats::Wdl{35, 35, 30}),
    };
    const auto effects = rule_effects(cells, 0.95);
    ASSERT_EQ(effects.size(), 3u);
    EXPECT_TRUE(effects.back().pooled);
    EXPECT_EQ(effects.back().pairings, 2);
    EXPECT_EQ(effects.back().treatment.wins, 75);
}

}  // namespace
}  // namespace balance::analysis
