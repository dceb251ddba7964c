#pragma once
// `balance tune --sweep FILE`: the play-fit-replay rounds (runs::tune_rounds) behind the tune
// command. Private to the commands: tune.cpp adds these flags and hands the run over here.

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "balance/analysis/eval_tuning.hpp"
#include "balance/cli/app_context.hpp"

namespace balance::cli {

struct TuneSweepArgs {
    std::string sweep;  // the sweep file or name; empty: not this mode
    int rounds = 3;
    int match_games = 400;
    int threads = 0;
    std::int64_t max_games = -1;
    bool quiet = false;
};

// What the rounds share with the stored-games mode's flags.
struct TuneSweepFit {
    const std::string& db;      // "" : results/<sweep name>-tune.db
    const std::string& player;  // the player tuned; "" : the file's only engine player
    const std::string& start;   // round 0's weights instead of the player's own
    const std::string& write;
    const analysis::TuneOptions& options;
};

void add_tune_sweep_options(CLI::App& command, TuneSweepArgs& args);

// The fit's flags that differ from the defaults ("--min-ply 8 --per-game 30 --l2 0.0001"), or
// "" when none does: an evaluation file's head names them so it says how to remake it.
[[nodiscard]] std::string non_default_fit_flags(const analysis::TuneOptions& options);

[[nodiscard]] int run_tune_sweep(const TuneSweepArgs& args, const TuneSweepFit& fit,
                                 AppContext& ctx);

}  // namespace balance::cli
