// eval_features(): evaluate()'s passes (eval.cpp) once more, recording per weight how often its
// term occurs instead of adding weight x occurrence. Each term reads the same squares and
// counts the same way as there; a term evaluate() computes with a division records its exact
// quotient, and the rounding evaluate() applies at the tables' weights goes to the fixed part.
// The features test checks the two against each other on positions of several variants.

#include <algorithm>
#include <cmath>

#include "balance/players/engine/eval_features.hpp"
#include "engine/attacks.hpp"
#include "engine/endgame_scale.hpp"
#include "engine/eval_shapes.hpp"

namespace balance::players::engine {
namespace {

using core::Bitboard;
using core::Color;
using core::PieceType;
using core::Square;

// piece_terms() order.
constexpr int kMaterialTerm = 0, kMobilityTerm = 1, kCentreTerm = 2, kAdvanceTerm = 3,
              kKingAttackTerm = 4;

// Records counts into `out` by the context's slots.
template <Bitboard BB>
struct Recorder {
    const FeatureContext<BB>& context;
    const EvalTables<BB>& et;
    EvalFeatures& out;

    Recorder(const FeatureContext<BB>& c, EvalFeatures& f) : context(c), et(*c.tables), out(f) {}

    static int index_of(Score EvalWeights::*member) {
        const auto terms = weight_terms();
        for (int i = 0; i < static_cast<int>(terms.size()); ++i)
            if (terms[i].member == member) return i;
        return -1;
    }

