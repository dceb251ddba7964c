#include "balance/tournament/game_runner.hpp"

#include <algorithm>
#include <chrono>
#include <sstream>
#include <utility>

#include "adjudication.hpp"
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

// A failure that says nothing about the player's play voids the game instead of losing it: an
// engine that could not be started, and a watchdog timeout under a node or depth limit. Such a
// search has no clock to lose on; it overruns the watchdog when the machine starves the engine
// (a loaded host, a niced study beside a build), so scoring it would put the machine's load
// into the balance tables. Under movetime the limit is the engine's clock and a timeout loses.
bool voids_the_game(players::MoveStatus status, const players::SearchLimits& limits) {
    if (status == players::MoveStatus::Unavailable) return true;
    return status == players::MoveStatus::Timeout && limits.movetime_ms == 0;
}

}  // namespace

GameResult GameResult::decided(int winner, std::string termination) {
    GameResult result;
    result.white_score = winner == 0 ? 1.0 : winner == 1 ? 0.0 : 0.5;
    result.termination = std::move(termination);
    return result;
}

std::string GameResult::text() const {
    if (white_score == 1.0) return "1-0";
    if (white_score == 0.0) return "0-1";
    if (white_score == 0.5) return "1/2-1/2";
    std::ostringstream out;
    out << white_score << '-' << 1.0 - white_score;
    return out.str();
}

GameRecord play_game(core::Game game, const SideSetup& white, const SideSetup& black,
                     std::uint64_t seed, const AdjudicationSpec& adjudication) {
    const auto started = Clock::now();
    GameRecord record;
    record.start_fen = game.fen();
    const SideSetup* sides[2] = {&white, &black};
    const bool scored = game.scored();
    const AdjudicationSpec rules = adjudication_for(adjudication, scored);
    // The board's result; in a points variant (Stylish chess) the points decide White's score
    // and the board's score is kept beside it.
    const auto finish = [&](int winner, std::string termination, const core::Outcome& outcome,
                            bool adjudicated_draw) {
        record.result = GameResult::decided(winner, std::move(termination));
        if (!scored) return;
        const core::Points points = game.final_points(outcome, adjudicated_draw);
        record.result.board_white_score = record.result.white_score;
        record.result.white_score = game.visit([&](const auto& pos) {
            return core::white_score_by_points(*pos.rules().scoring, points, winner);
        });
        record.result.white_points = points.total[0];
        record.result.black_points = points.total[1];
    };
    // A game lost whatever the points (a resignation, a failure): the points so far stand.
    const auto keep_points_so_far = [&] {
        record.result.board_white_score = record.result.white_score;
        record.result.white_points = game.points().total[0];
        record.result.black_points = game.points().total[1];
    };
    white.player->new_game();
    if (black.player != white.player) black.player->new_game();
    while (true) {
        const core::Outcome outcome = game.outcome();
        if (outcome.over()) {
            finish(outcome.winner, std::string(core::termination_name(outcome.termination)),
                   outcome, false);
            break;
        }
        if (auto verdict = adjudicate(rules, record.scores)) {
            finish(verdict->winner, verdict->termination, {}, verdict->winner < 0);
            break;
        }
        const int mover = core::index(game.side_to_move());
        const SideSetup& side = *sides[mover];
        const auto asked = Clock::now();
        const players::MoveReply reply = side.player->choose_move(game, side.limits, seed);
        record.think_seconds[mover] += seconds_since(asked);
        record.nodes[mover] += reply.nodes;
        const players::MoveStatus status = checked_status(game, reply);
        if (status == players::MoveStatus::Resigned) {  // a result like checkmate, no failure
            record.result = GameResult::decided(1 - mover, "resignation");
            // Under points the resigner loses whatever the points (and the series, RULES §3.1).
            if (scored) keep_points_so_far();
            break;
        }
        if (status != players::MoveStatus::Ok) {
            std::string detail = reply.detail;
            if (status != reply.status) detail = "not a legal move here";
            record.failure = GameFailure{mover, status, detail + " (at " + game.fen() + ")"};
            record.result = GameResult::decided(
                1 - mover, std::string(side_name(mover)) + "-" + players::move_status_name(status));
            if (scored) keep_points_so_far();  // a failing player loses by points too
            // No result: the game is void (GameRecord::void_game) and is played again later.
            record.void_game = voids_the_game(status, side.limits);
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
