// The search's cheap check test after a move (check_after_move.hpp) agrees with the exact one
// (every enemy attacker asked) after every legal move along seeded random games of every
// variant, Contrast and anti-relay included, and with free placement (drops, then the first
// moves after it); so does the test before a plain quiet move, wherever it gives an answer.

#include <gtest/gtest.h>

#include <random>

#include "../support/variants.hpp"
#include "balance/core/movegen.hpp"
#include "engine/attacks.hpp"
#include "engine/check_after_move.hpp"

namespace balance::testing {
namespace {

TEST(CheckAfterMove, AgreesWithTheExactTestAfterEveryMoveAlongRandomGames) {
    std::mt19937_64 rng(20261125);
    for (const auto& c : random_game_cases()) {
        const auto spec = load_shipped(c.variant, c.options);
        int moves = 0, checks = 0, told_before = 0, told_checks = 0;
        for (int game_index = 0; game_index < 12; ++game_index) {
            auto game = make_game(spec, c.white, c.black);
            for (int ply = 0; ply < 200 && !game.outcome().over(); ++ply) {
                const auto legal = game.legal_moves();
                if (legal.empty()) break;
                std::vector<core::Move> checking;
                game.visit([&](const auto& current) {
                    auto pos = current;
                    for (const core::Move m : legal) {
                        const auto before = players::engine::gives_check_before_move(pos, m);
                        pos.make(m);
                        const bool exact = players::engine::in_check(pos);
                        if (before) {
                            EXPECT_EQ(*before, exact)
                                << c.variant << " " << c.white << "-" << c.black << " at "
                                << game.fen() << " before " << game.uci(m);
                            ++told_before;
                            told_checks += exact;
                        }
                        EXPECT_EQ(players::engine::in_check_after_move(pos), exact)
                            << c.variant << " " << c.white << "-" << c.black << " at " << game.fen()
                            << " after " << game.uci(m);
                        if (exact) checking.push_back(m);
                        pos.unmake();
                        ++moves;
                    }
                });
                checks += static_cast<int>(checking.size());
                // Check often, so games reach discovered checks, checks by castling and mates.
                const bool check_now = !checking.empty() && rng() % 3 == 0;
                game.play(check_now ? checking[rng() % checking.size()]
                                    : legal[rng() % legal.size()]);
            }
        }
        EXPECT_GT(moves, 5000) << c.variant;
        EXPECT_GT(checks, 200) << c.variant;
        // Told before the move: plain quiet moves, except under anti-relay.
        if (std::string(c.variant) != "antirelay") {
            EXPECT_GT(told_before, 1000) << c.variant;
            EXPECT_GT(told_checks, 20) << c.variant;
        }
    }
}

}  // namespace
}  // namespace balance::testing
