#pragma once
// The race behind `balance fix`: the rule change that balances. Every candidate (the variant's
// other option values, generated edits of the pieces and the start position, optionally pairs;
// config/fix_candidates.hpp) is compiled once; those that compile race in rounds
// (stats/band_race.hpp): each round every candidate still racing gets the same games, those
// whose interval misses the band are dropped, those whose interval lies inside it are balanced.
// Each round is a sweep into one database whose rule sets are the racing candidates, played by
// the rules compiled when they were made, each with its own rules stored beside its games (cells
// "@<hash8>" for edited rules), so a re-run resumes, and the same file and seed play the same
// games at any thread count. Each candidate's score is read back from its stored games.
// Optionally the balanced changes are then replayed from another seed (the confirmation).
//
// Library code: it prints nothing (the observer hears of each sweep as it plays) and reads the
// stop flag the command's signal handlers set.

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "balance/config/fix_candidates.hpp"
#include "balance/core/error.hpp"
#include "balance/runs/play.hpp"
#include "balance/stats/band_race.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/progress.hpp"
#include "balance/tournament/runner.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::runs {

// What a search is asked to do (the command's flags).
struct FixSettings {
    std::string db;  // "" : results/<name>.db
    int threads = 0;
    std::int64_t max_games = -1;  // stop after this many games of this run (resumable)
    std::int64_t confirm = 0;     // games each confirmed candidate replays from another seed
    int confirm_top = 0;          // only the candidates closest to the target (0: all)
    bool confirm_open = false;    // also the candidates the race left open (the budget ran out)
    bool force = false;           // add to a database of another configuration
    // Read the race from the stored games without playing or writing anything (another process
    // may be playing into the database meanwhile).
    bool status = false;
};

// A balanced candidate's independent games: another seed, another database, the same band.
struct FixConfirmation {
    stats::ScoreSample sample;
    stats::Interval interval;
    bool inside = false;  // the interval at the race's confidence lies inside the band
};

// A sweep of the search that stopped with games to go.
struct FixStop {
    std::string sweep;      // its name
    std::string db;         // the database it plays into (the search's or the confirmation's)
    std::string search_db;  // the search's (which a re-run names)
    tournament::RunSummary summary;
    Ending ending = Ending::Finished;
};

// What the search tells as it goes (the command prints it); every member may be empty.
struct FixObserver {
    // A sweep (a round, or the confirmation) starts playing: returns what watches its games
    // (null: nothing).
    std::function<tournament::ProgressObserver*(const tournament::Sweep& sweep)> playing;
    std::function<void(const FixStop&)> stopped;  // ... and stopped with games to go
};

// One candidate's line of the result.
struct FixRow {
    const config::FixCandidate* candidate = nullptr;
    const stats::RaceEntry* entry = nullptr;  // null: rejected
};

struct FixOutcome {
    tournament::Sweep search;  // the games every candidate plays (config::fix_search_sweep)
    std::vector<config::FixCandidate> candidates;          // the singles, then any fallback pairs
    std::vector<std::optional<stats::RaceEntry>> entries;  // parallel; none: not raced
    std::vector<std::optional<FixConfirmation>> confirmations;  // parallel; none: not confirmed
    std::string db;
    std::string confirm_db;   // empty: no confirmation
    std::int64_t games = 0;   // games the completed rounds asked for
    int rounds = 0;           // completed rounds
    bool complete = false;    // the race (and any confirmation) ended
    bool confirming = false;  // the race ended; stopped (if at all) in the confirmation
    bool stopped = false;     // a sweep stopped (or, with status, is still being played)
    std::int64_t played = 0;  // games played by this run
    std::string in_progress;  // status: the stored games of the sweep in progress
    // Stopped inside a round: the games stored in it so far, per candidate and in all (the
    // entries show them).
    std::map<std::size_t, stats::ScoreSample> interim;
    std::int64_t interim_games = 0;
    Ending ending = Ending::Finished;  // how a stopped sweep ended

    [[nodiscard]] const tournament::FixSpec& fix() const { return *search.fix; }
    // Games stored: the completed rounds' and those of a round stopped part-way.
    [[nodiscard]] std::int64_t stored_games() const { return games + interim_games; }
    // Cells of one candidate: every pairing and matchup of the search.
    [[nodiscard]] std::int64_t cells() const {
        return static_cast<std::int64_t>(search.pairings.size() * search.matchups.size());
    }
    // max_candidate_games in whole games per cell, as the race applies it (0: no cap).
    [[nodiscard]] std::int64_t candidate_cap() const {
        return fix().max_candidate_games / cells() * cells();
    }
    // Open at max_candidate_games: its interval straddles an edge of the band.
    [[nodiscard]] bool capped(const stats::RaceEntry& e) const {
        return candidate_cap() > 0 && e.status == stats::RaceStatus::Racing &&
               e.sample.games >= candidate_cap();
    }
    // The row's confirmation; null when it has none (not balanced, not confirmed, no confirm).
    [[nodiscard]] const FixConfirmation* confirmation_of(const FixRow& row) const;
    // Balanced first, then open, then dropped, each closest to the target first; the rejected
    // last.
    [[nodiscard]] std::vector<FixRow> ranked() const;
};

// Runs (or with status, reads) the search of `opened`, the fix file's own sweep opened (its
// rules compiled: "no change" plays by them). Errors: a candidate space or budget the race
// refuses, a database of another search (unless force), a candidate changed since its games,
// a sweep that cannot be played.
[[nodiscard]] Result<FixOutcome> race_fix(const tournament::OpenSweep& opened,
                                          const FixSettings& settings, const FixObserver& observer,
                                          std::atomic<bool>& stop);

// The confirmation's seed: a function of the search's seed only, so a re-run replays the same
// confirmation, and (mixed by splitmix64's finaliser) unrelated to the race's games.
[[nodiscard]] std::uint64_t confirmation_seed(std::uint64_t seed);

// The confirmation's database beside the search's: elves.db -> elves-confirm.db.
[[nodiscard]] std::string confirmation_db(const std::string& db);

// How far a score is from the target (unplayed: as far as can be).
[[nodiscard]] double distance(double score, double target);

}  // namespace balance::runs
