// UciClient against the mock engines of tests/mocks: handshake, options, searches, and every
// failure path (timeout, crash by signal and by exit code, garbage, silence, missing binary).

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>

#include "../mocks/mock_support.hpp"
#include "balance/players/external/uci_client.hpp"

namespace balance::players::external {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using balance::mocks::reaped;
using balance::mocks::ScriptFile;
using balance::mocks::Transcript;

constexpr const char* scripted_engine = BALANCE_MOCK_ENGINE_SCRIPTED;

const char* const standard_script = R"(# a well-behaved engine
@start => Scripted Mock banner
uci => id name Scripted Mock 1.0 | id author Test Author | option name Hash type spin default 16 min 1 max 1024 | option name UCI_Variant type combo default chess var chess var capablanca | option name Clear Hash type button | uciok
isready => readyok
go => info depth 3 seldepth 4 multipv 1 score cp 25 nodes 300 nps 30000 time 10 pv e2e4 e7e5 g1f3 | info depth 3 currmove e2e4 currmovenumber 1 | bestmove e2e4 ponder e7e5
)";

UciConfig mock_config(std::vector<std::string> argv) {
    UciConfig config;
    config.process.argv = std::move(argv);
    config.timeouts.margin = 300ms;
    config.timeouts.slack = 0;
    config.timeouts.handshake = 2s;
    return config;
}

using balance::mocks::depth;

TEST(ExternalUciClient, HandshakeOptionsAndSearch) {
    ScriptFile script(standard_script);
    Transcript transcript;
    UciConfig config = mock_config({scripted_engine, script.path()});
    config.options = {{"hash", "64"}, {"Clear Hash", ""}};  // names are case-insensitive
    config.variant = "capablanca";
    config.observer = transcript.observer();
    UciClient client(config);
    auto started = client.start();
    ASSERT_TRUE(started.ok()) << started.error().to_string();
    EXPECT_EQ(client.engine_name(), "Scripted Mock 1.0");
    EXPECT_EQ(client.engine_author(), "Test Author");
    ASSERT_EQ(client.engine_options().size(), 3u);
    EXPECT_EQ(client.engine_options()[1].vars, (std::vector<std::string>{"chess", "capablanca"}));
    EXPECT_EQ(client.garbage_lines(), 1);  // the banner
    EXPECT_TRUE(transcript.contains("setoption name UCI_Variant value capablanca"));
    EXPECT_TRUE(transcript.contains("setoption name Hash value 64"));
    EXPECT_TRUE(transcript.contains("setoption name Clear Hash"));

    ASSERT_TRUE(client.new_game().ok());
    const std::string fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    auto reply = client.go(fen, {"e2e3", "e8d8"}, depth(3));
    ASSERT_TRUE(reply.ok()) << reply.error().to_string();
    EXPECT_TRUE(transcript.contains("position fen " + fen + " moves e2e3 e8d8"));
    EXPECT_TRUE(transcript.contains("go depth 3"));
    EXPECT_EQ(reply->kind, ReplyKind::Move);
    EXPECT_EQ(reply->move, "e2e4");
    EXPECT_EQ(reply->ponder, "e7e5");
    ASSERT_TRUE(reply->info.has_value());
    EXPECT_EQ(reply->info->depth, 3);
    EXPECT_EQ(reply->info->score_cp, 25);
    EXPECT_EQ(reply->info->nodes, 300u);
    EXPECT_EQ(reply->info->pv.size(), 3u);
    EXPECT_EQ(reply->garbage_lines, 0);  // currmove info lines are fine

    auto from_start = client.go("startpos", {}, depth(1));
    ASSERT_TRUE(from_start.ok());
    EXPECT_TRUE(transcript.contains("position startpos"));

    const pid_t pid = *client.pid();
    client.stop();
    EXPECT_FALSE(client.running());
    EXPECT_TRUE(reaped(pid));
}

TEST(ExternalUciClient, RejectsUnknownOptionsAndValues) {
    ScriptFile script(standard_script);
    UciClient client(mock_config({scripted_engine, script.path()}));
    ASSERT_TRUE(client.start().ok());
    auto unknown = client.set_option("Threads", "2");
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.fault(), Fault::Protocol);
    auto bad_value = client.set_option("UCI_Variant", "shogi");
    ASSERT_FALSE(bad_value.ok());
    EXPECT_EQ(bad_value.fault(), Fault::Protocol);
    EXPECT_TRUE(client.running());  // a refused option leaves the engine usable
    EXPECT_TRUE(client.go("startpos", {}, depth(1)).ok());
}

