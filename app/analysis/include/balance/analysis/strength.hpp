#pragma once
// Balance against player strength. A strength ladder (balance/tournament/ladder.hpp) plays the
// same cells at several search limits; this section follows each army pairing up the ladder:
// the score at every rung, its trend per doubling of the limit, a plain verdict, and what one
// step up the ladder buys (the rung-gap matches). Where two ladders (our engine, Fairy-Max)
// played the same pairings it compares their verdicts, and where two different players met it
// splits their scores by army.
//
// Trend model: weighted least squares of the per-rung score on log2(limit), each rung weighted
// by 1 / SE^2 (SE from its trinomial Wilson interval: half-width / z); the slope is "score per
// doubling", with a normal interval slope +- z * SE(slope). Rungs are independent samples, so
// the slope's SE is the textbook WLS one (no extra dispersion term: with 3-5 rungs there is no
// room to estimate one; a reader should treat a trend that rests on one rung with care).

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "balance/analysis/army_fit.hpp"
#include "balance/analysis/cells.hpp"
#include "balance/analysis/head_to_head.hpp"
#include "balance/analysis/pairs.hpp"
#include "balance/analysis/player_scale.hpp"
#include "balance/analysis/player_strength.hpp"

namespace balance::analysis {

// Rungs with fewer games than this make a line "not enough games".
inline constexpr std::int64_t kStrengthMinGames = 30;

struct StrengthTrend {
    double slope = 0.0;  // score per doubling of the limit
    double lower = 0.0;
    double upper = 0.0;
};

// One pairing followed up one ladder: X's score in "X-Y" (X White), "Y-X" (X Black) or the
// pooled "X = Y".
struct StrengthLine {
    std::string x;
    std::string y;
    std::string view;                                // "X-Y", "Y-X" or "X = Y"
    std::vector<std::optional<ScoreSummary>> rungs;  // per rung of the ladder, X's view
    std::optional<double> reference;                 // the seed's value (Fairy-Max, 2016)
    std::optional<StrengthTrend> trend;              // when two or more rungs have games
    std::string verdict;
};

// Neighbouring rungs against each other (Sweep::rung_gap_games), the stronger rung's view.
struct RungGap {
    std::int64_t from = 0;  // the weaker rung's limit
    std::int64_t to = 0;
    std::optional<ScoreSummary> stronger;
};

struct StrengthLadder {
    std::string variant;
    std::string rules;
    std::string player;                          // the ladder's name in the sweep file
    std::string limit;                           // "nodes", "depth" or "movetime_ms"
    std::vector<std::int64_t> values;            // the rungs found, weakest first
    std::vector<std::string> rung_players;       // "balance:nodes=4000", ... (same order)
    std::vector<StrengthLine> lines;             // per pairing: X-Y, Y-X, then X = Y
    std::vector<std::optional<ArmyFit>> armies;  // per rung: army strengths, White advantage
    std::vector<std::optional<ScoreSummary>> white_mirror;  // per rung: White in X-X cells
    std::vector<RungGap> gaps;
};

// Two ladders' verdicts on one line (same variant, rules and pairing view).
struct PlayersAgree {
    std::string variant;
    std::string rules;
    std::string a;  // ladder names
    std::string b;
    std::string x;
    std::string y;
    std::string view;
    std::string verdict_a;
    std::string verdict_b;
    std::optional<ScoreSummary> top_a;  // the strongest rung with games
    std::optional<ScoreSummary> top_b;
    bool agree = false;  // same verdict and overlapping intervals at the top rungs
};

// Two different players that met (not two rungs of one ladder): each one's score per army it
// played, over both colours and every opposing army.
struct ArmyByPlayer {
    std::string variant;
    std::string rules;
    std::string player;
    std::string opponent;
    std::string army;
    std::optional<ScoreSummary> score;  // the player's view
};

struct StrengthReport {
    std::vector<StrengthLadder> ladders;
    std::vector<PlayersAgree> agreements;
    std::vector<ArmyByPlayer> mixed;
    [[nodiscard]] bool empty() const {
        return ladders.empty() && agreements.empty() && mixed.empty();
    }
};

// The ladders of each variant and rules come strongest first (by their strongest rung:
// balance/analysis/player_strength.hpp), so the strongest player's lines lead the section and its
// chart, and "Players agree?" names it as player A. A plain player (one budget, no ladder) that
// played the same variant and rules against itself beside another player's self-play is a
// ladder of one rung, so that its verdicts are compared with the others'.
[[nodiscard]] StrengthReport build_strength(std::span<const CellTally> cells,
                                            std::span<const PairSummary> pairs,
                                            std::span<const ArmyFit> armies,
                                            std::span<const HeadToHead> head_to_head,
                                            const std::map<std::string, PlayerStrength>& strengths,
                                            std::span<const PlayerScale> scales,
                                            VariantCatalog& catalog, double confidence);

// The trend and verdict of scores at log2 positions `x` (exposed for tests).
[[nodiscard]] std::optional<StrengthTrend> score_trend(
    const std::vector<double>& log2_limits, const std::vector<std::optional<ScoreSummary>>& rungs,
    double confidence);
// "balanced at every rung", "tilts towards X as strength grows", "not enough games", ...
[[nodiscard]] std::string strength_verdict(const StrengthLine& line, const std::string& x_name,
                                           const std::string& y_name);

}  // namespace balance::analysis
