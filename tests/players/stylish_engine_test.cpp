// The internal engine in a points variant (Stylish chess): it plays for points, not for mate.

#include <gtest/gtest.h>

#include "engine/points_search.hpp"
#include "engine_support.hpp"

namespace balance::testing {
namespace {

using players::engine::DecipointsPerPoint;

struct Searched {
    std::string best;
    int score = 0;
};

Searched stylish_search(const core::VariantSpec& spec, const std::string& fen, int depth) {
    const auto game = make_game(spec, "fide", "fide", fen);
    return with_position(game, [&](auto& pos) {
        players::engine::Engine engine;
        const auto r = engine.search(pos, depth_limit(depth));
        return Searched{core::to_uci(pos, r.best), r.score};
    });
}

TEST(StylishEngine, PrefersAStylishMateOverAPlainOne) {
    // Qxg7# (queen next to the king: 56) against the knight's discovered mates (Ng6/Ne6/Nd7:
    // the unmasked Rd8, 110 + 50 = 160).
    const char* fen = "3R1N1k/6pp/8/8/8/8/1Q6/B6K w - - 0 1";
    const auto r = stylish_search(load_shipped("stylish"), fen, 4);
    EXPECT_NE(r.best, "b2g7");
    EXPECT_GE(r.score, 160 * DecipointsPerPoint);
    // Orthodox chess takes a mate in one, whichever.
    const auto orthodox = stylish_search(load_shipped("stylish", {"points=off"}), fen, 4);
    EXPECT_EQ(players::engine::mate_in_moves(orthodox.score), 1);
}

TEST(StylishEngine, PrefersTheRicherCaptureAtEqualMaterial) {
    // exd5 (pawn x queen: 40) or Bxd5 (bishop x queen: 20) win the same queen. (With a knight
    // on d5, 10 against 5 points, the engine takes with the bishop: its evaluation prefers the
    // e4 pawn kept by more than those 5 points.)
    const auto r =
        stylish_search(load_shipped("stylish"), "4k3/8/8/3q4/2B1P3/8/8/4K3 w - - 0 1", 6);
    EXPECT_EQ(r.best, "e4d5");
}

TEST(StylishEngine, AcceptsBeingMatedWhenThatWinsOnPoints) {
    // Black may take the queen (bxa6) and be mated by Re8# (rook, distant: 110). With pawn x
    // queen worth 150 that wins on points (+40), so Black takes; in orthodox chess it would not.
    auto spec = load_shipped("stylish");
    for (auto& row : spec.scoring.capture)
        if (row.capturer == "pawn") row.points["queen"] = 150;
    const char* fen = "7k/1p4pp/Q7/8/8/8/8/4R1K1 b - - 0 1";
    const auto r = stylish_search(spec, fen, 4);
    EXPECT_EQ(r.best, "b7a6");
    EXPECT_EQ(r.score, 40 * DecipointsPerPoint);  // 150 - 110, exact: the game ends
    const auto orthodox = stylish_search(load_shipped("stylish", {"points=off"}), fen, 4);
    EXPECT_NE(orthodox.best, "b7a6");
}

TEST(StylishEngine, PointsSoFarArePartOfTheNode) {
    // The same board after a capture and after none: the transposition key differs.
    const auto spec = load_shipped("stylish");
    auto captured = make_game(spec, "fide", "fide", "4k3/8/8/3n4/2B1P3/8/8/4K3 w - - 0 1");
    ASSERT_TRUE(captured.play("e4d5"));
    auto quiet = make_game(spec, "fide", "fide", "4k3/8/8/3P4/2B5/8/8/4K3 b - - 0 1");
    EXPECT_EQ(captured.fen(), quiet.fen());
    const auto key_of = [](const core::Game& g) {
        return with_position(g, [](auto& pos) {
            players::engine::PointsSearch<std::remove_cvref_t<decltype(pos.pieces())>> points;
            points.begin(pos);
            return points.key(pos);
        });
    };
    EXPECT_NE(key_of(captured), key_of(quiet));
}

TEST(StylishEngine, StandsPatOnTheEvaluationPlusThePointsSoFar) {
    // After 1.e4 d5 2.exd5 White has 5 points (pawn x pawn): Black, to move, stands 50
    // decipoints below its static evaluation. Without points the two are the same.
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (const bool points : {true, false}) {
        auto game =
            make_game(load_shipped("stylish", points ? std::vector<std::string>{}
                                                     : std::vector<std::string>{"points=off"}),
                      "fide", "fide", start);
        for (const char* move : {"e2e4", "d7d5", "e4d5"}) ASSERT_TRUE(game.play(move));
        with_position(game, [&](auto& pos) {
            players::engine::Engine engine;
            EXPECT_EQ(engine.search_eval(pos),
                      engine.static_eval(pos) - (points ? 5 * DecipointsPerPoint : 0))
                << (points ? "points" : "points=off");
        });
    }
}

}  // namespace
}  // namespace balance::testing
