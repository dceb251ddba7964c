// EvalTables: everything the evaluation needs, derived once from a compiled Rules object.
// All weights are integers (the only floating point is sqrt/lround of config values, which
// IEEE makes exact), so evaluation - and with it every search under a node or depth limit - is
// the same on every machine.

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "balance/players/engine/eval.hpp"
#include "engine/eval_shapes.hpp"

namespace balance::players::engine {
namespace {

using core::Bitboard;
using core::PieceRole;
using core::PieceType;

int unit_centipawns(const core::VariantSpec& spec, const std::vector<core::PieceInfo>& pieces) {
    if (spec.value_unit == "pawn") return 100;
    if (spec.value_unit == "quarter-pawn") return 25;
    if (spec.value_unit == "centipawn") return 1;
    double pawn = 0.0;
    for (const auto& p : pieces)
        if (p.role == PieceRole::Pawn && p.value > 0 && (pawn == 0.0 || p.value < pawn))
            pawn = p.value;
    return pawn > 0 ? static_cast<int>(std::lround(100.0 / pawn)) : 100;
}

// Squares a piece of colour c and type t reaches from sq on an empty board.
template <Bitboard BB>
BB empty_board_targets(const core::Rules<BB>& r, int c, PieceType t, int sq) {
    const core::PieceMoves<BB>& pm = r.moves[c][t];
    BB targets = pm.leaps[sq].quiet | pm.leaps[sq].capture;
    for (const auto& g : pm.sliders) {
        const BB a = g.orthogonal ? r.sliders->rook(sq, BB{}) : r.sliders->bishop(sq, BB{});
        targets |= g.plain ? a : a & g.reach[sq];
    }
    for (const auto& s : pm.lame(sq))
        if (!s.initial) targets |= s.quiet | s.capture;
    return targets;
}

// Value class of an attacker for king safety: minor, rook-like, queen-like.
int attack_unit_of(int cp) {
    return cp < 450 ? 2 : cp < 750 ? 3 : 5;
}

// Per type: value, role, which side has it.
template <Bitboard BB>
void add_types(const core::Rules<BB>& r, const std::map<std::string, double>& values,
               const EvalWeights& weights, EvalTables<BB>& et) {
    for (size_t t = 0; t < r.pieces.size(); ++t) {
        const auto& p = r.pieces[t];
        et.royal[t] = p.role == PieceRole::King;
        et.pawn[t] = p.role == PieceRole::Pawn;
        const auto given = values.find(p.name);
        const double value = given != values.end() ? given->second : p.value;
        et.value[t] = et.royal[t] ? 0 : static_cast<int>(std::lround(value * et.unit_cp));
        et.material[t] = Score{et.value[t], et.value[t]};
        const auto piece = weights.pieces.find(p.name);
        if (!et.royal[t] && piece != weights.pieces.end() && piece->second.material)
            et.material[t] = *piece->second.material;
    }
    for (int c = 0; c < 2; ++c)
        for (PieceType t : r.armies[c].types) {
            if (et.pawn[t])
                et.pawn_types[c].push_back(t);
            else if (!et.royal[t])
                et.piece_types[c].push_back(t);
            et.rook_like[t] =
                r.moves[c][t].has_plain_orthogonal_capture && !et.royal[t] && !et.pawn[t];
        }
}

// Geometry: files, distances, relative ranks, pawn spans and shields.
template <Bitboard BB>
void add_geometry(const core::Rules<BB>& r, EvalTables<BB>& et) {
    const int n = r.squares;
    for (int f = 0; f < r.files; ++f)
        for (int rk = 0; rk < r.ranks; ++rk) {
            et.file_bb[f] |= core::square_bb<BB>(r.square(f, rk));
            et.file_of[r.square(f, rk)] = static_cast<std::uint8_t>(f);
        }
    for (int f = 0; f < r.files; ++f) {
        if (f > 0) et.adjacent_files[f] |= et.file_bb[f - 1];
        if (f + 1 < r.files) et.adjacent_files[f] |= et.file_bb[f + 1];
    }
    et.distance.assign(static_cast<size_t>(n) * n, 0);
    for (int a = 0; a < n; ++a) {
        const int fa = r.file_of(a), ra = r.rank_of(a);
        // Distance from the centre in half-squares, halved: 0..files/2 - 1 on an even board.
        const int cf = std::abs(2 * fa - (r.files - 1)) / 2,
                  cr = std::abs(2 * ra - (r.ranks - 1)) / 2;
        et.center_distance[a] = std::max(cf, cr);
        for (int b = 0; b < n; ++b)
            et.distance[a * n + b] = static_cast<std::uint8_t>(
                std::max(std::abs(fa - r.file_of(b)), std::abs(ra - r.rank_of(b))));
    }
    for (int c = 0; c < 2; ++c)
        for (int sq = 0; sq < n; ++sq) {
            const int f = r.file_of(sq), rk = r.rank_of(sq);
            const int rel = c == 0 ? rk : r.ranks - 1 - rk;
            et.relative_rank[c][sq] = rel;
            et.promotion_square[c][sq] = r.square(f, c == 0 ? r.ranks - 1 : 0);
            const BB files3 = et.file_bb[f] | et.adjacent_files[f];
            for (int s2 = 0; s2 < n; ++s2) {
                const int rel2 = c == 0 ? r.rank_of(s2) : r.ranks - 1 - r.rank_of(s2);
                const BB bit = core::square_bb<BB>(s2);
                if (!(files3 & bit)) continue;
                if (rel2 > rel) et.front_span[c][sq] |= bit;
                if (rel2 == rel + 1) et.shield_near[c][sq] |= bit;
                if (rel2 == rel + 2) et.shield_far[c][sq] |= bit;
            }
        }
}

// The piece-square term of a type on a square: its material plus a king's shelter, a pawn's
// advance, or a piece's reach above its average (`delta4`, in quarter squares) times `centre`.
template <Bitboard BB>
Score piece_square(const core::Rules<BB>& r, const EvalTables<BB>& et, int c, PieceType t, int sq,
                   int delta4, Score centre, Score advance) {
    const EvalWeights& w = et.weights;
    Score s = et.material[t];
    const int rel = et.relative_rank[c][sq];
    if (et.royal[t]) {
        // Middlegame: stay on the back rank, away from the central files.
        const int edge = file_from_edge(r.file_of(sq), r.files);
        s.mg += w.king_rank.mg * std::min(rel, 4) + (edge >= 3   ? w.king_centre_files.mg
                                                     : edge == 2 ? w.king_near_centre_file.mg
                                                                 : 0);
        s.eg += 12 + w.king_centralisation.eg * et.center_distance[sq];
    } else if (et.pawn[t]) {
        const int adv = std::clamp(rel - 1, 0, et.pawn_span);
        s.mg += w.pawn_advance.mg * adv +
                (central_pawn(r.file_of(sq), r.files, adv) ? w.pawn_centre.mg : 0);
        s.eg += w.pawn_advance.eg * adv * adv / et.pawn_span;
    } else {
        s.mg += centre.mg * delta4 / 4 + advance.mg * rel;
        s.eg += centre.eg * delta4 / 4 + advance.eg * rel;
    }
    return s;
}

// A type's empty-board reach: 4x its board average and, per square, 4x the reach minus that.
struct Reach {
    std::vector<int> delta4;
    int mean4 = 0;
};

template <Bitboard BB>
Reach reach_of(const core::Rules<BB>& r, int c, PieceType t) {
    Reach out;
    out.delta4.resize(static_cast<std::size_t>(r.squares));
    int total = 0;
    for (int sq = 0; sq < r.squares; ++sq)
        total += out.delta4[sq] = core::popcount(empty_board_targets(r, c, t, sq));
    out.mean4 = total * 4 / r.squares;  // integer arithmetic throughout
    for (int& v : out.delta4) v = v * 4 - out.mean4;
    return out;
}

}  // namespace

template <Bitboard BB>
std::vector<int> reach_above_average4(const core::Rules<BB>& r, int c, PieceType t) {
    return reach_of(r, c, t).delta4;
}

template std::vector<int> reach_above_average4(const core::Rules<core::u64>&, int, PieceType);
template std::vector<int> reach_above_average4(const core::Rules<core::u128>&, int, PieceType);

namespace {

// Per type: piece-square terms, mobility weights.
template <Bitboard BB>
void add_piece_squares(const core::Rules<BB>& r, EvalTables<BB>& et) {
    for (int c = 0; c < 2; ++c) {
        for (PieceType t : r.armies[c].types) {
            const Reach reach = reach_of(r, c, t);
            const std::vector<int>& delta4 = reach.delta4;
            const int mean4 = reach.mean4;
            const auto given = et.weights.pieces.find(r.pieces[t].name);
            const PieceWeights* piece = given != et.weights.pieces.end() ? &given->second : nullptr;
            const Score centre = piece && piece->centre ? *piece->centre : Score{4, 3};
            const Score advance = piece && piece->advance ? *piece->advance : Score{};
            for (int sq = 0; sq < r.squares; ++sq)
                et.psq[c][t][sq] = piece_square(r, et, c, t, sq, delta4[sq], centre, advance);
            if (!et.pawn[t] && !et.royal[t]) {
                et.centre[t] = centre;
                et.advance[t] = advance;
                et.king_attack[t] = piece && piece->king_attack ? *piece->king_attack : Score{};
                // ~20 / sqrt(average reach) cp per square, centred at half the average reach.
                const int w = static_cast<int>(std::lround(40.0 / std::sqrt(std::max(1, mean4))));
                et.mobility_weight[t] = piece && piece->mobility ? *piece->mobility : Score{w, w};
                et.mobility_center[t] = mean4 / 8;
                et.attack_unit[t] = attack_unit_of(et.value[t]);
            }
        }
    }
}

// How each type attacks (plain rook or bishop lines, or something the position must be asked
// about), and whether the pawn structure can be cached.
template <Bitboard BB>
void add_attack_shapes(const core::Rules<BB>& r, EvalTables<BB>& et) {
    for (int c = 0; c < 2; ++c)
        for (PieceType t : r.armies[c].types) {
            const core::PieceMoves<BB>& pm = r.moves[c][t];
            auto& shape = et.attack_shape[c][t];
            shape.complex = pm.has_complex_capture || pm.has_shots;
            // A piece that can lose move types (anti-relay) is asked for its attacks in the
            // position (Position::attacks_from reads the table of the types it still has), so a
            // frozen piece is valued by what it can do.
            if (r.natural_types[c][t]) shape.complex = true;
            for (const auto& g : pm.sliders) {
                if (!g.capture) continue;
                if (!g.plain) shape.complex = true;
                (g.orthogonal ? shape.rook : shape.bishop) = true;
            }
        }

    et.pawn_cacheable = true;
    for (int c = 0; c < 2; ++c) {
        if (et.pawn_types[c].size() > MaxCachedPawnTypes) et.pawn_cacheable = false;
        for (PieceType t : et.pawn_types[c]) {
            const auto& shape = et.attack_shape[c][t];
            if (shape.complex || shape.rook || shape.bishop) et.pawn_cacheable = false;
        }
    }
}

// The variant's bonuses for sets of pieces, those whose pieces this pairing has.
template <Bitboard BB>
void add_bonuses(const core::Rules<BB>& r, EvalTables<BB>& et) {
    for (const auto& b : r.spec().bonuses) {
        typename EvalTables<BB>::Bonus bonus;
        bonus.cp = static_cast<int>(std::lround(b.value * et.unit_cp));
        bool all = !b.pieces.empty();
        for (const auto& name : b.pieces) {
            PieceType found = core::NoPieceType;
            for (size_t t = 0; t < r.pieces.size(); ++t)
                if (r.pieces[t].name == name) found = static_cast<PieceType>(t);
            if (found == core::NoPieceType) all = false;  // not in this pairing: cannot apply
            bonus.types.push_back(found);
        }
        if (all) et.bonuses.push_back(std::move(bonus));
    }
}

}  // namespace

template <Bitboard BB>
EvalTables<BB> build_eval_tables(const core::Rules<BB>& r,
                                 const std::map<std::string, double>& values,
                                 const EvalWeights& weights) {
    EvalTables<BB> et;
    et.weights = weights;
    et.files = r.files;
    et.ranks = r.ranks;
    et.pawn_span = std::max(1, r.ranks - 3);
    et.squares = r.squares;
    et.unit_cp = unit_centipawns(r.spec(), r.pieces);
    add_types(r, values, weights, et);
    add_geometry(r, et);
    add_piece_squares(r, et);
    add_attack_shapes(r, et);

    // King zone: the royal piece's own targets plus its square.
    for (int c = 0; c < 2; ++c) {
        const PieceType k = r.king_type[c];
        for (int sq = 0; sq < r.squares; ++sq)
            et.king_zone[c][sq] = empty_board_targets(r, c, k, sq) | core::square_bb<BB>(sq);
    }

    // Game phase: non-pawn material of both start arrays (at least 1).
    int phase = 0;
    for (int c = 0; c < 2; ++c)
        for (PieceType t : et.piece_types[c]) phase += r.armies[c].initial_count[t] * et.value[t];
    et.phase_total = std::max(1, phase);

    add_bonuses(r, et);
    return et;
}

template EvalTables<core::u64> build_eval_tables(const core::Rules<core::u64>&,
                                                 const std::map<std::string, double>&,
                                                 const EvalWeights&);
template EvalTables<core::u128> build_eval_tables(const core::Rules<core::u128>&,
                                                  const std::map<std::string, double>&,
                                                  const EvalWeights&);

}  // namespace balance::players::engine
