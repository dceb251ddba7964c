// The sjaakii player (players/external/sjaakii_player.hpp) with SjaakII itself: promotions
// translated both ways where SjaakII's letters are not ours, the definitions file kept where it
// is told, and a pairing SjaakII cannot express failing as an unavailable engine that names
// the reason. Skipped where SjaakII is not installed.

#include <gtest/gtest.h>

#include <filesystem>

#include "../mocks/mock_support.hpp"
#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/core/game.hpp"
#include "balance/players/external/sjaakii_player.hpp"

namespace balance::players::external {
namespace {

using namespace balance::mocks::debian_engines;

TEST(SjaakiiPlayerLetters, PromotionLettersAreTranslated) {
    const std::map<char, char> letters = {{'b', 's'}, {'c', 'l'}};
    EXPECT_EQ(translate_promotion("e7e8b", letters), "e7e8s");
    EXPECT_EQ(translate_promotion("h2h1c", letters), "h2h1l");
    EXPECT_EQ(translate_promotion("e7e8q", letters), "e7e8q");
    EXPECT_EQ(translate_promotion("a9a10b", letters), "a9a10s");  // two-digit ranks
    EXPECT_EQ(translate_promotion("e2e4", letters), "e2e4");
    EXPECT_EQ(translate_promotion("b1c3", letters), "b1c3");
}

SearchLimits sjaakii_depth(int d) {
    SearchLimits limits;
    limits.depth = d;
    return limits;
}

// Uneven's armies without castling, each promoting to one piece SjaakII letters otherwise: White
// to the Bishop (SjaakII's S), Black to the Crab (its L). White promotes in the game's history
// (sent to SjaakII translated); Black's only legal move is its promotion (read back translated).
TEST(SjaakiiPlayer, PromotionsAreTranslatedBothWays) {
    if (!std::filesystem::exists(sjaakii)) GTEST_SKIP() << "sjaakii is not installed";
    auto spec = balance::testing::load_shipped("uneven");
    spec.castling.enabled = false;
    spec.start_fen = "roncqkwndr/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/RBNPQKMNIR w - - 0 1";
    for (auto& army : spec.armies) army.promotions = {army.name == "white" ? "bishop" : "crab"};
    auto game = core::Game::start(spec, "white", "black", "k9/2Q1A5/10/10/10/10/7a2/4K5 w - - 0 1");
    ASSERT_TRUE(game.ok()) << game.error().to_string();
    ASSERT_TRUE(game->play("e7e8b").ok());
    ASSERT_EQ(game->legal_moves().size(), 1u);
    balance::testing::TempDir dir;
    SjaakiiPlayerConfig config;
    config.process.argv = {sjaakii};
    config.definitions_dir = dir.path();
    auto player = make_sjaakii_player(config);
    ASSERT_TRUE(player.ok()) << player.error().to_string();
    const MoveReply reply = (*player)->choose_move(*game, sjaakii_depth(2), 1);
    ASSERT_EQ(reply.status, MoveStatus::Ok) << reply.detail;
    EXPECT_EQ(game->uci(reply.move), "h2h1c");
    // The definitions it played by are in the directory it was given.
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
        files += entry.path().filename().string().rfind("sjaakii-", 0) == 0;
    EXPECT_EQ(files, 1u);
}

TEST(SjaakiiPlayer, APairingItCannotExpressIsUnavailableWithTheReason) {
    if (!std::filesystem::exists(sjaakii)) GTEST_SKIP() << "sjaakii is not installed";
    const auto spec = balance::testing::load_shipped("asymmetric");
    auto game = core::Game::start(spec, "humans", "elves");
    ASSERT_TRUE(game.ok()) << game.error().to_string();
    SjaakiiPlayerConfig config;
    config.process.argv = {sjaakii};
    balance::testing::TempDir dir;
    config.definitions_dir = dir.path();
    auto player = make_sjaakii_player(config);
    ASSERT_TRUE(player.ok()) << player.error().to_string();
    const MoveReply reply = (*player)->choose_move(*game, sjaakii_depth(1), 1);
    EXPECT_EQ(reply.status, MoveStatus::Unavailable) << reply.detail;
    EXPECT_NE(reply.detail.find("SjaakII cannot play piece 'ranger'"), std::string::npos)
        << reply.detail;
}

}  // namespace
}  // namespace balance::players::external
