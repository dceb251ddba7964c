// `balance perft`: counts the leaf nodes of the legal move tree (the move generator's
// correctness gate) for any variant, army pairing, position and rule set.

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "balance/core/perft.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "variant_args.hpp"

namespace balance::cli {

using analysis::Json;

namespace {

struct PerftArgs {
    VariantArgs variant;
    std::string fen;
    int depth = 1;
    bool divide = false;
    bool check = false;
    bool json = false;
};

std::uint64_t nodes_per_second(const core::PerftResult& result) {
    if (result.seconds <= 0.0) return 0;
    return static_cast<std::uint64_t>(
        std::llround(static_cast<double>(result.nodes) / result.seconds));
}

int run_perft_command(const PerftArgs& args, AppContext& ctx) {
    auto selected = load_selected_variant(args.variant, args.fen);
    if (!selected) return report_error(ctx, selected.error());
    core::PerftRequest request;
    request.white_army = selected->white;
    request.black_army = selected->black;
    request.fen = selected->fen;
    request.depth = args.depth;
    request.divide = args.divide;
    request.check_invariants = args.check;
    auto result = core::run_perft(selected->spec, request);
    if (!result) return report_error(ctx, result.error());

    const std::uint64_t nps = nodes_per_second(*result);
    if (args.json) {
        Json out{{"nodes", result->nodes}, {"seconds", result->seconds}, {"nps", nps}};
        if (args.divide) {
            Json divide = Json::object();
            for (const auto& [move, nodes] : result->divide) divide[move] = nodes;
            out["divide"] = std::move(divide);
        }
        print_json(ctx, out);
        return 0;
    }
    for (const auto& [move, nodes] : result->divide) ctx.out << move << ": " << nodes << '\n';
    ctx.out << "nodes " << result->nodes << '\n'
            << fmt::format("seconds {:.3f}\n", result->seconds) << "nps " << nps << '\n';
    return 0;
}

}  // namespace

void register_perft(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<PerftArgs>();
    CLI::App* command =
        app.add_subcommand("perft", "Count the leaf nodes of the legal move tree to a fixed depth");
    add_variant_args(*command, args->variant, ctx.program);
    command->add_option("--fen", args->fen,
                        "Start from this FEN (default: the variant's start); its army tags "
                        "{W:army B:army} choose the armies --white and --black leave open");
    command->add_option("--depth,-d", args->depth, "Depth in plies")
        ->required()
        ->check(CLI::Range(0, 64));
    command->add_flag("--divide", args->divide, "Also print the node count below each root move");
    command->add_flag("--check", args->check,
                      "Verify make/unmake, hashing and check detection at every node (slower)");
    command->add_flag("--json", args->json, "Print one JSON object instead of text");
    command->callback([args, &ctx] { ctx.exit_code = run_perft_command(*args, ctx); });
}

}  // namespace balance::cli
