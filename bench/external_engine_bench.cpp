// Harness overhead with external engines: what a sweep pays per engine start, per
// protocol round trip and per move, next to the engines' own thinking time. One engine at a
// time, one thread each; engines not installed are skipped with a message.
//
//   Start      process start, handshake (uci/uciok/isready; xboard/protover/features/ping), quit
//   Sync       one isready/readyok or ping/pong round trip
//   Move/1     a move at depth 1: position, limits, sync, go, answer (almost all harness)
//   Move/limit a move at the limit the shipped sweeps use (Fairy-Max depth 5, the others 20000
//              nodes), game moves sent incrementally as in a sweep
// Counters on the Move benchmarks: think_us = the engine's part (from `go` to its answer),
// overhead_us = the rest of the call (position, limits, sync), both per move.
//
//   balance_bench --benchmark_filter=External
//
// One run (2 cores under a full background load, so absolute times are inflated; shares hold):
//   engine           start  sync   move d1  move at limit  (think / rest)   d1 / limit
//   stockfish        164ms  112us  0.32ms   36.6ms (36.5ms / 0.08ms)        0.9%
//   fairy-stockfish  237ms   44us  0.92ms   52.6ms (52.4ms / 0.18ms)        1.7%
//   fairymax          11ms   16us  0.42ms   49.1ms (48.7ms / 0.47ms)        0.8%
//   sjaakii           13ms   19us  0.59ms   57.5ms (57.1ms / 0.38ms)        1.0%
// So the harness's part of a move (position, limits, the XBoard ping before go: "rest") is
// 0.1-0.5 ms, 0.2-1% of a move at the sweeps' limits; a whole depth-1 move, an upper bound on the
// protocol's cost, is 0.3-0.9 ms (1-2%). A start (once per worker, and after a crash) costs about
// 4.5 such moves for the two Stockfishes, a quarter of one for Fairy-Max and SjaakII.

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

#include "balance/players/external/uci_client.hpp"
#include "balance/players/external/xboard_client.hpp"

namespace {

namespace ext = balance::players::external;

enum class Engine { Stockfish, FairyStockfish, Fairymax, Sjaakii };

const char* binary(Engine e) {
    switch (e) {
        case Engine::Stockfish:
            return "/usr/games/stockfish";
        case Engine::FairyStockfish:
            return "/usr/games/fairy-stockfish";
        case Engine::Fairymax:
            return "/usr/games/fairymax";
        case Engine::Sjaakii:
            return "/usr/games/sjaakii";
    }
    return "";
}

// Configured as the shipped sweeps configure them.
std::unique_ptr<ext::EngineClient> make_client(Engine e) {
    if (e == Engine::Stockfish || e == Engine::FairyStockfish) {
        ext::UciConfig config;
        config.process.argv = {binary(e)};
        config.options = {{"Threads", "1"}, {"Hash", "16"}};
        return std::make_unique<ext::UciClient>(std::move(config));
    }
    ext::XboardConfig config;
    config.process.argv = {binary(e)};
    config.process.argv.emplace_back(e == Engine::Fairymax ? "20" : "-xboard");
    return std::make_unique<ext::XboardClient>(std::move(config));
}

ext::Limits sweep_limits(Engine e) {
    ext::Limits limits;
    if (e == Engine::Fairymax) {
        limits.depth = 5;
    } else {
        limits.nodes = 20000;
    }
    return limits;
}

// A started client, or nullptr after telling the benchmark why.
std::unique_ptr<ext::EngineClient> started(benchmark::State& state, Engine e) {
    if (access(binary(e), X_OK) != 0) {
        state.SkipWithError((std::string(binary(e)) + " is not installed").c_str());
        return nullptr;
    }
    auto client = make_client(e);
    if (auto s = client->start(); !s) {
        state.SkipWithError(s.error().describe().c_str());
        return nullptr;
    }
    return client;
}

void BM_ExternalStart(benchmark::State& state, Engine e) {
    if (!started(state, e)) return;
    for (auto _ : state) {
        auto client = make_client(e);
        if (auto s = client->start(); !s) {
            state.SkipWithError(s.error().describe().c_str());
            return;
        }
        client->stop();
    }
}

void BM_ExternalSync(benchmark::State& state, Engine e) {
    auto client = started(state, e);
    if (!client) return;
    for (auto _ : state) {
        if (auto s = client->sync(); !s) {
            state.SkipWithError(s.error().describe().c_str());
            return;
        }
    }
}

// Self-play from the start position, a new game every 40 plies (or when a game ends), so the
// per-game setup (`ucinewgame`, or `new`/`variant`/`force`) is paid as often as in a sweep.
void run_moves(benchmark::State& state, Engine e, const ext::Limits& limits) {
    auto client = started(state, e);
    if (!client) return;
    std::vector<std::string> moves;
    double think_us = 0;
    double total_us = 0;
    for (auto _ : state) {
        if (moves.size() >= 40) {
            moves.clear();
            if (auto s = client->new_game(); !s) {
                state.SkipWithError(s.error().describe().c_str());
                return;
            }
        }
        const auto t0 = std::chrono::steady_clock::now();
        auto reply = client->go("startpos", moves, limits);
        const auto t1 = std::chrono::steady_clock::now();
        if (!reply) {
            state.SkipWithError(reply.error().describe().c_str());
            return;
        }
        think_us += static_cast<double>(reply->elapsed.count());
        total_us += std::chrono::duration<double, std::micro>(t1 - t0).count();
        if (reply->kind == ext::ReplyKind::Move) {
            moves.push_back(reply->move);
        } else {
            moves.assign(40, "");  // game over: the next iteration starts a new one
        }
    }
    const auto n = static_cast<double>(state.iterations());
    state.counters["think_us"] = think_us / n;
    state.counters["overhead_us"] = (total_us - think_us) / n;
}

void BM_ExternalMoveDepth1(benchmark::State& state, Engine e) {
    ext::Limits limits;
    limits.depth = 1;
    run_moves(state, e, limits);
}

void BM_ExternalMoveSweepLimit(benchmark::State& state, Engine e) {
    run_moves(state, e, sweep_limits(e));
}

#define EXTERNAL_BENCHMARKS(engine)                                      \
    BENCHMARK_CAPTURE(BM_ExternalStart, engine, Engine::engine)          \
        ->Iterations(20)                                                 \
        ->UseRealTime()                                                  \
        ->Unit(benchmark::kMillisecond);                                 \
    BENCHMARK_CAPTURE(BM_ExternalSync, engine, Engine::engine)           \
        ->Iterations(500)                                                \
        ->UseRealTime()                                                  \
        ->Unit(benchmark::kMicrosecond);                                 \
    BENCHMARK_CAPTURE(BM_ExternalMoveDepth1, engine, Engine::engine)     \
        ->Iterations(200)                                                \
        ->UseRealTime()                                                  \
        ->Unit(benchmark::kMillisecond);                                 \
    BENCHMARK_CAPTURE(BM_ExternalMoveSweepLimit, engine, Engine::engine) \
        ->Iterations(80)                                                 \
        ->UseRealTime()                                                  \
        ->Unit(benchmark::kMillisecond)

EXTERNAL_BENCHMARKS(Stockfish);
EXTERNAL_BENCHMARKS(FairyStockfish);
EXTERNAL_BENCHMARKS(Fairymax);
EXTERNAL_BENCHMARKS(Sjaakii);

}  // namespace
