// A real external engine in a sweep: Fairy-Max through the XBoard adapter, one engine variant
// per Asymmetric pairing ("asym-{white}-{black}" with army_names). Skipped where Fairy-Max is not
// installed.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <utility>

#include "../support/sweep_support.hpp"
#include "../support/variants.hpp"
#include "balance/players/external/fairymax_ini.hpp"

namespace balance::tournament {
namespace {

using testing::TempDir;

constexpr const char* kFairymax = "/usr/games/fairymax";

TEST(ExternalEngine, FairymaxPlaysEveryPairingWithoutFaults) {
    if (!std::filesystem::exists(kFairymax)) GTEST_SKIP() << "fairymax is not installed";
    TempDir dir;
    // An engine file of another author's naming: the definitions Balance writes for Fairy-Max,
    // with each game renamed the way a hand-written file might name it (asym-elf-orc).
    auto text = players::external::fairymax_ini(
        balance::testing::load_shipped("asymmetric"),
        {{"elves", "orcs"}, {"orcs", "humans"}, {"humans", "elves"}});
    ASSERT_TRUE(text.ok()) << text.error().to_string();
    const std::map<std::string, std::string> singular = {
        {"humans", "human"}, {"elves", "elf"}, {"orcs", "orc"}};
    for (const auto& [white, black] :
         {std::pair{"elves", "orcs"}, {"orcs", "humans"}, {"humans", "elves"}}) {
        const std::string ours = "Game: " + players::external::fairymax_game_name(white, black);
        const auto at = text->find(ours + "\n");
        ASSERT_NE(at, std::string::npos) << ours;
        text->replace(at, ours.size(),
                      "Game: asym-" + singular.at(white) + "-" + singular.at(black));
    }
    const std::string ini = (dir.path() / "asymmetric.ini").string();
    std::ofstream(ini) << *text;
    const Sweep sweep = testing::load(dir, R"(
name = "fm"
variant = "asymmetric"
games_per_cell = 1
pairings = [["elves", "orcs"], ["orcs", "humans"], ["humans", "elves"]]
matchups = [["e", "fairymax"], ["fairymax", "e"]]
[players.e]
type = "engine"
nodes = 500
hash_mb = 1
[players.fairymax]
type = "xboard"
command = "/usr/games/fairymax"
args = ["16", ")" + ini + R"("]
variant = "asym-{white}-{black}"
army_names = { humans = "human", elves = "elf", orcs = "orc" }
depth = 2
[adjudication]
max_plies = 60
)");
    RunOptions options;
    options.threads = 2;
    const auto run = testing::run(sweep, dir.path() / "fm.db", options);
    ASSERT_EQ(run.games.size(), 6u);
    for (const auto& [key, game] : run.games) {
        // Any engine fault would end the game as "<side>-<status>".
        for (const char* fault : {"illegal", "protocol", "crashed", "timeout", "no-move"})
            EXPECT_EQ(game.find(fault), std::string::npos) << key << ": " << game;
    }
    auto store = ResultStore::open_existing(dir.path() / "fm.db");
    ASSERT_TRUE(store.ok());
    const auto runs = store->runs();
    ASSERT_TRUE(runs.ok());
    EXPECT_NE(runs->front().engines_json.find("Fairy-Max"), std::string::npos);
}

}  // namespace
}  // namespace balance::tournament
