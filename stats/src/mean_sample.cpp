#include "balance/stats/mean_sample.hpp"

#include <cmath>
#include <limits>

#include <boost/math/distributions/students_t.hpp>

namespace balance::stats {

void MeanSample::add(double x) {
    ++count;
    sum += x;
    sum_squares += x * x;
}

double MeanSample::mean() const {
    if (count <= 0) return std::numeric_limits<double>::quiet_NaN();
    return sum / static_cast<double>(count);
}

double MeanSample::variance() const {
    if (count < 2) return std::numeric_limits<double>::quiet_NaN();
    const double n = static_cast<double>(count);
    // Rounding can leave a tiny negative number for equal values.
    return std::max(0.0, (sum_squares - sum * sum / n) / (n - 1.0));
}

MeanSample& MeanSample::operator+=(const MeanSample& other) {
    count += other.count;
    sum += other.sum;
    sum_squares += other.sum_squares;
    return *this;
}

Expected<Interval> mean_interval(const MeanSample& sample, double confidence) {
    if (sample.count < 2) return fail("a mean interval needs at least 2 values");
    if (!(confidence > 0.0 && confidence < 1.0)) return fail("confidence must be in (0, 1)");
    const boost::math::students_t_distribution<double> t(static_cast<double>(sample.count - 1));
    const double q = boost::math::quantile(t, 0.5 + 0.5 * confidence);
    const double mean = sample.mean();
    const double half = q * std::sqrt(sample.variance() / static_cast<double>(sample.count));
    return Interval{mean, mean - half, mean + half, confidence};
}

}  // namespace balance::stats