TEST(ExternalUciClient, UnknownVariantFailsStartAndStopsTheEngine) {
    ScriptFile script(standard_script);
    UciConfig config = mock_config({scripted_engine, script.path()});
    config.variant = "shogi";
    UciClient client(config);
    auto started = client.start();
    ASSERT_FALSE(started.ok());
    EXPECT_EQ(started.fault(), Fault::Protocol);
    EXPECT_NE(started.error().message.find("shogi"), std::string::npos);
    EXPECT_FALSE(client.running());
}

TEST(ExternalUciClient, BestmoveNoneIsItsOwnOutcome) {
    ScriptFile script(R"(uci => id name Mated | uciok
isready => readyok
go => info depth 0 score mate 0 | bestmove (none)
)");
    UciClient client(mock_config({scripted_engine, script.path()}));
    ASSERT_TRUE(client.start().ok());
    auto reply = client.go("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", {}, depth(5));
    ASSERT_TRUE(reply.ok()) << reply.error().to_string();
    EXPECT_EQ(reply->kind, ReplyKind::NoLegalMove);
    EXPECT_EQ(reply->move, "");
    ASSERT_TRUE(reply->info.has_value());
    EXPECT_EQ(reply->info->score_mate, 0);
}

TEST(ExternalUciClient, AHugeNodeLimitIsNoTimeout) {
    // nodes = 2e14 once overflowed the deadline: every move "timed out" at once.
    ScriptFile script(standard_script);
    UciClient client(mock_config({scripted_engine, script.path()}));
    ASSERT_TRUE(client.start().ok());
    Limits limits;
    limits.nodes = 200'000'000'000'000ULL;
    auto reply = client.go("startpos", {}, limits);
    ASSERT_TRUE(reply.ok()) << reply.error().to_string();
    EXPECT_EQ(reply->move, "e2e4");
}

TEST(ExternalUciClient, GoWithoutLimitsIsRefused) {
    ScriptFile script(standard_script);
    UciClient client(mock_config({scripted_engine, script.path()}));
    ASSERT_TRUE(client.start().ok());
    auto reply = client.go("startpos", {}, Limits{});
    ASSERT_FALSE(reply.ok());
    EXPECT_EQ(reply.fault(), Fault::Protocol);
    EXPECT_TRUE(client.running());
}

TEST(ExternalUciClient, SilentHandshakeTimesOut) {
    ScriptFile script("uci => id name Never Ready\n");
    UciConfig config = mock_config({scripted_engine, script.path()});
    config.timeouts.handshake = 300ms;
    UciClient client(config);
    const auto before = Clock::now();
    auto started = client.start();
    ASSERT_FALSE(started.ok());
    EXPECT_EQ(started.fault(), Fault::Timeout);
    EXPECT_NE(started.error().message.find("uciok"), std::string::npos);
    EXPECT_GE(Clock::now() - before, 300ms);
    EXPECT_FALSE(client.running());
}

TEST(ExternalUciClient, MissingBinaryIsSpawnFailed) {
    UciClient client(mock_config({"/nonexistent/stockfish"}));
    auto started = client.start();
    ASSERT_FALSE(started.ok());
    EXPECT_EQ(started.fault(), Fault::SpawnFailed);
    EXPECT_EQ(client.go("startpos", {}, depth(1)).fault(), Fault::NotRunning);
}

TEST(ExternalUciClient, CrashBySignalIsReportedAndReaped) {
    UciClient client(mock_config({BALANCE_MOCK_ENGINE_CRASH, "--after", "1", "--signal", "11"}));
    ASSERT_TRUE(client.start().ok());
    auto first = client.go("startpos", {}, depth(1));
    ASSERT_TRUE(first.ok()) << first.error().to_string();
    EXPECT_EQ(first->move, "e2e4");
    const pid_t pid = *client.pid();

    auto second = client.go("startpos", {"e2e4", "e7e5"}, depth(1));
    ASSERT_FALSE(second.ok());
    EXPECT_EQ(second.fault(), Fault::Crashed);
    ASSERT_TRUE(second.error().exit.has_value());
    EXPECT_EQ(second.error().exit->signal, SIGSEGV);
    EXPECT_NE(second.error().to_string().find("SIGSEGV"), std::string::npos);
    EXPECT_FALSE(client.running());
    EXPECT_TRUE(reaped(pid));
    EXPECT_EQ(client.go("startpos", {}, depth(1)).fault(), Fault::NotRunning);

    ASSERT_TRUE(client.restart().ok());  // a fresh process answers again
    EXPECT_NE(*client.pid(), pid);
    auto again = client.go("startpos", {}, depth(1));
    ASSERT_TRUE(again.ok()) << again.error().to_string();
    EXPECT_EQ(again->move, "e2e4");
}

