#include "balance/core/scoring.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace balance::core {

namespace {

template <Bitboard BB>
int chebyshev(const Rules<BB>& r, Square a, Square b) {
    return std::max(std::abs(r.file_of(a) - r.file_of(b)), std::abs(r.rank_of(a) - r.rank_of(b)));
}

template <Bitboard BB>
bool royal(const Rules<BB>& r, PieceType t) {
    return r.pieces[t].role == PieceRole::King;
}

// Squares next to `k` on the board (the king's neighbourhood, whatever the king's moves).
template <Bitboard BB>
BB neighbours(const Rules<BB>& r, Square k) {
    BB out{};
    for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr) {
            const int f = r.file_of(k) + df, rank = r.rank_of(k) + dr;
            if ((df || dr) && f >= 0 && f < r.files && rank >= 0 && rank < r.ranks)
                out |= square_bb<BB>(r.square(f, rank));
        }
    return out;
}

// The squares the moving side's pieces stand on after `m`: the destination, and the rook's
// destination when castling.
template <Bitboard BB>
BB moved_squares(const Position<BB>& after, Move m) {
    BB out = square_bb<BB>(m.to());
    if (m.kind() == MoveKind::Castling) {
        const int us = index(~after.side_to_move());
        for (const auto& ci : after.rules().castling[us])
            if (ci.possible && ci.king_to == m.to()) out |= square_bb<BB>(ci.rook_to);
    }
    return out;
}

// A capture of an enemy piece: a self-capture (where the rules allow it) scores nothing and does
// not count as the last capture.
template <Bitboard BB>
bool captures_enemy(const Position<BB>& pos, Move m) {
    if (!pos.is_capture(m)) return false;
    if (m.kind() != MoveKind::Normal && m.kind() != MoveKind::Promotion) return true;
    return color_of(pos.piece_on(m.to())) != pos.side_to_move();
}

}  // namespace

template <Bitboard BB>
int capture_points(const Position<BB>& pos, Move m) {
    const ScoringTables* t = pos.rules().scoring.get();
    if (!t || !captures_enemy(pos, m)) return 0;
    const Rules<BB>& r = pos.rules();
    const PieceType capturer = type_of(pos.moved_piece(m));
    const Square victim_square = m.kind() == MoveKind::EnPassant ? pos.ep_victim() : m.to();
    const PieceType victim = type_of(pos.piece_on(victim_square));
    const bool orthogonal =
        r.file_of(m.from()) == r.file_of(m.to()) || r.rank_of(m.from()) == r.rank_of(m.to());
    return orthogonal ? t->capture_orthogonal[capturer][victim]
                      : t->capture_diagonal[capturer][victim];
}

template <Bitboard BB>
int promotion_points(const Position<BB>& pos, Move m) {
    const ScoringTables* t = pos.rules().scoring.get();
    if (!t || m.kind() != MoveKind::Promotion) return 0;
    return t->promotion[m.promotion()];
}

template <Bitboard BB>
MatePoints mate_points(Position<BB>& pos) {
    MatePoints out;
    const ScoringTables* t = pos.rules().scoring.get();
    const Move m = pos.last_move();
    if (!t || m.is_none()) return out;
    const Rules<BB>& r = pos.rules();
    const Color them = pos.side_to_move(), us = ~them;
    const Square k = pos.king_square(them);
    if (k == NoSquare) return out;
    const BB occ = pos.pieces();
    const BB king = square_bb<BB>(k);
    const BB moved = moved_squares(pos, m);

    int cheapest = std::numeric_limits<int>::max();
    bool discovered = false;
    for (BB b = pos.pieces(us); b;) {
        const Square s = pop_lsb(b);
        const PieceType pt = type_of(pos.piece_on(s));
        if (royal(r, pt) || !(pos.attacks_from(us, pt, s, occ) & king)) continue;
        int v = chebyshev(r, s, k) == 1 ? t->mate_adjacent[pt] : t->mate_distant[pt];
        if (m.kind() == MoveKind::Promotion && s == m.to()) v += t->promoted_mate_bonus;
        cheapest = std::min(cheapest, v);
        if (!(moved & square_bb<BB>(s))) discovered = true;
    }
    if (cheapest == std::numeric_limits<int>::max()) return out;  // not a check: no mate
    out.checker = cheapest;
    if (!discovered) return out;
    out.discovered = t->discovered_bonus;

    // Squares next to the king the moved piece covers now (through the king: it cannot hide
    // behind itself) that were safe before: not held by the king's side, not attacked.
    const PieceType mt = type_of(pos.piece_on(m.to()));
    const BB covered = pos.attacks_from(us, mt, m.to(), occ & ~king) & neighbours(r, k);
    if (!covered) return out;
    pos.unmake();
    const BB occ_before = pos.pieces() & ~king;
    for (BB b = covered; b;) {
        const Square s = pop_lsb(b);
        const PieceCode p = pos.piece_on(s);
        if (p != NoPiece && color_of(p) == them) continue;
        if (!pos.attacked(s, us, occ_before)) ++out.squares;
    }
    pos.make(m);
    if (out.squares > 0)
        out.newly_covered = t->newly_covered == NewlyCovered::PerSquare
                                ? out.squares * t->newly_covered_bonus
                                : t->newly_covered_bonus;
    return out;
}

