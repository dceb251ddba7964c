#pragma once
// The search behind `balance fix` (fix.cpp, the command): the candidates raced in rounds, each
// round a sweep into one database (fix_search.cpp); the balanced ones replayed from another
// seed (fix_confirm.cpp); the result as a table, JSON or a page (fix_output.cpp).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "balance/config/fix_candidates.hpp"
#include "balance/stats/band_race.hpp"
#include "balance/tournament/store.hpp"
#include "balance/tournament/sweep.hpp"
#include "commands.hpp"

namespace balance::cli::fix_command {

using Json = nlohmann::ordered_json;

struct FixArgs {
    std::string file;
    std::string db;
    int threads = 0;
    std::int64_t max_games = -1;
    std::int64_t confirm = 0;   // games each confirmed candidate replays from another seed
    int confirm_top = 0;        // only the candidates closest to the target (0: all)
    bool confirm_open = false;  // also the candidates the race left open (the budget ran out)
    bool json = false;
    bool quiet = false;
    bool force = false;
    // Read the race from the stored games without playing or writing anything (another process
    // may be playing into the database meanwhile).
    bool status = false;
    std::string html;  // also write the candidates' intervals against the band as a page
};

// A balanced candidate's independent games: another seed, another database, the same band.
struct Confirmation {
    stats::ScoreSample sample;
    stats::Interval interval;
    bool inside = false;  // the interval at the race's confidence lies inside the band
};

// The confirmation's seed: a function of the search's seed only, so a re-run replays the same
// confirmation, and (mixed by splitmix64's finaliser) unrelated to the race's games.
[[nodiscard]] std::uint64_t confirmation_seed(std::uint64_t seed);

// The confirmation's database beside the search's: elves.db -> elves-confirm.db.
[[nodiscard]] std::string confirmation_db(const std::string& db);

// "White's score", or "<side>' score".
[[nodiscard]] std::string score_owner(const tournament::FixSpec& fix);

// How far a score is from the target (unplayed: as far as can be).
[[nodiscard]] double distance(double score, double target);

// One candidate's line of the result.
struct Row {
    const config::FixCandidate* candidate = nullptr;
    const stats::RaceEntry* entry = nullptr;  // null: rejected
};

class FixSearch {
  public:
    FixSearch(const FixArgs& args, AppContext& ctx, tournament::Sweep sweep)
        : args_(args), ctx_(ctx), loaded_(std::move(sweep)), fix_(*loaded_.fix) {}

    int run();

