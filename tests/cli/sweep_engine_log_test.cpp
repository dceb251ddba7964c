// `balance sweep` routes external engines' stderr to <db>.logs/<player>.stderr, so what an engine
// said before it failed survives. The "engine" here is a shell that complains and dies during the
// handshake: the sweep must fail early with an error naming the player, and the log must hold the
// complaint.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

std::string read_all(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(SweepEngineLog, EngineStderrGoesBesideTheDatabase) {
    balance::testing::TempDir dir;
    const auto sweep = dir.write("logged.toml", R"(
variant = "chess"
games_per_cell = 1
matchups = [["greedy", "complainer"]]
[players.greedy]
type = "greedy"
[players.complainer]
type = "uci"
command = "/bin/sh"
args = ["-c", "echo 'complainer: cannot find my opening book' >&2; exit 3"]
depth = 1
)");
    const auto db = dir.path() / "logged.db";
    const auto run = testing::run_balance(
        {"sweep", sweep.string(), "--db", db.string(), "--threads", "1", "--quiet"});
    EXPECT_NE(run.status, 0);
    EXPECT_NE(run.err.find("complainer"), std::string::npos) << run.err;
    const auto log = std::filesystem::path(db.string() + ".logs") / "complainer.stderr";
    ASSERT_TRUE(std::filesystem::exists(log)) << run.err;
    EXPECT_NE(read_all(log).find("cannot find my opening book"), std::string::npos);
    // Internal players get no log file.
    EXPECT_FALSE(std::filesystem::exists(log.parent_path() / "greedy.stderr"));
}

// An engine that floods stderr cannot fill the disk: each engine log stops at --engine-log-mb
// (default 4) with a note saying so. Here 3 MB of chatter meet a 1 MB cap.
TEST(SweepEngineLog, AFloodingEngineFillsItsLogOnlyUpToTheCap) {
    balance::testing::TempDir dir;
    const auto sweep = dir.write("flood.toml", R"(
variant = "chess"
games_per_cell = 1
matchups = [["greedy", "flooder"]]
[players.greedy]
type = "greedy"
[players.flooder]
type = "uci"
command = "/bin/sh"
args = ["-c", "head -c 3000000 /dev/zero | tr '\\000' x >&2; exit 3"]
depth = 1
)");
    const auto db = dir.path() / "flood.db";
    const auto run = testing::run_balance({"sweep", sweep.string(), "--db", db.string(),
                                           "--threads", "1", "--quiet", "--engine-log-mb", "1"});
    EXPECT_NE(run.status, 0);
    EXPECT_NE(run.err.find("flooder"), std::string::npos) << run.err;
    const auto log = std::filesystem::path(db.string() + ".logs") / "flooder.stderr";
    ASSERT_TRUE(std::filesystem::exists(log)) << run.err;
    const auto size = std::filesystem::file_size(log);
    EXPECT_GE(size, 1u << 20);
    EXPECT_LE(size, (1u << 20) + 4096);
    const std::string text = read_all(log);
    EXPECT_EQ(text.find_first_not_of('x'), 1u << 20);
    EXPECT_NE(text.find("engine log reached its limit of 1 MB"), std::string::npos)
        << text.substr(1u << 20);
}

}  // namespace
}  // namespace balance::cli
