// The optional rules and the named [AMBIGUOUS] defaults of RULES.md, each flipped through the
// shipped config's options, plus castling through fairy attacks and promotion choices.

#include <gtest/gtest.h>

#include "../support/variants.hpp"

namespace balance::testing {
namespace {

std::string board_of(const core::Game& g) {
    return g.fen().substr(0, g.fen().find(' '));
}

TEST(RuleOptions, StalemateIsADrawByDefaultAndAWinWithRuleA) {
    // Black king h8, White queen g6, king f7 after Qg6: Black to move is stalemated.
    const char* fen = "7k/5K2/6Q1/8/8/8/8/8 b - - 0 1";
    auto draw = make_game(load_shipped("asymmetric"), "humans", "humans", fen);
    EXPECT_EQ(draw.outcome().termination, core::Termination::Stalemate);
    EXPECT_EQ(draw.outcome().winner, -1);
    auto win = make_game(load_shipped("asymmetric", {"stalemate-win"}), "humans", "humans", fen);
    EXPECT_EQ(win.outcome().termination, core::Termination::Stalemate);
    EXPECT_EQ(win.outcome().winner, 0);  // the stalemating side (White) wins
}

TEST(RuleOptions, OrcsPromoteOnlyToHarpy) {
    auto g =
        make_game(load_shipped("asymmetric"), "orcs", "humans", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(destinations(g, "b7"), set_of({"b8"}));
    int promotions = 0;
    for (auto m : g.legal_moves())
        if (g.uci(m).rfind("b7", 0) == 0) {
            ++promotions;
            EXPECT_EQ(g.uci(m), "b7b8b");  // the Harpy stands in the B slot
        }
    EXPECT_EQ(promotions, 1);
}

TEST(RuleOptions, ElvesPromoteToTheirFourUnits) {
    auto g =
        make_game(load_shipped("asymmetric"), "elves", "humans", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    std::set<std::string> moves;
    for (auto m : g.legal_moves())
        if (g.uci(m).rfind("b7", 0) == 0) moves.insert(g.uci(m));
    // Sprite b7 moves diagonally: a8 and c8, each to Unicorn, Ranger, Pegasus, Phoenix.
    EXPECT_EQ(moves,
              set_of({"b7a8n", "b7a8b", "b7a8r", "b7a8q", "b7c8n", "b7c8b", "b7c8r", "b7c8q"}));
}

TEST(RuleOptions, PromoteToCapturedOffersOnlyLostTypes) {
    // White humans have lost one knight and the queen: only those may be chosen.
    const char* fen = "4k3/1P6/8/8/8/8/PPPPPPP1/RNB1KBR1 w - - 0 1";
    auto g =
        make_game(load_shipped("asymmetric", {"promote-to-captured"}), "humans", "humans", fen);
    std::set<std::string> moves;
    for (auto m : g.legal_moves())
        if (g.uci(m).rfind("b7", 0) == 0) moves.insert(g.uci(m));
    EXPECT_EQ(moves, set_of({"b7b8n", "b7b8q"}));
}

TEST(RuleOptions, PromoteToCapturedWithNothingLost) {
    // Full army on the board: under the default the pawn may not enter the last rank at all
    // (captures included); with stays-pawn it enters and stays a pawn.
    const char* fen = "r3k3/1P6/8/8/8/8/PPPPPP2/RNBQKBNR w - - 0 1";
    auto blocked =
        make_game(load_shipped("asymmetric", {"promote-to-captured"}), "humans", "humans", fen);
    EXPECT_TRUE(destinations(blocked, "b7").empty());
    auto stays = make_game(load_shipped("asymmetric", {"promote-to-captured",
                                                       "promotion-when-none-available=stays-pawn"}),
                           "humans", "humans", fen);
    EXPECT_EQ(destinations(stays, "b7"), set_of({"a8", "b8"}));
    ASSERT_TRUE(stays.play("b7a8").ok());
    EXPECT_EQ(board_of(stays), "P3k3/8/8/8/8/8/PPPPPP2/RNBQKBNR");
}

TEST(RuleOptions, FreePlacementWhiteFirstThenBlack) {
    auto g = make_game(load_shipped("asymmetric", {"free-placement"}), "elves", "orcs");
    EXPECT_EQ(board_of(g), "8/pppppppp/8/8/8/8/PPPPPPPP/8[BBKNNQRRbbknnqrr]");
    EXPECT_EQ(g.legal_moves().size(), 5u * 8u);  // 5 distinct White types x 8 empty squares
    // White places all eight units (side to move stays White), then Black.
    const char* white_drops[] = {"R@a1", "N@b1", "B@c1", "Q@d1", "K@e1", "B@f1", "N@g1", "R@h1"};
    for (const char* d : white_drops) {
        EXPECT_EQ(g.side_to_move(), core::Color::White) << d;
        ASSERT_TRUE(g.play(d).ok()) << d;
    }
    EXPECT_EQ(g.side_to_move(), core::Color::Black);
    const char* black_drops[] = {"K@a8", "R@b8", "N@c8", "B@d8", "Q@e8", "B@f8", "N@g8", "R@h8"};
    for (const char* d : black_drops) ASSERT_TRUE(g.play(d).ok()) << d;
    // White kept the orthodox arrangement and may castle; Black's king is not on e8: no rights.
    EXPECT_EQ(g.fen(), "krnbqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 16 9 {W:elves B:orcs}");
    EXPECT_EQ(g.side_to_move(), core::Color::White);
}

TEST(RuleOptions, SpriteDoubleStepAlternatives) {
    EXPECT_EQ(destinations(make_game(load_shipped("asymmetric", {"sprite-double-step=none"}),
                                     "elves", "humans"),
                           "d2"),
              set_of({"c3", "e3"}));
    // The leap jumps an occupied square and creates no e.p. square.
    auto leap = make_game(load_shipped("asymmetric", {"sprite-double-step=leap"}), "elves",
                          "humans", "4k3/8/8/8/8/3P4/2P5/4K3 w - - 0 1");
    EXPECT_EQ(destinations(leap, "c2"), set_of({"a4", "b3", "e4"}));
    auto diag =
        make_game(load_shipped("asymmetric"), "elves", "orcs", "4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1");
    ASSERT_TRUE(diag.play("e2g4").ok());
    EXPECT_EQ(diag.fen(), "4k3/8/8/8/5pP1/8/8/4K3 b - f3/g4 0 1 {W:elves B:orcs}");
    // The black Guard's forward step onto f3 is the e.p. capture (rule 8); g4 is a sideways
    // capture.
    EXPECT_EQ(destinations(diag, "f4"), set_of({"f3", "g4"}));
    ASSERT_TRUE(diag.play("f4f3").ok());
    EXPECT_EQ(board_of(diag), "4k3/8/8/8/8/5p2/8/4K3");
}

TEST(RuleOptions, GuardDoubleStepOff) {
    EXPECT_EQ(destinations(make_game(load_shipped("asymmetric", {"guard-double-step=off"}), "orcs",
                                     "humans"),
                           "e2"),
              set_of({"e3"}));
}

TEST(RuleOptions, FootmanStraightStepOntoTheEpSquare) {
    const char* fen = "4k3/8/8/3PPp2/8/8/8/4K3 w - e6 0 1";
    auto plain = make_game(load_shipped("asymmetric"), "humans", "elves", fen);
    ASSERT_TRUE(plain.play("e5e6").ok());
    EXPECT_EQ(board_of(plain), "4k3/8/4P3/3P1p2/8/8/8/4K3");
    auto captures = make_game(load_shipped("asymmetric", {"footman-ep-on-straight-step"}), "humans",
                              "elves", fen);
    ASSERT_TRUE(captures.play("e5e6").ok());
    EXPECT_EQ(board_of(captures), "4k3/8/4P3/3P4/8/8/8/4K3");
}

TEST(Castling, ThroughSquaresAttackedByFairyPieces) {
    const auto spec = load_shipped("asymmetric");
    // A Ranger on c4 hits e2 and f1 (skipping d3): no O-O.
    EXPECT_EQ(destinations(
                  make_game(spec, "humans", "elves", "4k3/8/8/8/2b5/8/5PPP/4K2R w K - 0 1"), "e1"),
              set_of({"d1", "d2"}));
    // A Ranger on d3 is adjacent to e2 and does not attack f1 (distance 2 is e2.. no: d3-f1 is
    // distance 2 on the diagonal, skipping e2): f1 attacked, no O-O.
    EXPECT_EQ(destinations(
                  make_game(spec, "humans", "elves", "4k3/8/8/8/8/3b4/5PPP/4K2R w K - 0 1"), "e1"),
              set_of({"d1", "d2", "e2"}));
    // A Wyvern on f3 skips f2 and hits f1... but f2 is a pawn: skipped whatever stands there.
    EXPECT_EQ(
        destinations(make_game(spec, "humans", "orcs", "4k3/8/8/8/8/5r2/6PP/4K2R w K - 0 1"), "e1"),
        set_of({"d1", "d2", "e2", "f2"}));
    // A Werewolf on f3 reaches g1 through g3? No: through f2 (empty), then diagonally to g1 and e1.
    // The king on e1 is in check: no castling at all.
    auto check = make_game(spec, "humans", "orcs", "4k3/8/8/8/8/5n2/6PP/4K2R w K - 0 1");
    EXPECT_TRUE(check.in_check());
    EXPECT_EQ(destinations(check, "e1").count("g1"), 0u);
    // A Harpy on h3 hits f1 by its (2,2) leap: O-O is illegal, the king may still go to f2? f2
    // is not attacked (h3-g2 is its F step, g2 holds a pawn).
    EXPECT_EQ(
        destinations(make_game(spec, "humans", "orcs", "4k3/8/8/8/8/7b/6PP/4K2R w K - 0 1"), "e1"),
        set_of({"d1", "d2", "e2", "f2"}));
    // Same Harpy for Elves' castling with a Pegasus: rule 7, the Pegasus castles like a rook.
    auto elves = make_game(spec, "elves", "humans", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_EQ(destinations(elves, "e1").count("g1"), 1u);
    ASSERT_TRUE(elves.play("e1g1").ok());
    EXPECT_EQ(board_of(elves), "4k3/8/8/8/8/8/8/5RK1");
}

}  // namespace
}  // namespace balance::testing
