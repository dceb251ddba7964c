#pragma once
// "Is this pairing balanced within +-margin score?" as two one-sided GSPRTs on the same games:
// one asks whether the side scores 1/2 + margin rather than 1/2, the other asks the same of the
// opponent (the flipped counts). The pairing is called balanced when both accept their H0
// (score 1/2), unbalanced towards a side when that side's test accepts H1. The indifference
// zone is therefore 1/2 < s < 1/2 + margin on each side; each test keeps its own alpha and beta,
// so the chance of wrongly calling a balanced pairing unbalanced is at most 2 alpha.

#include <optional>

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

/// The further games an undecided verdict is expected to need, if the games to come score like
/// those so far (the expected sample number from the current estimate). At a fixed estimate a
/// GSPRT's LLR grows in proportion to the games, so a test whose LLR is L after n games reaches
/// its bound B on the side L points to after n x (B / L - 1) more (Wald's approximation, without
/// the overshoot). The verdict waits for the test of an army that scores above the midpoint of
/// its hypotheses (LLR > 0: it is heading for "favours"), else for both tests to reach H0
/// ("balanced"): the later of the two. None when the verdict is reached, or when a test it waits
/// for does not move (LLR 0).
[[nodiscard]] std::optional<double> expected_more_games(const BalanceSprtResult& result,
                                                        std::int64_t games);

/// Runs both one-sided tests on trinomial counts (from the side's view).
[[nodiscard]] Expected<BalanceSprtResult> balance_sprt(const Wdl& wdl,
                                                       const BalanceSprtParameters& parameters);

/// Runs both one-sided tests on game-pair counts (from the side's view).
[[nodiscard]] Expected<BalanceSprtResult> balance_sprt(const Pentanomial& pentanomial,
                                                       const BalanceSprtParameters& parameters);

}  // namespace balance::stats
