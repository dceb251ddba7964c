// Piece values as a player setting (EngineOptions::piece_values): the engine plays by the values
// it is given instead of the variant file's, and by nothing else different.

#include <gtest/gtest.h>

#include "balance/players/engine/bench.hpp"
#include "balance/players/engine/eval.hpp"
#include "engine_support.hpp"

namespace balance::testing {
namespace {

using players::engine::Engine;
using players::engine::EngineOptions;

EngineOptions with_values(std::map<std::string, double> values) {
    EngineOptions options;
    options.piece_values = std::move(values);
    return options;
}

TEST(EnginePieceValues, ReplaceTheDocumentedMaterial) {
    const auto chess = load_shipped("chess");
    // White: rook, knight, pawn; Black: a bare king. Documented 5 + 3 + 1.
    const auto game = make_game(chess, "", "", "4k3/8/8/8/8/8/P7/RN2K3 w - - 0 1");
    game.visit([](const auto& pos) {
        const auto documented = players::engine::build_eval_tables(pos.rules());
        const auto given =
            players::engine::build_eval_tables(pos.rules(), {{"knight", 3.05}, {"rook", 5.63}});
        EXPECT_EQ(players::engine::material_balance(pos, documented), 100 + 300 + 500);
        EXPECT_EQ(players::engine::material_balance(pos, given), 100 + 305 + 563);
    });
    // Names the pairing does not hold are ignored (a values file covers every army).
    game.visit([](const auto& pos) {
        const auto tables =
            players::engine::build_eval_tables(pos.rules(), {{"no-such-piece", 7.0}});
        EXPECT_EQ(players::engine::material_balance(pos, tables), 900);
    });
}

TEST(EnginePieceValues, EngineEvaluatesAndSearchesByThem) {
    const auto chess = load_shipped("chess");
    const auto game = make_game(chess, "", "", "4k3/8/8/8/3N4/8/P7/R3K3 b - - 0 1");
    players::engine::EngineOptions material;
    material.eval = players::engine::EvalTerms::Material;
    material.piece_values = {{"knight", 4.0}};
    Engine plain(with_values({})), believer(material);
    game.visit([&](const auto& pos) { EXPECT_EQ(believer.static_eval(pos), -(100 + 500 + 400)); });

    // A knight believed worth a queen and a half changes what the engine plays somewhere in the
    // bench set at a fixed depth; the documented values given explicitly change nothing.
    Engine overvalued(with_values({{"knight", 14.0}})), same(with_values({{"knight", 3.0}}));
    int differ = 0, explicit_differ = 0;
    for (const auto& fen : players::engine::bench_fens("chess")) {
        if (fen.empty()) continue;
        const auto g = make_game(chess, "", "", fen);
        const auto reference = plain.choose_move(g, depth_limit(3), 1).move;
        differ += overvalued.choose_move(g, depth_limit(3), 1).move != reference;
        explicit_differ += same.choose_move(g, depth_limit(3), 1).move != reference;
    }
    EXPECT_GT(differ, 0);
    EXPECT_EQ(explicit_differ, 0);
}

TEST(EnginePieceValues, NewValuesRebuildCachedTables) {
    const auto chess = load_shipped("chess");
    const auto game = make_game(chess, "", "", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
    EngineOptions options;
    options.eval = players::engine::EvalTerms::Material;
    Engine engine(options);
    game.visit([&](const auto& pos) { EXPECT_EQ(engine.static_eval(pos), 300); });
    options.piece_values = {{"knight", 2.5}};
    engine.set_options(options);
    game.visit([&](const auto& pos) { EXPECT_EQ(engine.static_eval(pos), 250); });
}

}  // namespace
}  // namespace balance::testing
