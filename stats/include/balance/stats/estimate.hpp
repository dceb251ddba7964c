#pragma once
// A model parameter (or a function of parameters) with its standard error.

#include "balance/stats/interval.hpp"
#include "balance/stats/normal.hpp"

namespace balance::stats {

/// An estimate with its (asymptotic) standard error.
struct Estimate {
    double value = 0.0;
    double standard_error = 0.0;
};

/// Wald interval value +- z_c * se.
[[nodiscard]] inline Interval wald_interval(const Estimate& estimate, double confidence) {
    const double half = critical_z(confidence) * estimate.standard_error;
    return Interval{estimate.value, estimate.value - half, estimate.value + half, confidence};
}

}  // namespace balance::stats
