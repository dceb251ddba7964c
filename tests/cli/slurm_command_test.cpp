// `balance slurm` without a cluster: the scripts it writes, which shards it would submit, and
// what its merge step says. The real cluster run is tests/slurm/cluster_test.sh.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"
#include "slurm_shards.hpp"

namespace balance::cli {
namespace {

using balance::testing::TempDir;
using testing::CliRun;
using testing::run_balance;
namespace fs = std::filesystem;

// 9 cells x 2 games of random movers: plays in a blink.
constexpr const char* kTinySweep = R"(variant = "asymmetric"
seed = 3
games_per_cell = 2
[players.random]
type = "random"
)";

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(SlurmShards, ArrayListNamesTheShardsWithMissingGames) {
    std::vector<ShardProgress> shards;
    for (int k = 1; k <= 8; ++k) shards.push_back({k, 10, (k == 3 || k == 5) ? 0 : 1});
    EXPECT_EQ(array_list(shards), "1-2,4,6-8");
    for (auto& shard : shards) shard.missing = 0;
    EXPECT_EQ(array_list(shards), "");
}

TEST(SlurmShards, ListsOnlyCompleteShardFiles) {
    TempDir dir;
    dir.write("shard-3-of-4.17-0-node1-99.db", "");
    dir.write(".shard-3-of-4.18-0-node1-98.tmp", "");  // a copy in progress
    dir.write("shard-5-of-4.19-0-node1-97.db", "");    // no such shard
    dir.write("shard-3-of-4.db", "");                  // no attempt
    dir.write("merged.db", "");
    const auto files = list_shard_files(dir.path());
    ASSERT_EQ(files.size(), 1u);
    EXPECT_EQ(files[0].index, 3);
    EXPECT_EQ(files[0].count, 4);
}

TEST(SlurmCommand, WritesTheScriptsAndPlansEveryShard) {
    TempDir dir;
    const auto sweep = dir.write("tiny.toml", kTinySweep);
    const auto work = dir.path() / "work";
    const CliRun run = run_balance({"slurm", sweep.string(), "--tasks", "4", "--cpus-per-task", "2",
                                    "--time", "1:00:00", "--dir", work.string()});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(contains(run.out, "sweep tiny: 18 games in 4 shards, 0 stored")) << run.out;
    EXPECT_TRUE(contains(run.out, "to play: 1-4")) << run.out;
    EXPECT_TRUE(contains(run.out, "submit with: balance slurm")) << run.out;
    const auto task = work / "task.sh";
    ASSERT_TRUE(fs::exists(task));
    EXPECT_NE(fs::status(task).permissions() & fs::perms::owner_exec, fs::perms::none);
    std::ifstream in(task);
    const std::string script((std::istreambuf_iterator<char>(in)), {});
    EXPECT_TRUE(contains(script, "#SBATCH --cpus-per-task=2")) << script;
    EXPECT_TRUE(contains(script, "#SBATCH --time=1:00:00")) << script;
    EXPECT_TRUE(contains(script, "--shard \"$k/$tasks\"")) << script;
    EXPECT_TRUE(fs::exists(work / "merge.sh"));
    EXPECT_TRUE(fs::is_directory(work / "shards"));
}

TEST(SlurmCommand, ResubmitsOnlyShardsWithMissingGamesAndMergeSaysWhatIsMissing) {
    TempDir dir;
    const auto sweep = dir.write("tiny.toml", kTinySweep);
    const auto work = dir.path() / "work";
    const auto shard = work / "shards" / "shard-2-of-4.1-0-host-1.db";
    const CliRun played =
        run_balance({"sweep", sweep.string(), "--shard", "2/4", "--db", shard.string(), "--quiet"});
    ASSERT_EQ(played.status, 0) << played.err;
    const auto db = dir.path() / "merged.db";
    const CliRun plan =
        run_balance({"slurm", sweep.string(), "--tasks", "4", "--dir", work.string()});
    ASSERT_EQ(plan.status, 0) << plan.err;
    EXPECT_TRUE(contains(plan.out, "to play: 1,3-4 (")) << plan.out;

    const CliRun merge = run_balance({"slurm", sweep.string(), "--tasks", "4", "--dir",
                                      work.string(), "--db", db.string(), "--merge"});
    EXPECT_EQ(merge.status, 1);
    EXPECT_TRUE(contains(merge.out, "merged 1 shard files")) << merge.out;
    EXPECT_TRUE(contains(merge.out, "shard 1:")) << merge.out;
    EXPECT_FALSE(contains(merge.out, "shard 2:")) << merge.out;
    EXPECT_TRUE(contains(merge.out, "--tasks 4 --dir")) << merge.out;
}

// --submit on a machine without a cluster: sbatch's raw "Could not establish a configuration
// source" (or a shell's "not found") becomes the tool's own words, with what to do instead.
TEST(SlurmCommand, SubmitWithoutAClusterSaysSoAndWhatToDo) {
    TempDir dir;
    const auto sweep = dir.write("tiny.toml", kTinySweep);
    const auto bin = dir.path() / "bin";
    fs::create_directories(bin);
    const auto fake = bin / "sbatch";
    dir.write("bin/sbatch",
              "#!/bin/sh\necho 'sbatch: error: Could not establish a configuration source' >&2\n"
              "exit 1\n");
    fs::permissions(fake, fs::perms::owner_all);
    const std::string saved = std::getenv("PATH") ? std::getenv("PATH") : "";
    const auto submit = [&](const std::string& path, const std::string& work) {
        setenv("PATH", path.c_str(), 1);
        const CliRun run = run_balance({"slurm", sweep.string(), "--tasks", "2", "--dir",
                                        (dir.path() / work).string(), "--submit"});
        setenv("PATH", saved.c_str(), 1);
        return run;
    };
    const CliRun unconfigured = submit(bin.string() + ":" + saved, "a");
    EXPECT_EQ(unconfigured.status, 1);
    EXPECT_TRUE(contains(unconfigured.err,
                         "balance: error: sbatch: no Slurm cluster here: sbatch "
                         "is installed but finds no configured cluster"))
        << unconfigured.err;
    EXPECT_TRUE(contains(unconfigured.err, "(sbatch said: sbatch: error: Could not establish"))
        << unconfigured.err;
    EXPECT_TRUE(contains(unconfigured.err, "docs/clusters.md")) << unconfigured.err;
    EXPECT_TRUE(fs::exists(dir.path() / "a" / "task.sh"));  // the scripts are written
    // No sbatch at all: PATH holds only an empty directory.
    const auto empty = dir.path() / "empty";
    fs::create_directories(empty);
    const CliRun missing = submit(empty.string(), "b");
    EXPECT_EQ(missing.status, 1);
    EXPECT_TRUE(contains(missing.err, "no Slurm here: sbatch is not installed")) << missing.err;
}

TEST(SlurmCommand, RefusesAdaptiveSweeps) {
    TempDir dir;
    const CliRun run = run_balance(
        {"slurm", "uneven-balance", "--tasks", "4", "--dir", (dir.path() / "work").string()});
    EXPECT_EQ(run.status, 1);
    EXPECT_TRUE(contains(run.err, "adaptive")) << run.err;
}

}  // namespace
}  // namespace balance::cli
