// Captures-and-promotions generation (quiescence search's generator), the quiet moves' generation
// (the main search's second stage) and the bulk move count agree with the full legal generation:
// generate_captures is generate_legal filtered by "capture or promotion", append_quiets appends
// the rest, each in the full generation's order (the engine's move ordering, and so its games,
// depend on the order); count_legal is its size and has_legal_move whether it is empty. Checked
// along seeded random games of every variant, and at positions without a legal move.

#include <gtest/gtest.h>

#include <random>

#include "../support/variants.hpp"
#include "balance/core/movegen.hpp"
#include "balance/core/movegen_search.hpp"

namespace balance::testing {
namespace {

// Moves of the full generation that quiescence search keeps (or, with `quiet`, the others).
template <core::Bitboard BB>
std::vector<core::Move> captures_by_filter(const core::Position<BB>& pos, bool quiet = false) {
    core::MoveList all;
    core::generate_legal(pos, all);
    std::vector<core::Move> kept;
    for (const core::Move m : all)
        if ((pos.is_capture(m) || m.kind() == core::MoveKind::Promotion) != quiet)
            kept.push_back(m);
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
                    // The quiet moves, appended after the captures.
                    core::append_quiets(pos, captures);
                    const std::vector<core::Move> quiets(captures.begin() + got.size(),
                                                         captures.end());
                    EXPECT_EQ(quiets, captures_by_filter(pos, true))
                        << c.variant << " " << c.white << "-" << c.black << " at " << game.fen();
                    EXPECT_EQ(core::count_legal(pos), legal.size()) << game.fen();
                    EXPECT_EQ(core::has_legal_move(pos), !legal.empty()) << game.fen();
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

// Stalemates and mates: has_legal_move must look past pieces that cannot move (blocked, pinned)
// and past a king whose every square is attacked; and find the one move a position has.
TEST(CaptureGeneration, HasLegalMoveAtPositionsWithNoneOrOne) {
    struct Case {
        const char *variant, *white, *black, *fen;
        bool any;
    };
    const Case cases[] = {
        // Stalemate: king in the corner, queen covering its squares.
        {"chess", "", "", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false},
        // Stalemate with a blocked pawn and a pinned knight.
        {"chess", "", "", "k7/pn1N4/P7/8/8/7K/8/7Q b - - 0 1", false},
        // Fool's mate.
        {"chess", "", "", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", false},
        // The same with the pawn free to make one step: exactly one legal move.
        {"chess", "", "", "k7/pn1N4/8/P7/8/7K/8/7Q b - - 0 1", true},
        // Asymmetric (removal-tested legality): the Humans' hero stalemated by an Orc Dragon.
        {"asymmetric", "orcs", "humans", "7k/8/5Q1K/8/8/8/8/8 b - - 0 1", false},
    };
    for (const Case& c : cases) {
        const auto spec = load_shipped(c.variant, {});
        auto game = make_game(spec, c.white, c.black, c.fen);
        // (Asymmetric FENs carry the armies after the usual fields.)
        ASSERT_EQ(game.fen().rfind(c.fen, 0), 0u) << c.fen << " did not load: " << game.fen();
        const std::size_t legal = game.legal_moves().size();
        EXPECT_EQ(legal != 0, c.any) << c.fen;
        game.visit([&](const auto& pos) {
            EXPECT_EQ(core::has_legal_move(pos), c.any) << c.fen;
            EXPECT_EQ(core::count_legal(pos), legal) << c.fen;
        });
    }
}

}  // namespace
}  // namespace balance::testing
