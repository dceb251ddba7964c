#include "balance/tournament/game_runner.hpp"

#include <algorithm>
#include <chrono>

#include "balance/tournament/adjudication.hpp"
#include "balance/tournament/points_notes.hpp"

namespace balance::tournament {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

const char* side_name(int side) {
    return side == 0 ? "white" : "black";
}

// The reply's status after checking its move against the rules: a move that is not legal here
// is an illegal move whatever the player claimed.
players::MoveStatus checked_status(const core::Game& game, const players::MoveReply& reply) {
    if (reply.status != players::MoveStatus::Ok) return reply.status;
    const auto legal = game.legal_moves();
    if (std::find(legal.begin(), legal.end(), reply.move) == legal.end())
        return players::MoveStatus::IllegalMove;
    return players::MoveStatus::Ok;
}

}  // namespace

std::string GameRecord::result() const {
    return winner == 0 ? "1-0" : winner == 1 ? "0-1" : "1/2-1/2";
}

double GameRecord::white_score() const {
    return winner == 0 ? 1.0 : winner == 1 ? 0.0 : 0.5;
}

GameRecord play_game(core::Game game, const SideSetup& white, const SideSetup& black,
                     std::uint64_t seed, const AdjudicationSpec& adjudication) {
    const auto started = Clock::now();
    GameRecord record;
    record.start_fen = game.fen();
    const SideSetup* sides[2] = {&white, &black};
    const bool scored = game.scored();
    const AdjudicationSpec rules = adjudication_for(adjudication, scored);
    // Points variants: the final points and White's score by them (the board result stays).
    const auto finish_points = [&](const core::Outcome& outcome, bool adjudicated_draw) {
        if (!scored) return;
        record.points = game.final_points(outcome, adjudicated_draw);
        record.points_white_score = game.visit([&](const auto& pos) {
            return core::white_score_by_points(*pos.rules().scoring, *record.points, record.winner);
        });
    };
    white.player->new_game();
    if (black.player != white.player) black.player->new_game();
    while (true) {
        const core::Outcome outcome = game.outcome();
        if (outcome.over()) {
            record.winner = outcome.winner;
            record.termination = std::string(core::termination_name(outcome.termination));
            finish_points(outcome, false);
            break;
        }
        if (auto verdict = adjudicate(rules, record.scores)) {
            record.winner = verdict->winner;
            record.termination = verdict->termination;
            finish_points({}, verdict->winner < 0);
            break;
        }
        const int mover = core::index(game.side_to_move());
        const SideSetup& side = *sides[mover];
        const auto asked = Clock::now();
        const players::MoveReply reply = side.player->choose_move(game, side.limits, seed);
        record.think_seconds[mover] += seconds_since(asked);
        record.nodes[mover] += reply.nodes;
        const players::MoveStatus status = checked_status(game, reply);
        if (status != players::MoveStatus::Ok) {
            std::string detail = reply.detail;
            if (status != reply.status) detail = "not a legal move here";
            record.failure = GameFailure{mover, status, detail + " (at " + game.fen() + ")"};
            record.winner = 1 - mover;
            record.termination =
                std::string(side_name(mover)) + "-" + players::move_status_name(status);
            if (scored) {
                record.points = game.points();
                record.points_white_score = mover == 0 ? 0.0 : 1.0;
            }
            break;
        }
        if (reply.depth > 0) {
            record.scores.emplace_back(mover == 0 ? reply.score_cp : -reply.score_cp);
        } else {
            record.scores.emplace_back(std::nullopt);
        }
        record.moves.push_back(game.uci(reply.move));
        game.play(reply.move);
    }
    record.seconds = seconds_since(started);
    return record;
}

}  // namespace balance::tournament
