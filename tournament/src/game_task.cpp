#include "game_task.hpp"

#include <algorithm>
#include <cmath>

#include "balance/core/debug_assert.hpp"
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

FailedGameRow PlayedGame::failed_row() const {
    FailedGameRow failed;
    failed.game_key = row.game_key;
    failed.run_id = row.run_id;
    failed.cell_key = row.cell_key;
    const int side = failure ? failure->side : 0;
    failed.player = side == 0 ? row.white_player : row.black_player;
    failed.side = side == 0 ? "white" : "black";
    failed.status =
        players::move_status_name(failure ? failure->status : players::MoveStatus::Unavailable);
    failed.detail = failure ? failure->detail : std::string();
    failed.failed_at = row.finished_at;
    return failed;
}

Result<PlayedGame> play_planned_game(const SweepContext& context, const PlannedGame& planned,
                                     WorkerPlayers& players) {
    const Sweep& sweep = *context.sweep;
    const Cell& cell = context.cells[planned.cell];
    PlayedGame played;
    GameRow& row = played.row;
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

    const bool filter = filters_openings(sweep.openings);
    auto opening = make_opening(sweep.openings, context.rules[planned.cell],
                                opening_seed(sweep.seed, cell.position_key, planned.index),
                                planned.index, filter ? players.evaluator() : nullptr);
    if (!opening) return opening.error();
    if (opening->missed && sweep.openings.on_miss == OpeningSpec::OnMiss::Refuse) {
        const int lo = sweep.openings.min_imbalance_cp, hi = sweep.openings.max_imbalance_cp;
        return make_error(
            "cell " + cell.key + ", game " + std::to_string(planned.index) + ": none of " +
                std::to_string(sweep.openings.attempts) + " random openings scored within " +
                (lo > 0 ? std::to_string(lo) + "-" : std::string()) + std::to_string(hi) +
                " cp of the window's centre (" + std::to_string(opening->centre_cp) +
                " cp), the closest " + std::to_string(opening->imbalance_cp) +
                " cp; [openings] on_miss = \"refuse\" plays no such game (raise attempts, widen "
                "the window, or use fewer plies)",
            sweep.file);
    }
    players::Player* sides[2] = {nullptr, nullptr};
    for (int side = 0; side < 2; ++side) {
        auto player = players.get(side == 0 ? cell.white_player : cell.black_player, side);
        if (!player) {
            // Every player was started once before the run (probe_players): one that cannot be
            // made now is an outage, like an engine that cannot be restarted.
            row.finished_at = utc_now();
            played.failure =
                GameFailure{side, players::MoveStatus::Unavailable, player.error().to_string()};
            played.void_game = true;
            return played;
        }
        sides[side] = *player;
    }
    const SideSetup white_side{sides[0], sweep.players[cell.white_player].limits};
    const SideSetup black_side{sides[1], sweep.players[cell.black_player].limits};
    const GameRecord record = play_game(std::move(opening->game), white_side, black_side,
                                        planned.seed, sweep.adjudication);

    row.start_fen = record.start_fen;
    row.opening = opening->moves;
    row.moves = join(record.moves);
    row.result = record.result.text();
    row.white_score = record.result.white_score;
    row.termination = record.result.termination;
    row.white_points = record.result.white_points;
    row.black_points = record.result.black_points;
    row.plies = static_cast<int>(record.moves.size());
    // The stored move list is read back by splitting it at spaces (the report replays it): one
    // ply a move, each a word. A game's score is White's share of it.
    BALANCE_ASSERT(std::none_of(record.moves.begin(), record.moves.end(), [](const std::string& m) {
        return m.empty() || m.find(' ') != std::string::npos;
    }));
    BALANCE_ASSERT(row.white_score >= 0.0 && row.white_score <= 1.0);
    row.duration_ms = std::llround(record.seconds * 1000.0);
    row.finished_at = utc_now();
    row.details_json = details_json(
        record, filter ? std::optional<OpeningScore>(OpeningScore{
                             opening->imbalance_cp, opening->centre_cp, opening->missed})
                       : std::nullopt);
    played.failure = record.failure;
    played.void_game = record.void_game;
    return played;
}

}  // namespace balance::tournament
