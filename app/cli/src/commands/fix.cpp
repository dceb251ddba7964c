// `balance fix FILE`: the rule change that balances. FILE is a sweep file with a [fix] table:
// the score to bring into a band (White's, or one army's pooled over colours), the player, the
// budget and the round size, and which changes to try. Every candidate (the variant's other
// option values, generated edits of the pieces and the start position, optionally pairs) is
// compiled; those that compile race in rounds (stats/band_race.hpp): each round every candidate
// still racing gets the same games, those whose interval misses the band are dropped, those
// whose interval lies inside it are balanced. Each round is a sweep into one database whose
// rule sets are the racing candidates, each with its own rules stored beside its games (cells
// "@<hash8>" for edited rules), so a re-run resumes, and the same file and seed play the same
// games at any thread count.

#include <memory>
#include <sstream>
#include <string>

#include "balance/cli/search_status.hpp"
#include "balance/config/sweep_files.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "commands.hpp"
#include "fix_search.hpp"
#include "output.hpp"
#include "output_file.hpp"

namespace balance::cli {

namespace {

using fix_command::FixArgs;
using fix_command::FixSearch;

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
    if (auto open = tournament::open_sweep(*sweep); !open) return report_error(ctx, open.error());
    FixSearch search(args, ctx, std::move(*sweep));
    return search.run();
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
