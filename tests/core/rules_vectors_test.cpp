// Every hand-checked test vector of RULES.md §1.8 (Asymmetric) and §2.4 (Uneven): for a FEN and
// a pairing, the exact set of legal destinations of one piece. (D) marks vectors that depend on
// the documented defaults for the Sprite/Guard double steps.

#include <gtest/gtest.h>

#include <sstream>

#include "../support/variants.hpp"

namespace balance::testing {
namespace {

struct ArmyVector {
    const char* white;
    const char* black;
    const char* fen;  // empty: the start position
    const char* from;
    std::set<std::string> expected;
};

void check_armies(const char* variant, const std::vector<ArmyVector>& vectors) {
    const auto spec = load_shipped(variant);
    for (const auto& v : vectors) {
        const auto game = make_game(spec, v.white, v.black, v.fen);
        EXPECT_EQ(destinations(game, v.from), v.expected)
            << v.white << " vs " << v.black << ", " << (*v.fen ? v.fen : "start") << ", piece on "
            << v.from;
    }
}

TEST(AsymmetricVectors, Elves) {
    check_armies(
        "asymmetric",
        {
            {"elves", "humans", "", "d2", set_of({"b4", "c3", "e3", "f4"})},  // (D)
            {"elves", "humans", "", "b1", {}},
            {"elves", "humans", "", "c1", set_of({"a3", "e3", "f4", "g5", "h6"})},
            {"elves", "humans", "", "a1", set_of({"a3", "a4"})},
            {"elves", "humans", "4k3/8/8/2P1p3/3N4/8/8/4K3 w - - 0 1", "d4",
             set_of({"b3", "c2", "c3", "e2", "e3", "e5", "f3"})},
            {"elves", "humans", "4k3/8/3p4/8/1P1R2n1/8/3P4/4K3 w - - 0 1", "d4",
             set_of({"a4", "c4", "d1", "d3", "d5", "d6", "d7", "e4", "f4", "g4"})},
            {"elves", "humans", "4k3/6p1/8/2p5/3B4/2P5/8/4K3 w - - 0 1", "d4",
             set_of({"a1", "a7", "b2", "b6", "f2", "f6", "g1", "g7"})},
            {"elves", "humans", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", "d5", set_of({"c6", "e6"})},
            {"elves", "humans", "4k3/8/8/8/8/3P4/2P5/4K3 w - - 0 1", "c2",
             set_of({"a4", "b3"})},  // (D)
        });
}

TEST(AsymmetricVectors, Orcs) {
    check_armies(
        "asymmetric",
        {
            {"orcs", "humans", "", "e2", set_of({"e3", "e4"})},  // (D)
            {"orcs", "humans", "", "g1", {}},
            {"orcs", "humans", "", "a1", set_of({"a3", "a4", "a5", "a6", "a7"})},
            {"orcs", "humans", "", "c1", set_of({"a3", "e3"})},
            {"orcs", "humans", "4k3/8/8/3nPP2/8/8/8/4K3 w - - 0 1", "e5", set_of({"d5", "e6"})},
            {"orcs", "humans", "4k3/8/8/3P4/3Np3/8/8/4K3 w - - 0 1", "d4",
             set_of({"b3", "b5", "c2", "c4", "d3", "e2", "e4"})},
            {"orcs", "humans", "4k3/8/2P5/3p4/8/8/8/4K3 w - d6 0 1", "c6", set_of({"c7", "d6"})},
            {"orcs", "humans", "3rk3/8/8/8/r2RP2b/8/3p4/7K w - - 0 1", "d4",
             set_of({"a4", "b4", "d2", "d6", "d7", "d8", "f4", "g4", "h4"})},
            {"orcs", "humans", "4k3/8/8/4B3/3B4/2p5/8/4K3 w - - 0 1", "d4",
             set_of({"b2", "b6", "c3", "c5", "e3", "f2", "f6"})},
            {"orcs", "humans", "4k3/8/8/3p4/2PQ4/8/8/4K3 w - - 0 1", "d4",
             set_of({"b3", "b5", "c2", "c6", "d1", "d2", "d3", "d5", "e2", "e4", "e6", "f3", "f4",
                     "f5", "g4", "h4"})},
        });
}

TEST(AsymmetricVectors, HumansAgainstFairyAttackers) {
    check_armies(
        "asymmetric",
        {
            {"humans", "elves", "4k3/8/8/3PPp2/8/8/8/4K3 w - e6 0 1", "d5", set_of({"d6", "e6"})},
            {"humans", "elves", "4k3/8/8/3PPp2/8/8/8/4K3 w - e6 0 1", "e5", set_of({"e6"})},  // (D)
            {"humans", "elves", "4k3/8/8/8/2b5/8/5PPP/4K2R w K - 0 1", "e1", set_of({"d1", "d2"})},
            {"humans", "elves", "7k/8/8/8/4r3/4P3/4N3/4K3 w - - 0 1", "e1",
             set_of({"d1", "d2", "f1", "f2"})},
            {"humans", "orcs", "4k3/8/8/8/8/3n4/8/1N2K3 w - - 0 1", "b1", set_of({"d2"})},
            {"humans", "orcs", "4k3/8/8/8/8/3n4/8/1N2K3 w - - 0 1", "e1",
             set_of({"d1", "e2", "f1"})},
            {"humans", "orcs", "7k/8/8/4r3/4K3/8/8/8 w - - 0 1", "e4",
             set_of({"d3", "d4", "d5", "e5", "f3", "f4", "f5"})},
            {"humans", "elves", "7k/8/8/4b3/4K3/8/8/8 w - - 0 1", "e4",  // a Ranger
             set_of({"d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5"})},
        });
}

// The e.p. capture on d5 in vector 1.5 removes the victim; the Footman's straight step onto the
// Sprite's e.p. square does not.
TEST(AsymmetricVectors, EnPassantRemovesTheVictim) {
    const auto spec = load_shipped("asymmetric");
    auto elves = make_game(spec, "elves", "humans", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
    ASSERT_TRUE(elves.play("d5e6").ok());
    EXPECT_EQ(elves.fen().substr(0, elves.fen().find(' ')), "4k3/8/4P3/8/8/8/8/4K3");
    auto humans = make_game(spec, "humans", "elves", "4k3/8/8/3PPp2/8/8/8/4K3 w - e6 0 1");
    ASSERT_TRUE(humans.play("e5e6").ok());
    EXPECT_EQ(humans.fen().substr(0, humans.fen().find(' ')), "4k3/8/4P3/3P1p2/8/8/8/4K3");
    auto capture = make_game(spec, "humans", "elves", "4k3/8/8/3PPp2/8/8/8/4K3 w - e6 0 1");
    ASSERT_TRUE(capture.play("d5e6").ok());
    EXPECT_EQ(capture.fen().substr(0, capture.fen().find(' ')), "4k3/8/4P3/4P3/8/8/8/4K3");
}

// A pawn given a plain leap onto its double step's square as well (the balancer's candidate
// Sprite "AfmceFifmnA") creates an e.p. square only by the double step itself: from its start
// rank, over an empty square, without capturing. A capture or a leap over a piece onto the same
// square used to leave an e.p. square on an occupied square (a corrupt position).
TEST(AsymmetricVectors, OnlyTheDoubleStepCreatesAnEnPassantSquare) {
    auto spec = load_shipped("asymmetric");
    for (auto& p : spec.pieces)
        if (p.name == "sprite") p.betza = "AfmceFifmnA";
    const auto ep_field = [](const core::Game& g) {
        std::istringstream in(g.fen());
        std::string board, side, castling, ep;
        in >> board >> side >> castling >> ep;
        return ep;
    };
    struct Case {
        const char* fen;
        const char* move;
        const char* ep;
    };
    const Case cases[] = {
        {"4k3/8/8/8/3p4/8/3P4/4K3 w - - 0 1", "d2b4", "c3/b4"},  // the double step
        {"4k3/8/8/8/1n1p4/8/3P4/4K3 w - - 0 1", "d2b4", "-"},    // a capture by the leap
        {"4k3/8/8/8/1n1p4/2p5/3P4/4K3 w - - 0 1", "d2b4", "-"},  // ... over a piece
        {"4k3/8/8/8/3p4/2n5/3P4/4K3 w - - 0 1", "d2b4", "-"},    // a quiet leap over a piece
        {"4k3/8/4p3/8/4P3/8/8/4K3 w - - 0 1", "e4c6", "-"},      // ... not from the start rank
    };
    for (const auto& c : cases) {
        auto game = make_game(spec, "elves", "humans", c.fen);
        const auto played = game.play(c.move);
        ASSERT_TRUE(played.ok()) << c.fen << " " << c.move << ": " << played.error().to_string();
        EXPECT_EQ(ep_field(game), c.ep) << c.fen << " " << c.move;
        EXPECT_TRUE(core::Game::start(spec, "elves", "humans", game.fen()).ok()) << game.fen();
    }
}

TEST(UnevenVectors, StartAndCastling) {
    const char* start = "";
    check_armies("uneven",
                 {
                     {"white", "black", start, "d1", set_of({"b3", "f3"})},
                     {"white", "black", start, "i1", set_of({"i3"})},
                     {"white", "black", start, "g1", {}},
                     {"white", "black", start, "c1", set_of({"b3", "d3"})},
                     {"white", "black",
                      "roncqkwndr/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/RBNPQKMNIR b KQkq - 0 1", "d8",
                      set_of({"c6", "e6"})},
                     {"white", "black",
                      "roncqkwndr/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/RBNPQKMNIR b KQkq - 0 1", "b8",
                      set_of({"a6", "b6", "c6"})},
                     {"white",
                      "black",
                      "roncqkwndr/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/RBNPQKMNIR b KQkq - 0 1",
                      "g8",
                      {}},
                     {"white",
                      "black",
                      "roncqkwndr/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/RBNPQKMNIR b KQkq - 0 1",
                      "i8",
                      {}},
                     {"white", "black", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "f1",
                      set_of({"e1", "e2", "f2", "g1", "g2", "c1", "i1"})},
                 });
}

TEST(UnevenVectors, CastlingMovesRookNextToTheKingsStart) {
    const auto spec = load_shipped("uneven");
    auto game = make_game(spec, "white", "black", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    ASSERT_TRUE(game.play("f1i1").ok());
    EXPECT_EQ(game.fen().substr(0, game.fen().find(' ')), "r4k3r/10/10/10/10/10/10/R5R1K1");
    ASSERT_TRUE(game.play("f8c8").ok());
    EXPECT_EQ(game.fen().substr(0, game.fen().find(' ')), "2k1r4r/10/10/10/10/10/10/R5R1K1");
}

}  // namespace
}  // namespace balance::testing
