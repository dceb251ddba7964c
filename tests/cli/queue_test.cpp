// `balance queue`: a queue of tiny sweeps runs to the end; killed in its second entry (SIGKILL of
// the queue and of the entry) and started again, it skips the first without a new run record,
// finishes the second with the games an uninterrupted run stores, and runs the third. A second
// start is refused naming the holder; a failed entry is reported, never counted as finished;
// a bad queue file is an error at its file and line.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "../support/file_text.hpp"
#include "../support/sample_sweeps.hpp"
#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

namespace fs = std::filesystem;

using balance::testing::count_rows;
using balance::testing::kDurableSweep;
using balance::testing::kQuickSweep;

long long games(const fs::path& db) {
    return count_rows(db, "SELECT count(*) FROM games");
}
long long runs(const fs::path& db) {
    return count_rows(db, "SELECT count(*) FROM runs");
}

// Every stored game as "key seed result moves", sorted: what an uninterrupted run must equal.
std::vector<std::string> game_lines(const fs::path& db) {
    std::vector<std::string> lines;
    sqlite3* handle = nullptr;
    if (sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
        return lines;
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(handle,
                       "SELECT game_key || ' ' || seed || ' ' || result || ' ' || moves FROM "
                       "games ORDER BY game_key",
                       -1, &stmt, nullptr);
    while (stmt && sqlite3_step(stmt) == SQLITE_ROW)
        lines.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)));
    sqlite3_finalize(stmt);
    sqlite3_close(handle);
    return lines;
}

// Starts the built `balance` with `args`, its output into `log`.
pid_t start_balance(const std::vector<std::string>& args, const fs::path& log) {
    const std::string balance = std::string(BALANCE_BINARY_DIR) + "/app/balance";
    std::vector<std::string> all = {balance};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& arg : all) argv.push_back(arg.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        dup2(fd, 1);
        dup2(fd, 2);
        execv(balance.c_str(), argv.data());
        _exit(127);
    }
    return pid;
}

