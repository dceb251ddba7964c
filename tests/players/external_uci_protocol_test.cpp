// Line parsing for UCI, search deadlines and the side-to-move helper: hand-checked vectors.

#include <gtest/gtest.h>

#include "balance/players/external/search_types.hpp"
#include "balance/players/external/uci_client.hpp"
#include "balance/players/external/uci_protocol.hpp"

namespace balance::players::external {
namespace {

using namespace std::chrono_literals;

TEST(ExternalUciProtocol, ParsesSpinComboStringAndButtonOptions) {
    auto hash = parse_uci_option("option name Hash type spin default 16 min 1 max 33554432");
    ASSERT_TRUE(hash.has_value());
    EXPECT_EQ(hash->name, "Hash");
    EXPECT_EQ(hash->type, "spin");
    EXPECT_EQ(hash->default_value, "16");
    EXPECT_EQ(hash->min, 1);
    EXPECT_EQ(hash->max, 33554432);

    auto combo = parse_uci_option(
        "option name Analysis Contempt type combo default Both var Both var Off var White");
    ASSERT_TRUE(combo.has_value());
    EXPECT_EQ(combo->name, "Analysis Contempt");
    EXPECT_EQ(combo->default_value, "Both");
    EXPECT_EQ(combo->vars, (std::vector<std::string>{"Both", "Off", "White"}));

    auto empty = parse_uci_option("option name VariantPath type string default <empty>");
    ASSERT_TRUE(empty.has_value());
    EXPECT_EQ(empty->default_value, "");

    // A string default is the rest of the line, keywords included.
    auto text = parse_uci_option("option name Greeting type string default happy min var day");
    ASSERT_TRUE(text.has_value());
    EXPECT_EQ(text->default_value, "happy min var day");
    EXPECT_TRUE(text->vars.empty());

    auto button = parse_uci_option("option name Clear Hash type button");
    ASSERT_TRUE(button.has_value());
    EXPECT_EQ(button->name, "Clear Hash");
    EXPECT_EQ(button->type, "button");

    EXPECT_FALSE(parse_uci_option("option name type spin").has_value());
    EXPECT_FALSE(parse_uci_option("option Hash type spin").has_value());
    EXPECT_FALSE(parse_uci_option("id name Stockfish").has_value());
}

TEST(ExternalUciProtocol, ParsesInfoLines) {
    auto info = parse_uci_info(
        "info depth 12 seldepth 17 multipv 1 score cp -31 nodes 123456 nps 987654 hashfull 12 "
        "tbhits 0 time 125 pv e7e5 g1f3 b8c6");
    ASSERT_TRUE(info.has_value());
    EXPECT_EQ(info->depth, 12);
    EXPECT_EQ(info->score_cp, -31);
    EXPECT_FALSE(info->score_mate.has_value());
    EXPECT_EQ(info->nodes, 123456u);
    EXPECT_EQ(info->nps, 987654u);
    EXPECT_EQ(info->pv, (std::vector<std::string>{"e7e5", "g1f3", "b8c6"}));

    auto mate = parse_uci_info("info depth 5 score mate -3 lowerbound nodes 99 pv h7h8");
    ASSERT_TRUE(mate.has_value());
    EXPECT_EQ(mate->score_mate, -3);
    EXPECT_EQ(mate->nodes, 99u);

    auto mated = parse_uci_info("info depth 0 score mate 0");
    ASSERT_TRUE(mated.has_value());
    EXPECT_EQ(mated->score_mate, 0);

    EXPECT_FALSE(parse_uci_info("info depth 3 multipv 2 score cp 5 pv a2a3").has_value());
    EXPECT_FALSE(parse_uci_info("info string NNUE evaluation using nn.nnue enabled").has_value());
    EXPECT_FALSE(parse_uci_info("info depth 9 currmove e2e4 currmovenumber 1").has_value());
    EXPECT_FALSE(parse_uci_info("bestmove e2e4").has_value());
}

TEST(ExternalUciProtocol, ParsesBestmove) {
    auto plain = parse_bestmove("bestmove e2e4");
    ASSERT_TRUE(plain.has_value());
    EXPECT_EQ(plain->move, "e2e4");
    EXPECT_EQ(plain->ponder, "");

    auto ponder = parse_bestmove("bestmove e7e8q ponder a2a1n");
    ASSERT_TRUE(ponder.has_value());
    EXPECT_EQ(ponder->move, "e7e8q");
    EXPECT_EQ(ponder->ponder, "a2a1n");

    EXPECT_EQ(parse_bestmove("bestmove (none)")->move, "");
    EXPECT_EQ(parse_bestmove("bestmove 0000")->move, "");
    EXPECT_FALSE(parse_bestmove("bestmove").has_value());
    EXPECT_FALSE(parse_bestmove("bestmoves e2e4").has_value());
}

TEST(ExternalUciProtocol, GoCommandListsEveryLimit) {
    Limits limits;
    EXPECT_EQ(UciClient::go_command(limits), "go");
    limits.depth = 5;
    EXPECT_EQ(UciClient::go_command(limits), "go depth 5");
    limits.nodes = 1000;
    limits.movetime_ms = 250;
    limits.wtime_ms = 60000;
    limits.btime_ms = 59000;
    limits.winc_ms = 1000;
    limits.binc_ms = 1000;
    limits.movestogo = 40;
    EXPECT_EQ(UciClient::go_command(limits),
              "go wtime 60000 btime 59000 winc 1000 binc 1000 movestogo 40 depth 5 nodes 1000 "
              "movetime 250");
}

TEST(ExternalUciProtocol, SearchTimeoutFollowsTheTightestLimit) {
    TimeoutPolicy policy;  // margin 2000 ms, slack 0.5, 20k nodes/s, unbounded 60 s
    Limits movetime;
    movetime.movetime_ms = 1000;
    EXPECT_EQ(search_timeout(movetime, policy), 3500ms);  // 1000 * 1.5 + 2000

    Limits nodes;
    nodes.nodes = 40'000;  // 2 s at the pessimistic 20k nodes/s
    EXPECT_EQ(search_timeout(nodes, policy), 5000ms);

    Limits both = nodes;
    both.movetime_ms = 1000;  // the engine stops at the first limit reached
    EXPECT_EQ(search_timeout(both, policy), 3500ms);

    Limits clocks;
    clocks.wtime_ms = 60'000;
    clocks.btime_ms = 30'000;
    clocks.winc_ms = 1000;
    EXPECT_EQ(search_timeout(clocks, policy), 93500ms);  // (60000 + 1000) * 1.5 + 2000

    Limits depth;
    depth.depth = 20;
    EXPECT_EQ(search_timeout(depth, policy), 60000ms);

    depth.timeout = 1234ms;
    EXPECT_EQ(search_timeout(depth, policy), 1234ms);
}

TEST(ExternalUciProtocol, HugeLimitsGiveABoundedDeadline) {
    // nodes = 2e14 at 20k nodes/s is 317 years: `now + timeout` would overflow steady_clock.
    TimeoutPolicy policy;
    Limits nodes;
    nodes.nodes = 200'000'000'000'000ULL;
    EXPECT_EQ(search_timeout(nodes, policy), longest_search);
    nodes.nodes = UINT64_MAX;
    EXPECT_EQ(search_timeout(nodes, policy), longest_search);
    Limits clocks;
    clocks.wtime_ms = INT32_MAX;
    clocks.winc_ms = INT32_MAX;
    EXPECT_EQ(search_timeout(clocks, policy), longest_search);
    Limits depth;
    depth.depth = 1;
    policy.unbounded = std::chrono::milliseconds(INT64_MAX);
    EXPECT_EQ(search_timeout(depth, policy), longest_search);
    // The deadline itself does not overflow.
    const auto now = std::chrono::steady_clock::now();
    EXPECT_GT(now + search_timeout(nodes, policy), now);
}

TEST(ExternalUciProtocol, SideToMove) {
    EXPECT_TRUE(white_to_move("startpos", 0));
    EXPECT_FALSE(white_to_move("startpos", 1));
    const std::string black = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    EXPECT_FALSE(white_to_move(black, 0));
    EXPECT_TRUE(white_to_move(black, 1));
    EXPECT_FALSE(white_to_move(black, 2));
    EXPECT_TRUE(white_to_move("8/8/8/8/8/8/8/K6k w - - 0 1", 2));
}

}  // namespace
}  // namespace balance::players::external
