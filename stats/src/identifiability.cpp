#include "balance/stats/identifiability.hpp"

namespace balance::stats {

bool is_constant_column(Eigen::Ref<const Eigen::MatrixXd> x, Eigen::Index column) {
    for (Eigen::Index i = 1; i < x.rows(); ++i)
        if (x(i, column) != x(0, column)) return false;
    return true;
}

std::vector<std::size_t> independent_columns(Eigen::Ref<const Eigen::MatrixXd> x,
                                             std::span<const std::size_t> candidates) {
    const Eigen::Index n = x.rows();
    std::vector<std::size_t> kept;
    for (const std::size_t column : candidates) {
        Eigen::MatrixXd design(n, static_cast<Eigen::Index>(kept.size()) + 2);
        design.col(0).setOnes();
        for (std::size_t k = 0; k < kept.size(); ++k)
            design.col(static_cast<Eigen::Index>(k) + 1) =
                x.col(static_cast<Eigen::Index>(kept[k]));
        design.col(design.cols() - 1) = x.col(static_cast<Eigen::Index>(column));
        Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(design);
        qr.setThreshold(1e-9);
        if (qr.rank() == design.cols()) kept.push_back(column);
    }
    return kept;
}

}  // namespace balance::stats
