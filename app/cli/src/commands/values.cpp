// `balance values`: piece values fitted from the stored games of one variant, all armies on one
// scale, beside the documented values of the variant file. Default: logistic regression of the
// outcome on material in quiet positions (report/piece_values.hpp). --odds: H. G. Muller's
// material-odds method on games whose start position lacks one piece (report/odds_values.hpp).

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "balance/analysis/cells.hpp"
#include "balance/analysis/display_tables.hpp"
#include "balance/analysis/odds_values.hpp"
#include "balance/analysis/piece_values.hpp"
#include "balance/analysis/render.hpp"
#include "balance/analysis/report_data.hpp"
#include "balance/analysis/value_methods.hpp"
#include "balance/analysis/value_warnings.hpp"
#include "balance/config/piece_values_reader.hpp"
#include "commands.hpp"
#include "number_flags.hpp"
#include "output.hpp"
#include "output_file.hpp"
#include "sampling_flags.hpp"

namespace balance::cli {

using analysis::Json;

namespace {

struct ValuesArgs {
    std::string db;
    std::string variant;
    std::string rules;   // "*" = every rule set
    std::string player;  // only this player's self-play games; empty: every game
    std::string normalize;
    std::optional<double> unit_value;
    std::string method;  // empty: odds-starts for games from designed odds starts, else texel
    SamplingFlags sampling;
    std::optional<int> bootstrap;
    std::uint64_t seed = 1;
    double confidence = 0.95;
    bool odds = false;
    bool json = false;
    std::string out;
    std::string write_values;  // a values file for sweep players (piece_values_reader.hpp)
    bool force = false;        // write the values file even when the fit warns
};

// The fitted values as a values file a sweep player can play by: every identified piece, the
// reference piece at its unit value.
Result<void> write_values_file(const std::string& path, const analysis::PieceValueFit& fit,
                               const std::string& variant, analysis::VariantCatalog& catalog,
                               const std::string& provenance) {
    auto spec = catalog.spec(variant);
    if (!spec) return spec.error();
    config::PieceValues values;
    for (const auto& row : fit.rows)
        if (row.identified) values[row.piece] = row.value.value;
    const std::string text = config::piece_values_toml(values, **spec, provenance);
    return write_text_file(path, text);
}

// The command's text: a heading, then the table as in the report.
std::string table_text(const analysis::DisplayTable& table, const std::string& heading) {
    return "# " + heading + "\n\n" + analysis::markdown_table(table, "##");
}

int run_values_command(const ValuesArgs& args, AppContext& ctx) {
    auto store = analysis::read_store(args.db);
    if (!store) return report_error(ctx, store.error());
    auto variant = analysis::pick_variant(store->games, args.variant);
    if (!variant) return report_error(ctx, variant.error());
    auto selected =
        analysis::take_games(std::move(store->games), *variant, args.rules, args.player);
    if (!selected) return report_error(ctx, selected.error());
    std::vector<analysis::StoredGame> games = std::move(*selected);
    analysis::VariantCatalog catalog(store->specs);
    if (args.odds) {
        auto odds = analysis::odds_values(games, *variant, catalog, args.normalize, args.unit_value,
                                          args.confidence);
        if (!odds) return report_error(ctx, odds.error());
        if (args.json) {
            Json out = analysis::odds_json(*odds);
            out["variant"] = *variant;
            return deliver(ctx, args.out, out.dump(2) + "\n");
        }
        return deliver(ctx, args.out,
                       table_text(analysis::odds_table(*odds, *variant),
                                  "Piece values from material-odds games"));
    }
    std::string method_name = args.method;
    if (method_name.empty()) {
        auto odds = analysis::mostly_odds_starts(games, *variant, catalog);
        if (!odds) return report_error(ctx, odds.error());
        method_name = *odds ? "odds-starts" : "texel";
    }
    const auto method = args.sampling.over(*analysis::value_method(method_name));  // flag-checked
    auto data = analysis::sample_material(games, *variant, catalog, method.sampling);
    if (!data) return report_error(ctx, data.error());
    analysis::ValueFitOptions options;
    options.method = method.name;
    options.positional = method.positional;
    options.normalize = args.normalize;
    options.unit_value = args.unit_value;
    options.confidence = args.confidence;
    options.bootstrap = args.bootstrap.value_or(method.bootstrap);
    options.seed = args.seed;
    auto fit = analysis::fit_piece_values(*data, options);
    if (!fit) return report_error(ctx, fit.error());
    analysis::attach_published(*fit, catalog.published(*variant));
    // Values that cannot be told apart from nothing are said to be so: in the text table, on
    // stderr when the output is JSON or a file, and a values file of them is written only when
    // asked twice (--force).
    const std::string warning = analysis::value_warning_text(*fit);
    if (!warning.empty()) {
        if (!args.write_values.empty() && !args.force) {
            constexpr std::string_view prefix = "Warning: ";
            return report_error(ctx,
                                make_error(fmt::format("not written: {} --force writes it anyway.",
                                                       warning.substr(prefix.size())),
                                           args.write_values));
        }
        if (args.json || !args.out.empty() || !args.write_values.empty())
            ctx.err << warning << "\n";
    }
    if (!args.write_values.empty()) {
        const std::string provenance = fmt::format(
            "Piece values of {} fitted by `balance values --method {}` from {} games of {}\n"
            "({} positions). Play by them: values = \"<this file>\" in a sweep's engine player.",
            *variant, method.name, fit->clusters, args.db, fit->positions);
        if (auto written =
                write_values_file(args.write_values, *fit, *variant, catalog, provenance);
            !written)
            return report_error(ctx, written.error());
    }
    if (args.json) {
        Json out = analysis::values_json(*fit, *data);
        out["variant"] = *variant;
        out["rules"] = args.rules;
        return deliver(ctx, args.out, out.dump(2) + "\n");
    }
    const analysis::DisplayTable table = analysis::values_table(
        *fit, *data,
        fmt::format("{}, rules: {}", *variant,
                    args.rules == "*" ? "all" : analysis::rules_label(args.rules)));
    std::string text =
        table_text(table, fmt::format("Piece values fitted from game outcomes ({})",
                                      analysis::describe(method, options.bootstrap)));
    // The warning under the heading, before any number: read first.
    if (!warning.empty()) text.insert(text.find("\n\n") + 2, warning + "\n\n");
    return deliver(ctx, args.out, text);
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
    command->add_option("--player", args->player,
                        "Only the games this player (e.g. a rung, balance:nodes=5000) played "
                        "against itself");
    command->add_option("--normalize", args->normalize,
                        "Reference piece (default: the variant's first pawn, e.g. footman)");
    command
        ->add_option("--unit-value", args->unit_value,
                     "Value of the reference piece (default: its documented value, e.g. "
                     "4 quarter-pawns for Uneven's pawn)")
        ->check(finite_positive());
    command
        ->add_option("--method", args->method,
                     "texel: settled positions, the engine's positional evaluation as a "
                     "covariate, bootstrap intervals; regression: the plain outcome regression; "
                     "odds-starts: the start's material of games from designed material-odds "
                     "starts. Default: odds-starts when most games start with uneven material, "
                     "else texel")
        ->check(CLI::IsMember(analysis::value_method_names()));
    add_sampling_flags(*command, args->sampling);
    command
        ->add_option("--bootstrap", args->bootstrap,
                     "Resamples of whole games for the intervals (default: 200 for texel and "
                     "odds-starts, 0 for regression)")
        ->check(CLI::Range(0, 100000));
    command->add_option("--write-values", args->write_values,
                        "Also write the fitted values as a values file for a sweep player "
                        "(refused when a value's interval holds 0 or has no end, unless --force)");
    command->add_flag("--force", args->force,
                      "--write-values: write the file even when the values cannot be told "
                      "apart from nothing (the warning is printed)");
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

}  // namespace balance::cli
