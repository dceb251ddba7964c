#include "balance/analysis/points_report.hpp"

#include <map>

#include "balance/stats/game_result.hpp"

namespace balance::analysis {

namespace {

double board_score(const StoredGame& game) {
    return game.board_white_score.value_or(game.white_score);
}

std::optional<stats::Interval> interval_of(const stats::MeanSample& sample, double confidence) {
    auto interval = stats::mean_interval(sample, confidence);
    if (!interval) return std::nullopt;
    return *interval;
}

CellId mirror_of(const CellId& id) {
    return CellId{id.variant, id.black, id.white, id.rules, id.black_player, id.white_player};
}

int sign(double x) {
    return x > 0.0 ? 1 : x < 0.0 ? -1 : 0;
}

// The series of `first` (White: the first player) then `second` (colours swapped).
void add_series(PointsSeries& series, const StoredGame& first, const StoredGame& second) {
    const double mine = *first.white_points + *second.black_points;
    const double theirs = *first.black_points + *second.white_points;
    // A resignation ends the series: the resigner (the side that lost the game on the board)
    // loses it whatever the points.
    int verdict = sign(mine - theirs);
    bool resigned = false;
    for (const StoredGame* game : {&first, &second}) {
        if (game->termination != "resignation" && game->termination != "adjudication-resign")
            continue;
        const bool first_was_white = game == &first;
        const bool white_resigned = board_score(*game) == 0.0;
        verdict = white_resigned == first_was_white ? -1 : 1;
        resigned = true;
        break;
    }
    stats::add_game_score(series.result, verdict > 0 ? 1.0 : verdict < 0 ? 0.0 : 0.5);
    if (resigned) ++series.resigned;
    const double by_games = first.white_score + (1.0 - second.white_score);
    if (sign(by_games - 1.0) != verdict) ++series.differ_from_games;
    series.difference.add(mine - theirs);
}

}  // namespace

PointsReport build_points_report(std::span<const StoredGame> games, double confidence) {
    std::map<CellId, PointsCell> cells;
    std::map<CellId, std::map<int, const StoredGame*>> by_index;
    for (const StoredGame& game : games) {
        if (!game.white_points || !game.black_points) continue;
        const CellId id = cell_of(game);
        PointsCell& cell = cells[id];
        cell.id = id;
        const double board = board_score(game);
        stats::add_game_score(cell.points, game.white_score);
        stats::add_game_score(cell.board, board);
        if (game.white_score != board) ++cell.disagree;
        if (game.termination == "checkmate") {
            ++cell.mates;
            // The board's winner is the mating side: did it win on points too?
            if (game.white_score != board) ++cell.mates_not_won;
        }
        cell.white_points.add(*game.white_points);
        cell.black_points.add(*game.black_points);
        cell.difference.add(*game.white_points - *game.black_points);
        by_index[id][game.game_index] = &game;
    }
    PointsReport out;
    for (auto& [id, cell] : cells) {
        cell.points_score = summarize(cell.points, confidence);
        cell.board_score = summarize(cell.board, confidence);
        cell.difference_interval = interval_of(cell.difference, confidence);
        out.cells.push_back(std::move(cell));
    }
    for (const auto& [id, indexed] : by_index) {
        const CellId mirror = mirror_of(id);
        PointsSeries series;
        series.first_cell = id;
        series.second_cell = mirror;
        if (mirror == id) {
            for (const auto& [index, game] : indexed) {
                if (index % 2 != 0) continue;
                const auto next = indexed.find(index + 1);
                if (next != indexed.end()) add_series(series, *game, *next->second);
            }
        } else {
            if (mirror < id) continue;  // counted from the other cell
            const auto other = by_index.find(mirror);
            if (other == by_index.end()) continue;
            for (const auto& [index, game] : indexed) {
                const auto swapped = other->second.find(index);
                if (swapped != other->second.end()) add_series(series, *game, *swapped->second);
            }
        }
        if (series.result.games() == 0) continue;
        series.score = summarize(series.result, confidence);
        series.difference_interval = interval_of(series.difference, confidence);
        out.series.push_back(std::move(series));
    }
    return out;
}

}  // namespace balance::analysis
