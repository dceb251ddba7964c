// Process: spawning, line reading with timeouts, EOF/crash reporting, SIGPIPE safety,
// termination and reaping, descriptor hygiene. Uses only POSIX tools (sh, cat, ls).

#include "balance/players/external/process.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "../mocks/mock_support.hpp"

namespace balance::players::external {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

Process spawn_or_die(std::vector<std::string> argv, ProcessOptions options = {}) {
    options.argv = std::move(argv);
    auto process = Process::spawn(options);
    EXPECT_TRUE(process.ok()) << process.error().to_string();
    return std::move(process).value();
}

Process shell(const std::string& script, ProcessOptions options = {}) {
    return spawn_or_die({"/bin/sh", "-c", script}, std::move(options));
}

using balance::mocks::reaped;

std::set<int> open_fds() {
    std::set<int> fds;
    DIR* dir = ::opendir("/proc/self/fd");
    const int own = ::dirfd(dir);
    while (dirent* entry = ::readdir(dir)) {
        if (entry->d_name[0] == '.') continue;
        const int fd = std::stoi(entry->d_name);
        if (fd != own) fds.insert(fd);
    }
    ::closedir(dir);
    return fds;
}

std::filesystem::path temp_path(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           ("balance_process_test_" + std::to_string(::getpid()) + "_" + name);
}

TEST(ExternalProcess, EchoesLinesThroughCat) {
    Process cat = spawn_or_die({"cat"});  // found through PATH
    ASSERT_TRUE(cat.write_line("hello engine").ok());
    ASSERT_TRUE(cat.write_line("second").ok());
    auto first = cat.read_line(5s);
    ASSERT_TRUE(first.ok()) << first.error().to_string();
    EXPECT_EQ(*first, "hello engine");
    EXPECT_EQ(*cat.read_line(5s), "second");
    EXPECT_TRUE(cat.alive());
}

TEST(ExternalProcess, StripsCarriageReturnsAndJoinsPartialLines) {
    Process p = shell("printf 'one\\r\\ntw'; sleep 0.1; printf 'o\\nlast-without-newline'");
    EXPECT_EQ(*p.read_line(5s), "one");
    EXPECT_EQ(*p.read_line(5s), "two");
    EXPECT_EQ(*p.read_line(5s), "last-without-newline");  // returned at EOF before the error
    auto end = p.read_line(5s);
    ASSERT_FALSE(end.ok());
    EXPECT_EQ(end.fault(), Fault::Crashed);
    ASSERT_TRUE(end.error().exit.has_value());
    EXPECT_EQ(end.error().exit->code, 0);
}

TEST(ExternalProcess, ReadTimeoutKeepsPartialLine) {
    Process p = shell("printf 'partial'; sleep 0.3; printf ' line\\n'; sleep 5");
    const auto before = Clock::now();
    auto line = p.read_line(100ms);
    ASSERT_FALSE(line.ok());
    EXPECT_EQ(line.fault(), Fault::Timeout);
    EXPECT_GE(Clock::now() - before, 100ms);
    auto later = p.read_line(5s);
    ASSERT_TRUE(later.ok()) << later.error().to_string();
    EXPECT_EQ(*later, "partial line");
}

TEST(ExternalProcess, ReportsExitCode) {
    Process p = shell("echo bye; exit 3");
    EXPECT_EQ(*p.read_line(5s), "bye");
    auto end = p.read_line(5s);
    ASSERT_FALSE(end.ok());
    EXPECT_EQ(end.fault(), Fault::Crashed);
    ASSERT_TRUE(end.error().exit.has_value());
    EXPECT_EQ(end.error().exit->code, 3);
    EXPECT_FALSE(end.error().exit->signal.has_value());
    EXPECT_NE(end.error().to_string().find("exit code 3"), std::string::npos);
    EXPECT_TRUE(reaped(p.pid()));
}

TEST(ExternalProcess, ReportsDeathBySignal) {
    Process p = shell("kill -SEGV $$");
    auto end = p.read_line(5s);
    ASSERT_FALSE(end.ok());
    EXPECT_EQ(end.fault(), Fault::Crashed);
    ASSERT_TRUE(end.error().exit.has_value());
    EXPECT_EQ(end.error().exit->signal, SIGSEGV);
    EXPECT_NE(end.error().to_string().find("SIGSEGV"), std::string::npos);
    EXPECT_TRUE(reaped(p.pid()));
    EXPECT_FALSE(p.alive());
}

TEST(ExternalProcess, WritingToADeadProcessIsAnErrorNotSigpipe) {
    Process p = shell("exit 0");
    p.wait_exit(5s);
    // The pipe's reader is gone: without the SIGPIPE guard this would kill the test binary.
    auto written = p.write_line("anyone there?");
    ASSERT_FALSE(written.ok());
    EXPECT_EQ(written.fault(), Fault::Crashed);
    // The SIGPIPE was consumed, not left pending for a later unblock.
    sigset_t pending;
    sigpending(&pending);
    EXPECT_EQ(sigismember(&pending, SIGPIPE), 0);
}

TEST(ExternalProcess, WriteTimesOutWhenTheChildStopsReading) {
    ProcessOptions options;
    options.write_timeout = 200ms;
    Process p = shell("sleep 30", options);
    const std::string chunk(4096, 'x');
    EngineResult<void> written;
    // A pipe holds 64 kB by default; 1000 writes of 4 kB must hit the limit.
    for (int i = 0; i < 1000 && written.ok(); ++i) written = p.write_line(chunk);
    ASSERT_FALSE(written.ok());
    EXPECT_EQ(written.fault(), Fault::Timeout);
}

TEST(ExternalProcess, MissingProgramIsSpawnFailed) {
    ProcessOptions options;
    options.argv = {"/nonexistent/engine-binary"};
    auto p = Process::spawn(options);
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.fault(), Fault::SpawnFailed);
    EXPECT_NE(p.error().message.find("/nonexistent/engine-binary"), std::string::npos);

