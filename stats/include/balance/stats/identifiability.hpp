#pragma once
// Which regression columns the data can identify. A column that never varies is confounded with
// the intercept; a column that is a linear combination of the intercept and earlier columns
// (two pieces always exchanged together) cannot be separated from them. Fitting either makes
// the design rank-deficient, so callers drop those columns and say why.

#include <cstddef>
#include <span>
#include <vector>

#include "balance/stats/eigen.hpp"

namespace balance::stats {

/// Whether column `column` of `x` has the same value in every row (true for no rows).
[[nodiscard]] bool is_constant_column(Eigen::Ref<const Eigen::MatrixXd> x, Eigen::Index column);

/// The columns of `candidates`, in their order, that each add a dimension to the span of an
/// intercept column and the columns kept before them (rank by column-pivoted QR, threshold
/// 1e-9). The others are linear combinations of those.
[[nodiscard]] std::vector<std::size_t> independent_columns(Eigen::Ref<const Eigen::MatrixXd> x,
                                                           std::span<const std::size_t> candidates);

}  // namespace balance::stats
