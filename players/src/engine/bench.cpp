#include "balance/players/engine/bench.hpp"

#include <chrono>

#include "balance/core/game.hpp"
#include "balance/players/engine/engine.hpp"

namespace balance::players::engine {

std::vector<std::string> bench_fens(const std::string& variant) {
    if (variant == "uneven") {
        return {
            "",
            "r1ncqkwndr/aa1aaaaaaa/2o7/2a7/4A5/5N4/AAAA1AAAAA/RBNPQKM1IR w KQkq - 2 3",
            "r2cqk2dr/aa1aa1aaaa/2onwa1n2/2a7/4AA4/2N2NI3/AAAAM1AAAA/RB1PQK3R w KQkq - 1 6",
            "3k6/10/4a5/2A1M5/10/7d2/10/4K5 w - - 0 40",
        };
    }
    // Start, an Italian opening, Kiwipete, a rook endgame, a Queen's Gambit middlegame in which
    // White has lost a bishop.
    return {
        "",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    };
}

Result<BenchResult> run_bench(int depth, const std::vector<BenchSet>& sets, std::size_t hash_mb) {
    BenchResult out;
    EngineOptions options;
    options.hash_mb = hash_mb;
    options.random_plies = 0;
    Engine engine(options);
    SearchLimits limits;
    limits.depth = depth;
    const auto start = std::chrono::steady_clock::now();
    for (const auto& set : sets) {
        options.eval_weights = set.weights;
        engine.set_options(options);
        auto rules = core::compile_rules(set.spec, set.white, set.black);
        if (!rules) return rules.error();
        for (const auto& fen : set.fens) {
            auto game = core::Game::start(*rules, fen);
            if (!game) return game.error();
            // search() is not a game's move: it starts from a logically empty table
            // (engine.hpp), so one engine gives the same counts as a fresh engine per position.
            out.nodes += game->visit([&](const auto& current) {
                auto pos = current;
                return engine.search(pos, limits).nodes;
            });
            ++out.positions;
        }
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out.nps = out.seconds > 0 ? static_cast<double>(out.nodes) / out.seconds : 0.0;
    return out;
}

}  // namespace balance::players::engine
