// Which regression columns the data can identify: constant columns and linear combinations.

#include "balance/stats/identifiability.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace balance::stats {
namespace {

TEST(Identifiability, ConstantColumns) {
    Eigen::MatrixXd x(3, 2);
    x << 1, 0, 1, 1, 1, 2;
    EXPECT_TRUE(is_constant_column(x, 0));
    EXPECT_FALSE(is_constant_column(x, 1));
}

TEST(Identifiability, DropsLinearCombinationsInOrder) {
    // Column 2 = column 0 + column 1; column 3 = 2 - column 0 (a combination with the intercept).
    Eigen::MatrixXd x(5, 4);
    x << 1, 0, 1, 1,  //
        0, 1, 1, 2,   //
        2, 1, 3, 0,   //
        1, 3, 4, 1,   //
        0, 0, 0, 2;
    const std::vector<std::size_t> all{0, 1, 2, 3};
    EXPECT_EQ(independent_columns(x, all), (std::vector<std::size_t>{0, 1}));
    // The order decides which of a dependent set is kept.
    const std::vector<std::size_t> reversed{2, 1, 0};
    EXPECT_EQ(independent_columns(x, reversed), (std::vector<std::size_t>{2, 1}));
}

TEST(Identifiability, AConstantColumnIsTheIntercept) {
    Eigen::MatrixXd x(3, 2);
    x << 1, 5, 2, 5, 3, 5;
    const std::vector<std::size_t> all{0, 1};
    EXPECT_EQ(independent_columns(x, all), (std::vector<std::size_t>{0}));
}

}  // namespace
}  // namespace balance::stats
