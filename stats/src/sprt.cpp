#include "balance/stats/sprt.hpp"

#include <boost/math/tools/toms748_solve.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "balance/stats/elo.hpp"

namespace balance::stats {

namespace {

template <std::size_t N>
using Vec = std::array<double, N>;

// An empirical distribution: values a_i (scores) and frequencies p_i.
template <std::size_t N>
struct Pdf {
    Vec<N> values;
    Vec<N> probs;
    double total = 0.0;  // N after regularization
};

template <std::size_t N>
Pdf<N> make_pdf(const std::array<std::int64_t, N>& counts) {
    Pdf<N> pdf;
    for (std::size_t i = 0; i < N; ++i) {
        // fishtest's regularize(): a zero count becomes 1e-3 so every log below is finite.
        pdf.probs[i] = counts[i] == 0 ? 1e-3 : static_cast<double>(counts[i]);
        pdf.total += pdf.probs[i];
        pdf.values[i] = static_cast<double>(i) / static_cast<double>(N - 1);
    }
    for (double& p : pdf.probs) p /= pdf.total;
    return pdf;
}

template <std::size_t N>
std::pair<double, double> mean_variance(const Vec<N>& values, const Vec<N>& probs) {
    double mean = 0.0;
    for (std::size_t i = 0; i < N; ++i) mean += probs[i] * values[i];
    double variance = 0.0;
    for (std::size_t i = 0; i < N; ++i)
        variance += probs[i] * (values[i] - mean) * (values[i] - mean);
    return {mean, variance};
}

// Solves the secular equation sum_i p_i phi_i / (1 + x phi_i) = 0 for x in
// (-1/max phi, -1/min phi), where the left side decreases from +inf to -inf.
template <std::size_t N>
std::optional<double> solve_secular(const Vec<N>& probs, const Vec<N>& phi) {
    const auto [lo_it, hi_it] = std::minmax_element(phi.begin(), phi.end());
    if (!(*lo_it < 0.0 && *hi_it > 0.0)) return std::nullopt;
    const auto f = [&](double x) {
        double sum = 0.0;
        for (std::size_t i = 0; i < N; ++i) sum += probs[i] * phi[i] / (1.0 + x * phi[i]);
        return sum;
    };
    constexpr double kEdge = 1e-9;  // stay off the poles, as fishtest does
    const double a = -1.0 / *hi_it + kEdge;
    const double b = -1.0 / *lo_it - kEdge;
    const double fa = f(a);
    const double fb = f(b);
    if (fa == 0.0) return a;
    if (fb == 0.0) return b;
    if (!(fa > 0.0 && fb < 0.0)) return std::nullopt;
    using NoThrow = boost::math::policies::policy<
        boost::math::policies::evaluation_error<boost::math::policies::ignore_error>>;
    std::uintmax_t iterations = 200;
    const auto [x0, x1] = boost::math::tools::toms748_solve(
        f, a, b, fa, fb, boost::math::tools::eps_tolerance<double>(52), iterations, NoThrow{});
    return 0.5 * (x0 + x1);
}

// ML distribution with expectation s (Van den Bergh prop. 1.1): p_i / (1 + x (a_i - s)).
template <std::size_t N>
std::optional<Vec<N>> mle_expected(const Pdf<N>& pdf, double s) {
    Vec<N> phi;
    for (std::size_t i = 0; i < N; ++i) phi[i] = pdf.values[i] - s;
    const auto x = solve_secular(pdf.probs, phi);
    if (!x) return std::nullopt;
    Vec<N> mle;
    for (std::size_t i = 0; i < N; ++i) mle[i] = pdf.probs[i] / (1.0 + *x * phi[i]);
    return mle;
}

// ML distribution with t-value (mu - ref)/sigma = t (Van den Bergh sec. 4.1), by fixed-point
// iteration from the uniform distribution.
template <std::size_t N>
std::optional<Vec<N>> mle_t_value(const Pdf<N>& pdf, double ref, double t) {
    Vec<N> mle;
    mle.fill(1.0 / static_cast<double>(N));
    for (int iteration = 0; iteration < 100; ++iteration) {
        const auto [mu, variance] = mean_variance(pdf.values, mle);
        const double sigma = std::sqrt(variance);
        Vec<N> phi;
        for (std::size_t i = 0; i < N; ++i) {
            const double z = (mu - pdf.values[i]) / sigma;
            phi[i] = pdf.values[i] - ref - 0.5 * t * sigma * (1.0 + z * z);
        }
        const auto x = solve_secular(pdf.probs, phi);
        if (!x) return std::nullopt;
        double change = 0.0;
        for (std::size_t i = 0; i < N; ++i) {
            const double next = pdf.probs[i] / (1.0 + *x * phi[i]);
            change = std::max(change, std::abs(next - mle[i]));
            mle[i] = next;
        }
        if (change < 1e-14) break;
    }
    return mle;
}

Expected<bool> check(const SprtParameters& parameters) {
    auto bounds = sprt_bounds(parameters.alpha, parameters.beta);
    if (!bounds) return bounds.error();
    if (!(parameters.elo0 < parameters.elo1)) return fail("SPRT needs elo0 < elo1");
    return true;
}

template <std::size_t N>
Expected<double> llr(const std::array<std::int64_t, N>& counts, const SprtParameters& parameters) {
    if (auto ok = check(parameters); !ok) return ok.error();
    std::int64_t games = 0;
    for (const auto c : counts) {
        if (c < 0) return fail("negative game count");
        games += c;
    }
    if (games == 0) return 0.0;
    const Pdf<N> pdf = make_pdf(counts);
    std::optional<Vec<N>> p0;
    std::optional<Vec<N>> p1;
    if (parameters.model == EloModel::Logistic) {
        p0 = mle_expected(pdf, score_from_elo(parameters.elo0));
        p1 = mle_expected(pdf, score_from_elo(parameters.elo1));
    } else {
        // A pair's mean score has half the per-game variance, so its t is sqrt(2) larger.
        const double scale = (N == 5 ? std::sqrt(2.0) : 1.0) / kNeloPerT;
        p0 = mle_t_value(pdf, 0.5, parameters.elo0 * scale);
        p1 = mle_t_value(pdf, 0.5, parameters.elo1 * scale);
    }
    if (!p0 || !p1) return fail("SPRT: no distribution satisfies the hypothesis");
    double sum = 0.0;
    for (std::size_t i = 0; i < N; ++i)
        sum += pdf.probs[i] * (std::log((*p1)[i]) - std::log((*p0)[i]));
    return pdf.total * sum;
}

template <class Counts>
Expected<SprtResult> run_test(const Counts& counts, const SprtParameters& parameters) {
    auto value = sprt_llr(counts, parameters);
    if (!value) return value.error();
    const SprtBounds bounds = *sprt_bounds(parameters.alpha, parameters.beta);
    return SprtResult{*value, bounds, sprt_decide(*value, bounds)};
}

}  // namespace

Expected<SprtBounds> sprt_bounds(double alpha, double beta) {
    if (!(alpha > 0.0 && alpha < 1.0 && beta > 0.0 && beta < 1.0)) {
        return fail("SPRT alpha and beta must lie in (0, 1)");
    }
    if (alpha + beta >= 1.0) return fail("SPRT needs alpha + beta < 1");
    return SprtBounds{std::log(beta / (1.0 - alpha)), std::log((1.0 - beta) / alpha)};
}

Expected<double> sprt_llr(const Wdl& wdl, const SprtParameters& parameters) {
    return llr<3>({wdl.losses, wdl.draws, wdl.wins}, parameters);
}

Expected<double> sprt_llr(const Pentanomial& pentanomial, const SprtParameters& parameters) {
    return llr<5>(pentanomial.as_array(), parameters);
}

SprtDecision sprt_decide(double llr_value, const SprtBounds& bounds) {
    if (llr_value >= bounds.upper) return SprtDecision::AcceptH1;
    if (llr_value <= bounds.lower) return SprtDecision::AcceptH0;
    return SprtDecision::Continue;
}

Expected<SprtResult> sprt_test(const Wdl& wdl, const SprtParameters& parameters) {
    return run_test(wdl, parameters);
}

Expected<SprtResult> sprt_test(const Pentanomial& pentanomial, const SprtParameters& parameters) {
    return run_test(pentanomial, parameters);
}

Expected<EloBounds> elo_bounds_for_score_margin(double margin, EloModel model,
                                                double per_game_sigma) {
    if (!(margin > 0.0 && margin < 0.5)) return fail("score margin must lie in (0, 1/2)");
    if (model == EloModel::Logistic) return EloBounds{0.0, elo_from_score(0.5 + margin)};
    if (!(per_game_sigma > 0.0)) return fail("normalized Elo bounds need a per-game sigma > 0");
    return EloBounds{0.0, margin / per_game_sigma * kNeloPerT};
}

}  // namespace balance::stats
