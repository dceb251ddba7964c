// `balance report`: the balance tables of a results store, recomputed from its games: per cell
// scores with intervals, the seed's "X = Y" layout beside the published Fairy-Max table, army
// strength separated from the first-move advantage, rule effects with Holm-adjusted p-values,
// engine failures and (for HTML, or with --values) fitted piece values.

#include <memory>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "balance/analysis/portable_report.hpp"
#include "balance/analysis/render.hpp"
#include "balance/analysis/report_data.hpp"
#include "balance/analysis/value_methods.hpp"
#include "commands.hpp"
#include "number_flags.hpp"
#include "output.hpp"
#include "output_file.hpp"
#include "sampling_flags.hpp"

namespace balance::cli {

namespace {

struct ReportArgs {
    std::string db;
    std::string format = "md";
    std::string out;
    std::string side;
    std::string table = "cells";
    double confidence = 0.95;
    bool values = false;
    bool no_values = false;
    bool portable = false;
    std::string method = "texel";
    SamplingFlags sampling;
    std::string normalize;
};

int run_report_command(const ReportArgs& args, AppContext& ctx) {
    // The CSV values table is the fit itself: asking for it asks for the fit.
    // The two formats a person reads carry the values; JSON and CSV fit them when asked.
    const bool values = args.values ||
                        ((args.format == "html" || args.format == "md") && !args.no_values) ||
                        (args.format == "csv" && args.table == "values");
    auto store = analysis::read_store(args.db);
    if (!store) return report_error(ctx, store.error());
    analysis::VariantCatalog catalog(store->specs);
    // A misspelt --side would silently give the default point of view.
    if (!args.side.empty())
        if (auto known = analysis::known_army(store->games, args.side, catalog); !known)
            return report_error(ctx, make_error(known.error().message, "--side"));
    analysis::ReportOptions options;
    options.confidence = args.confidence;
    options.side = args.side;
    options.values = values;
    const auto method = args.sampling.over(*analysis::value_method(args.method));  // flag-checked
    options.sampling = method.sampling;
    options.value_fit.method = method.name;
    options.value_fit.positional = method.positional;
    options.value_fit.bootstrap = method.bootstrap;
    options.regression_sampling =
        args.sampling.over(*analysis::value_method("regression")).sampling;
    options.value_fit.normalize = args.normalize;
    analysis::ReportData data = analysis::build_report(*store, catalog, options);
    if (args.portable) analysis::make_portable(data);
    std::string text;
    if (args.format == "md") {
        text = analysis::render_markdown(data, catalog);
        // A terminal shows long lines as they come: the prose is wrapped to read there (a file
        // keeps one line per paragraph; rendered, both are the same Markdown).
        if (ctx.terminal && args.out.empty()) text = analysis::wrap_markdown(text, 100);
    } else if (args.format == "json") {
        text = analysis::report_json(data).dump(2) + "\n";
    } else if (args.format == "csv") {
        auto csv = analysis::render_csv(analysis::report_json(data), args.table);
        if (!csv) return report_error(ctx, csv.error());
        text = std::move(*csv);
        if (text.empty())
            ctx.err << fmt::format("note: table '{}' has no rows for the games of {}\n", args.table,
                                   args.db);
    } else {
        text = analysis::render_html(data, catalog);
    }
    return deliver(ctx, args.out, text);
}

}  // namespace

void register_report(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<ReportArgs>();
    CLI::App* command = app.add_subcommand(
        "report",
        "Balance tables of a results database: scores with intervals per cell and "
        "pairing, army strength vs White advantage, rule effects, players head to head, engine "
        "failures");
    command->add_option("--db", args->db, "Results database (SQLite) written by `balance sweep`")
        ->required();
    command->add_option("--format", args->format, "md (default), csv, json or html")
        ->check(CLI::IsMember({"md", "csv", "json", "html"}));
    command->add_option("--out", args->out, "Write to this file instead of the terminal");
    command->add_option("--side", args->side,
                        "Army whose point of view the pairings take (default: the first army of "
                        "the variant file, as the published table)");
    command->add_option("--table", args->table, "CSV only: " + analysis::csv_table_names());
    command->add_option("--confidence", args->confidence, "Interval level (default 0.95)")
        ->check(finite_range(0.5, 0.9999));
    command->add_flag("--values", args->values,
                      "Also fit piece values (replays every game; default for md and html)");
    command->add_flag("--no-values", args->no_values,
                      "Do not fit piece values in md or html (faster on a large database)");
    command->add_flag("--portable", args->portable,
                      "Name no machine (for reports kept in a repository): the database and "
                      "sweep files by their paths inside the repository, hosts as 'host 1', ...");
    command->add_option("--normalize", args->normalize,
                        "Piece values: the reference piece (default: the variant's first pawn)");
    command
        ->add_option("--values-method", args->method,
                     fmt::format("Piece values: {} (default {}; see `balance values`)",
                                 fmt::join(analysis::value_method_names(), ", "),
                                 analysis::value_method_names().front()))
        ->check(CLI::IsMember(analysis::value_method_names()));
    add_sampling_flags(*command, args->sampling);
    command->callback([args, &ctx] { ctx.exit_code = run_report_command(*args, ctx); });
}

}  // namespace balance::cli
