#include "balance/stats/multiple.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace balance::stats {
namespace {

// Wikipedia "Holm-Bonferroni method" example: four hypotheses with p = 0.01, 0.04, 0.03, 0.005
// at alpha = 0.05; H1 and H4 are rejected. Adjusted values as R's
// p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02.
TEST(Holm, WorkedExample) {
    const std::vector<double> p{0.01, 0.04, 0.03, 0.005};
    const auto adjusted = holm_adjust(p);
    ASSERT_TRUE(adjusted.ok());
    const std::vector<double> expected{0.03, 0.06, 0.06, 0.02};
    ASSERT_EQ(adjusted->size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        EXPECT_NEAR((*adjusted)[i], expected[i], 1e-15);
    const auto reject = holm_reject(p, 0.05);
    ASSERT_TRUE(reject.ok());
    EXPECT_EQ(*reject, (std::vector<bool>{true, false, false, true}));
}

TEST(Holm, MonotoneAndCappedAtOne) {
    // Sorted: 0.2*3 = 0.6, max(0.6, 0.3*2) = 0.6, max(0.6, 0.9*1) = 0.9; ties keep order.
    const auto adjusted = holm_adjust(std::vector<double>{0.9, 0.2, 0.3});
    ASSERT_TRUE(adjusted.ok());
    EXPECT_NEAR((*adjusted)[0], 0.9, 1e-15);
    EXPECT_NEAR((*adjusted)[1], 0.6, 1e-15);
    EXPECT_NEAR((*adjusted)[2], 0.6, 1e-15);
    const auto capped = holm_adjust(std::vector<double>{0.5, 0.5});
    ASSERT_TRUE(capped.ok());
    EXPECT_EQ((*capped)[0], 1.0);
    EXPECT_TRUE(holm_adjust(std::vector<double>{})->empty());
}

TEST(Holm, RejectsInvalidInput) {
    EXPECT_FALSE(holm_adjust(std::vector<double>{0.1, 1.2}).ok());
    EXPECT_FALSE(holm_adjust(std::vector<double>{std::nan("")}).ok());
    EXPECT_FALSE(holm_reject(std::vector<double>{0.1}, 0.0).ok());
}

TEST(PValue, TwoSidedNormal) {
    // z = 1.959964 -> p = 0.05; z = 1 -> p = 0.3173105078629141.
    EXPECT_NEAR(*two_sided_p_value(1.959963984540054, 1.0), 0.05, 1e-12);
    EXPECT_NEAR(*two_sided_p_value(-0.2, 0.2), 0.3173105078629141, 1e-12);
    EXPECT_NEAR(*two_sided_p_value(0.7, 0.1, 0.5), 0.04550026389635842, 1e-12);  // z = 2
    EXPECT_NEAR(*two_sided_p_value(0.0, 1.0), 1.0, 1e-15);
    // Far tail keeps relative precision: 2 Phi(-10) = 1.5239706e-23.
    EXPECT_NEAR(*two_sided_p_value(10.0, 1.0) / 1.5239706048321186e-23, 1.0, 1e-9);
    EXPECT_FALSE(two_sided_p_value(1.0, 0.0).ok());
    EXPECT_FALSE(two_sided_p_value(std::nan(""), 1.0).ok());
}

}  // namespace
}  // namespace balance::stats
