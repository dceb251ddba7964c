#pragma once
// Attack queries for the evaluation and search, on top of the public Position API: a piece's
// attack set read straight from the tables when its shape allows, and the check test.

#include "balance/players/engine/eval.hpp"

namespace balance::players::engine {

// The squares a piece of colour c and type t on sq attacks: leaps plus plain lines read straight
// from the tables when its shape allows, Position::attacks_from otherwise.
template <core::Bitboard BB>
[[nodiscard]] inline BB piece_attacks(const core::Position<BB>& pos, const EvalTables<BB>& et,
                                      int c, core::PieceType t, core::Square sq, BB occ) {
    const auto& shape = et.attack_shape[c][t];
    if (shape.complex) return pos.attacks_from(core::Color(c), t, sq, occ);
    const core::Rules<BB>& r = pos.rules();
    BB a = r.moves[c][t].leaps[sq].capture;
    if (shape.rook) a |= r.sliders->rook(sq, occ);
    if (shape.bishop) a |= r.sliders->bishop(sq, occ);
    return a;
}

// Is the side to move in check? Never during free placement.
template <core::Bitboard BB>
[[nodiscard]] inline bool in_check(const core::Position<BB>& pos) {
    if (pos.in_placement()) return false;
    const core::Square k = pos.king_square(pos.side_to_move());
    return k != core::NoSquare && pos.attacked(k, ~pos.side_to_move());
}

}  // namespace balance::players::engine
