#include "balance/stats/interval.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "balance/stats/normal.hpp"

namespace balance::stats {

namespace {

// Lower limit: the smallest s in [0, x] with n (x - s)^2 <= z^2 V(s), where
// V(s) = s(1-s) - min(d, 2s)/4 and k = z^2/n. V has two pieces, so each gives a candidate:
// - s >= d/2: (1+k)s^2 - (2x+k)s + x^2 + kd/4 = 0, discriminant k(4 V(x) + k(1-d)) >= 0;
// - s < d/2 (cap active): (1+k)s^2 - (2x + k/2)s + x^2 = 0.
// A root counts only inside its own piece. x itself always qualifies (V(x) >= 0), so it is the
// fallback. With all draws the first piece only touches zero at x; the second gives the limit.
double lower_limit(double x, double d, double k) {
    const double a = 1.0 + k;
    double best = x;
    const double b = 2.0 * x + k;
    const double disc = std::max(0.0, k * (4.0 * (x * (1.0 - x) - 0.25 * d) + k * (1.0 - d)));
    const double root = (b - std::sqrt(disc)) / (2.0 * a);
    if (root >= 0.5 * d) best = std::min(best, root);
    const double b_capped = 2.0 * x + 0.5 * k;
    const double disc_capped = b_capped * b_capped - 4.0 * a * x * x;
    if (disc_capped >= 0.0) {
        const double root_capped = (b_capped - std::sqrt(disc_capped)) / (2.0 * a);
        if (root_capped < 0.5 * d) best = std::min(best, root_capped);
    }
    return std::max(0.0, best);
}

// The score-test inversion for n games of mean score x and draw rate d.
Expected<Interval> bounded_wilson(std::int64_t n, double x, double d, double confidence) {
    if (n <= 0) return fail("no games");
    const double z = critical_z(confidence);
    if (std::isnan(z))
        return fail("confidence must lie in (0, 1), got " + std::to_string(confidence));
    const double k = z * z / static_cast<double>(n);
    // The upper limit is the lower limit of the opponent's score, reflected.
    const double lower = std::min(x, lower_limit(x, d, k));
    const double upper = std::max(x, 1.0 - lower_limit(1.0 - x, d, k));
    return Interval{x, lower, upper, confidence};
}

Expected<Interval> trinomial_wilson(const Wdl& wdl, double confidence) {
    if (wdl.wins < 0 || wdl.draws < 0 || wdl.losses < 0) return fail("negative game count");
    if (wdl.games() <= 0) return fail("no games");
    return bounded_wilson(wdl.games(), wdl.score(), wdl.draw_rate(), confidence);
}

}  // namespace

Expected<Interval> wilson_interval(std::int64_t successes, std::int64_t trials, double confidence) {
    if (trials <= 0) return fail("no trials");
    if (successes < 0 || successes > trials) return fail("successes outside [0, trials]");
    return trinomial_wilson(Wdl{successes, 0, trials - successes}, confidence);
}

Expected<Interval> score_interval(const Wdl& wdl, double confidence) {
    return trinomial_wilson(wdl, confidence);
}

Expected<Interval> mean_score_interval(const ScoreSample& sample, double confidence) {
    if (sample.games <= 0) return fail("no games");
    const double n = static_cast<double>(sample.games);
    const double x = sample.mean();
    const double m = sample.mean_spread();
    // Sums of scores in [0, 1] give 0 <= x <= 1 and 0 <= m <= x(1-x) (up to rounding).
    constexpr double kSlack = 1e-9;
    if (!(x >= -kSlack && x <= 1.0 + kSlack && m >= -kSlack && m <= x * (1.0 - x) + kSlack))
        return fail("not a sample of scores in [0, 1]");
    const double z = critical_z(confidence);
    if (std::isnan(z))
        return fail("confidence must lie in (0, 1), got " + std::to_string(confidence));
    const double p = std::clamp(x, 0.0, 1.0);
    const double binomial = p * (1.0 - p);
    // The dispersion from the unbiased sample variance; at least 1/n (one game's worth), so a
    // sample of equal scores still gets an interval.
    const double unbiased = n > 1.0 ? n / (n - 1.0) : 1.0;
    const double k_hat = binomial > 0.0 ? (binomial - m) / binomial * unbiased : 1.0;
    const double k = std::clamp(k_hat, 1.0 / n, 1.0);
    const double c = z * z * k / n;  // z^2 / n_eff
    const double centre = (p + 0.5 * c) / (1.0 + c);
    const double half = std::sqrt(c * binomial + 0.25 * c * c) / (1.0 + c);
    return Interval{p, std::clamp(std::min(p, centre - half), 0.0, 1.0),
                    std::clamp(std::max(p, centre + half), 0.0, 1.0), confidence};
}

Expected<DifferenceInterval> score_difference_interval(const Wdl& treatment, const Wdl& baseline,
                                                       double confidence) {
    auto first = trinomial_wilson(treatment, confidence);
    if (!first) return fail("treatment: " + first.error().message);
    auto second = trinomial_wilson(baseline, confidence);
    if (!second) return fail("baseline: " + second.error().message);
    const Interval& a = *first;
    const Interval& b = *second;
    const double diff = a.estimate - b.estimate;
    const double below = std::hypot(a.estimate - a.lower, b.upper - b.estimate);
    const double above = std::hypot(a.upper - a.estimate, b.estimate - b.lower);
    const double se =
        std::sqrt(treatment.score_variance() / static_cast<double>(treatment.games()) +
                  baseline.score_variance() / static_cast<double>(baseline.games()));
    return DifferenceInterval{diff, diff - below, diff + above, se, confidence};
}

}  // namespace balance::stats