    options.argv = {};
    EXPECT_EQ(Process::spawn(options).fault(), Fault::SpawnFailed);
}

TEST(ExternalProcess, MissingWorkingDirectoryIsSpawnFailed) {
    ProcessOptions options;
    options.argv = {"/bin/sh", "-c", "true"};
    options.working_directory = "/nonexistent/dir";
    auto p = Process::spawn(options);
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.fault(), Fault::SpawnFailed);
}

TEST(ExternalProcess, WorkingDirectoryEnvironmentAndStderrLog) {
    const auto log = temp_path("stderr.log");
    std::filesystem::remove(log);
    {
        std::ofstream(log) << "earlier line\n";  // appended to, never truncated
    }
    ProcessOptions options;
    options.working_directory = "/usr";
    options.extra_environment = {{"BALANCE_TEST_VAR", "forty two"}, {"HOME", "/nowhere"}};
    options.stderr_log = log;
    Process p = shell("pwd; echo \"$BALANCE_TEST_VAR\"; echo \"$HOME\"; echo oops >&2", options);
    EXPECT_EQ(*p.read_line(5s), "/usr");
    EXPECT_EQ(*p.read_line(5s), "forty two");
    EXPECT_EQ(*p.read_line(5s), "/nowhere");  // replaced, not duplicated
    EXPECT_EQ(p.read_line(5s).fault(), Fault::Crashed);
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str(), "earlier line\noops\n");
    std::filesystem::remove(log);
}

