// XboardClient against scripted mock engines: the feature handshake and its answers, position
// set-up (setboard, edit mode, incremental moves), limits, move hooks, and the failure paths
// (Illegal move, Error, crash, hang, protocol version 1, unknown variant).

#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>

#include "../mocks/mock_support.hpp"
#include "balance/players/external/xboard_client.hpp"

namespace balance::players::external {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using balance::mocks::reaped;
using balance::mocks::ScriptFile;
using balance::mocks::Transcript;

// A CECP v2 engine with setboard and usermove, which answers every go with e7e5 and thinking.
const char* const setboard_script = R"(
protover => feature ping=1 setboard=1 usermove=1 san=1 myname="Mock XB 1.0" | feature variants="normal,capablanca" option="Hash -spin 16 1 1024" | feature colorz=1 done=0 | feature done=1
ping => pong $1
go => 1 12 0 10 e7e5 | # a comment | 2 15 10 40 e7e5 g1f3 | move e7e5
)";

// An engine without setboard (like fairymax), which only knows the old edit mode.
const char* const edit_script = R"(
protover => feature ping=1 setboard=0 myname="Mock Edit" done=1
ping => pong $1
go => move a8a1 | 0-1 {Black mates}
)";

// An engine that refuses the move e2e5 and answers every go with e7e5.
const char* const refuses_e2e5_script = R"(
protover => feature ping=1 setboard=1 done=1
ping => pong $1
e2e5 => Illegal move: e2e5
go => move e7e5
)";

XboardConfig mock_config(const ScriptFile& script, Transcript* transcript = nullptr,
                         std::optional<XboardQuirks> quirks = std::nullopt) {
    XboardConfig config;
    config.quirks = quirks;
    config.process.argv = {BALANCE_MOCK_ENGINE_SCRIPTED, script.path()};
    config.timeouts.margin = 300ms;
    config.timeouts.slack = 0;
    config.timeouts.handshake = 2s;
    config.protover_wait = 300ms;
    if (transcript != nullptr) config.observer = transcript->observer();
    return config;
}

using balance::mocks::depth;

// Lines of `sent` that match none of the limit or sync commands, to compare set-up sequences.
std::vector<std::string> without_limits(const std::vector<std::string>& sent) {
    std::vector<std::string> kept;
    for (const auto& line : sent) {
        const bool noise = line.rfind("sd ", 0) == 0 || line.rfind("st ", 0) == 0 ||
                           line.rfind("ping ", 0) == 0 || line == "go";
        if (!noise) kept.push_back(line);
    }
    return kept;
}

TEST(ExternalXboardClient, HandshakeAnswersEveryFeature) {
    ScriptFile script(setboard_script);
    Transcript transcript;
    XboardClient client(mock_config(script, &transcript));
    auto started = client.start();
    ASSERT_TRUE(started.ok()) << started.error().to_string();
    EXPECT_EQ(client.engine_name(), "Mock XB 1.0");
    for (const char* answer : {"accepted ping", "accepted setboard", "accepted usermove",
                               "rejected san", "accepted myname", "accepted variants",
                               "accepted option", "rejected colorz", "accepted done"}) {
        EXPECT_TRUE(transcript.contains(answer)) << answer;
    }
    EXPECT_EQ(client.engine_options(), (std::vector<std::string>{"Hash"}));
    EXPECT_EQ(client.features().count("san"), 0u);  // rejected: we get coordinate moves
    EXPECT_TRUE(transcript.contains("easy"));
    EXPECT_TRUE(transcript.contains("post"));
    // done=0 then done=1 on a later line: the handshake waited for the second.
    EXPECT_EQ(std::count(transcript.sent.begin(), transcript.sent.end(), "accepted done"), 2);
}

