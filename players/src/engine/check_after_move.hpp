#pragma once
// The check test search runs after every move it makes, cheaply: instead of asking every enemy
// piece whether it attacks the king (Position::attacked), it asks only the pieces the move can
// have turned into checkers. Before the move the side now to move was not in check (the mover
// could otherwise have taken the king), so a check after it comes from
//  * a piece the move put on a square (the moved piece, promoted or not; both castling pieces),
//    from its compiled tables on that square (Contrast's square colours are folded into them);
//  * a piece whose line or path to the king ran through a square the move emptied: a plain
//    slider on a line through that square, or a complex attacker (lame steps, ski-slides) whose
//    path to the king (Rules::complex_path_to) crosses it. Leaps never depend on occupancy.
// Where that premise or this reasoning does not hold, the exact test runs: anti-relay (moving
// one piece can give another back its lost move types), drops and the move right after one
// (free placement ends with whatever stands on the board), en passant (its victim's square is
// no longer known after the move), and a pass.
//
// gives_check_before_move() answers the same question for a plain quiet move before it is made:
// search asks it of late quiet moves it would prune unless they give check, and so makes and
// takes back only the moves it searches.

#include <optional>

#include "balance/core/move_rights.hpp"
#include "balance/core/position.hpp"

namespace balance::players::engine {

namespace detail {

// Does colour us, whose move put pieces on `placed` and emptied `emptied`, now attack the king of
// the other colour on k? occ: the board after the move; pieces_after(t): us's pieces of type t
// after it; type_on(s): the type now on a placed square s.
template <core::Bitboard BB, class PiecesAfter, class TypeOn>
[[nodiscard]] bool check_from_move(const core::Rules<BB>& r, core::Color us, core::Square k, BB occ,
                                   BB placed, BB emptied, const PiecesAfter& pieces_after,
                                   const TypeOn& type_on) {
    const int u = core::index(us);
    const BB king = core::square_bb<BB>(k);
    emptied &= ~occ;

    // Direct: the tables of each piece the move placed, on its new square.
    for (BB bb = placed; bb;) {
        const core::Square s = core::pop_lsb(bb);
        const BB bit = core::square_bb<BB>(s);
        const core::PieceType t = type_on(s);
        const core::PieceMoves<BB>& pm = r.moves[u][t];
        if (pm.attacked_from[k] & bit) return true;
        if (((pm.has_plain_orthogonal_capture && (r.sliders->rook_rays(k) & bit)) ||
             (pm.has_plain_diagonal_capture && (r.sliders->bishop_rays(k) & bit))) &&
            !(r.between(k, s) & occ))
            return true;
        if (pm.has_complex_capture && (r.complex_reach_to[u][t][k] & bit) &&
            (core::table_attacks(r, pm, u, t, s, occ) & king))
            return true;
    }
    if (!emptied) return false;

    // Discovered: lines and paths through an emptied square.
    if (emptied & r.sliders->rook_rays(k)) {
        BB sliders{};
        for (core::PieceType t : r.orth_slider_types[u]) sliders |= pieces_after(t);
        if (r.sliders->rook(k, occ) & sliders) return true;
    }
    if (emptied & r.sliders->bishop_rays(k)) {
        BB sliders{};
        for (core::PieceType t : r.diag_slider_types[u]) sliders |= pieces_after(t);
        if (r.sliders->bishop(k, occ) & sliders) return true;
    }
    for (core::PieceType t : r.complex_types[u]) {
        if (!(emptied & r.complex_path_to[u][t][k])) continue;
        BB bb = pieces_after(t) & r.complex_reach_to[u][t][k] & ~placed;
        while (bb) {
            const core::Square s = core::pop_lsb(bb);
            if (core::table_attacks(r, r.moves[u][t], u, t, s, occ) & king) return true;
        }
    }
    return false;
}

}  // namespace detail

// Is the side to move in check, given that it was not before the last move? Equal to
// in_check(pos) (attacks.hpp) in every position search reaches.
template <core::Bitboard BB>
[[nodiscard]] bool in_check_after_move(const core::Position<BB>& pos) {
    using core::MoveKind;
    if (pos.in_placement()) return false;
    const core::Color them = pos.side_to_move(), us = ~them;
    const core::Square k = pos.king_square(them);
    if (k == core::NoSquare) return false;
    const core::Rules<BB>& r = pos.rules();
    const core::Move m = pos.last_move();
    if (m.is_none() || m.kind() == MoveKind::Drop || m.kind() == MoveKind::EnPassant ||
        r.position_dependent_rights || pos.move_before_last().kind() == MoveKind::Drop)
        return pos.attacked(k, us);

    BB placed{}, emptied{};
    if (m.kind() == MoveKind::Castling) {
        const core::CastlingInfo<BB>& ci = r.castling[core::index(us)][m.to() > m.from() ? 0 : 1];
        placed = core::square_bb<BB>(ci.king_to) | core::square_bb<BB>(ci.rook_to);
        emptied = core::square_bb<BB>(ci.king_from) | core::square_bb<BB>(ci.rook_from);
    } else if (m.kind() == MoveKind::Shoot) {
        emptied = core::square_bb<BB>(m.to());  // the shooter stays
    } else {
        placed = core::square_bb<BB>(m.to());
        emptied = core::square_bb<BB>(m.from());
    }
    return detail::check_from_move(
        r, us, k, pos.pieces(), placed, emptied,
        [&](core::PieceType t) { return pos.pieces(us, t); },
        [&](core::Square s) { return core::type_of(pos.piece_on(s)); });
}

// Would the plain quiet move m (MoveKind::Normal onto an empty square, legal here) give check?
// Equal to making m and asking in_check_after_move. Empty when this cannot be told before the
// move (the cases in_check_after_move hands to the exact test, and every other kind of move).
template <core::Bitboard BB>
[[nodiscard]] std::optional<bool> gives_check_before_move(const core::Position<BB>& pos,
                                                          core::Move m) {
    using core::MoveKind;
    const core::Rules<BB>& r = pos.rules();
    if (m.kind() != MoveKind::Normal || pos.in_placement() || r.position_dependent_rights ||
        pos.last_move().kind() == MoveKind::Drop || pos.piece_on(m.to()) != core::NoPiece)
        return std::nullopt;
    const core::Color us = pos.side_to_move(), them = ~us;
    const core::Square k = pos.king_square(them);
    if (k == core::NoSquare) return false;
    const BB from = core::square_bb<BB>(m.from()), to = core::square_bb<BB>(m.to());
    const core::PieceType moved = core::type_of(pos.piece_on(m.from()));
    return detail::check_from_move(
        r, us, k, (pos.pieces() ^ from) | to, to, from,
        [&](core::PieceType t) {
            return t == moved ? (pos.pieces(us, t) ^ from) | to : pos.pieces(us, t);
        },
        [&](core::Square) { return moved; });
}

}  // namespace balance::players::engine
