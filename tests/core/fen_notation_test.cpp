// FEN in and out (army metadata, e.p. victims, hands, tall boards), its errors, and move text.

#include <gtest/gtest.h>

#include "../support/variants.hpp"

namespace balance::testing {
namespace {

TEST(Fen, RoundTripsAcrossVariantsAndPairings) {
    const std::pair<const char*, std::vector<std::string>> cases[] = {
        {"chess",
         {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}},
        {"asymmetric",
         {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {W:elves B:orcs}",
          "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1 {W:elves B:humans}",
          "4k3/8/8/8/5pP1/8/8/4K3 b - f3/g4 0 1 {W:elves B:orcs}"}},
        {"uneven", {"roncqkwndr/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/RBNPQKMNIR w KQkq - 0 1"}},
    };
    for (const auto& [variant, fens] : cases) {
        const auto spec = load_shipped(variant);
        for (const auto& fen : fens) {
            std::string white = spec.default_white, black = spec.default_black;
            if (auto at = fen.find("{W:"); at != std::string::npos) {
                white = fen.substr(at + 3, fen.find(' ', at) - at - 3);
                black =
                    fen.substr(fen.find("B:", at) + 2, fen.find('}', at) - fen.find("B:", at) - 2);
            }
            EXPECT_EQ(make_game(spec, white, black, fen).fen(), fen);
        }
    }
}

TEST(Fen, AliasesInMetadataAreAccepted) {
    const auto spec = load_shipped("asymmetric");
    auto g =
        core::Game::start(spec, "elves", "orcs",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {W:Elf B:Orc}");
    ASSERT_TRUE(g.ok()) << g.error().to_string();
}

TEST(Fen, ErrorsSayWhatIsWrong) {
    const auto spec = load_shipped("asymmetric");
    struct Case {
        const char* fen;
        const char* expect;
    };
    const Case cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "piece letter 'X'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"},
        {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "longer than 8 files"},
        {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "exactly one king"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling right 'K'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "no enemy pawn"},
        {"4k3/8/8/2pPp3/8/8/8/4K3 w - d6 0 1", "no enemy pawn"},  // Footmen step straight
        {"4k3/8/8/2pPp3/8/8/8/4K3 w - d7 0 1", "no enemy pawn"},
        {"4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "castling right"},
        {"4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove clock 'x' must be a number"},
        {"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove clock '-1'"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 -3", "fullmove number '-3' must be a number from 1"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 0", "fullmove number '0'"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 7x", "fullmove number '7x'"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999", "fullmove number"},
        {"4k3/08/8/8/8/8/8/4K3 w - - 0 1", "must not start with 0"},
        {"4k3/99999999999/8/8/8/8/8/4K3 w - - 0 1", "longer than 8 files"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 {W:humans B:humans", "has no closing '}'"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 {W:dwarves B:orcs}", "army 'dwarves'"},
        {"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "not to move is in check"},
        {" ", "empty FEN"},
        // Bytes outside A-Z in the [hand] (found by fuzz_fen: they once indexed past the
        // letter table).
        {"4k3/8/8/8/8/8/8/4K3[\xb8] w - - 0 1", "hand letter"},
        {"4k3/8/8/8/8/8/8/4K3[\xff] w - - 0 1", "hand letter"},
        {"4k3/8/8/8/8/8/8/4K3[/] w - - 0 1", "hand letter"},
        // An en-passant square with a long rank (found by fuzz_fen: the rank overflowed an int).
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d7999999999990 0 1", "bad e.p. square"},
    };
    for (const auto& c : cases) {
        auto g = core::Game::start(spec, "humans", "humans", c.fen);
        ASSERT_FALSE(g.ok()) << c.fen;
        EXPECT_NE(g.error().to_string().find(c.expect), std::string::npos)
            << c.fen << " -> " << g.error().to_string();
    }
}

TEST(Fen, AmbiguousSpriteVictimMustBeNamed) {
    const auto spec = load_shipped("asymmetric");
    // e6 with black Sprites on d5 and f5: which one double-stepped?
    auto g = core::Game::start(spec, "humans", "elves", "4k3/8/8/3pPp2/8/8/8/4K3 w - e6 0 1");
    ASSERT_FALSE(g.ok());
    EXPECT_NE(g.error().message.find("ambiguous"), std::string::npos);
    auto named =
        core::Game::start(spec, "humans", "elves", "4k3/8/8/3pPp2/8/8/8/4K3 w - e6/f5 0 1");
    ASSERT_TRUE(named.ok()) << named.error().to_string();
}

TEST(Notation, SanAndUciForEveryKindOfMove) {
    const auto spec = load_shipped("asymmetric");
    auto g = make_game(spec, "elves", "orcs");
    // Two Sprites can reach c3 (b2 and d2): SAN disambiguates by file.
    auto m = g.parse_move("b2c3");
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(g.san(*m), "bc3");
    EXPECT_EQ(g.uci(*m), "b2c3");
    EXPECT_TRUE(g.play("Bf4").ok());  // the Ranger jumps d2
    EXPECT_TRUE(g.play("e5").ok());   // a Guard's double step
}

TEST(Notation, CastlingPromotionEnPassantChecks) {
    const auto spec = load_shipped("chess");
    auto g = make_game(spec, "", "", "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    EXPECT_EQ(g.san(*g.parse_move("e1g1")), "O-O");
    EXPECT_EQ(g.san(*g.parse_move("e1c1")), "O-O-O");
    EXPECT_EQ(g.san(*g.parse_move("e5d6")), "exd6");
    EXPECT_EQ(g.san(*g.parse_move("b7a8q")), "bxa8=Q+");
    EXPECT_EQ(g.san(*g.parse_move("b7b8n")), "b8=N");
    EXPECT_EQ(g.san(*g.parse_move("a1a8")), "Rxa8+");
    auto uneven = make_game(load_shipped("uneven"), "", "");
    EXPECT_EQ(uneven.san(*uneven.parse_move("i1i3")), "Ii3");
    EXPECT_EQ(uneven.san(*uneven.parse_move("j2j4")), "j4");
    EXPECT_FALSE(uneven.parse_move("j2j5").ok());
}

}  // namespace
}  // namespace balance::testing

namespace balance::core {
namespace {

// An unclosed army brace used to lose the army name's last letter ("{W:humans" read as "human").
TEST(Fen, UnclosedArmyBraceIsAnErrorNotAShorterName) {
    const auto spec = balance::testing::load_shipped("asymmetric");
    auto g = Game::start(spec, "humans", "humans", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {W:humans");
    ASSERT_FALSE(g.ok());
    EXPECT_NE(g.error().message.find("'{W:humans' has no closing '}'"), std::string::npos)
        << g.error().message;
}

TEST(Fen, FullmoveNumberSetsThePly) {
    const auto spec = balance::testing::load_shipped("chess");
    auto g = Game::start(spec, "", "", "4k3/8/8/8/8/8/8/4K3 b - - 7 40");
    ASSERT_TRUE(g.ok()) << g.error().to_string();
    EXPECT_EQ(g->fen(), "4k3/8/8/8/8/8/8/4K3 b - - 7 40");
}

}  // namespace
}  // namespace balance::core
