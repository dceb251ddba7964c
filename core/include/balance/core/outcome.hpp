#pragma once
// How a game stands under the variant's rules: ongoing, or over with a reason and a winner.

#include <string_view>

#include "balance/core/position.hpp"

namespace balance::core {

enum class Termination {
    None,
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
};

struct Outcome {
    Termination termination = Termination::None;
    int winner = -1;  // 0 = White, 1 = Black, -1 = draw (or game not over)
    [[nodiscard]] bool over() const { return termination != Termination::None; }
};

[[nodiscard]] std::string_view termination_name(Termination t);

// Mate and stalemate first, then repetition, the 50-move rule and insufficient material.
template <Bitboard BB>
[[nodiscard]] Outcome outcome(const Position<BB>& pos);

}  // namespace balance::core
