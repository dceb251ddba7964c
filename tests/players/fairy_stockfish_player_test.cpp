// Fairy-Stockfish under Node as a player (players/external/fairy_stockfish_player.hpp): the
// verification of its definitions catches a piece it would play otherwise than we do, it plays
// whole games whose every move our rules accept, and a missing package is an error naming
// ./setup.sh. Skipped only when Node or the package is missing (./setup.sh installs both).

#include <gtest/gtest.h>

#include <fstream>

#include "../support/fairy_stockfish.hpp"
#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/players/external/engine_player.hpp"
#include "balance/players/external/fairy_stockfish_player.hpp"

namespace balance::testing {
namespace {

namespace ext = players::external;

// A player writing its definitions into `dir`, given the slow first start's handshake time.
ext::FairyStockfishPlayerConfig player_config(const TempDir& dir) {
    ext::FairyStockfishPlayerConfig config;
    config.base.definitions_dir = dir.path();
    config.base.process.name = "fairy-stockfish";
    config.base.timeouts.handshake = kFairyStockfishTimeout;
    return config;
}

TEST(FairyStockfishPlayer, MissingPackageNamesSetup) {
    ext::FairyStockfishRuntime runtime;
    runtime.module_dir = "/nonexistent/fairy-stockfish";
    const auto ok = ext::check_fairy_stockfish_runtime(runtime);
    ASSERT_FALSE(ok.ok());
    EXPECT_NE(ok.error().message.find("./setup.sh"), std::string::npos) << ok.error().message;
    runtime = {};
    runtime.node = "/nonexistent/node";
    const auto no_node = ext::check_fairy_stockfish_runtime(runtime);
    ASSERT_FALSE(no_node.ok());
    EXPECT_NE(no_node.error().message.find("./setup.sh"), std::string::npos);
    ext::FairyStockfishPlayerConfig config;
    config.runtime.module_dir = "/nonexistent/fairy-stockfish";
    EXPECT_FALSE(ext::make_fairy_stockfish_player(config).ok());
}

// A knight written as a wazir: every square shows it, and the refusal names the piece and square.
TEST(FairyStockfishPlayer, VerificationCatchesAWrongPiece) {
    const auto command = fairy_stockfish_command();
    if (!command) GTEST_SKIP() << "Node or fairy-stockfish-nnue.wasm missing (./setup.sh)";
    TempDir dir;
    const auto spec = load_shipped("chess");
    auto variant = ext::fairy_stockfish_variant(spec, "fide", "fide");
    ASSERT_TRUE(variant.ok());
    const auto at = variant->text.find("knight = n\n");
    ASSERT_NE(at, std::string::npos);
    variant->text.replace(at, 11, "customPiece1 = n:W\n");
    const auto ini = dir.path() / "wrong.ini";
    std::ofstream(ini) << variant->text;
    auto session =
        ext::FairyStockfishSession::open(*command, ini, variant->name, kFairyStockfishTimeout);
    ASSERT_TRUE(session.ok()) << session.error().to_string();
    bool refused = false;
    const auto verified = ext::verify_fairy_stockfish(spec, "fide", "fide", **session, &refused);
    ASSERT_FALSE(verified.ok());
    EXPECT_TRUE(refused);
    EXPECT_NE(verified.error().message.find("knight alone on a1"), std::string::npos)
        << verified.error().message;
}

// Keys it does not know are its own complaint, shown as it says it.
TEST(FairyStockfishPlayer, DefinitionsItRejectsShowItsOwnMessage) {
    const auto command = fairy_stockfish_command();
    if (!command) GTEST_SKIP() << "Node or fairy-stockfish-nnue.wasm missing (./setup.sh)";
    TempDir dir;
    auto variant = ext::fairy_stockfish_variant(load_shipped("chess"), "fide", "fide");
    ASSERT_TRUE(variant.ok());
    const auto ini = dir.path() / "unknown.ini";
    std::ofstream(ini) << variant->text << "selfCapture = true\n";
    auto session =
        ext::FairyStockfishSession::open(*command, ini, variant->name, kFairyStockfishTimeout);
    ASSERT_FALSE(session.ok());
    EXPECT_NE(session.error().message.find("Invalid option: selfCapture"), std::string::npos)
        << session.error().to_string();
}

// Two short games of Capablanca chess at a tiny node budget: every move is one of ours.
TEST(FairyStockfishPlayer, PlaysGamesOurRulesAccept) {
    const auto command = fairy_stockfish_command();
    if (!command) GTEST_SKIP() << "Node or fairy-stockfish-nnue.wasm missing (./setup.sh)";
    TempDir dir;
    auto player = ext::make_fairy_stockfish_player(player_config(dir));
    ASSERT_TRUE(player.ok()) << player.error().to_string();
    const auto spec = load_shipped("capablanca");
    players::SearchLimits limits;
    limits.nodes = 500;
    for (int g = 0; g < 2; ++g) {
        auto game = make_game(spec, "", "");
        (*player)->new_game();
        for (int ply = 0; ply < 24 && !game.outcome().over(); ++ply) {
            const auto reply = (*player)->choose_move(game, limits, static_cast<std::uint64_t>(g));
            ASSERT_EQ(reply.status, players::MoveStatus::Ok) << reply.detail;
            game.play(reply.move);
        }
        EXPECT_GE(game.moves().size(), 10u);
    }
    EXPECT_NE((*player)->name().find("Fairy-Stockfish"), std::string::npos) << (*player)->name();
}

// A sweep's games visit its rule sets in turn. One process plays them all, switched in place:
// six rule sets (more than EnginePlayer::MaxClients) in turn, three rounds, one engine start.
// Every move is checked against the game's own rules, so an engine still playing the previous
// rule set (a pawn's double step under pawn-one-square) fails the game.
TEST(FairyStockfishPlayer, PlaysEveryRuleSetFromOneProcess) {
    const auto command = fairy_stockfish_command();
    if (!command) GTEST_SKIP() << "Node or fairy-stockfish-nnue.wasm missing (./setup.sh)";
    TempDir dir;
    auto made = ext::make_fairy_stockfish_player(player_config(dir));
    ASSERT_TRUE(made.ok()) << made.error().to_string();
    auto* player = dynamic_cast<ext::EnginePlayer*>(made->get());
    ASSERT_NE(player, nullptr);
    std::vector<core::VariantSpec> rule_sets;
    for (const std::vector<std::string> options : {std::vector<std::string>{},
                                                   {"pawn-one-square"},
                                                   {"torpedo"},
                                                   {"no-castling"},
                                                   {"semi-torpedo"},
                                                   {"stalemate-win"}})
        rule_sets.push_back(load_shipped("chess", options));
    players::SearchLimits limits;
    limits.nodes = 300;
    for (int round = 0; round < 3; ++round) {
        for (std::size_t r = 0; r < rule_sets.size(); ++r) {
            auto game = make_game(rule_sets[r], "", "");
            player->new_game();
            for (int ply = 0; ply < 4; ++ply) {
                const auto reply = player->choose_move(game, limits, 0);
                ASSERT_EQ(reply.status, players::MoveStatus::Ok)
                    << "rule set " << r << ", round " << round << ": " << reply.detail;
                game.play(reply.move);
            }
        }
    }
    EXPECT_EQ(player->clients(), 1u);
    EXPECT_EQ(player->restarts(), 0);
}

}  // namespace
}  // namespace balance::testing
