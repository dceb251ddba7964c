// Piece-value fit speed: the texel fit (held positional offset, 15 piece columns) on a synthetic
// store of N positions, without and with 200 game-level bootstrap resamples. A million positions
// is a large study (about 125,000 games at 8 positions a game). Counter: positions/s.

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

#include "balance/analysis/piece_values.hpp"

namespace {

using balance::analysis::MaterialData;

// `positions` rows, 8 per game, 15 pieces whose differences are small integers; outcomes from a
// logistic model with a positional part.
MaterialData synthetic(std::int64_t positions) {
    std::mt19937_64 rng(42);
    std::discrete_distribution<int> diff({1, 8, 1});  // -1, 0, +1: most pieces are even
    std::normal_distribution<double> normal(0.0, 1.0);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    MaterialData data;
    for (int k = 0; k < 15; ++k) {
        data.pieces.push_back("piece" + std::to_string(k));
        data.documented.push_back(1.0 + k);
        data.armies.push_back("army");
    }
    data.first_pawn = "piece0";
    for (std::int64_t i = 0; i < positions; ++i) {
        std::vector<double> row(15);
        double material = 0.0;
        for (int k = 0; k < 15; ++k) {
            row[k] = diff(rng) - 1;
            material += 20.0 * (1.0 + k) * row[k];
        }
        const double positional = 50.0 * normal(rng);
        const double p = 1.0 / (1.0 + std::exp(-0.004 * (material + positional)));
        data.rows.push_back(std::move(row));
        data.positional.push_back(positional);
        data.engine_material.push_back(material);
        data.outcomes.push_back(u(rng) < p ? 1.0 : 0.0);
        data.clusters.push_back(i / 8);
    }
    return data;
}

void BM_TexelFit(benchmark::State& state) {
    const MaterialData data = synthetic(state.range(0));
    balance::analysis::ValueFitOptions options;
    options.positional = balance::analysis::PositionalTerm::Held;
    options.bootstrap = static_cast<int>(state.range(1));
    for (auto _ : state) {
        auto fit = balance::analysis::fit_piece_values(data, options);
        if (!fit) {
            state.SkipWithError(fit.error().to_string().c_str());
            return;
        }
        benchmark::DoNotOptimize(fit->rows);
    }
    state.counters["positions/s"] = benchmark::Counter(
        static_cast<double>(state.range(0)), benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK(BM_TexelFit)
    ->Args({100'000, 0})
    ->Args({1'000'000, 0})
    ->Args({1'000'000, 200})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace
