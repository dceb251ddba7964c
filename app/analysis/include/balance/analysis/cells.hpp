#pragma once
// Games grouped into cells (variant, White army, Black army, rule set, players) and counted:
// W/D/L from White's view, terminations, length; plus per-engine failure counts. Pure counting,
// no statistics: the summaries beside it turn the counts into intervals.

#include <array>
#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "balance/analysis/store_reader.hpp"
#include "balance/stats/counts.hpp"
#include "balance/stats/interval.hpp"
#include "balance/stats/score_sample.hpp"
#include "balance/tournament/cell_key.hpp"

namespace balance::analysis {

// A cell is identified by its key (variant, armies, rules, players): str() is the stored
// cell_key.
using CellId = tournament::CellKey;

// "balance-n20k" when both sides use one player, else "A vs B".
[[nodiscard]] std::string players_label(const std::string& white_player,
                                        const std::string& black_player);
[[nodiscard]] std::string players_label(const CellId& id);

[[nodiscard]] CellId cell_of(const StoredGame& game);

struct CellTally {
    CellId id;
    stats::Wdl wdl;  // White's view: wins = White wins, losses = Black wins
    // Every score as it is, White's view: what the cell's interval is computed from when a
    // rule set scores games other than 1, 1/2, 0 (wdl then rounds them).
    stats::ScoreSample scores;
    std::map<std::string, std::int64_t> terminations;
    std::int64_t total_plies = 0;
    // Different games among them (start position, opening and moves compared): a player whose
    // only randomness is a few early root choices can play the same game again. Repeats are
    // fair draws from that player's games, but a cell of few different games says little about
    // the variant beyond them.
    std::int64_t distinct_games = 0;
    // Games whose opening missed the sweep's imbalance window (StoredGame::opening_missed).
    std::int64_t openings_missed = 0;
    // White's score by game index: game i of a cell and game i of the cell with the players'
    // colours reversed share their opening (its seed depends on the armies and rules, not on
    // the players), so head-to-head scores can be taken in pairs.
    std::map<int, double> white_score_by_index;
    // Games lost by an engine failure of either side (a crash, a timeout, an illegal move...).
    std::int64_t engine_failures = 0;

    [[nodiscard]] double mean_plies() const;
    // At least half its games were lost by an engine failure: no score of the variant
    // (tournament/engine_failures.hpp). Tables and the verdict say so instead of a score.
    [[nodiscard]] bool engine_failed() const;
};

// One tally per cell, in CellId order.
[[nodiscard]] std::vector<CellTally> tally_cells(std::span<const StoredGame> games);

// Engine failures of one player (as named in the sweep): games it played and failures by status.
struct EngineFailures {
    // The statuses every failures table shows, 0 or not (others only when they occur), so that
    // its columns do not change with the data.
    static constexpr std::array<const char*, 3> kShownStatuses{"timeout", "crashed",
                                                               "illegal-move"};
    std::string player;
    std::int64_t games = 0;
    std::map<std::string, std::int64_t> by_status;  // "timeout", "crashed", "illegal-move", ...
    // Void attempts (not losses, not in by_status): games its engine could not be started for,
    // and node- or depth-limited searches the watchdog gave up on (`watchdog`); and how many of
    // those games are still not played.
    std::int64_t unavailable = 0;
    std::int64_t watchdog = 0;
    std::int64_t unplayed = 0;

    [[nodiscard]] std::int64_t total() const;
};

[[nodiscard]] std::vector<EngineFailures> tally_failures(
    std::span<const StoredGame> games, std::span<const tournament::FailedGameCount> failed = {});

// A score with its interval on both scales, from one side's view.
struct ScoreSummary {
    stats::Wdl wdl;
    stats::Interval score;  // trinomial Wilson
    stats::Interval elo;    // logistic Elo, the score interval's endpoints mapped
    double draw_rate = 0.0;
};

// Interval summary of `wdl`; nullopt when there are no games.
[[nodiscard]] std::optional<ScoreSummary> summarize(const stats::Wdl& wdl, double confidence);
// A cell's summary: as summarize(wdl) when every score is 1, 1/2 or 0, else the mean score of
// `scores` with the quasi-binomial Wilson interval (stats::mean_score_interval).
[[nodiscard]] std::optional<ScoreSummary> summarize(const CellTally& cell, double confidence);

}  // namespace balance::analysis
