// The engine-fault matrix: whole sweeps against mock_engine_faulty (a UCI engine that plays legal
// chess and fails on request) for each way an engine can fail. Each case checks what lands in
// the tables (stored games and how they ended), the failure counts (the run summary, the
// `failed_games` attempts, the failures recorded with the games), whether the run stops with an
// error naming the player, and that no engine process or watchdog is left behind.
// Timeouts are short through the players' settings, so every case takes a few seconds at most.

#include <dirent.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <random>

#include "../support/file_text.hpp"
#include "../support/sweep_support.hpp"

namespace balance::tournament {
namespace {

using testing::TempDir;

struct Outcome {
    Result<RunSummary> summary = make_error("not run");
    std::map<std::string, std::string> games;  // game key -> termination
    std::vector<FailedGameCount> failed;
};

// A unique word in the mocks' command lines, to find them among all processes.
std::string fresh_tag() {
    static std::atomic<int> counter{0};
    return "balance-fault-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

// Living (not zombie) processes whose command line holds `tag`, and living children of ours.
std::vector<std::string> leftovers(const std::string& tag) {
    std::vector<std::string> found;
    DIR* proc = ::opendir("/proc");
    while (dirent* entry = ::readdir(proc)) {
        const std::string pid = entry->d_name;
        if (pid.empty() || !std::isdigit(static_cast<unsigned char>(pid[0]))) continue;
        const std::string stat = balance::testing::file_text("/proc/" + pid + "/stat");
        const auto paren = stat.rfind(')');
        if (paren == std::string::npos || paren + 2 >= stat.size() || stat[paren + 2] == 'Z')
            continue;
        std::string cmdline = balance::testing::file_text("/proc/" + pid + "/cmdline");
        for (char& c : cmdline) c = c == '\0' ? ' ' : c;
        const int ppid = std::atoi(stat.c_str() + paren + 4);
        if (cmdline.find(tag) != std::string::npos || ppid == ::getpid())
            found.push_back(pid + ": " + cmdline);
    }
    ::closedir(proc);
    return found;
}

class EngineFaults : public ::testing::Test {
  protected:
    // One cell, the mock (White) against the greedy baseline, `games` games, one worker thread
    // (so the order of failures is fixed). `args` are the mock's fault switches.
    // The handshake limit leaves room for the mock's own start: under the sanitizers on a
    // loaded 2-core machine it takes about a second to answer `uci`. The cases about slow or
    // missing handshakes set their own, shorter limits.
    Outcome play(const std::vector<std::string>& args, int games = 4, int max_failures_in_row = 3,
                 int handshake_ms = 5000, const std::string& stderr_log = "",
                 const std::string& limit = "depth = 1") {
        std::string list = "[";
        for (const auto& arg : args) list += "\"" + arg + "\", ";
        list += "\"--tag\", \"" + tag_ + "\"]";
        const Sweep sweep = testing::load(dir_, R"(name = "faults"
variant = "chess"
seed = 5
games_per_cell = )" + std::to_string(games) + R"(
matchups = [["mock", "greedy"]]
[players.mock]
type = "uci"
command = ")" + std::string(BALANCE_MOCK_ENGINE_FAULTY) +
                                                    R"("
args = )" + list + "\n" + limit + R"(
timeout_margin_ms = 300
depth_timeout_ms = 700
handshake_timeout_ms = )" + std::to_string(handshake_ms) +
                                                    R"(
max_failures_in_row = )" + std::to_string(max_failures_in_row) +
                                                    R"(
[players.greedy]
type = "greedy"
[adjudication]
max_plies = 16
)");
        if (stderr_log.empty()) return run(sweep);
        Sweep logged = sweep;
        for (auto& player : logged.players) player.external.stderr_log = stderr_log;
        return run(logged);
    }

    Outcome run(const Sweep& sweep) {
        Outcome out;
        {
            auto store = ResultStore::open(db_);
            EXPECT_TRUE(store.ok());
            std::atomic<bool> stop{false};
            RunOptions options;
            options.threads = 1;
            out.summary = run_sweep(sweep, *store, options, make_player, stop);
        }
        auto store = ResultStore::open_existing(db_);
        EXPECT_TRUE(store.ok());
        auto games = store->games();  // named: the loop below must not outlive its Result
        EXPECT_TRUE(games.ok());
        for (const auto& game : *games) out.games[game.game_key] = game.termination;
        auto failed = store->failed_game_counts();
        EXPECT_TRUE(failed.ok());
        out.failed = *failed;
        EXPECT_EQ(leftovers(tag_), std::vector<std::string>{}) << "processes left behind";
        return out;
    }

