// `balance tune` end to end on a tiny sweep: games of a 300-node engine, the evaluation fitted
// to them and written as an evaluation file that a sweep player then plays by, with the report
// naming the player's own weights. Also its refusals: no database, a start file for another
// variant.

#include <gtest/gtest.h>

#include "../support/file_text.hpp"
#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/config/eval_weights_reader.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

using balance::testing::TempDir;
using testing::run_balance;

std::string tune_sweep(const std::string& name, const std::string& eval_line,
                       const std::string& variant = "chess", int games = 24) {
    return "name = \"" + name + "\"\nvariant = \"" + variant +
           "\"\nseed = 3\ngames_per_cell = " + std::to_string(games) + R"(
[players.tiny]
type = "engine"
nodes = 300
hash_mb = 1
)" + eval_line +
           R"(
[openings]
type = "random-plies"
plies = 4
[adjudication]
max_plies = 100
)";
}

TEST(Tune, FitsATinySweepAndThePlayerPlaysByIt) {
    TempDir dir;
    const auto sweep = dir.write("tiny.toml", tune_sweep("tune-tiny", ""));
    const std::string db = (dir.path() / "tiny.db").string();
    const auto played = run_balance({"sweep", sweep.string(), "--db", db, "--threads", "2"});
    ASSERT_EQ(played.status, 0) << played.err;

    const std::string written = (dir.path() / "chess-eval.toml").string();
    const auto tuned =
        run_balance({"tune", "--db", db, "--write", written, "--min-ply", "8", "--player", "tiny"});
    ASSERT_EQ(tuned.status, 0) << tuned.err;
    EXPECT_NE(tuned.out.find("tuned the evaluation of chess from "), std::string::npos)
        << tuned.out;
    EXPECT_NE(tuned.out.find("doubled_pawn.mg"), std::string::npos) << tuned.out;
    EXPECT_NE(tuned.out.find("wrote " + written), std::string::npos) << tuned.out;

    // The file is an evaluation file of chess with every term and the chess pieces.
    const auto spec = balance::testing::load_shipped("chess");
    auto weights = config::load_eval_weights_file(written, spec);
    ASSERT_TRUE(weights) << weights.error().to_string();
    EXPECT_TRUE(weights->pieces.contains("knight"));
    EXPECT_TRUE(weights->pieces.at("knight").mobility);
    EXPECT_FALSE(weights->pieces.contains("king"));
    EXPECT_NE(balance::testing::file_text(written).find("fitted by `balance tune` from "),
              std::string::npos);
    // It names the database by its file name, not the machine's folder it was read from.
    EXPECT_NE(balance::testing::file_text(written).find("\n# tiny.db (K "), std::string::npos)
        << balance::testing::file_text(written);
    EXPECT_EQ(balance::testing::file_text(written).find(dir.path().string()), std::string::npos);
    // It says how it was made where that differs from the defaults.
    EXPECT_NE(balance::testing::file_text(written).find(
                  "\n# Fit: --min-ply 8 --per-game 10 --l2 0.0001.\n"
                  "# Only the games tiny played against itself.\n"),
              std::string::npos)
        << balance::testing::file_text(written);

    // A player plays by it, and the report says so.
    const auto with_file =
        dir.write("tuned.toml", tune_sweep("tune-played", "eval = \"chess-eval.toml\""));
    const std::string db2 = (dir.path() / "tuned.db").string();
    const auto again = run_balance(
        {"sweep", with_file.string(), "--db", db2, "--threads", "2", "--max-games", "2"});
    ASSERT_EQ(again.status, 0) << again.err;
    const auto report = run_balance({"report", "--db", db2});
    ASSERT_EQ(report.status, 0) << report.err;
    EXPECT_NE(report.out.find("player 'tiny' plays by evaluation weights of its own: "),
              std::string::npos)
        << report.out;
}

// The error before the fit ("mean squared error 0.12345 at the starting weights").
double error_at_start(const std::string& out) {
    const std::string key = "mean squared error ";
    const auto at = out.find(key);
    if (at == std::string::npos) return -1.0;
    return std::stod(out.substr(at + key.size()));
}

