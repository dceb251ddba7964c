// Mates: orthodox mate-in-1/2/3 problems and fairy mates in Asymmetric Chess. Every position is
// first proved to be a forced mate in exactly N by brute force (engine_support.hpp, plain
// minimax over core's legal moves), then the engine must report "mate in N" and play a move
// that keeps the forced mate.

#include <gtest/gtest.h>

#include "engine_support.hpp"

namespace balance::testing {
namespace {

using players::engine::Engine;
using players::engine::mate_in_moves;

struct MateCase {
    const char* variant;
    const char* white;
    const char* black;
    const char* fen;
    int moves;
};

void expect_mate(const MateCase& c) {
    SCOPED_TRACE(c.fen);
    const auto spec = load_shipped(c.variant);
    const auto game = make_game(spec, c.white, c.black, c.fen);
    with_position(game, [&](auto& pos) {
        ASSERT_TRUE(forced_mate(pos, c.moves)) << "not a mate in " << c.moves;
        if (c.moves > 1) {
            ASSERT_FALSE(forced_mate(pos, c.moves - 1)) << "a shorter mate exists";
        }
        Engine engine;
        const auto r = engine.search(pos, depth_limit(2 * c.moves + 2));
        EXPECT_EQ(mate_in_moves(r.score), c.moves) << "score " << r.score;
        EXPECT_TRUE(keeps_forced_mate(pos, r.best, c.moves))
            << "engine played " << core::to_uci(pos, r.best);
    });
}

TEST(EngineMate, OrthodoxMateInOne) {
    expect_mate({"chess", "", "", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1});  // back rank
    // Scholar's mate: Qxf7#.
    expect_mate(
        {"chess", "", "", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1});
}

TEST(EngineMate, OrthodoxMateInTwo) {
    // Nf6+ gxf6 Bxf7#.
    expect_mate(
        {"chess", "", "", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2});
    // King and queen: Qb7 first (Qg6 would stalemate).
    expect_mate({"chess", "", "", "7k/8/5K2/8/8/8/8/1Q6 w - - 0 1", 2});
}

TEST(EngineMate, OrthodoxMateInThree) {
    expect_mate({"chess", "", "", "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3});  // Ra6!
    expect_mate({"chess", "", "", "1k5r/pP3ppp/3p2b1/1BN1n3/1Q2P3/P1B5/KP3P1P/7q w - - 1 1", 3});
    expect_mate({"chess", "", "", "3r4/pR2N3/2pkb3/5p2/8/2B5/qP3PPP/4R1K1 w - - 1 1", 3});
}

TEST(EngineMate, AsymmetricWerewolfPair) {
    // The e5 Werewolf reaches f7 through e6 and checks h8 through g7; the f8 one covers g8.
    expect_mate({"asymmetric", "orcs", "humans", "5N1k/8/6K1/4N3/8/8/8/8 w - - 0 1", 1});
}

TEST(EngineMate, AsymmetricUnicornAndHero) {
    // Unicorn e5-f7 (through f6) checks h8 through g8 and covers g8 diagonally.
    expect_mate({"asymmetric", "elves", "humans", "7k/8/6K1/4N3/8/8/8/8 w - - 0 1", 1});
    expect_mate({"asymmetric", "elves", "humans", "7k/8/6K1/8/3N4/8/8/8 w - - 0 1", 3});
}

TEST(EngineMate, AsymmetricMajorPieces) {
    expect_mate({"asymmetric", "elves", "humans", "7k/8/5K2/8/8/8/8/3Q4 w - - 0 1", 3});  // Phoenix
    expect_mate({"asymmetric", "orcs", "humans", "7k/8/5K2/8/8/8/8/3R4 w - - 0 1", 2});   // Wyvern
    // A Griffin mates on the back rank behind three Sprites...
    expect_mate({"asymmetric", "humans", "elves", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1});
}

TEST(EngineMate, AsymmetricNoMateForShortPegasus) {
    // ...but a Pegasus (range 3) cannot reach d8: no mate, and the engine must not claim one.
    const auto r = search_fen(load_shipped("asymmetric"), "elves", "orcs",
                              "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 6);
    EXPECT_EQ(mate_in_moves(r.score), 0) << r.score;
    EXPECT_GT(r.score, 300);  // a Pegasus up
}

TEST(EngineMate, DefenderAvoidsMateInOne) {
    // Black to move; Rd8 mates unless the king gets air or walks toward the centre.
    const auto spec = load_shipped("chess");
    const auto game = make_game(spec, "", "", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1");
    with_position(game, [&](auto& pos) {
        Engine engine;
        const auto r = engine.search(pos, depth_limit(5));
        EXPECT_EQ(mate_in_moves(r.score), 0) << r.score;
        pos.make(r.best);
        EXPECT_FALSE(forced_mate(pos, 1))
            << "engine allowed mate with " << core::to_uci(pos, r.best);
        pos.unmake();
    });
}

TEST(EngineMate, LosingSideReportsMatedInTwo) {
    // After 1.Ra6 of the Ra6 problem: every Black move allows mate in two.
    const auto spec = load_shipped("chess");
    const auto game = make_game(spec, "", "", "r5rk/5p1p/R7/4B3/8/8/7P/7K b - - 1 1");
    with_position(game, [&](auto& pos) {
        core::MoveList list;
        core::generate_legal(pos, list);
        for (const auto m : list) {
            pos.make(m);
            EXPECT_TRUE(forced_mate(pos, 2)) << core::to_uci(pos, m);
            pos.unmake();
        }
        Engine engine;
        EXPECT_EQ(mate_in_moves(engine.search(pos, depth_limit(6)).score), -2);
    });
}

}  // namespace
}  // namespace balance::testing