template <Bitboard BB>
std::array<int, 2> draw_points(const Position<BB>& pos, int last_capturer) {
    std::array<int, 2> out{};
    const ScoringTables* t = pos.rules().scoring.get();
    if (!t || !t->draw_points) return out;
    const Rules<BB>& r = pos.rules();
    std::array<int, 2> material{};
    int pieces = 0;
    bool lone_minor = true;
    for (int pt = 0; pt < static_cast<int>(r.pieces.size()); ++pt) {
        if (royal(r, pt)) continue;
        for (int c = 0; c < 2; ++c) {
            const int n = pos.count(Color(c), pt);
            material[c] += n * t->draw_material[pt];
            pieces += n;
            if (n && !t->lone_minor[pt]) lone_minor = false;
        }
    }
    if (pieces == 0 || (pieces == 1 && lone_minor)) {
        if (last_capturer >= 0) out[last_capturer] = t->bare_kings_points;
        return out;
    }
    const auto shortfall = [&](int own) {
        const int s = t->draw_max_material - own;
        return t->draw_clamp ? std::max(s, 0) : s;
    };
    if (material[0] == material[1]) {
        if (t->draw_equal_material == DrawEqualMaterial::Both)
            for (int c = 0; c < 2; ++c) out[c] = shortfall(material[c]);
        return out;
    }
    const int weaker = material[0] < material[1] ? 0 : 1;
    out[weaker] = (material[1 - weaker] - material[weaker]) + shortfall(material[weaker]);
    return out;
}

template <Bitboard BB>
void PointsLedger::play(const Position<BB>& before, Move m) {
    stack_.push_back(now_);
    if (!before.rules().scoring) return;
    const int mover = index(before.side_to_move());
    now_.total[mover] += capture_points(before, m) + promotion_points(before, m);
    if (captures_enemy(before, m)) now_.last_capturer = mover;
}

void PointsLedger::undo() {
    if (stack_.empty()) return;
    now_ = stack_.back();
    stack_.pop_back();
}

template <Bitboard BB>
Points points_so_far(const Position<BB>& pos) {
    Position<BB> replay = pos;
    std::vector<Move> moves;
    while (replay.history_size() > 0) {
        moves.push_back(replay.last_move());
        replay.unmake();
    }
    PointsLedger ledger;
    for (auto it = moves.rbegin(); it != moves.rend(); ++it) {
        ledger.play(replay, *it);
        replay.make(*it);
    }
    return ledger.now();
}

template <Bitboard BB>
Points final_points(Position<BB>& pos, const Points& so_far, const Outcome& outcome,
                    bool adjudicated_draw) {
    Points p = so_far;
    if (!pos.rules().scoring) return p;
    if (outcome.termination == Termination::Checkmate && outcome.winner >= 0) {
        // The mating move's promotion bonus is part of the promoted-mate bonus (§3.4).
        const Move m = pos.last_move();
        const int promotion =
            m.kind() == MoveKind::Promotion ? pos.rules().scoring->promotion[m.promotion()] : 0;
        p.total[outcome.winner] += mate_points(pos).total() - promotion;
    } else if ((outcome.over() && outcome.winner < 0) || adjudicated_draw) {
        const auto d = draw_points(pos, so_far.last_capturer);
        p.total[0] += d[0];
        p.total[1] += d[1];
    }
    return p;
}

double white_score_by_points(const ScoringTables& t, const Points& p, int board_winner) {
    if (p.total[0] != p.total[1]) return p.total[0] > p.total[1] ? 1.0 : 0.0;
    if (t.equal_points == EqualPoints::Board && board_winner >= 0)
        return board_winner == 0 ? 1.0 : 0.0;
    return 0.5;
}

#define BALANCE_SCORING_INSTANTIATE(BB)                                    \
    template int capture_points<BB>(const Position<BB>&, Move);            \
    template int promotion_points<BB>(const Position<BB>&, Move);          \
    template MatePoints mate_points<BB>(Position<BB>&);                    \
    template std::array<int, 2> draw_points<BB>(const Position<BB>&, int); \
    template void PointsLedger::play<BB>(const Position<BB>&, Move);       \
    template Points points_so_far<BB>(const Position<BB>&);                \
    template Points final_points<BB>(Position<BB>&, const Points&, const Outcome&, bool);
BALANCE_SCORING_INSTANTIATE(u64)
BALANCE_SCORING_INSTANTIATE(u128)
#undef BALANCE_SCORING_INSTANTIATE

}  // namespace balance::core
