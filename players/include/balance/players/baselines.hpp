#pragma once
// Baseline players for tests and smoke runs: they need no search and are fully reproducible.

#include <string>

#include "balance/players/player.hpp"

namespace balance::players {

// A uniformly random legal move, drawn from the seed and the position.
class RandomPlayer : public Player {
  public:
    [[nodiscard]] std::string name() const override { return "random"; }
    [[nodiscard]] MoveReply choose_move(const core::Game& game, const SearchLimits& limits,
                                        std::uint64_t seed) override;
};

// One ply: the move leaving the best material balance (configured piece values, promotions
// included; a mating move beats everything, a stalemating one counts as the variant scores
// it). Ties are broken uniformly by the seed.
class GreedyPlayer : public Player {
  public:
    [[nodiscard]] std::string name() const override { return "greedy"; }
    [[nodiscard]] MoveReply choose_move(const core::Game& game, const SearchLimits& limits,
                                        std::uint64_t seed) override;
};

}  // namespace balance::players
