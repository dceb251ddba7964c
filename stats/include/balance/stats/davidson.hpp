#pragma once
// Bradley-Terry strengths with Davidson (1970) draws and a first-move advantage, fitted jointly
// by maximum likelihood. For player i with White against player j with Black:
//
//   P(White wins) = g pi_i / T,  P(draw) = nu sqrt(g pi_i pi_j) / T,  P(Black wins) = pi_j / T,
//   T = g pi_i + pi_j + nu sqrt(g pi_i pi_j),  pi_k = exp(theta_k),  g = exp(eta).
//
// theta_k is the strength of player k (here: an army), eta the White advantage and nu >= 0 the
// draw propensity, all on the natural-log scale. Without draws, exp(theta_i + eta - theta_j) is
// the odds that White wins. Identification: strengths sum to zero (each is relative to the
// average player, so no player is singled out as the reference); nu is fitted as log nu so
// the log-likelihood is concave in (theta, eta, log nu) and Newton's method is safe. Standard
// errors come from the inverse observed information at the maximum. A player that only meets
// itself, or two groups that never meet, make the information singular and give an error.
//
// Elo here means 400 log10 of the win/loss odds ratio (the Bradley-Terry scale: elo =
// 400/ln 10 * theta difference). Because draws are modelled separately this is not the logistic
// Elo of the expected score; the *_score helpers give that view.

#include "balance/stats/eigen.hpp"

#include <cstdint>
#include <span>
#include <string_view>

#include "balance/stats/estimate.hpp"
#include "balance/stats/expected.hpp"

namespace balance::stats {

inline constexpr std::string_view kDavidsonMethod =
    "Bradley-Terry-Davidson model with White advantage, maximum likelihood (Davidson 1970), "
    "strengths sum to zero, SE from observed information";

/// Games of one (White player, Black player) pairing.
struct DavidsonCell {
    int white = 0;
    int black = 0;
    std::int64_t white_wins = 0;
    std::int64_t draws = 0;
    std::int64_t black_wins = 0;
};

struct DavidsonFit {
    Eigen::VectorXd strength;     ///< theta_k, natural-log scale, sum to zero
    Eigen::VectorXd strength_se;  ///< standard error of each theta_k
    Estimate white_advantage;     ///< eta, natural-log scale
    Estimate log_nu;              ///< log of the draw parameter
    Estimate nu;                  ///< draw parameter, SE by the delta method nu * se(log nu)
    /// Covariance of (theta_0 .. theta_{K-1}, eta, log nu); the theta block has rank K-1.
    Eigen::MatrixXd covariance;
    double log_likelihood = 0.0;  ///< multinomial log-likelihood without the constant
    int iterations = 0;
};

/// Outcome probabilities of one game.
struct DavidsonProbabilities {
    double white_win = 0.0;
    double draw = 0.0;
    double black_win = 0.0;
};

/// Fits the model to `cells` over `players` players (ids 0 .. players-1). Errors: bad ids or
/// counts, a player without games, no draws at all (nu not identifiable), separation (the
/// maximum is at infinity), or a singular information matrix.
[[nodiscard]] Expected<DavidsonFit> fit_davidson(std::span<const DavidsonCell> cells, int players);

/// Outcome probabilities for `white` against `black` at the fitted parameters.
[[nodiscard]] DavidsonProbabilities davidson_probabilities(const DavidsonFit& fit, int white,
                                                           int black);

/// theta_i - theta_j with SE sqrt(c' Cov c).
[[nodiscard]] Estimate strength_difference(const DavidsonFit& fit, int i, int j);

/// (theta_i - theta_j) in Elo: 400/ln 10 times the above (win/loss odds scale).
[[nodiscard]] Estimate strength_difference_elo(const DavidsonFit& fit, int i, int j);

/// theta_k in Elo against the average player: 400/ln 10 * theta_k, SE scaled alike.
[[nodiscard]] Estimate strength_elo(const DavidsonFit& fit, int k);

/// eta in Elo: 400/ln 10 * eta (win/loss odds scale).
[[nodiscard]] Estimate white_advantage_elo(const DavidsonFit& fit);

/// Expected score of `white` (P(win) + P(draw)/2) against `black`, SE by the delta method.
[[nodiscard]] Estimate expected_white_score(const DavidsonFit& fit, int white, int black);

/// Expected score of i against j averaged over colours, (s(i White) + 1 - s(j White)) / 2, with
/// delta-method SE.
[[nodiscard]] Estimate colour_averaged_score(const DavidsonFit& fit, int i, int j);

/// White's expected score between equal players: (g + nu sqrt(g)/2) / (g + 1 + nu sqrt(g)).
[[nodiscard]] Estimate white_advantage_score(const DavidsonFit& fit);

}  // namespace balance::stats
