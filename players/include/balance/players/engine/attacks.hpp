#pragma once
// Attack queries for the search and evaluation, on top of the public Position API.
//
// Position::attacked() asks every enemy piece of a "complex" type (lame leapers, ski-sliders,
// ...) for its full attack set. Here each such type first has to stand on a square from which
// it could reach the target at all on an empty board (EvalTables::complex_reach_to), which
// rules out almost every piece before any work: the check test after each move in the search
// gets several times cheaper for the Elf and Orc armies. Results are identical to core's.

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

// Is square s attacked by colour `by` given occupancy occ? (Same answer as Position::attacked.)
template <core::Bitboard BB>
[[nodiscard]] bool square_attacked(const core::Position<BB>& pos, const EvalTables<BB>& et,
                                   core::Square s, core::Color by, BB occ);

// Is the side to move in check? Never during free placement.
template <core::Bitboard BB>
[[nodiscard]] inline bool in_check(const core::Position<BB>& pos, const EvalTables<BB>& et) {
    if (pos.in_placement()) return false;
    const core::Square k = pos.king_square(pos.side_to_move());
    return k != core::NoSquare && square_attacked(pos, et, k, ~pos.side_to_move(), pos.pieces());
}

}  // namespace balance::players::engine
