#pragma once
// The shapes the piece-square terms are built from, shared by the tables (eval_tables.cpp) and
// the feature extraction (eval_features.cpp), so that both read the same squares the same way.

#include <algorithm>
#include <vector>

#include "balance/core/position.hpp"

namespace balance::players::engine {

// Per square: 4 x (the squares colour c's type t reaches from it on an empty board, minus the
// type's board average), in integer arithmetic.
template <core::Bitboard BB>
[[nodiscard]] std::vector<int> reach_above_average4(const core::Rules<BB>& r, int c,
                                                    core::PieceType t);

// Files between a square's file and the nearer edge.
[[nodiscard]] inline int file_from_edge(int file, int files) {
    return std::min(file, files - 1 - file);
}

// A pawn-role piece on a central file, one to three ranks advanced.
[[nodiscard]] inline bool central_pawn(int file, int files, int advance) {
    return file_from_edge(file, files) >= files / 2 - 1 && advance >= 1 && advance <= 3;
}

}  // namespace balance::players::engine