std::string file_text(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The log holds at most stderr_log_max_bytes, counting what earlier processes (a restart, another
// instance of the engine) wrote to it, and ends with a note; the engine is never held up by it.
TEST(ExternalProcess, TheStderrLogStopsAtItsCapWithANote) {
    const auto log = temp_path("capped.log");
    std::filesystem::remove(log);
    ProcessOptions options;
    options.stderr_log = log;
    options.stderr_log_max_bytes = 100'000;
    const std::string flood = "head -c 300000 /dev/zero | tr '\\000' x >&2; echo done";
    for (int run = 0; run < 2; ++run) {
        Process p = shell(flood, options);
        EXPECT_EQ(*p.read_line(10s), "done");
        EXPECT_EQ(p.read_line(5s).fault(), Fault::Crashed);
    }
    const std::string text = file_text(log);
    EXPECT_EQ(text.find_first_not_of('x'), 100'000u);
    EXPECT_EQ(text.substr(100'000),
              "\n[balance: engine log reached its limit of 100000 bytes; the rest of the engine's "
              "stderr is discarded]\n");
    std::filesystem::remove(log);
}

TEST(ExternalProcess, AStderrLogWithoutCapKeepsEverything) {
    const auto log = temp_path("uncapped.log");
    std::filesystem::remove(log);
    ProcessOptions options;
    options.stderr_log = log;
    options.stderr_log_max_bytes = 0;
    Process p = shell("head -c 300000 /dev/zero | tr '\\000' x >&2; echo done", options);
    EXPECT_EQ(*p.read_line(10s), "done");
    p.terminate();
    EXPECT_EQ(file_text(log), std::string(300'000, 'x'));
    std::filesystem::remove(log);
}

TEST(ExternalProcess, TerminateEscalatesToSigkillAndReaps) {
    // Ignores SIGTERM and EOF on stdin: only SIGKILL ends it.
    Process p = shell("trap '' TERM; echo ready; while :; do sleep 1; done");
    EXPECT_EQ(*p.read_line(5s), "ready");
    const pid_t pid = p.pid();
    const auto status = p.terminate(100ms);
    ASSERT_TRUE(status.has_value());
    EXPECT_EQ(status->signal, SIGKILL);
    EXPECT_TRUE(reaped(pid));
    EXPECT_FALSE(p.alive());
    EXPECT_EQ(p.read_line(10ms).fault(), Fault::NotRunning);
    EXPECT_EQ(p.write_line("x").fault(), Fault::NotRunning);
}

TEST(ExternalProcess, TerminateUsesSigtermFirst) {
    Process p = shell("echo ready; exec sleep 30");
    EXPECT_EQ(*p.read_line(5s), "ready");
    const auto status = p.terminate(5s);
    ASSERT_TRUE(status.has_value());
    EXPECT_EQ(status->signal, SIGTERM);
}

TEST(ExternalProcess, DestructorReapsTheChild) {
    pid_t pid = -1;
    {
        Process p = shell("exec sleep 30");
        pid = p.pid();
        EXPECT_TRUE(p.alive());
    }
    EXPECT_TRUE(reaped(pid));
}

TEST(ExternalProcess, MovedFromProcessOwnsNothing) {
    Process a = spawn_or_die({"cat"});
    const pid_t pid = a.pid();
    Process b = std::move(a);
    EXPECT_EQ(b.pid(), pid);
    EXPECT_EQ(a.pid(), -1);  // NOLINT(bugprone-use-after-move): checking the moved-from state
    EXPECT_FALSE(a.alive());
    ASSERT_TRUE(b.write_line("still here").ok());
    EXPECT_EQ(*b.read_line(5s), "still here");
}

TEST(ExternalProcess, NoDescriptorLeaksInParentOrChildren) {
    const std::set<int> before = open_fds();
    std::set<int> inheritable;  // descriptors any child inherits whatever we do
    for (int fd : before) {
        if ((::fcntl(fd, F_GETFD) & FD_CLOEXEC) == 0) inheritable.insert(fd);
    }
    {
        Process holder = spawn_or_die({"cat"});  // its pipe ends must not reach the next child
        Process lister = spawn_or_die({"ls", "-1", "/proc/self/fd"});
        std::vector<int> extra;
        while (true) {
            auto line = lister.read_line(5s);
            if (!line.ok()) break;
            const int fd = std::stoi(*line);
            if (fd > 2 && inheritable.count(fd) == 0) extra.push_back(fd);
        }
        // ls itself holds one descriptor for the directory it lists.
        EXPECT_LE(extra.size(), 1u);
    }
    for (int i = 0; i < 20; ++i) {
        Process p = shell("echo hi");
        EXPECT_EQ(*p.read_line(5s), "hi");
    }
    EXPECT_EQ(open_fds(), before);
}

// True while `pid` is a living process (a zombie, e.g. left to an init that does not reap, is
// dead).
bool living(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return false;
    const auto paren = text.rfind(')');
    return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] != 'Z';
}

bool dies_within(pid_t pid, std::chrono::milliseconds limit) {
    const auto deadline = Clock::now() + limit;
    while (living(pid)) {
        if (Clock::now() > deadline) return false;
        std::this_thread::sleep_for(10ms);
    }
    return true;
}

TEST(ExternalProcess, TerminateKillsWhatTheEngineStarted) {
    // A wrapper script whose own child ignores SIGTERM: the engine's process group goes.
    Process p = shell("trap '' TERM; sleep 300 & echo $!; wait");
    const auto child = p.read_line(5s);
    ASSERT_TRUE(child.ok());
    const pid_t grandchild = std::stoi(*child);
    EXPECT_TRUE(living(grandchild));
    const pid_t watchdog = p.watchdog_pid();
    EXPECT_GT(watchdog, 0);
    p.terminate(100ms);
    EXPECT_TRUE(dies_within(grandchild, 5s));
    EXPECT_TRUE(reaped(watchdog));
}

TEST(ExternalProcess, EnginesDieWithAKilledHarness) {
    if (::access(BALANCE_MOCK_ENGINE_HANG, X_OK) != 0) GTEST_SKIP() << "mock not built";
    // A harness process (a fork of this test) starts an engine that ignores SIGTERM and end of
    // input, and a script engine whose child does the same; then the harness is SIGKILLed.
    int report[2];
    ASSERT_EQ(::pipe(report), 0);
    const pid_t harness = ::fork();
    ASSERT_GE(harness, 0);
    if (harness == 0) {
        ::close(report[0]);
        ProcessOptions options;
        options.argv = {BALANCE_MOCK_ENGINE_HANG, "--ignore-term"};
        auto engine = Process::spawn(options);
        options.argv = {"/bin/sh", "-c", "trap '' TERM; sleep 300 & echo $!; wait"};
        auto script = Process::spawn(options);
        if (!engine.ok() || !script.ok()) ::_exit(1);
        const auto grandchild = script->read_line(5s);
        if (!grandchild.ok()) ::_exit(1);
        const std::string pids = std::to_string(engine->pid()) + " " +
                                 std::to_string(script->pid()) + " " + *grandchild + "\n";
        if (::write(report[1], pids.data(), pids.size()) < 0) ::_exit(1);
        while (true) ::pause();
    }
    ::close(report[1]);
    std::string text;
    char buffer[256];
    ssize_t n;
    while (text.find('\n') == std::string::npos &&
           (n = ::read(report[0], buffer, sizeof buffer)) > 0) {
        text.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(report[0]);
    std::istringstream words(text);
    pid_t engine = -1, script = -1, grandchild = -1;
    words >> engine >> script >> grandchild;
    ASSERT_GT(grandchild, 0) << "the harness did not start its engines";
    EXPECT_TRUE(living(engine));
    ::kill(harness, SIGKILL);
    int status = 0;
    ASSERT_EQ(::waitpid(harness, &status, 0), harness);
    EXPECT_TRUE(dies_within(engine, 10s)) << "engine " << engine << " outlived its harness";
    EXPECT_TRUE(dies_within(script, 10s));
    EXPECT_TRUE(dies_within(grandchild, 10s));
}

}  // namespace
}  // namespace balance::players::external
