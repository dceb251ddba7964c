// `balance calibrate FILE`: piece values the engine's own games support, found by iteration
// (the rounds are runs::calibrate, app/runs/calibration.hpp). This file reads the flags, prints
// each round's fit and writes the values file.

#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>

#include "balance/analysis/piece_values.hpp"
#include "balance/cli/search_status.hpp"
#include "balance/config/piece_values_reader.hpp"
#include "balance/config/sweep_files.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/runs/calibration.hpp"
#include "balance/stats/interval.hpp"
#include "balance/tournament/runner.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "output_file.hpp"
#include "run_guards.hpp"

namespace balance::cli {

namespace {

using Json = nlohmann::ordered_json;
using runs::CalibrationOutcome;
using runs::CalibrationRound;
using runs::played_value;

struct CalibrateArgs {
    std::string file;
    std::string db;
    int threads = 0;
    std::uint64_t nodes = 0;  // overrides the player's node limit when set
    bool json = false;
    std::string write_values;
    bool quiet = false;
    std::int64_t max_games = -1;  // stop after this many games of this run (resumable)
    // Read the rounds from the stored games without playing or writing anything (another
    // process may be playing into the database meanwhile).
    bool status = false;
};

std::string value_text(double value, const stats::Interval& interval, bool unit) {
    return unit ? fmt::format("{:.2f} (unit)", value)
                : fmt::format("{:.2f} [{:.2f}, {:.2f}]", value, interval.lower, interval.upper);
}

// The rounds as text: each round's fit against the values played by, its match, the verdict.
void print(std::ostream& out, const tournament::Sweep& sweep, const CalibrationOutcome& result,
           bool status) {
    const auto& cal = *sweep.calibration;
    const auto& rounds = result.rounds;
    const std::string step =
        cal.step < 1.0 ? fmt::format(", each round {:g} of the way to the fit", cal.step) : "";
    out << fmt::format("\nCalibration of {} in {} ({}{}), database {}\n\n", cal.player,
                       sweep.variant, cal.method, step, result.db);
    for (const CalibrationRound& round : rounds) {
        out << fmt::format("round {} ({}): {} games, played by {}\n", round.index, round.player,
                           round.games,
                           round.played.empty() ? "the documented values"
                                                : "the values fitted in the round before");
        for (const auto& row : round.fit.rows) {
            if (!row.identified) continue;
            out << fmt::format("  {:<12} played {:>6.2f}  fitted {}\n", row.piece,
                               played_value(round.played, row),
                               value_text(row.value.value, analysis::shown_value_interval(row),
                                          row.piece == round.fit.normalize));
        }
        if (round.match) {
            out << fmt::format(
                "  against round {}: {} games, score {:.1f}% [{:.1f}, {:.1f}] ({}-{}-{}){}\n",
                round.index - 1, round.match_wdl.games(), 100 * round.match->estimate,
                100 * round.match->lower, 100 * round.match->upper, round.match_wdl.wins,
                round.match_wdl.draws, round.match_wdl.losses,
                round.match->upper < 0.5 ? ": the new values play worse" : "");
        }
        out << (round.moved.empty() ? "  every value played by lies inside its fitted interval\n"
                                    : fmt::format("  played outside their fitted intervals: {}\n",
                                                  fmt::join(round.moved, ", ")));
    }
    if (!result.in_progress.empty()) {
        out << (status ? fmt::format("\nIn progress after {} finished round(s): {}; read from the "
                                     "stored games, nothing played.\n",
                                     rounds.size(), result.in_progress)
                       : fmt::format("\nStopped after {} finished round(s) and {} games played "
                                     "in this run: {}; the same command resumes.\n",
                                     rounds.size(), result.played, result.in_progress));
        return;
    }
    out << '\n'
        << (result.converged
                ? fmt::format("Fixed point after {} round(s): the values round {} played by "
                              "are the values its games support.\n",
                              rounds.size(), rounds.back().index)
                : fmt::format("No fixed point within {} round(s) (max_rounds); the last "
                              "fit is the best estimate.\n",
                              rounds.size()));
}

Json to_json(const tournament::Sweep& sweep, const CalibrationOutcome& result) {
    const auto& rounds = result.rounds;
    Json out;
    out["variant"] = sweep.variant;
    out["player"] = sweep.calibration->player;
    out["method"] = sweep.calibration->method;
    out["step"] = sweep.calibration->step;
    out["database"] = result.db;
    out["converged"] = result.converged;
    out["rounds_played"] = rounds.size();
    if (!result.in_progress.empty()) out["in_progress"] = result.in_progress;  // not finished
    Json list = Json::array();
    for (const CalibrationRound& round : rounds) {
        Json r;
        r["round"] = round.index;
        r["player"] = round.player;
        r["games"] = round.games;
        Json pieces = Json::array();
        for (const auto& row : round.fit.rows) {
            if (!row.identified) continue;
            const auto& shown = analysis::shown_value_interval(row);
            pieces.push_back({{"piece", row.piece},
                              {"played", played_value(round.played, row)},
                              {"value", row.value.value},
                              {"value_low", shown.lower},
                              {"value_high", shown.upper}});
        }
        r["pieces"] = pieces;
        r["moved"] = round.moved;
        if (round.match) {
            r["match"] = {{"games", round.match_wdl.games()}, {"wins", round.match_wdl.wins},
                          {"draws", round.match_wdl.draws},   {"losses", round.match_wdl.losses},
                          {"score", round.match->estimate},   {"score_low", round.match->lower},
                          {"score_high", round.match->upper}};
        }
        list.push_back(std::move(r));
    }
    out["rounds"] = std::move(list);
    Json fixed = Json::array();
    for (const auto& row :
         rounds.empty() ? std::vector<analysis::PieceValueRow>{} : rounds.back().fit.rows) {
        if (!row.identified) continue;
        const auto& shown = analysis::shown_value_interval(row);
        fixed.push_back({{"piece", row.piece},
                         {"value", row.value.value},
                         {"value_low", shown.lower},
                         {"value_high", shown.upper}});
    }
    out["values"] = fixed;
    return out;
}

int run_calibrate_command(const CalibrateArgs& args, AppContext& ctx) {
    auto file = config::find_sweep(args.file);
    if (!file) return report_error(ctx, file.error());
    auto sweep = config::load_sweep(*file);
    if (!sweep) return report_error(ctx, sweep.error());
    if (!sweep->calibration) {
        return report_error(ctx, make_error("not a calibration file: add a [calibrate] table "
                                            "naming the engine player (player = \"...\")",
                                            file->string()));
    }
    // The values file is written at the end: a path it cannot go to fails now, not after the
    // games.
    if (!args.write_values.empty())
        if (auto ok = check_output_path(args.write_values); !ok)
            return report_error(ctx, ok.error());

    runs::CalibrationSettings settings;
    settings.db = args.db;
    settings.threads = args.threads;
    settings.nodes = args.nodes;
    settings.max_games = args.max_games;
    settings.status = args.status;
    settings.sweep_file = file->string();
    const bool quiet = args.quiet || args.json;
    std::optional<tournament::TextProgress> display;  // each sweep's own
    runs::CalibrationObserver observer;
    observer.playing = [&](const std::string& sweep_name) -> tournament::ProgressObserver* {
        if (quiet) return nullptr;
        ctx.out << fmt::format("playing {}\n", sweep_name);
        display.emplace(progress_display(ctx.out));
        return &*display;
    };
    observer.stopped = [&](const runs::CalibrationStop& stop) {
        // On stderr with --json, so that stdout stays one JSON object.
        (args.json ? ctx.err : ctx.out) << fmt::format(
            "stopped with {} games of {} to go; resume with:\n  {} calibrate {} --db {}\n",
            stop.summary.remaining, stop.sweep, ctx.program, args.file, stop.db);
    };
    std::optional<StopOnSignal> signals;
    if (!args.status) signals.emplace();
    auto result = runs::calibrate(*sweep, settings, observer, stop_requested);
    if (!result) return report_error(ctx, result.error());

    if (!args.write_values.empty() && !result->stopped) {
        const std::string provenance = fmt::format(
            "Piece values of {} from `balance calibrate {}`: {} after {} round(s), database {}.",
            sweep->variant, args.file, result->converged ? "a fixed point" : "no fixed point",
            result->rounds.size(), result->db);
        if (auto written = write_text_file(
                args.write_values, config::piece_values_toml(
                                       result->values, sweep->rule_sets.front().spec, provenance));
            !written)
            return report_error(ctx, written.error());
    }
    if (args.json)
        ctx.out << to_json(*sweep, *result).dump(2) << '\n';
    else
        print(ctx.out, *sweep, *result, args.status);
    // A stopped run exits as its sweep ended (--max-games: 0, a signal: 130); --status, 0.
    return result->stopped ? runs::exit_code(result->ending) : 0;
}

}  // namespace

Result<analysis::Json> calibration_status(const std::string& file, const std::string& db,
                                          std::uint64_t nodes) {
    CalibrateArgs args;
    args.file = file;
    args.db = db;
    args.nodes = nodes;
    args.status = true;
    args.json = true;
    args.quiet = true;
    std::ostringstream out, err;
    AppContext ctx{out, err};
    const int status = run_calibrate_command(args, ctx);
    return captured_json(status, out.str(), err.str());
}

void register_calibrate(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<CalibrateArgs>();
    CLI::App* command = app.add_subcommand(
        "calibrate",
        "Piece values the engine's own games support: play, fit, play by the fit, refit, until "
        "every value played by lies inside its fitted interval");
    command->add_option("file", args->file, "Sweep file with a [calibrate] table")->required();
    command->add_option("--db", args->db, "Results database (default: results/<name>.db)");
    command->add_option("--threads", args->threads, "Games played in parallel (default: cores)")
        ->check(CLI::Range(1, 1024));
    command
        ->add_option("--nodes", args->nodes,
                     "Node limit of the calibrated player (overrides the file's; the "
                     "database name gets -n<nodes>)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000'000}));
    command->add_flag("--json", args->json, "Print one JSON object instead of text");
    command->add_option("--write-values", args->write_values,
                        "Write the last fitted values as a values file for sweep players");
    command->add_flag("--quiet", args->quiet, "No progress display");
    command
        ->add_option("--max-games", args->max_games,
                     "Stop after this many games (exit 0; the same command resumes)")
        ->check(CLI::Range(std::int64_t{0}, tournament::kMaxSweepGames));
    command->add_flag("--status", args->status,
                      "Show the finished rounds and the one in progress from the stored games, "
                      "playing and writing nothing (also while another process plays into the "
                      "database)");
    command->callback([args, &ctx] { ctx.exit_code = run_calibrate_command(*args, ctx); });
}

}  // namespace balance::cli
