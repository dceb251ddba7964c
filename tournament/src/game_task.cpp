#include "game_task.hpp"

#include <cmath>

#include "balance/tournament/game_runner.hpp"
#include "balance/tournament/openings.hpp"
#include "balance/tournament/sweep_json.hpp"

namespace balance::tournament {

namespace {

std::string join(const std::vector<std::string>& moves) {
    std::string out;
    for (const auto& move : moves) {
        if (!out.empty()) out += ' ';
        out += move;
    }
    return out;
}

}  // namespace

Result<GameRow> play_planned_game(const SweepContext& context, const PlannedGame& planned,
                                  WorkerPlayers& players) {
    const Sweep& sweep = *context.sweep;
    const Cell& cell = context.cells[planned.cell];
    const bool filter = sweep.openings.kind == OpeningSpec::Kind::RandomPlies &&
                        sweep.openings.max_imbalance_cp > 0;
    auto opening = make_opening(sweep.openings, context.rules[planned.cell],
                                opening_seed(sweep.seed, cell.position_key, planned.index),
                                planned.index, filter ? players.evaluator() : nullptr);
    if (!opening) return opening.error();
    auto white = players.get(cell.white_player, 0);
    if (!white) return white.error();
    auto black = players.get(cell.black_player, 1);
    if (!black) return black.error();
    const SideSetup white_side{*white, sweep.players[cell.white_player].limits};
    const SideSetup black_side{*black, sweep.players[cell.black_player].limits};
    const GameRecord record = play_game(std::move(opening->game), white_side, black_side,
                                        planned.seed, sweep.adjudication);

    GameRow row;
    row.game_key = planned.key;
    row.run_id = context.run_id;
    row.sweep_name = sweep.name;
    row.cell_key = cell.key;
    row.game_index = planned.index;
    row.variant = sweep.variant;
    row.white_army = cell.pairing.white;
    row.black_army = cell.pairing.black;
    row.rules = sweep.rule_sets[cell.rule_set].rules();
    row.spec_hash = context.spec_hashes[cell.rule_set];
    row.white_player = sweep.players[cell.white_player].name;
    row.black_player = sweep.players[cell.black_player].name;
    row.players_json = context.players_json[planned.cell];
    row.seed = planned.seed;
    row.start_fen = record.start_fen;
    row.opening = opening->moves;
    row.moves = join(record.moves);
    row.result = record.result.text();
    row.white_score = record.result.white_score;
    row.termination = record.result.termination;
    row.white_points = record.result.white_points;
    row.black_points = record.result.black_points;
    row.plies = static_cast<int>(record.moves.size());
    row.duration_ms = std::llround(record.seconds * 1000.0);
    row.finished_at = utc_now();
    row.details_json = details_json(record, opening->imbalance_cp, filter);
    return row;
}

}  // namespace balance::tournament
