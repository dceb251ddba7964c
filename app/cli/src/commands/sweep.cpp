// `balance sweep`: plays a sweep file's games into its results database, resumable at any
// point, and prints the balance table at the end.

#include <memory>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "balance/config/spec_text.hpp"
#include "balance/config/sweep_files.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/runs/play.hpp"
#include "balance/runs/run_settings.hpp"
#include "balance/runs/run_store.hpp"
#include "balance/tournament/fairy_stockfish_check.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/opening_notes.hpp"
#include "balance/tournament/rule_specs.hpp"
#include "balance/tournament/runner.hpp"
#include "balance/tournament/stored_count.hpp"
#include "balance/tournament/sweep_database.hpp"
#include "balance/tournament/sweep_json.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "run_guards.hpp"

namespace balance::cli {

namespace {

struct SweepArgs {
    std::string file;
    std::string db;
    int threads = 0;
    bool resume = false;
    bool force = false;
    std::string shard = "1/1";
    std::int64_t max_games = -1;
    bool quiet = false;
    bool status = false;  // how many of the planned games are stored; plays and writes nothing
    int engine_log_mb = static_cast<int>(players::external::kDefaultStderrLogMaxBytes >> 20);
};

// --status: how far the sweep stands in its database, read as it is (also while another process
// plays into it): its planned games and how many are stored.
int print_status(const tournament::OpenSweep& open, const std::string& db, const SweepArgs& args,
                 AppContext& ctx) {
    auto opened = runs::open_run_store(db, true, tournament::Writer::Sweep, "sweep");
    if (!opened) return report_error(ctx, opened.error());
    const tournament::ResultStore* store = &opened->store;
    tournament::Sweep sweep = open.sweep;
    if (auto cells =
            tournament::assign_spec_cells(sweep, *store, args.force, config::spec_differences);
        !cells)
        return report_error(ctx, cells.error());
    // Cells some of whose stored games opened outside the window (none: nothing printed).
    const auto print_misses = [&](const std::vector<tournament::CellMisses>& misses) {
        for (const auto& cell : misses)
            ctx.out << fmt::format(
                "  {}: {} of {} stored games opened outside the opening window (the closest "
                "draw played)\n",
                cell.cell_key, cell.missed, cell.games);
    };
    if (sweep.adaptive) {
        auto games = store->games();
        if (!games) return report_error(ctx, games.error());
        auto runs = store->runs();
        if (!runs) return report_error(ctx, runs.error());
        ctx.out << fmt::format(
            "sweep {}: adaptive, {} games stored of a {}-game budget, database {}; read from the "
            "stored games, nothing played\n",
            sweep.name, games->size(), sweep.adaptive->budget, db);
        print_misses(tournament::opening_misses(*games, tournament::OpeningMisses(*runs)));
        return 0;
    }
    auto count = tournament::count_stored(sweep, *store);
    if (!count) return report_error(ctx, count.error());
    // Stored games are counted by their keys alone; say so when they were played by another
    // configuration (other players, say), which `balance sweep` would refuse to extend.
    if (!args.force) {
        if (auto same = tournament::check_same_sweep(*store, tournament::config_json(sweep)); !same)
            ctx.out << fmt::format("note: {}\n", same.error().to_string());
    }
    ctx.out << fmt::format(
        "sweep {}: {} of its {} planned games stored{}, database {}; read from "
        "the stored games, nothing played\n",
        sweep.name, count->stored, count->planned,
        count->complete() ? " (complete)"
                          : fmt::format(" ({} to play: `{} sweep {} --db {}` continues it)",
                                        count->planned - count->stored, ctx.program, args.file, db),
        db);
    print_misses(count->misses);
    return 0;
}

std::string resume_command(const SweepArgs& args, const std::string& db,
                           const std::string& program) {
    std::string command = fmt::format("{} sweep {} --db {}", program, args.file, db);
    if (args.shard != "1/1") command += " --shard " + args.shard;
    return command + " --resume";
}

// The sweep file loaded and opened; a calibration or fix file is sent to its own command.
Result<tournament::OpenSweep> open_sweep_file(const std::filesystem::path& file,
                                              const SweepArgs& args, const std::string& program) {
    auto sweep = config::load_sweep(file);
    if (!sweep) return sweep.error();
    if (sweep->calibration) {
        return make_error("this is a calibration file ([calibrate]): run `" + program +
                              " calibrate " + args.file + "`",
                          sweep->calibration->where);
    }
    if (sweep->fix) {
        return make_error("this is a fix file ([fix]): run `" + program + " fix " + args.file + "`",
                          sweep->fix->where);
    }
    return tournament::open_sweep(std::move(*sweep));
}

Result<tournament::SweepDatabase> open_sweep_database(tournament::OpenSweep& open,
                                                      const std::string& db,
                                                      const tournament::Shard& shard,
                                                      const SweepArgs& args) {
    tournament::DatabaseOptions database_options;
    database_options.shard = shard;
    database_options.resume = args.resume;
    database_options.force = args.force;
    database_options.resolver = config::spec_text_from_configs;
    database_options.diff = config::spec_differences;
    database_options.engine_log_mb = static_cast<std::uint64_t>(args.engine_log_mb);
    return tournament::SweepDatabase::open(open, db, database_options);
}

// Cells whose games were mostly forfeits (an engine that cannot play the variant loses every
// game at once) are no balance result, however finished the sweep is: says which, on stderr.
// Returns how many there are.
std::size_t report_failed_cells(const tournament::RunSummary& summary, const std::string& db,
                                AppContext& ctx) {
    std::vector<const tournament::CellTally*> failed;
    for (const auto& cell : summary.cells)
        if (cell.failed()) failed.push_back(&cell);
    if (failed.empty()) return 0;
    ctx.err << fmt::format(
        "error: {} of the sweep's {} cells are no balance result: at least half of their "
        "games were lost by an engine failure, not played out\n",
        failed.size(), summary.cells.size());
    for (const auto* cell : failed)
        ctx.err << fmt::format("  {}: {}\n", cell->label, cell->failure_note);
    ctx.err << fmt::format(
        "see the engines' logs in {}.logs/ and `{} report --db {}` (Engine failures)\n", db,
        ctx.program, db);
    return failed.size();
}

// The table of the run, what it played, and the exit code of how it ended.
int finish_sweep(const runs::Played& played, const SweepArgs& args, const std::string& db,
                 AppContext& ctx) {
    const tournament::RunSummary& summary = played.summary;
    ctx.out << '\n';
    tournament::print_table(ctx.out, summary.cells);
    ctx.out << fmt::format("{} games played in this run, {} were already stored; database {}\n",
                           summary.played, summary.already_stored, db);
    if (summary.failed > 0) {
        ctx.out << fmt::format(
            "{} game attempts were void because an engine could not be started or a node- or "
            "depth-limited search did not answer in time; they are no results (see `{} report "
            "--db {}`, Engine failures: unavailable, watchdog)\n",
            summary.failed, ctx.program, db);
    }
    if (summary.stopped) {
        ctx.out << fmt::format("stopped with {} games to go; resume with:\n  {}\n",
                               summary.remaining, resume_command(args, db, ctx.program));
    }
    const std::size_t failed = report_failed_cells(summary, db, ctx);
    // Interrupted (Ctrl-C, a scheduler's SIGTERM): 130 like a shell, so `balance sweep ... &&
    // balance report ...` does not report on a sweep that is not finished.
    if (played.ending == runs::Ending::Signal) return runs::exit_code(played.ending);
    if (failed > 0) return 1;
    // Games left unplayed because an engine kept failing to start: not finished either.
    if (played.ending == runs::Ending::Unplayed && summary.failed > 0) return 1;
    return 0;
}

int run_sweep_command(const SweepArgs& args, AppContext& ctx) {
    auto file = config::find_sweep(args.file);
    if (!file) return report_error(ctx, file.error());
    auto open = open_sweep_file(*file, args, ctx.program);
    if (!open) return report_error(ctx, open.error());
    auto shard = tournament::parse_shard(args.shard);
    if (!shard) return report_error(ctx, shard.error());

    if (args.status)
        return print_status(
            *open, args.db.empty() ? "results/" + open->sweep.name + ".db" : args.db, args, ctx);

    // Fairy-Stockfish's definitions verified before any game (cached after the first time).
    if (auto verified = tournament::verify_fairy_stockfish_players(open->sweep); !verified)
        return report_error(ctx, verified.error());

    const int threads = runs::thread_count(args.threads);
    if (auto memory = tournament::check_hash_memory(open->sweep, threads); !memory)
        return report_error(ctx, memory.error());

    const std::string db = args.db.empty() ? "results/" + open->sweep.name + ".db" : args.db;
    auto database = open_sweep_database(*open, db, *shard, args);
    if (!database) return report_error(ctx, database.error());

    tournament::RunOptions options = runs::run_options(threads, file->string());
    options.shard = *shard;
    if (args.max_games >= 0) options.max_games = args.max_games;

    tournament::TextProgress display = progress_display(ctx.out);
    if (!args.quiet) {
        ctx.out << fmt::format("sweep {}: {} on {} thread(s), shard {}, database {}\n",
                               open->sweep.name, file->string(), options.threads,
                               options.shard.to_string(), db);
        for (const auto& note : tournament::opening_notes(open->sweep))
            ctx.out << "note: " << note << "\n";
    }
    StopOnSignal signals;
    auto played = runs::play(*open, database->store(), options, stop_requested,
                             args.quiet ? nullptr : &display);
    if (!played) {
        database->discard_if_empty();
        return report_error(ctx, played.error());
    }
    return finish_sweep(*played, args, db, ctx);
}

}  // namespace

void register_sweep(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<SweepArgs>();
    CLI::App* command = app.add_subcommand(
        "sweep", "Play a sweep file's games into its results database (resumable)");
    command->add_option("file", args->file, "Sweep file or name (configs/sweeps/<name>.toml)")
        ->required();
    command->add_option("--db", args->db, "Results database (default: results/<sweep name>.db)");
    command->add_option("--threads", args->threads, "Games played in parallel (default: cores)")
        ->check(CLI::Range(1, 1024));
    command->add_flag("--resume", args->resume,
                      "Continue an existing database (a plain re-run does the same, but also "
                      "starts a new one)");
    command->add_flag("--force", args->force,
                      "Add to a database that holds another configuration of the sweep; rule "
                      "sets whose rules changed get cells of their own");
    command->add_option("--shard", args->shard,
                        "Play only part K of N (K/N, by game-key hash), e.g. for a job array");
    command->add_option("--max-games", args->max_games, "Stop after this many games")
        ->check(CLI::Range(std::int64_t{0}, INT64_MAX));
    command->add_flag("--quiet", args->quiet, "No progress display");
    command->add_flag("--status", args->status,
                      "How many of the sweep's planned games the database holds, playing and "
                      "writing nothing (also while another process plays into it)");
    command
        ->add_option("--engine-log-mb", args->engine_log_mb,
                     "Cap of each external engine's stderr log in <db>.logs/, in MB (0: no "
                     "cap); past it the log ends with a note")
        ->capture_default_str()
        ->check(CLI::Range(0, 1'000'000));
    command->callback([args, &ctx] { ctx.exit_code = run_sweep_command(*args, ctx); });
}

}  // namespace balance::cli