TEST(ExternalUciClient, CrashByExitCodeIsReported) {
    UciClient client(mock_config({BALANCE_MOCK_ENGINE_CRASH, "--after", "0", "--exit", "7"}));
    ASSERT_TRUE(client.start().ok());
    const pid_t pid = *client.pid();
    auto reply = client.go("startpos", {}, depth(1));
    ASSERT_FALSE(reply.ok());
    EXPECT_EQ(reply.fault(), Fault::Crashed);
    ASSERT_TRUE(reply.error().exit.has_value());
    EXPECT_EQ(reply.error().exit->code, 7);
    EXPECT_TRUE(reaped(pid));
}

TEST(ExternalUciClient, HangingSearchTimesOutWithinLimitPlusMargin) {
    UciClient client(mock_config({BALANCE_MOCK_ENGINE_HANG}));
    ASSERT_TRUE(client.start().ok());
    const pid_t pid = *client.pid();
    Limits limits;
    limits.movetime_ms = 100;  // deadline: 100 ms + 300 ms margin (slack 0)
    const auto before = Clock::now();
    auto reply = client.go("startpos", {}, limits);
    const auto elapsed = Clock::now() - before;
    ASSERT_FALSE(reply.ok());
    EXPECT_EQ(reply.fault(), Fault::Timeout);
    EXPECT_NE(reply.error().message.find("400 ms"), std::string::npos);
    EXPECT_GE(elapsed, 400ms);
    EXPECT_LT(elapsed, 400ms + 5s);  // bounded, never blocked forever (loose: loaded machines)
    EXPECT_FALSE(client.running());  // a timed-out engine is stopped...
    EXPECT_TRUE(reaped(pid));        // ...and reaped
    ASSERT_TRUE(client.restart().ok());
    EXPECT_TRUE(client.running());
}

TEST(ExternalUciClient, EngineIgnoringSigtermIsKilled) {
    UciClient client(mock_config({BALANCE_MOCK_ENGINE_HANG, "--ignore-term", "--deaf"}));
    ASSERT_TRUE(client.start().ok());
    const pid_t pid = *client.pid();
    Limits limits = depth(10);
    limits.timeout = 200ms;
    auto reply = client.go("startpos", {}, limits);
    EXPECT_EQ(reply.fault(), Fault::Timeout);
    EXPECT_TRUE(reaped(pid));  // deaf to quit, immune to SIGTERM: SIGKILL did it
}

TEST(ExternalUciClient, GarbageIsSkippedAndCounted) {
    UciClient client(mock_config({BALANCE_MOCK_ENGINE_GARBAGE}));
    auto started = client.start();
    ASSERT_TRUE(started.ok()) << started.error().to_string();
    EXPECT_EQ(client.engine_name(), "mock garbage");
    EXPECT_EQ(client.garbage_lines(), 3);
    auto reply = client.go("startpos", {}, depth(2));
    ASSERT_TRUE(reply.ok()) << reply.error().to_string();
    EXPECT_EQ(reply->move, "g1f3");
    EXPECT_EQ(reply->ponder, "g8f6");
    EXPECT_EQ(reply->garbage_lines, 4);
    ASSERT_TRUE(reply->info.has_value());
    EXPECT_EQ(reply->info->depth, 2);
    EXPECT_EQ(reply->info->score_cp, 7);
    EXPECT_EQ(client.garbage_lines(), 7);
}

TEST(ExternalUciClient, IllegalMoveIsPassedOnUnchanged) {
    UciClient client(mock_config({BALANCE_MOCK_ENGINE_ILLEGAL, "a1a1"}));
    ASSERT_TRUE(client.start().ok());
    auto reply = client.go("startpos", {}, depth(1));
    ASSERT_TRUE(reply.ok());
    EXPECT_EQ(reply->kind, ReplyKind::Move);
    EXPECT_EQ(reply->move, "a1a1");  // judging it is the caller's job
}

}  // namespace
}  // namespace balance::players::external