TEST(ExternalXboardClient, SetboardUsermoveAndIncrementalMoves) {
    ScriptFile script(setboard_script);
    Transcript transcript;
    XboardClient client(mock_config(script, &transcript));
    ASSERT_TRUE(client.start().ok());
    const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    transcript.mark();
    auto reply = client.go(fen, {"e2e4"}, depth(2));
    ASSERT_TRUE(reply.ok()) << reply.error().to_string();
    EXPECT_EQ(reply->kind, ReplyKind::Move);
    EXPECT_EQ(reply->move, "e7e5");
    ASSERT_TRUE(reply->info.has_value());
    EXPECT_EQ(reply->info->depth, 2);
    EXPECT_EQ(reply->info->score_cp, 15);
    EXPECT_EQ(reply->info->pv, (std::vector<std::string>{"e7e5", "g1f3"}));
    EXPECT_EQ(reply->garbage_lines, 0);
    EXPECT_EQ(without_limits(transcript.since_mark()),
              (std::vector<std::string>{"new", "force", "setboard " + fen, "usermove e2e4"}));
    EXPECT_TRUE(transcript.contains("sd 2"));
    EXPECT_TRUE(transcript.contains("st 100000"));

    // The next position extends the last one by the engine's reply and one more move: only
    // `force` and the new move are sent.
    transcript.mark();
    reply = client.go(fen, {"e2e4", "e7e5", "g1f3"}, depth(2));
    ASSERT_TRUE(reply.ok()) << reply.error().to_string();
    EXPECT_EQ(without_limits(transcript.since_mark()),
              (std::vector<std::string>{"force", "usermove g1f3"}));

    // A different game starts over.
    transcript.mark();
    reply = client.go("startpos", {"d2d4"}, depth(2));
    ASSERT_TRUE(reply.ok());
    EXPECT_EQ(without_limits(transcript.since_mark()),
              (std::vector<std::string>{"new", "force", "usermove d2d4"}));

    // new_game() forgets the position even if the next one would extend it.
    ASSERT_TRUE(client.new_game().ok());
    transcript.mark();
    reply = client.go("startpos", {"d2d4", "e7e5", "c2c4"}, depth(2));
    ASSERT_TRUE(reply.ok());
    EXPECT_EQ(without_limits(transcript.since_mark()).front(), "new");
}

TEST(ExternalXboardClient, EditModeWhenSetboardIsMissing) {
    ScriptFile script(edit_script);
    Transcript transcript;
    XboardClient client(mock_config(script, &transcript));
    ASSERT_TRUE(client.start().ok());
    transcript.mark();
    auto reply = client.go("r5k1/8/8/8/8/8/5PPP/7K w - - 0 1", {"h1g1"}, depth(3));
    ASSERT_TRUE(reply.ok()) << reply.error().to_string();
    EXPECT_EQ(reply->move, "a8a1");
    EXPECT_EQ(without_limits(transcript.since_mark()),
              (std::vector<std::string>{"new", "force", "white", "edit", "#", "Pf2", "Pg2", "Ph2",
                                        "Kh1", "c", "Ra8", "Kg8", ".", "force", "h1g1"}));
    // The result line that followed the move is drained by the next sync, not taken as garbage.
    ASSERT_TRUE(client.sync().ok());
    EXPECT_EQ(client.garbage_lines(), 0);

    transcript.mark();
    ASSERT_TRUE(client.go("4k3/8/8/8/8/8/8/4K2R b K - 0 1", {}, depth(3)).ok());
    const auto setup = without_limits(transcript.since_mark());
    ASSERT_GE(setup.size(), 4u);
    EXPECT_EQ(setup[2], "black");  // side to move before edit
    EXPECT_EQ(setup[3], "edit");
}

TEST(ExternalXboardClient, SetPositionChecksMovesWithoutSearching) {
    ScriptFile script(refuses_e2e5_script);
    Transcript transcript;
    XboardClient client(mock_config(script, &transcript));
    ASSERT_TRUE(client.start().ok());
    auto refused = client.set_position("startpos", {"e2e5"});
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.fault(), Fault::Protocol);
    transcript.mark();
    ASSERT_TRUE(client.set_position("startpos", {"e2e4"}).ok());
    EXPECT_FALSE(transcript.contains("go"));
    // A search of the same position sends no set-up again.
    transcript.mark();
    ASSERT_TRUE(client.go("startpos", {"e2e4"}, depth(1)).ok());
    EXPECT_EQ(without_limits(transcript.since_mark()), (std::vector<std::string>{"force"}));
}

