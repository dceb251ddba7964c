// The engine never returns an illegal move: short games against the random player in every
// variant and Asymmetric pairing (and with the optional rules), every move checked by
// play_game against core's legal moves. Free placement plays through its drops.

#include <gtest/gtest.h>

#include "balance/players/baselines.hpp"
#include "engine/match.hpp"
#include "engine_support.hpp"

namespace balance::testing {
namespace {

using players::engine::Engine;
using players::engine::play_game;

void play_short_games(const core::VariantSpec& spec, const std::string& white,
                      const std::string& black, int plies = 60) {
    SCOPED_TRACE(spec.name + " " + white + " vs " + black);
    players::SearchLimits limits;
    limits.nodes = 1500;
    Engine engine;
    players::RandomPlayer random;
    for (int g = 0; g < 2; ++g) {
        const auto start = make_game(spec, white, black);
        const auto rec = g == 0 ? play_game(engine, random, start, limits, 11 + g, plies)
                                : play_game(random, engine, start, limits, 11 + g, plies);
        EXPECT_EQ(rec.failure, players::MoveStatus::Ok) << rec.detail;
        EXPECT_TRUE(rec.truncated || rec.outcome.over());
    }
}

TEST(EngineLegality, Chess) {
    play_short_games(load_shipped("chess"), "", "");
}

TEST(EngineLegality, EveryAsymmetricPairing) {
    const auto spec = load_shipped("asymmetric");
    for (const char* w : {"humans", "elves", "orcs"})
        for (const char* b : {"humans", "elves", "orcs"}) play_short_games(spec, w, b);
}

TEST(EngineLegality, AsymmetricOptionalRules) {
    play_short_games(load_shipped("asymmetric", {"promote-to-captured"}), "orcs", "elves");
    play_short_games(load_shipped("asymmetric", {"stalemate-win"}), "elves", "humans");
    play_short_games(
        load_shipped("asymmetric", {"sprite-double-step=leap", "guard-double-step=off"}), "elves",
        "orcs");
}

TEST(EngineLegality, Uneven) {
    play_short_games(load_shipped("uneven"), "", "");
}

TEST(EngineLegality, EngineVersusEngineWithPromotionsAndEndgames) {
    // Longer engine games reach promotions, e.p. and endgames; from a pawn race position.
    const auto spec = load_shipped("asymmetric");
    players::SearchLimits limits;
    limits.nodes = 3000;
    Engine a, b;
    for (const char* pairing : {"elves orcs", "orcs humans"}) {
        const std::string p(pairing);
        const auto space = p.find(' ');
        const auto start = make_game(spec, p.substr(0, space), p.substr(space + 1),
                                     "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1");
        const auto rec = play_game(a, b, start, limits, 3, 200);
        EXPECT_EQ(rec.failure, players::MoveStatus::Ok) << rec.detail;
    }
}

// Searches deep enough for null-move cuts (depth 3 on, below the root) in the variants whose
// move rights depend on the position: a pass must leave the anti-relay freezes as they were.
TEST(EngineLegality, NullMovesUnderPositionDependentRights) {
    for (const char* variant : {"antirelay", "contrast"}) {
        SCOPED_TRACE(variant);
        players::SearchLimits limits;
        limits.nodes = 8000;
        Engine a, b;
        const auto rec = play_game(a, b, make_game(load_shipped(variant), "", ""), limits, 7, 24);
        EXPECT_EQ(rec.failure, players::MoveStatus::Ok) << rec.detail;
        EXPECT_GE(rec.moves.size(), 20u);
    }
}

TEST(EngineLegality, FreePlacementPlaysThrough) {
    const auto spec = load_shipped("asymmetric", {"free-placement"});
    for (const char* w : {"humans", "elves", "orcs"}) {
        players::SearchLimits limits;
        limits.nodes = 2000;
        Engine white, black;
        const auto start = make_game(spec, w, "orcs");
        const auto rec = play_game(white, black, start, limits, 5, 40);
        ASSERT_EQ(rec.failure, players::MoveStatus::Ok) << rec.detail;
        ASSERT_GE(rec.moves.size(), 20u);
        // White places its eight back-rank units, then Black its eight, then play begins.
        for (int i = 0; i < 16; ++i) EXPECT_EQ(rec.moves[i].kind(), core::MoveKind::Drop) << i;
        EXPECT_NE(rec.moves[16].kind(), core::MoveKind::Drop);
        // The placed Hero and rook-slot units stand on the back rank: each side dropped one king.
        int kings = 0;
        for (int i = 0; i < 16; ++i) kings += rec.uci[i][0] == 'K';
        EXPECT_EQ(kings, 2);
    }
}

TEST(EngineLegality, PlacementSearchKeepsTheSign) {
    // White still has to place a Queen (Angel) and a Knight on d1 and g1; Black's rook already
    // bears down the open d-file. Placing the Queen on d1 loses it to Rxd1+ (Kxd1 only wins the
    // rook back), so both orders must end with the Knight on d1. White moves twice in a row
    // here: a sign error on the same-side ply would pick the Queen on d1.
    const auto spec = load_shipped("asymmetric", {"free-placement"});
    auto game = make_game(spec, "humans", "humans",
                          "3rk3/ppp1pppp/8/8/8/8/PPP1PPPP/RNB1KB1R[QN] w - - 0 1");
    Engine engine;
    for (int ply = 0; ply < 2; ++ply) {
        ASSERT_EQ(game.side_to_move(), core::Color::White);
        const auto r = engine.choose_move(game, depth_limit(4), 0);
        ASSERT_EQ(r.move.kind(), core::MoveKind::Drop);
        game.play(r.move);
    }
    EXPECT_EQ(game.side_to_move(), core::Color::Black);
    const std::string board = game.fen().substr(0, game.fen().find(' '));
    EXPECT_EQ(board.substr(board.rfind('/') + 1), "RNBNKBQR") << game.fen();
}

}  // namespace
}  // namespace balance::testing
