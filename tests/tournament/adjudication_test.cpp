// The adjudication rules on hand-made score sequences.

#include <gtest/gtest.h>

#include "adjudication.hpp"

namespace balance::tournament {
namespace {

using Scores = std::vector<std::optional<int>>;

AdjudicationSpec spec() {
    AdjudicationSpec s;
    s.max_plies = 100;
    s.resign = {true, 500, 2};  // 4 plies beyond +-500
    s.draw = {true, 10, 2, 6};  // 4 plies within +-10, from ply 6
    return s;
}

TEST(Adjudication, NothingOnAnOrdinaryGame) {
    EXPECT_FALSE(adjudicate(spec(), Scores{20, -30, 40, 15}));
    EXPECT_FALSE(adjudicate(spec(), Scores{}));
}

TEST(Adjudication, ResignNeedsEveryScoreOfBothSides) {
    EXPECT_FALSE(adjudicate(spec(), Scores{600, 700, 800}));          // only 3 plies
    EXPECT_FALSE(adjudicate(spec(), Scores{0, 600, 499, 800, 900}));  // one at 499
    auto white = adjudicate(spec(), Scores{0, 600, 500, 800, 900});
    ASSERT_TRUE(white);
    EXPECT_EQ(white->termination, "adjudication-resign");
    EXPECT_EQ(white->winner, 0);
    auto black = adjudicate(spec(), Scores{-600, -700, -800, -900});
    ASSERT_TRUE(black);
    EXPECT_EQ(black->winner, 1);
    // An unknown score breaks the run.
    EXPECT_FALSE(adjudicate(spec(), Scores{600, std::nullopt, 800, 900}));
}

TEST(Adjudication, DrawOnlyAfterTheGivenPly) {
    EXPECT_FALSE(adjudicate(spec(), Scores{0, 0, 0, 0, 0}));  // 5 plies < after_ply 6
    auto draw = adjudicate(spec(), Scores{300, 0, 5, -10, 10, 0});
    ASSERT_TRUE(draw);
    EXPECT_EQ(draw->termination, "adjudication-draw");
    EXPECT_EQ(draw->winner, -1);
    EXPECT_FALSE(adjudicate(spec(), Scores{0, 0, 0, 11, 0, 0}));
}

TEST(Adjudication, MaxPliesAndSwitches) {
    AdjudicationSpec s = spec();
    Scores long_game(100, std::nullopt);
    auto capped = adjudicate(s, long_game);
    ASSERT_TRUE(capped);
    EXPECT_EQ(capped->termination, "adjudication-max-plies");
    EXPECT_EQ(capped->winner, -1);
    s.max_plies = 0;
    EXPECT_FALSE(adjudicate(s, long_game));
    s.resign.enabled = false;
    EXPECT_FALSE(adjudicate(s, Scores{900, 900, 900, 900}));
    s.draw.enabled = false;
    EXPECT_FALSE(adjudicate(s, Scores{0, 0, 0, 0, 0, 0, 0}));
}

}  // namespace
}  // namespace balance::tournament