    static std::size_t count(const Outcome& out, const std::string& termination) {
        std::size_t n = 0;
        for (const auto& [key, t] : out.games) n += t == termination ? 1 : 0;
        return n;
    }

    TempDir dir_;
    std::filesystem::path db_ = dir_.path() / "faults.db";
    std::string tag_ = fresh_tag();
};

TEST_F(EngineFaults, CrashAtMoveNIsALossForTheEngineEveryGame) {
    const Outcome out = play({"--crash-at", "3"});
    ASSERT_TRUE(out.summary.ok()) << out.summary.error().to_string();
    EXPECT_EQ(out.summary->played, 4);
    EXPECT_EQ(out.summary->failed, 0);
    EXPECT_EQ(count(out, "white-crashed"), 4u);
    EXPECT_TRUE(out.failed.empty());
}

// Under a depth (or node) limit a search has no clock: a timeout is the harness's watchdog giving
// up on an engine that hangs or that the machine starves, and says nothing about the armies. The
// game is void, not a loss; one that keeps hanging still stops the sweep.
TEST_F(EngineFaults, AHangUnderADepthLimitVoidsTheGameAndAPlayerThatKeepsHangingStopsTheSweep) {
    const Outcome out = play({"--hang-at", "2"});
    ASSERT_FALSE(out.summary.ok());
    const std::string error = out.summary.error().to_string();
    EXPECT_NE(error.find("player 'mock'"), std::string::npos) << error;
    EXPECT_NE(error.find("did not answer in time in 3 games in a row"), std::string::npos) << error;
    EXPECT_TRUE(out.games.empty());  // no game scored: three void, the fourth never started
    ASSERT_EQ(out.failed.size(), 1u);
    EXPECT_EQ(out.failed[0].status, "timeout");
    EXPECT_EQ(out.failed[0].attempts, 3);
    EXPECT_EQ(out.failed[0].unplayed, 3);
}

// A passing starvation (two hangs, then the engine answers again) costs no game: the void games
// are played in the run's next pass, and every stored game is a real one.
TEST_F(EngineFaults, TwoWatchdogTimeoutsAreReplayedInTheRunAndNoGameIsLostOnTime) {
    const std::string state = (dir_.path() / "hangs").string();
    const Outcome out = play({"--hang-at", "2", "--hangs", "2", "--hang-state", state});
    ASSERT_TRUE(out.summary.ok()) << out.summary.error().to_string();
    EXPECT_EQ(out.summary->failed, 2);
    EXPECT_EQ(out.summary->remaining, 0);
    EXPECT_EQ(out.games.size(), 4u);
    for (const auto& [key, termination] : out.games)
        EXPECT_EQ(termination.find("white-"), std::string::npos) << key << ": " << termination;
    ASSERT_EQ(out.failed.size(), 1u);
    EXPECT_EQ(out.failed[0].status, "timeout");
    EXPECT_EQ(out.failed[0].attempts, 2);
    EXPECT_EQ(out.failed[0].unplayed, 0);
}

// Under movetime the limit is the engine's own clock: overrunning it loses, as in any
// tournament, and a player that keeps doing so stops the sweep.
TEST_F(EngineFaults, AHangUnderMovetimeIsALossOnTimeAndAPlayerThatKeepsHangingStopsTheSweep) {
    const Outcome out = play({"--hang-at", "2"}, 4, 3, 5000, "", "movetime_ms = 50");
    ASSERT_FALSE(out.summary.ok());
    const std::string error = out.summary.error().to_string();
    EXPECT_NE(error.find("player 'mock'"), std::string::npos) << error;
    EXPECT_NE(error.find("lost 3 games in a row on time"), std::string::npos) << error;
    EXPECT_EQ(out.games.size(), 3u);  // the fourth is never started
    EXPECT_EQ(count(out, "white-timeout"), 3u);
    EXPECT_TRUE(out.failed.empty());
}

TEST_F(EngineFaults, HangsUnderMovetimeWithoutALimitOnFailuresPlayEveryGame) {
    const Outcome out = play({"--hang-at", "2"}, 4, 0, 5000, "", "movetime_ms = 50");
    ASSERT_TRUE(out.summary.ok()) << out.summary.error().to_string();
    EXPECT_EQ(count(out, "white-timeout"), 4u);
}

TEST_F(EngineFaults, AnIllegalMoveIsALoss) {
    const Outcome out = play({"--illegal-at", "2"});
    ASSERT_TRUE(out.summary.ok()) << out.summary.error().to_string();
    EXPECT_EQ(count(out, "white-illegal-move"), 4u);
    auto store = ResultStore::open_existing(db_);
    const auto games = store->games();
    ASSERT_TRUE(games.ok());
    ASSERT_FALSE(games->empty());
    const std::string details = games->front().details_json;
    // The move and the position are named once each.
    const auto first = details.find("e2e2");
    ASSERT_NE(first, std::string::npos) << details;
    EXPECT_EQ(details.find("e2e2", first + 1), std::string::npos) << details;
    const auto at = details.find("(at ");
    ASSERT_NE(at, std::string::npos) << details;
    EXPECT_EQ(details.find("FEN"), std::string::npos) << details;
}

TEST_F(EngineFaults, GarbageAroundCorrectAnswersIsSkipped) {
    const Outcome out = play({"--garbage"});
    ASSERT_TRUE(out.summary.ok()) << out.summary.error().to_string();
    EXPECT_EQ(out.games.size(), 4u);
    for (const auto& [key, termination] : out.games) {
        EXPECT_EQ(termination.find("white-"), std::string::npos) << key << ": " << termination;
    }
}

TEST_F(EngineFaults, NoHandshakeIsRefusedAtStartUp) {
    const Outcome out = play({"--no-handshake"}, 4, 3, 500);
    ASSERT_FALSE(out.summary.ok());
    const std::string error = out.summary.error().to_string();
    EXPECT_NE(error.find("player 'mock'"), std::string::npos) << error;
    EXPECT_NE(error.find("no uciok within 500 ms"), std::string::npos) << error;
    EXPECT_TRUE(out.games.empty());
}

TEST_F(EngineFaults, ASlowHandshakeWithinItsTimeIsFine) {
    const Outcome out = play({"--handshake-ms", "300"}, 2, 3, 2000);
    ASSERT_TRUE(out.summary.ok()) << out.summary.error().to_string();
    EXPECT_EQ(out.games.size(), 2u);
}

TEST_F(EngineFaults, AHandshakeSlowerThanItsTimeIsRefusedAtStartUp) {
    const Outcome out = play({"--handshake-ms", "1500"}, 2, 3, 400);
    ASSERT_FALSE(out.summary.ok());
    EXPECT_NE(out.summary.error().to_string().find("no uciok"), std::string::npos);
    EXPECT_TRUE(out.games.empty());
}

TEST_F(EngineFaults, DyingInTheHandshakeIsRefusedAtStartUp) {
    const Outcome out = play({"--die-in-handshake"});
    ASSERT_FALSE(out.summary.ok());
    const std::string error = out.summary.error().to_string();
    EXPECT_NE(error.find("player 'mock'"), std::string::npos) << error;
    EXPECT_NE(error.find("exit code 3"), std::string::npos) << error;
    EXPECT_TRUE(out.games.empty());
}

TEST_F(EngineFaults, AShortOutageVoidsGamesThatArePlayedLaterInTheRun) {
    // The first crash (a loss) leaves the engine unable to start twice; those games are void,
    // recorded as failed attempts, and played in the run's next pass.
    const std::string state = (dir_.path() / "outage").string();
    const Outcome out = play({"--crash-at", "3", "--down-after-crash", "2", "--state", state});
    ASSERT_TRUE(out.summary.ok()) << out.summary.error().to_string();
    EXPECT_EQ(out.summary->failed, 2);
    EXPECT_EQ(out.summary->remaining, 0);
    EXPECT_EQ(out.games.size(), 4u);
    EXPECT_EQ(count(out, "white-crashed"), 4u);  // every game is a real one: no forfeits
    ASSERT_EQ(out.failed.size(), 1u);
    EXPECT_EQ(out.failed[0].player, "mock");
    EXPECT_EQ(out.failed[0].status, "unavailable");
    EXPECT_EQ(out.failed[0].attempts, 2);
    EXPECT_EQ(out.failed[0].unplayed, 0);
}

// An engine that dies while idle between games is found out by the next game's first command:
// it is restarted for that game, which is played in full, not forfeited.
TEST_F(EngineFaults, AnEngineThatDiedBetweenGamesIsRestartedNotForfeited) {
    const Outcome out = play({"--exit-at-new-game", "2"});
    ASSERT_TRUE(out.summary.ok()) << out.summary.error().to_string();
    EXPECT_EQ(out.summary->played, 4);
    EXPECT_EQ(out.summary->failed, 0);
    EXPECT_EQ(out.games.size(), 4u);
    for (const auto& [key, termination] : out.games)
        EXPECT_EQ(termination.find("white-"), std::string::npos) << key << ": " << termination;
    EXPECT_TRUE(out.failed.empty());
}

// ... and when it cannot be started again, its game is void (played later), not a loss.
TEST_F(EngineFaults, AnEngineThatDiedBetweenGamesAndCannotStartVoidsTheGame) {
    const std::string state = (dir_.path() / "outage").string();
    const Outcome out =
        play({"--exit-at-new-game", "2", "--down-after-crash", "1", "--state", state});
    ASSERT_TRUE(out.summary.ok()) << out.summary.error().to_string();
    EXPECT_EQ(out.summary->failed, 1);
    EXPECT_EQ(out.summary->remaining, 0);
    EXPECT_EQ(out.games.size(), 4u);
    for (const auto& [key, termination] : out.games)
        EXPECT_EQ(termination.find("white-"), std::string::npos) << key << ": " << termination;
    ASSERT_EQ(out.failed.size(), 1u);
    EXPECT_EQ(out.failed[0].status, "unavailable");
    EXPECT_EQ(out.failed[0].attempts, 1);
    EXPECT_EQ(out.failed[0].unplayed, 0);
}

// An engine that floods stderr (1 MB before every move, ~30 MB in all) cannot fill the disk:
// its log stops at the cap with a note saying so, and the games are played as usual.
TEST_F(EngineFaults, AnEngineFloodingStderrFillsItsLogOnlyUpToTheCap) {
    const auto log = dir_.path() / "mock.stderr";
    const Outcome out = play({"--stderr-per-move", "1048576"}, 4, 3, 5000, log.string());
    ASSERT_TRUE(out.summary.ok()) << out.summary.error().to_string();
    EXPECT_EQ(out.games.size(), 4u);
    for (const auto& [key, termination] : out.games)
        EXPECT_EQ(termination.find("white-"), std::string::npos) << key << ": " << termination;
    constexpr std::uintmax_t kDefaultCap = 4u << 20;  // 4 MiB, as documented
    const auto size = std::filesystem::file_size(log);
    EXPECT_LE(size, kDefaultCap + 4096) << size;
    EXPECT_GE(size, kDefaultCap) << size;
    const std::string text = balance::testing::file_text(log.string());
    EXPECT_NE(text.find("engine log reached its limit"), std::string::npos)
        << text.substr(text.size() - std::min<std::size_t>(text.size(), 300));
}

TEST_F(EngineFaults, ALastingOutageStopsTheSweepAndAResumePlaysTheVoidGames) {
    const std::string state = (dir_.path() / "outage").string();
    const std::vector<std::string> args = {"--crash-at", "3",       "--down-after-crash",
                                           "100",        "--state", state};
    const Outcome out = play(args);
    ASSERT_FALSE(out.summary.ok());
    const std::string error = out.summary.error().to_string();
    EXPECT_NE(error.find("player 'mock'"), std::string::npos) << error;
    EXPECT_NE(error.find("could not be started 3 times in a row"), std::string::npos) << error;
    EXPECT_NE(error.find(BALANCE_MOCK_ENGINE_FAULTY), std::string::npos) << error;
    EXPECT_EQ(out.games.size(), 1u);  // the crash before the outage: a loss
    ASSERT_EQ(out.failed.size(), 1u);
    EXPECT_EQ(out.failed[0].attempts, 3);
    EXPECT_EQ(out.failed[0].unplayed, 3);

    std::ofstream(state) << 0 << "\n";  // the engine is back
    const Outcome resumed = play(args);
    ASSERT_TRUE(resumed.summary.ok()) << resumed.summary.error().to_string();
    EXPECT_EQ(resumed.summary->played, 3);
    EXPECT_EQ(resumed.games.size(), 4u);
    EXPECT_EQ(count(resumed, "white-crashed"), 4u);
    ASSERT_EQ(resumed.failed.size(), 1u);
    EXPECT_EQ(resumed.failed[0].unplayed, 0);  // every failed attempt has been played since
}

}  // namespace
}  // namespace balance::tournament
