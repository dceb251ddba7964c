#pragma once
// The loop behind `balance tune --sweep`: evaluation weights the engine's own games support,
// kept only while they play better. Round 0 plays a sweep file's engine player against itself by
// its own weights (its evaluation file, else the hand-set ones; or the starting weights given),
// in the file's pairings, rule sets, openings and seed, and fits weights w1 to those games
// (analysis::tune_evaluation, starting from the weights played by). Round r >= 1 first plays a
// match of w_r against w_{r-1} at the file's limits, both colours; it gains when the lower end of
// the 95% score interval lies above 50%. A round that does not gain ends the loop with w_{r-1},
// the last weights that gained (w_0: no fit beat the start); one that gains plays its own
// self-play by w_r and fits w_{r+1}, up to `rounds` matches.
//
// Every round's games go into one database, and the players carry their weights in their
// stored settings, so each round's games are told apart and a re-run resumes (the fits are
// determined by the stored games). The database must hold these rounds and nothing else: runs
// of other sweeps, or rounds played by another configuration, are refused before a game plays.
//
// Library code: it prints nothing (the observer hears of each sweep and each finished round) and
// reads the stop flag the command's signal handlers set.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "balance/analysis/eval_tuning.hpp"
#include "balance/core/error.hpp"
#include "balance/players/engine/eval_weights.hpp"
#include "balance/runs/play.hpp"
#include "balance/stats/counts.hpp"
#include "balance/stats/interval.hpp"
#include "balance/tournament/progress.hpp"
#include "balance/tournament/runner.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::runs {

// What the rounds are asked to do (the command's flags).
struct TuneRoundsSettings {
    std::string db;               // "" : results/<sweep name>-tune.db
    int threads = 0;              // games played at once (0: one per core)
    std::int64_t max_games = -1;  // stop after this many games of this run (resumable)
    std::string sweep_file;       // what the run records keep
    std::string player;           // the player tuned; "" : the file's only engine player
    int rounds = 3;               // matches at most
    int match_games = 400;        // games of each match, over both colours
    // Round 0's weights instead of the player's own (--start).
    std::optional<players::engine::EvalWeights> start;
    analysis::TuneOptions fit;  // the fit's settings; its start is each round's weights
};

using TuneWeights = std::optional<players::engine::EvalWeights>;  // none: the hand-set weights

struct TuneRound {
    int index = 0;
    std::string player;  // the round's player: "<player>-r<index>"
    TuneWeights played;  // what it played by
    // From round 1: its match against the previous round's player, and whether it gains.
    std::optional<stats::Interval> match;
    stats::Wdl match_wdl;
    bool gains = false;
    // The fit to this round's self-play (none when the loop ended at its match).
    std::optional<analysis::TuneResult> fit;
    std::int64_t games = 0;  // its self-play games
};

// A round's sweep that stopped with games to go.
struct TuneRoundsStop {
    std::string sweep;
    std::string db;
    tournament::RunSummary summary;
};

// What the rounds tell as they go (the command prints it); every member may be empty.
struct TuneRoundsObserver {
    // A round's sweep starts playing: returns what watches its games (null: nothing).
    std::function<tournament::ProgressObserver*(const std::string& sweep)> playing;
    std::function<void(const TuneRoundsStop&)> stopped;  // ... and stopped with games to go
    std::function<void(const TuneRound&)> finished;      // a round's match and fit are done
};

struct TuneRoundsOutcome {
    std::string name;  // the rounds' base name: the sweep's
    std::string db;
    std::string player;             // the tuned player as the file names it
    std::vector<TuneRound> rounds;  // the finished ones
    TuneWeights weights;            // the result: the last weights that gained (round `best`'s)
    int best = 0;                   // 0: no fit beat the starting weights
    // A sweep did not finish (a signal, max_games, engines that failed to start): no result.
    bool stopped = false;
    std::string in_progress;  // that sweep and its stored games: "tiny-r1: 12 of its 40 ..."
    std::int64_t played = 0;  // games played by this run
    Ending ending = Ending::Finished;
};

// The player the rounds tune: the one named `name`, else the sweep's only internal-engine
// player. Errors: no such player, not an internal engine, none or several engine players.
[[nodiscard]] Result<tournament::PlayerSpec> tuned_player(const tournament::Sweep& sweep,
                                                          const std::string& name);

// Runs the rounds of `sweep`. Errors: no player to tune, the database is not these rounds', a
// sweep cannot be opened or played, a fit fails.
[[nodiscard]] Result<TuneRoundsOutcome> tune_rounds(const tournament::Sweep& sweep,
                                                    const TuneRoundsSettings& settings,
                                                    const TuneRoundsObserver& observer,
                                                    std::atomic<bool>& stop);

}  // namespace balance::runs
