#pragma once
// The players one worker thread uses, made on first use and kept for the whole run (engines keep
// their hash tables, external engines their processes): one instance per player and side, so a
// player facing itself never shares state between its two sides.

#include <map>
#include <memory>
#include <utility>

#include "balance/players/engine/engine.hpp"
#include "balance/tournament/player_factory.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

class WorkerPlayers {
  public:
    WorkerPlayers(const Sweep& sweep, const PlayerFactory& factory)
        : sweep_(&sweep), factory_(&factory) {}

    // Player `player` (index into sweep.players) for `side` (0 White, 1 Black).
    [[nodiscard]] Result<players::Player*> get(std::size_t player, int side);
    // The internal engine that scores random openings for the imbalance filter.
    [[nodiscard]] players::engine::Engine* evaluator();

  private:
    const Sweep* sweep_;
    const PlayerFactory* factory_;
    std::map<std::pair<std::size_t, int>, std::unique_ptr<players::Player>> players_;
    std::unique_ptr<players::engine::Engine> evaluator_;
};

}  // namespace balance::tournament
