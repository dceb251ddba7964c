// Short matches between real Debian engines through EnginePlayer, the path a sweep takes: every
// move is checked against our rules and played on our board. Stockfish against Fairy-Stockfish
// in orthodox chess (issue #4), both colours from two openings, at a small node limit (both are
// deterministic with one thread). A test is skipped only when an engine is not installed.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "../mocks/mock_support.hpp"
#include "../support/variants.hpp"
#include "balance/players/external/engine_player.hpp"
#include "balance/players/external/uci_client.hpp"

namespace balance::players::external {
namespace {

constexpr const char* stockfish = "/usr/games/stockfish";
constexpr const char* fairy_stockfish = "/usr/games/fairy-stockfish";

std::unique_ptr<EnginePlayer> uci_player(const char* binary) {
    return std::make_unique<EnginePlayer>(
        [binary](const std::string&) {
            UciConfig config;
            config.process.argv = {binary};
            config.options = {{"Threads", "1"}, {"Hash", "16"}};
            return std::make_unique<UciClient>(std::move(config));
        },
        "");
}

struct Played {
    core::Outcome outcome;
    int plies = 0;
};

// Plays one game from `fen` until the rules end it or `max_plies`; every reply must be a legal
// move (EnginePlayer parses it with our rules, so an illegal one is a status, not a move).
Played play(const core::VariantSpec& spec, const std::string& fen, Player& white, Player& black,
            int max_plies) {
    core::Game game = testing::make_game(spec, "", "", fen);
    white.new_game();
    black.new_game();
    SearchLimits limits;
    limits.nodes = 2000;
    Played played;
    while (!game.outcome().over() && played.plies < max_plies) {
        Player& mover = game.side_to_move() == core::Color::White ? white : black;
        const MoveReply reply = mover.choose_move(game, limits, 0);
        EXPECT_EQ(reply.status, MoveStatus::Ok)
            << mover.name() << " at ply " << played.plies << ": " << reply.detail;
        if (reply.status != MoveStatus::Ok) break;
        game.play(reply.move);
        ++played.plies;
    }
    played.outcome = game.outcome();
    return played;
}

TEST(ExternalMatch, StockfishAgainstFairyStockfishInOrthodoxChess) {
    if (!balance::mocks::executable(stockfish)) GTEST_SKIP() << stockfish << " is not installed";
    if (!balance::mocks::executable(fairy_stockfish))
        GTEST_SKIP() << fairy_stockfish << " is not installed";
    const auto spec = testing::load_shipped("chess");
    auto sf = uci_player(stockfish);
    auto fsf = uci_player(fairy_stockfish);
    const std::vector<std::string> openings = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",  // 1.e4 e5 2.Nf3 Nc6
    };
    int games = 0;
    for (const auto& fen : openings) {
        for (int colours = 0; colours < 2; ++colours) {
            Player& white = colours == 0 ? static_cast<Player&>(*sf) : *fsf;
            Player& black = colours == 0 ? static_cast<Player&>(*fsf) : *sf;
            const Played p = play(spec, fen, white, black, 160);
            EXPECT_GT(p.plies, 0);
            ++games;
        }
    }
    EXPECT_EQ(games, 4);
    // One process each, kept across the four games: nothing crashed or had to be restarted.
    EXPECT_EQ(sf->restarts(), 0);
    EXPECT_EQ(fsf->restarts(), 0);
    EXPECT_NE(sf->name().find("Stockfish"), std::string::npos) << sf->name();
    EXPECT_NE(fsf->name().find("Fairy-Stockfish"), std::string::npos) << fsf->name();
}

}  // namespace
}  // namespace balance::players::external
