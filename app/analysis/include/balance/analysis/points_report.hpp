#pragma once
// Points variants (Stylish chess, RULES.md §3): a game's white_score is its result by points and
// the board's result is kept beside it (StoredGame::board_white_score). This part of the report
// puts the two side by side per cell, counts where they disagree, gives the mean points
// difference with an interval, and the series view: two games with colours swapped, points
// summed, the winner of the series the player with more points (a resignation loses the series).

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "balance/analysis/cells.hpp"
#include "balance/analysis/store_reader.hpp"
#include "balance/stats/mean_sample.hpp"

namespace balance::analysis {

// The games of one cell that carry points.
struct PointsCell {
    CellId id;
    stats::Wdl points;  // White's view, by points (the cell's result)
    stats::Wdl board;   // White's view, by the board
    std::optional<ScoreSummary> points_score;
    std::optional<ScoreSummary> board_score;
    std::int64_t disagree = 0;  // games whose result by points is not the board's
    std::int64_t mates = 0;     // games ended by checkmate
    // Checkmates the mating side did not win on points (it lost or drew them).
    std::int64_t mates_not_won = 0;
    stats::MeanSample white_points;
    stats::MeanSample black_points;
    stats::MeanSample difference;  // White's points minus Black's
    std::optional<stats::Interval> difference_interval;
};

// Series of two games, colours swapped. The mirror cell of (X, Y, P, Q) is (Y, X, Q, P): game k
// of the one pairs with game k of the other (with the same armies they share the opening); a cell
// that is its own mirror (same army, same player) pairs its games 2k and 2k+1. "First" is the
// player (and army) that had White in the series' first game.
struct PointsSeries {
    CellId first_cell;   // the cell of the first games
    CellId second_cell;  // the cell of the second games (== first_cell for a mirror cell)
    stats::Wdl result;   // the first player's view, by points summed (a tie is a draw)
    std::optional<ScoreSummary> score;
    // Series ended by a resignation (a player's or adjudicated): the resigner lost it.
    std::int64_t resigned = 0;
    // Series whose winner by points summed is not the winner by the two games' results summed.
    std::int64_t differ_from_games = 0;
    stats::MeanSample difference;  // first player's points minus the other's, summed
    std::optional<stats::Interval> difference_interval;
};

struct PointsReport {
    std::vector<PointsCell> cells;
    std::vector<PointsSeries> series;
    [[nodiscard]] bool empty() const { return cells.empty(); }
};

// Only games with points (white_points set) count; empty when there are none.
[[nodiscard]] PointsReport build_points_report(std::span<const StoredGame> games,
                                               double confidence);

}  // namespace balance::analysis
