// Sweep files: defaults, the resolved config, and error messages that name file:line and
// suggest the nearest name.

#include <gtest/gtest.h>

#include <filesystem>

#include "../support/sweep_support.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/plan.hpp"

namespace balance::tournament {
namespace {

using balance::testing::TempDir;
using testing::sweep_load_error;

TEST(SweepReader, FillsDefaults) {
    TempDir dir;
    auto sweep = config::load_sweep(dir.write("night-run.toml", testing::kMinimalSweep));
    ASSERT_TRUE(sweep.ok()) << sweep.error().to_string();
    EXPECT_EQ(sweep->name, "night-run");
    EXPECT_EQ(sweep->variant, "asymmetric");
    EXPECT_EQ(sweep->seed, 1u);
    ASSERT_EQ(sweep->rule_sets.size(), 1u);
    EXPECT_EQ(sweep->rule_sets[0].name, "baseline");
    EXPECT_EQ(sweep->rule_sets[0].rules(), "");
    EXPECT_EQ(sweep->pairings.size(), 9u);
    ASSERT_EQ(sweep->matchups.size(), 1u);
    EXPECT_EQ(sweep->matchups[0].white, "e");
    EXPECT_EQ(sweep->players[0].hash_mb, 16);
    EXPECT_EQ(sweep->players[0].random_plies, 8);
    EXPECT_EQ(sweep->openings.kind, OpeningSpec::Kind::None);
    EXPECT_EQ(sweep->adjudication.max_plies, 400);
    EXPECT_TRUE(sweep->adjudication.resign.enabled);
    EXPECT_EQ(sweep->adjudication.draw.after_ply, 80);
    EXPECT_FALSE(sweep->adaptive);
    EXPECT_TRUE(open_sweep(*sweep).ok());
}

TEST(SweepReader, ReadsEverySection) {
    TempDir dir;
    auto sweep = config::load_sweep(dir.write("full.toml", R"(
name = "full"
variant = "asymmetric"
seed = 123
pairings = [["humans", "elves"], ["Elf", "orcs"]]
rule_sets = { base = [], both = ["promote-to-captured", "stalemate-win"] }
matchups = [["strong", "weak"], ["weak", "strong"]]
[players.strong]
type = "engine"
nodes = 20000
hash_mb = 8
[players.weak]
type = "engine"
depth = 2
random_plies = 0
[adaptive]
target_half_width = 0.04
budget = 5000
[openings]
type = "random-plies"
plies = 4
max_imbalance_cp = 80
[adjudication]
max_plies = 300
[adjudication.resign]
enabled = false
[adjudication.draw]
score_cp = 5
moves = 6
after_ply = 60
)"));
    ASSERT_TRUE(sweep.ok()) << sweep.error().to_string();
    EXPECT_EQ(sweep->seed, 123u);
    ASSERT_EQ(sweep->pairings.size(), 2u);
    EXPECT_EQ(sweep->pairings[1].white, "elves");  // alias resolved
    ASSERT_EQ(sweep->rule_sets.size(), 2u);
    EXPECT_EQ(sweep->rule_sets[0].name, "base");  // file order, not sorted
    EXPECT_EQ(sweep->rule_sets[1].rules(), "promote-to-captured,stalemate-win");
    EXPECT_EQ(sweep->players[1].limits.depth, 2);
    EXPECT_EQ(sweep->players[1].random_plies, 0);
    ASSERT_TRUE(sweep->adaptive);
    EXPECT_EQ(sweep->adaptive->budget, 5000);
    EXPECT_EQ(sweep->adaptive->initial_games, 20);
    EXPECT_EQ(sweep->openings.plies, 4);
    EXPECT_EQ(sweep->openings.max_imbalance_cp, 80);
    EXPECT_FALSE(sweep->adjudication.resign.enabled);
    EXPECT_EQ(sweep->adjudication.draw.moves, 6);
    EXPECT_EQ(make_cells(*sweep).size(), 8u);
}

TEST(SweepReader, UnevenHasOnlyItsOnePairing) {
    TempDir dir;
    auto sweep = config::load_sweep(dir.write("u.toml", R"(variant = "uneven"
games_per_cell = 1
[players.e]
type = "engine"
nodes = 100
)"));
    ASSERT_TRUE(sweep.ok()) << sweep.error().to_string();
    ASSERT_EQ(sweep->pairings.size(), 1u);
    EXPECT_EQ(sweep->pairings[0].white, "white");
    EXPECT_EQ(sweep->pairings[0].black, "black");
}

TEST(SweepReader, ErrorsNameTheLineAndSuggest) {
    EXPECT_EQ(sweep_load_error(std::string(testing::kMinimalSweep) + "gmes_per_cell = 3\n"),
              "bad.toml:6: unknown key 'gmes_per_cell' in [players.e]")
        << "a key after [players.e] belongs to that table";
    EXPECT_EQ(sweep_load_error("variant = \"asymmetric\"\ngames_per_cel = 3\n[players.e]\ntype = "
                               "\"engine\"\nnodes = 1\n"),
              "bad.toml:2: unknown key 'games_per_cel' in the top level; did you mean "
              "'games_per_cell'?");
    EXPECT_EQ(sweep_load_error("variant = \"asymmetric\"\ngames_per_cell = 3\n[players.e]\ntype = "
                               "\"engin\"\nnodes = 1\n"),
              "bad.toml:4: 'type' in [players.e] must be one of engine, random, greedy, uci, "
              "xboard, fairymax, sjaakii, fairy-stockfish, not 'engin'; did you mean 'engine'?");
    EXPECT_EQ(sweep_load_error("variant = \"asymmetric\"\ngames_per_cell = 3\n[players.e]\ntype = "
                               "\"engine\"\nnode = 1\n"),
              "bad.toml:5: unknown key 'node' in [players.e]; did you mean 'nodes'?");
}

TEST(SweepReader, ErrorsAboutArmiesPlayersAndRules) {
    const std::string players = "[players.e]\ntype = \"engine\"\nnodes = 1\n";
    EXPECT_EQ(
        sweep_load_error("variant = \"asymmetric\"\ngames_per_cell = 1\npairings = [[\"humans\", "
                         "\"elvs\"]]\n" +
                         players),
        "bad.toml:3: unknown army 'elvs' for variant 'asymmetric'; did you mean 'elves'? "
        "(armies: humans, elves, orcs)");
    EXPECT_EQ(sweep_load_error("variant = \"uneven\"\ngames_per_cell = 1\npairings = [[\"black\", "
                               "\"white\"]]\n" +
                               players),
              "bad.toml:3: army 'black' cannot play White in variant 'uneven'");
    EXPECT_EQ(sweep_load_error("variant = \"asymmetric\"\ngames_per_cell = 1\nmatchups = [[\"e\", "
                               "\"f\"]]\n" +
                               players),
              "bad.toml:3: unknown player 'f'; did you mean 'e'? (players: e)");
    const std::string rules = sweep_load_error(
        "variant = \"asymmetric\"\ngames_per_cell = 1\nrule_sets = { a = [\"stalemate-wni\"] "
        "}\n" +
        players);
    EXPECT_EQ(rules.rfind("bad.toml:3: rule set 'a': ", 0), 0u) << rules;
    EXPECT_NE(rules.find("did you mean 'stalemate-win'"), std::string::npos) << rules;
    EXPECT_EQ(
        sweep_load_error("variant = \"asymmetric\"\ngames_per_cell = 1\nrule_sets = { a = [], b = "
                         "[\"stalemate-win=off\"] }\n" +
                         players),
        "bad.toml:3: rule set 'b' selects the same rules ('') as an earlier one");
    EXPECT_EQ(sweep_load_error("variant = \"chesss\"\ngames_per_cell = 1\n" + players)
                  .rfind("bad.toml:1: variant 'chesss': no such variant", 0),
              0u);
}

TEST(SweepReader, ErrorsAboutModesAndLimits) {
    const std::string players = "[players.e]\ntype = \"engine\"\nnodes = 1\n";
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\n" + players),
              "bad.toml: set either games_per_cell or an [adaptive] table (exactly one)");
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\ngames_per_cell = 1\n[players.e]\ntype = "
                               "\"engine\"\n"),
              "bad.toml:3: [players.e] needs a search limit: nodes, depth or movetime_ms (nodes "
              "or depth keep games reproducible)");
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\ngames_per_cell = 1\n[players.r]\ntype = "
                               "\"random\"\nnodes = 5\n"),
              "bad.toml:5: 'nodes' in [players.r] does not apply to type = \"random\"");
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\ngames_per_cell = 1\n" + players +
                               "[players.f]\ntype = \"greedy\"\n"),
              "bad.toml: with several players, list who plays whom: matchups = [[\"white "
              "player\", \"black player\"], ...]");
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\ngames_per_cell = 1\n" + players +
                               "[openings]\nplies = 3\n"),
              "bad.toml:7: 'plies' in [openings] applies only to type = \"random-plies\" or "
              "\"book\"");
    EXPECT_EQ(
        sweep_load_error("variant = \"chess\"\ngames_per_cell = 1\n" + players +
                         "[openings]\ntype = \"book\"\npositions = [\"8/8/8/8/8/8/8/K1k5 w - - "
                         "0 1\"]\nmax_imbalance_cp = 50\n"),
        "bad.toml:9: 'max_imbalance_cp' in [openings] needs 'plies' (random plies after "
        "the book position)");
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\ngames_per_cell = 1\n" + players +
                               "[openings]\ntype = \"random-plies\"\nplies = 4\n"
                               "max_imbalance_cp = 50\nmin_imbalance_cp = 80\n"),
              "bad.toml:10: min_imbalance_cp = 80 needs max_imbalance_cp at least as large (the "
              "window of scores an opening may have), not 50");
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\ngames_per_cell = 1\n" + players +
                               "[openings]\ntype = \"random-plies\"\nplies = 4\n"
                               "min_imbalance_cp = 80\n"),
              "bad.toml:9: min_imbalance_cp = 80 needs max_imbalance_cp at least as large (the "
              "window of scores an opening may have), not 0");
    EXPECT_EQ(sweep_load_error(
                  "variant = \"asymmetric\"\ngames_per_cell = 1\n[players.x]\ntype = "
                  "\"xboard\"\ncommand = \"x\"\ndepth = 1\narmy_names = { elvs = \"elf\" }\n"),
              "bad.toml:7: army_names: unknown army 'elvs'; did you mean 'elves'? (armies: "
              "humans, elves, orcs)");
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\ngames_per_cell = 0\n" + players),
              "bad.toml:2: 'games_per_cell' in the top level must be between 1 and 1000000, "
              "not 0");
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\n" + players + "[adaptive]\nbudget = 10\n"),
              "bad.toml:5: [adaptive] is missing required key 'target_half_width'");
    // 2e14 nodes once passed and overflowed an external engine's move deadline.
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\ngames_per_cell = 1\n[players.u]\ntype = "
                               "\"uci\"\ncommand = \"x\"\nnodes = 200000000000000\n"),
              "bad.toml:6: 'nodes' in [players.u] must be between 1 and 1000000000000, not "
              "200000000000000");
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\ngames_per_cell = 1\n[players.u]\ntype = "
                               "\"uci\"\ncommand = \"x\"\ndepth = 5\ndepth_timeout_ms = 10\n"),
              "bad.toml:7: 'depth_timeout_ms' in [players.u] must be between 100 and 86400000, "
              "not 10");
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\ngames_per_cell = 1\n" + players +
                               "max_failures_in_row = 2\n"),
              "bad.toml:6: 'max_failures_in_row' in [players.e] does not apply to type = "
              "\"engine\"");
}

