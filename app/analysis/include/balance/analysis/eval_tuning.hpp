#pragma once
// `balance tune`: the internal engine's evaluation weights fitted to a variant's stored games,
// Texel's way (stats/texel_fit.hpp).
//
// Each game is replayed under the rules it was played with; past `min_ply`, positions where the
// side to move is not in check and the last move neither captured nor promoted are candidates,
// `per_game` of them evenly spaced through the game are looked at, and those where the
// engine's quiescence search returns its static evaluation (no capture or promotion changes
// the score) are kept with the game's result. In a variant decided by points (Stylish chess)
// the search adds the points so far to the evaluation (decipoints, players/engine/
// points_search.hpp), and so does the fit: they are in the quiet test and a fixed part of each
// position's prediction, so the weights learn the points still to come. Per kept position the
// evaluation's features (players/engine/eval_features.hpp) are taken once, at the starting weights;
// the fit then moves every weight the positions inform, pulled toward the starting weights by an L2
// term, with the logistic's scale K fitted first at the starting weights.
//
// Each position's target is its game's result, or with `score_weight` w > 0 a blend of it with
// the score the player to move there searched (stored with every game whose player reports
// one): (1 - w) result + w sigmoid(K_s score / 400), K_s the scale that makes the stored scores
// predict the fitted games' results best. Games of a stronger player (Stockfish's self-play, or
// the engine itself at a larger budget) lend the fit its judgement of each position, a target
// far less noisy than one game's result. Positions without a stored score are then left out.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "balance/analysis/store_reader.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/core/error.hpp"
#include "balance/players/engine/eval_features.hpp"
#include "balance/stats/texel_fit.hpp"

namespace balance::analysis {

struct TuneOptions {
    int min_ply = 16;   // plies from the variant start before positions are looked at
    int per_game = 10;  // candidates looked at per game, at most
    double l2 = 1e-4;   // stats::TexelOptions::l2
    // Every n-th game is left out of the fit and its positions measure the fit (0: none).
    int holdout_every = 0;
    // The share of each target taken from the stored search score (0: the game's result only;
    // 1: the score only).
    double score_weight = 0.0;
    players::engine::EvalWeights start;  // the starting weights and the prior: hand-set default
};

struct TuneResult {
    players::engine::WeightLayout layout;
    std::vector<double> prior;             // the starting weights, layout order
    std::vector<bool> seen;                // per parameter: some kept position's pairing has it
    stats::TexelFit fit;                   // weights in layout order
    players::engine::EvalWeights weights;  // the fit as an evaluation's weights (seen pieces)
    std::int64_t games_used = 0;           // games that gave at least one position
    std::int64_t games_failed = 0;         // ended by an engine failure: not used
    std::int64_t games_unreadable = 0;     // did not replay
    std::int64_t candidates = 0;           // positions looked at
    std::int64_t positions = 0;            // quiet ones kept (held out or fitted)
    // The held-out games' positions and the mean squared error there at the starting and at
    // the fitted weights (TuneOptions::holdout_every; 0 positions: none held out).
    std::int64_t held_out_positions = 0;
    double held_out_error_before = 0.0, held_out_error_after = 0.0;
    // With TuneOptions::score_weight: K_s (the stored scores' fitted scale) and the quiet
    // positions left out for want of a stored score.
    double score_k = 0.0;
    std::int64_t unscored = 0;
    double feature_seconds = 0.0;  // replaying, the quiet test and the features
    double fit_seconds = 0.0;
};

// The games must be of `variant`. Errors: the variant cannot be loaded, no position kept, the
// fit fails.
[[nodiscard]] Result<TuneResult> tune_evaluation(std::span<const StoredGame> games,
                                                 const std::string& variant,
                                                 VariantCatalog& catalog,
                                                 const TuneOptions& options);

}  // namespace balance::analysis
