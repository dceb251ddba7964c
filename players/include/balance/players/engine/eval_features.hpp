#pragma once
// The evaluation as a linear function of its weights, for fitting them (`balance tune`).
//
// evaluate() sums, per phase, weight x occurrence over its terms, tapers the two sums by the
// game phase, scales drawish endgames down and adds a mop-up bonus and the tempo. The weights
// enter only as factors, so per position one pass records how often each weight's term occurs
// (White minus Black, by phase): the position's features. What no weight multiplies (the
// variant's bonuses, a king's constant endgame term) and the integer rounding of the terms
// computed with a division, at the weights the features were taken with, go into the fixed
// part, so that
//
//   middlegame = sum over mg parameters (w x count) + fixed_mg     (exactly, as integers)
//   endgame    = sum over eg parameters (w x count) + fixed_eg
//   evaluate() = stm x ((middlegame x phase + endgame x (256 - phase)) / 256 / divisor + mop_up)
//                + tempo
//
// with C++'s integer division, at those weights (tested on positions of several variants). The
// endgame divisor and the mop-up are taken at those weights too and held fixed: a fit moves
// them only through the sign of the score, which it cannot see.

#include <array>
#include <span>
#include <string>
#include <vector>

#include "balance/core/position.hpp"
#include "balance/players/engine/eval.hpp"

namespace balance::players::engine {

enum class ParameterPhase { Middlegame, Endgame, Flat };

// One weight of a fit: a phase of a general term, or of a piece's term.
struct WeightParameter {
    std::string name;  // "doubled_pawn.mg", "knight.mobility.eg", "tempo"
    ParameterPhase phase = ParameterPhase::Middlegame;
    int term = -1;        // index into weight_terms(), or -1 for a piece term
    std::string piece;    // a piece term: the piece's name
    int piece_term = -1;  // a piece term: index into piece_terms()
};

// Every weight of a variant's evaluation: the general terms' phases, then per piece of the
// variant (spec order) the phases of the terms its role has (piece_has_term).
struct WeightLayout {
    std::vector<WeightParameter> parameters;
    [[nodiscard]] int size() const { return static_cast<int>(parameters.size()); }
    // The parameter of a general term's phase; -1 when the term has no such phase.
    [[nodiscard]] int term_parameter(int term, ParameterPhase phase) const;
    // The first parameter of a piece's term (its middlegame; the endgame follows); -1: none.
    [[nodiscard]] int piece_parameter(const std::string& piece, int piece_term) const;
};

[[nodiscard]] WeightLayout weight_layout(const core::VariantSpec& spec);

// The piece types of the rules' two armies (each once).
template <core::Bitboard BB>
[[nodiscard]] std::vector<core::PieceType> pairing_types(const core::Rules<BB>& rules);

// The weights `tables` evaluate by, in `layout` order: the general terms, and the terms of the
// pieces of the tables' pairing (the others are left as they are in `out`, sized to the layout).
template <core::Bitboard BB>
void read_weights(const WeightLayout& layout, const core::Rules<BB>& rules,
                  const EvalTables<BB>& tables, std::vector<double>& out);

// Weights in `layout` order as an evaluation's weights: every general term and every piece
// term, rounded to whole centipawns.
[[nodiscard]] EvalWeights weights_of(const WeightLayout& layout, std::span<const double> w);

struct EvalFeatures {
    std::vector<double> count;  // per parameter: White's occurrences minus Black's
    // What no weight multiplies, with the rounding of divided terms (so not whole numbers).
    double fixed_mg = 0.0, fixed_eg = 0.0;
    int phase = 0;    // 0 (bare kings and pawns) .. 256 (all start pieces)
    int divisor = 1;  // drawish endgames: 4 or 8
    int mop_up = 0;   // White's view
    int stm = 1;      // +1: White to move, -1: Black
};

// What the features of positions under one pairing's tables need, computed once.
template <core::Bitboard BB>
struct FeatureContext {
    const WeightLayout* layout = nullptr;
    const EvalTables<BB>* tables = nullptr;
    std::vector<std::array<int, PieceTermCount>>
        piece_first;                            // per type: each piece term's first parameter
    std::vector<std::array<int, 2>> term_slot;  // per general term: its [mg or flat, eg] one
    std::vector<double> weights;                // the tables' weights (read_weights)
    std::array<std::vector<std::vector<int>>, 2> delta4;  // reach_above_average4 per [c][t]
};

// `layout`, `rules` and `tables` must outlive the context.
template <core::Bitboard BB>
[[nodiscard]] FeatureContext<BB> feature_context(const WeightLayout& layout,
                                                 const core::Rules<BB>& rules,
                                                 const EvalTables<BB>& tables);

// The features of `pos` (played under the context's rules) at the tables' weights.
template <core::Bitboard BB>
void eval_features(const core::Position<BB>& pos, const FeatureContext<BB>& context,
                   EvalFeatures& out);

// evaluate()'s value rebuilt from features and the weights they were taken with (integer
// arithmetic, as evaluate() does it): the check that the linearisation is exact.
[[nodiscard]] int evaluation_from_features(const WeightLayout& layout, const EvalFeatures& f,
                                           std::span<const double> w);

// The linear model a fit uses, White's view, in real arithmetic: per parameter the factor its
// weight is multiplied by (count x taper / divisor; the tempo's: the side to move's sign), and
// the constant the rest adds.
void linear_row(const WeightLayout& layout, const EvalFeatures& f, std::span<double> row,
                double& constant);

}  // namespace balance::players::engine
