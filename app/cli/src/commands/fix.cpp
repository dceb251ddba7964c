// `balance fix FILE`: the rule change that balances. FILE is a sweep file with a [fix] table:
// the score to bring into a band (White's, or one army's pooled over colours), the player, the
// budget and the round size, and which changes to try. The search is runs::race_fix
// (app/runs/fix_race.hpp); this file reads the flags, opens the file's sweep once (its rules,
// compiled here, are the ones "no change" plays by), and prints the result as a table, JSON or
// a page (fix_output.cpp).

#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "balance/cli/search_status.hpp"
#include "balance/config/sweep_files.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/runs/fix_race.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "commands.hpp"
#include "fix_output.hpp"
#include "output.hpp"
#include "output_file.hpp"
#include "run_guards.hpp"

namespace balance::cli {

namespace {

int run_fix_command(const FixArgs& args, AppContext& ctx) {
    auto file = config::find_sweep(args.file);
    if (!file) return report_error(ctx, file.error());
    auto sweep = config::load_sweep(*file);
    if (!sweep) return report_error(ctx, sweep.error());
    if (!sweep->fix) {
        return report_error(ctx, make_error("not a fix file: add a [fix] table (margin, budget, "
                                            "and the player when the file has several)",
                                            file->string()));
    }
    // The page is written at the end: a path it cannot go to fails now, not after the games.
    if (!args.html.empty())
        if (auto ok = check_output_path(args.html); !ok) return report_error(ctx, ok.error());
    // The unchanged rules must play before any candidate is made from them.
    auto open = tournament::open_sweep(std::move(*sweep));
    if (!open) return report_error(ctx, open.error());

    runs::FixSettings settings;
    settings.db = args.db;
    settings.threads = args.threads;
    settings.max_games = args.max_games;
    settings.confirm = args.confirm;
    settings.confirm_top = args.confirm_top;
    settings.confirm_open = args.confirm_open;
    settings.force = args.force;
    settings.status = args.status;
    const bool quiet = args.quiet || args.json;
    std::optional<tournament::TextProgress> display;  // each sweep's own
    runs::FixObserver observer;
    observer.playing = [&](const tournament::Sweep& round) -> tournament::ProgressObserver* {
        if (quiet) return nullptr;
        ctx.out << fmt::format("playing {}: {} candidate(s)\n", round.name, round.rule_sets.size());
        display.emplace(progress_display(ctx.out));
        return &*display;
    };
    int stopped_code = 0;  // of a sweep that stopped: a later error is not reported over it
    observer.stopped = [&](const runs::FixStop& stop) {
        // On stderr with --json, so that stdout stays one JSON object.
        (args.json ? ctx.err : ctx.out) << fmt::format(
            "stopped with {} games of {} to go (in {}); resume with:\n  {} fix {} --db {}{}\n",
            stop.summary.remaining, stop.sweep, stop.db, ctx.program, args.file, stop.search_db,
            fix_confirm_flags(args));
        stopped_code = runs::exit_code(stop.ending);
    };
    // --status plays nothing, and may run inside another command (`balance serve` reads the
    // race for its pages): it leaves the signal handlers and the stop flag alone.
    std::optional<StopOnSignal> signals;
    if (!args.status) signals.emplace();
    auto result = runs::race_fix(*open, settings, observer, stop_requested);
    if (!result) return stopped_code != 0 ? stopped_code : report_error(ctx, result.error());
    if (!args.html.empty())
        if (auto written = write_text_file(args.html, fix_page(*result)); !written)
            return report_error(ctx, written.error());
    if (args.json)
        ctx.out << fix_json(args, *result).dump(2) << '\n';
    else
        print_fix(ctx.out, args, *result);
    return result->stopped && !args.status ? runs::exit_code(result->ending) : 0;
}

}  // namespace

Result<analysis::Json> fix_status(const std::string& file, const std::string& db) {
    FixArgs args;
    args.file = file;
    args.db = db;
    args.status = true;
    args.json = true;
    args.quiet = true;
    std::ostringstream out, err;
    AppContext ctx{out, err};
    const int status = run_fix_command(args, ctx);
    return captured_json(status, out.str(), err.str());
}

void register_fix(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<FixArgs>();
    CLI::App* command = app.add_subcommand(
        "fix",
        "The rule change that balances: race candidate changes (options, piece moves, pawns, "
        "start squares) in rounds until their scores' intervals lie inside or outside a band");
    command->add_option("file", args->file, "Sweep file with a [fix] table")->required();
    command->add_option("--db", args->db, "Results database (default: results/<name>.db)");
    command->add_option("--threads", args->threads, "Games played in parallel (default: cores)")
        ->check(CLI::Range(1, 1024));
    command->add_option("--max-games", args->max_games, "Stop after this many games (resumable)")
        ->check(CLI::Range(std::int64_t{0}, tournament::kMaxSweepGames));
    command
        ->add_option("--confirm", args->confirm,
                     "After the race, replay each balanced change for this many games from "
                     "another seed (into <db>-confirm.db) and say whether its interval still "
                     "lies inside the band")
        ->check(CLI::Range(std::int64_t{1}, tournament::kMaxSweepGames));
    command
        ->add_option("--confirm-top", args->confirm_top,
                     "With --confirm, only the K changes closest to the target")
        ->check(CLI::Range(1, 1'000'000));
    command->add_flag("--confirm-open", args->confirm_open,
                      "With --confirm, also replay the changes the race left open (its budget "
                      "ran out before their intervals settled)");
    command->add_flag("--status", args->status,
                      "Show the search as its stored games stand, playing and writing nothing "
                      "(also while another process plays into the database)");
    command->add_flag("--json", args->json, "Print one JSON object instead of text");
    command->add_flag("--quiet", args->quiet, "No progress display");
    command->add_option("--html", args->html,
                        "Also write the candidates' intervals against the band as an HTML page");
    command->add_flag("--force", args->force,
                      "Add to a database that holds games of another configuration");
    command->callback([args, &ctx] { ctx.exit_code = run_fix_command(*args, ctx); });
}

}  // namespace balance::cli
