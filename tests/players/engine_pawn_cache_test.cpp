// The pawn cache (pawn_cache.hpp) changes no evaluation: along seeded random games of every
// variant, the position and every position one legal move later evaluate the same with one cache
// kept for the whole game (so most lookups hit an entry stored earlier) and without a cache. The
// tables that allow the cache are the ones whose pawn-role pieces attack by leaps alone.

#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "../support/variants.hpp"
#include "balance/core/movegen.hpp"
#include "balance/players/engine/eval.hpp"
#include "engine/pawn_cache.hpp"

namespace balance::testing {
namespace {

using players::engine::EvalTables;
using players::engine::PawnCache;

// One game's tables and cache for one board width (built at the game's first position).
template <core::Bitboard BB>
struct Checked {
    std::unique_ptr<EvalTables<BB>> tables;
    std::unique_ptr<PawnCache<BB>> cache;
    int evaluations = 0;
};

template <core::Bitboard BB>
void check_here(core::Position<BB> pos, Checked<BB>& checked, const std::string& where) {
    if (!checked.tables) {
        checked.tables =
            std::make_unique<EvalTables<BB>>(players::engine::build_eval_tables(pos.rules()));
        checked.cache = std::make_unique<PawnCache<BB>>();
    }
    const auto& et = *checked.tables;
    auto agree = [&](const std::string& after) {
        EXPECT_EQ(players::engine::evaluate(pos, et, checked.cache.get()),
                  players::engine::evaluate(pos, et))
            << where << after;
        ++checked.evaluations;
    };
    agree("");
    core::MoveList moves;
    core::generate_legal(pos, moves);
    for (const core::Move m : moves) {
        pos.make(m);
        agree(" after a move from " + std::to_string(m.from()) + " to " + std::to_string(m.to()));
        pos.unmake();
    }
}

TEST(EnginePawnCache, EvaluatesExactlyAsWithoutItAlongRandomGames) {
    std::mt19937_64 rng(20261124);
    for (const auto& c : random_game_cases()) {
        const auto spec = load_shipped(c.variant, c.options);
        const std::string name = std::string(c.variant) + " " + c.white + "-" + c.black;
        int evaluations = 0;
        for (int game_index = 0; game_index < 3; ++game_index) {
            Checked<core::u64> narrow;
            Checked<core::u128> wide;
            auto game = make_game(spec, c.white, c.black);
            for (int ply = 0; ply < 160 && !game.outcome().over(); ++ply) {
                const auto legal = game.legal_moves();
                if (legal.empty()) break;
                game.visit([&](const auto& pos) {
                    if constexpr (sizeof(pos.pieces()) == 8)
                        check_here(pos, narrow, name + " at " + game.fen());
                    else
                        check_here(pos, wide, name + " at " + game.fen());
                });
                game.play(legal[rng() % legal.size()]);
            }
            evaluations += narrow.evaluations + wide.evaluations;
        }
        EXPECT_GT(evaluations, 2000) << name;
    }
}

TEST(EnginePawnCache, AppliesWherePawnsAttackByLeapsAlone) {
    auto cacheable = [](const char* variant, const char* white, const char* black) {
        const auto spec = load_shipped(variant);
        auto game = make_game(spec, white, black);
        bool result = false;
        game.visit([&](const auto& pos) {
            result = players::engine::build_eval_tables(pos.rules()).pawn_cacheable;
        });
        return result;
    };
    EXPECT_TRUE(cacheable("chess", "", ""));
    EXPECT_TRUE(cacheable("uneven", "", ""));
    EXPECT_TRUE(cacheable("asymmetric", "humans", "elves"));
    EXPECT_TRUE(cacheable("asymmetric", "elves", "orcs"));
    EXPECT_TRUE(cacheable("asymmetric", "orcs", "humans"));
}

}  // namespace
}  // namespace balance::testing
