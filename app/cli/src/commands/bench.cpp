// `balance bench`: searches a fixed set of positions from every shipped variant to a fixed depth
// and prints the node signature (identical run to run: a search-change detector) and nodes/s.

#include <memory>

#include <fmt/format.h>

#include "balance/config/eval_weights_reader.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/players/engine/bench.hpp"
#include "commands.hpp"
#include "output.hpp"

namespace balance::cli {

using analysis::Json;

namespace {

struct BenchArgs {
    int depth = 8;
    int hash_mb = 16;
    bool json = false;
    std::vector<std::string> eval_files;  // evaluation files, each for its variant's positions
};

int run_bench_command(const BenchArgs& args, AppContext& ctx) {
    std::vector<players::engine::BenchSet> sets;
    const std::pair<const char*, std::vector<std::pair<const char*, const char*>>> plan[] = {
        {"chess", {{"", ""}}},
        {"asymmetric", {{"elves", "orcs"}, {"orcs", "humans"}, {"humans", "elves"}}},
        {"uneven", {{"", ""}}},
    };
    for (const auto& [variant, pairings] : plan) {
        auto path = config::find_variant(variant);
        if (!path) return report_error(ctx, path.error());
        auto spec = config::load_variant(*path);
        if (!spec) return report_error(ctx, spec.error());
        players::engine::EvalWeights weights;
        for (const std::string& file : args.eval_files) {
            auto of = config::eval_file_variant(file);
            if (!of) return report_error(ctx, of.error());
            if (*of != variant) continue;
            auto read = config::load_eval_weights_file(file, *spec);
            if (!read) return report_error(ctx, read.error());
            weights = std::move(*read);
        }
        for (const auto& [white, black] : pairings)
            sets.push_back({*spec, white, black, players::engine::bench_fens(variant), weights});
    }
    auto result =
        players::engine::run_bench(args.depth, sets, static_cast<std::size_t>(args.hash_mb));
    if (!result) return report_error(ctx, result.error());
    if (args.json) {
        print_json(ctx, Json{{"nodes", result->nodes},
                             {"seconds", result->seconds},
                             {"nps", result->nps},
                             {"depth", args.depth}});
        return 0;
    }
    ctx.out << fmt::format("depth {}\nnodes {}\nseconds {:.3f}\nnps {:.0f}\n", args.depth,
                           result->nodes, result->seconds, result->nps);
    return 0;
}

}  // namespace

void register_bench(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<BenchArgs>();
    CLI::App* command = app.add_subcommand(
        "bench",
        "Search fixed positions of every variant to a fixed depth: node signature and nodes/s");
    command->add_option("--depth,-d", args->depth, "Search depth")->check(CLI::Range(1, 30));
    command->add_option("--hash", args->hash_mb, "Transposition table size in MB")
        ->check(CLI::Range(1, 4096));
    command->add_option("--eval", args->eval_files,
                        "Evaluation files (balance tune) the engine plays by in their variant's "
                        "positions (chess, asymmetric, uneven); default: the hand-set weights");
    command->add_flag("--json", args->json, "Print one JSON object instead of text");
    command->callback([args, &ctx] { ctx.exit_code = run_bench_command(*args, ctx); });
}

}  // namespace balance::cli
