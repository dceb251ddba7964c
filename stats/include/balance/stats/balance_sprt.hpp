#pragma once
// "Is this pairing balanced within +-margin score?" as two one-sided GSPRTs on the same games:
// one asks whether the side scores 1/2 + margin rather than 1/2, the other asks the same of the
// opponent (the flipped counts). The pairing is called balanced when both accept their H0
// (score 1/2), unbalanced towards a side when that side's test accepts H1. The indifference
// zone is therefore 1/2 < s < 1/2 + margin on each side; each test keeps its own alpha and beta,
// so the chance of wrongly calling a balanced pairing unbalanced is at most 2 alpha.

#include "balance/stats/counts.hpp"
#include "balance/stats/expected.hpp"
#include "balance/stats/sprt.hpp"

namespace balance::stats {

enum class BalanceVerdict {
    Continue,         ///< neither conclusion reached yet
    Balanced,         ///< both sides' tests accepted score = 1/2
    FavoursSide,      ///< the side's test accepted score = 1/2 + margin
    FavoursOpponent,  ///< the opponent's test accepted score = 1/2 + margin
};

struct BalanceSprtParameters {
    double margin = 0.05;  ///< score margin, e.g. 0.05 for "within 45%-55%"
    double alpha = 0.05;
    double beta = 0.05;
    EloModel model = EloModel::Logistic;
    /// Normalized model only: assumed per-game score sigma; <= 0 means "use the observed one".
    double per_game_sigma = 0.0;
};

struct BalanceSprtResult {
    SprtResult side;      ///< test of the side (counts as given)
    SprtResult opponent;  ///< test of the opponent (flipped counts)
    EloBounds hypotheses;
    BalanceVerdict verdict = BalanceVerdict::Continue;
};

/// Runs both one-sided tests on trinomial counts (from the side's view).
[[nodiscard]] Expected<BalanceSprtResult> balance_sprt(const Wdl& wdl,
                                                       const BalanceSprtParameters& parameters);

/// Runs both one-sided tests on game-pair counts (from the side's view).
[[nodiscard]] Expected<BalanceSprtResult> balance_sprt(const Pentanomial& pentanomial,
                                                       const BalanceSprtParameters& parameters);

}  // namespace balance::stats
