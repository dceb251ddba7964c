// Move generation and make/unmake on fixed positions of each shipped variant.
// Run: build/bench/balance_bench --benchmark_filter=Movegen

#include <benchmark/benchmark.h>

#include <string>

#include "balance/config/variant_loader.hpp"
#include "balance/core/game.hpp"

namespace {

using namespace balance;

struct Case {
    const char* variant;
    const char* white;
    const char* black;
    const char* fen;  // empty: start position
};

const Case cases[] = {
    {"chess", "", "", ""},
    {"chess", "", "", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"asymmetric", "elves", "orcs", ""},
    {"asymmetric", "orcs", "elves",
     "r1bqkb1r/ppp2ppp/2n2n2/3pp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 5 {W:orcs B:elves}"},
    {"uneven", "", "", ""},
};

core::Game load(const Case& c) {
    auto path = config::find_variant(c.variant);
    auto spec = config::load_variant(*path);
    return *core::Game::start(*spec, c.white, c.black, c.fen);
}

void BM_MovegenLegal(benchmark::State& state) {
    const Case& c = cases[state.range(0)];
    auto game = load(c);
    game.visit([&](auto& pos) {
        core::MoveList list;
        for (auto _ : state) {
            core::generate_legal(pos, list);
            benchmark::DoNotOptimize(list.size());
        }
        state.counters["moves"] = list.size();
    });
    state.SetLabel(std::string(c.variant) + " " + c.white + "-" + c.black +
                   (*c.fen ? " midgame" : " start"));
}

void BM_MakeUnmakeAll(benchmark::State& state) {
    const Case& c = cases[state.range(0)];
    auto game = load(c);
    game.visit([&](auto& pos) {
        core::MoveList list;
        core::generate_legal(pos, list);
        for (auto _ : state) {
            for (const auto m : list) {
                pos.make(m);
                pos.unmake();
            }
            benchmark::DoNotOptimize(pos.key());
        }
        state.SetItemsProcessed(state.iterations() * list.size());
    });
    state.SetLabel(std::string(c.variant) + " " + c.white + "-" + c.black +
                   (*c.fen ? " midgame" : " start"));
}

void BM_Perft3(benchmark::State& state) {
    const Case& c = cases[state.range(0)];
    auto game = load(c);
    game.visit([&](auto& pos) {
        std::uint64_t nodes = 0;
        for (auto _ : state) nodes += core::perft(pos, 3);
        state.SetItemsProcessed(static_cast<int64_t>(nodes));
    });
    state.SetLabel(std::string(c.variant) + " " + c.white + "-" + c.black +
                   (*c.fen ? " midgame" : " start"));
}

BENCHMARK(BM_MovegenLegal)->DenseRange(0, 4);
BENCHMARK(BM_MakeUnmakeAll)->DenseRange(0, 4);
BENCHMARK(BM_Perft3)->DenseRange(0, 4)->Unit(benchmark::kMillisecond);

}  // namespace
