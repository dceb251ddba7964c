// `balance sweep`: plays a sweep file's games into its results database, resumable at any
// point, and prints the balance table at the end.

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "balance/config/spec_text.hpp"
#include "balance/config/sweep_files.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/tournament/rule_specs.hpp"
#include "balance/tournament/runner.hpp"
#include "balance/tournament/sweep_json.hpp"
#include "balance/tournament/validate.hpp"
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
    int engine_log_mb = static_cast<int>(players::external::kDefaultStderrLogMaxBytes >> 20);
};

std::string resume_command(const SweepArgs& args, const std::string& db) {
    std::string command = fmt::format("balance sweep {} --db {}", args.file, db);
    if (args.shard != "1/1") command += " --shard " + args.shard;
    return command + " --resume";
}

// External engines' stderr goes to <db>.logs/<player>.stderr, so what an engine said before it
// crashed or lied is still there in the morning; each log holds at most `max_mb` MB (0: no
// limit), so an engine that floods stderr cannot fill the disk.
Result<void> route_engine_stderr(tournament::Sweep& sweep, const std::string& db, int max_mb) {
    const std::filesystem::path logs = db + ".logs";
    for (auto& player : sweep.players) {
        if (!tournament::is_external(player.kind)) continue;
        std::error_code error;
        std::filesystem::create_directories(logs, error);
        if (error)
            return make_error("cannot create the engine log directory: " + error.message(),
                              logs.string());
        player.external.stderr_log = (logs / (player.name + ".stderr")).string();
        player.external.stderr_log_max_bytes = static_cast<std::uint64_t>(max_mb) << 20;
    }
    return {};
}

// What a run creates (the database, its journal files and the engine-log directory), removed
// again when the run fails before any game is stored: a sweep that cannot start leaves nothing.
class CreatedFiles {
  public:
    explicit CreatedFiles(const std::string& db) : db_(db) {
        std::error_code error;
        db_created_ = !std::filesystem::exists(db, error);
        logs_created_ = !std::filesystem::exists(db + ".logs", error);
    }
    void remove_unless_games(tournament::ResultStore& store) {
        auto scores = store.scores();
        if (!scores || !scores->empty()) return;
        { tournament::ResultStore closed = std::move(store); }  // closes the connection
        std::error_code error;
        if (db_created_) {
            for (const char* suffix : {"", "-wal", "-shm", "-journal"})
                std::filesystem::remove(db_ + suffix, error);
        }
        // An engine log that holds what the engine said when it failed is kept.
        if (logs_created_ && !has_content(db_ + ".logs"))
            std::filesystem::remove_all(db_ + ".logs", error);
    }

  private:
    static bool has_content(const std::filesystem::path& dir) {
        std::error_code error;
        for (std::filesystem::directory_iterator it(dir, error), end; !error && it != end;
             it.increment(error)) {
            if (it->is_regular_file(error) && it->file_size(error) > 0) return true;
        }
        return false;
    }

    std::string db_;
    bool db_created_ = false;
    bool logs_created_ = false;
};

// Every worker thread holds its own engine per side of a game, each with its hash table: refuse a
// run whose tables alone need more memory than the machine has, before allocating any.
Result<void> check_hash_memory(const tournament::Sweep& sweep, int threads) {
    std::int64_t largest = 0;
    for (const auto& player : sweep.players)
        if (player.kind == tournament::PlayerKind::Engine)
            largest = std::max<std::int64_t>(largest, player.hash_mb);
    const std::int64_t needed_mb = std::int64_t{threads} * 2 * largest;
    const std::int64_t physical_mb = static_cast<std::int64_t>(::sysconf(_SC_PHYS_PAGES)) *
                                     ::sysconf(_SC_PAGE_SIZE) / (1024 * 1024);
    if (physical_mb > 0 && needed_mb > physical_mb) {
        return make_error(fmt::format("{} threads x 2 engines x hash_mb = {} need {} MB of hash "
                                      "tables, more than this machine's {} MB; use fewer "
                                      "--threads or a smaller hash_mb",
                                      threads, largest, needed_mb, physical_mb),
                          "--threads");
    }
    return {};
}