TEST(ExternalXboardClient, LimitsAreTranslated) {
    ScriptFile script(setboard_script);
    Transcript transcript;
    XboardQuirks quirks;
    quirks.max_depth = 96;
    XboardClient client(mock_config(script, &transcript, quirks));
    ASSERT_TRUE(client.start().ok());

    auto sent_for = [&](const Limits& limits, std::string_view fen = "startpos",
                        std::vector<std::string> moves = {}) {
        transcript.mark();
        auto reply = client.go(fen, moves, limits);
        EXPECT_TRUE(reply.ok()) << reply.error().to_string();
        return transcript.since_mark();
    };
    auto has = [](const std::vector<std::string>& sent, const std::string& line) {
        return std::find(sent.begin(), sent.end(), line) != sent.end();
    };

    EXPECT_TRUE(has(sent_for(depth(200)), "sd 96"));  // capped for engines that hang deeper
    Limits movetime;
    movetime.movetime_ms = 1500;  // whole seconds, rounded up
    auto sent = sent_for(movetime);
    EXPECT_TRUE(has(sent, "st 2"));
    EXPECT_TRUE(has(sent, "sd 96"));
    EXPECT_FALSE(has(sent, "time 150"));  // no clock share: plain `st`

    Limits clocks;
    clocks.wtime_ms = 30'000;
    clocks.btime_ms = 60'000;
    clocks.winc_ms = 2'000;
    clocks.binc_ms = 1'000;
    sent = sent_for(clocks, "startpos", {"e2e4"});  // Black to move: its clock is `time`
    EXPECT_TRUE(has(sent, "level 0 1:00 1"));
    EXPECT_TRUE(has(sent, "time 6000"));
    EXPECT_TRUE(has(sent, "otim 3000"));

    Limits nodes;
    nodes.nodes = 5000;  // the mock announced no nps: nodes cannot be limited
    transcript.mark();
    auto refused = client.go("startpos", {}, nodes);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.fault(), Fault::Protocol);
    EXPECT_TRUE(client.running());
}

TEST(ExternalXboardClient, SubSecondMovetimeThroughTheClockShare) {
    // Fairy-Max aims at clock/15 per move in `st` mode: 50 ms is `st 1` then a 750 ms clock.
    EXPECT_EQ(XboardQuirks::for_engine("Fairy-Max 5.0b").st_clock_share, 15);
    EXPECT_EQ(XboardQuirks::for_engine("Sjaak II 1.4.1").st_clock_share, 0);
    ScriptFile script(setboard_script);
    Transcript transcript;
    XboardQuirks quirks;
    quirks.st_clock_share = 15;
    XboardClient client(mock_config(script, &transcript, quirks));
    ASSERT_TRUE(client.start().ok());
    Limits movetime;
    movetime.movetime_ms = 50;
    transcript.mark();
    ASSERT_TRUE(client.go("startpos", {}, movetime).ok());
    const auto sent = transcript.since_mark();
    const auto st = std::find(sent.begin(), sent.end(), "st 1");
    ASSERT_NE(st, sent.end());
    const auto time = std::find(st, sent.end(), "time 75");  // after `st`, which resets the clock
    EXPECT_NE(time, sent.end());
    EXPECT_LT(time - sent.begin(), std::find(sent.begin(), sent.end(), "go") - sent.begin());
}

TEST(ExternalXboardClient, NodeLimitsViaMaxnodesOrNps) {
    ScriptFile script(R"(
protover => feature ping=1 setboard=1 nps=1 done=1
ping => pong $1
go => move e2e4
)");
    Transcript transcript;
    XboardClient nps_client(mock_config(script, &transcript));
    ASSERT_TRUE(nps_client.start().ok());
    Limits nodes;
    nodes.nodes = 5000;
    ASSERT_TRUE(nps_client.go("startpos", {}, nodes).ok());
    EXPECT_TRUE(transcript.contains("nps 5000"));
    EXPECT_TRUE(transcript.contains("st 1"));
    ASSERT_TRUE(nps_client.go("startpos", {}, depth(2)).ok());
    EXPECT_TRUE(transcript.contains("nps 0"));  // switched off again

    Transcript sjaak_transcript;
    XboardConfig config = mock_config(script, &sjaak_transcript);
    config.quirks = XboardQuirks::for_engine("Sjaak II 1.4.1");
    XboardClient sjaak_like(config);
    ASSERT_TRUE(sjaak_like.start().ok());
    ASSERT_TRUE(sjaak_like.go("startpos", {}, nodes).ok());
    EXPECT_TRUE(sjaak_transcript.contains("maxnodes 5000"));
    EXPECT_TRUE(sjaak_transcript.contains("random off"));
    EXPECT_FALSE(sjaak_transcript.contains("nps 5000"));
    ASSERT_TRUE(sjaak_like.go("startpos", {}, depth(2)).ok());
    EXPECT_TRUE(sjaak_transcript.contains("maxnodes 0"));
}

