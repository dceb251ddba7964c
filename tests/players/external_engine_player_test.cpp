// EnginePlayer's statuses: an XBoard resignation is a result (Resigned), an illegal answer names
// the move once (the game runner adds the position), and an engine that cannot be restarted is
// Unavailable (the harness's failure, not a lost game), while a crash mid-search stays Crashed.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>

#include "../mocks/mock_support.hpp"
#include "../support/variants.hpp"
#include "balance/players/external/engine_player.hpp"
#include "balance/players/external/uci_client.hpp"
#include "balance/players/external/xboard_client.hpp"

namespace balance::players::external {
namespace {

using namespace std::chrono_literals;
using balance::mocks::ScriptFile;

core::Game chess_start() {
    static const core::VariantSpec spec = testing::load_shipped("chess");
    return testing::make_game(spec, "fide", "fide");
}

SearchLimits depth1() {
    SearchLimits limits;
    limits.depth = 1;
    return limits;
}

std::unique_ptr<EnginePlayer> script_player(const std::string& script) {
    return std::make_unique<EnginePlayer>(
        [script](const std::string&) {
            UciConfig config;
            config.process.argv = {BALANCE_MOCK_ENGINE_SCRIPTED, script};
            config.timeouts.margin = 300ms;
            config.timeouts.handshake = 300ms;
            return std::make_unique<UciClient>(std::move(config));
        },
        "");
}

TEST(ExternalEnginePlayer, AnXboardResignationIsAResult) {
    ScriptFile script(R"(
protover => feature ping=1 setboard=1 done=1
ping => pong $1
go => resign
)");
    EnginePlayer player(
        [&](const std::string&) {
            XboardConfig config;
            config.process.argv = {BALANCE_MOCK_ENGINE_SCRIPTED, script.path()};
            config.timeouts.handshake = 2s;
            return std::make_unique<XboardClient>(std::move(config));
        },
        "");
    const MoveReply reply = player.choose_move(chess_start(), depth1(), 0);
    EXPECT_EQ(reply.status, MoveStatus::Resigned) << reply.detail;
}

TEST(ExternalEnginePlayer, AnIllegalAnswerNamesTheMoveOnce) {
    ScriptFile script(R"(uci => id name Liar | uciok
isready => readyok
go => bestmove e2e5
)");
    auto player = script_player(script.path());
    const MoveReply reply = player->choose_move(chess_start(), depth1(), 0);
    EXPECT_EQ(reply.status, MoveStatus::IllegalMove);
    EXPECT_EQ(reply.detail, "'e2e5' is not a legal move (UCI or SAN)");
}

TEST(ExternalEnginePlayer, AnEngineThatCannotBeRestartedIsUnavailable) {
    std::optional<ScriptFile> script(std::in_place, R"(uci => id name Fragile | uciok
isready => readyok
go => @signal 11
)");
    auto player = script_player(script->path());
    ASSERT_TRUE(player->start("").ok());
    const MoveReply crashed = player->choose_move(chess_start(), depth1(), 0);
    EXPECT_EQ(crashed.status, MoveStatus::Crashed) << crashed.detail;  // a loss, as before
    script.reset();  // the engine cannot come back: without its script it answers nothing
    const MoveReply next = player->choose_move(chess_start(), depth1(), 0);
    EXPECT_EQ(next.status, MoveStatus::Unavailable) << next.detail;
    EXPECT_NE(next.detail.find("uciok"), std::string::npos) << next.detail;
}

TEST(ExternalEnginePlayer, KeepsAtMostMaxClientsProcessesLeastRecentlyUsedGoesFirst) {
    ScriptFile script(R"(uci => id name Many | uciok
isready => readyok
go => bestmove e2e4
)");
    std::string variant;
    int made = 0;
    EnginePlayer player(
        [&](const std::string&) {
            ++made;
            UciConfig config;
            config.process.argv = {BALANCE_MOCK_ENGINE_SCRIPTED, script.path()};
            config.timeouts.handshake = 2s;
            return std::make_unique<UciClient>(std::move(config));
        },
        "", [&](const core::Game&) { return variant; });
    const auto play = [&](const std::string& v) {
        variant = v;
        player.new_game();
        const MoveReply reply = player.choose_move(chess_start(), depth1(), 0);
        EXPECT_EQ(reply.status, MoveStatus::Ok) << reply.detail;
    };
    ASSERT_EQ(EnginePlayer::MaxClients, 4u);
    for (const char* v : {"a", "b", "c", "d", "a", "b"}) play(v);
    EXPECT_EQ(made, 4);  // four variants: all kept
    play("e");           // evicts c, the least recently used
    EXPECT_EQ(player.clients(), 4u);
    play("a");
    play("d");
    EXPECT_EQ(made, 5);  // a and d were still there
    play("c");           // c comes back, evicting b
    EXPECT_EQ(made, 6);
    play("b");
    EXPECT_EQ(made, 7);
    EXPECT_EQ(player.clients(), 4u);
    EXPECT_EQ(player.restarts(), 0);  // planned stops are not restarts after a failure
}

}  // namespace
}  // namespace balance::players::external
