#include "worker_players.hpp"

namespace balance::tournament {

Result<players::Player*> WorkerPlayers::get(std::size_t player, int side) {
    auto& slot = players_[{player, side}];
    if (!slot) {
        auto made = (*factory_)(sweep_->players.at(player));
        if (!made) return made.error();
        slot = std::move(*made);
    }
    return slot.get();
}

players::engine::Engine* WorkerPlayers::evaluator() {
    if (!evaluator_) {
        players::engine::EngineOptions options;
        options.hash_mb = 1;  // a few thousand nodes per opening
        options.random_plies = 0;
        evaluator_ = std::make_unique<players::engine::Engine>(options);
    }
    return evaluator_.get();
}

}  // namespace balance::tournament
