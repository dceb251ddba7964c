// evaluate(): one pass over the pawn-role pieces (structure, attack maps), one over the other
// pieces (mobility, king attacks), then kings, configured bonuses, taper and endgame scaling.
// See eval.hpp for what each term means and why it is generic.

#include <algorithm>

#include "balance/players/engine/eval.hpp"
#include "engine/attacks.hpp"
#include "engine/endgame_scale.hpp"
#include "engine/pawn_cache.hpp"

namespace balance::players::engine {
namespace {

using core::Bitboard;
using core::Color;
using core::PieceType;
using core::Square;

template <Bitboard BB>
struct Side {
    BB pawns{}, pawn_attacks{};
    Square king = core::NoSquare;
    int non_pawn = 0;                               // non-pawn material, cp (board + hand)
    int king_attackers = 0, king_attack_units = 0;  // this side's attacks on the enemy king zone
    Score score;
};

}  // namespace

template <Bitboard BB>
int material_balance(const core::Position<BB>& pos, const EvalTables<BB>& et) {
    int v = 0;
    const core::Rules<BB>& r = pos.rules();
    for (int c = 0; c < 2; ++c)
        for (PieceType t : r.armies[c].types) {
            const int n = pos.count(Color(c), t) + pos.hand_count(Color(c), t);
            v += (c == 0 ? 1 : -1) * n * et.value[t];
        }
    return v;
}

template <Bitboard BB>
void compute_pawn_terms(const core::Position<BB>& pos, const EvalTables<BB>& et,
                        PawnTerms<BB>& terms) {
    const BB occ = pos.pieces();
    // Placement and the squares they attack. Locals, not the arrays' members: the compiler
    // keeps them in registers.
    for (int c = 0; c < 2; ++c) {
        Score score;
        BB pawns{}, pawn_attacks{};
        for (PieceType t : et.pawn_types[c]) {
            BB bb = pos.pieces(Color(c), t);
            pawns |= bb;
            while (bb) {
                const Square sq = core::pop_lsb(bb);
                score += et.psq[c][t][sq];
                pawn_attacks |= piece_attacks(pos, et, c, t, sq, occ);
            }
        }
        terms.pawns[c] = pawns;
        terms.attacks[c] = pawn_attacks;
        terms.score[c] = score;
    }
    // Structure: doubled, isolated and passed pawns (the kings' distances are evaluate()'s).
    const EvalWeights& w = et.weights;
    const int span = et.pawn_span;
    for (int c = 0; c < 2; ++c) {
        const BB own_pawns = terms.pawns[c], their_pawns = terms.pawns[1 - c];
        Score structure;
        BB passed_pawns{};
        BB bb = own_pawns;
        while (bb) {
            const Square sq = core::pop_lsb(bb);
            const int file = et.file_of[sq];
            const BB front = et.front_span[c][sq];
            if (front & et.file_bb[file] & own_pawns) structure += w.doubled_pawn;
            if (!(et.adjacent_files[file] & own_pawns)) structure += w.isolated_pawn;
            if (!(front & their_pawns)) {
                const int adv = std::clamp(et.relative_rank[c][sq] - 1, 0, span);
                const int a2 = adv * adv;
                structure += w.passed_pawn + Score{w.passed_advance.mg * a2 / (span * span),
                                                   w.passed_advance.eg * a2 / (span * span)};
                passed_pawns |= core::square_bb<BB>(sq);
            }
        }
        terms.score[c] += structure;
        terms.passed[c] = passed_pawns;
    }
}

namespace {

// evaluate()'s stages, inlined into it: one evaluation is a few hundred nanoseconds, and a call
// per stage would show in the search's speed.

// Side c's other pieces: placement, mobility, attacks on the enemy king zone, files, threats.
template <Bitboard BB>
[[gnu::always_inline]] inline void add_pieces(const core::Position<BB>& pos,
                                              const EvalTables<BB>& et, BB occ, int c,
                                              Side<BB>* side) {
    Side<BB>& s = side[c];
    const Side<BB>& o = side[1 - c];
    const BB area = ~pos.pieces(Color(c)) & ~o.pawn_attacks;
    const BB zone = o.king == core::NoSquare ? BB{} : et.king_zone[1 - c][o.king];
    const BB own_pawns = s.pawns, their_pawns = o.pawns, their_pawn_attacks = o.pawn_attacks;
    Score score = s.score;
    int non_pawn = 0, king_attackers = 0, king_attack_units = 0;
    for (PieceType t : et.piece_types[c]) {
        BB bb = pos.pieces(Color(c), t);
        const int in_hand = pos.hand_count(Color(c), t);
        non_pawn += (core::popcount(bb) + in_hand) * et.value[t];
        score += et.material[t] * in_hand;
        while (bb) {
            const Square sq = core::pop_lsb(bb);
            score += et.psq[c][t][sq];
            const BB att = piece_attacks(pos, et, c, t, sq, occ);
            score += et.mobility_weight[t] * (core::popcount(att & area) - et.mobility_center[t]);
            if (const BB hits = att & zone) {
                const int n = core::popcount(hits);
                ++king_attackers;
                king_attack_units += et.attack_unit[t] * n;
                score += et.king_attack[t] * n;
            }
            if (et.rook_like[t]) {
                const BB file = et.file_bb[et.file_of[sq]];
                if (!(file & own_pawns))
                    score +=
                        (file & their_pawns) ? et.weights.half_open_file : et.weights.open_file;
            }
            if (their_pawn_attacks & core::square_bb<BB>(sq)) score += et.weights.attacked_by_pawn;
        }
    }
    s.score = score;
    s.non_pawn = non_pawn;
    s.king_attackers = king_attackers;
    s.king_attack_units = king_attack_units;
}

// Side c's king (placement, shield, the enemy's attack on its zone), passed pawns by the kings'
// distances, and the variant's bonuses.
template <Bitboard BB>
[[gnu::always_inline]] inline void add_king_and_bonuses(const core::Position<BB>& pos,
                                                        const EvalTables<BB>& et,
                                                        const PawnTerms<BB>& pawn_terms, int c,
                                                        Side<BB>* side) {
    Side<BB>& s = side[c];
    const Side<BB>& o = side[1 - c];
    const PieceType k = pos.rules().king_type[c];
    const EvalWeights& w = et.weights;
    if (s.king != core::NoSquare) {
        s.score += et.psq[c][k][s.king];
        if (et.relative_rank[c][s.king] <= 1) {
            s.score.mg += w.shield_near.mg * core::popcount(et.shield_near[c][s.king] & s.pawns) +
                          w.shield_far.mg * core::popcount(et.shield_far[c][s.king] & s.pawns);
        }
        if (o.king_attackers >= 2)
            s.score.mg -= w.king_danger.mg * king_danger(o.king_attack_units) / 100;
    }
    // Passed pawns: nearer the own king and farther from the enemy king is better.
    if (s.king != core::NoSquare && o.king != core::NoSquare) {
        const int span = et.pawn_span;
        BB bb = pawn_terms.passed[c];
        while (bb) {
            const Square sq = core::pop_lsb(bb);
            const int adv = std::clamp(et.relative_rank[c][sq] - 1, 0, span);
            const int promo = et.promotion_square[c][sq];
            s.score.eg += (w.passed_enemy_king.eg * et.dist(o.king, promo) +
                           w.passed_own_king.eg * et.dist(s.king, promo)) *
                          adv / span;
        }
    }
    for (const auto& bonus : et.bonuses) {
        bool all = true;
        for (PieceType t : bonus.types)
            all = all && pos.count(Color(c), t) + pos.hand_count(Color(c), t) > 0;
        if (all) s.score += Score{bonus.cp, bonus.cp};
    }
}

// Endgames: drive a bare king to the edge; damp advantages that cannot win. `v` is White's.
template <Bitboard BB>
[[gnu::always_inline]] inline int endgame_adjusted(const core::Position<BB>& pos,
                                                   const EvalTables<BB>& et, const Side<BB>* side,
                                                   int v) {
    const EndgameSide sides[2] = {{side[0].pawns != BB{}, side[0].non_pawn, side[0].king},
                                  {side[1].pawns != BB{}, side[1].non_pawn, side[1].king}};
    const EndgameScale scale = endgame_scale(pos, et, sides, v);
    return divide_by(v, scale.divisor) + scale.mop_up;
}

}  // namespace

template <Bitboard BB>
int evaluate(const core::Position<BB>& pos, const EvalTables<BB>& et, PawnCache<BB>* pawn_cache) {
    const BB occ = pos.pieces();
    Side<BB> side[2];

    // Pawn-role pieces: placement, attacks, structure; from the cache when there is one.
    PawnTerms<BB> computed;
    const PawnTerms<BB>* pawn_terms = &computed;
    if (pawn_cache && et.pawn_cacheable)
        pawn_terms = &pawn_cache->terms(pos, et);
    else
        compute_pawn_terms(pos, et, computed);
    for (int c = 0; c < 2; ++c) {
        Side<BB>& s = side[c];
        s.king = pos.king_square(Color(c));
        s.pawns = pawn_terms->pawns[c];
        s.pawn_attacks = pawn_terms->attacks[c];
        s.score = pawn_terms->score[c];
    }
    for (int c = 0; c < 2; ++c) add_pieces(pos, et, occ, c, side);
    for (int c = 0; c < 2; ++c) add_king_and_bonuses(pos, et, *pawn_terms, c, side);

    // Taper by the non-pawn material left.
    const Score total = side[0].score - side[1].score;
    const int phase = std::min(256, (side[0].non_pawn + side[1].non_pawn) * 256 / et.phase_total);
    const int v =
        endgame_adjusted(pos, et, side, (total.mg * phase + total.eg * (256 - phase)) / 256);
    const int stm = core::index(pos.side_to_move());
    return (stm == 0 ? v : -v) + et.weights.tempo.mg;
}

template int evaluate(const core::Position<core::u64>&, const EvalTables<core::u64>&,
                      PawnCache<core::u64>*);
template int evaluate(const core::Position<core::u128>&, const EvalTables<core::u128>&,
                      PawnCache<core::u128>*);
template void compute_pawn_terms(const core::Position<core::u64>&, const EvalTables<core::u64>&,
                                 PawnTerms<core::u64>&);
template void compute_pawn_terms(const core::Position<core::u128>&, const EvalTables<core::u128>&,
                                 PawnTerms<core::u128>&);
template <Bitboard BB>
int material_eval(const core::Position<BB>& pos, const EvalTables<BB>& et) {
    const int white = material_balance(pos, et);
    return pos.side_to_move() == Color::White ? white : -white;
}

template int material_eval(const core::Position<core::u64>&, const EvalTables<core::u64>&);
template int material_eval(const core::Position<core::u128>&, const EvalTables<core::u128>&);
template int material_balance(const core::Position<core::u64>&, const EvalTables<core::u64>&);
template int material_balance(const core::Position<core::u128>&, const EvalTables<core::u128>&);

}  // namespace balance::players::engine
