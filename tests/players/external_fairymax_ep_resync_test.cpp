// Fairy-Max applies its own Footman step onto the square an Elf Sprite's diagonal double step
// passed as an e.p. capture (RULES.md: a plain move; the Sprite stays). The fairymax player (an
// EnginePlayer on the definitions Balance writes) then makes the next search restate the
// position, so Fairy-Max's board is the game's again. The position
// is the one where this ended a game of results/asymmetric-strength/ with an illegal move: after
// ...e7-g5 (passing f6) Fairy-Max played f5-f6 and then Angel g4-g8 through the Sprite on g5.

#include <gtest/gtest.h>

#include <sstream>

#include "../mocks/mock_support.hpp"
#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/players/external/fairymax_player.hpp"

namespace balance::players::external {
namespace {

using balance::mocks::executable;
using balance::mocks::debian_engines::fairymax;

std::vector<std::string> split(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

TEST(ExternalFairymaxEpResync, ItsBoardFollowsTheGameAfterAStepOntoThePassedSquare) {
    if (!executable(fairymax)) GTEST_SKIP() << fairymax << " is not installed";
    const auto spec = testing::load_shipped("asymmetric");
    auto game = testing::make_game(
        spec, "humans", "elves",
        "rnbqkbnr/ppp1pp1p/7p/5pN1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 3 {W:humans B:elves}");
    for (const auto& m :
         split("g5f3 f5e4 f3g1 h7f5 b1c3 h8h7 g2g3 c7e5 f2f3 f8c5 e2e3 e5d4 c3a4 a8a5 b2b4 d4e3 "
               "a4c5 a5a8 d2e3 a7b6 c5b3 b8c6 f3e4 c6b4 c1d2 b4c6 e4f5 c6e5 e3e4 d8c6 g1f3 c6e4 "
               "f1b5 b7c6 f3e5 c6b5 e1g1 e4d6 d2c3 c8a6 d1g4 e7g5")) {
        auto move = game.parse_move(m);
        ASSERT_TRUE(move.ok()) << m << ": " << move.error().to_string();
        game.play(*move);
    }
    FairymaxPlayerConfig config;
    config.process.argv = {fairymax, "20"};
    testing::TempDir dir;
    config.definitions_dir = dir.path();
    auto made = make_fairymax_player(config);
    ASSERT_TRUE(made.ok()) << made.error().to_string();
    Player& player = **made;
    SearchLimits limits;
    limits.depth = 4;

    // The step onto f6, which Fairy-Max takes for an e.p. capture of the Sprite on g5.
    const MoveReply step = player.choose_move(game, limits, 1);
    ASSERT_EQ(step.status, MoveStatus::Ok) << step.detail;
    ASSERT_EQ(game.uci(step.move), "f5f6") << "Fairy-Max chose another move: nothing to test";
    game.play(step.move);
    auto reply = game.parse_move("d6c8");
    ASSERT_TRUE(reply.ok());
    game.play(*reply);

    // Its next move must be legal on the game's board, where the Sprite still blocks g5.
    const MoveReply next = player.choose_move(game, limits, 1);
    ASSERT_EQ(next.status, MoveStatus::Ok) << next.detail;
    EXPECT_NE(game.uci(next.move), "g4g8");
}

}  // namespace
}  // namespace balance::players::external
