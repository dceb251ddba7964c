// `balance tune --sweep` end to end on a tiny sweep: the rounds' output, the evaluation file
// they write (with its provenance, read back as a player's weights and accepted by `balance
// check`), a second run that plays nothing, and a sweep without an engine player refused.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "../support/file_text.hpp"
#include "../support/sample_sweeps.hpp"
#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/config/eval_weights_reader.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

using balance::testing::TempDir;
using testing::run_balance;

// 24 games of a 300-node engine against itself.
std::string rounds_sweep_text() {
    return balance::testing::tiny_tune_sweep(3, 24);
}

// `--sweep`: the file's player plays itself, the fit meets the weights it came from, and the
// file written is one a player plays by.
TEST(TuneSweep, RoundsWriteAnEvaluationFileAPlayerPlaysBy) {
    TempDir dir;
    const auto sweep = dir.write("rounds.toml", rounds_sweep_text());
    const std::string db = (dir.path() / "rounds.db").string();
    const std::string written = (dir.path() / "rounds-eval.toml").string();
    const std::vector<std::string> args = {
        "tune",    "--sweep",       sweep.string(), "--db",      db,
        "--write", written,         "--rounds",     "1",         "--min-ply",
        "8",       "--match-games", "10",           "--threads", "2",
        "--quiet"};
    const auto tuned = run_balance(args);
    ASSERT_EQ(tuned.status, 0) << tuned.err << tuned.out;
    EXPECT_NE(tuned.out.find("round 0 (tiny-r0, by the hand-set weights)\n  self-play: 24 games; "),
              std::string::npos)
        << tuned.out;
    EXPECT_NE(tuned.out.find("round 1 (tiny-r1, by round 0's fit)\n  against round 0: 10 games, "),
              std::string::npos)
        << tuned.out;
    EXPECT_NE(tuned.out.find("wrote " + written), std::string::npos) << tuned.out;
    const std::string text = balance::testing::file_text(written);
    EXPECT_NE(text.find("# Evaluation weights of chess from `balance tune --sweep "),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("# Round 1 against round 0: 10 games, "), std::string::npos) << text;
    EXPECT_NE(text.find("# Database rounds.db."), std::string::npos) << text;
    // The fits' settings that differ from the defaults, so the file says how to remake it.
    EXPECT_NE(text.find("# Each fit: --min-ply 8 --per-game 10 --l2 0.0001.\n"), std::string::npos)
        << text;
    EXPECT_EQ(text.find("Each fit's targets"), std::string::npos) << text;
    EXPECT_EQ(text.find(dir.path().string()), std::string::npos) << text;
    const auto spec = balance::testing::load_shipped("chess");
    auto weights = config::load_eval_weights_file(written, spec);
    ASSERT_TRUE(weights) << weights.error().to_string();
    // A sweep whose player plays by it checks.
    std::string played = rounds_sweep_text();
    played.replace(played.find("hash_mb = 1"), 11, "hash_mb = 1\neval = \"rounds-eval.toml\"");
    const auto player = dir.write("played.toml", played);
    const auto checked = run_balance({"check", player.string()});
    EXPECT_EQ(checked.status, 0) << checked.err << checked.out;

    // Again: every game is stored, nothing is played.
    const auto again = run_balance(args);
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_NE(again.out.find("; 0 games played in this run, database " + db), std::string::npos)
        << again.out;

    // With the stored scores in the targets, the head says so.
    const std::string scored = (dir.path() / "scored-eval.toml").string();
    const auto blended =
        run_balance({"tune", "--sweep", sweep.string(), "--db", (dir.path() / "scored.db").string(),
                     "--write", scored, "--rounds", "1", "--match-games", "10", "--threads", "2",
                     "--quiet", "--score-weight", "0.5"});
    ASSERT_EQ(blended.status, 0) << blended.err << blended.out;
    const std::string scored_text = balance::testing::file_text(scored);
    EXPECT_NE(scored_text.find("# Each fit's targets: 0.50 x the game's result + 0.50 x the "
                               "search score stored with it (--score-weight 0.5).\n"),
              std::string::npos)
        << scored_text;
    EXPECT_EQ(scored_text.find("# Each fit: --min-ply"), std::string::npos) << scored_text;

    // A sweep with no engine player is refused, and nothing is written.
    const auto dice = dir.write("dice.toml",
                                "variant = \"chess\"\ngames_per_cell = 2\n[players.dice]\ntype = "
                                "\"random\"\n");
    const std::string none = (dir.path() / "none.toml").string();
    const auto refused = run_balance({"tune", "--sweep", dice.string(), "--write", none, "--db",
                                      (dir.path() / "dice.db").string()});
    EXPECT_NE(refused.status, 0);
    EXPECT_NE(refused.err.find("no internal-engine player"), std::string::npos) << refused.err;
    EXPECT_FALSE(std::filesystem::exists(none));

    // The stored-games filters have no meaning for the rounds: refused, not ignored.
    for (const char* filter : {"--variant", "--rules"}) {
        const auto filtered =
            run_balance({"tune", "--sweep", dice.string(), "--write", none, filter, "chess"});
        EXPECT_NE(filtered.status, 0) << filter;
        EXPECT_NE(filtered.err.find("--sweep excludes " + std::string(filter)), std::string::npos)
            << filtered.err;
        EXPECT_FALSE(std::filesystem::exists(none));
    }
}

}  // namespace
}  // namespace balance::cli
