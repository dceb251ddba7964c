#pragma once
// Piece values from material-odds games (H. G. Muller's method). Model: the Elo advantage that
// extra material gives is, to first order, proportional to its value, Elo(odds of X) = k *
// value(X), with the same k for every piece. Calibrating k with pawn-odds games gives the value
// of X in pawns:  value(X) = Elo(X-odds) / Elo(pawn-odds).
// Elo is the logistic Elo of the score of the side that HAS the extra material (the side
// receiving the odds), so both Elos are normally positive. The proportionality only holds while
// scores stay away from 0 and 1; Muller plays compensated odds (X against a set of lesser pieces)
// to keep the score near 1/2, and a score of 0% or 100% gives an error here.
//
// Interval: each Elo gets a delta-method standard error from its trinomial score variance,
// se(E) = dE/ds * sqrt((s(1-s) - d/4) / n), and the ratio a/b of the two independent estimates
// gets Fieller's interval {R : (a - R b)^2 <= z^2 (Va + R^2 Vb)}. Fieller is used rather than a
// plain delta method because the pawn-odds Elo in the denominator is small and uncertain, which
// makes the ratio's distribution skewed; when b is not significantly non-zero (b^2 <= z^2 Vb)
// the Fieller set is unbounded and the interval is reported as (-inf, +inf). The delta-method
// SE of the ratio is reported too.
//
// Compensated odds (Muller): a piece so strong that its plain odds score near 100% (a Queen, and
// in Asymmetric Chess often a Rook) is measured against a set S of lesser pieces instead: one
// side starts without X, the other without S. Under the same model the game's Elo (from the side
// that has X) is c = k (value(X) - sum value(s)), and with each value(s) = a_s / k from plain-odds
// games, value(X) = (c + sum n_s a_s) / b. The numerator is a sum of independent Elo estimates,
// so its variance is Vc + sum n_s^2 Va_s; when S contains the calibration pawn itself the
// numerator shares b's error (covariance n_pawn Vb), and Fieller's interval takes the covariance
// into account.

#include <span>
#include <string_view>

#include "balance/stats/counts.hpp"
#include "balance/stats/estimate.hpp"
#include "balance/stats/expected.hpp"

namespace balance::stats {

inline constexpr std::string_view kOddsValueMethod =
    "material-odds piece value Elo(X odds)/Elo(pawn odds) (Muller), Fieller interval from "
    "delta-method Elo standard errors";

struct PieceValue {
    double value = 0.0;  ///< Elo(X odds) / Elo(pawn odds), in pawns
    double lower = 0.0;  ///< Fieller limits; -inf / +inf when unbounded
    double upper = 0.0;
    bool bounded = true;    ///< false when the pawn-odds Elo is not significantly non-zero
    double delta_se = 0.0;  ///< delta-method SE: |R| sqrt(Va/a^2 + Vb/b^2)
    Estimate piece_elo;     ///< Elo of the X-odds score with delta-method SE
    Estimate pawn_elo;      ///< Elo of the pawn-odds score with delta-method SE
    double confidence = 0.0;
};

/// Logistic Elo of a W/D/L score with delta-method SE dE/ds * sqrt(V/n). Errors: no games, or a
/// score of 0 or 1 (Elo unbounded).
[[nodiscard]] Expected<Estimate> elo_estimate(const Wdl& wdl);

/// Value of piece X in pawns from X-odds and pawn-odds games, both counted from the view of the
/// side that has the extra material. Errors: as elo_estimate, bad confidence, or a pawn-odds
/// Elo of exactly 0.
[[nodiscard]] Expected<PieceValue> piece_value_from_odds(const Wdl& piece_odds,
                                                         const Wdl& pawn_odds, double confidence);

/// One piece of the compensation set S: its plain-odds W/D/L (from the side that has it) and
/// how many of it S holds. A part whose `is_calibration` is set is the calibration pawn itself:
/// its Elo is the denominator's, so `wdl` is ignored and the covariance is counted.
struct CompensationPart {
    Wdl wdl;
    int count = 1;
    bool is_calibration = false;
};

/// Value of X from compensated-odds games (X against S, W/D/L from the side that has X), S's
/// plain-odds results and the pawn-odds calibration: (c + sum n_s a_s) / b with Fieller's
/// interval. Errors: as piece_value_from_odds, for the compensated score or any part.
[[nodiscard]] Expected<PieceValue> piece_value_from_compensated_odds(
    const Wdl& compensated, std::span<const CompensationPart> parts, const Wdl& pawn_odds,
    double confidence);

/// Fieller interval for a / b at critical value z, with covariance cov between the two
/// estimates (0 when independent): the roots of
/// (b^2 - z^2 vb) R^2 - 2 (ab - z^2 cov) R + (a^2 - z^2 va) = 0. Sets bounded = false and
/// infinite limits when b^2 <= z^2 vb.
[[nodiscard]] PieceValue fieller_ratio(const Estimate& a, const Estimate& b, double z,
                                       double cov = 0.0);

}  // namespace balance::stats