int wait_exit(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The pid of the entry the queue's state says is running (0: none yet).
long long running_pid(const fs::path& state) {
    try {
        const auto json = nlohmann::json::parse(balance::testing::file_text(state));
        for (const auto& [name, record] : json.at("entries").items())
            if (record.at("state") == "running") return record.value("pid", 0LL);
    } catch (const nlohmann::json::exception&) {
    }
    return 0;
}

// Three sweeps a.toml, b.toml, c.toml of `dir`; the third's database named apart.
std::string queue_text(const fs::path& dir, const std::string& on_failure = "stop") {
    const auto run = [&](const std::string& name, int threads) {
        return "\n[[run]]\nkind = \"sweep\"\nfile = \"" + (dir / (name + ".toml")).string() +
               "\"\nthreads = " + std::to_string(threads) + "\n";
    };
    return "on_failure = \"" + on_failure + "\"\n" + run("a", 1) + run("b", 2) + "nice = 1\n" +
           run("c", 1) + "db = \"third.db\"\n";
}

bool matches(const std::string& text, const std::string& pattern) {
    return std::regex_search(text, std::regex(pattern));
}

TEST(Queue, KilledInItsSecondEntryResumesItAndSkipsTheFirst) {
    balance::testing::TempDir dir;
    const fs::path d = dir.path();
    dir.write("a.toml", kQuickSweep);
    dir.write("b.toml", kDurableSweep);
    dir.write("c.toml", kQuickSweep);
    const auto queue = dir.write("q.toml", queue_text(d));
    const std::vector<std::string> status_args = {"queue", queue.string(), "--dir",
                                                  (d / "work").string(), "--status"};

    const auto before = testing::run_balance(status_args);
    ASSERT_EQ(before.status, 0) << before.err;
    EXPECT_NE(before.out.find("not running"), std::string::npos) << before.out;
    EXPECT_TRUE(matches(before.out, R"(\n  a +sweep +waiting +0 / 8 +\? *\n)")) << before.out;
    EXPECT_TRUE(matches(before.out, R"(\n  b +sweep +waiting +0 / 24 )")) << before.out;
    EXPECT_FALSE(fs::exists(d / "work" / "a.db"));

    const pid_t first =
        start_balance({"queue", queue.string(), "--dir", (d / "work").string()}, d / "queue1.log");
    const fs::path b_db = d / "work" / "b.db";
    for (int i = 0; i < 1200 && games(b_db) < 3; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ASSERT_GE(games(b_db), 3) << balance::testing::file_text(d / "queue1.log");
    const long long child = running_pid(d / "work" / "q.queue.json");
    ASSERT_GT(child, 0);

    // A second start while the first runs: refused, naming the holder.
    const auto second =
        testing::run_balance({"queue", queue.string(), "--dir", (d / "work").string()});
    EXPECT_EQ(second.status, 1);
    EXPECT_NE(second.err.find("this queue is already running: pid " + std::to_string(first) +
                              " on host "),
              std::string::npos)
        << second.err;
    const auto during = testing::run_balance(status_args);
    EXPECT_NE(during.out.find("running, pid " + std::to_string(first)), std::string::npos)
        << during.out;
    EXPECT_TRUE(matches(during.out, R"(\n  a +sweep +finished +8 / 8 )")) << during.out;
    EXPECT_TRUE(matches(during.out, R"(\n  b +sweep +running +[0-9]+ / 24 +[0-9.]+ (s|min) +pid )"))
        << during.out;

    kill(first, SIGKILL);
    kill(static_cast<pid_t>(child), SIGKILL);
    EXPECT_EQ(wait_exit(first), 128 + SIGKILL);
    ASSERT_EQ(games(d / "work" / "a.db"), 8);
    ASSERT_EQ(runs(d / "work" / "a.db"), 1);
    ASSERT_LT(games(b_db), 24);
    EXPECT_FALSE(fs::exists(d / "work" / "third.db"));

    const auto interrupted = testing::run_balance(status_args);
    EXPECT_NE(interrupted.out.find("interrupted: resumes at the next start"), std::string::npos)
        << interrupted.out;

    const pid_t again =
        start_balance({"queue", queue.string(), "--dir", (d / "work").string()}, d / "queue2.log");
    ASSERT_EQ(wait_exit(again), 0) << balance::testing::file_text(d / "queue2.log");
    const std::string log = balance::testing::file_text(d / "queue2.log");
    EXPECT_NE(log.find("skip a: finished"), std::string::npos) << log;
    EXPECT_EQ(runs(d / "work" / "a.db"), 1);  // not started again: no new run record
    EXPECT_EQ(games(d / "work" / "third.db"), 8);

    // The second entry's games are those of one uninterrupted run.
    const auto reference =
        testing::run_balance({"sweep", (d / "b.toml").string(), "--db",
                              (d / "reference.db").string(), "--threads", "2", "--quiet"});
    ASSERT_EQ(reference.status, 0) << reference.err;
    EXPECT_EQ(game_lines(b_db), game_lines(d / "reference.db"));
    EXPECT_EQ(game_lines(b_db).size(), 24u);

    const auto after = testing::run_balance(status_args);
    EXPECT_NE(after.out.find("every entry is finished"), std::string::npos) << after.out;
    EXPECT_TRUE(matches(after.out, R"(\n  b +sweep +finished +24 / 24 )")) << after.out;

    // Started once more, it plays nothing and touches no database.
    const pid_t third =
        start_balance({"queue", queue.string(), "--dir", (d / "work").string()}, d / "queue3.log");
    EXPECT_EQ(wait_exit(third), 0);
    EXPECT_EQ(runs(d / "work" / "a.db"), 1);
    EXPECT_EQ(runs(b_db), 2);
    EXPECT_EQ(runs(d / "work" / "third.db"), 1);
}

// A failed entry is reported with its exit code and never counted as finished; the queue goes
// on or stops as on_failure says, and the next start tries the failed entry again.
TEST(Queue, AFailedEntryStopsTheQueueOrIsPassedOver) {
    balance::testing::TempDir dir;
    const fs::path d = dir.path();
    dir.write("a.toml",
              "variant = \"no-such-variant\"\ngames_per_cell = 1\n[players.x]\ntype = "
              "\"random\"\n");
    dir.write("b.toml", kQuickSweep);
    dir.write("c.toml", kQuickSweep);
    for (const std::string on_failure : {"stop", "continue"}) {
        const auto queue = dir.write(on_failure + ".toml", queue_text(d, on_failure));
        const fs::path work = d / on_failure;
        const pid_t pid = start_balance({"queue", queue.string(), "--dir", work.string()},
                                        d / (on_failure + ".log"));
        EXPECT_EQ(wait_exit(pid), 1);
        const std::string log = balance::testing::file_text(d / (on_failure + ".log"));
        EXPECT_NE(log.find("end a: failed (exit 1; see " + (work / "a.log").string()),
                  std::string::npos)
            << log;
        EXPECT_NE(balance::testing::file_text(work / "a.log").find("no-such-variant"),
                  std::string::npos);
        const auto status =
            testing::run_balance({"queue", queue.string(), "--dir", work.string(), "--status"});
        EXPECT_NE(status.out.find("failed"), std::string::npos) << status.out;
        EXPECT_NE(status.out.find("exit 1"), std::string::npos) << status.out;
        EXPECT_EQ(games(work / "b.db"), on_failure == "stop" ? 0 : 8) << log;
    }
}

TEST(Queue, BadQueueFilesAreErrorsAtTheirLine) {
    balance::testing::TempDir dir;
    const auto run = [&](const std::string& text) {
        const auto file = dir.write("bad.toml", text);
        return testing::run_balance({"queue", file.string(), "--dir", dir.path().string()});
    };
    const auto unknown = run("[[run]]\nkind = \"sweep\"\nfile = \"quick\"\nthread = 2\n");
    EXPECT_EQ(unknown.status, 1);
    EXPECT_NE(unknown.err.find("bad.toml:4"), std::string::npos) << unknown.err;
    EXPECT_NE(unknown.err.find("unknown key 'thread'"), std::string::npos) << unknown.err;
    EXPECT_NE(unknown.err.find("threads"), std::string::npos) << unknown.err;

    const auto kind = run("[[run]]\nkind = \"sweeps\"\nfile = \"quick\"\n");
    EXPECT_NE(kind.err.find("bad.toml:2"), std::string::npos) << kind.err;
    EXPECT_NE(kind.err.find("must be one of"), std::string::npos) << kind.err;

    const auto no_file = run("[[run]]\nkind = \"fix\"\n");
    EXPECT_NE(no_file.err.find("bad.toml:1"), std::string::npos) << no_file.err;
    EXPECT_NE(no_file.err.find("missing required key 'file'"), std::string::npos) << no_file.err;

    const auto flag =
        run("[[run]]\nkind = \"sweep\"\nfile = \"quick\"\nflags = [\"--db\", \"x\"]\n");
    EXPECT_NE(flag.err.find("bad.toml:4"), std::string::npos) << flag.err;
    EXPECT_NE(flag.err.find("--db is the queue's to give"), std::string::npos) << flag.err;

    const auto twice =
        run("[[run]]\nkind = \"sweep\"\nfile = \"quick\"\n\n[[run]]\nkind = \"fix\"\nfile = "
            "\"quick\"\n");
    EXPECT_NE(twice.err.find("bad.toml:5"), std::string::npos) << twice.err;
    EXPECT_NE(twice.err.find("a second entry named 'quick'"), std::string::npos) << twice.err;

    const auto missing = testing::run_balance(
        {"queue", (dir.path() / "absent.toml").string(), "--dir", dir.path().string()});
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.err.find("absent.toml: cannot open the file"), std::string::npos)
        << missing.err;
    // None of them left a state or a lock behind.
    EXPECT_FALSE(fs::exists(dir.path() / "bad.queue.json"));
    EXPECT_FALSE(fs::exists(dir.path() / "bad.queue.lock"));
}

}  // namespace
}  // namespace balance::cli
