#pragma once
// The state of one `balance fix` search while it runs (runs::race_fix): the race in rounds
// (fix_race.cpp), the confirmation (fix_confirm.cpp). Private to balance_runs and its tests.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "balance/runs/fix_race.hpp"
#include "balance/tournament/store.hpp"

namespace balance::runs::fix_search {

class FixSearch {
  public:
    FixSearch(const tournament::OpenSweep& opened, const FixSettings& settings,
              const FixObserver& observer, std::atomic<bool>& stop)
        : opened_(opened),
          loaded_(opened.sweep),
          fix_(*loaded_.fix),
          settings_(settings),
          observer_(observer),
          stop_(stop) {}

    Result<FixOutcome> run();

  private:
    Result<stats::RoundOutcome> round(const std::vector<std::int64_t>& games);
    // Plays `sweep`, whose rule sets are the candidates `indices` (by the rules compiled when
    // they were made), into `store`; false when it stopped (signal, max_games) with games to
    // go. With status it plays nothing: true when every game of `sweep` is stored.
    Result<bool> play(const tournament::Sweep& sweep, const std::vector<std::size_t>& indices,
                      tournament::ResultStore& store, const std::string& db);
    // The cell keys of one rule set: every pairing and matchup of the search.
    [[nodiscard]] std::vector<std::string> cell_keys(const tournament::RuleSet& rule_set) const;
    // A candidate's stored games among its first `games` (whole games per cell); sample() also
    // requires all of them.
    Result<stats::ScoreSample> stored_sample(const config::FixCandidate& candidate,
                                             std::int64_t games,
                                             tournament::ResultStore& store) const;
    Result<stats::ScoreSample> sample(const config::FixCandidate& candidate, std::int64_t games,
                                      tournament::ResultStore& store, const std::string& db) const;
    // Replays every balanced candidate (and with confirm_open every open one) for `confirm`
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
    // rules (the variant file changed since) is refused, naming the change; with force it gets
    // cells of its own ("@<hash8>"), as a sweep's changed rule set does.
    Result<void> own_cells(const tournament::ResultStore& store, const std::string& db,
                           const std::vector<std::size_t>& indices);

    const tournament::OpenSweep& opened_;
    const tournament::Sweep& loaded_;
    const tournament::FixSpec& fix_;
    const FixSettings& settings_;
    const FixObserver& observer_;
    std::atomic<bool>& stop_;
    FixOutcome out_;
    std::optional<tournament::ResultStore> store_;
    std::vector<std::size_t> playable_;  // the race in progress: indices into the candidates
    std::vector<std::int64_t> before_;   // games per raced candidate after the previous round
    int round_ = 0;
};

}  // namespace balance::runs::fix_search
