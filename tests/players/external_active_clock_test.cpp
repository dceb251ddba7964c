// ActiveClock: engine deadlines do not run while the harness is stopped. StopMeter's bookkeeping
// on synthetic readings, then the real thing: this test process and a busy engine are stopped
// with SIGSTOP for longer than the move's deadline, and the move must still arrive in time.

#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "../mocks/mock_support.hpp"
#include "balance/players/external/uci_client.hpp"
#include "external/active_clock.hpp"

extern char** environ;

namespace balance::players::external {
namespace {

using namespace std::chrono_literals;
using Steady = std::chrono::steady_clock;

TEST(StopMeter, CountsOnlyGapsLongerThanTheSlackLessOneTick) {
    StopMeter meter(50ms, 500ms);
    const Steady::time_point t0{};
    EXPECT_EQ(meter.observe(t0), Steady::duration::zero());
    EXPECT_EQ(meter.observe(t0 + 50ms), Steady::duration::zero());
    EXPECT_EQ(meter.observe(t0 + 500ms), Steady::duration::zero());  // 450 ms: a slow tick
    EXPECT_EQ(meter.observe(t0 + 3500ms), 3000ms - 50ms);            // stopped for ~3 s
    EXPECT_EQ(meter.observe(t0 + 3550ms), 2950ms);
    EXPECT_EQ(meter.stopped(), 2950ms);
}

TEST(StopMeter, AnOlderReadingFromAnotherThreadChangesNothing) {
    StopMeter meter(50ms, 500ms);
    const Steady::time_point t0{};
    meter.observe(t0 + 2s);
    EXPECT_EQ(meter.observe(t0 + 1s), Steady::duration::zero());  // read before the lock
    EXPECT_EQ(meter.observe(t0 + 2050ms), Steady::duration::zero());
}

TEST(ActiveClock, RunsWithTheSteadyClockWhileNotStopped) {
    const auto a = ActiveClock::now();
    const auto s = Steady::now();
    std::this_thread::sleep_for(100ms);
    const auto active = ActiveClock::now() - a;
    const auto steady = Steady::now() - s;
    EXPECT_GE(active, 100ms);
    EXPECT_LE(active, steady + 1ms);
}

// Starts `sh -c script` (fork + exec: safe in a threaded process) and returns its pid.
pid_t spawn_shell(const std::string& script) {
    pid_t pid = 0;
    const char* argv[] = {"/bin/sh", "-c", script.c_str(), nullptr};
    if (posix_spawn(&pid, "/bin/sh", nullptr, nullptr, const_cast<char**>(argv), environ) != 0)
        return -1;
    return pid;
}

TEST(ActiveClock, AMoveSurvivesAStopOfHarnessAndEngineLongerThanItsDeadline) {
    // The engine computes 400 ms of CPU time per move; the deadline is 1.7 s + 0.3 s margin.
    balance::mocks::ScriptFile script(
        "uci => id name Busy | uciok\nisready => readyok\ngo => @busy 400 | bestmove e2e4\n");
    UciConfig config;
    config.process.argv = {BALANCE_MOCK_ENGINE_SCRIPTED, script.path()};
    config.timeouts.margin = 300ms;
    config.timeouts.slack = 0;
    config.timeouts.handshake = 5s;
    UciClient client(config);
    ASSERT_TRUE(client.start().ok());
    const pid_t engine = *client.pid();
    // 100 ms into the move, both this process and the engine stop for 3 s (past the deadline),
    // then continue: the engine first, as a job control shell would continue a whole job.
    const std::string self = std::to_string(::getpid()), eng = std::to_string(engine);
    const pid_t stopper = spawn_shell("sleep 0.1; kill -STOP " + self + " " + eng +
                                      "; sleep 3; kill -CONT " + eng + "; kill -CONT " + self);
    ASSERT_GT(stopper, 0);
    Limits limits;
    limits.movetime_ms = 1700;
    const auto before = Steady::now();
    auto reply = client.go("startpos", {}, limits);
    const auto elapsed = Steady::now() - before;
    int status = 0;
    ASSERT_EQ(::waitpid(stopper, &status, 0), stopper);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the stopper failed";
    EXPECT_GE(elapsed, 3s);  // the stop happened during the move
    ASSERT_TRUE(reply.ok()) << reply.error().to_string();
    EXPECT_EQ(reply->move, "e2e4");
    EXPECT_LT(reply->elapsed, 2s);  // the engine's time excludes the stop
}

}  // namespace
}  // namespace balance::players::external
