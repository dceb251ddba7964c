#include "balance/stats/normal.hpp"

#include <boost/math/distributions/normal.hpp>

#include <limits>

namespace balance::stats {

namespace {

// Domain and overflow errors become NaN / infinity instead of exceptions.
using NoThrow = boost::math::policies::policy<
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>>;

const boost::math::normal_distribution<double, NoThrow> kStandardNormal{0.0, 1.0};

}  // namespace

double critical_z(double confidence) {
    if (!(confidence > 0.0 && confidence < 1.0)) return std::numeric_limits<double>::quiet_NaN();
    return normal_quantile(0.5 + 0.5 * confidence);
}

double normal_cdf(double x) {
    return boost::math::cdf(kStandardNormal, x);
}

double normal_quantile(double p) {
    if (!(p > 0.0 && p < 1.0)) return std::numeric_limits<double>::quiet_NaN();
    return boost::math::quantile(kStandardNormal, p);
}

}  // namespace balance::stats