int run_sweep_command(const SweepArgs& args, AppContext& ctx) {
    auto file = config::find_sweep(args.file);
    if (!file) return report_error(ctx, file.error());
    auto sweep = config::load_sweep(*file);
    if (!sweep) return report_error(ctx, sweep.error());
    if (sweep->calibration) {
        return report_error(ctx,
                            make_error("this is a calibration file ([calibrate]): run `balance "
                                       "calibrate " +
                                           args.file + "`",
                                       sweep->calibration->where));
    }
    if (sweep->fix) {
        return report_error(
            ctx, make_error("this is a fix file ([fix]): run `balance fix " + args.file + "`",
                            sweep->fix->where));
    }
    if (auto valid = tournament::validate_sweep(*sweep); !valid)
        return report_error(ctx, valid.error());
    auto shard = tournament::parse_shard(args.shard);
    if (!shard) return report_error(ctx, shard.error());

    const int threads = thread_count(args.threads);
    if (auto memory = check_hash_memory(*sweep, threads); !memory)
        return report_error(ctx, memory.error());

    const std::string db = args.db.empty() ? "results/" + sweep->name + ".db" : args.db;
    const auto exists = tournament::database_exists(db);
    if (!exists) return report_error(ctx, exists.error());
    const bool db_exists = *exists;
    if (args.resume && !db_exists)
        return report_error(ctx, make_error("nothing to resume: no such database", db));
    // A database of another sweep is refused read-only, before a writer touches its bytes.
    if (!args.force && db_exists) {
        auto existing = tournament::ResultStore::open_existing(db);
        if (!existing) return report_error(ctx, existing.error());
        auto same = tournament::check_same_sweep(*existing, tournament::config_json(*sweep));
        if (!same) return report_error(ctx, same.error());
    }
    CreatedFiles created(db);
    auto store = tournament::ResultStore::open(db, config::spec_text_from_configs);
    if (!store) return report_error(ctx, store.error());
    if (!args.force) {
        auto same = tournament::check_same_sweep(*store, tournament::config_json(*sweep));
        if (!same) return report_error(ctx, same.error());
    }
    // No clean-up when the lock is taken: the other sweep may have created the files.
    auto lock = ShardLock::take(db, *shard);
    if (!lock) return report_error(ctx, lock.error());
    // The rules each rule set is played under against those its stored games were played under.
    if (auto cells =
            tournament::assign_spec_cells(*sweep, *store, args.force, config::spec_differences);
        !cells)
        return report_error(ctx, cells.error());

    if (auto logs = route_engine_stderr(*sweep, db, args.engine_log_mb); !logs) {
        created.remove_unless_games(*store);
        return report_error(ctx, logs.error());
    }

    tournament::RunOptions options = run_options(threads, file->string());
    options.shard = *shard;
    if (args.max_games >= 0) options.max_games = args.max_games;

    tournament::TextProgress display = progress_display(ctx.out);
    if (!args.quiet) {
        ctx.out << fmt::format("sweep {}: {} on {} thread(s), shard {}, database {}\n", sweep->name,
                               file->string(), options.threads, options.shard.to_string(), db);
    }
    StopOnSignal signals;
    auto summary = tournament::run_sweep(*sweep, *store, options, tournament::make_player,
                                         stop_requested, args.quiet ? nullptr : &display);
    if (!summary) {
        created.remove_unless_games(*store);
        return report_error(ctx, summary.error());
    }

    ctx.out << '\n';
    tournament::print_table(ctx.out, summary->cells);
    ctx.out << fmt::format("{} games played in this run, {} were already stored; database {}\n",
                           summary->played, summary->already_stored, db);
    if (summary->failed > 0) {
        ctx.out << fmt::format(
            "{} game attempts could not be played because an engine could not be started; they "
            "are no results (see `balance report`, Engine failures: unavailable)\n",
            summary->failed);
    }
    if (summary->stopped) {
        ctx.out << fmt::format("stopped with {} games to go; resume with:\n  {}\n",
                               summary->remaining, resume_command(args, db));
    }
    // Interrupted (Ctrl-C, a scheduler's SIGTERM): 130 like a shell, so `balance sweep ... &&
    // balance report ...` does not report on a sweep that is not finished.
    if (summary->stopped && stop_requested) return 130;
    // Games left unplayed because an engine kept failing to start: not finished either.
    if (summary->remaining > 0 && summary->failed > 0 && args.max_games < 0) return 1;
    return 0;
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
    command
        ->add_option("--engine-log-mb", args->engine_log_mb,
                     "Cap of each external engine's stderr log in <db>.logs/, in MB (0: no "
                     "cap); past it the log ends with a note")
        ->capture_default_str()
        ->check(CLI::Range(0, 1'000'000));
    command->callback([args, &ctx] { ctx.exit_code = run_sweep_command(*args, ctx); });
}

}  // namespace balance::cli
