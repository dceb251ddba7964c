// `balance values`: piece values fitted from the stored games of one variant, all armies on one
// scale, beside the documented values of the variant file. Default: logistic regression of the
// outcome on material in quiet positions (report/piece_values.hpp). --odds: H. G. Muller's
// material-odds method on games whose start position lacks one piece (report/odds_values.hpp).

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "balance/analysis/cells.hpp"
#include "balance/analysis/display_tables.hpp"
#include "balance/analysis/odds_values.hpp"
#include "balance/analysis/piece_values.hpp"
#include "balance/analysis/render.hpp"
#include "balance/analysis/report_data.hpp"
#include "balance/cli/commands.hpp"
#include "balance/cli/output.hpp"
#include "balance/cli/output_file.hpp"
#include "balance/cli/sampling_flags.hpp"
#include "number_flags.hpp"

namespace balance::app {

namespace {

struct ValuesArgs {
    std::string db;
    std::string variant;
    std::string rules;  // "*" = every rule set
    std::string normalize;
    std::optional<double> unit_value;
    report::SamplingOptions sampling;
    int bootstrap = 0;
    std::uint64_t seed = 1;
    double confidence = 0.95;
    bool odds = false;
    bool json = false;
    std::string out;
};

// The command's text: a heading, then the table as in the report.
std::string table_text(const report::DisplayTable& table, const std::string& heading) {
    return "# " + heading + "\n\n" + report::markdown_table(table, "##");
}

Result<std::string> pick_variant(const std::vector<report::StoredGame>& games,
                                 const std::string& wanted) {
    const auto variants = report::variants_in(games);
    if (!wanted.empty()) {
        if (std::find(variants.begin(), variants.end(), wanted) == variants.end())
            return make_error(
                fmt::format("no games of variant '{}' in this database (variants: {})", wanted,
                            fmt::join(variants, ", ")));
        return wanted;
    }
    if (variants.empty()) return make_error("the database holds no games");
    if (variants.size() > 1)
        return make_error(
            fmt::format("the database holds several variants ({}): choose one with "
                        "--variant",
                        fmt::join(variants, ", ")));
    return variants.front();
}

int run_values_command(const ValuesArgs& args, AppContext& ctx) {
    auto store = report::read_store(args.db);
    if (!store) return report_error(ctx, store.error());
    auto variant = pick_variant(store->games, args.variant);
    if (!variant) return report_error(ctx, variant.error());
    std::vector<report::StoredGame> games;
    for (auto& game : store->games) {
        if (game.variant == *variant &&
            (args.rules == "*" || report::cell_of(game).rules == args.rules))
            games.push_back(std::move(game));
    }
    if (games.empty()) {
        return report_error(ctx, make_error(fmt::format("no games of {} with rules '{}' (use "
                                                        "--rules '*' for every rule set)",
                                                        *variant, args.rules)));
    }
    report::VariantCatalog catalog(store->specs);
    if (args.odds) {
        auto odds = report::odds_values(games, *variant, catalog, args.normalize, args.unit_value,
                                        args.confidence);
        if (!odds) return report_error(ctx, odds.error());
        if (args.json) {
            Json out = report::odds_json(*odds);
            out["variant"] = *variant;
            return report::deliver(ctx, args.out, out.dump(2) + "\n");
        }
        return report::deliver(ctx, args.out,
                               table_text(report::odds_table(*odds, *variant),
                                          "Piece values from material-odds games"));
    }
    auto data = report::sample_material(games, *variant, catalog, args.sampling);
    if (!data) return report_error(ctx, data.error());
    report::ValueFitOptions options;
    options.normalize = args.normalize;
    options.unit_value = args.unit_value;
    options.confidence = args.confidence;
    options.bootstrap = args.bootstrap;
    options.seed = args.seed;
    auto fit = report::fit_piece_values(*data, options);
    if (!fit) return report_error(ctx, fit.error());
    if (args.json) {
        Json out = report::values_json(*fit, *data);
        out["variant"] = *variant;
        out["rules"] = args.rules;
        return report::deliver(ctx, args.out, out.dump(2) + "\n");
    }
    return report::deliver(
        ctx, args.out,
        table_text(report::values_table(
                       *fit, *data,
                       fmt::format("{}, rules: {}", *variant,
                                   args.rules == "*" ? "all" : report::rules_label(args.rules))),
                   "Piece values fitted from game outcomes (material in quiet positions)"));
}

}  // namespace

void register_values(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<ValuesArgs>();
    CLI::App* command = app.add_subcommand(
        "values", "Fit one value per piece type from stored games (all armies on one scale)");
    command->add_option("--db", args->db, "Results database (SQLite)")->required();
    command->add_option("--variant", args->variant, "Variant, when the store has several");
    command->add_option("--rules", args->rules,
                        "Rule set as stored (default: the variant's defaults; '*' = all)");
    command->add_option("--normalize", args->normalize,
                        "Reference piece (default: the variant's first pawn, e.g. footman)");
    command
        ->add_option("--unit-value", args->unit_value,
                     "Value of the reference piece (default: its documented value, e.g. "
                     "4 quarter-pawns for Uneven's pawn)")
        ->check(finite_positive());
    report::add_sampling_flags(*command, args->sampling);
    command
        ->add_option("--bootstrap", args->bootstrap,
                     "Cluster-bootstrap replications for Elo-per-piece intervals (default 0)")
        ->check(CLI::Range(0, 100000));
    command->add_option("--seed", args->seed, "Bootstrap seed (default 1)");
    command->add_option("--confidence", args->confidence, "Interval level (default 0.95)")
        ->check(finite_range(0.5, 0.9999));
    command->add_flag("--odds", args->odds,
                      "Material-odds method (Muller): games whose start lacks one piece; "
                      "--normalize names the calibration pawn");
    command->add_flag("--json", args->json, "Print one JSON object instead of text");
    command->add_option("--out", args->out, "Write to this file instead of the terminal");
    command->callback([args, &ctx] { ctx.exit_code = run_values_command(*args, ctx); });
}

}  // namespace balance::app
