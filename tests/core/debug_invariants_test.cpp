// Position::consistent() (board, bitboards, hands, e.p. state and the incremental key against
// one recomputed from scratch) along seeded random games of every variant, after every make and
// unmake of every legal move; and, in debug builds, that a broken invariant stops the program
// at once instead of corrupting a game (the checks Release compiles away).

#include <gtest/gtest.h>

#include <random>

#include "../support/variants.hpp"
#include "balance/core/movegen.hpp"

namespace balance::testing {
namespace {

TEST(DebugInvariants, PositionStaysConsistentAlongRandomGames) {
    std::mt19937_64 rng(20261127);
    for (const auto& c : random_game_cases()) {
        const auto spec = load_shipped(c.variant, c.options);
        int checked = 0;
        for (int game_index = 0; game_index < 4; ++game_index) {
            auto game = make_game(spec, c.white, c.black);
            for (int ply = 0; ply < 160 && !game.outcome().over(); ++ply) {
                game.visit([&](auto& pos) {
                    ASSERT_TRUE(pos.consistent()) << c.variant << " at " << game.fen();
                    core::MoveList all;
                    core::generate_legal(pos, all);
                    for (const core::Move m : all) {
                        pos.make(m);
                        EXPECT_TRUE(pos.consistent())
                            << c.variant << " after " << m.raw() << " from " << game.fen();
                        pos.unmake();
                        ++checked;
                    }
                    // Search's pass: it clears any e.p. square, and the key must follow.
                    if (pos.in_check() || pos.in_placement()) return;
                    pos.make_null();
                    EXPECT_TRUE(pos.consistent()) << c.variant << " null move at " << game.fen();
                    pos.unmake_null();
                });
                const auto legal = game.legal_moves();
                if (legal.empty()) break;
                game.play(legal[rng() % legal.size()]);
            }
        }
        EXPECT_GT(checked, 1000) << c.variant;
    }
}

#ifdef NDEBUG
TEST(DebugInvariants, BrokenInvariantsStopTheProgram) {
    GTEST_SKIP() << "Release build: the checks are compiled away";
}
#else
TEST(DebugInvariants, BrokenInvariantsStopTheProgram) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(
        {
            core::MoveList list;
            for (int i = 0; i <= core::MoveList::Capacity; ++i) list.push(core::Move(1, 2));
        },
        "invariant violated: size_ < Capacity");
    EXPECT_DEATH(
        {
            const core::MoveList list;
            static_cast<void>(list[0]);
        },
        "invariant violated");
    EXPECT_DEATH(static_cast<void>(core::Move(1, 200)), "invariant violated");
}
#endif

}  // namespace
}  // namespace balance::testing
