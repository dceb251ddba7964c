// Perft: orthodox chess against the published numbers (chessprogramming.org "Perft Results"),
// with moderate depths; deeper checks: `balance perft --variant chess --depth 6` (119060324).

#include <gtest/gtest.h>

#include "../support/variants.hpp"
#include "balance/core/perft.hpp"

namespace balance::testing {
namespace {

struct Case {
    const char* fen;
    int depth;
    std::uint64_t nodes;
};

TEST(OrthodoxPerft, PublishedNumbers) {
    const auto spec = load_shipped("chess");
    const Case cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
        {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4, 422333},
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
        {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
    };
    for (const auto& c : cases) {
        core::PerftRequest req;
        req.fen = c.fen;
        req.depth = c.depth;
        auto r = core::run_perft(spec, req);
        ASSERT_TRUE(r.ok()) << r.error().to_string();
        EXPECT_EQ(r->nodes, c.nodes) << c.fen;
    }
}

// Human vs Human is orthodox chess: the asymmetric variant must give the same numbers.
TEST(OrthodoxPerft, HumansVersusHumansIsOrthodoxChess) {
    const auto spec = load_shipped("asymmetric");
    core::PerftRequest req;
    req.white_army = req.black_army = "humans";
    req.fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    req.depth = 3;
    auto r = core::run_perft(spec, req);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_EQ(r->nodes, 97862u);
}

// Perft with every invariant checked at every node (make/unmake, hash from scratch, in-check by
// brute force, no move leaves the king attacked) for all pairings and Uneven.
TEST(InvariantPerft, AllPairingsAndUneven) {
    const auto asym = load_shipped("asymmetric");
    for (const char* w : {"humans", "elves", "orcs"})
        for (const char* b : {"humans", "elves", "orcs"}) {
            core::PerftRequest req{w, b, "", 3, false, true};
            auto r = core::run_perft(asym, req);
            EXPECT_TRUE(r.ok()) << w << " vs " << b << ": " << (r ? "" : r.error().to_string());
        }
    const auto uneven = load_shipped("uneven");
    core::PerftRequest req{"", "", "", 3, false, true};
    auto r = core::run_perft(uneven, req);
    EXPECT_TRUE(r.ok()) << (r ? "" : r.error().to_string());
}

}  // namespace
}  // namespace balance::testing
