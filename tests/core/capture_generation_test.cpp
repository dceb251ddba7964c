// Captures-and-promotions generation (quiescence search's generator) and the bulk move count
// agree with the full legal generation: generate_captures is generate_legal filtered by "capture
// or promotion", in the same order (the engine's move ordering, and so its games, depend on the
// order), and count_legal is its size. Checked along seeded random games of every variant.

#include <gtest/gtest.h>

#include <random>

#include "../support/variants.hpp"
#include "balance/core/movegen.hpp"
#include "balance/core/movegen_search.hpp"

namespace balance::testing {
namespace {

// Moves of the full generation that quiescence search keeps.
template <core::Bitboard BB>
std::vector<core::Move> captures_by_filter(const core::Position<BB>& pos) {
    core::MoveList all;
    core::generate_legal(pos, all);
    std::vector<core::Move> kept;
    for (const core::Move m : all)
        if (pos.is_capture(m) || m.kind() == core::MoveKind::Promotion) kept.push_back(m);
    return kept;
}

TEST(CaptureGeneration, IsTheFilteredFullGenerationInOrderAlongRandomGames) {
    std::vector<VariantCase> cases = random_game_cases();
    // Rule B with "stays-pawn": a pawn may enter the last rank without promoting.
    cases.push_back({"asymmetric",
                     "orcs",
                     "elves",
                     {"promote-to-captured", "promotion-when-none-available=stays-pawn"}});
    std::mt19937_64 rng(20261124);
    for (const auto& c : cases) {
        const auto spec = load_shipped(c.variant, c.options);
        int positions = 0, with_captures = 0, promotions = 0;
        for (int game_index = 0; game_index < 16; ++game_index) {
            auto game = make_game(spec, c.white, c.black);
            for (int ply = 0; ply < 200 && !game.outcome().over(); ++ply) {
                const auto legal = game.legal_moves();
                game.visit([&](const auto& pos) {
                    core::MoveList captures;
                    core::generate_captures(pos, captures);
                    const std::vector<core::Move> got(captures.begin(), captures.end());
                    const auto want = captures_by_filter(pos);
                    EXPECT_EQ(got, want)
                        << c.variant << " " << c.white << "-" << c.black << " at " << game.fen();
                    EXPECT_EQ(core::count_legal(pos), legal.size()) << game.fen();
                    with_captures += !want.empty();
                    for (const core::Move m : want)
                        promotions += m.kind() == core::MoveKind::Promotion;
                });
                ++positions;
                if (legal.empty()) break;
                // Promote whenever possible, so games reach new pieces and rule B's limits.
                std::vector<core::Move> promoting;
                for (const core::Move m : legal)
                    if (game.uci(m).size() > 4) promoting.push_back(m);
                game.play(promoting.empty() ? legal[rng() % legal.size()]
                                            : promoting[rng() % promoting.size()]);
            }
        }
        EXPECT_GT(positions, 500) << c.variant;
        EXPECT_GT(with_captures, 100) << c.variant;
        RecordProperty(std::string(c.variant) + "_" + c.white + "_promotions", promotions);
    }
}

}  // namespace
}  // namespace balance::testing
