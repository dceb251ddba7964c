// The report's label order: digit runs by value, so a ladder reads 4k, 10k, 25k, 64k.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "natural_order.hpp"

namespace balance::analysis {
namespace {

TEST(NaturalOrder, DigitRunsCompareByValue) {
    EXPECT_LT(natural_compare("balance:nodes=4000", "balance:nodes=10000"), 0);
    EXPECT_GT(natural_compare("balance:nodes=64000", "balance:nodes=25000"), 0);
    EXPECT_LT(natural_compare("fairymax:depth=4", "fairymax:depth=10"), 0);
    EXPECT_EQ(natural_compare("e:nodes=1000", "e:nodes=1000"), 0);
    // Text as plain text; a prefix first.
    EXPECT_LT(natural_compare("alpha", "beta"), 0);
    EXPECT_LT(natural_compare("balance", "balance:nodes=1"), 0);
    EXPECT_LT(natural_compare("", "a"), 0);
    // Equal values: fewer leading zeros first, so distinct labels never compare equal.
    EXPECT_LT(natural_compare("x7", "x07"), 0);
    EXPECT_NE(natural_compare("x07", "x7"), 0);
    // Two numbers in one label.
    EXPECT_GT(natural_compare("a2b10", "a2b9"), 0);
    EXPECT_LT(natural_compare("a2b10", "a10b1"), 0);
}

TEST(NaturalOrder, SortsALadderAndKeysAMap) {
    std::vector<std::string> rungs{"b:nodes=64000", "b:nodes=10000", "b:nodes=4000",
                                   "b:nodes=25000"};
    std::sort(rungs.begin(), rungs.end(), NaturalLess{});
    EXPECT_EQ(rungs, (std::vector<std::string>{"b:nodes=4000", "b:nodes=10000", "b:nodes=25000",
                                               "b:nodes=64000"}));
    using Key = std::tuple<std::string, int, std::string>;
    std::map<Key, int, NaturalLess> m;
    m[{"v", 1, "p:nodes=10000"}] = 2;
    m[{"v", 1, "p:nodes=4000"}] = 1;
    m[{"v", 0, "p:nodes=99999"}] = 0;
    std::vector<int> order;
    for (const auto& [key, value] : m) order.push_back(value);
    EXPECT_EQ(order, (std::vector<int>{0, 1, 2}));
}

TEST(NaturalOrder, CellsByFieldThenPlayersNaturally) {
    CellId a{"asymmetric", "elves", "orcs", "", "b:nodes=4000", "b:nodes=4000"};
    CellId b = a;
    b.white_player = b.black_player = "b:nodes=10000";
    EXPECT_TRUE(NaturalLess{}(a, b));
    EXPECT_FALSE(NaturalLess{}(b, a));
    CellId c = b;
    c.white = "dwarves";  // an earlier field decides before the players
    EXPECT_TRUE(NaturalLess{}(c, a));
}

}  // namespace
}  // namespace balance::analysis
