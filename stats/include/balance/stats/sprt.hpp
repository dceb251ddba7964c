#pragma once
// The generalized sequential probability ratio test (GSPRT) exactly as fishtest computes it
// (server/fishtest/stats/LLRcalc.py; same numbers as fastchess). H0: Elo = elo0 against
// H1: Elo = elo1. The results are an empirical distribution over the possible scores (3 for
// W/D/L, 5 for game pairs); under each hypothesis the distribution is replaced by its maximum
// likelihood estimate subject to the hypothesis (Van den Bergh, "Comments on normalized Elo",
// prop. 1.1 and sec. 4.1), and LLR = N * sum_i p_i log(p1_i / p0_i). Zero counts are replaced
// by 1e-3 before anything else, as fishtest does.

#include "balance/stats/counts.hpp"
#include "balance/stats/expected.hpp"

namespace balance::stats {

/// Which Elo scale elo0 and elo1 are given in.
enum class EloModel {
    Logistic,    ///< score s = 1 / (1 + 10^(-E/400)); the hypothesis fixes the expected score
    Normalized,  ///< t = (s - 1/2) / sigma = nElo / (800/ln 10); the hypothesis fixes t
};

/// Test parameters: error rates and the two hypotheses, in the model's Elo.
struct SprtParameters {
    double alpha = 0.05;  ///< probability of accepting H1 when H0 holds
    double beta = 0.05;   ///< probability of accepting H0 when H1 holds
    double elo0 = 0.0;
    double elo1 = 0.0;
    EloModel model = EloModel::Logistic;
};

/// Wald's stopping bounds on the LLR.
struct SprtBounds {
    double lower = 0.0;  ///< log(beta / (1 - alpha))
    double upper = 0.0;  ///< log((1 - beta) / alpha)
};

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };

struct SprtResult {
    double llr = 0.0;
    SprtBounds bounds;
    SprtDecision decision = SprtDecision::Continue;
};

/// Elo hypotheses for the GSPRT.
struct EloBounds {
    double elo0 = 0.0;
    double elo1 = 0.0;
};

/// Bounds lower = log(beta/(1-alpha)), upper = log((1-beta)/alpha). Errors: alpha or beta
/// outside (0, 1) or alpha + beta >= 1.
[[nodiscard]] Expected<SprtBounds> sprt_bounds(double alpha, double beta);

/// GSPRT log-likelihood ratio of trinomial results (fishtest LLR_logistic / LLR_normalized with
/// results [L, D, W]); 0 when there are no games. Errors: invalid parameters, elo0 >= elo1.
[[nodiscard]] Expected<double> sprt_llr(const Wdl& wdl, const SprtParameters& parameters);

/// GSPRT log-likelihood ratio of game-pair results (scores 0, 1/4, 1/2, 3/4, 1 per game; for
/// normalized Elo the pair t is sqrt(2) times the per-game t, as in fishtest).
[[nodiscard]] Expected<double> sprt_llr(const Pentanomial& pentanomial,
                                        const SprtParameters& parameters);

/// AcceptH1 if llr >= upper, AcceptH0 if llr <= lower, else Continue.
[[nodiscard]] SprtDecision sprt_decide(double llr, const SprtBounds& bounds);

/// LLR, bounds and decision in one call.
[[nodiscard]] Expected<SprtResult> sprt_test(const Wdl& wdl, const SprtParameters& parameters);
[[nodiscard]] Expected<SprtResult> sprt_test(const Pentanomial& pentanomial,
                                             const SprtParameters& parameters);

/// Hypotheses for "does this side score at least 1/2 + margin?": elo0 = 0 (balanced),
/// elo1 = the Elo of score 1/2 + margin. Logistic: elo1 = -400 log10(1/(1/2 + margin) - 1).
/// Normalized: elo1 = margin / sigma * 800/ln 10 with `per_game_sigma` the assumed per-game
/// score standard deviation (e.g. per_game_sigma(wdl) of a pilot run). Errors: margin outside
/// (0, 1/2), or sigma <= 0 for the normalized model.
[[nodiscard]] Expected<EloBounds> elo_bounds_for_score_margin(double margin, EloModel model,
                                                              double per_game_sigma = 0.0);

}  // namespace balance::stats
