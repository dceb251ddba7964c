#pragma once
// Seeded game diversity at the root.
//
// Two engine games from the same start position would otherwise be identical, so a balance
// sweep needs variety. During a side's first moves of a game (EngineOptions::random_plies
// counts plies, i.e. each side gets random_plies / 2 moves, rounded up; with free placement
// these are the first drops of each side) the search gives every root move scoring within
// `margin_cp` of the best an exact score, and the move is then picked uniformly among those
// candidates using the seed (mixed with the position's hash so each move gets its own draw).
//
// Why this does not bias the result toward one side:
//  * both sides randomise under the same rule, for the same number of their own moves, with the
//    same margin;
//  * a candidate is at most `margin_cp` (default 25 cp, a quarter pawn) worse than the best
//    move by the engine's own judgement, so the randomisation costs each side at most a few
//    small inaccuracies, symmetrically, in the opening only;
//  * mate scores are never randomised;
//  * the sweep can additionally pair every game with a colour-reversed twin with the same seed.
// The choice is a pure function of (the game so far, limits, seed): replaying a game with its
// recorded seed replays it exactly.

#include <cstdint>

#include "balance/core/splitmix64.hpp"

namespace balance::players::engine {

struct RootRandom {
    bool active = false;
    int margin_cp = 0;
    std::uint64_t seed = 0;
};

// Index in [0, n) drawn from the seed and the position hash.
[[nodiscard]] constexpr int seeded_index(std::uint64_t seed, std::uint64_t position_key, int n) {
    return n <= 1 ? 0
                  : static_cast<int>(core::splitmix64(seed ^ core::splitmix64(position_key)) %
                                     static_cast<std::uint64_t>(n));
}

}  // namespace balance::players::engine
