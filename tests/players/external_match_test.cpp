// Short matches between real Debian engines through EnginePlayer, the path a sweep takes: every
// move is checked against our rules and played on our board. Stockfish against Fairy-Stockfish
// in orthodox chess, both colours from two openings, at a small node limit (both are
// deterministic with one thread); and SjaakII (its shipped definitions in configs/engines/,
// chosen per game by army pairing as a sweep's `variant = "asym-{white}-{black}"` does) against
// Fairy-Max (the fairymax player, on the definitions Balance writes) in Asymmetric Humans against
// Humans. A test is skipped only when an engine is not installed.

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "../mocks/mock_support.hpp"
#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/players/external/engine_player.hpp"
#include "balance/players/external/fairymax_player.hpp"
#include "balance/players/external/uci_client.hpp"
#include "balance/players/external/xboard_client.hpp"

namespace balance::players::external {
namespace {

using namespace balance::mocks::debian_engines;

const std::string engines_dir = std::string(BALANCE_SOURCE_DIR) + "/configs/engines/";

std::unique_ptr<EnginePlayer> peer_uci_player(const char* binary) {
    return std::make_unique<EnginePlayer>(
        [binary](const std::string&) {
            UciConfig config;
            config.process.argv = {binary};
            config.options = {{"Threads", "1"}, {"Hash", "16"}};
            return std::make_unique<UciClient>(std::move(config));
        },
        "");
}

// An XBoard engine whose variant is named after the game's armies, e.g. asym-human-human.
std::unique_ptr<EnginePlayer> asym_xboard_player(std::vector<std::string> argv) {
    auto variant_of = [](const core::Game& game) {
        std::string names[2];
        game.visit([&](const auto& pos) {
            for (int side = 0; side < 2; ++side) names[side] = pos.rules().armies[side].name;
        });
        const std::map<std::string, std::string> engine_names = {
            {"humans", "human"}, {"elves", "elf"}, {"orcs", "orc"}};
        return "asym-" + engine_names.at(names[0]) + "-" + engine_names.at(names[1]);
    };
    return std::make_unique<EnginePlayer>(
        [argv](const std::string& variant) {
            XboardConfig config;
            config.process.argv = argv;
            config.variant = variant;
            return std::make_unique<XboardClient>(std::move(config));
        },
        "", variant_of);
}

struct Played {
    core::Outcome outcome;
    int plies = 0;
};

struct Side {
    Player& player;
    SearchLimits limits;
};

SearchLimits nodes(std::uint64_t n) {
    SearchLimits limits;
    limits.nodes = n;
    return limits;
}

// Plays `game` on until the rules end it or `max_plies`; every reply must be a legal move
// (EnginePlayer parses it with our rules, so an illegal one is a status, not a move).
Played play(const std::string& label, core::Game game, Side white, Side black, int max_plies) {
    white.player.new_game();
    black.player.new_game();
    Played played;
    while (!game.outcome().over() && played.plies < max_plies) {
        Side& side = game.side_to_move() == core::Color::White ? white : black;
        Player& mover = side.player;
        const MoveReply reply = mover.choose_move(game, side.limits, 0);
        EXPECT_EQ(reply.status, MoveStatus::Ok)
            << mover.name() << " at ply " << played.plies << ": " << reply.detail;
        if (reply.status != MoveStatus::Ok) break;
        game.play(reply.move);
        ++played.plies;
    }
    played.outcome = game.outcome();
    // In the test's XML output (--gtest_output=xml): how each game went.
    ::testing::Test::RecordProperty(
        label, std::to_string(played.plies) + " plies, " +
                   std::string(core::termination_name(played.outcome.termination)));
    return played;
}

TEST(ExternalMatch, StockfishAgainstFairyStockfishInOrthodoxChess) {
    if (!balance::mocks::executable(stockfish)) GTEST_SKIP() << stockfish << " is not installed";
    if (!balance::mocks::executable(fairy_stockfish))
        GTEST_SKIP() << fairy_stockfish << " is not installed";
    const auto spec = testing::load_shipped("chess");
    auto sf = peer_uci_player(stockfish);
    auto fsf = peer_uci_player(fairy_stockfish);
    const std::vector<std::string> openings = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",  // 1.e4 e5 2.Nf3 Nc6
    };
    int games = 0;
    for (const auto& fen : openings) {
        for (int colours = 0; colours < 2; ++colours) {
            Player& white = colours == 0 ? static_cast<Player&>(*sf) : *fsf;
            Player& black = colours == 0 ? static_cast<Player&>(*fsf) : *sf;
            const Played p =
                play("game" + std::to_string(games + 1), testing::make_game(spec, "", "", fen),
                     {white, nodes(2000)}, {black, nodes(2000)}, 160);
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

TEST(ExternalMatch, SjaakIIAgainstFairymaxInAsymmetricHumansAgainstHumans) {
    if (!balance::mocks::executable(sjaakii)) GTEST_SKIP() << sjaakii << " is not installed";
    if (!balance::mocks::executable(fairymax)) GTEST_SKIP() << fairymax << " is not installed";
    const auto spec = testing::load_shipped("asymmetric");
    auto sjaak = asym_xboard_player({sjaakii, "-xboard", engines_dir + "sjaakii-asymmetric.txt"});
    FairymaxPlayerConfig fmax_config;  // on the definitions Balance writes
    fmax_config.process.argv = {fairymax, "20"};
    testing::TempDir dir;
    fmax_config.definitions_dir = dir.path();
    auto made = make_fairymax_player(fmax_config);
    ASSERT_TRUE(made.ok()) << made.error().to_string();
    auto* fmax = dynamic_cast<EnginePlayer*>(made->get());
    ASSERT_NE(fmax, nullptr);
    SearchLimits depth3;
    depth3.depth = 3;  // Fairy-Max cannot count nodes
    for (int colours = 0; colours < 2; ++colours) {
        const Side s{*sjaak, nodes(2000)};
        const Side f{*fmax, depth3};
        const Played p = play(colours == 0 ? "sjaakii-white" : "fairymax-white",
                              testing::make_game(spec, "humans", "humans"), colours == 0 ? s : f,
                              colours == 0 ? f : s, 120);
        EXPECT_GT(p.plies, 0);
    }
    EXPECT_EQ(sjaak->restarts(), 0);
    EXPECT_EQ(fmax->restarts(), 0);
    EXPECT_NE(sjaak->name().find("Sjaak"), std::string::npos) << sjaak->name();
    EXPECT_NE(fmax->name().find("Fairy-Max"), std::string::npos) << fmax->name();
}

}  // namespace
}  // namespace balance::players::external
