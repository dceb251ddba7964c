// Durability: a real `balance sweep` process killed with SIGKILL mid-run leaves a sound database
// holding only whole games; resuming completes exactly the set an uninterrupted run stores.
// SIGINT stops cleanly after the games in flight and says how to resume.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <sstream>
#include <thread>

#include "../support/file_text.hpp"
#include "../support/sample_sweeps.hpp"
#include "../support/sweep_support.hpp"

extern char** environ;

namespace balance::tournament {
namespace {

using testing::TempDir;

// Slow enough (a few seconds) that the kill lands mid-run.
std::string slow_sweep() {
    return balance::testing::kDurableSweep;
}

pid_t spawn_sweep(const std::filesystem::path& sweep, const std::filesystem::path& db,
                  const std::filesystem::path& log, const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args = {std::string(BALANCE_BINARY_DIR) + "/app/balance",
                                     "sweep",
                                     sweep.string(),
                                     "--db",
                                     db.string(),
                                     "--threads",
                                     "2"};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    pid_t pid = -1;
    EXPECT_EQ(posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    return pid;
}

int wait_exit(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
}

// Games stored so far (0 while the database does not exist yet).
std::size_t stored_count(const std::filesystem::path& db) {
    if (!std::filesystem::exists(db)) return 0;
    auto store = ResultStore::open_existing(db);
    if (!store) return 0;
    auto scores = store->scores();
    return scores ? scores->size() : 0;
}

// Waits until at least `games` are stored (or the process ended).
void wait_for_games(pid_t pid, const std::filesystem::path& db, std::size_t games) {
    for (int i = 0; i < 6000; ++i) {  // at most 2 minutes on a very loaded machine
        if (stored_count(db) >= games) return;
        int status = 0;
        if (waitpid(pid, &status, WNOHANG) == pid) {
            ADD_FAILURE() << "the sweep ended before " << games << " games were stored";
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ADD_FAILURE() << "timed out waiting for " << games << " games";
}

TEST(Durability, SigkillMidRunLosesOnlyGamesInFlight) {
    TempDir dir;
    const auto file = dir.write("durable.toml", slow_sweep());
    const Sweep sweep = testing::load(dir, slow_sweep(), "durable.toml");
    const auto reference = testing::run(sweep, dir.path() / "reference.db");
    ASSERT_EQ(reference.games.size(), 24u);

    const auto db = dir.path() / "killed.db";
    for (std::size_t at : {3u, 9u}) {  // kill twice, at different points
        const pid_t pid = spawn_sweep(file, db, dir.path() / "log.txt");
        wait_for_games(pid, db, at);
        kill(pid, SIGKILL);
        const int status = wait_exit(pid);
        EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
        auto store = ResultStore::open_existing(db);
        ASSERT_TRUE(store.ok()) << store.error().to_string();
        EXPECT_EQ(*store->integrity_check(), "ok");
        const auto partial = testing::stored_games(db);
        EXPECT_GE(partial.size(), at);
        EXPECT_LT(partial.size(), 24u) << "killed too late to test anything";
        for (const auto& [key, game] : partial) EXPECT_EQ(reference.games.at(key), game) << key;
        auto runs = store->runs();
        ASSERT_TRUE(runs.ok());
        EXPECT_FALSE(runs->back().finished_at) << "a killed run has no finish time";
    }
    const pid_t pid = spawn_sweep(file, db, dir.path() / "log.txt", {"--resume"});
    const int status = wait_exit(pid);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << balance::testing::file_text(dir.path() / "log.txt");
    EXPECT_EQ(testing::stored_games(db), reference.games);
}

TEST(Durability, SigintStopsCleanlyAndSaysHowToResume) {
    TempDir dir;
    const auto file = dir.write("durable.toml", slow_sweep());
    const auto db = dir.path() / "stopped.db";
    const auto log = dir.path() / "log.txt";
    const pid_t pid = spawn_sweep(file, db, log);
    wait_for_games(pid, db, 2);
    kill(pid, SIGINT);
    const int status = wait_exit(pid);
    ASSERT_TRUE(WIFEXITED(status)) << balance::testing::file_text(log);
    EXPECT_EQ(WEXITSTATUS(status), 130);  // interrupted, like a shell reports it
    const std::string output = balance::testing::file_text(log);
    // The command to resume pastes as printed: the program as it was started, not a bare
    // `balance` that need not be on PATH.
    EXPECT_NE(output.find("resume with:\n  " + std::string(BALANCE_BINARY_DIR) +
                          "/app/balance sweep " + file.string() + " --db " + db.string()),
              std::string::npos)
        << output;
    EXPECT_NE(output.find("--resume"), std::string::npos) << output;
    auto store = ResultStore::open_existing(db);
    ASSERT_TRUE(store.ok());
    auto runs = store->runs();
    ASSERT_EQ(runs->size(), 1u);
    EXPECT_TRUE(runs->front().finished_at) << "a cleanly stopped run records its end";
    EXPECT_LT(testing::stored_games(db).size(), 24u);
}

}  // namespace
}  // namespace balance::tournament
