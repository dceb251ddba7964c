// Search benchmarks: the bench positions of each shipped variant at a fixed depth (the same
// node counts as the signature in tests/players/engine_bench_test.cpp), and evaluation speed.
// Counters: nodes and nodes/s.

#include <benchmark/benchmark.h>

#include "balance/config/variant_loader.hpp"
#include "balance/core/game.hpp"
#include "balance/players/engine/bench.hpp"
#include "balance/players/engine/engine.hpp"

namespace {

using balance::players::engine::BenchSet;

balance::core::VariantSpec shipped(const std::string& name) {
    auto spec = balance::config::load_variant(std::string(BALANCE_SOURCE_DIR) +
                                              "/configs/variants/" + name + ".toml");
    if (!spec) throw std::runtime_error(spec.error().to_string());
    return *spec;
}

void run(benchmark::State& state, const std::vector<BenchSet>& sets) {
    const int depth = static_cast<int>(state.range(0));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        auto r = balance::players::engine::run_bench(depth, sets);
        if (!r) {
            state.SkipWithError(r.error().to_string().c_str());
            return;
        }
        nodes += r->nodes;
    }
    state.counters["nodes"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kAvgIterations);
    state.counters["nps"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

void BM_SearchChess(benchmark::State& state) {
    run(state, {{shipped("chess"), "", "", balance::players::engine::bench_fens("chess")}});
}
void BM_SearchAsymmetric(benchmark::State& state) {
    const auto spec = shipped("asymmetric");
    std::vector<BenchSet> sets;
    for (const char* w : {"humans", "elves", "orcs"})
        for (const char* b : {"humans", "elves", "orcs"})
            sets.push_back({spec, w, b, balance::players::engine::bench_fens("asymmetric")});
    run(state, sets);
}
void BM_SearchUneven(benchmark::State& state) {
    run(state, {{shipped("uneven"), "", "", balance::players::engine::bench_fens("uneven")}});
}

void BM_Evaluate(benchmark::State& state, const char* variant, const char* white,
                 const char* black) {
    auto game = balance::core::Game::start(
        shipped(variant), white, black,
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8");
    if (!game) {
        state.SkipWithError(game.error().to_string().c_str());
        return;
    }
    balance::players::engine::Engine engine;
    game->visit([&](const auto& pos) {
        for (auto _ : state) benchmark::DoNotOptimize(engine.static_eval(pos));
    });
}

BENCHMARK(BM_SearchChess)->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SearchAsymmetric)->Arg(7)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SearchUneven)->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Evaluate, chess, "chess", "", "");
BENCHMARK_CAPTURE(BM_Evaluate, elves_orcs, "asymmetric", "elves", "orcs");

}  // namespace
