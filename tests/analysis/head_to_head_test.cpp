// Head to head: the paired interval takes game i of A-B and game i of B-A (same army pairing,
// one opening) as a pair, and leaves games without a partner out of it.

#include "balance/analysis/head_to_head.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "balance/stats/game_result.hpp"

namespace balance::analysis {
namespace {

CellTally match_cell(const std::string& white_player, const std::string& black_player,
                     const std::map<int, double>& white_scores) {
    CellTally cell;
    cell.id = CellId{"chess", "fide", "fide", "", white_player, black_player};
    for (const auto& [index, score] : white_scores) {
        stats::add_game_score(cell.wdl, score);
        (void)cell.scores.add(score);
        cell.white_score_by_index[index] = score;
    }
    return cell;
}

TEST(HeadToHead, PairsGamesOfOneOpeningWithColoursReversed) {
    const std::vector<CellTally> cells = {
        match_cell("a", "b", {{0, 1.0}, {1, 0.5}, {2, 1.0}}),
        // B White: game 0 won by B (A scores 0), game 1 drawn; game 3 has no partner.
        match_cell("b", "a", {{0, 1.0}, {1, 0.5}, {3, 0.0}}),
    };
    const auto matches = build_head_to_head(cells, 0.95);
    ASSERT_EQ(matches.size(), 1u);
    const HeadToHead& h = matches.front();
    EXPECT_EQ(h.a, "a");
    ASSERT_TRUE(h.pooled);
    EXPECT_EQ(h.pooled->wdl.games(), 6);
    ASSERT_TRUE(h.paired);
    EXPECT_EQ(h.paired->pairs, 2);
    // Pairs (1, 0) and (0.5, 0.5): A's mean 0.5 over the paired games.
    EXPECT_DOUBLE_EQ(h.paired->score.estimate, 0.5);
    // Both pairs average 1/2 while the games vary: the games cancel within their pairs.
    EXPECT_DOUBLE_EQ(h.paired->correlation, -1.0);
}

TEST(HeadToHead, NoReversedCellNoPairedInterval) {
    const std::vector<CellTally> cells = {match_cell("a", "b", {{0, 1.0}, {1, 0.5}})};
    const auto matches = build_head_to_head(cells, 0.95);
    ASSERT_EQ(matches.size(), 1u);
    EXPECT_FALSE(matches.front().paired);
}

}  // namespace
}  // namespace balance::analysis
