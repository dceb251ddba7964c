#pragma once
// Attack tests and position-dependent move rights on a board given as bitboards, shared by
// Position (its own board) and legality tests (the board a move would leave).
//
// The seam for rules whose move rights depend on the position:
//  * a piece's state picks its move set. The state that exists today is the colour of the
//    piece's square (Contrast chess's Strong/Weak); it is a function of the square, so the
//    compiler folds it into the per-square tables and nothing here pays for it;
//  * a per-position mask of move types a piece has lost (anti-relay): LostTypes holds, per move
//    type, the squares whose piece lost it; a piece then moves and attacks by
//    Rules::moves_for(colour, type, mask). compute_lost() derives it from the board.

#include <array>

#include "balance/core/rules.hpp"

namespace balance::core {

template <Bitboard BB>
using LostTypes = std::array<BB, MoveTypeCount>;  // [Rook, Bishop, Knight]: squares that lost it

template <Bitboard BB>
[[nodiscard]] inline unsigned lost_mask(const LostTypes<BB>& lost, Square s) {
    const BB bit = square_bb<BB>(s);
    return ((lost[0] & bit) ? RookType : 0u) | ((lost[1] & bit) ? BishopType : 0u) |
           ((lost[2] & bit) ? KnightType : 0u);
}

// Squares a piece of colour c and type t on `from` attacks by the table pm, given occ.
template <Bitboard BB>
inline BB table_attacks(const Rules<BB>& r, const PieceMoves<BB>& pm, int c, PieceType t,
                        Square from, BB occ) {
    BB att = pm.leaps[from].capture | pm.shots[from];
    for (const auto& g : pm.sliders) {
        if (!g.capture) continue;
        BB a = g.orthogonal ? r.sliders->rook(from, g.plain ? occ : occ & ~g.skip[from])
                            : r.sliders->bishop(from, g.plain ? occ : occ & ~g.skip[from]);
        att |= g.plain ? a : a & g.reach[from];
    }
    const bool initial = (r.initial_squares[c][t] & square_bb<BB>(from)) != 0;
    for (const auto& s : pm.lame(from))
        if (!(s.block & occ) && (!s.initial || initial)) att |= s.capture;
    if (initial) att |= pm.leaps[from].initial_capture;
    return att;
}

// The move types each piece has lost on this board (all empty unless anti-relay is on).
template <Bitboard BB>
[[nodiscard]] LostTypes<BB> compute_lost(const Rules<BB>& r, const BB* by_type, const BB* by_color);

// Is square s attacked by colour `by` with occupancy occ, ignoring `removed` pieces, on the board
// (by_type, by_color) whose lost move types are `lost`?
template <Bitboard BB>
inline bool attacked_on(const Rules<BB>& r, const BB* by_type, const BB* by_color,
                        const LostTypes<BB>& lost, Square s, Color by, BB occ, BB removed) {
    const int b = index(by);
    BB enemies = by_color[b] & ~removed;
    // Pieces that lost a move type attack by their reduced tables, below; the fast tests skip
    // them.
    const BB reduced = enemies & (lost[0] | lost[1] | lost[2]);
    enemies &= ~reduced;
    for (PieceType t : r.leaper_types[b])
        if (r.moves[b][t].attacked_from[s] & by_type[t] & enemies) return true;
    if (!r.orth_slider_types[b].empty()) {
        BB sliders{};
        for (PieceType t : r.orth_slider_types[b]) sliders |= by_type[t];
        sliders &= enemies;
        if (sliders && (r.sliders->rook(s, occ) & sliders)) return true;
    }
    if (!r.diag_slider_types[b].empty()) {
        BB sliders{};
        for (PieceType t : r.diag_slider_types[b]) sliders |= by_type[t];
        sliders &= enemies;
        if (sliders && (r.sliders->bishop(s, occ) & sliders)) return true;
    }
    const BB target = square_bb<BB>(s);
    for (PieceType t : r.complex_types[b]) {
        BB bb = by_type[t] & enemies & r.complex_reach_to[b][t][s];
        while (bb) {
            const Square from = pop_lsb(bb);
            if (table_attacks(r, r.moves[b][t], b, t, from, occ) & target) return true;
        }
    }
    if (reduced) {
        for (PieceType t : r.armies[b].types) {
            BB bb = by_type[t] & reduced;
            while (bb) {
                const Square from = pop_lsb(bb);
                const PieceMoves<BB>& pm = r.moves_for(b, t, lost_mask(lost, from));
                if (table_attacks(r, pm, b, t, from, occ) & target) return true;
            }
        }
    }
    return false;
}

}  // namespace balance::core
