// What search needs to try a hash move before generating anything: is_legal(pos, m) says whether
// m is one of generate_legal(pos)'s moves while generating only its piece's moves, and
// key_after(m) predicts the key make(m) leaves (exactly for a plain move or capture that changes
// no castling right and creates no e.p. square; it only steers a prefetch). Checked along seeded
// random games of every variant, against every legal move and against moves that are not legal
// there: the last position's moves, moves of one piece sent to every square, and kind changes.

#include <gtest/gtest.h>

#include <random>

#include "../support/variants.hpp"
#include "balance/core/movegen.hpp"
#include "balance/core/movegen_search.hpp"

namespace balance::testing {
namespace {

TEST(HashMoveLegality, IsLegalAgreesWithTheFullGenerationAlongRandomGames) {
    std::vector<VariantCase> cases = random_game_cases();
    std::mt19937_64 rng(20261125);
    for (const auto& c : cases) {
        const auto spec = load_shipped(c.variant, c.options);
        int legal_checked = 0, illegal_checked = 0, keys_exact = 0;
        std::vector<core::Move> previous;
        for (int game_index = 0; game_index < 8; ++game_index) {
            auto game = make_game(spec, c.white, c.black);
            for (int ply = 0; ply < 160 && !game.outcome().over(); ++ply) {
                const auto legal = game.legal_moves();
                game.visit([&](auto& pos) {
                    core::MoveList all, scratch;
                    core::generate_legal(pos, all);
                    std::vector<core::Move> candidates(previous);
                    for (const core::Move m : all) {
                        candidates.push_back(m);
                        // The same piece to every square, and the move as another kind.
                        if (m.kind() != core::MoveKind::Drop)
                            candidates.emplace_back(m.from(), static_cast<int>(rng() % 64));
                        candidates.emplace_back(m.from(), m.to(), core::MoveKind::EnPassant);
                        candidates.emplace_back(m.from(), m.to(), core::MoveKind::Promotion,
                                                static_cast<int>(rng() % 4));
                    }
                    candidates.push_back(core::Move::none());
                    for (const core::Move m : candidates) {
                        const bool want = all.contains(m);
                        EXPECT_EQ(core::is_legal(pos, m, scratch), want)
                            << c.variant << " " << c.white << "-" << c.black << " at " << game.fen()
                            << " move " << m.raw();
                        (want ? legal_checked : illegal_checked)++;
                    }
                    for (const core::Move m : all) {
                        const std::uint64_t predicted = pos.key_after(m);
                        const int rights = pos.castling_rights();
                        pos.make(m);
                        const bool plain = m.kind() == core::MoveKind::Normal &&
                                           pos.castling_rights() == rights &&
                                           pos.ep_square() == core::NoSquare;
                        if (plain) {
                            EXPECT_EQ(predicted, pos.key()) << game.fen() << " " << m.raw();
                            ++keys_exact;
                        }
                        pos.unmake();
                    }
                    previous.assign(all.begin(), all.end());
                });
                if (legal.empty()) break;
                game.play(legal[rng() % legal.size()]);
            }
        }
        EXPECT_GT(legal_checked, 1000) << c.variant;
        EXPECT_GT(illegal_checked, 1000) << c.variant;
        EXPECT_GT(keys_exact, 1000) << c.variant;
    }
}

}  // namespace
}  // namespace balance::testing
