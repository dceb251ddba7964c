#pragma once
// What the loops of rounds share: runs::calibrate (piece values) and runs::tune_rounds
// (evaluation weights). A round's sweeps (the player's self-play, its match against the round
// before), the check that a database holds these rounds and nothing else, the match's score,
// and the player of the rounds' sweeps into one store (resuming, stopping, counting).

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "balance/core/error.hpp"
#include "balance/runs/play.hpp"
#include "balance/stats/counts.hpp"
#include "balance/stats/interval.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/progress.hpp"
#include "balance/tournament/runner.hpp"
#include "balance/tournament/store.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::runs::rounds {

// "<player>-r<round>".
[[nodiscard]] std::string round_player(const std::string& player, int round);

// Round `round`'s self-play sweep, "<base>-r<round>": `player` (carrying what the round plays
// by) alone, named round_player(), in every pairing and rule set of `base`.
[[nodiscard]] tournament::Sweep self_play(const tournament::Sweep& base,
                                          const tournament::PlayerSpec& player, int round);

// The match of round `round` (`now`) against round `round - 1` (`before`), "<base>-r<round>-
// match": both colours, about `games` games spread over the file's pairings and rule sets.
[[nodiscard]] tournament::Sweep match(const tournament::Sweep& base,
                                      const tournament::PlayerSpec& now,
                                      const tournament::PlayerSpec& before, int round, int games);

// The database holds only rounds named `base`-r<k> (or -r<k>-match), and those of `round` (a
// round's sweep about to play) were played by the same configuration. `what` names the loop in
// the message ("calibration").
[[nodiscard]] Result<void> same_rounds(const tournament::ResultStore& store,
                                       const std::string& base, const tournament::Sweep& round,
                                       const std::string& what);

// The same for `db` before it is opened for writing (nothing when it does not exist), so that
// one that is not these rounds' is left as it was.
[[nodiscard]] Result<void> existing_rounds(const std::string& db, const std::string& base,
                                           const tournament::Sweep& first, const std::string& what);

// The score of `now` against `before` in their games, counted into `wdl`; none when the
// database cannot be read or holds no such game.
[[nodiscard]] std::optional<stats::Interval> match_score(const std::string& db,
                                                         const std::string& now,
                                                         const std::string& before,
                                                         stats::Wdl& wdl);

struct PlaySettings {
    int threads = 0;
    std::int64_t max_games = -1;  // of this run, over every sweep it plays
    bool status = false;          // count the stored games, play nothing
    std::string sweep_file;       // what the run records keep
    std::string base;             // the rounds' base name (same_rounds)
    std::string what;             // the loop's name in messages
};

struct PlayHooks {
    // A sweep starts playing: returns what watches its games (null: nothing).
    std::function<tournament::ProgressObserver*(const std::string& sweep)> playing;
    // ... and stopped with games to go.
    std::function<void(const std::string& sweep, const tournament::RunSummary&)> stopped;
};

// Plays the rounds' sweeps into one store, by rules compiled once (every round has the same
// rule sets and pairings).
class RoundPlayer {
  public:
    RoundPlayer(tournament::ResultStore& store, PlaySettings settings, PlayHooks hooks,
                std::atomic<bool>& stop)
        : store_(store), settings_(std::move(settings)), hooks_(std::move(hooks)), stop_(stop) {}

    // Plays `sweep` (resuming); false when it stopped with games to go. With status it plays
    // nothing: false when some of its games are not stored yet.
    Result<bool> play(tournament::Sweep sweep);

    std::int64_t played = 0;           // games played by this run
    Ending ending = Ending::Finished;  // how the stopped sweep ended
    std::string in_progress;           // "tiny-r1: 12 of its 40 games stored"

  private:
    Result<tournament::OpenSweep> open(tournament::Sweep sweep);
    Result<bool> note_in_progress(const tournament::Sweep& sweep);

    tournament::ResultStore& store_;
    PlaySettings settings_;
    PlayHooks hooks_;
    std::atomic<bool>& stop_;
    std::optional<tournament::OpenSweep> first_;
};

}  // namespace balance::runs::rounds