// SjaakII on definitions written from the variant file: the program and limits are all it takes
// (nodes included: SjaakII counts them), and a variant it cannot express is named at load.
TEST(SweepReader, SjaakiiPlayers) {
    TempDir dir;
    auto sweep = config::load_sweep(dir.write("s.toml", R"(variant = "chess"
games_per_cell = 1
[players.s]
type = "sjaakii"
nodes = 2000
)"));
    ASSERT_TRUE(sweep.ok()) << sweep.error().to_string();
    const PlayerSpec& player = sweep->players.front();
    EXPECT_EQ(player.kind, PlayerKind::Sjaakii);
    EXPECT_EQ(player.limits.nodes, 2000u);
    EXPECT_EQ(player.external.command, std::vector<std::string>{"/usr/games/sjaakii"});
    EXPECT_EQ(sweep_load_error("variant = \"chess\"\ngames_per_cell = 1\n[players.s]\ntype = "
                               "\"sjaakii\"\nnodes = 1\nvariant = \"x\"\n"),
              "bad.toml:6: 'variant' in [players.s] does not apply to type = \"sjaakii\"");
    const std::string contrast = sweep_load_error(
        "variant = \"contrast\"\ngames_per_cell = 1\n[players.s]\ntype = \"sjaakii\"\ndepth = 2\n");
    EXPECT_NE(
        contrast.find("bad.toml: [players.s] (type = \"sjaakii\") cannot play fide vs fide: "),
        std::string::npos)
        << contrast;
    EXPECT_NE(contrast.find("colour of its square"), std::string::npos) << contrast;
}

TEST(SweepReader, InlineBookPositions) {
    TempDir dir;
    const std::string book = std::string(testing::kMinimalSweep) +
                             "[openings]\ntype = \"book\"\npositions = [\n"
                             "  \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1\",\n"
                             "  \"r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\",\n]\n";
    auto sweep = config::load_sweep(dir.write("odds.toml", book));
    ASSERT_TRUE(sweep.ok()) << sweep.error().to_string();
    EXPECT_EQ(sweep->openings.kind, OpeningSpec::Kind::Book);
    ASSERT_EQ(sweep->openings.book.size(), 2u);
    EXPECT_EQ(sweep->openings.book[1], "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_TRUE(open_sweep(*sweep).ok());

    // A position that does not fit is named with the sweep file.
    auto bad = config::load_sweep(dir.write(
        "odds-bad.toml", std::string(testing::kMinimalSweep) +
                             "[openings]\ntype = \"book\"\npositions = [\"8/8/8 w - - 0 1\"]\n"));
    ASSERT_TRUE(bad.ok()) << bad.error().to_string();
    const auto invalid = open_sweep(*bad);
    ASSERT_FALSE(invalid.ok());
    EXPECT_NE(invalid.error().to_string().find("odds-bad.toml"), std::string::npos)
        << invalid.error().to_string();

    EXPECT_EQ(
        sweep_load_error(std::string(testing::kMinimalSweep) + "[openings]\ntype = \"book\"\n"),
        "bad.toml:7: [openings] type = \"book\" needs exactly one of 'file' and "
        "'positions'");
    EXPECT_EQ(
        sweep_load_error(std::string(testing::kMinimalSweep) +
                         "[openings]\ntype = \"random-plies\"\nplies = 2\npositions = [\"x\"]\n"),
        "bad.toml:9: 'positions' in [openings] applies only to type = \"book\"");
}

TEST(SweepReader, ShippedSweepsLoadAndValidate) {
    const std::filesystem::path dir = std::filesystem::path(BALANCE_SOURCE_DIR) / "configs/sweeps";
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".toml") continue;
        ++files;
        auto sweep = config::load_sweep(entry.path());
        ASSERT_TRUE(sweep.ok()) << sweep.error().to_string();
        EXPECT_TRUE(open_sweep(*sweep).ok()) << entry.path();
        EXPECT_EQ(sweep->name, entry.path().stem().string());
    }
    EXPECT_GE(files, 5);
}

}  // namespace
}  // namespace balance::tournament
