// The rule sets of the AlphaZero chess study (chess.toml options torpedo, semi-torpedo,
// pawn-one-square, pawn-back, pawn-sideways, self-capture, no-castling, no-castling-10,
// stalemate-win) and the variant-file features under them (ranked moves, self-capture,
// castling from move N, the fifty-move reset by forward pawn moves): hand-worked move vectors.

#include <gtest/gtest.h>

#include <sstream>

#include "../support/variants.hpp"

namespace balance::testing {
namespace {

struct StudyVector {
    const char* fen;
    const char* from;
    std::set<std::string> expected;
};

void check_study(const std::vector<std::string>& options, const std::vector<StudyVector>& vectors) {
    const auto spec = load_shipped("chess", options);
    for (const auto& v : vectors) {
        const auto game = make_game(spec, "", "", v.fen);
        EXPECT_EQ(destinations(game, v.from), v.expected)
            << (options.empty() ? "classical" : options.front()) << ", " << v.fen << ", piece on "
            << v.from;
    }
}

// The halfmove clock (fifty-move counter) of a FEN.
int halfmove_clock(const std::string& fen) {
    std::istringstream in(fen);
    std::string board, stm, castling, ep;
    int clock = -1;
    in >> board >> stm >> castling >> ep >> clock;
    return clock;
}

TEST(StudyRuleVectors, Torpedo) {
    check_study(
        {"torpedo"},
        {
            {"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4", set_of({"e5", "e6"})},
            {"4k3/8/8/4n3/4P3/8/8/4K3 w - - 0 1", "e4", {}},                 // blocked at once
            {"4k3/8/4n3/8/4P3/8/8/4K3 w - - 0 1", "e4", set_of({"e5"})},     // lame: no capture
            {"k7/8/4P3/8/8/8/8/4K3 w - - 0 1", "e6", set_of({"e7", "e8"})},  // onto the last
            {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2", set_of({"e3", "e4"})},
            {"4k3/8/8/4p3/8/8/8/4K3 b - - 0 1", "e5", set_of({"e4", "e3"})},
        });
}

TEST(StudyRuleVectors, TorpedoEnPassantAfterAnyDoubleStep) {
    auto game =
        make_game(load_shipped("chess", {"torpedo"}), "", "", "4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1");
    ASSERT_TRUE(game.play("e3e5").ok());
    EXPECT_EQ(game.fen(), "4k3/8/8/3pP3/8/8/8/4K3 b - e4 0 1");
    EXPECT_EQ(destinations(game, "d5"), set_of({"d3", "d4", "e4"}));  // its own double step too
    ASSERT_TRUE(game.play("d5e4").ok());
    EXPECT_EQ(game.fen(), "4k3/8/8/8/4p3/8/8/4K3 w - - 0 2");  // the e5 pawn is gone
}

TEST(StudyRuleVectors, SemiTorpedo) {
    check_study({"semi-torpedo"},
                {
                    {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2", set_of({"e3", "e4"})},
                    {"4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3", set_of({"e4", "e5"})},
                    {"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4", set_of({"e5"})},
                    {"4k3/8/4p3/8/8/8/8/4K3 b - - 0 1", "e6", set_of({"e5", "e4"})},
                    {"4k3/8/8/4p3/8/8/8/4K3 b - - 0 1", "e5", set_of({"e4"})},
                });
    auto game = make_game(load_shipped("chess", {"semi-torpedo"}), "", "",
                          "4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1");
    ASSERT_TRUE(game.play("e3e5").ok());
    EXPECT_EQ(destinations(game, "d5"), set_of({"d4", "e4"}));  // e.p. from the third rank too
}

TEST(StudyRuleVectors, PawnOneSquare) {
    check_study({"pawn-one-square"},
                {
                    {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2", set_of({"e3"})},
                    {"4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1", "e2", set_of({"e3", "d3"})},
                    {"4k3/4p3/8/8/8/8/8/4K3 b - - 0 1", "e7", set_of({"e6"})},
                });
}

TEST(StudyRuleVectors, PawnBack) {
    check_study(
        {"pawn-back"},
        {
            {"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4", set_of({"e5", "e3"})},
            {"4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3", set_of({"e4", "e2"})},
            {"4k3/8/8/8/8/8/4P3/3K4 w - - 0 1", "e2", set_of({"e3", "e4"})},  // not onto e1
            {"4k3/8/8/8/4P3/4n3/8/4K3 w - - 0 1", "e4", set_of({"e5"})},      // back: no capture
            {"4k3/8/8/3p4/8/8/8/4K3 b - - 0 1", "d5", set_of({"d4", "d6"})},
            {"3k4/4p3/8/8/8/8/8/4K3 b - - 0 1", "e7", set_of({"e6", "e5"})},  // not onto e8
        });
    // A backward step does not reset the fifty-move counter; an advance does.
    auto game =
        make_game(load_shipped("chess", {"pawn-back"}), "", "", "4k3/8/8/8/4P3/8/8/4K3 w - - 7 20");
    ASSERT_TRUE(game.play("e4e3").ok());
    EXPECT_EQ(halfmove_clock(game.fen()), 8);
    ASSERT_TRUE(game.play("e8d8").ok());
    ASSERT_TRUE(game.play("e3e4").ok());
    EXPECT_EQ(halfmove_clock(game.fen()), 0);
}

TEST(StudyRuleVectors, PawnBackRepetitionLooksPastAnAdvance) {
    // e4-e3, then e3-e4 repeats the position before the step back: the advance is reversible
    // here, so the repetition window reaches across it.
    auto game =
        make_game(load_shipped("chess", {"pawn-back"}), "", "", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
    for (int cycle = 0; cycle < 2; ++cycle)
        for (const char* m : {"e4e3", "e8d8", "e3e4", "d8e8"}) ASSERT_TRUE(game.play(m).ok());
    EXPECT_EQ(game.outcome().termination, core::Termination::Repetition);
}

TEST(StudyRuleVectors, PawnSideways) {
    check_study({"pawn-sideways"},
                {
                    {"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4", set_of({"d4", "e5", "f4"})},
                    {"4k3/8/8/8/P7/8/8/4K3 w - - 0 1", "a4", set_of({"a5", "b4"})},
                    {"4k3/8/8/8/3nP3/8/8/4K3 w - - 0 1", "e4", set_of({"e5", "f4"})},  // no capture
                    {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2", set_of({"d2", "e3", "e4", "f2"})},
                    {"4k3/8/8/3p4/8/8/8/4K3 b - - 0 1", "d5", set_of({"c5", "d4", "e5"})},
                });
    // A pawn that stepped sideways onto its second rank double-steps from there (rank rule).
    auto game = make_game(load_shipped("chess", {"pawn-sideways"}), "", "",
                          "4k3/8/8/8/8/8/3P4/4K3 w - - 5 1");
    ASSERT_TRUE(game.play("d2c2").ok());
    EXPECT_EQ(halfmove_clock(game.fen()), 0);  // by default every pawn move resets it
    ASSERT_TRUE(game.play("e8d8").ok());
    EXPECT_EQ(destinations(game, "c2"), set_of({"b2", "c3", "c4", "d2"}));
    auto keep = make_game(load_shipped("chess", {"pawn-sideways", "pawn-sideways-fifty=no-reset"}),
                          "", "", "4k3/8/8/8/8/8/3P4/4K3 w - - 5 1");
    ASSERT_TRUE(keep.play("d2c2").ok());
    EXPECT_EQ(halfmove_clock(keep.fen()), 6);
    ASSERT_TRUE(keep.play("e8d8").ok());
    ASSERT_TRUE(keep.play("c2c3").ok());
    EXPECT_EQ(halfmove_clock(keep.fen()), 0);
}

TEST(StudyRuleVectors, SelfCapture) {
    check_study(
        {"self-capture"},
        {
            {"4k3/8/8/8/8/8/3P4/1N2K3 w - - 0 1", "b1", set_of({"a3", "c3", "d2"})},
            // Never the own king: the knight on c2 reaches e1 but may not take it.
            {"4k3/8/8/8/8/8/2N5/4K3 w - - 0 1", "c2", set_of({"a1", "a3", "b4", "d4", "e3"})},
            // The king may self-capture (the default).
            {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e1", set_of({"d1", "d2", "e2", "f1", "f2"})},
            // ... but not onto an attacked square; and a pinned pawn stays pinned.
            {"4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1", "e1", set_of({"d1", "e2", "f1", "f2"})},
            {"4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1", "d2", {}},
            // A pinned bishop may not leave the line to take its own knight.
            {"4k3/4r3/8/8/8/8/4B3/3NK3 w - - 0 1", "e2", {}},
            // Pawns self-capture diagonally forward, promoting on the last rank.
            {"4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1", "e2", set_of({"d3", "e3", "e4"})},
            {"3N3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7", set_of({"d8", "e8"})},
            // Sliders take the first own piece on a line, not beyond it.
            {"4k3/8/8/8/8/8/8/R2BK3 w - - 0 1", "a1",
             set_of({"a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1"})},
            // Black too.
            {"4k3/3p4/8/8/8/8/8/4K3 b - - 0 1", "e8", set_of({"d7", "d8", "e7", "f7", "f8"})},
        });
    check_study({"self-capture", "self-capture-king=forbidden"},
                {
                    {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e1", set_of({"d1", "d2", "f1", "f2"})},
                    {"4k3/8/8/8/8/8/3P4/1N2K3 w - - 0 1", "b1", set_of({"a3", "c3", "d2"})},
                });
    // Taking the own rook loses that castling right; the move resets the fifty-move counter.
    auto take = make_game(load_shipped("chess", {"self-capture"}), "", "",
                          "4k3/8/8/8/8/8/6B1/R3K2R w KQ - 3 1");
    ASSERT_TRUE(take.play("g2h1").ok());
    EXPECT_EQ(take.fen(), "4k3/8/8/8/8/8/8/R3K2B b Q - 0 1");
    // In check, a self-capture is legal only if it resolves the check: the king may take its
    // own pawn on a safe square; the knight may take the checker or block, not its own pawn.
    const auto evade = make_game(load_shipped("chess", {"self-capture"}), "", "",
                                 "4k3/8/8/8/8/1N6/3PP3/r3K3 w - - 0 1");
    std::set<std::string> evasions;
    for (const auto m : evade.legal_moves()) evasions.insert(evade.uci(m));
    EXPECT_EQ(evasions, set_of({"b3a1", "b3c1", "e1d2", "e1e2", "e1f2"}));
}

// In a points variant a self-capture scores nothing (and is no "last capture").
TEST(StudyRuleVectors, SelfCaptureScoresNoPoints) {
    auto game = make_game(load_shipped("stylish", {"self-capture"}), "", "",
                          "4k3/8/8/8/8/8/3P4/1N2K3 w - - 0 1");
    const auto before = game.points();
    ASSERT_TRUE(game.play("b1d2").ok());
    EXPECT_EQ(game.points().total, before.total);
    EXPECT_EQ(game.points().last_capturer, -1);
}

TEST(StudyRuleVectors, CastlingFromMoveEleven) {
    const char* rooks = "r3k2r/8/8/8/8/8/8/R3K2R";
    check_study(
        {"no-castling-10"},
        {
            {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 10", "e1", set_of({"d1", "d2", "e2", "f1", "f2"})},
            {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 11", "e1",
             set_of({"c1", "d1", "d2", "e2", "f1", "f2", "g1"})},
            {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 10", "e8", set_of({"d8", "d7", "e7", "f8", "f7"})},
            {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 11", "e8",
             set_of({"c8", "d8", "d7", "e7", "f8", "f7", "g8"})},
        });
    // The right is kept before move 11 (unmoved king and rooks), only its use waits.
    auto game = make_game(load_shipped("chess", {"no-castling-10"}), "", "",
                          std::string(rooks) + " b KQkq - 0 10");
    ASSERT_TRUE(game.play("a8b8").ok());
    EXPECT_EQ(game.fen(), "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 1 11");
    EXPECT_TRUE(destinations(game, "e1").count("g1"));
}

TEST(StudyRuleVectors, NoCastling) {
    const auto spec = load_shipped("chess", {"no-castling"});
    EXPECT_EQ(make_game(spec, "", "").fen(),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    check_study({"no-castling"}, {{"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "e1",
                                   set_of({"d1", "d2", "e2", "f1", "f2"})}});
    EXPECT_FALSE(core::Game::start(spec, "", "", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").ok());
}

TEST(StudyRuleVectors, StalemateWin) {
    const char* stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    const auto classical = make_game(load_shipped("chess"), "", "", stalemate);
    EXPECT_EQ(classical.outcome().termination, core::Termination::Stalemate);
    EXPECT_EQ(classical.outcome().winner, -1);
    const auto win = make_game(load_shipped("chess", {"stalemate-win"}), "", "", stalemate);
    EXPECT_EQ(win.outcome().termination, core::Termination::Stalemate);
    EXPECT_EQ(win.outcome().winner, 0);
}

}  // namespace
}  // namespace balance::testing
