#pragma once
// The loop behind `balance calibrate`: piece values the engine's own games support, found by
// iteration. Round 0 plays the file's engine player by the values it is given (the variant
// file's unless the player sets `values`); every round fits values from its self-play games, and
// the next round plays by them. It stops at the first round where every value played by lies
// inside the interval fitted for it (a fixed point: the values the player plays by are the
// values its games support), or after max_rounds. From round 1 on, each round's player also
// meets the previous round's at equal limits, both colours, so a new set of values that plays
// worse is seen. Every round's games go into one database; a re-run resumes where it stopped,
// because each round's games and fits are determined by the file, its seed and the stored games.
// So the database must hold this calibration's rounds and nothing else: runs of other sweeps, or
// rounds played by another configuration (seed, limits, values), are refused before a round
// plays. The rules are compiled once: every round plays the file's rule sets and pairings, only
// its players differ.
//
// Library code: it prints nothing (the observer hears of each sweep as it plays) and reads the
// stop flag the command's signal handlers set.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "balance/analysis/piece_values.hpp"
#include "balance/config/piece_values_reader.hpp"
#include "balance/core/error.hpp"
#include "balance/runs/play.hpp"
#include "balance/stats/counts.hpp"
#include "balance/stats/interval.hpp"
#include "balance/tournament/progress.hpp"
#include "balance/tournament/runner.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::runs {

// What a calibration is asked to do (the command's flags).
struct CalibrationSettings {
    std::string db;               // "" : results/<name>.db
    int threads = 0;              // games played at once (0: one per core)
    std::uint64_t nodes = 0;      // overrides the player's node limit; the name gets -n<nodes>
    std::int64_t max_games = -1;  // stop after this many games of this run (resumable)
    // Read the rounds from the stored games without playing or writing anything (another
    // process may be playing into the database meanwhile).
    bool status = false;
    std::string sweep_file;  // what the run records keep
};

struct CalibrationRound {
    int index = 0;
    std::string player;          // the round's player: "<player>-r<index>"
    config::PieceValues played;  // empty: the documented values
    analysis::PieceValueFit fit;
    std::int64_t games = 0;
    std::optional<stats::Interval> match;  // this round's player against the previous round's
    stats::Wdl match_wdl;
    std::vector<std::string> moved;  // pieces whose fitted value left its interval
};

// A round's sweep that stopped with games to go.
struct CalibrationStop {
    std::string sweep;  // its name
    std::string db;
    tournament::RunSummary summary;
};

// What the calibration tells as it goes (the command prints it); every member may be empty.
struct CalibrationObserver {
    // A round's sweep starts playing: returns what watches its games (null: nothing).
    std::function<tournament::ProgressObserver*(const std::string& sweep)> playing;
    std::function<void(const CalibrationStop&)> stopped;  // ... and stopped with games to go
};

struct CalibrationOutcome {
    std::string name;  // the rounds' base name: the file's, "-n<nodes>" added by a node limit
    std::string db;
    std::vector<CalibrationRound> rounds;  // the finished ones
    config::PieceValues values;            // the values the next round plays by (the last fit's)
    bool converged = false;                // the last round is a fixed point
    // A round did not finish: stopped (a signal, max_games, engines that failed to start), or
    // with status, still being played.
    bool stopped = false;
    std::string in_progress;  // that round's sweep and its stored games: "tiny-r1: 12 of 40 ..."
    std::int64_t played = 0;  // games played by this run
    Ending ending = Ending::Finished;  // how the stopped sweep ended (Finished: none stopped)
};

// Runs (or with status, reads) the calibration of `sweep`, a loaded file with a [calibrate]
// table. Errors: the database is not this calibration's, a sweep cannot be opened or played, a
// fit fails.
[[nodiscard]] Result<CalibrationOutcome> calibrate(const tournament::Sweep& sweep,
                                                   const CalibrationSettings& settings,
                                                   const CalibrationObserver& observer,
                                                   std::atomic<bool>& stop);

// The value `row`'s piece is played by in a round: its given value, else the documented one.
[[nodiscard]] double played_value(const config::PieceValues& played,
                                  const analysis::PieceValueRow& row);

}  // namespace balance::runs
