// The Debian engines through our clients: stockfish and fairy-stockfish over UCI, fairymax
// (edit mode) and sjaakii (setboard, maxnodes) over XBoard. Positions are forced mates in one,
// so the only sane answer is known; a test is skipped only when its engine is not installed.

#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <regex>
#include <set>

#include "../mocks/mock_support.hpp"
#include "balance/players/external/uci_client.hpp"
#include "balance/players/external/xboard_client.hpp"

namespace balance::players::external {
namespace {

using namespace balance::mocks::debian_engines;

using namespace std::chrono_literals;
using balance::mocks::executable;
using balance::mocks::reaped;
using balance::mocks::ScriptFile;

#define SKIP_UNLESS_INSTALLED(path) \
    if (!executable(path)) GTEST_SKIP() << path << " is not installed (apt-get install it)"

// White to move mates with d1d8 (back rank), reached from its FEN after four king moves.
const std::string back_rank_fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
const std::vector<std::string> back_rank_moves = {"g1f1", "g8f8", "f1g1", "f8g8"};
// Black to move mates with a8a1.
const std::string black_mates_fen = "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1";
// White to move mates only by castling short (e1g1): Rh1-f1 alone lets the king out to g2.
const std::string castle_mates_fen = "4R3/8/7N/7N/8/5k2/8/4K2R w K - 0 1";
// Black is checkmated: no legal move.
const std::string black_mated_fen = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";

const std::set<std::string> first_moves = {"a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3",
                                           "d2d4", "e2e3", "e2e4", "f2f3", "f2f4", "g2g3", "g2g4",
                                           "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3"};

using balance::mocks::depth;

UciConfig uci_config(const char* binary) {
    UciConfig config;
    config.process.argv = {binary};
    config.options = {{"Threads", "1"}, {"Hash", "16"}};
    return config;
}

void check_uci_engine(const char* binary, const std::string& expected_name) {
    UciClient client(uci_config(binary));
    auto started = client.start();
    ASSERT_TRUE(started.ok()) << started.error().to_string();
    EXPECT_EQ(client.engine_name().rfind(expected_name, 0), 0u) << client.engine_name();
    ASSERT_TRUE(client.new_game().ok());

    auto opening = client.go("startpos", {}, depth(5));
    ASSERT_TRUE(opening.ok()) << opening.error().to_string();
    EXPECT_EQ(opening->kind, ReplyKind::Move);
    EXPECT_EQ(first_moves.count(opening->move), 1u) << opening->move;
    ASSERT_TRUE(opening->info.has_value());
    EXPECT_GE(opening->info->depth, 5);

    auto mate = client.go(back_rank_fen, back_rank_moves, depth(5));
    ASSERT_TRUE(mate.ok()) << mate.error().to_string();
    EXPECT_EQ(mate->move, "d1d8");
    ASSERT_TRUE(mate->info.has_value());
    EXPECT_EQ(mate->info->score_mate, 1);

    auto castle = client.go(castle_mates_fen, {}, depth(5));
    ASSERT_TRUE(castle.ok());
    EXPECT_EQ(castle->move, "e1g1");  // UCI castling is king-to-square

    auto none = client.go(black_mated_fen, {}, depth(5));
    ASSERT_TRUE(none.ok()) << none.error().to_string();
    EXPECT_EQ(none->kind, ReplyKind::NoLegalMove);

    Limits one_node;
    one_node.nodes = 1;
    auto tiny = client.go("startpos", {"e2e4"}, one_node);
    ASSERT_TRUE(tiny.ok()) << tiny.error().to_string();
    EXPECT_EQ(tiny->move.size(), 4u);

    const pid_t pid = *client.pid();
    client.stop();
    EXPECT_TRUE(reaped(pid));
}

TEST(ExternalRealEngines, StockfishUci) {
    SKIP_UNLESS_INSTALLED(stockfish);
    check_uci_engine(stockfish, "Stockfish");
}

TEST(ExternalRealEngines, FairyStockfishUci) {
    SKIP_UNLESS_INSTALLED(fairy_stockfish);
    check_uci_engine(fairy_stockfish, "Fairy-Stockfish");
}

TEST(ExternalRealEngines, FairyStockfishVariants) {
    SKIP_UNLESS_INSTALLED(fairy_stockfish);
    UciConfig config = uci_config(fairy_stockfish);
    config.variant = "capablanca";
    UciClient capablanca(config);
    auto started = capablanca.start();
    ASSERT_TRUE(started.ok()) << started.error().to_string();
    auto reply = capablanca.go("startpos", {"f2f4"}, depth(3));
    ASSERT_TRUE(reply.ok()) << reply.error().to_string();
    // A Black move on the 10x8 board: files a-j, from rank 7 or 8 (pawn or piece).
    EXPECT_TRUE(std::regex_match(reply->move, std::regex("[a-j][78][a-j][1-8]"))) << reply->move;

    // A variant that exists only in a VariantPath file: start() must load the file and see the
    // variant in the engine's refreshed option list, or it would refuse it.
    ScriptFile ini("[balancetest:chess]\ncastling = false\n");
    config.variant_path = ini.path();
    config.variant = "balancetest";
    UciClient custom(config);
    started = custom.start();
    ASSERT_TRUE(started.ok()) << started.error().to_string();
    // Without castling the back-rank-style mate by O-O is gone; the engine must not play e1g1.
    auto no_castle = custom.go(castle_mates_fen, {}, depth(4));
    ASSERT_TRUE(no_castle.ok());
    EXPECT_NE(no_castle->move, "e1g1");
}

XboardConfig fairymax_config() {
    XboardConfig config;
    config.process.argv = {fairymax, "20"};  // 2^20 hash entries: starts in ~10 ms
    return config;
}

// Being mated under a time limit: with `sd 96` Fairy-Max finished depth 96 at once here and then
// never moved (a lost game by timeout in engine-vs-fairymax-time); the quirks cap it at 64.
TEST(ExternalRealEngines, FairymaxMovesWhenBeingMatedUnderATimeLimit) {
    SKIP_UNLESS_INSTALLED(fairymax);
    XboardClient client(fairymax_config());
    ASSERT_TRUE(client.start().ok());
    Limits limits;
    limits.movetime_ms = 19;  // `st 1` + `time 28`, as in the sweep
    auto reply = client.go("k7/3R4/P3P3/8/8/8/8/1K6 b - - 2 63", {}, limits);
    ASSERT_TRUE(reply.ok()) << reply.error().to_string();
    EXPECT_EQ(reply->kind, ReplyKind::Move);
    EXPECT_EQ(reply->move, "a8b8");  // the only legal move
}

TEST(ExternalRealEngines, FairymaxEditModeFromFen) {
    SKIP_UNLESS_INSTALLED(fairymax);
    XboardClient client(fairymax_config());
    auto started = client.start();
    ASSERT_TRUE(started.ok()) << started.error().to_string();
    EXPECT_EQ(client.engine_name().rfind("Fairy-Max", 0), 0u) << client.engine_name();
    EXPECT_EQ(client.quirks().max_depth, 64);
    EXPECT_FALSE(client.features().count("setboard") != 0 &&
                 client.features().at("setboard") == "1");

    auto black = client.go(black_mates_fen, {}, depth(3));  // edit mode, Black to move
    ASSERT_TRUE(black.ok()) << black.error().to_string();
    EXPECT_EQ(black->kind, ReplyKind::Move);
    EXPECT_EQ(black->move, "a8a1");
    ASSERT_TRUE(black->info.has_value());
    EXPECT_EQ(black->info->score_mate, 1);

    auto white = client.go(back_rank_fen, back_rank_moves, depth(3));  // edit mode + replay
    ASSERT_TRUE(white.ok()) << white.error().to_string();
    EXPECT_EQ(white->move, "d1d8");

    // Castling rights come from unmoved pieces in edit mode; fairymax answers king-to-square.
    auto castle = client.go(castle_mates_fen, {}, depth(3));
    ASSERT_TRUE(castle.ok()) << castle.error().to_string();
    EXPECT_EQ(castle->move, "e1g1");

    auto opening = client.go("startpos", {"e2e4"}, depth(3));
    ASSERT_TRUE(opening.ok());
    EXPECT_TRUE(std::regex_match(opening->move, std::regex("[a-h][78][a-h][5-8]")))
        << opening->move;

    // The engine itself rejects an impossible move: a Protocol error, the engine survives.
    auto illegal = client.go(black_mates_fen, {"a8h1"}, depth(3));
    ASSERT_FALSE(illegal.ok());
    EXPECT_EQ(illegal.fault(), Fault::Protocol);
    EXPECT_NE(illegal.error().message.find("Illegal move"), std::string::npos);
    EXPECT_TRUE(client.running());

    // Mated side to move: a result claim, no move.
    auto mated = client.go(black_mated_fen, {}, depth(3));
    ASSERT_TRUE(mated.ok()) << mated.error().to_string();
    EXPECT_EQ(mated->kind, ReplyKind::GameOverClaim);
    EXPECT_EQ(mated->claim.rfind("1-0", 0), 0u) << mated->claim;

    const pid_t pid = *client.pid();
    client.stop();
    EXPECT_TRUE(reaped(pid));
}

XboardConfig sjaakii_config() {
    XboardConfig config;
    config.process.argv = {sjaakii, "-xboard"};
    return config;
}

TEST(ExternalRealEngines, SjaakiiSetboardWithMaxnodes) {
    SKIP_UNLESS_INSTALLED(sjaakii);
    XboardClient client(sjaakii_config());
    auto started = client.start();
    ASSERT_TRUE(started.ok()) << started.error().to_string();
    EXPECT_EQ(client.engine_name().rfind("Sjaak II", 0), 0u) << client.engine_name();
    EXPECT_TRUE(client.quirks().maxnodes);
    EXPECT_EQ(client.features().at("setboard"), "1");

    Limits nodes;
    nodes.nodes = 20'000;
    auto mate = client.go(back_rank_fen, back_rank_moves, nodes);
    ASSERT_TRUE(mate.ok()) << mate.error().to_string();
    EXPECT_EQ(mate->move, "d1d8");
    ASSERT_TRUE(mate->info.has_value());
    EXPECT_LE(mate->info->nodes, 20'000u);

    auto black = client.go(black_mates_fen, {}, nodes);
    ASSERT_TRUE(black.ok()) << black.error().to_string();
    EXPECT_EQ(black->move, "a8a1");

    // We switched its "Send O-O/O-O-O for castling" option off: castling comes as e1g1.
    auto castle = client.go(castle_mates_fen, {}, nodes);
    ASSERT_TRUE(castle.ok()) << castle.error().to_string();
    EXPECT_EQ(castle->move, "e1g1");
}

TEST(ExternalRealEngines, SjaakiiCastlingHookMapsOO) {
    SKIP_UNLESS_INSTALLED(sjaakii);
    XboardConfig config = sjaakii_config();
    config.options = {{"Send O-O/O-O-O for castling", "1"}};  // back to its default: O-O
    std::string raw;
    config.move_from_engine = [&raw](std::string_view move, const MoveContext& context) {
        raw = std::string(move);
        const std::string rank = context.white_to_move ? "1" : "8";
        if (move == "O-O") return "e" + rank + "g" + rank;
        if (move == "O-O-O") return "e" + rank + "c" + rank;
        return std::string(move);
    };
    XboardClient client(config);
    ASSERT_TRUE(client.start().ok());
    Limits nodes;
    nodes.nodes = 20'000;
    auto castle = client.go(castle_mates_fen, {}, nodes);
    ASSERT_TRUE(castle.ok()) << castle.error().to_string();
    EXPECT_EQ(raw, "O-O");
    EXPECT_EQ(castle->move, "e1g1");
}

}  // namespace
}  // namespace balance::players::external
