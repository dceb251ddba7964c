// One Elo scale for every player that met another: players linked through a chain of matches
// land on one axis in the order their games give; groups that never meet get no scale.

#include "balance/analysis/player_scale.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace balance::analysis {
namespace {

CellTally scale_cell(const std::string& white, const std::string& black, stats::Wdl wdl,
                     const std::string& white_army = "x", const std::string& black_army = "y") {
    CellTally cell;
    cell.id = CellId{"v", white_army, black_army, "", white, black};
    cell.wdl = wdl;
    return cell;
}

TEST(PlayerScale, AChainOfMatchesPutsEveryPlayerOnOneAxis) {
    // strong beats mid, mid beats weak, both colours; strong and weak never meet directly.
    const std::vector<CellTally> cells = {
        scale_cell("strong", "mid", {60, 20, 20}), scale_cell("mid", "strong", {20, 20, 60}),
        scale_cell("mid", "weak", {60, 20, 20}),   scale_cell("weak", "mid", {20, 20, 60}),
        scale_cell("mid", "mid", {30, 40, 30}),  // self-play: not on the scale
    };
    const auto scales = player_scales(cells, 0.95);
    ASSERT_EQ(scales.size(), 1u);
    const PlayerScale& s = scales.front();
    ASSERT_TRUE(s.ok()) << s.error;
    ASSERT_EQ(s.players.size(), 3u);
    EXPECT_EQ(s.players[0].player, "strong");
    EXPECT_EQ(s.players[1].player, "mid");
    EXPECT_EQ(s.players[2].player, "weak");
    EXPECT_EQ(s.games, 400);
    EXPECT_EQ(s.players[1].games, 400);
    // Symmetric results: mid sits at the average, strong and weak mirror each other.
    EXPECT_NEAR(s.players[1].elo.estimate, 0.0, 1e-6);
    EXPECT_NEAR(s.players[0].elo.estimate, -s.players[2].elo.estimate, 1e-6);
    EXPECT_GT(s.players[0].elo.lower, 0.0);
}

TEST(PlayerScale, GroupsThatNeverMeetHaveNoScale) {
    const std::vector<CellTally> cells = {
        scale_cell("a", "b", {30, 40, 30}),
        scale_cell("b", "a", {30, 40, 30}),
        scale_cell("c", "d", {30, 40, 30}),
        scale_cell("d", "c", {30, 40, 30}),
    };
    const auto scales = player_scales(cells, 0.95);
    ASSERT_EQ(scales.size(), 1u);
    EXPECT_FALSE(scales.front().ok());
    EXPECT_NE(scales.front().error.find("never meet"), std::string::npos) << scales.front().error;
}

}  // namespace
}  // namespace balance::analysis
