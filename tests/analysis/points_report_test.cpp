// The points part of the report (Stylish chess), numbers computed by hand: results by points
// and by the board, their disagreements, mean points difference, and the series of two games
// with colours swapped.

#include "balance/analysis/points_report.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace balance::analysis {
namespace {

// One stored game of the cell stylish|fide|fide||<white>|<black>.
StoredGame game(int index, double points_score, double board_score, double white_points,
                double black_points, const std::string& termination = "checkmate",
                const std::string& white = "engine", const std::string& black = "engine") {
    StoredGame g;
    g.variant = "stylish";
    g.white_army = "fide";
    g.black_army = "fide";
    g.white_player = white;
    g.black_player = black;
    g.cell_key = "stylish|fide|fide||" + white + "|" + black;
    g.game_index = index;
    g.white_score = points_score;
    g.board_white_score = board_score;
    g.white_points = white_points;
    g.black_points = black_points;
    g.termination = termination;
    return g;
}

TEST(PointsReport, ByPointsBesideTheBoard) {
    const std::vector<StoredGame> games{
        game(0, 1.0, 1.0, 150, 20),              // White mates and wins on points
        game(1, 0.0, 1.0, 110, 150),             // White mates, loses on points
        game(2, 1.0, 0.5, 37, 0, "repetition"),  // a draw by the board paid White 37
        game(3, 0.5, 0.0, 30, 30),               // Black mates, equal points: a draw
    };
    const PointsReport report = build_points_report(games, 0.95);
    ASSERT_EQ(report.cells.size(), 1u);
    const PointsCell& cell = report.cells[0];
    EXPECT_EQ(cell.points.wins, 2);
    EXPECT_EQ(cell.points.draws, 1);
    EXPECT_EQ(cell.points.losses, 1);
    EXPECT_EQ(cell.board.wins, 2);
    EXPECT_EQ(cell.board.draws, 1);
    EXPECT_EQ(cell.board.losses, 1);
    EXPECT_EQ(cell.disagree, 3);
    EXPECT_EQ(cell.mates, 3);
    EXPECT_EQ(cell.mates_not_won, 2);
    ASSERT_TRUE(cell.points_score);
    EXPECT_DOUBLE_EQ(cell.points_score->score.estimate, 2.5 / 4);
    ASSERT_TRUE(cell.board_score);
    EXPECT_DOUBLE_EQ(cell.board_score->score.estimate, 2.5 / 4);
    // Differences 130, -40, 37, 0: mean 31.75; t(3, 0.975) = 3.182446.
    ASSERT_TRUE(cell.difference_interval);
    EXPECT_DOUBLE_EQ(cell.difference_interval->estimate, 31.75);
    EXPECT_DOUBLE_EQ(cell.difference.variance(),
                     (130 * 130 + 40 * 40 + 37 * 37 - 4 * 31.75 * 31.75) / 3);
    const double half = 3.182446 * std::sqrt(cell.difference.variance() / 4);
    EXPECT_NEAR(cell.difference_interval->upper, 31.75 + half, 1e-3);
    EXPECT_DOUBLE_EQ(cell.white_points.mean(), (150 + 110 + 37 + 30) / 4.0);
}

TEST(PointsReport, GamesWithoutPointsAreLeftOut) {
    StoredGame plain = game(0, 1.0, 1.0, 0, 0);
    plain.white_points.reset();
    plain.black_points.reset();
    plain.board_white_score.reset();
    EXPECT_TRUE(build_points_report(std::vector<StoredGame>{plain}, 0.95).empty());
}

TEST(PointsReport, SeriesOfAMirrorCellPairGamesTwoByTwo) {
    const std::vector<StoredGame> games{
        // Series 1: the first player scores 150 + 30, the other 20 + 100: won by points,
        // though the two games split 1-1 (it lost game 1 on points, as Black).
        game(0, 1.0, 1.0, 150, 20), game(1, 1.0, 1.0, 100, 30),
        // Series 2: 10 + 50 against 40 + 20: equal, a drawn series; the games went 0 and 1/2.
        game(2, 0.0, 0.0, 10, 40), game(3, 0.5, 0.5, 20, 50, "repetition"),
        game(4, 1.0, 1.0, 140, 0),  // no partner yet: not a series
    };
    const PointsReport report = build_points_report(games, 0.95);
    ASSERT_EQ(report.series.size(), 1u);
    const PointsSeries& s = report.series[0];
    EXPECT_EQ(s.first_cell, s.second_cell);
    EXPECT_EQ(s.result.games(), 2);
    EXPECT_EQ(s.result.wins, 1);
    EXPECT_EQ(s.result.draws, 1);
    EXPECT_EQ(s.differ_from_games, 2);  // 1-1 in games but won; 1/2-3/2 in games but drawn
    EXPECT_DOUBLE_EQ(s.difference.mean(), (60.0 + 0.0) / 2);
    EXPECT_EQ(s.resigned, 0);
}

TEST(PointsReport, SeriesPairTheSwappedCellAndAResignationLosesIt) {
    const std::vector<StoredGame> games{
        game(0, 1.0, 1.0, 150, 20, "checkmate", "alpha", "beta"),
        game(0, 1.0, 1.0, 100, 30, "checkmate", "beta", "alpha"),
        // beta resigns as Black in alpha's White game: alpha wins the series though behind.
        game(1, 0.0, 1.0, 5, 60, "adjudication-resign", "alpha", "beta"),
        game(1, 0.5, 0.5, 0, 0, "repetition", "beta", "alpha"),
    };
    const PointsReport report = build_points_report(games, 0.95);
    ASSERT_EQ(report.cells.size(), 2u);
    ASSERT_EQ(report.series.size(), 1u);  // counted once, from alpha's cell
    const PointsSeries& s = report.series[0];
    EXPECT_EQ(s.first_cell.white_player, "alpha");
    EXPECT_EQ(s.second_cell.white_player, "beta");
    EXPECT_EQ(s.result.wins, 2);
    EXPECT_EQ(s.resigned, 1);
    // By the games' results alpha's first series is drawn (1-1) and its second lost (0, 1/2).
    EXPECT_EQ(s.differ_from_games, 2);
    EXPECT_DOUBLE_EQ(s.difference.mean(), ((150 + 30 - 20 - 100) + (5 - 60)) / 2.0);
}

}  // namespace
}  // namespace balance::analysis
