// The points part of the report (Stylish chess) as display tables: wording and columns here.

#include <fmt/format.h>

#include "balance/analysis/display_tables.hpp"
#include "balance/analysis/text_format.hpp"

namespace balance::analysis {

namespace {

std::string wdl_text(const stats::Wdl& wdl) {
    return fmt::format("{}/{}/{}", wdl.wins, wdl.draws, wdl.losses);
}

std::string score_text(const std::optional<ScoreSummary>& s) {
    return s ? fmt::format("{} {}", percent(s->score.estimate), percent_interval(s->score)) : "n/a";
}

std::string share(std::int64_t part, std::int64_t whole) {
    return whole > 0 ? fmt::format("{} ({})", part,
                                   percent(static_cast<double>(part) / static_cast<double>(whole)))
                     : "0";
}

std::string mean_text(const stats::MeanSample& sample,
                      const std::optional<stats::Interval>& interval) {
    if (!interval) return number(sample.mean(), 1);
    return fmt::format("{:+.1f} [{:+.1f}, {:+.1f}]", interval->estimate, interval->lower,
                       interval->upper);
}

}  // namespace

DisplayTable points_table(const ReportData& report, VariantCatalog& catalog) {
    DisplayTable table;
    const std::string ci = confidence_label(report.confidence);
    table.caption = fmt::format(
        "Games decided by points (RULES.md §3), White's view. The result by points (W/D/L and "
        "White's score with its {} trinomial Wilson interval) is the game's result; the board's "
        "result (the mated side loses) is beside it. \"disagree\": games the two results "
        "differ; \"mates not won\": checkmates the mating side lost or drew on points. Points "
        "difference = White's points - Black's, mean with its {} Student-t interval.",
        ci, ci);
    table.header = {"cell",
                    "rules",
                    "players",
                    "games",
                    "by points W/D/L",
                    "White score by points",
                    "by board W/D/L",
                    "White score by board",
                    "disagree",
                    "mates not won",
                    "mean White points",
                    "mean Black points",
                    "points difference"};
    for (const PointsCell& cell : report.points.cells) {
        const CellId& id = cell.id;
        table.rows.push_back(
            {cell_name(catalog, id), rules_label(id.rules), players_label(id),
             std::to_string(cell.points.games()), wdl_text(cell.points),
             score_text(cell.points_score), wdl_text(cell.board), score_text(cell.board_score),
             share(cell.disagree, cell.points.games()),
             fmt::format("{} of {}", cell.mates_not_won, cell.mates),
             number(cell.white_points.mean(), 1), number(cell.black_points.mean(), 1),
             mean_text(cell.difference, cell.difference_interval)});
        table.emphasis.push_back(false);
    }
    return table;
}

DisplayTable series_table(const ReportData& report, VariantCatalog& catalog) {
    DisplayTable table;
    const std::string ci = confidence_label(report.confidence);
    table.caption = fmt::format(
        "Series of two games with colours swapped, points summed; the winner of a series is "
        "the player with more points (equal points: a draw), and a resignation loses the "
        "series whatever the points. \"First\" is the side that had White in the first game; "
        "a cell playing itself pairs its games 0-1, 2-3, .... \"differ\": series whose winner "
        "by points summed is not the winner by the two games' results. Difference = first's "
        "points - the other's, mean with its {} Student-t interval.",
        ci);
    table.header = {"first games", "rules",         "players",
                    "series",      "first's W/D/L", "first's score " + ci,
                    "resigned",    "differ",        "points difference"};
    for (const PointsSeries& series : report.points.series) {
        const CellId& id = series.first_cell;
        table.rows.push_back({cell_name(catalog, id), rules_label(id.rules), players_label(id),
                              std::to_string(series.result.games()), wdl_text(series.result),
                              score_text(series.score), std::to_string(series.resigned),
                              share(series.differ_from_games, series.result.games()),
                              mean_text(series.difference, series.difference_interval)});
        table.emphasis.push_back(false);
    }
    return table;
}

}  // namespace balance::analysis
