// `balance merge`: combines the databases of a sweep's shards (or of several machines) into one,
// each game once.

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/config/variant_loader.hpp"
#include "balance/tournament/merge.hpp"
#include "commands.hpp"
#include "output.hpp"

namespace balance::cli {

using analysis::Json;

namespace {

struct MergeArgs {
    std::string output;
    std::vector<std::string> inputs;
    bool force = false;
    bool json = false;
};

int run_merge_command(const MergeArgs& args, AppContext& ctx) {
    const std::vector<std::filesystem::path> inputs(args.inputs.begin(), args.inputs.end());
    auto summary = tournament::merge_databases(args.output, inputs, args.force,
                                               config::spec_text_from_configs);
    if (!summary) return report_error(ctx, summary.error());
    if (args.json) {
        print_json(ctx, Json{{"output", args.output},
                             {"runs", summary->runs},
                             {"games", summary->games},
                             {"duplicates", summary->duplicates},
                             {"conflicts", summary->conflicts}});
    } else {
        ctx.out << fmt::format(
            "{}: added {} games and {} run records from {} databases; {} duplicates skipped\n",
            args.output, summary->games, summary->runs, inputs.size(), summary->duplicates);
    }
    if (summary->conflicts > 0) {
        ctx.err << fmt::format(
            "balance: warning: {} games had the same key but different moves; the copy stored "
            "first was kept (were the players not node- or depth-limited?)\n",
            summary->conflicts);
    }
    return 0;
}

}  // namespace

void register_merge(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<MergeArgs>();
    CLI::App* command = app.add_subcommand(
        "merge", "Combine results databases of one sweep (e.g. its shards) without duplicates");
    command->add_option("output", args->output, "The database to add to (created if missing)")
        ->required();
    command->add_option("inputs", args->inputs, "Databases to copy from")->required();
    command->add_flag("--force", args->force, "Merge databases of different sweep configurations");
    command->add_flag("--json", args->json, "Print one JSON object instead of text");
    command->callback([args, &ctx] { ctx.exit_code = run_merge_command(*args, ctx); });
}

}  // namespace balance::cli