TEST(ExternalXboardClient, MoveHooksTranslateBothWays) {
    ScriptFile script(R"(
protover => feature ping=1 setboard=1 done=1
ping => pong $1
go => move O-O
)");
    Transcript transcript;
    XboardConfig config = mock_config(script, &transcript);
    std::vector<std::string> seen_out;
    config.move_to_engine = [&](std::string_view move, const MoveContext& context) {
        seen_out.push_back(std::string(move) + "@" + std::to_string(context.ply) +
                           (context.white_to_move ? "w" : "b"));
        return std::string(move) == "e8g8" ? std::string("O-O") : std::string(move);
    };
    config.move_from_engine = [](std::string_view move, const MoveContext& context) {
        if (move == "O-O") return std::string(context.white_to_move ? "e1g1" : "e8g8");
        return std::string(move);
    };
    XboardClient client(config);
    ASSERT_TRUE(client.start().ok());
    const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    auto reply = client.go(fen, {"e8g8"}, depth(1));
    ASSERT_TRUE(reply.ok()) << reply.error().to_string();
    EXPECT_EQ(reply->move, "e1g1");
    EXPECT_EQ(seen_out, (std::vector<std::string>{"e8g8@0b"}));
    EXPECT_TRUE(transcript.contains("O-O"));
    // The translated move is what the next position is compared with.
    transcript.mark();
    ASSERT_TRUE(client.go(fen, {"e8g8", "e1g1", "a8a7"}, depth(1)).ok());
    EXPECT_EQ(without_limits(transcript.since_mark()), (std::vector<std::string>{"force", "a8a7"}));
}

TEST(ExternalXboardClient, IllegalMoveDuringReplayIsAProtocolError) {
    ScriptFile script(refuses_e2e5_script);
    Transcript transcript;
    XboardClient client(mock_config(script, &transcript));
    ASSERT_TRUE(client.start().ok());
    auto reply = client.go("startpos", {"e2e5"}, depth(1));
    ASSERT_FALSE(reply.ok());
    EXPECT_EQ(reply.fault(), Fault::Protocol);
    EXPECT_NE(reply.error().message.find("Illegal move: e2e5"), std::string::npos);
    EXPECT_FALSE(transcript.contains("go"));  // never searched a position it did not accept
    EXPECT_TRUE(client.running());
    transcript.mark();
    ASSERT_TRUE(client.go("startpos", {"e2e4"}, depth(1)).ok());
    EXPECT_EQ(without_limits(transcript.since_mark()).front(), "new");  // full reset
}

TEST(ExternalXboardClient, ErrorAnswerToGoIsAProtocolError) {
    ScriptFile script(R"(
protover => feature ping=1 done=1
ping => pong $1
go => Error (unknown command): go
)");
    XboardClient client(mock_config(script));
    ASSERT_TRUE(client.start().ok());
    auto reply = client.go("startpos", {}, depth(1));
    ASSERT_FALSE(reply.ok());
    EXPECT_EQ(reply.fault(), Fault::Protocol);
}

TEST(ExternalXboardClient, ResultsAndResignationInsteadOfAMove) {
    ScriptFile script(R"(
protover => feature ping=1 setboard=1 done=1
ping => pong $1
go#1 => 1/2-1/2 {Stalemate}
go#2 => resign
)");
    XboardClient client(mock_config(script));
    ASSERT_TRUE(client.start().ok());
    auto claim = client.go("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", {}, depth(1));
    ASSERT_TRUE(claim.ok()) << claim.error().to_string();
    EXPECT_EQ(claim->kind, ReplyKind::GameOverClaim);
    EXPECT_EQ(claim->claim, "1/2-1/2 {Stalemate}");
    auto resign = client.go("startpos", {}, depth(1));
    ASSERT_TRUE(resign.ok());
    EXPECT_EQ(resign->kind, ReplyKind::Resign);
}