TEST(Tune, FitsToTheStoredSearchScores) {
    TempDir dir;
    const auto sweep = dir.write("tiny.toml", tune_sweep("tune-scored", ""));
    const std::string db = (dir.path() / "tiny.db").string();
    ASSERT_EQ(run_balance({"sweep", sweep.string(), "--db", db, "--threads", "2"}).status, 0);
    const std::string written = (dir.path() / "scored.toml").string();
    const auto results = run_balance({"tune", "--db", db, "--write", written, "--min-ply", "8"});
    ASSERT_EQ(results.status, 0) << results.err;
    // From the results' fit: the file says it started there.
    const auto scores = run_balance({"tune", "--db", db, "--write", written, "--min-ply", "8",
                                     "--score-weight", "1", "--start", written});
    ASSERT_EQ(scores.status, 0) << scores.err;
    EXPECT_NE(scores.out.find("targets: 0.00 x the game's result + 1.00 x the stored search score "
                              "(K_s "),
              std::string::npos)
        << scores.out;
    // The engine scores every position it moves from: none is left out.
    EXPECT_NE(scores.out.find("; 0 quiet positions had no stored score"), std::string::npos)
        << scores.out;
    // A search's score is a smooth function of the position, which the evaluation predicts far
    // better than one game's result: the error at the starting weights falls.
    const double by_results = error_at_start(results.out);
    const double by_scores = error_at_start(scores.out);
    ASSERT_GT(by_results, 0.0) << results.out;
    ASSERT_GT(by_scores, 0.0) << scores.out;
    EXPECT_LT(by_scores, 0.5 * by_results) << results.out << scores.out;
    EXPECT_NE(balance::testing::file_text(written).find("x the search score stored with it (K_s "),
              std::string::npos)
        << balance::testing::file_text(written);
    EXPECT_NE(balance::testing::file_text(written).find(
                  "# Started from and regularised toward scored.toml.\n"),
              std::string::npos)
        << balance::testing::file_text(written);
}

TEST(Tune, ScoresAreRefusedWhereNoPlayerStoredAny) {
    TempDir dir;
    const auto sweep = dir.write("random.toml", R"(name = "tune-random"
variant = "chess"
seed = 3
games_per_cell = 6
[players.random]
type = "random"
[openings]
type = "random-plies"
plies = 4
[adjudication]
max_plies = 60
)");
    const std::string db = (dir.path() / "random.db").string();
    ASSERT_EQ(run_balance({"sweep", sweep.string(), "--db", db, "--threads", "2"}).status, 0);
    const std::string written = (dir.path() / "x.toml").string();
    const auto tuned = run_balance(
        {"tune", "--db", db, "--write", written, "--min-ply", "8", "--score-weight", "0.5"});
    EXPECT_NE(tuned.status, 0);
    EXPECT_NE(tuned.err.find("no search score stored for any quiet position of 6 games of chess"),
              std::string::npos)
        << tuned.err;
    EXPECT_FALSE(std::filesystem::exists(written));
}

// "N quiet positions of M looked at": {N, M}.
std::pair<long, long> quiet_of_looked_at(const std::string& out) {
    const auto of = out.find(" quiet positions of ");
    if (of == std::string::npos) return {-1, -1};
    const auto start = out.rfind(' ', of - 1) + 1;
    return {std::stol(out.substr(start, of - start)),
            std::stol(out.substr(of + std::string(" quiet positions of ").size()))};
}

TEST(Tune, StylishPositionsAreQuietByThePointsSoFarToo) {
    // The search stands pat on the evaluation plus the points so far, and the fit compares its
    // quiescence with that: a position after an even trade of captures (points unequal) is as
    // quiet as in orthodox chess. Compared with the points so far left out, only the positions
    // with equal points were quiet, a small minority.
    TempDir dir;
    const auto sweep =
        dir.write("stylish.toml", tune_sweep("tune-stylish-tiny", "", "stylish", 16));
    const std::string db = (dir.path() / "stylish.db").string();
    ASSERT_EQ(run_balance({"sweep", sweep.string(), "--db", db, "--threads", "2"}).status, 0);
    const std::string written = (dir.path() / "stylish-eval.toml").string();
    const auto tuned = run_balance({"tune", "--db", db, "--write", written, "--min-ply", "8"});
    ASSERT_EQ(tuned.status, 0) << tuned.err;
    const auto [quiet, looked_at] = quiet_of_looked_at(tuned.out);
    ASSERT_GT(looked_at, 0) << tuned.out;
    EXPECT_GT(2 * quiet, looked_at) << tuned.out;
    // At the hand-set weights the evaluation does not predict who wins on points: the scale is
    // pinned at the bottom of its range, and the output says so.
    EXPECT_NE(tuned.out.find("note: K is at the lower end of its range (0.05)"), std::string::npos)
        << tuned.out;
}

TEST(Tune, Refusals) {
    TempDir dir;
    const auto missing = run_balance({"tune", "--db", (dir.path() / "none.db").string(), "--write",
                                      (dir.path() / "x.toml").string()});
    EXPECT_NE(missing.status, 0);
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "x.toml"));
}

}  // namespace
}  // namespace balance::cli
