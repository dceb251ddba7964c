// `balance tune`: the internal engine's evaluation weights fitted to a variant's stored games
// (analysis/eval_tuning.hpp), written as an evaluation file a sweep player plays by
// (`eval = "FILE"`).

#include <cmath>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/analysis/cells.hpp"
#include "balance/analysis/eval_tuning.hpp"
#include "balance/analysis/portable_report.hpp"
#include "balance/analysis/report_data.hpp"
#include "balance/config/eval_weights_reader.hpp"
#include "commands.hpp"
#include "number_flags.hpp"
#include "output.hpp"
#include "output_file.hpp"
#include "tune_sweep.hpp"

namespace balance::cli {

namespace {

struct TuneArgs {
    std::string db;
    std::string variant;
    std::string rules = "*";  // "*" = every rule set
    std::string player;       // only this player's self-play games; empty: every game
    std::string start;        // an evaluation file to start from; empty: the hand-set weights
    std::string write;        // the evaluation file to write
    analysis::TuneOptions options;
    TuneSweepArgs sweep;  // --sweep: the play-fit-replay rounds (tune_sweep.hpp)
};

std::string weights_table(const analysis::TuneResult& result) {
    std::string out = fmt::format("  {:<32} {:>8} {:>8}\n", "weight", "start", "fitted");
    for (int i = 0; i < result.layout.size(); ++i) {
        if (!result.seen[i]) continue;
        const auto& p = result.layout.parameters[i];
        out += fmt::format("  {:<32} {:>8} {:>8}{}\n", p.name, std::lround(result.prior[i]),
                           std::lround(result.fit.weights[i]),
                           result.fit.held[i] ? "  (no data: held)" : "");
    }
    return out;
}

int run_tune_command(const TuneArgs& args, AppContext& ctx) {
    if (!args.sweep.sweep.empty())
        return run_tune_sweep(args.sweep,
                              {args.db, args.player, args.start, args.write, args.options}, ctx);
    if (args.db.empty())
        return report_error(ctx, make_error("--db or --sweep is required: the games to fit, or "
                                            "the sweep whose player plays them"));
    auto store = analysis::read_store(args.db);
    if (!store) return report_error(ctx, store.error());
    auto variant = analysis::pick_variant(store->games, args.variant);
    if (!variant) return report_error(ctx, variant.error());
    auto games = analysis::take_games(std::move(store->games), *variant, args.rules, args.player);
    if (!games) return report_error(ctx, games.error());
    analysis::VariantCatalog catalog(store->specs);
    auto spec = catalog.spec(*variant);
    if (!spec) return report_error(ctx, spec.error());
    analysis::TuneOptions options = args.options;
    if (!args.start.empty()) {
        auto start = config::load_eval_weights_file(args.start, **spec);
        if (!start) return report_error(ctx, start.error());
        options.start = std::move(*start);
    }
    auto result = analysis::tune_evaluation(*games, *variant, catalog, options);
    if (!result) return report_error(ctx, result.error());
    const auto& r = *result;
    std::string provenance = fmt::format(
        "Evaluation weights of {} fitted by `balance tune` from {} quiet positions of {} games in\n"
        "{} (K {:.3f}, mean squared error {:.5f} at the {} weights, {:.5f} fitted).\n"
        "Play by them: eval = \"<this file>\" in a sweep's engine player.",
        // The file is meant to be kept with the sweeps: it names the database as the
        // repository knows it (results/...) or by its file name, never the machine's folders.
        *variant, r.positions, r.games_used, analysis::portable_path(args.db), r.fit.k,
        r.fit.error_before, args.start.empty() ? "hand-set" : "starting", r.fit.error_after);
    if (args.options.score_weight > 0.0)
        provenance += fmt::format(
            "\nTargets: {:.2f} x each game's result + {:.2f} x the search score stored with it "
            "(K_s {:.3f}).",
            1.0 - args.options.score_weight, args.options.score_weight, r.score_k);
    // The settings that differ from the defaults, so the head says how to make the file again.
    if (const std::string flags = non_default_fit_flags(args.options); !flags.empty())
        provenance += fmt::format("\nFit: {}.", flags);
    if (!args.player.empty())
        provenance += fmt::format("\nOnly the games {} played against itself.", args.player);
    if (!args.start.empty())
        provenance += fmt::format("\nStarted from and regularised toward {}.",
                                  analysis::portable_path(args.start));
    if (auto written =
            write_text_file(args.write, config::eval_weights_toml(r.weights, **spec, provenance));
        !written)
        return report_error(ctx, written.error());
    std::string text = fmt::format(
        "tuned the evaluation of {} from {} games of {}: {} quiet positions of {} looked at "
        "({} games failed, {} unreadable)\n"
        "K {:.3f}; mean squared error {:.5f} at the starting weights, {:.5f} fitted "
        "({} Gauss-Newton steps)\n"
        "positions and features in {:.1f} s, fit in {:.2f} s\n",
        *variant, r.games_used, args.db, r.positions, r.candidates, r.games_failed,
        r.games_unreadable, r.fit.k, r.fit.error_before, r.fit.error_after, r.fit.iterations,
        r.feature_seconds, r.fit_seconds);
    if (args.options.score_weight > 0.0)
        text += fmt::format(
            "targets: {:.2f} x the game's result + {:.2f} x the stored search score (K_s {:.3f}, "
            "fitted to the results); {} quiet positions had no stored score: left out\n",
            1.0 - args.options.score_weight, args.options.score_weight, r.score_k, r.unscored);
    // A scale at the bottom of its range: the starting evaluation says next to nothing about
    // who wins these games (Stylish chess at the hand-set weights); the fit still moves the
    // weights, but the user should know its scale is pinned.
    const auto note_floor = [&](const char* name, double k, const char* what) {
        if (k < 1.001 * stats::TexelScaleMin)
            text += fmt::format(
                "note: {} is at the lower end of its range ({}): {} barely predict the games' "
                "results, or predict them the wrong way round\n",
                name, stats::TexelScaleMin, what);
    };
    note_floor("K", r.fit.k, "the evaluation's scores at the starting weights");
    if (args.options.score_weight > 0.0) note_floor("K_s", r.score_k, "the stored search scores");
    if (r.held_out_positions > 0)
        text += fmt::format(
            "held out 1 game in {}: {} of the positions, mean squared error {:.5f} at the starting "
            "weights, {:.5f} fitted\n",
            args.options.holdout_every, r.held_out_positions, r.held_out_error_before,
            r.held_out_error_after);
    text += weights_table(r);
    text += fmt::format("wrote {}\n", args.write);
    ctx.out << text;
    return 0;
}

}  // namespace

void register_tune(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<TuneArgs>();
    CLI::App* command = app.add_subcommand(
        "tune", "Fit the internal engine's evaluation weights to stored games (Texel's method)");
    command->add_option("--db", args->db,
                        "Results database (SQLite); with --sweep, the rounds' (default "
                        "results/<sweep name>-tune.db)");
    command->add_option("--write", args->write, "The evaluation file to write")->required();
    add_tune_sweep_options(*command, args->sweep);
    // The rounds play the sweep file's own variant, rule sets and games, so a filter on stored
    // games would be silently ignored there: an error instead.
    CLI::Option* sweep = command->get_option("--sweep");
    command->add_option("--variant", args->variant, "Variant, when the store has several")
        ->excludes(sweep);
    command->add_option("--rules", args->rules, "Rule set as stored (default '*': all)")
        ->excludes(sweep);
    command->add_option(
        "--player", args->player,
        "Only the games this player played against itself; with --sweep, the engine "
        "player tuned");
    command->add_option("--start", args->start,
                        "An evaluation file to start from and regularise toward (default: the "
                        "hand-set weights)");
    command
        ->add_option("--min-ply", args->options.min_ply,
                     "Plies from the start before positions are looked at (default 16)")
        ->check(CLI::Range(2, 1000));
    command
        ->add_option("--per-game", args->options.per_game,
                     "Positions looked at per game, evenly spaced (default 10)")
        ->check(CLI::Range(1, 1000));
    command
        ->add_option("--l2", args->options.l2,
                     "Regularisation: the squared error one weight 100 cp from its start costs "
                     "(default 1e-4)")
        ->check(finite_range(0.0, 1.0));
    command
        ->add_option("--holdout", args->options.holdout_every,
                     "Leave every N-th game out of the fit and report the error on its "
                     "positions (default 0: none)")
        ->check(CLI::Range(2, 1000));
    command
        ->add_option("--score-weight", args->options.score_weight,
                     "Share of each position's target taken from the search score stored with "
                     "its game (a stronger player's judgement) instead of the game's result "
                     "(default 0: results only)")
        ->check(finite_range(0.0, 1.0));
    command->callback([args, &ctx] { ctx.exit_code = run_tune_command(*args, ctx); });
}

}  // namespace balance::cli