TEST(ExternalXboardClient, CrashDuringSearchIsReported) {
    ScriptFile script(R"(
protover => feature ping=1 done=1
ping => pong $1
go#2 => 1 5 0 3 e7e5 | @signal 6
go => move e7e5
)");
    XboardClient client(mock_config(script));
    ASSERT_TRUE(client.start().ok());
    ASSERT_TRUE(client.go("startpos", {"e2e4"}, depth(1)).ok());
    const pid_t pid = *client.pid();
    auto reply = client.go("startpos", {"e2e4", "e7e5", "g1f3"}, depth(1));
    ASSERT_FALSE(reply.ok());
    EXPECT_EQ(reply.fault(), Fault::Crashed);
    ASSERT_TRUE(reply.error().exit.has_value());
    EXPECT_EQ(reply.error().exit->signal, SIGABRT);
    EXPECT_TRUE(reaped(pid));
    EXPECT_EQ(client.go("startpos", {}, depth(1)).fault(), Fault::NotRunning);
    ASSERT_TRUE(client.restart().ok());
    EXPECT_TRUE(client.go("startpos", {"e2e4"}, depth(1)).ok());
}

TEST(ExternalXboardClient, HangingSearchTimesOutWithinLimitPlusMargin) {
    ScriptFile script(R"(
protover => feature ping=1 done=1
ping => pong $1
go => @hang
)");
    XboardClient client(mock_config(script));
    ASSERT_TRUE(client.start().ok());
    const pid_t pid = *client.pid();
    Limits limits;
    limits.movetime_ms = 1000;  // st 1: deadline 1000 ms + 300 ms margin
    const auto before = Clock::now();
    auto reply = client.go("startpos", {}, limits);
    const auto elapsed = Clock::now() - before;
    ASSERT_FALSE(reply.ok());
    EXPECT_EQ(reply.fault(), Fault::Timeout);
    EXPECT_GE(elapsed, 1300ms);
    EXPECT_LT(elapsed, 1300ms + 5s);
    EXPECT_TRUE(reaped(pid));
}

TEST(ExternalXboardClient, ProtocolVersionOneEngine) {
    ScriptFile script(R"(
go => move e2e4
)");
    Transcript transcript;
    XboardClient client(mock_config(script, &transcript));
    const auto before = Clock::now();
    auto started = client.start();
    ASSERT_TRUE(started.ok()) << started.error().to_string();
    EXPECT_GE(Clock::now() - before, 300ms);  // waited protover_wait for features
    EXPECT_TRUE(client.features().empty());
    auto reply = client.go("startpos", {}, depth(1));
    ASSERT_TRUE(reply.ok()) << reply.error().to_string();
    EXPECT_EQ(reply->move, "e2e4");
    EXPECT_FALSE(transcript.contains("ping 1"));  // no ping feature, no pings
}

TEST(ExternalXboardClient, AProgramThatNeverAnswersIsRefusedAtStart) {
    // No feature and no move for a test search: not a protocol-1 engine but a silent program,
    // refused at start-up (it used to cost the no-limit deadline on every game).
    ScriptFile script("# answers nothing\n");
    XboardConfig config = mock_config(script);
    config.timeouts.handshake = 500ms;
    config.timeouts.unbounded = 60s;
    XboardClient client(config);
    const auto before = Clock::now();
    auto started = client.start();
    ASSERT_FALSE(started.ok());
    EXPECT_LT(Clock::now() - before, 10s);
    EXPECT_EQ(started.fault(), Fault::Timeout);
    EXPECT_NE(started.error().message.find("no `feature`"), std::string::npos)
        << started.error().to_string();
    EXPECT_FALSE(client.running());
}

TEST(ExternalXboardClient, UnknownVariantOrOptionFailsStart) {
    ScriptFile script(setboard_script);
    XboardConfig config = mock_config(script);
    config.variant = "shogi";
    XboardClient client(config);
    auto started = client.start();
    ASSERT_FALSE(started.ok());
    EXPECT_EQ(started.fault(), Fault::Protocol);
    EXPECT_FALSE(client.running());

    config.variant = "capablanca";
    config.options = {{"Hash", "64"}, {"Threads", "2"}};
    XboardClient with_options(config);
    started = with_options.start();
    ASSERT_FALSE(started.ok());
    EXPECT_NE(started.error().message.find("Threads"), std::string::npos);
}

TEST(ExternalXboardClient, VariantIsSentAfterEveryNew) {
    ScriptFile script(setboard_script);
    Transcript transcript;
    XboardConfig config = mock_config(script, &transcript);
    config.variant = "capablanca";
    XboardClient client(config);
    ASSERT_TRUE(client.start().ok());
    transcript.mark();
    ASSERT_TRUE(client.go("startpos", {}, depth(1)).ok());
    EXPECT_EQ(without_limits(transcript.since_mark()),
              (std::vector<std::string>{"new", "variant capablanca", "force"}));
}

}  // namespace
}  // namespace balance::players::external
