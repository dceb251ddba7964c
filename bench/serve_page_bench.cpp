// `balance serve` speed: the page of a 100,000-game database, built from the file (read every
// game, compute the report, render its JSON and HTML: what the server's start costs), rebuilt
// by the server after one more game is stored (it keeps the games it read: what a change of the
// store costs once, whatever the number of clients), and answered from the snapshot when
// nothing changed (one short read of the store's counts). The database is synthetic, written
// once by the fixture: Asymmetric's three armies in all nine pairings, two rule sets, one
// player, results drawn at random around an even score. Its rows are short (two moves, empty
// details) or, with played:1, of the size a sweep writes: 80 plies of moves, a score per ply
// and the players' settings, every game's moves different.

#include <benchmark/benchmark.h>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include <fmt/format.h>

#include "balance/config/variant_loader.hpp"
#include "balance/serve/snapshot.hpp"
#include "balance/tournament/cell_key.hpp"
#include "balance/tournament/store.hpp"

namespace {

namespace fs = std::filesystem;
using namespace balance;

// 80 plies of coordinate moves, different for every seed.
std::string played_moves(std::mt19937_64& rng) {
    std::string moves;
    for (int ply = 0; ply < 80; ++ply) {
        const auto square = [&] {
            const auto n = rng();
            return fmt::format("{}{}", static_cast<char>('a' + n % 8), 1 + n / 8 % 8);
        };
        moves += fmt::format("{}{}{}", ply ? " " : "", square(), square());
    }
    return moves;
}

// details_json as a sweep writes it (tournament::details_json): a score per ply, think time
// and nodes per side.
std::string played_details(std::mt19937_64& rng) {
    std::string scores;
    for (int ply = 0; ply < 80; ++ply)
        scores += fmt::format("{}{}", ply ? "," : "", static_cast<int>(rng() % 400) - 200);
    return fmt::format(R"({{"nodes":[{},{}],"scores":[{}],"think_ms":[{},{}]}})", rng() % 1000000,
                       rng() % 1000000, scores, rng() % 20000, rng() % 20000);
}

// Writes the database once per process (short rows, or rows as played); the path, or "" (and
// the reason on stderr) on failure.
template <bool Played>
fs::path synthetic_database(int games) {
    static const fs::path path = [games]() -> fs::path {
        // BALANCE_SERVE_BENCH_DB=FILE writes it there (rows as played: FILE's name with
        // "-played") and keeps it (to serve it, or to time a page through HTTP); else a
        // temporary file removed when the program ends (a 100,000-game database is tens of MB),
        // its name kept in a plain array, which no destructor runs on before the handler.
        const char* keep = std::getenv("BALANCE_SERVE_BENCH_DB");
        fs::path file = keep ? fs::path(keep)
                             : fs::temp_directory_path() /
                                   fmt::format("balance-serve-bench-{}-{}.db", ::getpid(), games);
        if (Played)
            file.replace_filename(
                fmt::format("{}-played{}", file.stem().string(), file.extension().string()));
        fs::remove(file);
        if (!keep) {
            static char name[4096];
            fmt::format_to_n(name, sizeof name - 1, "{}", file.string());
            std::atexit([] {
                std::error_code ec;
                for (const char* suffix : {"", "-wal", "-shm"})
                    fs::remove(fmt::format("{}{}", name, suffix), ec);
            });
        }
        auto store = tournament::ResultStore::open(file);
        if (!store) {
            fmt::print(stderr, "{}\n", store.error().to_string());
            return {};
        }
        tournament::RunRow run;
        run.started_at = "2026-01-01T00:00:00Z";
        run.sweep_name = "serve-bench";
        run.sweep_file = "bench.toml";
        run.config_json = R"({"name": "serve-bench", "games_per_cell": 6000})";
        const auto failed = [](const balance::Error& error) {
            fmt::print(stderr, "{}\n", error.to_string());
            return fs::path();
        };
        auto run_id = store->begin_run(run);
        if (!run_id) return failed(run_id.error());
        const char* armies[] = {"humans", "elves", "orcs"};
        const std::string rule_sets[] = {"", "stalemate-win"};
        std::string hashes[2];
        for (int r = 0; r < 2; ++r) {
            const std::string& rules = rule_sets[r];
            auto text = config::spec_text_from_configs("asymmetric", rules);
            if (!text) {
                fmt::print(stderr, "{}\n", text.error().to_string());
                return {};
            }
            tournament::RuleSpecRow spec{tournament::spec_hash(*text),
                                         "asymmetric",
                                         rules,
                                         rules,
                                         *text,
                                         "sweep",
                                         run.started_at};
            hashes[r] = spec.spec_hash;
            if (auto recorded = store->record_rule_spec(spec); !recorded)
                return failed(recorded.error());
        }
        std::mt19937_64 rng(42);
        std::discrete_distribution<int> outcome({0.35, 0.3, 0.35});
        std::mt19937_64 text_rng(7);  // moves and details: the same results with either rows
        if (auto batch = store->begin_batch(); !batch) return failed(batch.error());
        for (int i = 0; i < games; ++i) {
            const int cell = i % 18;
            const tournament::CellKey key{
                "asymmetric",        armies[cell % 3], armies[cell / 3 % 3],
                rule_sets[cell / 9], "engine",         "engine"};
            tournament::GameRow g;
            g.cell_key = key.str();
            g.game_index = i / 18;
            g.game_key = tournament::game_key(g.cell_key, g.game_index);
            g.run_id = *run_id;
            g.sweep_name = run.sweep_name;
            g.variant = key.variant;
            g.white_army = key.white;
            g.black_army = key.black;
            g.rules = key.rules;
            g.spec_hash = hashes[cell / 9];
            g.white_player = g.black_player = "engine";
            g.players_json =
                Played
                    ? R"({"black":{"nodes":5000,"type":"engine"},"white":{"nodes":5000,"type":"engine"}})"
                    : "{}";
            g.seed = static_cast<std::uint64_t>(i);
            g.start_fen =
                Played ? "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" : "start";
            g.moves = Played ? played_moves(text_rng) : "e2e4 e7e5";
            const int o = outcome(rng);
            g.result = o == 0 ? "1-0" : o == 1 ? "1/2-1/2" : "0-1";
            g.white_score = o == 0 ? 1.0 : o == 1 ? 0.5 : 0.0;
            g.termination = o == 1 ? "repetition" : "checkmate";
            g.plies = 80;
            g.duration_ms = 1000;
            g.finished_at = "2026-01-01T01:00:00Z";
            g.details_json = Played ? played_details(text_rng) : "{}";
            if (auto inserted = store->insert_game(g); !inserted) return failed(inserted.error());
        }
        if (auto committed = store->commit_batch(); !committed) return failed(committed.error());
        return file;
    }();
    return path;
}

// The database of the benchmark's arguments (games, played), or "" with the benchmark skipped.
fs::path database_of(benchmark::State& state) {
    const int games = static_cast<int>(state.range(0));
    const bool played = state.range(1) != 0;
    fs::path db = played ? synthetic_database<true>(games) : synthetic_database<false>(games);
    if (db.empty()) state.SkipWithError("cannot write the synthetic database");
    return db;
}

void BM_ServeBuildPage(benchmark::State& state) {
    const fs::path db = database_of(state);
    if (db.empty()) return;
    for (auto _ : state) {
        auto snapshot = serve::build_snapshot(db);
        if (!snapshot) {
            state.SkipWithError(snapshot.error().to_string().c_str());
            return;
        }
        benchmark::DoNotOptimize(snapshot->fragment.size() + snapshot->report_json.size());
    }
    state.counters["games"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_ServeBuildPage)
    ->ArgNames({"games", "played"})
    ->Args({100'000, 0})
    ->Args({100'000, 1})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

void BM_ServeUnchangedPage(benchmark::State& state) {
    const fs::path db = database_of(state);
    if (db.empty()) return;
    serve::RunSource source(db);
    (void)source.current();
    for (auto _ : state) {
        auto snapshot = source.current();
        benchmark::DoNotOptimize(snapshot);
    }
}
BENCHMARK(BM_ServeUnchangedPage)
    ->ArgNames({"games", "played"})
    ->Args({100'000, 0})
    ->Unit(benchmark::kMillisecond);

// What a watched sweep costs its page: one more game stored, then the page rebuilt by the server
// (serve::RunSource, which keeps the games it read). Runs last: it adds games to the database.
void BM_ServeNewGamePage(benchmark::State& state) {
    const fs::path db = database_of(state);
    if (db.empty()) return;
    serve::RunSource source(db, serve::Freshness{std::chrono::milliseconds(0), 0});
    const auto first = source.current();  // the server's start: the store read whole
    if (!first) {
        state.SkipWithError(first.error().to_string().c_str());
        return;
    }
    auto writer = tournament::ResultStore::open(db);
    auto stored = tournament::ResultStore::open_existing(db)->game(
        tournament::game_key("asymmetric|humans|humans||engine|engine", 0));
    if (!writer || !stored || !*stored) {
        state.SkipWithError("cannot open the synthetic database to write");
        return;
    }
    tournament::GameRow game = **stored;
    for (auto _ : state) {
        state.PauseTiming();
        game.game_index += 100'000;
        game.game_key = tournament::game_key(game.cell_key, game.game_index);
        const auto inserted = writer->insert_game(game);
        state.ResumeTiming();
        auto snapshot = source.current();
        if (!inserted || !snapshot) {
            state.SkipWithError("cannot store a game or build the page");
            return;
        }
        benchmark::DoNotOptimize(snapshot);
    }
}
BENCHMARK(BM_ServeNewGamePage)
    ->ArgNames({"games", "played"})
    ->Args({100'000, 0})
    ->Args({100'000, 1})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(10);

}  // namespace
