// Perft for the rule sets of the AlphaZero chess study (chess.toml options) from the start and
// from positions that exercise them (double steps from every rank and the e.p. they create,
// steps back and sideways, self-captures around pins and checks, castling rights waiting for
// move 11), checked three ways: every count equals the independent reference generator's
// (reference_movegen.hpp, written from the rule text), the invariants (make/unmake, hashing,
// check detection, no move leaves the king attacked) hold at every node, and the start counts
// are regression values to depth 4.

#include <gtest/gtest.h>

#include <algorithm>

#include "../support/variants.hpp"
#include "balance/core/perft.hpp"
#include "reference_movegen.hpp"

namespace balance::testing {
namespace {

namespace ref = reference;
using P = ref::Pos::Study::Pawn;

struct RuleSet {
    const char* name;
    std::vector<std::string> options;
    ref::Pos::Study study;
    std::uint64_t start[4];  // perft 1-4 from the start position
};

const std::vector<RuleSet>& rule_sets() {
    static const std::vector<RuleSet> sets = {
        {"classical", {}, {}, {20, 400, 8902, 197281}},
        {"torpedo", {"torpedo"}, {P::Torpedo}, {20, 400, 9194, 209719}},
        {"semi-torpedo", {"semi-torpedo"}, {P::SemiTorpedo}, {20, 400, 9054, 203775}},
        {"pawn-one-square", {"pawn-one-square"}, {P::OneSquare}, {12, 144, 2124, 31250}},
        {"pawn-back", {"pawn-back"}, {P::Back}, {20, 400, 9222, 211739}},
        {"pawn-sideways", {"pawn-sideways"}, {P::Sideways}, {20, 400, 10022, 250145}},
        {"self-capture", {"self-capture"}, {P::Classical, true, true}, {39, 1519, 63034, 2598922}},
        {"self-capture-king-forbidden",
         {"self-capture", "self-capture-king=forbidden"},
         {P::Classical, true, false},
         {34, 1156, 43226, 1608200}},
        {"no-castling", {"no-castling"}, {}, {20, 400, 8902, 197281}},
        {"no-castling-10",
         {"no-castling-10"},
         {P::Classical, false, true, 11},
         {20, 400, 8902, 197281}},
        {"stalemate-win", {"stalemate-win"}, {}, {20, 400, 8902, 197281}},
    };
    return sets;
}

// Positions that exercise the rules: Kiwipete (castling, pins, e.p.), pawns on every rank of
// both sides next to enemy pawns (double steps from any rank and their e.p.), pawns about to
// promote beside own pieces (self-capturing promotions), a pinned and a checked king, and
// castling rights two plies before move 11 (no-castling-10 lets them be used inside the tree).
const std::vector<std::string>& positions() {
    static const std::vector<std::string> fens = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4k3/1P1p4/2p5/p2P1p2/1pP1P3/5pP1/P6p/4K3 w - - 0 1",
        "4k3/1P1p4/2p5/p2P1p2/1pP1P3/5pP1/P6p/4K3 b - - 0 1",
        "n1B1k2r/1P2p3/8/3p4/1b6/8/3PP1p1/R3K1NR w KQk - 0 1",
        "r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 10",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 10",
    };
    return fens;
}

// The FEN as this rule set reads it: no castling rights where castling is off.
std::string for_rules(const RuleSet& rs, std::string fen) {
    const bool no_castling =
        std::find(rs.options.begin(), rs.options.end(), "no-castling") != rs.options.end();
    if (!no_castling) return fen;
    std::istringstream in(fen);
    std::string board, stm, castling, rest;
    in >> board >> stm >> castling;
    std::getline(in, rest);
    return board + " " + stm + " -" + rest;
}

// One test per rule set, so that each stays short under the sanitizers.
class StudyRulesPerft : public ::testing::TestWithParam<RuleSet> {};

TEST_P(StudyRulesPerft, StartPositionToDepthFour) {
    const RuleSet& rs = GetParam();
    const auto spec = load_shipped("chess", rs.options);
    for (int depth = 1; depth <= 4; ++depth) {
        core::PerftRequest req{"", "", "", depth, false, depth == 3};
        auto r = core::run_perft(spec, req);
        ASSERT_TRUE(r.ok()) << rs.name << ": " << r.error().to_string();
        EXPECT_EQ(r->nodes, rs.start[depth - 1]) << rs.name << " depth " << depth;
    }
    const auto start =
        ref::from_fen(make_game(spec, "", "").fen(), ref::humans(), ref::humans(), 8, 8, 2);
    auto p = start;
    p.study = rs.study;
    EXPECT_EQ(ref::perft(p, 3), rs.start[2]) << rs.name << ": the reference at depth 3";
}

// The two crowded positions (Kiwipete and the castling position with both queens) to depth 2,
// the others to depth 3: a crowded position's depth 3 is tens of thousands of nodes a rule set
// (several times that with self-capture) through the slow reference, minutes in all under the
// sanitizers; their castling, pins and e.p. already act at depth 2, and the orthodox counts of
// deeper plies are checked against published perft (perft_test.cpp).
TEST_P(StudyRulesPerft, TestPositionsAgreeWithTheReferenceWithInvariantsAtEveryNode) {
    const RuleSet& rs = GetParam();
    const auto spec = load_shipped("chess", rs.options);
    for (const auto& given : positions()) {
        const std::string fen = for_rules(rs, given);
        auto p = ref::from_fen(fen, ref::humans(), ref::humans(), 8, 8, 2);
        p.study = rs.study;
        const bool crowded = &given == &positions()[0] || &given == &positions()[5];
        const int deepest = crowded ? 2 : 3;
        for (int depth = 1; depth <= deepest; ++depth) {
            core::PerftRequest req{"", "", fen, depth, false, depth == deepest};
            auto ours = core::run_perft(spec, req);
            ASSERT_TRUE(ours.ok()) << rs.name << " " << fen << ": " << ours.error().to_string();
            EXPECT_EQ(ours->nodes, ref::perft(p, depth))
                << rs.name << " " << fen << " depth " << depth;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(RuleSets, StudyRulesPerft, ::testing::ValuesIn(rule_sets()),
                         [](const ::testing::TestParamInfo<RuleSet>& info) {
                             std::string name = info.param.name;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

}  // namespace
}  // namespace balance::testing
