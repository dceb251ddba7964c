// `balance tune`'s fit speed: Texel's fit of an evaluation's weights (stats/texel_fit.hpp) on N
// synthetic positions of 64 features each - about a chess evaluation's weights - whose results
// come from known weights, starting from weights 30% off. A million positions is about 100,000
// games at 10 positions a game. Counter: positions/s (a whole fit, K first).

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

#include "balance/stats/texel_fit.hpp"

namespace {

constexpr int kWeights = 64;

// `positions` rows: small signed counts (most terms absent, as in an evaluation), a constant,
// and win/draw/loss results drawn from the logistic of the known weights' evaluation.
balance::stats::TexelRows tuning_rows(std::int64_t positions, std::vector<double>& truth) {
    std::mt19937_64 rng(42);
    std::discrete_distribution<int> count({1, 2, 10, 2, 1});  // -2 .. +2, mostly 0
    std::uniform_real_distribution<double> u(0.0, 1.0);
    truth.resize(kWeights);
    for (int j = 0; j < kWeights; ++j) truth[j] = 10.0 + 3.0 * (j % 17) - 20.0 * (j % 3 == 0);
    balance::stats::TexelRows rows;
    rows.columns = kWeights;
    rows.features.reserve(static_cast<std::size_t>(positions) * kWeights);
    for (std::int64_t i = 0; i < positions; ++i) {
        double e = 15.0;
        for (int j = 0; j < kWeights; ++j) {
            const int x = count(rng) - 2;
            rows.features.push_back(static_cast<float>(x));
            e += truth[j] * x;
        }
        rows.constants.push_back(15.0F);
        const double p = 1.0 / (1.0 + std::pow(10.0, -e / 400.0));
        const double draw = u(rng);
        rows.results.push_back(draw < p * 0.8 ? 1.0F : draw < p * 0.8 + 0.2 ? 0.5F : 0.0F);
    }
    return rows;
}

void BM_EvalTuneFit(benchmark::State& state) {
    std::vector<double> truth;
    const balance::stats::TexelRows rows = tuning_rows(state.range(0), truth);
    std::vector<double> start(truth);
    for (double& w : start) w *= 0.7;
    for (auto _ : state) {
        auto fit = balance::stats::fit_texel(rows, start);
        benchmark::DoNotOptimize(fit);
        if (!fit) state.SkipWithError("fit failed");
    }
    state.counters["positions/s"] = benchmark::Counter(
        static_cast<double>(state.range(0)), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_EvalTuneFit)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace
