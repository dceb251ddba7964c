#pragma once
// Static evaluation for any config-defined variant, with no piece-specific code.
//
// Everything is derived once per compiled Rules from the pieces' own move tables and values
// (EvalTables), then read by evaluate():
//  * Material: rules.pieces[t].value in centipawns. The unit comes from spec.value_unit ("pawn"
//    = 100 cp, "quarter-pawn" = 25 cp, "centipawn" = 1 cp); for an unknown unit the smallest
//    pawn-role value of the two armies defines 100 cp. One scale serves both armies, so an Elf
//    Sprite (1.2) really is worth more than a Footman (1.0). Royal pieces carry no material.
//    Pieces in hand (free placement) count as material too.
//  * Centralisation: for every type and square, the number of squares the piece reaches on an
//    empty board; a piece-square term rewards squares above the type's board average. A second
//    piece-square term, per rank from the own back rank, is 0 unless an evaluation file sets it.
//  * Mobility: squares a piece attacks (Position::attacks_from, which knows every Betza atom)
//    that hold no own piece and are not attacked by enemy pawn-role pieces, against half the
//    type's average; the weight per square falls with the type's typical reach (~1/sqrt).
//  * Pawn-role pieces: advancement toward the promotion zone; passed pawns (no enemy pawn-role
//    piece on the same or an adjacent file ahead of it: its "front span"), worth more the
//    closer they are and the nearer the own king / the farther the enemy king; doubled and
//    isolated pawns.
//  * King safety: enemy attacks on the king zone (the royal piece's own empty-board targets)
//    weighted by the attacker's value class (plus a per-type weight per zone square attacked,
//    0 unless an evaluation file sets it), a pawn shield of pawn-role pieces in front of a
//    king on its first two ranks, and a back-rank/edge piece-square term in the middlegame;
//    centralisation in the endgame.
//  * Rook-like pieces (plain orthogonal slider captures) on open and half-open files; pieces
//    attacked by enemy pawn-role pieces.
//  * The config's [[bonuses]] (Uneven's kirin + bishop pair).
//  * Endgames: mop-up toward a bare king, and a drawish scale when the side ahead has no
//    pawn-role pieces and less than a rook's worth more material.
// Middlegame and endgame terms are tapered by the non-pawn material left on the board.
// Every weight these terms are multiplied by is a field of EvalWeights (eval_weights.hpp), the
// hand-set values by default; eval_features.hpp writes the evaluation as a linear function of
// them, for fitting.
// The evaluation is symmetric: a position and its colour-mirror score the same for the mover.

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "balance/core/position.hpp"
#include "balance/players/engine/eval_weights.hpp"

namespace balance::players::engine {

// At most this many pawn-role types per army for the pawn cache (pawn_cache.hpp) to apply.
inline constexpr int MaxCachedPawnTypes = 2;

template <core::Bitboard BB>
struct EvalTables {
    static constexpr int N = core::max_squares<BB>;

    int files = 8, ranks = 8, squares = 64;
    int pawn_span = 5;  // ranks a pawn advances from its start rank to the last-but-one (>= 1)
    int unit_cp = 100;  // centipawns per unit of the config's piece values
    std::array<int, core::MaxPieceTypes> value{};  // centipawns (0 for royal pieces)
    // What the score counts per piece: the value, or the weights' material for the type.
    std::array<Score, core::MaxPieceTypes> material{};
    EvalWeights weights;  // the general terms evaluate() reads (weights.pieces is in the tables)
    std::array<bool, core::MaxPieceTypes> pawn{}, royal{}, rook_like{};
    // The pawn-role terms depend only on where the pawn-role pieces stand (their attacks are
    // leaps, and at most MaxCachedPawnTypes types per army): a PawnCache may keep them.
    bool pawn_cacheable = false;
    std::array<std::vector<core::PieceType>, 2> pawn_types,
        piece_types;  // piece: non-pawn, non-royal
    // Material + centralisation (+ advancement for pawns, placement for kings) per
    // [colour][type][sq].
    std::array<std::array<std::array<Score, N>, core::MaxPieceTypes>, 2> psq{};
    // How evaluate() gets a piece's attacks: leaps plus plain rook / bishop lines read straight
    // from the tables; anything else (lame steps, ski-sliders, limited range, initial-rank
    // captures) through Position::attacks_from.
    struct AttackShape {
        bool complex = true, rook = false, bishop = false;
    };
    std::array<std::array<AttackShape, core::MaxPieceTypes>, 2> attack_shape{};
    std::array<Score, core::MaxPieceTypes> mobility_weight{};
    std::array<Score, core::MaxPieceTypes> centre{};       // the piece-square tables' reach weight
    std::array<Score, core::MaxPieceTypes> advance{};      // the piece-square tables' rank weight
    std::array<Score, core::MaxPieceTypes> king_attack{};  // per enemy king-zone square attacked
    std::array<int, core::MaxPieceTypes> mobility_center{};
    std::array<int, core::MaxPieceTypes> attack_unit{};
    std::array<std::array<BB, N>, 2> front_span{}, king_zone{}, shield_near{}, shield_far{};
    std::array<BB, 16> file_bb{}, adjacent_files{};
    std::array<std::uint8_t, N> file_of{};  // a square's file (no division in the hot loop)
    std::array<std::array<int, N>, 2> relative_rank{};
    std::array<std::array<int, N>, 2> promotion_square{};  // straight ahead on the last rank
    std::array<int, N> center_distance{};  // 0 in the centre .. ~files/2 at the edge
    std::vector<std::uint8_t> distance;    // king steps between two squares
    int phase_total = 1;                   // non-pawn material of both start armies
    struct Bonus {
        std::vector<core::PieceType> types;
        int cp = 0;
    };
    std::vector<Bonus> bonuses;

    [[nodiscard]] int dist(int a, int b) const { return distance[a * squares + b]; }
};

// `values`: piece values by name in the variant's value_unit that replace the documented ones
// (EngineOptions::piece_values); the unit stays the one the documented values define.
// `weights`: the terms' weights (EngineOptions::eval_weights); names the variant does not have
// are ignored here (files are checked when read).
template <core::Bitboard BB>
[[nodiscard]] EvalTables<BB> build_eval_tables(const core::Rules<BB>& rules,
                                               const std::map<std::string, double>& values = {},
                                               const EvalWeights& weights = {});

template <core::Bitboard BB>
class PawnCache;

// Centipawns from the side to move's point of view. With a pawn cache (and tables that allow
// one) the pawn-role terms come from it; the value is the same either way.
template <core::Bitboard BB>
[[nodiscard]] int evaluate(const core::Position<BB>& pos, const EvalTables<BB>& tables,
                           PawnCache<BB>* pawn_cache = nullptr);

// Material alone (piece values incl. hand), side to move's point of view: the evaluation of an
// engine with EvalTerms::Material.
template <core::Bitboard BB>
[[nodiscard]] int material_eval(const core::Position<BB>& pos, const EvalTables<BB>& tables);

// Material balance only (piece values incl. hand), White's point of view: for tests and tools.
template <core::Bitboard BB>
[[nodiscard]] int material_balance(const core::Position<BB>& pos, const EvalTables<BB>& tables);

}  // namespace balance::players::engine
