#include "balance/players/engine/attacks.hpp"

namespace balance::players::engine {

template <core::Bitboard BB>
bool square_attacked(const core::Position<BB>& pos, const EvalTables<BB>& et, core::Square s,
                     core::Color by, BB occ) {
    const core::Rules<BB>& r = pos.rules();
    const int b = core::index(by);
    for (core::PieceType t : r.leaper_types[b])
        if (r.moves[b][t].attacked_from[s] & pos.pieces(by, t)) return true;
    BB orth{}, diag{};
    for (core::PieceType t : r.orth_slider_types[b]) orth |= pos.pieces(by, t);
    for (core::PieceType t : r.diag_slider_types[b]) diag |= pos.pieces(by, t);
    if (orth && (r.sliders->rook(s, occ) & orth)) return true;
    if (diag && (r.sliders->bishop(s, occ) & diag)) return true;
    const BB target = core::square_bb<BB>(s);
    for (core::PieceType t : r.complex_types[b]) {
        BB bb = pos.pieces(by, t) & et.complex_reach_to[b][t][s];
        while (bb) {
            const core::Square from = core::pop_lsb(bb);
            if (pos.attacks_from(by, t, from, occ) & target) return true;
        }
    }
    return false;
}

template bool square_attacked(const core::Position<core::u64>&, const EvalTables<core::u64>&,
                              core::Square, core::Color, core::u64);
template bool square_attacked(const core::Position<core::u128>&, const EvalTables<core::u128>&,
                              core::Square, core::Color, core::u128);

}  // namespace balance::players::engine