    // The general term `member` occurs `mg` / `eg` times (signed).
    void term(Score EvalWeights::*member, double mg, double eg) {
        const auto& slot = context.term_slot[index_of(member)];
        if (slot[0] >= 0) out.count[slot[0]] += mg;
        if (slot[1] >= 0) out.count[slot[1]] += eg;
    }
    void piece(PieceType t, int which, double mg, double eg) {
        const int first = context.piece_first[t][which];
        if (first < 0) return;
        out.count[first] += mg;
        out.count[first + 1] += eg;
    }
    // A term evaluate() adds as weight * numerator / denominator (truncated): its quotient as
    // the count, the truncation into the fixed part.
    void divided(Score EvalWeights::*member, bool endgame, int sign, int numerator,
                 int denominator) {
        const Score w = et.weights.*member;
        const int weight = endgame ? w.eg : w.mg;
        const double exact = static_cast<double>(numerator) / denominator;
        const int done = weight * numerator / denominator;
        (endgame ? out.fixed_eg : out.fixed_mg) += sign * (done - weight * exact);
        if (endgame)
            term(member, 0.0, sign * exact);
        else
            term(member, sign * exact, 0.0);
    }
};

template <Bitboard BB>
struct SideState {
    BB pawns{}, pawn_attacks{}, passed{};
    Square king = core::NoSquare;
    int non_pawn = 0;
    int king_attackers = 0, king_attack_units = 0;
};

// Pawn-role pieces: material, advance, centre, structure (compute_pawn_terms).
template <Bitboard BB>
void pawn_features(const core::Position<BB>& pos, Recorder<BB>& rec, SideState<BB>* side) {
    const EvalTables<BB>& et = rec.et;
    const BB occ = pos.pieces();
    const int span = et.pawn_span;
    for (int c = 0; c < 2; ++c) {
        const int sign = c == 0 ? 1 : -1;
        for (PieceType t : et.pawn_types[c]) {
            BB bb = pos.pieces(Color(c), t);
            side[c].pawns |= bb;
            while (bb) {
                const Square sq = core::pop_lsb(bb);
                rec.piece(t, kMaterialTerm, sign, sign);
                const int adv = std::clamp(et.relative_rank[c][sq] - 1, 0, span);
                rec.term(&EvalWeights::pawn_advance, sign * adv, 0.0);
                if (central_pawn(et.file_of[sq], et.files, adv))
                    rec.term(&EvalWeights::pawn_centre, sign, 0.0);
                rec.divided(&EvalWeights::pawn_advance, true, sign, adv * adv, span);
                side[c].pawn_attacks |= piece_attacks(pos, et, c, t, sq, occ);
            }
        }
    }
    for (int c = 0; c < 2; ++c) {
        const int sign = c == 0 ? 1 : -1;
        const BB own_pawns = side[c].pawns, their_pawns = side[1 - c].pawns;
        BB bb = own_pawns;
        while (bb) {
            const Square sq = core::pop_lsb(bb);
            const int file = et.file_of[sq];
            const BB front = et.front_span[c][sq];
            if (front & et.file_bb[file] & own_pawns)
                rec.term(&EvalWeights::doubled_pawn, sign, sign);
            if (!(et.adjacent_files[file] & own_pawns))
                rec.term(&EvalWeights::isolated_pawn, sign, sign);
            if (!(front & their_pawns)) {
                const int adv = std::clamp(et.relative_rank[c][sq] - 1, 0, span);
                rec.term(&EvalWeights::passed_pawn, sign, sign);
                rec.divided(&EvalWeights::passed_advance, false, sign, adv * adv, span * span);
                rec.divided(&EvalWeights::passed_advance, true, sign, adv * adv, span * span);
                side[c].passed |= core::square_bb<BB>(sq);
            }
        }
    }
}

// The other pieces: material, centralisation, mobility, king attacks, files, threats
// (add_pieces).
template <Bitboard BB>
void piece_features(const core::Position<BB>& pos, Recorder<BB>& rec, int c, SideState<BB>* side) {
    const EvalTables<BB>& et = rec.et;
    const int sign = c == 0 ? 1 : -1;
    SideState<BB>& s = side[c];
    const SideState<BB>& o = side[1 - c];
    const BB occ = pos.pieces();
    const BB area = ~pos.pieces(Color(c)) & ~o.pawn_attacks;
    const BB zone = o.king == core::NoSquare ? BB{} : et.king_zone[1 - c][o.king];
    for (PieceType t : et.piece_types[c]) {
        BB bb = pos.pieces(Color(c), t);
        const int in_hand = pos.hand_count(Color(c), t);
        s.non_pawn += (core::popcount(bb) + in_hand) * et.value[t];
        rec.piece(t, kMaterialTerm, sign * in_hand, sign * in_hand);
        while (bb) {
            const Square sq = core::pop_lsb(bb);
            rec.piece(t, kMaterialTerm, sign, sign);
            // Centralisation: centre * delta4 / 4, truncated, per phase.
            const int d4 = rec.context.delta4[c][t][sq];
            const Score centre = et.centre[t];
            const double exact = d4 / 4.0;
            rec.piece(t, kCentreTerm, sign * exact, sign * exact);
            rec.out.fixed_mg += sign * (centre.mg * d4 / 4 - centre.mg * exact);
            rec.out.fixed_eg += sign * (centre.eg * d4 / 4 - centre.eg * exact);
            const int rank = et.relative_rank[c][sq];
            rec.piece(t, kAdvanceTerm, sign * rank, sign * rank);
            const BB att = piece_attacks(pos, et, c, t, sq, occ);
            const int mobility = core::popcount(att & area) - et.mobility_center[t];
            rec.piece(t, kMobilityTerm, sign * mobility, sign * mobility);
            if (const BB hits = att & zone) {
                const int n = core::popcount(hits);
                ++s.king_attackers;
                s.king_attack_units += et.attack_unit[t] * n;
                rec.piece(t, kKingAttackTerm, sign * n, sign * n);
            }
            if (et.rook_like[t]) {
                const BB file = et.file_bb[et.file_of[sq]];
                if (!(file & s.pawns)) {
                    if (file & o.pawns)
                        rec.term(&EvalWeights::half_open_file, sign, sign);
                    else
                        rec.term(&EvalWeights::open_file, sign, sign);
                }
            }
            if (o.pawn_attacks & core::square_bb<BB>(sq))
                rec.term(&EvalWeights::attacked_by_pawn, sign, sign);
        }
    }
}

// Kings: placement, shield, danger; passed pawns by the kings' distances; bonuses
// (add_king_and_bonuses).
template <Bitboard BB>
void king_features(const core::Position<BB>& pos, Recorder<BB>& rec, int c,
                   const SideState<BB>* side) {
    const EvalTables<BB>& et = rec.et;
    const int sign = c == 0 ? 1 : -1;
    const SideState<BB>& s = side[c];
    const SideState<BB>& o = side[1 - c];
    if (s.king != core::NoSquare) {
        const int rel = et.relative_rank[c][s.king];
        rec.term(&EvalWeights::king_rank, sign * std::min(rel, 4), 0.0);
        const int edge = file_from_edge(et.file_of[s.king], et.files);
        if (edge >= 3) rec.term(&EvalWeights::king_centre_files, sign, 0.0);
        if (edge == 2) rec.term(&EvalWeights::king_near_centre_file, sign, 0.0);
        rec.out.fixed_eg += sign * 12;
        rec.term(&EvalWeights::king_centralisation, 0.0, sign * et.center_distance[s.king]);
        if (rel <= 1) {
            rec.term(&EvalWeights::shield_near,
                     sign * core::popcount(et.shield_near[c][s.king] & s.pawns), 0.0);
            rec.term(&EvalWeights::shield_far,
                     sign * core::popcount(et.shield_far[c][s.king] & s.pawns), 0.0);
        }
        if (o.king_attackers >= 2)
            rec.divided(&EvalWeights::king_danger, false, -sign, king_danger(o.king_attack_units),
                        100);
    }
    if (s.king != core::NoSquare && o.king != core::NoSquare) {
        const int span = et.pawn_span;
        const EvalWeights& w = et.weights;
        BB bb = s.passed;
        while (bb) {
            const Square sq = core::pop_lsb(bb);
            const int adv = std::clamp(et.relative_rank[c][sq] - 1, 0, span);
            const int promo = et.promotion_square[c][sq];
            const int far = et.dist(o.king, promo), near = et.dist(s.king, promo);
            // One truncation for the two weights together, as evaluate() does it.
            const double exact_far = static_cast<double>(far * adv) / span;
            const double exact_near = static_cast<double>(near * adv) / span;
            const int done =
                (w.passed_enemy_king.eg * far + w.passed_own_king.eg * near) * adv / span;
            rec.out.fixed_eg += sign * (done - w.passed_enemy_king.eg * exact_far -
                                        w.passed_own_king.eg * exact_near);
            rec.term(&EvalWeights::passed_enemy_king, 0.0, sign * exact_far);
            rec.term(&EvalWeights::passed_own_king, 0.0, sign * exact_near);
        }
    }
    for (const auto& bonus : et.bonuses) {
        bool all = true;
        for (PieceType t : bonus.types)
            all = all && pos.count(Color(c), t) + pos.hand_count(Color(c), t) > 0;
        if (all) {
            rec.out.fixed_mg += sign * bonus.cp;
            rec.out.fixed_eg += sign * bonus.cp;
        }
    }
}

}  // namespace

template <Bitboard BB>
FeatureContext<BB> feature_context(const WeightLayout& layout, const core::Rules<BB>& rules,
                                   const EvalTables<BB>& tables) {
    FeatureContext<BB> context;
    context.layout = &layout;
    context.tables = &tables;
    std::array<int, PieceTermCount> none;
    none.fill(-1);
    context.piece_first.assign(rules.pieces.size(), none);
    for (core::PieceType t : pairing_types(rules))
        for (int j = 0; j < PieceTermCount; ++j)
            context.piece_first[t][j] = layout.piece_parameter(rules.pieces[t].name, j);
    const auto terms = weight_terms();
    for (int i = 0; i < static_cast<int>(terms.size()); ++i)
        context.term_slot.push_back(
            {layout.term_parameter(i, terms[i].phases == Phases::Flat ? ParameterPhase::Flat
                                                                      : ParameterPhase::Middlegame),
             layout.term_parameter(i, ParameterPhase::Endgame)});
    read_weights(layout, rules, tables, context.weights);
    for (int c = 0; c < 2; ++c) {
        context.delta4[c].resize(rules.pieces.size());
        for (PieceType t : tables.piece_types[c])
            context.delta4[c][t] = reach_above_average4(rules, c, t);
    }
    return context;
}

template FeatureContext<core::u64> feature_context(const WeightLayout&,
                                                   const core::Rules<core::u64>&,
                                                   const EvalTables<core::u64>&);
template FeatureContext<core::u128> feature_context(const WeightLayout&,
                                                    const core::Rules<core::u128>&,
                                                    const EvalTables<core::u128>&);

template <Bitboard BB>
void eval_features(const core::Position<BB>& pos, const FeatureContext<BB>& context,
                   EvalFeatures& out) {
    const WeightLayout& layout = *context.layout;
    const EvalTables<BB>& et = *context.tables;
    out.count.assign(static_cast<std::size_t>(layout.size()), 0.0);
    out.fixed_mg = out.fixed_eg = 0.0;
    Recorder<BB> rec(context, out);

    SideState<BB> side[2];
    for (int c = 0; c < 2; ++c) side[c].king = pos.king_square(Color(c));
    pawn_features(pos, rec, side);
    for (int c = 0; c < 2; ++c) piece_features(pos, rec, c, side);
    for (int c = 0; c < 2; ++c) king_features(pos, rec, c, side);

    // The evaluation at the tables' weights decides the endgame scale, as evaluate() does.
    double mg = out.fixed_mg, eg = out.fixed_eg;
    for (int i = 0; i < layout.size(); ++i) {
        const double term = context.weights[i] * out.count[i];
        if (layout.parameters[i].phase == ParameterPhase::Middlegame) mg += term;
        if (layout.parameters[i].phase == ParameterPhase::Endgame) eg += term;
    }
    out.phase = std::min(256, (side[0].non_pawn + side[1].non_pawn) * 256 / et.phase_total);
    const int v = static_cast<int>(
        (std::llround(mg) * out.phase + std::llround(eg) * (256 - out.phase)) / 256);
    const EndgameSide sides[2] = {{side[0].pawns != BB{}, side[0].non_pawn, side[0].king},
                                  {side[1].pawns != BB{}, side[1].non_pawn, side[1].king}};
    const EndgameScale scale = endgame_scale(pos, et, sides, v);
    out.divisor = scale.divisor;
    out.mop_up = scale.mop_up;
    out.stm = pos.side_to_move() == Color::White ? 1 : -1;
    rec.term(&EvalWeights::tempo, out.stm, 0.0);
}

template void eval_features(const core::Position<core::u64>&, const FeatureContext<core::u64>&,
                            EvalFeatures&);
template void eval_features(const core::Position<core::u128>&, const FeatureContext<core::u128>&,
                            EvalFeatures&);

}  // namespace balance::players::engine
