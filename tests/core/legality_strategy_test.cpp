// The legality strategy is chosen when rules are compiled, and checked: the fast strategies are
// refused where they would be unsound, and every sound strategy gives the same perft.

#include <gtest/gtest.h>

#include "../support/variants.hpp"
#include "balance/core/perft.hpp"
#include "balance/core/rules.hpp"

namespace balance::testing {
namespace {

using core::Legality;
using core::LegalityChoice;

std::shared_ptr<const core::Rules<core::u64>> compile(const core::VariantSpec& spec,
                                                      const std::string& white,
                                                      const std::string& black) {
    auto r = core::Rules<core::u64>::compile(spec, white, black);
    if (!r) ADD_FAILURE() << r.error().to_string();
    return r ? *r : nullptr;
}

TEST(LegalityStrategy, ChosenFromTheOpponentsAttackers) {
    auto chess = compile(load_shipped("chess"), "", "");
    ASSERT_TRUE(chess);
    EXPECT_EQ(chess->legality[0], Legality::ExactPins);
    EXPECT_EQ(chess->legality[1], Legality::ExactPins);
    // Orcs attack with lame leapers and range-limited sliders; Humans only with leaps and lines.
    auto humans_orcs = compile(load_shipped("asymmetric"), "humans", "orcs");
    ASSERT_TRUE(humans_orcs);
    EXPECT_EQ(humans_orcs->legality[0], Legality::RemovalTest);  // White faces the Orcs
    EXPECT_EQ(humans_orcs->legality[1], Legality::ExactPins);
}

TEST(LegalityStrategy, UnsoundChoicesAreRefused) {
    auto spec = load_shipped("asymmetric");
    spec.rules.legality = LegalityChoice::ExactPins;
    auto r = core::Rules<core::u64>::compile(spec, "elves", "orcs");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("exact-pins\" is unsound"), std::string::npos)
        << r.error().message;

    auto anti = load_shipped("chess");
    anti.rules.anti_relay.enabled = true;
    anti.rules.legality = LegalityChoice::RemovalTest;
    auto a = core::Rules<core::u64>::compile(anti, "", "");
    ASSERT_FALSE(a.ok());
    EXPECT_NE(a.error().message.find("do not grow monotonically"), std::string::npos);
    anti.rules.legality = LegalityChoice::Auto;
    auto ok = compile(anti, "", "");
    ASSERT_TRUE(ok);
    EXPECT_EQ(ok->legality[0], Legality::FullTest);
}

// Every strategy that is sound for a rule set counts the same trees.
TEST(LegalityStrategy, EverySoundStrategyGivesTheSamePerft) {
    struct Case {
        const char* variant;
        const char* white;
        const char* black;
        const char* fen;
        int depth;
    };
    const Case cases[] = {
        {"chess", "", "", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
         3},
        {"chess", "", "", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4},
        {"asymmetric", "elves", "orcs", "", 3},
        {"asymmetric", "orcs", "humans", "", 3},
        {"uneven", "", "", "", 3},
    };
    for (const auto& c : cases) {
        auto spec = load_shipped(c.variant);
        core::PerftRequest req{c.white, c.black, c.fen, c.depth, false, false};
        auto base = core::run_perft(spec, req);
        ASSERT_TRUE(base.ok()) << base.error().to_string();
        for (auto choice : {LegalityChoice::RemovalTest, LegalityChoice::FullTest}) {
            spec.rules.legality = choice;
            auto r = core::run_perft(spec, req);
            ASSERT_TRUE(r.ok()) << r.error().to_string();
            EXPECT_EQ(r->nodes, base->nodes) << c.variant << " " << c.white << "-" << c.black << " "
                                             << c.fen << " strategy " << static_cast<int>(choice);
        }
    }
}

}  // namespace
}  // namespace balance::testing
