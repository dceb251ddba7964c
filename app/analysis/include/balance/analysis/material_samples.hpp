#pragma once
// Material in positions sampled from stored games: the data the piece-value fit regresses game
// outcomes on. Each game is replayed with core from its start FEN under the rules it was played
// with; quiet positions (side to move not in check, the last move neither a capture nor a
// promotion, past a minimum ply, not during free placement) are candidates, and a few of them,
// evenly spaced through the game, are kept. A row holds the count difference White minus Black
// of every non-royal piece type of the variant (all armies on one scale) and White's final score.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "balance/analysis/store_reader.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/core/error.hpp"

namespace balance::analysis {

struct SamplingOptions {
    int min_ply = 16;  // plies from the variant start (the FEN's move counter) before sampling
    int per_game = 4;  // positions kept per game at most
    // Plies after the position that must, as played, capture and promote nothing: material
    // about to change (a trade under way, a piece en prise) is material measured with error,
    // and such error shrinks every fitted value toward zero. 0: only the last move is checked.
    int settled_plies = 0;
    // Also record the internal engine's evaluation beyond material (its full static evaluation
    // minus its material count, White's view, centipawns): the covariate that keeps positional
    // advantage, which goes with winning material, out of the material coefficients.
    bool positional = false;
    // Sample each game's start position alone (where its opening left it): for games from
    // designed material-odds starts, whose material was set by the design and not chosen by
    // the players, so nothing the players did can be confounded with it. min_ply, per_game and
    // settled_plies do not apply.
    bool start_only = false;
};

struct MaterialData {
    std::vector<std::string> pieces;  // one column per non-royal piece type, variant order
    std::vector<double> documented;   // PieceSpec.value of each column
    std::vector<std::string> armies;  // the army (or armies) each piece belongs to
    std::string first_pawn;           // the variant's first pawn-role piece (the default unit)
    std::vector<std::vector<double>> rows;  // material difference White minus Black
    // Per row when SamplingOptions::positional, else empty: the engine's evaluation beyond
    // material and its material count (documented values), both White's view, centipawns.
    std::vector<double> positional;
    std::vector<double> engine_material;
    std::vector<double> outcomes;           // White's score of the row's game
    std::vector<std::int64_t> clusters;     // the row's game (index into the games given)
    std::int64_t games_used = 0;            // games that gave at least one row
    std::int64_t games_without_sample = 0;  // too short or never quiet past min_ply
    std::int64_t games_failed = 0;      // ended by an engine failure: outcome not about material
    std::int64_t games_unreadable = 0;  // did not replay (move or FEN rejected)
    std::vector<std::string> problems;  // the first few replay errors, for the output
};

// Samples every game of `games` (one variant; each game's own rules and armies). The pieces are
// the variant's under its default rules; an error only when the variant cannot be loaded.
[[nodiscard]] Result<MaterialData> sample_material(std::span<const StoredGame> games,
                                                   const std::string& variant,
                                                   VariantCatalog& catalog,
                                                   const SamplingOptions& options);

// Indices of `wanted` items evenly spread over `count` candidates (all of them if fewer).
[[nodiscard]] std::vector<int> evenly_spaced(int count, int wanted);

}  // namespace balance::analysis
