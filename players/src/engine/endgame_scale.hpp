#pragma once
// The evaluation's endgame knowledge, shared by evaluate() and the feature extraction
// (eval_features.cpp): a drawish divisor when the side ahead has no pawn-role pieces, and a
// mop-up bonus that drives a bare king to the edge.

#include <algorithm>

#include "balance/players/engine/eval.hpp"

namespace balance::players::engine {

// Does colour c's material (board + hand, king omitted) match one of its army's "cannot mate a
// bare king" entries?
template <core::Bitboard BB>
bool cannot_mate(const core::Position<BB>& pos, int c) {
    const core::Rules<BB>& r = pos.rules();
    const auto& army = r.armies[c];
    for (const auto& set : army.cannot_mate) {
        bool match = true;
        for (core::PieceType t : army.types) {
            if (t == r.king_type[c]) continue;
            if (pos.count(core::Color(c), t) + pos.hand_count(core::Color(c), t) != set[t]) {
                match = false;
                break;
            }
        }
        if (match) return true;
    }
    return false;
}

// What the endgame rules read of a side.
struct EndgameSide {
    bool pawns = false;
    int non_pawn = 0;  // non-pawn material, cp (board + hand)
    core::Square king = core::NoSquare;
};

struct EndgameScale {
    int divisor = 1;  // 1, 4 (ahead by less than a rook, no pawns) or 8 (cannot mate)
    int mop_up = 0;   // White's view
};

// For White's tapered score `v`: the side ahead is White when v >= 0.
template <core::Bitboard BB>
[[gnu::always_inline]] inline EndgameScale endgame_scale(const core::Position<BB>& pos,
                                                         const EvalTables<BB>& et,
                                                         const EndgameSide* side, int v) {
    EndgameScale out;
    const int strong = v >= 0 ? 0 : 1, weak = 1 - strong;
    const EndgameSide& st = side[strong];
    const EndgameSide& wk = side[weak];
    if (!st.pawns) {
        if (cannot_mate(pos, strong))
            out.divisor = 8;
        else if (st.non_pawn - wk.non_pawn < 400)
            out.divisor = 4;
    }
    if (core::popcount(pos.pieces(core::Color(weak))) == 1 &&
        pos.hand_total(core::Color(weak)) == 0 && st.non_pawn > 0 && st.king != core::NoSquare &&
        wk.king != core::NoSquare && !cannot_mate(pos, strong)) {
        out.mop_up = (strong == 0 ? 1 : -1) * (200 + 25 * et.center_distance[wk.king] +
                                               8 * (7 - std::min(7, et.dist(st.king, wk.king))));
    }
    return out;
}

// v / divisor with constant divisors, which the compiler turns into shifts and multiplies.
[[nodiscard]] inline int divide_by(int v, int divisor) {
    return divisor == 8 ? v / 8 : divisor == 4 ? v / 4 : v;
}

}  // namespace balance::players::engine