  private:
    Result<stats::RoundOutcome> round(const std::vector<std::int64_t>& games);
    // Plays `sweep` into `store`; false when it stopped (signal, --max-games) with games to go.
    // With --status it plays nothing: true when every game of `sweep` is stored.
    Result<bool> play(const tournament::Sweep& sweep, tournament::ResultStore& store,
                      const std::string& db);
    // The cell keys of one rule set: every pairing and matchup of the search.
    [[nodiscard]] std::vector<std::string> cell_keys(const tournament::RuleSet& rule_set) const;
    // A candidate's stored games among its first `games` (whole games per cell); sample() also
    // requires all of them.
    Result<stats::ScoreSample> stored_sample(const config::FixCandidate& candidate,
                                             std::int64_t games,
                                             tournament::ResultStore& store) const;
    Result<stats::ScoreSample> sample(const config::FixCandidate& candidate, std::int64_t games,
                                      tournament::ResultStore& store, const std::string& db) const;
    // The --confirm flags to repeat in a resume hint ("" without --confirm).
    [[nodiscard]] std::string confirm_flags() const;
    // Replays every balanced candidate (and with --confirm-open every open one) for --confirm
    // games from another seed into another database; false when it stopped with games to go.
    Result<bool> confirm();
    // Candidate indices (each with a race entry) sorted by their score's distance from the
    // target, ties in their order.
    void closest_first(std::vector<std::size_t>& indices) const;
    // The labels of the `count` single changes whose scores lie closest to the target (pairs =
    // "best" builds its pairs on them).
    [[nodiscard]] std::vector<std::string> closest_singles(int count) const;
    // Races the playable candidates from index `first` on with the budget left; false when a
    // round stopped early.
    Result<bool> race(std::size_t first);
    [[nodiscard]] bool any_balanced() const;
    // The database's earlier runs played the same games: same variant, seed, pairings, players
    // (settings included), openings and adjudication. Rule sets and sizes differ round by round
    // and are not compared; the [fix] table's band and budget do not change a game.
    Result<void> same_search(tournament::ResultStore& store, const tournament::Sweep& sweep,
                             const std::string& db) const;
    // The candidates `indices` were played by their rules in `store`: one whose cells carry no
    // hash (no edit; "no change" among them) and whose cells hold games played under other
    // rules (the variant file changed since) is refused, naming the change; with --force it
    // gets cells of its own ("@<hash8>"), as a sweep's changed rule set does.
    Result<void> own_cells(const tournament::ResultStore& store, const std::string& db,
                           const std::vector<std::size_t>& indices);
    [[nodiscard]] std::vector<Row> ranked() const;
    void print() const;
    [[nodiscard]] Json to_json() const;
    [[nodiscard]] std::string to_html() const;
    // Where a stopped run stopped, for the summary line (empty when it did not stop).
    [[nodiscard]] std::string stop_note() const {
        if (complete_) return {};
        const std::string where =
            confirming_ ? "the confirmation" : fmt::format("round {}", rounds_ + 1);
        if (args_.status)
            return fmt::format(
                " (in progress inside {}: {}; read from the stored games, nothing played{})", where,
                in_progress_,
                interim_.empty() ? "" : "; the open candidates show their games so far");
        return fmt::format(" (stopped inside {} after {} games this run: the same command resumes)",
                           where, played_);
    }
    // The row's confirmation; null when it has none (not balanced, not confirmed, no --confirm).
    [[nodiscard]] const Confirmation* confirmation_of(const Row& row) const {
        const auto i = static_cast<std::size_t>(row.candidate - candidates_.data());
        return i < confirmations_.size() && confirmations_[i] ? &*confirmations_[i] : nullptr;
    }
    // max_candidate_games in whole games per cell, as the race applies it (0: no cap).
    [[nodiscard]] std::int64_t candidate_cap() const {
        return fix_.max_candidate_games / cells() * cells();
    }
    // Open at max_candidate_games: its interval straddles an edge of the band.
    [[nodiscard]] bool capped(const stats::RaceEntry& e) const {
        return candidate_cap() > 0 && e.status == stats::RaceStatus::Racing &&
               e.sample.games >= candidate_cap();
    }
    [[nodiscard]] std::int64_t cells() const {
        return static_cast<std::int64_t>(search_.pairings.size() * search_.matchups.size());
    }

    const FixArgs& args_;
    AppContext& ctx_;
    tournament::Sweep loaded_;
    const tournament::FixSpec& fix_;
    tournament::Sweep search_;
    std::vector<config::FixCandidate> candidates_;          // the singles, then any fallback pairs
    std::vector<std::optional<stats::RaceEntry>> entries_;  // parallel; none: not raced
    std::vector<std::optional<Confirmation>> confirmations_;  // parallel; none: not confirmed
    std::string confirm_db_;                                  // empty: no confirmation
    std::vector<std::size_t> playable_;  // the race in progress: indices into candidates_
    std::int64_t games_ = 0;             // games the completed rounds asked for
    // Games stored: the completed rounds' and those of a round stopped (or, --status, still
    // being played) part-way.
    [[nodiscard]] std::int64_t stored_games() const { return games_ + interim_games_; }
    int rounds_ = 0;
    bool complete_ = false;
    bool confirming_ = false;  // the race ended; stopped (if at all) in the confirmation
    std::string db_;
    std::optional<tournament::ResultStore> store_;
    std::vector<std::int64_t> before_;  // games per raced candidate after the previous round
    int round_ = 0;
    std::int64_t played_ = 0;  // games played by this process
    std::string in_progress_;  // --status: the stored games of the sweep in progress
    std::map<std::size_t, stats::ScoreSample> interim_;  // stopped: games so far in that round
    std::int64_t interim_games_ = 0;  // stopped: the games of the round in progress stored
    bool stopped_ = false;
    int exit_code_ = 0;
};

}  // namespace balance::cli::fix_command
