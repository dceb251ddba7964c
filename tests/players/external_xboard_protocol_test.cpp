// XBoard line parsing and FEN placement for edit mode: hand-checked vectors, several taken from
// what fairymax 5.0b and sjaakii 1.4.1 actually print.

#include <gtest/gtest.h>

#include "external/xboard_protocol.hpp"

namespace balance::players::external {
namespace {

using Features = std::vector<std::pair<std::string, std::string>>;

TEST(ExternalXboardProtocol, ParsesFeatureLines) {
    EXPECT_EQ(parse_features("feature setboard=0 xedit=1 ping=1 done=0"),
              (Features{{"setboard", "0"}, {"xedit", "1"}, {"ping", "1"}, {"done", "0"}}));
    EXPECT_EQ(parse_features(R"(feature myname="Fairy-Max 5.0b")"),
              (Features{{"myname", "Fairy-Max 5.0b"}}));
    EXPECT_EQ(parse_features(R"(feature option="Resign Threshold -spin 800 200 1200" done=1)"),
              (Features{{"option", "Resign Threshold -spin 800 200 1200"}, {"done", "1"}}));
    EXPECT_EQ(parse_features(R"(feature variants="normal,capablanca" sigint=0)"),
              (Features{{"variants", "normal,capablanca"}, {"sigint", "0"}}));
    EXPECT_EQ(parse_features(R"(feature option="Dummy String Example -string a=b")"),
              (Features{{"option", "Dummy String Example -string a=b"}}));
    EXPECT_TRUE(parse_features("feature").empty());
    EXPECT_TRUE(parse_features("move e2e4").empty());
}

TEST(ExternalXboardProtocol, ClassifiesEngineLines) {
    auto kind = [](std::string_view line) { return classify_xboard_line(line).kind; };
    EXPECT_EQ(classify_xboard_line("move d2d4").text, "d2d4");
    EXPECT_EQ(classify_xboard_line("My move is: e7e5").text, "e7e5");
    EXPECT_EQ(kind("My move is: e7e5"), XboardLineKind::Move);
    EXPECT_EQ(classify_xboard_line("pong 12").text, "12");
    EXPECT_EQ(kind("feature done=1"), XboardLineKind::Feature);
    EXPECT_EQ(kind("Illegal move:e2e4"), XboardLineKind::IllegalMove);  // fairymax, no space
    EXPECT_EQ(kind("Illegal move (in check): e1e2"), XboardLineKind::IllegalMove);
    EXPECT_EQ(kind("Error (unknown command): Kg1h1"), XboardLineKind::Error);
    EXPECT_EQ(kind("tellusererror Illegal position"), XboardLineKind::Error);
    EXPECT_EQ(kind("1-0 {White mates}"), XboardLineKind::Result);
    EXPECT_EQ(kind("0-1 {Black mates}"), XboardLineKind::Result);
    EXPECT_EQ(kind("1/2-1/2 {Stalemate}"), XboardLineKind::Result);
    EXPECT_EQ(kind("resign"), XboardLineKind::Resign);
    EXPECT_EQ(kind(" 3 100001        0        146 a8a1"), XboardLineKind::Thinking);
    EXPECT_EQ(kind("# times @ 29579618"), XboardLineKind::Ignored);
    EXPECT_EQ(kind("tellics say     Fairy-Max 5.0b"), XboardLineKind::Ignored);
    EXPECT_EQ(kind(""), XboardLineKind::Ignored);
    EXPECT_EQ(kind("Sjaak II version 1.4.1 (x86_64)"), XboardLineKind::Garbage);
    EXPECT_EQ(kind("move"), XboardLineKind::Garbage);
}

TEST(ExternalXboardProtocol, ParsesThinkingOutput) {
    auto fairymax = parse_thinking(" 2      0        0         17 c2c4 c7c5");
    ASSERT_TRUE(fairymax.has_value());
    EXPECT_EQ(fairymax->depth, 2);
    EXPECT_EQ(fairymax->score_cp, 0);
    EXPECT_EQ(fairymax->nodes, 17u);
    EXPECT_EQ(fairymax->nps, 0u);  // no time elapsed: no rate
    EXPECT_EQ(fairymax->pv, (std::vector<std::string>{"c2c4", "c7c5"}));

    auto mate = parse_thinking(" 3 100001        0        146 a8a1");
    ASSERT_TRUE(mate.has_value());
    EXPECT_EQ(mate->score_mate, 1);
    EXPECT_FALSE(mate->score_cp.has_value());
    EXPECT_EQ(parse_thinking("5 -100003 10 500 h1h2")->score_mate, -3);

    auto sjaak = parse_thinking("  2  15999      0        13  1. Ra8");
    ASSERT_TRUE(sjaak.has_value());
    EXPECT_EQ(sjaak->score_cp, 15999);  // Sjaak's own mate scale: kept as it is
    EXPECT_EQ(sjaak->pv, (std::vector<std::string>{"1.", "Ra8"}));

    auto rate = parse_thinking("12& 35 200 1000000 e2e4");  // 2 s: 500k nodes/s
    ASSERT_TRUE(rate.has_value());
    EXPECT_EQ(rate->depth, 12);
    EXPECT_EQ(rate->nps, 500000u);
    // A node count whose nodes * 100 overflows (found by fuzz_engine_output): read, no nps.
    auto absurd = parse_thinking("3 10 1 3025510255555555555 e2e4");
    ASSERT_TRUE(absurd.has_value());
    EXPECT_EQ(absurd->nodes, 3025510255555555555u);
    EXPECT_EQ(absurd->nps, 0u);

    EXPECT_FALSE(parse_thinking("move e2e4").has_value());
    EXPECT_FALSE(parse_thinking("1 2 3").has_value());
}

TEST(ExternalXboardProtocol, ParsesPlacementOfAnyWidth) {
    auto chess = parse_placement("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    ASSERT_TRUE(chess.ok());
    EXPECT_EQ(chess->files, 8);
    EXPECT_EQ(chess->ranks, 8);
    EXPECT_EQ(chess->pieces.size(), 32u);
    EXPECT_EQ(chess->pieces.front().letter, 'r');  // a8
    EXPECT_EQ(chess->pieces.front().file, 0);
    EXPECT_EQ(chess->pieces.front().rank, 7);
    const auto& e4 = chess->pieces[16];  // the first piece of rank 4
    EXPECT_EQ(e4.letter, 'P');
    EXPECT_EQ(square_name(e4.file, e4.rank), "e4");

    auto capablanca = parse_placement("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR");
    ASSERT_TRUE(capablanca.ok());
    EXPECT_EQ(capablanca->files, 10);

    // Sixteen files with multi-digit empty runs: "1p10p3" is 1 + 1 + 10 + 1 + 3.
    auto wide = parse_placement("k15/1p10p3/16/15K");
    ASSERT_TRUE(wide.ok());
    EXPECT_EQ(wide->files, 16);
    EXPECT_EQ(wide->ranks, 4);
    ASSERT_EQ(wide->pieces.size(), 4u);
    EXPECT_EQ(square_name(wide->pieces[2].file, wide->pieces[2].rank), "m3");
    EXPECT_EQ(square_name(wide->pieces[3].file, wide->pieces[3].rank), "p1");

    EXPECT_FALSE(parse_placement("17/17").ok());        // too wide
    EXPECT_FALSE(parse_placement("8/7").ok());          // ragged
    EXPECT_FALSE(parse_placement("rnb~qkbnr/8").ok());  // unknown character
    EXPECT_FALSE(parse_placement("0k7/8").ok());        // zero empties
    EXPECT_FALSE(parse_placement("").ok());
}

TEST(ExternalXboardProtocol, EditCommandsListWhiteThenBlack) {
    auto placement = parse_placement("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    ASSERT_TRUE(placement.ok());
    EXPECT_EQ(edit_commands(*placement),
              (std::vector<std::string>{"#", "Pf2", "Pg2", "Ph2", "Ra1", "Kg1", "c", "Kg8", "Pf7",
                                        "Pg7", "Ph7"}));
    EXPECT_EQ(square_name(15, 15), "p16");
    EXPECT_EQ(square_name(9, 9), "j10");
}

// Fairy-Max and Sjaak II write a 10-rank board's ranks 0 to 9: moves and edit squares shift.
TEST(ExternalXboardProtocol, RanksCountedFromZeroShiftEverySquare) {
    EXPECT_EQ(shift_ranks("b1c3", -1), "b0c2");
    EXPECT_EQ(shift_ranks("b0c2", 1), "b1c3");
    EXPECT_EQ(shift_ranks("a10a9", -1), "a9a8");
    EXPECT_EQ(shift_ranks("e9e10q", -1), "e8e9q");   // the promotion letter stays
    EXPECT_EQ(shift_ranks("N@d1", -1), "N@d0");      // a drop: the square only
    EXPECT_EQ(shift_ranks("d1e2d1", -1), "d0e1d0");  // a shot: every square
    EXPECT_EQ(shift_ranks("O-O", -1), "O-O");
    EXPECT_EQ(shift_ranks("e2e4", 0), "e2e4");
    auto placement = parse_placement("4k3/8/8/8/8/8/8/8/4P3/4K3 w - - 0 1");
    ASSERT_TRUE(placement.ok());
    EXPECT_EQ(edit_commands(*placement, 0),
              (std::vector<std::string>{"#", "Pe1", "Ke0", "c", "Ke9"}));
}

}  // namespace
}  // namespace balance::players::external
