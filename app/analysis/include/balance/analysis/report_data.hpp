#pragma once
// Everything a balance report shows, computed once from the stored games and then rendered as
// Markdown, CSV, JSON or HTML (render.hpp). Numbers only come from stats/; this file decides
// which games go into which statistic.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "balance/analysis/army_fit.hpp"
#include "balance/analysis/cells.hpp"
#include "balance/analysis/head_to_head.hpp"
#include "balance/analysis/pairs.hpp"
#include "balance/analysis/piece_values.hpp"
#include "balance/analysis/player_scale.hpp"
#include "balance/analysis/points_report.hpp"
#include "balance/analysis/rule_effects.hpp"
#include "balance/analysis/store_reader.hpp"
#include "balance/analysis/strength.hpp"
#include "balance/analysis/summary.hpp"
#include "balance/analysis/variant_catalog.hpp"

namespace balance::analysis {

struct ReportOptions {
    double confidence = 0.95;
    std::string side;     // army shown as X in the seed layout whenever it plays (name or alias)
    bool values = false;  // also fit piece values (replays every game)
    SamplingOptions sampling;
    ValueFitOptions value_fit;
    SamplingOptions regression_sampling;  // the plain regression shown beside the fit
};

struct CellRow {
    CellTally tally;
    std::optional<ScoreSummary> white;  // White's score
};

// Piece values of one variant (only when ReportOptions::values).
// Piece values of one variant as one player's self-play games support them (every player with
// self-play games gets its own: values hold for a player and a strength), or of all the
// variant's games when no player played itself. Fitted by the report's method (ValueFitOptions,
// texel by default) and, beside it, by the plain regression (and by odds-starts when the games
// start from designed odds).
struct VariantValues {
    std::string variant;
    std::string player;  // empty: every game of the variant
    std::string error;   // why there is no fit
    std::optional<PieceValueFit> fit;
    std::optional<PieceValueFit> regression;  // the plain outcome regression, for comparison
    // When most games start with the armies' material uneven (a book of designed odds starts):
    // the odds-starts fit of the result on the start's material (value_methods.hpp).
    std::optional<PieceValueFit> odds_starts;
    MaterialData data;  // counts of games used / skipped (rows are dropped after the fit)

    // "chess, player balance:nodes=5000" / "chess, all games"
    [[nodiscard]] std::string title() const;
};

struct ReportData {
    std::string database;
    std::vector<StoredRun> runs;
    std::int64_t games = 0;
    double confidence = 0.95;
    std::vector<SummaryItem> summary;  // the verdict, shown before everything else
    std::vector<CellRow> cells;
    std::vector<PairSummary> pairs;
    std::vector<ArmyFit> armies;
    std::vector<RuleEffect> rule_effects;
    std::vector<HeadToHead> head_to_head;    // player vs player (strength sweeps)
    std::vector<PlayerScale> player_scales;  // the players that met, on one Elo scale
    PointsReport points;                     // points variants (Stylish chess); empty otherwise
    StrengthReport strength;                 // balance against player strength (ladders)
    std::vector<EngineFailures> failures;
    std::vector<VariantValues> values;
    std::vector<std::string> notes;  // things the reader must know (unequal colours, skipped fits)
};

// Builds the report of `store`.
[[nodiscard]] ReportData build_report(const Store& store, VariantCatalog& catalog,
                                      const ReportOptions& options);

// The variant names in `games`, sorted.
[[nodiscard]] std::vector<std::string> variants_in(std::span<const StoredGame> games);

// The variant a command works on: `wanted` when the games hold it, else the games' one variant.
// Errors: `wanted` absent (naming the variants there are), no games, several variants and none
// wanted.
[[nodiscard]] Result<std::string> pick_variant(std::span<const StoredGame> games,
                                               const std::string& wanted);

// The games of `variant` under the stored rule set `rules` ("*": every rule set), and when
// `player` is not empty only that player's games against itself. Error when there are none.
[[nodiscard]] Result<std::vector<StoredGame>> take_games(std::vector<StoredGame> games,
                                                         const std::string& variant,
                                                         const std::string& rules,
                                                         const std::string& player);

// Whether some variant of `games` knows `army` (by name or alias); else an error naming it, with
// a suggestion: a misspelt army in a flag is not a selection that finds no games.
[[nodiscard]] Result<void> known_army(std::span<const StoredGame> games, const std::string& army,
                                      VariantCatalog& catalog);

}  // namespace balance::analysis
