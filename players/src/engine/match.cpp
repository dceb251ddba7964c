#include "engine/match.hpp"

#include <algorithm>

namespace balance::players::engine {

GameRecord play_game(Player& white, Player& black, core::Game game, const SearchLimits& limits,
                     std::uint64_t seed, int max_plies) {
    GameRecord rec;
    rec.start_fen = game.fen();
    white.new_game();
    black.new_game();
    Player* players[2] = {&white, &black};
    while (true) {
        rec.outcome = game.outcome();
        if (rec.outcome.over()) {
            rec.winner = rec.outcome.winner;
            break;
        }
        if (static_cast<int>(rec.moves.size()) >= max_plies) {
            rec.truncated = true;
            break;
        }
        const int mover = core::index(game.side_to_move());
        const MoveReply reply = players[mover]->choose_move(game, limits, seed);
        rec.nodes[mover] += reply.nodes;
        const auto legal = game.legal_moves();
        MoveStatus status = reply.status;
        if (status == MoveStatus::Ok &&
            std::find(legal.begin(), legal.end(), reply.move) == legal.end())
            status = MoveStatus::IllegalMove;
        if (status != MoveStatus::Ok) {
            rec.failure = status;
            rec.detail = players[mover]->name() + ": " + move_status_name(status) +
                         (reply.detail.empty() ? "" : " (" + reply.detail + ")") + " at " +
                         game.fen();
            rec.winner = 1 - mover;
            break;
        }
        rec.uci.push_back(game.uci(reply.move));
        rec.moves.push_back(reply.move);
        game.play(reply.move);
    }
    return rec;
}

}  // namespace balance::players::engine
