// `balance tune --sweep FILE`: the sweep's engine player plays itself, its weights are fitted to
// those games, the fit plays the weights it came from, and the loop goes on while the new
// weights win (runs::tune_rounds, app/runs/tune_rounds.hpp). This file reads the flags, prints
// each round as it finishes and writes the evaluation file.

#include "tune_sweep.hpp"

#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/analysis/portable_report.hpp"
#include "balance/config/eval_weights_reader.hpp"
#include "balance/config/sweep_files.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/runs/tune_rounds.hpp"
#include "output.hpp"
#include "output_file.hpp"
#include "run_guards.hpp"

namespace balance::cli {

namespace {

std::string played_by(const runs::TuneRound& round) {
    if (round.index > 0) return fmt::format("round {}'s fit", round.index - 1);
    return round.played ? "its starting weights" : "the hand-set weights";
}

std::string match_text(const runs::TuneRound& round) {
    const stats::Wdl& wdl = round.match_wdl;
    return fmt::format("{} games, {}-{}-{} (W-D-L), score {:.1f}% [{:.1f}%, {:.1f}%]", wdl.games(),
                       wdl.wins, wdl.draws, wdl.losses, 100 * round.match->estimate,
                       100 * round.match->lower, 100 * round.match->upper);
}

// One finished round: its match and verdict, its self-play's fit.
std::string round_text(const runs::TuneRound& round, int rounds) {
    std::string text =
        fmt::format("round {} ({}, by {})\n", round.index, round.player, played_by(round));
    if (round.index > 0) {
        const bool last = round.index == rounds;
        text += fmt::format("  against round {}: {}: {}\n", round.index - 1,
                            round.match ? match_text(round) : "no games",
                            !round.gains ? "does not gain: stop"
                            : last       ? fmt::format("gains; {} rounds done: stop", rounds)
                                         : "gains");
    }
    if (round.fit) {
        const analysis::TuneResult& fit = *round.fit;
        text += fmt::format(
            "  self-play: {} games; {} quiet positions kept of {} looked at; K {:.3f}; mean "
            "squared error {:.5f} at the weights played by, {:.5f} fitted\n",
            round.games, fit.positions, fit.candidates, fit.fit.k, fit.fit.error_before,
            fit.fit.error_after);
    }
    return text;
}

std::string result_text(const runs::TuneRoundsOutcome& result) {
    if (result.best == 0) return "the starting weights: round 1's fit did not beat them";
    return fmt::format("round {}'s weights (the last that gained)", result.best);
}

// The fits' settings where they differ from the defaults, so the head says how to make the
// same file again.
std::string fit_settings_text(const TuneSweepFit& fit) {
    const auto& o = fit.options;
    std::string text;
    if (o.score_weight > 0.0)
        text += fmt::format(
            "Each fit's targets: {:.2f} x the game's result + {:.2f} x the search score stored "
            "with it (--score-weight {:g}).\n",
            1.0 - o.score_weight, o.score_weight, o.score_weight);
    if (const std::string flags = non_default_fit_flags(o); !flags.empty())
        text += fmt::format("Each fit: {}.\n", flags);
    if (!fit.start.empty())
        text += fmt::format("Round 0 played by {}.\n", analysis::portable_path(fit.start));
    return text;
}

// The evaluation file's head: how the weights were made.
std::string provenance(const tournament::Sweep& sweep, const std::string& file,
                       const TuneSweepFit& fit, const runs::TuneRoundsOutcome& result) {
    std::string text = fmt::format(
        "Evaluation weights of {} from `balance tune --sweep {}`: {}, after {} round(s).\n",
        sweep.variant, analysis::portable_path(file), result_text(result),
        result.rounds.empty() ? 0 : result.rounds.back().index);
    text += fit_settings_text(fit);
    for (const auto& round : result.rounds)
        if (round.match)
            text += fmt::format("Round {} against round {}: {}{}.\n", round.index, round.index - 1,
                                match_text(round), round.gains ? ", gains" : ", does not gain");
    text += fmt::format(
        "Database {}.\nPlay by them: eval = \"<this file>\" in a sweep's engine "
        "player.",
        analysis::portable_path(result.db));
    return text;
}

std::string ending_text(const runs::TuneRoundsOutcome& result, const std::string& write) {
    if (result.stopped)
        return fmt::format(
            "\nStopped after {} finished round(s) and {} games played in this "
            "run: {}; the same command resumes.\n",
            result.rounds.size(), result.played, result.in_progress);
    return fmt::format("\nResult: {}; {} games played in this run, database {}\nwrote {}\n",
                       result_text(result), result.played, result.db, write);
}

Result<runs::TuneRoundsSettings> settings_of(const TuneSweepArgs& args, const TuneSweepFit& fit,
                                             const tournament::Sweep& sweep,
                                             const std::string& file) {
    runs::TuneRoundsSettings settings;
    settings.db = fit.db;
    settings.threads = args.threads;
    settings.max_games = args.max_games;
    settings.sweep_file = file;
    settings.player = fit.player;
    settings.rounds = args.rounds;
    settings.match_games = args.match_games;
    settings.fit = fit.options;
    if (!fit.start.empty()) {
        auto start = config::load_eval_weights_file(fit.start, sweep.rule_sets.front().spec);
        if (!start) return start.error();
        settings.start = std::move(*start);
    }
    return settings;
}

}  // namespace

std::string non_default_fit_flags(const analysis::TuneOptions& options) {
    const analysis::TuneOptions defaults;
    if (options.min_ply == defaults.min_ply && options.per_game == defaults.per_game &&
        options.l2 == defaults.l2)
        return "";
    return fmt::format("--min-ply {} --per-game {} --l2 {:g}", options.min_ply, options.per_game,
                       options.l2);
}

void add_tune_sweep_options(CLI::App& command, TuneSweepArgs& args) {
    command.add_option("--sweep", args.sweep,
                       "Play, fit, replay: the sweep's engine player plays itself, its weights "
                       "are fitted to the games, and the fit plays the weights it came from, "
                       "round after round while it wins");
    command.add_option("--rounds", args.rounds, "With --sweep: matches at most (default 3)")
        ->check(CLI::Range(1, 100));
    command
        .add_option("--match-games", args.match_games,
                    "With --sweep: games of each round's match, both colours (default 400)")
        ->check(CLI::Range(2, 1'000'000));
    command
        .add_option("--threads", args.threads,
                    "With --sweep: games played in parallel "
                    "(default: cores)")
        ->check(CLI::Range(1, 1024));
    command
        .add_option("--max-games", args.max_games,
                    "With --sweep: stop after this many games (exit 0; the same command resumes)")
        ->check(CLI::Range(std::int64_t{0}, tournament::kMaxSweepGames));
    command.add_flag("--quiet", args.quiet, "With --sweep: no progress display");
}

int run_tune_sweep(const TuneSweepArgs& args, const TuneSweepFit& fit, AppContext& ctx) {
    auto file = config::find_sweep(args.sweep);
    if (!file) return report_error(ctx, file.error());
    auto sweep = config::load_sweep(*file);
    if (!sweep) return report_error(ctx, sweep.error());
    // The file is written at the end: a path it cannot go to fails now, not after the games.
    if (auto ok = check_output_path(fit.write); !ok) return report_error(ctx, ok.error());
    auto settings = settings_of(args, fit, *sweep, file->string());
    if (!settings) return report_error(ctx, settings.error());

    ctx.out << fmt::format(
        "Tuning rounds of {} ({}): play, fit, replay; up to {} round(s), {} "
        "games a match\n",
        sweep->name, sweep->variant, args.rounds, args.match_games);
    std::optional<tournament::TextProgress> display;
    runs::TuneRoundsObserver observer;
    observer.playing = [&](const std::string& name) -> tournament::ProgressObserver* {
        ctx.out << fmt::format("playing {}\n", name);
        if (args.quiet) return nullptr;
        display.emplace(progress_display(ctx.out));
        return &*display;
    };
    observer.stopped = [&](const runs::TuneRoundsStop& stop) {
        ctx.out << fmt::format("stopped with {} games of {} to go, database {}\n",
                               stop.summary.remaining, stop.sweep, stop.db);
    };
    observer.finished = [&](const runs::TuneRound& round) {
        ctx.out << round_text(round, args.rounds);
    };
    const StopOnSignal signals;
    auto result = runs::tune_rounds(*sweep, *settings, observer, stop_requested);
    if (!result) return report_error(ctx, result.error());
    if (!result->stopped) {
        const std::string text = config::eval_weights_toml(
            result->weights.value_or(players::engine::EvalWeights{}), sweep->rule_sets.front().spec,
            provenance(*sweep, file->string(), fit, *result));
        if (auto written = write_text_file(fit.write, text); !written)
            return report_error(ctx, written.error());
    }
    ctx.out << ending_text(*result, fit.write);
    return result->stopped ? runs::exit_code(result->ending) : 0;
}

}  // namespace balance::cli
