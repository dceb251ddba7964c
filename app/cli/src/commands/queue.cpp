// `balance queue FILE`: long runs played one after another (balance_runs), resumed after any
// interruption; --status says where each stands; --list names each entry's files for scripts.

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "balance/config/queue_reader.hpp"
#include "balance/runs/queue_layout.hpp"
#include "balance/runs/queue_runner.hpp"
#include "balance/runs/queue_status.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "run_guards.hpp"

namespace balance::cli {

namespace {

struct QueueArgs {
    std::string file;
    std::string dir = "results";
    bool status = false;
    bool list = false;
};

std::string duration_text(double seconds) {
    if (seconds < 90) return fmt::format("{:.0f} s", seconds);
    if (seconds < 90 * 60) return fmt::format("{:.0f} min", seconds / 60);
    if (seconds < 48 * 3600) return fmt::format("{:.1f} h", seconds / 3600);
    return fmt::format("{:.1f} days", seconds / 86400);
}

std::string games_text(const runs::EntryGames& games) {
    // Not counted (an entry marked finished), or not known (its note says why).
    if (!games.planned)
        return games.note.empty() ? fmt::format("{}", games.stored)
                                  : fmt::format("{} / ?", games.stored);
    return fmt::format("{} / {}{}", games.stored, games.at_most ? "at most " : "", *games.planned);
}

int print_status(const config::QueueFile& queue, const runs::QueueLayout& layout, AppContext& ctx) {
    auto status = runs::queue_status(queue, layout);
    if (!status) return report_error(ctx, status.error());
    ctx.out << fmt::format("queue {} (directory {}): {}\n", queue.file, layout.dir.string(),
                           status->holder ? "running, " + *status->holder : "not running");
    // The entry column as wide as the longest name, so the columns stay in line.
    std::size_t width = 5;
    for (const auto& e : status->entries) width = std::max(width, e.name.size());
    ctx.out << fmt::format("  {:<{}} {:<9} {:<9} {:>24}  {:>10}\n", "entry", width, "kind", "state",
                           "games stored / planned", "ETA");
    double eta = 0;
    int unknown = 0;
    bool at_most = false;
    for (const auto& e : status->entries) {
        std::string eta_text;
        if (e.state != "finished") {
            if (e.eta_seconds) {
                eta += *e.eta_seconds;
                at_most = at_most || e.games.at_most;
                eta_text = (e.games.at_most ? "<= " : "") + duration_text(*e.eta_seconds);
            } else {
                ++unknown;
                eta_text = "?";
            }
        }
        const std::string line =
            fmt::format("  {:<{}} {:<9} {:<9} {:>24}  {:>10}  {}", e.name, width, e.kind, e.state,
                        games_text(e.games), eta_text, e.detail);
        ctx.out << line.substr(0, line.find_last_not_of(' ') + 1) << "\n";
        if (!e.games.note.empty()) ctx.out << fmt::format("    note: {}\n", e.games.note);
    }
    if (eta == 0 && unknown > 0)
        ctx.out << fmt::format("ETA not known yet: {} entr{} with no stored game to time\n",
                               unknown, unknown == 1 ? "y" : "ies");
    else if (eta > 0 || unknown > 0)
        ctx.out << fmt::format(
            "ETA of the rest: {}{}{}; from the stored games' mean playing time at each entry's "
            "threads\n",
            at_most ? "at most " : "", duration_text(eta),
            unknown > 0 ? fmt::format(", and {} entr{} with no stored game to time yet", unknown,
                                      unknown == 1 ? "y" : "ies")
                        : "");
    else
        ctx.out << "every entry is finished\n";
    return 0;
}

void print_list(const config::QueueFile& queue, const runs::QueueLayout& layout, AppContext& ctx) {
    const auto or_dash = [](const std::string& s) { return s.empty() ? std::string("-") : s; };
    for (const auto& e : queue.entries)
        ctx.out << fmt::format("{}\t{}\t{}\t{}\t{}\t{}\n", e.name, config::queue_kind_name(e.kind),
                               layout.db(e).string(), or_dash(e.revision), or_dash(e.checkpoint),
                               e.finished ? "finished" : "queued");
}

int run_queue_command(const QueueArgs& args, AppContext& ctx) {
    auto queue = config::load_queue(args.file);
    if (!queue) return report_error(ctx, queue.error());
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec)
        return report_error(ctx, make_error("cannot find this balance binary: " + ec.message()));
    const auto layout = runs::make_layout(args.file, args.dir, self);
    if (args.list) {
        print_list(*queue, layout, ctx);
        return 0;
    }
    if (args.status) return print_status(*queue, layout, ctx);
    StopOnSignal signals;
    auto code = runs::run_queue(*queue, layout, stop_requested, ctx.out);
    if (!code) return report_error(ctx, code.error());
    return *code;
}

}  // namespace

void register_queue(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<QueueArgs>();
    CLI::App* command = app.add_subcommand(
        "queue",
        "Play a queue file's sweeps, fix searches and calibrations one after another, each "
        "resuming where it stopped");
    command->add_option("file", args->file, "Queue file (TOML; see configs/queues/)")->required();
    command
        ->add_option("--dir", args->dir,
                     "Where the queue keeps its state, lock and logs, and its entries' "
                     "relative databases")
        ->capture_default_str();
    command->add_flag("--status", args->status,
                      "Where each entry stands (stored / planned games, state, ETA), playing "
                      "and writing nothing (also while the queue runs)");
    command->add_flag("--list", args->list,
                      "One tab-separated line per entry for scripts: name, kind, database, "
                      "revision, checkpoint, finished or queued");
    command->callback([args, &ctx] { ctx.exit_code = run_queue_command(*args, ctx); });
}

}  // namespace balance::cli
