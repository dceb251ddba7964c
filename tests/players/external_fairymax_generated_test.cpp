// Definitions written by fairymax_ini.hpp, checked by Fairy-Max itself beyond the Asymmetric
// default rules (external_fairymax_asymmetric_test checks those against RULES.md's vectors): the
// Sprite's jump option (E4) and the lame double step (24) differ exactly when the passed square
// is occupied; lame three-square leaps; chiral halves. Skipped where Fairy-Max is not installed.

#include <gtest/gtest.h>

#include <filesystem>

#include "../mocks/mock_support.hpp"
#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/core/game.hpp"
#include "balance/players/external/engine_player.hpp"
#include "balance/players/external/fairymax_ini.hpp"
#include "balance/players/external/fairymax_player.hpp"
#include "balance/players/external/xboard_client.hpp"

namespace balance::players::external {
namespace {

using namespace balance::mocks::debian_engines;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Whether Fairy-Max, on the definitions file `ini` (orthodox armies), accepts `moves` from the
// start.
bool accepted_by_fairymax(const std::filesystem::path& ini, const std::vector<std::string>& moves) {
    XboardConfig config;
    config.process.argv = {fairymax, "12", ini.string()};
    config.variant = fairymax_game_name("fide", "fide");
    XboardClient client(config);
    EXPECT_TRUE(client.start().ok());
    const bool ok = client.set_position(kStart, moves).ok();
    client.stop();
    return ok;
}

// Whether Fairy-Max, on the definitions of `option` for Elves (White) vs Humans, accepts
// `moves` from the start.
bool fairymax_accepts(const std::string& option, const std::vector<std::string>& moves) {
    const auto spec = balance::testing::load_shipped("asymmetric", {option});
    auto text = fairymax_ini(spec, {{"elves", "humans"}});
    EXPECT_TRUE(text.ok()) << text.error().to_string();
    balance::testing::TempDir dir;
    auto path = write_definitions(dir.path(), *text);
    EXPECT_TRUE(path.ok());
    XboardConfig config;
    config.process.argv = {fairymax, "12", path->string()};
    config.variant = fairymax_game_name("elves", "humans");
    XboardClient client(config);
    auto started = client.start();
    EXPECT_TRUE(started.ok()) << started.error().to_string();
    auto result = client.set_position(kStart, moves);
    client.stop();
    if (result.ok()) return true;
    EXPECT_NE(result.error().message.find("Illegal move"), std::string::npos)
        << result.error().to_string();
    return false;
}

TEST(FairymaxGenerated, SpriteJumpOptionJumpsOverAPieceTheLameStepCannot) {
    if (!std::filesystem::exists(fairymax)) GTEST_SKIP() << "fairymax is not installed";
    // The Sprite f2 steps to e3; then the Sprite d2's double step to f4 passes e3.
    const std::vector<std::string> blocked = {"f2e3", "e7e6", "d2f4"};
    const std::vector<std::string> free = {"d2f4"};
    EXPECT_TRUE(fairymax_accepts("sprite-double-step=diagonal", free));
    EXPECT_FALSE(fairymax_accepts("sprite-double-step=diagonal", blocked));
    EXPECT_TRUE(fairymax_accepts("sprite-double-step=leap", free));
    EXPECT_TRUE(fairymax_accepts("sprite-double-step=leap", blocked));
    EXPECT_FALSE(fairymax_accepts("sprite-double-step=none", free));
}

// A Guard that captured sideways along its second rank may still double-step (by rank, RULES
// 1.3b); Fairy-Max's double step needs an unmoved pawn and refuses it. The fairymax player then
// states the position itself and plays on instead of losing the game by a protocol error.
TEST(FairymaxGenerated, RefusedDoubleStepIsRestated) {
    if (!std::filesystem::exists(fairymax)) GTEST_SKIP() << "fairymax is not installed";
    const auto spec = balance::testing::load_shipped("asymmetric");
    auto game = core::Game::start(spec, "orcs", "humans",
                                  "rnbqkbnr/pppppppp/8/8/8/8/PPnPPPPP/RNBQKBNR w KQkq - 0 1");
    ASSERT_TRUE(game.ok()) << game.error().to_string();
    for (const char* move : {"d2c2", "g8f6", "c2c4"}) ASSERT_TRUE(game->play(move).ok()) << move;
    FairymaxPlayerConfig config;
    config.process.argv = {fairymax};
    balance::testing::TempDir dir;
    config.definitions_dir = dir.path();
    auto player = make_fairymax_player(config);
    ASSERT_TRUE(player.ok()) << player.error().to_string();
    SearchLimits limits;
    limits.depth = 2;
    const MoveReply reply = (*player)->choose_move(*game, limits, 1);
    EXPECT_EQ(reply.status, MoveStatus::Ok) << reply.detail;
    const auto* engine = dynamic_cast<const EnginePlayer*>(player->get());
    ASSERT_NE(engine, nullptr);
    EXPECT_EQ(engine->restated(), 1);
}

// A lame leap over two squares (nH): "step,470", the toggle to a leap postponed by one step.
TEST(FairymaxGenerated, LameThreeSquareLeapIsBlockedByEitherSquare) {
    if (!std::filesystem::exists(fairymax)) GTEST_SKIP() << "fairymax is not installed";
    auto spec = balance::testing::load_shipped("chess");
    for (auto& p : spec.pieces)
        if (p.name == "bishop") p.betza = "nH";
    auto text = fairymax_ini(spec, {{"fide", "fide"}});
    ASSERT_TRUE(text.ok()) << text.error().to_string();
    EXPECT_NE(text->find("b:300 1,470 -1,470 -16,470 16,470\n"), std::string::npos) << *text;
    balance::testing::TempDir dir;
    auto path = write_definitions(dir.path(), *text);
    ASSERT_TRUE(path.ok());
    const auto accepts = [&](const std::vector<std::string>& moves) {
        return accepted_by_fairymax(*path, moves);
    };
    EXPECT_TRUE(accepts({"c2c4", "e7e6", "c4c5", "e6e5", "c1c4"}));  // c2, c3 empty
    EXPECT_FALSE(accepts({"c2c3", "e7e6", "c1c4"}));                 // c3 occupied
    EXPECT_FALSE(accepts({"c1c4"}));                                 // c2 occupied
}

// A chiral half (hrN) turns right for Black too: Fairy-Max, given the generated rays, accepts
// exactly the moves the game accepts. White's hrN reaches h3 from g1 and c3 from b1, not f3 or
// a3; Black's reaches f6 from g8 and a6 from b8 (right turns seen from Black's side), not h6 or
// c6, where a mirrored piece would go instead.
TEST(FairymaxGenerated, ChiralHalfTurnsRightForBothSides) {
    if (!std::filesystem::exists(fairymax)) GTEST_SKIP() << "fairymax is not installed";
    auto spec = balance::testing::load_shipped("chess");
    for (auto& p : spec.pieces)
        if (p.name == "knight") p.betza = "hrN";
    auto text = fairymax_ini(spec, {{"fide", "fide"}});
    ASSERT_TRUE(text.ok()) << text.error().to_string();
    balance::testing::TempDir dir;
    auto path = write_definitions(dir.path(), *text);
    ASSERT_TRUE(path.ok());
    const auto ours = [&](const std::vector<std::string>& moves) {
        auto game = core::Game::start(spec, "fide", "fide", kStart);
        EXPECT_TRUE(game.ok());
        for (const auto& m : moves)
            if (!game->play(m).ok()) return false;
        return true;
    };
    const auto theirs = [&](const std::vector<std::string>& moves) {
        return accepted_by_fairymax(*path, moves);
    };
    const std::vector<std::vector<std::string>> legal = {
        {"g1h3"}, {"b1c3"}, {"g1h3", "g8f6"}, {"g1h3", "b8a6"}};
    const std::vector<std::vector<std::string>> illegal = {
        {"g1f3"}, {"b1a3"}, {"g1h3", "g8h6"}, {"g1h3", "b8c6"}};
    for (const auto& moves : legal) {
        EXPECT_TRUE(ours(moves)) << moves.back();
        EXPECT_TRUE(theirs(moves)) << moves.back();
    }
    for (const auto& moves : illegal) {
        EXPECT_FALSE(ours(moves)) << moves.back();
        EXPECT_FALSE(theirs(moves)) << moves.back();
    }
}

TEST(FairymaxGenerated, DefinitionsFileIsWrittenOnceByContent) {
    balance::testing::TempDir dir;
    auto a = write_definitions(dir.path(), "version 4.8(w)\n");
    auto b = write_definitions(dir.path(), "version 4.8(w)\n");
    auto c = write_definitions(dir.path(), "version 4.8(w)\n// other\n");
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    EXPECT_EQ(*a, *b);
    EXPECT_NE(*a, *c);
    EXPECT_EQ(a->parent_path(), std::filesystem::absolute(dir.path()));
    EXPECT_EQ(a->filename().string().rfind("fairymax-", 0), 0u);
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path()))
        ++files;
    EXPECT_EQ(files, 2u);  // no temporary left behind
}

}  // namespace
}  // namespace balance::players::external
