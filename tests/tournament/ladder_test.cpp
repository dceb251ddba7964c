// Strength ladders: a list-valued limit becomes one player per rung, matchups expand rung by
// rung, rung gaps add neighbouring-rung cells in the mirror pairings, and a sweep without
// ladders keeps its cell keys.

#include <gtest/gtest.h>

#include "../support/sweep_support.hpp"
#include "balance/tournament/ladder.hpp"
#include "balance/tournament/plan.hpp"
#include "balance/tournament/sweep_json.hpp"

namespace balance::tournament {
namespace {

using testing::sweep_load_error;
using testing::TempDir;

TEST(Ladder, RungNamesRoundTrip) {
    EXPECT_EQ(rung_name("balance", "nodes", 4000), "balance:nodes=4000");
    const auto rung = parse_rung_name("fairymax:depth=6");
    ASSERT_TRUE(rung.has_value());
    EXPECT_EQ(rung->player, "fairymax");
    EXPECT_EQ(rung->limit, "depth");
    EXPECT_EQ(rung->value, 6);
    EXPECT_FALSE(parse_rung_name("balance").has_value());
    EXPECT_FALSE(parse_rung_name("balance:nodes=4k").has_value());
}

TEST(Ladder, SelfPlayExpandsRungByRungAndKeysAvoidSeparators) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, R"(
variant = "asymmetric"
games_per_cell = 3
pairings = [["humans", "elves"], ["elves", "humans"]]
[players.balance]
type = "engine"
nodes = [4000, 16000, 64000]
eval = "material"
)");
    ASSERT_EQ(sweep.players.size(), 3u);
    EXPECT_EQ(sweep.players[1].name, "balance:nodes=16000");
    EXPECT_EQ(sweep.players[1].limits.nodes, 16000u);
    EXPECT_EQ(sweep.players[1].ladder, "balance");
    EXPECT_EQ(sweep.players[1].rung, 1);
    EXPECT_EQ(sweep.players[2].eval, players::engine::EvalTerms::Material);
    const auto cells = make_cells(sweep);
    ASSERT_EQ(cells.size(), 6u);  // 2 pairings x 3 rungs
    EXPECT_EQ(cells[0].key, "asymmetric|humans|elves||balance:nodes=4000|balance:nodes=4000");
    EXPECT_EQ(cells[5].key, "asymmetric|elves|humans||balance:nodes=64000|balance:nodes=64000");
    for (const auto& cell : cells) {
        EXPECT_EQ(cell.key.find('@'), std::string::npos);
        EXPECT_EQ(cell.key.find('#'), std::string::npos);
        EXPECT_EQ(std::count(cell.key.begin(), cell.key.end(), '|'), 5);
    }
    // The evaluation switch is part of the player's identity, and so of the sweep's.
    EXPECT_NE(config_json(sweep).find("\"eval\":\"material\""), std::string::npos);
}

TEST(Ladder, MixedMatchupsPairRungsByIndexAndPlainPlayersMeetEveryRung) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, R"(
variant = "asymmetric"
games_per_cell = 1
pairings = [["elves", "orcs"]]
matchups = [["a", "b"], ["a", "g"], ["g", "b"]]
[players.a]
type = "engine"
nodes = [100, 200]
[players.b]
type = "engine"
depth = [2, 3]
[players.g]
type = "greedy"
)");
    std::vector<std::string> got;
    for (const auto& m : sweep.matchups) got.push_back(m.white + " " + m.black);
    EXPECT_EQ(got, (std::vector<std::string>{"a:nodes=100 b:depth=2", "a:nodes=200 b:depth=3",
                                             "a:nodes=100 g", "a:nodes=200 g", "g b:depth=2",
                                             "g b:depth=3"}));
}

TEST(Ladder, RungGapsPlayInTheMirrorPairingsOnly) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, R"(
variant = "asymmetric"
games_per_cell = 10
rung_gap_games = 4
pairings = [["humans", "humans"], ["humans", "elves"]]
[players.e]
type = "engine"
nodes = [100, 200, 400]
)");
    const auto cells = make_cells(sweep);
    // 2 pairings x 3 rungs, plus 2 gaps x 2 colour orders in the one mirror pairing.
    ASSERT_EQ(cells.size(), 10u);
    int gaps = 0, planned = 0;
    for (const auto& cell : cells) {
        planned += planned_games(sweep, cell);
        if (!cell.rung_gap) continue;
        ++gaps;
        EXPECT_EQ(cell.pairing.white, "humans");
        EXPECT_EQ(cell.pairing.black, "humans");
    }
    EXPECT_EQ(gaps, 4);
    EXPECT_EQ(planned, 6 * 10 + 4 * 4);
    EXPECT_NE(std::find_if(cells.begin(), cells.end(),
                           [](const Cell& c) {
                               return c.key == "asymmetric|humans|humans||e:nodes=200|e:nodes=100";
                           }),
              cells.end());
}

TEST(Ladder, PlainSweepsKeepTheirKeysAndIdentity) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, testing::small_sweep(2));
    EXPECT_EQ(make_cells(sweep)[0].key, "chess|fide|fide||tiny|greedy");
    const std::string json = config_json(sweep);
    EXPECT_EQ(json.find("eval"), std::string::npos);
    EXPECT_EQ(json.find("rung_gap"), std::string::npos);
}

TEST(Ladder, Errors) {
    const std::string head = "variant = \"asymmetric\"\ngames_per_cell = 1\n";
    EXPECT_EQ(sweep_load_error(head + "[players.e]\ntype = \"engine\"\nnodes = [400, 100]\n"),
              "bad.toml:5: [players.e]: nodes = [...] must ascend, weakest rung first (400 then "
              "100)");
    EXPECT_EQ(
        sweep_load_error(head + "[players.e]\ntype = \"engine\"\nnodes = [1, 2]\ndepth = [3]\n"),
        "bad.toml:6: depth is a list, and so is nodes: a player climbs one ladder (one "
        "limit may be a list)");
    EXPECT_EQ(sweep_load_error(head + "[players.e]\ntype = \"engine\"\nnodes = []\n"),
              "bad.toml:5: nodes = [] lists no rung");
    EXPECT_EQ(
        sweep_load_error(head + "[players.e]\ntype = \"engine\"\nnodes = 5\neval = \"taste\"\n")
            .rfind("bad.toml:6: ", 0),
        0u);
    EXPECT_EQ(sweep_load_error(
                  head + "matchups = [[\"a\", \"b\"]]\n[players.a]\ntype = \"engine\"\nnodes = "
                         "[1, 2]\n[players.b]\ntype = \"engine\"\ndepth = [1, 2, 3]\n"),
              "bad.toml: matchup a-b pairs two ladders rung by rung, so they need as many rungs "
              "(2 and 3)");
    EXPECT_EQ(
        sweep_load_error(head + "rung_gap_games = 2\n[players.e]\ntype = \"engine\"\nnodes = 5\n"),
        "bad.toml:3: rung_gap_games needs a player with a ladder of two or more rungs "
        "(nodes = [...]) playing itself");
}

}  // namespace
}  // namespace balance::tournament
