// Fairy-Max with definitions written from the variant file (type = "fairymax"): every shipped
// variant it can express (Chess, Asymmetric in every pairing, Stylish), against the internal
// engine in both colours, with no illegal move, protocol error, crash or timeout. Skipped where
// Fairy-Max is not installed.

#include <gtest/gtest.h>

#include <filesystem>

#include "../support/sweep_support.hpp"

namespace balance::tournament {
namespace {

using testing::TempDir;

constexpr const char* kFairymaxBinary = "/usr/games/fairymax";

void expect_clean_games(const std::string& variant, std::size_t games) {
    TempDir dir;
    const Sweep sweep = testing::load(
        dir, testing::against_engine(variant, "\"all\"", "type = \"fairymax\"\ndepth = 2"));
    testing::expect_clean_games(dir, sweep, games, "Fairy-Max");
}

TEST(FairymaxPlayer, Chess) {
    if (!std::filesystem::exists(kFairymaxBinary)) GTEST_SKIP() << "fairymax is not installed";
    expect_clean_games("chess", 2);
}

TEST(FairymaxPlayer, AsymmetricEveryPairing) {
    if (!std::filesystem::exists(kFairymaxBinary)) GTEST_SKIP() << "fairymax is not installed";
    expect_clean_games("asymmetric", 18);
}

// Played for mate by Fairy-Max (it knows no points), scored by points.
TEST(FairymaxPlayer, Stylish) {
    if (!std::filesystem::exists(kFairymaxBinary)) GTEST_SKIP() << "fairymax is not installed";
    expect_clean_games("stylish", 2);
}

TEST(FairymaxPlayer, RefusedAtLoadWhenAPieceCannotBeExpressed) {
    TempDir dir;
    auto sweep = config::load_sweep(dir.write("s.toml", R"(variant = "contrast"
games_per_cell = 1
[players.fairymax]
type = "fairymax"
depth = 2
)"));
    ASSERT_FALSE(sweep.ok());
    EXPECT_NE(sweep.error().to_string().find("cannot play fide vs fide"), std::string::npos)
        << sweep.error().to_string();
    EXPECT_NE(sweep.error().to_string().find("colour of its square"), std::string::npos)
        << sweep.error().to_string();
}

// Uneven's castling (3 squares, the rook beside the king's start square) is not Fairy-Max's: its
// games desynchronised at the first long castling before this was refused.
TEST(FairymaxPlayer, UnevenIsRefusedForItsCastling) {
    const std::string error = testing::sweep_load_error(R"(variant = "uneven"
games_per_cell = 1
[players.fairymax]
type = "fairymax"
depth = 2
)");
    EXPECT_NE(error.find("cannot play white vs black"), std::string::npos) << error;
    EXPECT_NE(error.find("castle a king from the f file 3 squares"), std::string::npos) << error;
}

TEST(FairymaxPlayer, NodesAreRefused) {
    EXPECT_NE(testing::sweep_load_error(R"(variant = "chess"
games_per_cell = 1
[players.fairymax]
type = "fairymax"
nodes = 1000
)")
                  .find("'nodes' in [players.fairymax] does not apply to type = \"fairymax\""),
              std::string::npos);
}

}  // namespace
}  // namespace balance::tournament
