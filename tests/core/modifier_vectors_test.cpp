// Contrast chess and Anti-Relay chess: every RULES.md test vector (4.4, 5.4) and our own cases
// (discovered and illegal unfreezing, the Queen's shot giving check and mate, bent-step
// blocking, a Strong king next to a Weak one, promotion into a new status, every option).

#include <gtest/gtest.h>

#include "../support/variants.hpp"

namespace balance::testing {
namespace {

struct Vector {
    const char* fen;  // empty: the start position
    const char* from;
    std::set<std::string> expected;
};

void check(const core::VariantSpec& spec, const std::vector<Vector>& vectors) {
    for (const auto& v : vectors) {
        const auto game = make_game(spec, "", "", v.fen);
        EXPECT_EQ(destinations(game, v.from), v.expected)
            << spec.name << ", " << (*v.fen ? v.fen : "start") << ", piece on " << v.from;
    }
}

std::vector<std::string> sans(const core::Game& game) {
    std::vector<std::string> out;
    for (auto m : game.legal_moves()) out.push_back(game.san(m));
    return out;
}

// ---- Contrast chess (RULES.md 5) -------------------------------------------------------------

TEST(ContrastVectors, Rules54) {
    check(load_shipped("contrast"),
          {
              {"", "b1", set_of({"a3", "c3", "d3"})},
              {"", "g1", {}},
              {"", "h1", set_of({"g3"})},
              {"", "e2", set_of({"d3", "e3", "e4", "f3"})},
              {"", "d2", set_of({"d3"})},
              {"", "d1", {}},
              {"", "e1", {}},
              {"4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1", "d4",
               set_of({"b2", "b4", "b6", "c3", "c4", "c5", "d2", "d3", "d5", "d6", "e3", "e4", "e5",
                       "f2", "f4", "f6"})},
              {"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", "f1",
               set_of({"a6", "b5", "c4", "d3", "e2", "g2", "h3", "d1", "f3", "h1"})},
          });
}

TEST(ContrastVectors, OwnCases) {
    check(load_shipped("contrast"),
          {
              // Bent step: d1 only through e2, f3 through e2 or g2, h1 only through g2.
              {"4k3/8/8/8/8/8/4P3/4KB2 w - - 0 1", "f1", set_of({"g2", "h3", "f3", "h1"})},
              {"4k3/8/8/8/8/8/4P1P1/4KB2 w - - 0 1", "f1", {}},
              // A Weak knight steps like a Wazir.
              {"4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "d4", set_of({"c4", "d3", "d5", "e4"})},
              // A Weak pawn neither captures nor double-steps.
              {"4k3/8/8/8/8/2p1p3/3P4/4K3 w - - 0 1", "d2", set_of({"d3"})},
              // A Strong pawn captures straight and diagonally, and moves diagonally.
              {"4k3/8/8/3pp3/4P3/8/8/4K3 w - - 0 1", "e4", set_of({"d5", "e5", "f5"})},
              // A Strong Rook adds the knight leap; a Weak one slides two squares.
              {"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "h1",
               set_of({"f1", "g1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "f2", "g3"})},
              {"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "a1", set_of({"a2", "a3", "b1", "c1"})},
          });
}

TEST(ContrastVectors, StrongPawnEnPassantIsOneCapture) {
    const auto game =
        make_game(load_shipped("contrast"), "", "", "4k3/8/8/4pP2/8/8/8/4K3 w - e6 0 1");
    EXPECT_EQ(destinations(game, "f5"), set_of({"e6", "f6", "g6"}));
    int to_e6 = 0;
    for (auto m : game.legal_moves())
        if (game.uci(m) == "f5e6") {
            ++to_e6;
            EXPECT_EQ(m.kind(), core::MoveKind::EnPassant);
        }
    EXPECT_EQ(to_e6, 1);
}

TEST(ContrastVectors, QueenShotGivesDiscoveredCheck) {
    auto game = make_game(load_shipped("contrast"), "", "", "2Qrk3/3p4/8/1B6/8/8/8/4K3 w - - 0 1");
    auto shot = game.parse_move("c8d7c8");
    ASSERT_TRUE(shot.ok()) << shot.error().to_string();
    EXPECT_EQ(shot->kind(), core::MoveKind::Shoot);
    EXPECT_EQ(game.san(*shot), "Q^d7+");
    ASSERT_TRUE(game.parse_move("Q^d7").ok());  // SAN is read back
    game.play(*shot);
    EXPECT_TRUE(game.in_check());
    EXPECT_EQ(game.fen(), "2Qrk3/8/8/1B6/8/8/8/4K3 b - - 0 1");  // the Queen did not move
    game.undo();
    EXPECT_EQ(game.fen(), "2Qrk3/3p4/8/1B6/8/8/8/4K3 w - - 0 1");
}

TEST(ContrastVectors, QueenShotMates) {
    auto game =
        make_game(load_shipped("contrast"), "", "", "R2b2k1/3Q1p1p/8/5N2/8/8/8/4K3 w - - 0 1");
    auto shot = game.parse_move("d7d8d7");
    ASSERT_TRUE(shot.ok()) << shot.error().to_string();
    EXPECT_EQ(game.san(*shot), "Q^d8#");
    game.play(*shot);
    EXPECT_TRUE(game.legal_moves().empty());
    EXPECT_TRUE(game.outcome().over());
}

TEST(ContrastVectors, StrongKingStepsDiagonallyNextToAWeakKing) {
    // RULES.md 5.3: the Strong king on e4 attacks f5; the Weak king cannot take it back.
    auto game = make_game(load_shipped("contrast"), "", "", "8/8/8/5k2/8/8/2K5/8 w - - 0 1");
    auto step = game.parse_move("c2e4");
    ASSERT_TRUE(step.ok()) << step.error().to_string();
    EXPECT_EQ(game.san(*step), "Ke4+");
    game.play(*step);
    EXPECT_EQ(uci_moves(game), set_of({"f5f6", "f5g5"}));
}

TEST(ContrastVectors, PromotionTakesTheStatusOfItsSquare) {
    // g7 is dark (a Weak White pawn: move only); g8 is light, so the new piece is Strong: a
    // Strong Rook or Knight reaches e7 by the knight leap, a Strong Queen or Bishop does not.
    const auto game =
        make_game(load_shipped("contrast"), "", "", "8/4k1P1/8/8/8/8/8/4K3 w - - 0 1");
    std::set<std::string> promotions;
    for (const auto& san : sans(game))
        if (san.rfind("g8", 0) == 0) promotions.insert(san);
    EXPECT_EQ(promotions, set_of({"g8=Q", "g8=R+", "g8=B", "g8=N+"}));
}

TEST(ContrastOptions, KingTwoStepThroughCheck) {
    const char* fen = "4k3/8/8/8/8/8/7r/3K4 w - - 0 1";  // d2 and c2 are attacked, d3 and b3 not
    const auto allowed = make_game(load_shipped("contrast"), "", "", fen);
    EXPECT_TRUE(destinations(allowed, "d1").count("d3"));
    EXPECT_TRUE(destinations(allowed, "d1").count("b3"));
    const auto strict =
        make_game(load_shipped("contrast", {"king-two-step=not-through-check"}), "", "", fen);
    EXPECT_FALSE(destinations(strict, "d1").count("d3"));
    EXPECT_FALSE(destinations(strict, "d1").count("b3"));
}

TEST(ContrastOptions, WeakRookCastling) {
    const char* fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const auto allowed = make_game(load_shipped("contrast"), "", "", fen);
    EXPECT_TRUE(uci_moves(allowed).count("e1c1"));
    EXPECT_TRUE(uci_moves(allowed).count("e1g1"));
    // a1 is dark: White's a1 rook is Weak; h1 is light: Strong.
    const auto strict =
        make_game(load_shipped("contrast", {"weak-rook-castling=forbidden"}), "", "", fen);
    EXPECT_FALSE(uci_moves(strict).count("e1c1"));
    EXPECT_TRUE(uci_moves(strict).count("e1g1"));
}

// ---- Anti-Relay chess (RULES.md 4) -----------------------------------------------------------

TEST(AntiRelayVectors, Rules44) {
    check(load_shipped("antirelay"),
          {
              {"r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1", {}},
              {"4k3/8/8/8/6b1/8/8/3QK3 w - - 0 1", "d1",
               set_of({"a1", "b1", "c1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"})},
              {"4k3/8/5Q2/8/8/8/1b6/1K6 w - - 0 1", "b1", set_of({"a1", "a2", "b2", "c1", "c2"})},
          });
}

TEST(AntiRelayVectors, OwnCases) {
    check(load_shipped("antirelay"),
          {
              // Interposing on b8 would unfreeze the e8 Rook aimed at the king: illegal.
              {"R3r2k/8/N7/8/8/8/8/4K3 w - - 0 1", "a6", set_of({"b4", "c5", "c7"})},
              // The frozen e8 Rook does not attack e2.
              {"R3r2k/8/N7/8/8/8/8/4K3 w - - 0 1", "e1", set_of({"d1", "d2", "e2", "f1", "f2"})},
              // A Queen seen by an enemy Rook loses only its Rook move.
              {"3rk3/8/8/8/8/8/8/3Q3K w - - 0 1", "d1",
               set_of({"a4", "b3", "c2", "e2", "f3", "g4", "h5"})},
              // Two Knights that see each other both lose the Knight move.
              {"4k3/8/8/3n4/8/2N5/8/4K3 w - - 0 1", "c3", {}},
              // No capture with a shared type: the Bishop and the Queen freeze each other's B.
              {"4k3/8/7q/8/8/8/8/2B1K3 w - - 0 1", "c1", {}},
              // A frozen Knight does not give check: the king moves freely.
              {"4k3/8/5n2/8/4N1K1/8/8/8 w - - 0 1", "g4",
               set_of({"f3", "f4", "f5", "g3", "g5", "h3", "h4", "h5"})},
              {"4k3/8/5n2/8/4N1K1/8/8/8 w - - 0 1", "e4", {}},
              // A Bishop and a Rook share no type: nothing is frozen (direct anti-relay).
              {"4k3/8/7r/8/8/8/8/2B1K3 w - - 0 1", "c1",
               set_of({"b2", "a3", "d2", "e3", "f4", "g5", "h6"})},
          });
}

TEST(AntiRelayVectors, DiscoveredUnfreezingGivesCheck) {
    // The a1 and e1 Rooks freeze each other; Nc1 cuts their line and frees e1 against e8.
    auto game = make_game(load_shipped("antirelay"), "", "", "4k3/8/8/8/8/1N6/7K/r3R3 w - - 0 1");
    auto m = game.parse_move("b3c1");
    ASSERT_TRUE(m.ok()) << m.error().to_string();
    EXPECT_EQ(game.san(*m), "Nc1+");
    game.play(*m);
    EXPECT_TRUE(game.in_check());
}

TEST(AntiRelayVectors, PromotedPieceTakesPartAtOnce) {
    auto rook = make_game(load_shipped("antirelay"), "", "", "7r/P7/4k3/8/8/8/8/4K3 w - - 0 1");
    ASSERT_TRUE(rook.play("a7a8r").ok());
    EXPECT_TRUE(destinations(rook, "h8").empty());  // the new Rook on a8 sees it at once
    auto bishop = make_game(load_shipped("antirelay"), "", "", "7r/P7/4k3/8/8/8/8/4K3 w - - 0 1");
    ASSERT_TRUE(bishop.play("a7a8b").ok());
    EXPECT_TRUE(destinations(bishop, "h8").count("a8"));
    EXPECT_TRUE(destinations(bishop, "h8").count("h1"));
}

TEST(AntiRelayOptions, FrozenRookCastling) {
    const char* fen = "r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    const auto allowed = make_game(load_shipped("antirelay"), "", "", fen);
    EXPECT_TRUE(uci_moves(allowed).count("e1c1"));
    const auto strict =
        make_game(load_shipped("antirelay", {"frozen-rook-castling=forbidden"}), "", "", fen);
    EXPECT_FALSE(uci_moves(strict).count("e1c1"));
}

TEST(AntiRelayOptions, KnightOnlyAndConverse) {
    // Knight only: the two Rooks no longer freeze each other.
    const auto knights = make_game(load_shipped("antirelay", {"anti-relay-types=knight"}), "", "",
                                   "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    EXPECT_TRUE(destinations(knights, "a1").count("a8"));
    const auto still = make_game(load_shipped("antirelay", {"anti-relay-types=knight"}), "", "",
                                 "4k3/8/8/3n4/8/2N5/8/4K3 w - - 0 1");
    EXPECT_TRUE(destinations(still, "c3").empty());
    // Converse: the Bishop that sees a Rook (a type it lacks) loses its Bishop move.
    const auto converse = make_game(load_shipped("antirelay", {"anti-relay-target=converse"}), "",
                                    "", "4k3/8/7r/8/8/8/8/2B1K3 w - - 0 1");
    EXPECT_TRUE(destinations(converse, "c1").empty());
}

TEST(AntiRelayOptions, AsAnOptionOfOtherVariants) {
    // Humans are orthodox: the option on Asymmetric gives Anti-Relay chess's answers.
    const auto spec = load_shipped("asymmetric", {"anti-relay"});
    const auto game = make_game(spec, "humans", "humans", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    EXPECT_TRUE(destinations(game, "a1").empty());
}

}  // namespace
}  // namespace balance::testing
