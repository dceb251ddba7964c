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
    const Sweep sweep = testing::load(dir, R"(
name = "fm"
variant = ")" + variant + R"("
games_per_cell = 1
matchups = [["e", "fairymax"], ["fairymax", "e"]]
[players.e]
type = "engine"
nodes = 500
hash_mb = 1
[players.fairymax]
type = "fairymax"
depth = 2
[openings]
type = "random-plies"
plies = 2
[adjudication]
max_plies = 100
)");
    RunOptions options;
    options.threads = 2;
    const auto run = testing::run(sweep, dir.path() / "fm.db", options);
    ASSERT_EQ(run.games.size(), games) << variant;
    for (const auto& [key, game] : run.games) {
        // Any engine fault would end the game as "<side>-<status>".
        for (const char* fault :
             {"illegal", "protocol", "crashed", "timeout", "no-move", "unavailable"})
            EXPECT_EQ(game.find(fault), std::string::npos) << key << ": " << game;
    }
    auto store = ResultStore::open_existing(dir.path() / "fm.db");
    ASSERT_TRUE(store.ok());
    const auto runs = store->runs();
    ASSERT_TRUE(runs.ok());
    EXPECT_NE(runs->front().engines_json.find("Fairy-Max"), std::string::npos);
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
